"""garou serve, the live game: the game master's view and the table view through Flask's
test client, over the same journal as ``garou game`` (the browser test is in
tests/web/test_pages_in_browser.py)."""

from __future__ import annotations

import html as html_module
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import REPO

flask = pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")

from garou.game import session  # noqa: E402
from garou.game.journal import open_journal  # noqa: E402
from garou.rules import load_rules  # noqa: E402
from garou.web import WebConfig, create_app  # noqa: E402
from garou.web.routes.game import PUBLIC_STORY, public_view  # noqa: E402
from garou.web.security import Keys  # noqa: E402
from tests.helpers import TableScreen, lg_start_of  # noqa: E402

ORIGIN = "http://localhost"
GAMES = REPO / "tests" / "data" / "games"
RECORDS = sorted(p for p in GAMES.glob("*.yaml") if not p.name.startswith("mafia-"))
"""The Loup-Garou records (the Mafia ones, ``mafia-*.yaml``, are tests/web/test_mafia.py’s)."""


pytestmark = pytest.mark.usefixtures("private_cache")


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


def new_game(db: Path, book, record: dict[str, Any]) -> int:
    """Start a game as the terminal does (garou game new/import): the same journal."""
    with open_journal(db) as journal:
        return session.new_game(journal, book, lg_start_of(record))


def load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


class GameMaster:
    """A phone on the game master's page: reads the page's form, taps, sends it."""

    def __init__(self, client, game_id: int, lang: str = "en"):
        self.client, self.game_id, self.lang = client, game_id, lang

    def page(self) -> str:
        response = self.client.get(f"/game/{self.game_id}?lang={self.lang}")
        assert response.status_code == 200, response.text
        return response.text

    def fields(self, html: str | None = None) -> dict[str, str]:
        html = html or self.page()
        token = re.search(r'name="csrf" value="([^"]+)"', html)
        form_id = re.search(r'name="form_id" value="([^"]+)"', html)
        seen = re.search(r'name="seen" value="([^"]+)"', html)
        assert token and form_id and seen
        return {"csrf": token.group(1), "form_id": form_id.group(1), "seen": seen.group(1)}

    def step(self, html: str | None = None) -> tuple[str, str | None]:
        html = html or self.page()
        found = re.search(r'data-step="([^"]+)"(?: data-night-step="([^"]+)")?', html)
        assert found
        return found.group(1), found.group(2)

    def post(self, path: str, data: dict[str, Any]):
        return self.client.post(
            f"/game/{self.game_id}/{path}", data=data, headers={"Origin": ORIGIN}
        )

    def send(self, kind: str, values: dict[str, Any], fields: dict[str, str] | None = None):
        form = {**(fields or self.fields()), "kind": kind, **values}
        return self.post("record", form)


def form_values(event: dict[str, Any]) -> dict[str, Any]:
    """The form fields the game master's page sends for one event of a record."""
    kind = event["kind"]
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key == "kind":
            continue
        if key in ("lovers", "by"):
            out[key] = list(value)
        elif key == "save":
            out["save"] = "yes" if value else "no"
        elif key == "decided":
            out["disagreed"] = "yes"
        elif key == "votes":
            out.update({f"vote.{voter}": target for voter, target in value.items()})
        elif key == "tallies":
            out["how"] = "tallies"
            out.update({f"tally.{name}": str(n) for name, n in value.items()})
        elif key in ("shoot", "successor", "roles"):
            prefix = "role" if key == "roles" else key
            out.update({f"{prefix}.{who}": what for who, what in value.items()})
        else:
            out[key] = value
    if kind == "vote" and not event.get("votes") and "tallies" not in event:
        out.setdefault("how", "ballots")
    return out


def play(gm: GameMaster, events: list[dict[str, Any]], after_each=None) -> None:
    """Play a whole record by tapping through the script: each role called in order (the
    ones with nothing to record too), each of the record's events sent by its form."""
    for event in events:
        for _ in range(30):
            kind, night_step = gm.step()
            if kind == event["kind"] and (kind != "call" or night_step == event.get("step")):
                break
            assert kind == "call", f"the page waits for {kind}, the record has {event}"
            response = gm.send("call", {"step": night_step})
            assert response.status_code == 303, response.text
            if after_each:
                after_each()
        response = gm.send(event["kind"], form_values(event))
        assert response.status_code == 303, response.text
        if after_each:
            after_each()


# --- the whole game, every action --------------------------------------------------------------


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


# --- the table view -----------------------------------------------------------------------------


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


def test_public_view_holds_no_living_role(book, db):
    data = load(GAMES / "parity.yaml")
    game_id = new_game(db, book, data)
    with open_journal(db) as journal:
        state = session.load(journal, book, game_id, "en").state
    view = public_view(state, "en")
    assert all(p["role"] is None for p in view["players"])


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


# --- security ------------------------------------------------------------------------------------


@pytest.fixture
def lan(db: Path):
    return create_app(WebConfig(lan=True, db=db, keys=Keys(server_key="server-key")))


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


def test_under_lan_the_table_view_needs_nothing(lan, db, book):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    client = lan.test_client()
    response = client.get(f"/game/{game_id}/table", headers={"Host": "192.168.1.5"})
    assert response.status_code == 200
    assert client.get(f"/game/{game_id}/table.json", headers={"Host": "192.168.1.5"}).is_json


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


def test_the_secret_is_kept_in_the_journal(db, book):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    with open_journal(db) as journal:
        first = journal.secret(game_id)
    with open_journal(db) as journal:
        assert journal.secret(game_id) == first and len(first) >= 20


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


def test_an_unknown_game_is_a_plain_refusal(client, db, book):
    new_game(db, book, load(GAMES / "parity.yaml"))
    for path in ("/game/99", "/game/99/table", "/game/99/table.json"):
        response = client.get(path + "?lang=en")
        assert response.status_code == 404 and response.mimetype == "text/plain"
        assert "99" in response.text and "<html" not in response.text


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


def test_the_version_poll_moves_when_the_terminal_records(client, db, book):
    game_id = new_game(db, book, load(GAMES / "parity.yaml"))
    before = client.get(f"/game/{game_id}/version.json").get_json()["version"]
    table_before = client.get(f"/game/{game_id}/table.json").get_json()["version"]
    with open_journal(db) as journal:
        session.record(journal, book, game_id, "call", {"step": "couple"})
    assert client.get(f"/game/{game_id}/version.json").get_json()["version"] == before + 1
    # A night step changes nothing the table may see: its poll stays the same.
    assert client.get(f"/game/{game_id}/table.json").get_json()["version"] == table_before
