"""garou serve, the live game: the game master's view and the table view through Flask's
test client, over the same journal as ``garou game`` (the browser test is in
tests/web/test_pages_in_browser.py)."""

from __future__ import annotations

import html
import html as html_module
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import yaml

from garou.game import session
from garou.game.journal import open_journal
from garou.rules import load_rules
from garou.web import WebConfig, create_app
from garou.web.routes.game import PUBLIC_STORY, public_view
from garou.web.security import Keys
from tests.conftest import REPO
from tests.helpers import (
    AGREED_NAMES,
    CARDS12,
    CASES,
    DEAL,
    DEAL6,
    DEAL12,
    LG_RECORDS,
    LONE,
    LONE_DEAL,
    NAMES,
    NIGHT1,
    NIGHT_WORDS,
    ORIGIN,
    ROLES,
    SELF,
    SIX,
    TABLE6,
    TO_SELF,
    TWELVE,
    TWO,
    TYPOS,
    VOTE_WORDS,
    WITHOUT,
    GameMaster,
    TableScreen,
    _game,
    _lg_day,
    _load,
    _names,
    lg_setup,
    lg_start_of,
    load,
    new_game,
    play,
)
from tests.helpers import _signed_agreement as _agreement


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("record", LG_RECORDS, ids=lambda p: p.stem)
def test_the_web_reads_each_phase_as_what_happened(tmp_path, book, record, lang):
    from garou.web.app import WebConfig, create_app
    from tests.helpers import GameMaster, play

    db = tmp_path / "web.sqlite"
    data = _load(record)
    with open_journal(db) as journal:
        game_id = session.new_game(journal, book, lg_start_of(data))
    client = create_app(WebConfig(db=db)).test_client()
    gm = GameMaster(client, game_id, lang)
    seen: list[str] = []

    def check() -> None:
        html = gm.page()
        found = re.search(r"data-announcement>.*?</span>(.*?)</div>", html, re.S)
        if found:
            seen.append(" ".join(found.group(1).replace("\u00a0", " ").split()))

    play(gm, data["events"], after_each=check)
    votes = [s for s in seen if VOTE_WORDS[lang] in s]
    assert votes or not any(e["kind"] == "vote" for e in data["events"])
    for text in votes:
        assert not any(w in text for w in NIGHT_WORDS[lang]), text


def test_the_web_ballots_waiting_for_the_captain_survive_a_reload(tmp_path, book):
    from garou.game.start import start_data
    from garou.web.app import WebConfig, create_app
    from tests.helpers import GameMaster

    db = tmp_path / "web.sqlite"
    deal = dict(pair.split("=") for pair in DEAL6.split(","))
    with open_journal(db) as journal:
        game_id = session.new_game(
            journal, book, start_data(book, lg_setup(tmp_path, TABLE6, NAMES[:5]), deal=deal)
        )
        for kind, data in [("look", {"target": "Alice"}), ("kill", {"victim": "Chloé"}),
                           ("dawn", {}), ("election", {"captain": "Bruno"})]:  # fmt: skip
            session.record(journal, book, game_id, kind, data, "en")
    client = create_app(WebConfig(db=db)).test_client()
    gm = GameMaster(client, game_id, "en")
    ballots = {"Alice": "Driss", "Bruno": "Emma", "Driss": "Emma", "Emma": "Driss"}
    asked = gm.send("vote", {"how": "ballots", **{f"vote.{k}": v for k, v in ballots.items()}})
    assert asked.status_code == 200 and "data-pending" in asked.text
    reloaded = gm.page()  # the phone reloads, or another phone opens the page
    assert "data-pending" in reloaded and 'data-choice="Emma"' in reloaded
    base = re.search(r'name="base" value="([^"]+)"', reloaded)
    assert base
    form = {**gm.fields(reloaded), "kind": "vote", "captain_pick": "Emma",
            "base": base.group(1).replace("&#34;", '"').replace("&quot;", '"')}  # fmt: skip
    assert gm.post("record", form).status_code == 303
    with open_journal(db) as journal:
        last = journal.events(game_id)[-1]
    assert last.kind == "vote" and last.data["captain_pick"] == "Emma"
    assert last.data["votes"] == ballots
    assert "data-pending" not in gm.page()


NAME_PAGES = ["/house?game=loup-garou", "/house?game=mafia", "/game"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("path", NAME_PAGES)
def test_each_web_names_field_says_one_name_a_line(tmp_path, lang, path, private_cache):
    from garou.web.app import WebConfig, create_app

    client = create_app(WebConfig(db=tmp_path / "g.sqlite")).test_client()
    html = client.get(f"{path}&lang={lang}" if "?" in path else f"{path}?lang={lang}").text
    fields = re.findall(r'<textarea name="(?:names|players)"', html)
    assert fields, html[:500]
    for found in re.finditer(r'<textarea name="(?:names|players)"', html):
        label = html[html.rfind("<label", 0, found.start()) : found.start()]
        label = " ".join(re.sub(r"<[^>]+>", " ", label).split()).lower()
        assert "virgule" not in label and "comma" not in label, label
        block = html[html.rfind("<label", 0, found.start()) : found.start() + 1500]
        block = " ".join(re.sub(r"<[^>]+>", " ", block).split()).lower()
        assert ("par ligne" in block) if lang == "fr" else ("a line" in block), block


EXTRA_WORDS = {"en": "extra time before the revote", "fr": "temps supplémentaire"}


SPEECH_WORDS = {"en": "'s speech", "fr": "la parole"}


def _to_first_extra_time(tmp_path: Path, order: int | None) -> tuple[Path, int, str]:
    """The tie-lift record cut just after the first tied player's extra time (at ``order``,
    None: as garou wrote it before the rules of order), its number and the player."""
    record = yaml.safe_load((GAMES / "mafia-tie-lift.yaml").read_text(encoding="utf-8"))
    events = record["events"]
    vote = next(i for i, e in enumerate(events) if e["kind"] == "vote")
    assert events[vote + 1]["kind"] == "speech"
    record["events"] = events[: vote + 2]
    if order is None:
        record["game"].pop("order", None)
    else:
        record["game"]["order"] = order
    path = tmp_path / "cut.yaml"
    path.write_text(yaml.safe_dump(record, allow_unicode=True, sort_keys=False), "utf-8")
    return path, vote + 3, events[vote + 1]["player"]  # + start, + 1: seq from 1


@pytest.mark.parametrize("order", [None, 2])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_extra_time_is_said_as_extra_time_wherever_an_event_is_said(
    garou, tmp_path, lang, order
):
    """The undo's message, the recap's corrections and undos, the web's correction list:
    each says the tied player's extra time, in both languages, at either rules of order."""
    path, seq, player = _to_first_extra_time(tmp_path, order)
    db = str(tmp_path / "games.sqlite")
    assert garou("game", "import", str(path), "--db", db).exit_code == 0
    undo = garou("game", "undo", "--db", db, "--lang", lang)  # undoes the extra time
    assert undo.exit_code == 0, undo.stderr
    said = " ".join(undo.stdout.split())
    assert EXTRA_WORDS[lang] in said and SPEECH_WORDS[lang] not in said
    recap = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    undone = [c for c in recap["corrections"] if f"#{seq}" in c or f" {seq}" in c]
    assert undone and all(EXTRA_WORDS[lang] in c for c in undone), recap["corrections"]
    # said again as the game now stands: recorded again, corrected, listed on the web
    again = garou("game", "add", "speech", f"player={player}", "seconds=60", "--db", db)
    assert again.exit_code == 0, again.stderr
    seq_again = seq + 2  # after the undo
    fixed = garou(
        "game", "correct", str(seq_again), "speech", f"player={player}", "seconds=41",
        "--why", "timer", "--db", db, "--lang", lang,
    )  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    recap = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    corrected = [c for c in recap["corrections"] if "41" in c]
    assert corrected and EXTRA_WORDS[lang] in corrected[0], recap["corrections"]
    assert SPEECH_WORDS[lang] not in corrected[0]
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=Path(db))).test_client()
    page = html.unescape(client.get(f"/game/1?lang={lang}").get_data(as_text=True))
    listed = re.search(rf"<option[^>]*>{seq_again} · ([^<]*)</option>", page)
    assert listed and EXTRA_WORDS[lang] in listed.group(1), page[:200]
    # an ordinary speech of the same evening is still said as a speech
    assert re.search(rf"<option[^>]*>\d+ · [^<]*{re.escape(SPEECH_WORDS[lang])}", page)


def test_the_terminal_and_the_web_call_the_role_passed_over_first(garou, tmp_path):
    """After the seer was recorded before Cupid (``game add``), both faces call Cupid
    next, the warning shown; the couple is recorded late, then the wolves come."""
    db = str(tmp_path / "games.sqlite")
    setup = tmp_path / "table12.yaml"
    setup.write_text(
        yaml.safe_dump({"game": "loup-garou", "players": 12, "roles": CARDS12, "names": TWELVE}),
        "utf-8",
    )
    deal = ",".join(f"{k}={v}" for k, v in DEAL12.items())
    assert garou("game", "new", "--setup", str(setup), "--deal", deal, "--db", db).exit_code == 0
    assert garou("game", "add", "look", "target=Eve", "--db", db).exit_code == 0
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=Path(db))).test_client()
    page = client.get("/game/1?lang=en").get_data(as_text=True)
    assert 'data-night-step="couple"' in page and "Cupid was not called tonight" in page
    run = garou("game", "play", "--db", db, "--lang", "en", input="Ivy, Jon\nq\n")
    out = " ".join(run.stdout.split())
    assert "Cupid was not called tonight" in out
    assert "Calling: Cupid" in out
    events = yaml.safe_load(garou("game", "export", "--db", db).stdout)["events"]
    assert events[-1]["kind"] == "couple" and events[-1]["lovers"] == ["Ivy", "Jon"]
    page = client.get("/game/1?lang=en").get_data(as_text=True)
    assert 'data-night-step="loups"' in page and "was not called tonight" not in page


def test_the_web_picker_takes_names_one_a_line_whole(book, tmp_path, private_cache):
    from garou.houserules import load_agreement
    from garou.web import create_app
    from tests.helpers import ORIGIN, picked_form, token_of

    client = create_app().test_client()
    game = book.game("loup-garou")
    cards = {"n.loup-garou": "2", "n.voyante": "1", "n.villageois": "5"}
    # One name a line, taken whole (web.names-rule): commas and '=' belong to the name; a
    # line that is one quoted name is read without its quotes.
    names = '"Jean, fils"\nx=y\nDé, Li\nÉloïse Martin\nAna\n"Bob ""B"""\nCid\nDan'
    form = picked_form(game, token_of(client), players="8", names=names, **cards)
    response = client.post("/house/agreement", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 200, response.text
    (tmp_path / "a.yaml").write_bytes(response.data)
    setup = load_agreement(tmp_path / "a.yaml", book).setup
    expected = ("Jean, fils", "x=y", "Dé, Li", "Éloïse Martin", "Ana", 'Bob "B"', "Cid", "Dan")
    assert setup.names == expected


def _web_form(recorded: dict[str, Any], one_potion: bool) -> dict[str, str]:
    """The game master's taps for ``recorded`` on the page's form."""
    form = {k: v for k, v in recorded.items() if k in ("victim", "poison")}
    if "decided" in recorded:
        form["disagreed"] = recorded["decided"]
    if recorded["kind"] == "potions" and one_potion:
        form = {"one_potion": "life" if recorded.get("save") else "none"}
    elif "save" in recorded:
        form["save"] = "yes" if recorded["save"] else "no"
    return form


@pytest.mark.parametrize(
    ("case", "option", "wolves", "events", "answers", "asked", "never", "recorded"), CASES
)
def test_the_web_form_offers_only_what_the_agreement_allows(
    tmp_path, book, case, option, wolves, events, answers, asked, never, recorded
):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app
    from tests.helpers import GameMaster

    db = tmp_path / "g.sqlite"
    roles, deal = (ROLES, DEAL) if wolves == "two" else (LONE, LONE_DEAL)
    game_id = _game(db, book, {case: option}, events, roles, deal)
    gm = GameMaster(create_app(WebConfig(db=db)).test_client(), game_id)
    page = gm.page()
    saving = "save" in recorded
    one = 'data-potion="one"' in page
    if recorded["kind"] == "kill":
        assert ("data-disagree" in page) == (wolves != "lone")
        if wolves != "lone":
            assert f'data-disagree="{recorded["decided"]}"' in page
    else:
        # a save and a poison are one choice at a one-potion table; no save the table forbids
        assert one == (option == "one-per-night" or (case != TWO and saving))
        assert ('name="save"' in page or 'value="life"' in page) == saving
        assert 'name="poison"' not in page if one else 'name="poison"' in page
        assert ('data-cue="no-self-save"' in page) == (case == SELF and not saving)
    response = gm.send(recorded["kind"], _web_form(recorded, one))
    assert response.status_code == 303, response.text
    assert _last_event(db) == recorded


def _last_event(db: Path) -> dict[str, Any]:
    with open_journal(db) as journal:
        event = journal.events(1)[-1]
        return {"kind": event.kind, **event.data}


def test_a_refused_web_form_comes_back_with_its_answers(tmp_path, book):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app
    from tests.helpers import GameMaster

    db = tmp_path / "g.sqlite"
    game_id = _game(db, book, {SELF: "never", TWO: "both-allowed"}, TO_SELF, ROLES, WITHOUT("Cid"))
    gm = GameMaster(create_app(WebConfig(db=db)).test_client(), game_id)
    response = gm.send("potions", {"by": ["Cid"], "save": "yes", "poison": "Dee"})
    assert response.status_code == 400  # the witch named is the victim: no self-save here
    page = response.get_data(as_text=True)
    assert '<input type="checkbox" name="by" value="Cid" checked>' in page
    assert 'name="poison" value="Dee" checked' in page
    assert 'name="save" value="yes" checked' in page


@pytest.mark.parametrize(
    ("lang", "said"), [("fr", "une partie de Loup-Garou"), ("en", "a Werewolf")]
)
def test_a_game_is_named_by_its_name_not_its_id(garou, tmp_path, book, lang, said):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, [], ROLES, DEAL)
    for args in (["protocol", "1"], ["points", "1"], ["fouls", "Ana", "--id", "1"]):
        run = garou("game", *args, "--db", str(db), "--lang", lang)
        assert run.exit_code != 0 and said in run.stderr.replace("\u00a0", " "), (args, run.stderr)
        assert "loup-garou" not in run.stderr
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=db)).test_client()
    listed = client.get(f"/game?lang={lang}").get_data(as_text=True)
    assert "· Werewolf</span>" in listed if lang == "en" else "· Loup-Garou</span>" in listed
    assert "· loup-garou</span>" not in listed


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_web_refusal_says_its_rule_and_nothing_recorded_once(tmp_path, book, lang):
    import html
    import re

    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app
    from tests.helpers import GameMaster

    db = tmp_path / "g.sqlite"
    game_id = _game(db, book, {}, [*NIGHT1, ("kill", {"victim": "Fay"})])
    gm = GameMaster(create_app(WebConfig(db=db)).test_client(), game_id, lang)
    response = gm.send("kill", {"victim": "Dee"})  # a stale form: the wolves were recorded
    assert response.status_code == 400
    box = re.search(r"data-refused>(.*?)</div>", response.get_data(as_text=True), re.S)
    assert box
    text = html.unescape(box.group(1)).lower()
    assert (
        len(re.findall(r"nothing (?:is|was) recorded|rien n.(?:est|a été) enregistré", text)) == 1
    )
    assert text.count("lg-night") == 2  # the link's address and its words, nothing else


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("typed,near", TYPOS)
def test_a_mistyped_game_in_a_web_form_offers_the_closest(typed, near):
    from garou.web import create_app

    client = create_app().test_client()
    for path in ("/search?q=vote", "/setup?players=8&action=suggest", "/house"):
        response = client.get(f"{path}&game={typed}&lang=en".replace("/house&", "/house?"))
        assert response.status_code == 400, path
        text = response.get_data(as_text=True)
        _names(html.unescape(text), typed, near, "en")


def test_the_phone_says_what_changed_in_the_show_of_hands(garou, tmp_path):
    from garou.game.journal import open_journal
    from garou.game.script import BALLOT_DRAFT
    from garou.web import WebConfig, create_app

    db = _lg_day(garou, tmp_path)
    journal = open_journal(db)
    game_id = journal.games()[-1].id
    kill = next(e.seq for e in journal.events(game_id) if e.kind == "kill")
    draft = {"day": 1, "round": "first", "votes": {"Ana": "Dee", "Bob": "Eve"},
             "asked": ["Ana", "Bob"], "voters": ["Ana", "Bob", "Dee", "Eve", "Fay"]}  # fmt: skip
    journal.save_draft(game_id, BALLOT_DRAFT, draft)
    garou("game", "correct", str(kill), "kill", "victim=Dee", "--why", "misheard", "--db", db)
    client = create_app(WebConfig(db=tmp_path / "lg.sqlite")).test_client()
    page = client.get(f"/game/{game_id}?lang=en").text
    assert "data-draft-told" in page
    assert "Ana&#39;s ballot against Dee is dropped" in page or "Ana's ballot against Dee" in page
    assert 'value="Eve" selected' in page  # Bob's ballot still holds


@pytest.fixture
def web(tmp_path: Path):
    from garou.web import WebConfig, create_app

    app = create_app(WebConfig(db=tmp_path / "web.sqlite", lang="fr"))
    app.config["TESTING"] = True
    return app.test_client(), tmp_path / "web.sqlite"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    ("names", "deal", "refused"),
    [
        ("Ana\nBob\nCid\nDee\nEve\nFay", "Ana: loup-garou\nAna: voyante", True),
        ("Ana\nBob\nCid\nDee\nEve\nFay", "Ana: loup-garou\nana: voyante", True),
        ("Ana\nBob\nCid\nDee\nEve\nana", "", True),
        ("Ana\nBob\nCid\nDee\nÉve\nFay", "ana: loup-garou\neve: voyante", False),
    ],
)
def test_the_web_deal_reads_names_as_events_do_and_refuses_two_cards(web, lang, names, deal,
                                                                     refused):  # fmt: skip
    import re

    client, db = web
    page = client.get(f"/game?lang={lang}").text
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token
    form = {"csrf": token.group(1), "names": names, "deal": deal, "n.loup-garou": "2",
            "n.voyante": "1", "n.villageois": "3"}  # fmt: skip
    response = client.post(f"/game/new?lang={lang}", data=form,
                           headers={"Origin": "http://localhost"})  # fmt: skip
    if not refused:
        assert response.status_code == 303, response.text
        with open_journal(db) as journal:
            start = journal.events(1)[0].data
        assert start["deal"] == {"Ana": "loup-garou", "Éve": "voyante"}
        return
    assert response.status_code == 400
    assert "setup.yaml" not in response.text
    if db.exists():
        with open_journal(db) as journal:
            assert journal.games() == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_web_form_takes_the_agreement_s_setup_and_refuses_another(garou, web, tmp_path, lang):
    import re

    client, db = web
    agreement = _agreement(garou, tmp_path).read_text(encoding="utf-8")
    page = client.get(f"/game?lang={lang}").text
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token
    post = {"csrf": token.group(1), "agreement": agreement}
    headers = {"Origin": "http://localhost"}
    other = {**post, "names": "\n".join(SIX), "n.loup-garou": "2", "n.voyante": "1",
             "n.villageois": "3"}  # fmt: skip
    response = client.post(f"/game/new?lang={lang}", data=other, headers=headers)
    assert response.status_code == 400
    assert "--force" not in response.text and "Ana" in response.text
    response = client.post(f"/game/new?lang={lang}", data=post, headers=headers)
    assert response.status_code == 303, response.text
    with open_journal(db) as journal:
        assert journal.events(1)[0].data["players"] == AGREED_NAMES


flask = pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")


GAMES = REPO / "tests" / "data" / "games"


RECORDS = sorted(p for p in GAMES.glob("*.yaml") if not p.name.startswith("mafia-"))
"""The Loup-Garou records (the Mafia ones, ``mafia-*.yaml``, are tests/web/test_mafia.py’s)."""


@pytest.fixture(scope="module")
def book():
    return load_rules()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture
def app(db: Path):
    return create_app(WebConfig(db=db))


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_a_whole_recorded_game_played_on_the_page_ends_as_in_the_terminal(client, db, book, record):
    data = load(record)
    game_id = new_game(db, book, data)
    gm = GameMaster(client, game_id)
    play(gm, data["events"])
    html = gm.page()
    # The terminal's journal holds the same game: the same state as the record imported.
    with open_journal(db) as journal:
        from garou.game.record import import_record

        twin = import_record(journal, book, record, force=True)
        web = session.status(journal, book, game_id, "en")
        imported = session.status(journal, book, twin, "en")
    for key in ("phase", "winner", "players", "captain", "lovers", "potions"):
        assert web[key] == imported[key], key
    if web["phase"] == "over":
        assert 'data-step="over"' in html and "data-recap" in html
    elif web["phase"] == "night":
        assert f'data-night-step="{web["next"]}"' in html or web["next"] == "dawn"
    else:
        assert f'data-step="{web["next"]}"' in html


@pytest.mark.usefixtures("private_cache")
def test_an_action_in_the_terminal_shows_on_the_page_and_back(client, db, book):
    data = load(GAMES / "captain-cascade.yaml")
    game_id = new_game(db, book, data)
    gm = GameMaster(client, game_id)
    assert gm.step()[0] == "couple"
    with open_journal(db) as journal:  # the terminal records the couple
        session.record(journal, book, game_id, "couple", {"lovers": ["Farid", "Gaëlle"]})
    assert gm.step()[0] == "look"
    assert gm.send("look", {"target": "Alice"}).status_code == 303
    with open_journal(db) as journal:  # the terminal sees the web's look
        status = session.status(journal, book, game_id, "en")
    assert status["looks"] == [{"night": 1, "target": "Alice", "shown": "loup-garou"}]
    assert "(game master only) Show: Alice is Werewolf." in gm.page()


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize(
    "setup, kind, values, rule",
    [
        ([], "kill", {"victim": "Alice"}, "lg-night-wolves"),  # a wolf as the wolves' victim
        ([("couple", {"lovers": ["Farid", "Gaëlle"]})], "couple",
         {"lovers": ["Alice", "Hugo"]}, "lg-night"),  # a second couple
        ([], "vote", {"vote.Alice": "Bruno"}, None),  # a vote at night
        ([("couple", {"lovers": ["Farid", "Gaëlle"]}), ("look", {"target": "Alice"}),
          ("kill", {"victim": "Hugo"}), ("potions", {"save": True}), ("dawn", {}),
          ("election", {"captain": "Farid"}), ("vote", {"votes": {"Alice": "Hugo"}}),
          ("look", {"target": "Bruno"}), ("kill", {"victim": "Chloé"})],
         "potions", {"save": "yes"}, "lg-mistake-forgotten-potion"),  # a spent potion
    ],
)  # fmt: skip
def test_an_illegal_action_is_refused_with_its_rule_and_records_nothing(
    client, db, book, setup, kind, values, rule
):
    game_id = new_game(db, book, load(GAMES / "captain-cascade.yaml"))
    with open_journal(db) as journal:
        for event_kind, data in setup:
            session.record(journal, book, game_id, event_kind, data)
        before = len(journal.events(game_id))
    gm = GameMaster(client, game_id)
    response = gm.send(kind, values)
    assert response.status_code == 400
    assert "data-refused" in response.text
    assert "Nothing is recorded." in response.text
    if rule:
        assert f'href="/rule/{rule}"' in response.text
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == before


TO_THE_SECOND_WITCH = [
    ("couple", {"lovers": ["Farid", "Gaëlle"]}), ("look", {"target": "Alice"}),
    ("kill", {"victim": "Hugo"}), ("potions", {"save": True}), ("dawn", {}),
    ("election", {"captain": "Farid"}), ("vote", {"votes": {"Alice": "Hugo"}}),
    ("look", {"target": "Bruno"}), ("kill", {"victim": "Chloé"}),
]  # fmt: skip
"""captain-cascade.yaml's events to the witch's second night, her life potion spent."""


@pytest.mark.usefixtures("private_cache")
def test_a_spent_potion_is_shown_spent_and_not_offered(client, db, book):
    game_id = new_game(db, book, load(GAMES / "captain-cascade.yaml"))
    with open_journal(db) as journal:
        for kind, data in TO_THE_SECOND_WITCH:
            session.record(journal, book, game_id, kind, data)
    html = GameMaster(client, game_id).page()
    assert 'data-step="potions"' in html
    life = re.search(r'data-potion="life">(.*?)</fieldset>', html, re.S)
    assert life and "data-spent" in life.group(1) and 'name="save"' not in life.group(1)
    assert 'name="poison"' in html


@pytest.mark.usefixtures("private_cache")
def test_a_repeated_submission_of_one_form_is_recorded_once(client, db, book):
    game_id = new_game(db, book, load(GAMES / "captain-cascade.yaml"))
    gm = GameMaster(client, game_id)
    fields = gm.fields()
    first = gm.send("couple", {"lovers": ["Farid", "Gaëlle"]}, fields)
    again = gm.send("couple", {"lovers": ["Farid", "Gaëlle"]}, fields)
    assert first.status_code == 303 and again.status_code == 303
    assert again.headers["Location"].endswith("?repeat=1")
    with open_journal(db) as journal:
        kinds = [e.kind for e in journal.events(game_id)]
    assert kinds == ["start", "couple"]
    # The same for an undo sent twice: one marker.
    fields = gm.fields()
    assert gm.post("undo", fields).status_code == 303
    assert gm.post("undo", fields).status_code == 303
    with open_journal(db) as journal:
        assert [e.kind for e in journal.events(game_id)] == ["start", "couple", "undo"]
    assert gm.step()[0] == "couple"


@pytest.mark.usefixtures("private_cache")
def test_two_phones_sending_the_same_step_at_once_record_it_once(app, db, book):
    game_id = new_game(db, book, load(GAMES / "captain-cascade.yaml"))
    phones = [GameMaster(app.test_client(), game_id) for _ in range(6)]
    forms = [phone.fields() for phone in phones]
    answers: list[int] = []
    barrier = threading.Barrier(len(phones))

    def tap(phone: GameMaster, fields: dict[str, str]) -> None:
        barrier.wait()
        answers.append(phone.send("couple", {"lovers": ["Farid", "Gaëlle"]}, fields).status_code)

    threads = [threading.Thread(target=tap, args=pair) for pair in zip(phones, forms, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with open_journal(db) as journal:
        kinds = [e.kind for e in journal.events(game_id)]
        status = session.status(journal, book, game_id, "en")
    assert kinds == ["start", "couple"]  # one couple: the others refused (the step is done)
    assert sorted(answers).count(303) == 1 and len(answers) == len(phones)
    assert status["lovers"] == ["Farid", "Gaëlle"]


@pytest.mark.usefixtures("private_cache")
def test_two_writers_on_one_game_never_interleave(app, db, book):
    """A phone and the terminal recording different games and steps at once: every
    event lands whole, numbered without a gap."""
    first = new_game(db, book, load(GAMES / "captain-cascade.yaml"))
    second = new_game(db, book, load(GAMES / "parity.yaml"))
    errors: list[BaseException] = []

    def web() -> None:
        try:
            gm = GameMaster(app.test_client(), first)
            play(gm, load(GAMES / "captain-cascade.yaml")["events"][:5])
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    def terminal() -> None:
        try:
            with open_journal(db) as journal:
                for event in load(GAMES / "parity.yaml")["events"][:6]:
                    data = {k: v for k, v in event.items() if k != "kind"}
                    session.record(journal, book, second, event["kind"], data)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=web), threading.Thread(target=terminal)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    with open_journal(db) as journal:
        for game_id in (first, second):
            seqs = [e.seq for e in journal.events(game_id)]
            assert seqs == list(range(1, len(seqs) + 1))
        assert session.status(journal, book, first, "en")["phase"] == "day"


@pytest.mark.usefixtures("private_cache")
def test_a_choice_a_player_owes_is_asked_then_recorded(client, db, book):
    """The hunter's shot: the page asks the hunter's choice, then records the dawn once."""
    data = load(GAMES / "hunter-lover.yaml")
    game_id = new_game(db, book, data)
    gm = GameMaster(client, game_id)
    dawn = next(i for i, e in enumerate(data["events"]) if e["kind"] == "dawn")
    play(gm, data["events"][:dawn])
    response = gm.send("dawn", {})
    assert response.status_code == 200 and "data-pending" in response.text
    chooser = re.search(r'name="(shoot\.[^"]+)" value="([^"]+)"', response.text)
    assert chooser, response.text
    with open_journal(db) as journal:
        before = len(journal.events(game_id))
    fields = gm.fields(response.text)
    base = re.search(r'name="base" value="([^"]*)"', response.text)
    assert base
    answer = gm.post(
        "record",
        {**fields, "kind": "dawn", "base": base.group(1).replace("&#34;", '"'),
         chooser.group(1): chooser.group(2)},
    )  # fmt: skip
    assert answer.status_code == 303
    with open_journal(db) as journal:
        events = journal.events(game_id)
    assert len(events) == before + 1 and events[-1].kind == "dawn"
    assert events[-1].data["shoot"]


@pytest.mark.usefixtures("private_cache")
def test_a_game_started_from_the_form_is_in_the_journal(client, db):
    html = client.get("/game?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    form = {
        "csrf": token.group(1),
        "name": "Thursday",
        "names": "Alice\nBruno\nChloé\nDriss\nEmma\nFarid\nGaëlle\nHugo",
        "n.loup-garou": "2", "n.voyante": "1", "n.sorciere": "1", "n.villageois": "4",
        "deal": "Alice: loup-garou\nBruno: loup-garou\nChloé: voyante\nDriss: sorcière",
    }  # fmt: skip
    response = client.post("/game/new", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 303, response.text
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    with open_journal(db) as journal:
        assert journal.game(game_id).name == "Thursday"
    assert "Thursday" in client.get("/game").text


AWKWARD = [
    # (the line typed, the name it writes): commas, =, :, quotes, accents and spaces
    ("Jean, fils", "Jean, fils"),
    ("x=y", "x=y"),
    ("Dr: Who", "Dr: Who"),
    ('"Say ""hi"""', 'Say "hi"'),
    ('Ana "la rouge"', 'Ana "la rouge"'),
    ("  Zoé  Dupré ", "Zoé  Dupré"),
    ('"Éric, le ""grand"""', 'Éric, le "grand"'),
    ("Hugo", "Hugo"),
]


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_start_form_takes_one_name_a_line_whole(client, db, book, lang):
    html = client.get(f"/game?lang={lang}").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    rule = {"fr": "Un nom par ligne, pris tel quel", "en": "One name a line, taken whole"}
    assert rule[lang] in html_module.unescape(html)
    form = {
        "csrf": token.group(1),
        "names": "\n".join(typed for typed, _ in AWKWARD),
        "n.loup-garou": "2", "n.voyante": "1", "n.villageois": "5",
        # split at the last colon, or the name in quotes
        "deal": 'Dr: Who: loup-garou\n"Jean, fils": loup-garou\n"Say ""hi""":voyante',
    }  # fmt: skip
    response = client.post(f"/game/new?lang={lang}", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 303, response.text
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    with open_journal(db) as journal:
        state = session.load(journal, book, game_id).state
    assert [s.name for s in state.seats] == [name for _, name in AWKWARD]
    roles = {s.name: s.role for s in state.seats}
    assert (roles["Dr: Who"], roles["Jean, fils"], roles['Say "hi"']) == (
        "loup-garou", "loup-garou", "voyante")  # fmt: skip


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_mafia_start_form_takes_one_name_a_line_whole(client, db, book, lang):
    html = client.get(f"/game?lang={lang}").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    names = [name for _, name in AWKWARD] + ["Ivy", "Jon"]
    typed = [t for t, _ in AWKWARD] + ["Ivy", "Jon"]
    form = {"csrf": token.group(1), "names": "\n".join(typed)}
    response = client.post(f"/game/new-mafia?lang={lang}", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 303, response.text
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    with open_journal(db) as journal:
        state = session.load(journal, book, game_id).state
    assert [s.name for s in state.seats] == names


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize(
    "change, said",
    [
        ({"names": ""}, "Give the players' names"),
        ({"names": "Alice\nAlice\nBruno"}, "A name is given twice"),
        ({"n.loup-garou": "7"}, "garou check"),
        ({"deal": "Alice loup-garou"}, "Unreadable line of the deal"),
        ({"agreement": "game: mafia\ndecisions: {}\n"}, "mafia"),
    ],
)
def test_a_game_the_checks_refuse_is_not_started(client, db, change, said):
    html = client.get("/game?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    form = {"csrf": token.group(1), "names": "A\nB\nC\nD\nE\nF\nG\nH",
            "n.loup-garou": "2", "n.voyante": "1", "n.villageois": "5", **change}  # fmt: skip
    response = client.post("/game/new", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400
    assert said.lower() in html_module.unescape(response.text).lower(), response.text
    assert "garou-" not in response.text  # no temporary path shown
    assert not db.exists() or not open_journal(db).games()


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_setup_the_checks_refuse_is_said_without_a_file_name(client, db, lang):
    html = client.get(f"/game?lang={lang}").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    form = {"csrf": token.group(1), "names": "A\nB\nC\nD\nE\nF\nG\nH",
            "n.loup-garou": "7", "n.villageois": "1"}  # fmt: skip
    response = client.post(f"/game/new?lang={lang}", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400
    said = html_module.unescape(response.text)
    assert "garou check" in said and ".yaml" not in said
    assert {"fr": "enfreint les règles", "en": "breaks the rules"}[lang] in said


def secrets_of(state) -> list[str]:
    """What the table view may never show while the game goes on, in both languages: the
    role of each living player (unless a dead player's revealed card has the same name),
    and the night's actions."""
    game = state.game
    revealed = {s.role for s in state.seats if not s.alive}
    found = []
    for seat in state.living():
        role = state.role_of(seat.name)
        if role is not None and role not in revealed:
            found += [game.role(role).name.get("fr"), game.role(role).name.get("en")]
    for line in state.story:
        if line.hidden or line.text.key not in PUBLIC_STORY:
            found += [line.text.say("fr"), line.text.say("en")]
    return found


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_table_view_never_shows_a_secret_at_any_step(client, db, book, record, lang):
    data = load(record)
    game_id = new_game(db, book, data)
    gm = GameMaster(client, game_id, lang)
    screen = TableScreen(client, db, book, game_id, lang)

    def look() -> None:
        state, html = screen.look(secrets_of)
        if state.phase == "over":
            return
        for seat in state.seats:  # the living and the dead, as everybody saw
            mark = f'data-player="{seat.name}" data-alive="{"yes" if seat.alive else "no"}"'
            assert mark in html

    look()
    play(gm, data["events"], after_each=look)
    final = screen.page()
    state = screen.state()
    if state.phase == "over":
        for seat in state.seats:  # once over, every card is shown
            role = state.role_of(seat.name)
            if role:
                assert state.game.role(role).name.get(lang) in final
    assert screen.looks > len(data["events"])


@pytest.mark.usefixtures("private_cache")
def test_the_table_view_shows_the_announcements_and_the_votes(client, db, book):
    data = load(GAMES / "captain-cascade.yaml")
    game_id = new_game(db, book, data)
    play(GameMaster(client, game_id), data["events"][:7])
    html = client.get(f"/game/{game_id}/table?lang=en").text
    assert "Nobody died." in html
    assert "Farid is elected captain." in html
    assert "Village vote:" in html
    assert 'data-player="Alice" data-alive="no"' in html
    assert "Werewolf" in html  # Alice's card, revealed at her death


@pytest.mark.usefixtures("private_cache")
def test_public_view_holds_no_living_role(book, db):
    data = load(GAMES / "parity.yaml")
    game_id = new_game(db, book, data)
    with open_journal(db) as journal:
        state = session.load(journal, book, game_id, "en").state
    view = public_view(state, "en")
    assert all(p["role"] is None for p in view["players"])


@pytest.mark.usefixtures("private_cache")
def test_the_timer_starts_on_the_game_masters_page_and_shows_on_the_table(client, db, book):
    data = load(GAMES / "parity.yaml")
    game_id = new_game(db, book, data)
    gm = GameMaster(client, game_id)
    play(gm, data["events"][:5])  # to the first day
    html = gm.page()
    assert 'data-step="vote"' in html
    assert gm.post("timer", {**gm.fields(html), "action": "start"}).status_code == 303
    poll = client.get(f"/game/{game_id}/table.json").get_json()
    assert 290 < poll["timer"]["left"] <= 300  # the first day: 5 minutes
    table = client.get(f"/game/{game_id}/table").text
    assert re.search(r'data-countdown data-left="\d+"', table)
    play(gm, data["events"][5:6])  # the vote: the debate is over
    assert client.get(f"/game/{game_id}/table.json").get_json()["timer"] is None


@pytest.fixture
def lan(db: Path):
    return create_app(WebConfig(lan=True, db=db, keys=Keys(server_key="server-key")))


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("path", ["", "/version.json"])
def test_under_lan_a_game_masters_page_refuses_without_the_games_secret(lan, db, book, path):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    with open_journal(db) as journal:
        secret = journal.secret(game_id)
    client = lan.test_client()
    for key in ("", "?key=wrong", f"?key={secret}x"):
        response = client.get(f"/game/{game_id}{path}{key}", headers={"Host": "192.168.1.5"})
        assert response.status_code == 403
        assert response.mimetype == "text/plain"
        assert "Alice" not in response.text
    opened = client.get(f"/game/{game_id}{path}?key={secret}", headers={"Host": "192.168.1.5"})
    assert opened.status_code == 303  # the key goes into a cookie, out of the address
    page = client.get(f"/game/{game_id}{path}", headers={"Host": "192.168.1.5"})
    assert page.status_code == 200
    # One game's secret opens that game only.
    other = new_game(db, book, load(GAMES / "parity.yaml"))
    assert client.get(f"/game/{other}", headers={"Host": "192.168.1.5"}).status_code == 403


@pytest.mark.usefixtures("private_cache")
def test_under_lan_the_table_view_needs_nothing(lan, db, book):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    client = lan.test_client()
    response = client.get(f"/game/{game_id}/table", headers={"Host": "192.168.1.5"})
    assert response.status_code == 200
    assert client.get(f"/game/{game_id}/table.json", headers={"Host": "192.168.1.5"}).is_json


@pytest.mark.usefixtures("private_cache")
def test_under_lan_an_action_without_the_secret_records_nothing(lan, db, book):
    game_id = new_game(db, book, load(GAMES / "captain-cascade.yaml"))
    client = lan.test_client()
    response = client.post(
        f"/game/{game_id}/record",
        data={"kind": "couple", "lovers": ["Farid", "Gaëlle"], "form_id": "x"},
        headers={"Host": "192.168.1.5", "Origin": "http://192.168.1.5"},
    )
    assert response.status_code == 403
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == 1


@pytest.mark.usefixtures("private_cache")
def test_the_secret_is_kept_in_the_journal(db, book):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    with open_journal(db) as journal:
        first = journal.secret(game_id)
    with open_journal(db) as journal:
        assert journal.secret(game_id) == first and len(first) >= 20


@pytest.mark.usefixtures("private_cache")
def test_serve_lan_prints_each_games_address_with_its_secret(tmp_path, db, book):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "GAROU_LANG": "en"}
    env.pop("GAROU_DB", None)
    garou_bin = Path(sys.executable).with_name("garou")
    process = subprocess.Popen(
        [str(garou_bin), "serve", "--port", "0", "--lan", "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        lines: list[str] = []
        while not any("table's screen" in line for line in lines):
            line = process.stdout.readline()
            assert line, lines
            lines.append(line)
        port = re.search(r"http://0\.0\.0\.0:(\d+)/", lines[0])
        found = next(re.search(rf"game {game_id} .*/game/{game_id}\?key=([\w-]+)", line)
                     for line in lines if f"game {game_id} " in line)  # fmt: skip
        assert port and found, lines
        with open_journal(db) as journal:
            assert found.group(1) == journal.secret(game_id)  # the journal's own secret
        base = f"http://127.0.0.1:{port.group(1)}"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/game/{game_id}", timeout=20)
        assert refused.value.code == 403 and "<html" not in refused.value.read().decode()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(f"{base}/game/{game_id}?key={found.group(1)}", timeout=20) as page:
            assert page.status == 200 and b"data-step" in page.read()
        with urllib.request.urlopen(f"{base}/game/{game_id}/table", timeout=20) as page:
            assert page.status == 200  # the table's screen needs nothing
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=20)
    assert process.returncode == 0


@pytest.mark.usefixtures("private_cache")
def test_a_journal_of_before_the_side_tables_opens_and_gets_them(db, book):
    """A journal written before the forms and secrets tables: read as it is, the tables
    added by the first write that needs them, the events untouched."""
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    with open_journal(db) as journal:
        tables = {r[0] for r in journal.db.execute("SELECT name FROM sqlite_master")}
        assert "forms" not in tables and "secrets" not in tables
        event, new = journal.record_form(game_id, "f1", "call", {"step": "couple"})
        again, repeated = journal.record_form(game_id, "f1", "call", {"step": "couple"})
        assert new and not repeated and again == event
        assert [e.kind for e in journal.events(game_id)] == ["start", "call"]


@pytest.mark.usefixtures("private_cache")
def test_a_form_refused_by_the_rules_leaves_its_id_free(db, book):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    from garou.game.errors import IllegalEventError

    with open_journal(db) as journal:
        with pytest.raises(IllegalEventError):
            session.record_form(journal, book, game_id, "f1", "kill", {"victim": "Alice"})
        replayed, new = session.record_form(
            journal, book, game_id, "f1", "call", {"step": "couple"}
        )
        assert new and len(replayed.effective) == 2


@pytest.mark.usefixtures("private_cache")
def test_an_unknown_game_is_a_plain_refusal(client, db, book):
    new_game(db, book, load(GAMES / "parity.yaml"))
    for path in ("/game/99", "/game/99/table", "/game/99/table.json"):
        response = client.get(path + "?lang=en")
        assert response.status_code == 404 and response.mimetype == "text/plain"
        assert "99" in response.text and "<html" not in response.text


@pytest.mark.usefixtures("private_cache")
def test_a_card_nobody_recorded_is_asked_before_the_seers_look(client, db, book):
    data = load(GAMES / "parity.yaml")
    data["setup"]["deal"] = {"Chloé": "voyante"}
    game_id = new_game(db, book, data)
    gm = GameMaster(client, game_id)
    assert gm.send("call", {"step": "couple"}).status_code == 303
    asked = gm.send("look", {"target": "Alice"})
    assert asked.status_code == 200 and "data-pending" in asked.text
    assert 'name="role" value="loup-garou"' in asked.text
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == 2  # nothing recorded while it asks
    base = re.search(r'name="base" value="([^"]*)"', asked.text)
    assert base
    fields = gm.fields(asked.text)
    answer = gm.post(
        "record",
        {**fields, "kind": "look", "base": html_module.unescape(base.group(1)),
         "role": "loup-garou"},
    )  # fmt: skip
    assert answer.status_code == 303
    assert "Alice is Werewolf" in gm.page()


@pytest.mark.usefixtures("private_cache")
def test_the_cues_and_the_warnings_show_on_the_game_masters_page_only(client, db, book):
    data = load(GAMES / "parity.yaml")
    game_id = new_game(db, book, data)
    gm = GameMaster(client, game_id, "fr")
    html = gm.page()
    assert 'data-cue="absent"' in html  # Cupid is not dealt: called anyway, with the cue
    assert "Pas en jeu" in html
    warned = []

    def look() -> None:
        page = gm.page()
        if "data-warnings" in page:
            warned.append(page)
            table = client.get(f"/game/{game_id}/table?lang=fr").text
            assert "⚠" not in table and "lg-win-wolves" not in table

    play(gm, data["events"], after_each=look)
    assert any('href="/rule/lg-win-wolves"' in page for page in warned)


@pytest.mark.usefixtures("private_cache")
def test_the_version_poll_moves_when_the_terminal_records(client, db, book):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    before = client.get(f"/game/{game_id}/version.json").get_json()["version"]
    table_before = client.get(f"/game/{game_id}/table.json").get_json()["version"]
    with open_journal(db) as journal:
        session.record(journal, book, game_id, "call", {"step": "couple"})
    assert client.get(f"/game/{game_id}/version.json").get_json()["version"] == before + 1
    # A night step changes nothing the table may see: its poll stays the same.
    assert client.get(f"/game/{game_id}/table.json").get_json()["version"] == table_before


# --- the card question keeps the step and the text to read ---------------------------------

PARITY = REPO / "tests" / "data" / "games" / "parity.yaml"


def _phone(db: Path, record: dict):
    with open_journal(db) as journal:
        from garou.rules import load_rules

        game_id = session.new_game(journal, load_rules(), lg_start_of(record))
    return create_app(WebConfig(db=db)).test_client(), game_id


def _send(client, game_id: int, kind: str, values: dict, lang: str):
    page = client.get(f"/game/{game_id}?lang={lang}").text
    fields = {k: re.search(rf'name="{k}" value="([^"]+)"', page).group(1)
              for k in ("csrf", "form_id", "seen")}  # fmt: skip
    return client.post(
        f"/game/{game_id}/record?lang={lang}",
        data={**fields, "kind": kind, **values},
        headers={"Origin": "http://localhost"},
    )


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize(("lang", "read"), [("en", "Read aloud"), ("fr", "À lire")])
def test_the_card_question_shows_the_step_and_the_text_to_read(tmp_path, lang, read):
    record = yaml.safe_load(PARITY.read_text(encoding="utf-8"))
    record["setup"]["deal"] = {"Chloé": "voyante"}
    client, game_id = _phone(tmp_path / "g.sqlite", record)
    assert _send(client, game_id, "call", {"step": "couple"}, lang).status_code == 303
    asked = _send(client, game_id, "look", {"target": "Alice"}, lang)
    assert asked.status_code == 200 and "data-pending" in asked.text
    before = asked.text.split('class="pending"', 1)[0]
    assert "data-pending-step" in before and read in before
    assert "sees their card" in before or "voit sa carte" in before
