"""Tests of ``garou/game/session.py``."""

from __future__ import annotations

import re

import pytest

from garou.game import session
from garou.game.journal import open_journal
from garou.game.table import announcement
from tests.conftest import REPO
from tests.helpers import (
    ACTIONS,
    LG_RECORDS,
    NAMES,
    NIGHT_WORDS,
    STEPS12,
    TABLE6,
    VOTE_WORDS,
    _game,
    _imported,
    _lg_day,
    _load,
    _twelve,
    lg_setup,
    lg_start_of,
)
from tests.helpers import LG_GAME_FILES as GAMES


def _said(state, lang: str) -> str:
    return " ".join(p.say(lang) for p in announcement(state)).replace("\u00a0", " ")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("record", LG_RECORDS, ids=lambda p: p.stem)
def test_each_announcement_says_the_phase_it_closes(journal, book, record, lang):
    data = _load(record)
    game_id = session.new_game(journal, book, lg_start_of(data))
    told = 0
    for event in data["events"]:
        kind = event["kind"]
        values = {k: v for k, v in event.items() if k != "kind"}
        state = session.record(journal, book, game_id, kind, values, lang).state
        text = _said(state, lang)
        if kind not in ("dawn", "vote"):
            assert text == "", (kind, text)
            continue
        if kind == "vote" and state.tied and state.vote_round == "revote":
            assert text == ""  # a tie announces nothing yet: the revote comes
            continue
        told += 1
        if kind == "dawn":
            assert any(w in text for w in NIGHT_WORDS[lang]), text
            assert VOTE_WORDS[lang] not in text
        else:
            assert VOTE_WORDS[lang] in text, text
            assert not any(w in text for w in NIGHT_WORDS[lang]), text
        for name, _, _ in state.told_deaths:
            role = state.game.role(state.role_of(name)).name.get(lang)
            assert f"{name} ({role})" in text
            # no shot said apart: it would tell the order of events (loup-garou.txt)
            assert not re.search(r"\b(shoots|tire)\b", text), text
    assert told


def test_a_draft_is_forgotten_once_another_event_is_recorded(tmp_path, book):
    with open_journal(tmp_path / "g.sqlite") as journal:
        data = {"game": "loup-garou", "name": None, "players": NAMES[:5], "roles": TABLE6,
                "agreement": {}, "table": None, "date": None, "deal": {}}  # fmt: skip
        game_id = session.new_game(journal, book, data)
        journal.save_draft(game_id, "ballot", {"votes": {"Alice": "Bruno"}})
        assert journal.draft(game_id, "ballot") == {"votes": {"Alice": "Bruno"}}
        session.record(journal, book, game_id, "timer", {"action": "start", "label": "x",
                       "at": 1.5, "seconds": 60})  # fmt: skip
        assert journal.draft(game_id, "ballot") is not None  # a countdown changes nothing
        session.record(journal, book, game_id, "call", {"step": "couple"})
        assert journal.draft(game_id, "ballot") is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_night_step_is_called_by_a_role_name_of_either_language(journal, book, tmp_path, lang):
    from garou.core.names import fold
    from garou.game.start import start_data

    game_id = session.new_game(journal, book, start_data(book, lg_setup(tmp_path, STEPS12)))
    state = session.load(journal, book, game_id, lang).state
    ids = [s.id for s in state.steps()]
    for step in state.steps():
        name = state.game.role(step.roles[0]).name.get(lang)
        typed = fold(name) if lang == "fr" else name.upper()  # accents and case optional
        after = session.record(journal, book, game_id, "call", {"step": typed}, lang).state
        assert step.id in after.done
    other = "fr" if lang == "en" else "en"
    session.undo(journal, book, game_id)
    last = state.game.role(state.steps()[-1].roles[0]).name.get(other)
    assert session.record(journal, book, game_id, "call", {"step": last}, lang).state.done
    assert ids


def test_a_refusal_with_a_hint_is_two_sentences(journal, book, tmp_path):
    from garou.game.errors import IllegalEventError
    from garou.game.start import start_data

    roles = {"loup-garou": 2, "voyante": 1, "cupidon": 1, "villageois": 4}
    data = start_data(book, lg_setup(tmp_path, roles), deal={"Alice": "cupidon"})
    game_id = session.new_game(journal, book, data)
    with pytest.raises(IllegalEventError) as refused:
        session.record(journal, book, game_id, "roles", {"roles": {"Alice": "voyante"}}, "en")
    assert re.search(r"Cupid\. \S", refused.value.message("en")), refused.value.message("en")


def test_the_documents_order_is_still_kept_when_calling_late(book, journal):
    """A late call is no way around the document's constraint: the witch after the wolves."""
    from garou.game import session
    from garou.game.errors import IllegalEventError

    game_id = _twelve(book, journal)
    session.record(journal, book, game_id, *ACTIONS["voyante"])
    with pytest.raises(IllegalEventError) as refused:
        session.record(journal, book, game_id, "call", {"step": "sorciere"})
    assert refused.value.rule == "lg-mistake-witch-first"


def _state_after(book, events):
    from garou.game.replay import replay

    return replay(book, events).state


def _holds_only_what_applies(book, events, index):
    """Assert that no value of event ``index`` can be left out with the same game after it:
    each key, and each entry of a mapping, either changes the state or is required."""
    from garou.game.errors import IllegalEventError
    from garou.game.journal import Event

    event = events[index]
    before, after = events[:index], _state_after(book, events[: index + 1])

    def same_without(data):
        try:
            trial = _state_after(book, [*before, Event(event.seq, event.kind, data)])
        except IllegalEventError:
            return False
        return trial == after

    for key, value in event.data.items():
        less = {k: v for k, v in event.data.items() if k != key}
        assert not same_without(less), (event.kind, key, event.data)
        for sub in value if isinstance(value, dict) else ():
            less = {**event.data, key: {k: v for k, v in value.items() if k != sub}}
            assert not same_without(less), (event.kind, key, sub, event.data)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_event_of_the_example_games_holds_only_values_that_apply(book, path, tmp_path):
    import yaml

    journal, game_id = _imported(book, path, tmp_path)
    with journal:
        events = journal.events(game_id)
    for index in range(1, len(events)):
        _holds_only_what_applies(book, events, index)
    # The files themselves show the shape of a record: nothing that did not happen.
    written = yaml.safe_load(path.read_text(encoding="utf-8"))["events"]
    assert [{"kind": e.kind, **e.data} for e in events[1:]] == written


# Values that only apply in some games, added to every event they could belong to.
NOT_HAPPENED = {
    "dawn": {"shoot": {"Hugo": "Alice"}, "successor": {"Gaëlle": "Alice"}},
    "vote": {"captain_pick": "Alice", "shoot": {"Hugo": "Alice"}},
    "kill": {"decided": "wolves"},
    "potions": {"save": False},
    "call": {"why": "absent"},
    "look": {"by": None},
}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_value_given_that_did_not_happen_is_not_recorded(book, path, tmp_path):
    from garou.game import session
    from garou.game.errors import IllegalEventError

    journal, game_id = _imported(book, path, tmp_path)
    with journal:
        events = journal.events(game_id)
    tried = 0
    for index, event in enumerate(events[1:], start=1):
        extra = NOT_HAPPENED.get(event.kind, {})
        data = dict(event.data)
        for key, value in extra.items():
            if isinstance(value, dict):
                data[key] = {**value, **data.get(key, {})}
            else:
                data.setdefault(key, value)
        if data == event.data:
            continue
        with open_journal_copy(tmp_path / f"{index}.sqlite", events[:index]) as (copy, new_id):
            try:
                session.record(copy, book, new_id, event.kind, data)
            except IllegalEventError:
                continue  # refused as a whole: nothing recorded either
            assert copy.events(new_id)[-1].data == event.data, (event.kind, data)
            tried += 1
    assert tried >= 3


def open_journal_copy(path, events):
    """A new journal holding ``events`` (a game's first events), and its game id."""
    from contextlib import contextmanager

    from garou.game.journal import open_journal

    @contextmanager
    def made():
        with open_journal(path) as journal:
            game_id = journal.create("loup-garou", None, (events[0].kind, events[0].data))
            for event in events[1:]:
                journal.record(game_id, event.kind, event.data)
            yield journal, game_id

    return made()


ROLE_SENTENCES = [
    # (roles, events, event refused, words of the refusal (fr))
    ({"loup-garou": 1, "voyante": 1, "villageois": 4},
     [("call", {"step": "couple"}), ("call", {"step": "voyante"}),
      ("kill", {"victim": "Cid", "by": ["Bob"]})], ("potions", {"save": True}),
     "Sorcière n'est pas distribuée : appelez-la"),
    ({"loup-garou": 1, "sorciere": 1, "villageois": 4}, [], ("look", {"target": "Bob"}),
     "Voyante n'est pas distribuée : appelez-la"),
    ({"loup-garou": 1, "voyante": 1, "villageois": 4}, [], ("couple", {"lovers": ["Bob", "Cid"]}),
     "Cupidon n'est pas distribué : appelez-le"),
]  # fmt: skip


@pytest.mark.parametrize(("roles", "events", "refused", "words"), ROLE_SENTENCES)
def test_a_sentence_about_a_role_agrees_with_its_name(
    tmp_path, book, roles, events, refused, words
):
    from garou.game.errors import IllegalEventError

    game_id = _game(tmp_path / "g.sqlite", book, {}, events, roles, {})
    with open_journal(tmp_path / "g.sqlite") as journal, pytest.raises(IllegalEventError) as e:
        session.record(journal, book, game_id, *refused, "fr")
    raised = e
    assert words in raised.value.message("fr").replace("\u00a0", " ")


def test_the_show_of_hands_of_another_vote_is_abandoned_said(garou, tmp_path):
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.script import BALLOT_DRAFT
    from garou.rules import load_rules

    db = _lg_day(garou, tmp_path)
    journal = open_journal(db)
    game_id = journal.games()[-1].id
    other = {"day": 1, "round": "revote", "votes": {"Ana": "Bob"}, "asked": ["Ana"]}
    journal.save_draft(game_id, BALLOT_DRAFT, other)
    ballots = session.lg_ballots(journal, load_rules(), game_id, "en")
    assert ballots.votes == {} and ballots.asked == ()
    told = [p.say("en") for p in ballots.told]
    assert told[-1].startswith("The ballot typed for a vote already held")


TEN_NAMES = "Ana,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jon"


@pytest.mark.parametrize("bad", ["A\x1bna", "A\nna", "A\u200bna", "A\u202ena", "A\u00adna"])
def test_a_player_name_holding_a_hidden_character_is_refused_in_the_terminal(garou, tmp_path, bad):
    names = TEN_NAMES.replace("Ana", bad)
    db = str(tmp_path / "games.sqlite")
    run = garou("game", "new", "--game", "mafia", "--names", names, "--db", db,
                "--lang", "en")  # fmt: skip
    assert run.exit_code != 0 and "Traceback" not in run.stderr
    assert "invisible or control character" in run.stderr or "given twice" in run.stderr


@pytest.mark.parametrize("bad", ["Jeudi\x07", "Jeudi\u200b", "Jeu\u2028di"])
def test_a_game_name_holding_a_hidden_character_is_refused_in_the_terminal(garou, tmp_path, bad):
    db = str(tmp_path / "games.sqlite")
    run = garou("game", "new", "--game", "mafia", "--names", TEN_NAMES, "--name", bad,
                "--db", db, "--lang", "en")  # fmt: skip
    assert run.exit_code == 1 and "invisible or control character" in run.stderr


def test_two_names_that_differ_by_an_invisible_character_are_one_name():
    from garou.core.names import fold

    assert fold("A\u200bna") == fold("Ana") == fold("A\u2060NA")


def test_a_game_name_holding_a_control_character_is_refused_by_the_web_form(tmp_path):
    pytest.importorskip("flask")
    import re

    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=tmp_path / "games.sqlite")).test_client()
    html = client.get("/game?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    form = {"csrf": token.group(1), "names": TEN_NAMES.replace(",", "\n"), "deal": "",
            "name": "Jeudi\x1b[2J", "turbo": "no"}  # fmt: skip
    response = client.post(
        "/game/new-mafia?lang=en", data=form, headers={"Origin": "http://localhost"}
    )
    assert response.status_code == 400
    assert "invisible or control character" in response.text


def test_an_import_refuses_an_invisible_character_in_a_player_name(garou, tmp_path):
    text = (REPO / "tests/data/games/couple-wins.yaml").read_text(encoding="utf-8")
    record = tmp_path / "record.yaml"
    record.write_text(text.replace("Hugo]", "Hu\u200bgo]"), encoding="utf-8")
    run = garou("game", "import", str(record), "--db", str(tmp_path / "g.sqlite"), "--lang", "en")
    assert run.exit_code == 1 and "U+200B" in run.stderr


def test_a_timer_at_beyond_finite_numbers_is_refused_never_recorded(garou, tmp_path):
    db = str(tmp_path / "games.sqlite")
    garou("game", "new", "--game", "mafia", "--names", TEN_NAMES, "--db", db)
    for at in ("1e309", "-1", ".nan", "1e20"):
        run = garou("game", "add", "timer", "action=start", "label=x", f"at={at}", "seconds=60",
                    "--db", db, "--lang", "en")  # fmt: skip
        assert run.exit_code == 1, at
    out = tmp_path / "g.yaml"
    assert garou("game", "export", "-o", str(out), "--db", db).exit_code == 0
    assert garou("game", "import", str(out), "--db", str(tmp_path / "again.sqlite")).exit_code == 0


@pytest.mark.parametrize("text", ["evil\x1b[2J", "evil\u202eevil", "a\u200bb", "two\nlines"])
def test_an_event_text_that_would_move_the_terminal_is_refused_from_every_face(
    garou, tmp_path, text
):
    from tests.helpers import MAFIA_GAME_ARGS

    db = str(tmp_path / "g.sqlite")
    assert garou("game", "new", *MAFIA_GAME_ARGS, "--db", db).exit_code == 0
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    assert garou("game", "add", "speech", "player=1", "--db", db).exit_code == 0
    args = ("game", "correct", "3", "speech", "player=1", "seconds=30", "--db", db)
    run = garou(*args, "--why", text, "--lang", "en", "--json")  # the terminal, as the web
    assert run.exit_code == 1 and "invisible or control character" in run.stdout
    assert "\x1b" not in run.stdout and "\u202e" not in run.stdout
    assert garou(*args, "--why", "misheard").exit_code == 0
    record = tmp_path / "g.yaml"
    assert garou("game", "export", "--db", db, "-o", str(record)).exit_code == 0
    escaped = text.encode("unicode_escape").decode("ascii").replace('"', '\\"')
    record.write_text(
        record.read_text(encoding="utf-8").replace("why: misheard", f'why: "{escaped}"'),
        encoding="utf-8",
    )
    other = str(tmp_path / "other.sqlite")
    run = garou("game", "import", str(record), "--db", other, "--lang", "en")
    assert run.exit_code == 1 and "invisible or control character" in run.stderr
    assert "events[" in run.stderr and "\x1b" not in run.stderr


def test_a_free_text_longer_than_the_bound_is_refused_from_every_face_naming_its_field(
    garou, tmp_path
):
    from garou.core.names import MAX_TEXT
    from tests.helpers import MAFIA_GAME_ARGS

    db = str(tmp_path / "g.sqlite")
    huge = "x" * 100_000
    run = garou("game", "new", *MAFIA_GAME_ARGS, "--name", huge, "--db", db, "--lang", "en")
    assert run.exit_code == 1 and f"at most {MAX_TEXT}" in run.stderr
    assert "name:" in run.stderr and huge not in run.stderr
    assert garou("game", "new", *MAFIA_GAME_ARGS, "--db", db).exit_code == 0
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    assert garou("game", "add", "speech", "player=1", "--db", db).exit_code == 0
    args = ("game", "correct", "3", "speech", "player=1", "seconds=30", "--db", db)
    run = garou(*args, "--why", huge, "--lang", "en", "--json")
    assert run.exit_code == 1
    message = run.json()["error"]["message"]
    assert message.startswith("why:") and "100000 characters" in message
    assert garou(*args, "--why", "x" * MAX_TEXT).exit_code == 0
    record = tmp_path / "g.yaml"
    assert garou("game", "export", "--db", db, "-o", str(record)).exit_code == 0
    text = record.read_text(encoding="utf-8").replace("x" * MAX_TEXT, "x" * (MAX_TEXT + 1))
    record.write_text(text, encoding="utf-8")
    run = garou("game", "import", str(record), "--db", str(tmp_path / "o.sqlite"), "--lang", "en")
    assert run.exit_code == 1 and "events[" in run.stderr and f"at most {MAX_TEXT}" in run.stderr


def test_an_import_says_the_line_of_a_game_name_too_long_or_a_player_name_too_long(garou, tmp_path):
    text = (REPO / "tests/data/games/couple-wins.yaml").read_text(encoding="utf-8")
    record = tmp_path / "record.yaml"
    record.write_text(text.replace("Hugo]", "H" + "u" * 60 + "go]"), encoding="utf-8")
    run = garou("game", "import", str(record), "--db", str(tmp_path / "g.sqlite"), "--lang", "en")
    where = re.search(r"record\.yaml:\d+ \(setup\.players\[\d\]\)", run.stderr)
    assert run.exit_code == 1 and where
    assert "at most 40" in run.stderr


def test_an_event_number_too_large_is_said_with_the_bound_from_every_face(garou, tmp_path):
    from garou.core.numbers import MAX_INT
    from tests.helpers import MAFIA_GAME_ARGS

    db = str(tmp_path / "g.sqlite")
    assert garou("game", "new", *MAFIA_GAME_ARGS, "--db", db).exit_code == 0
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    for digits in ("99999999999999999999", "9" * 5000):
        run = garou("game", "add", "speech", "player=1", f"seconds={digits}", "--db", db,
                    "--lang", "en")  # fmt: skip
        assert run.exit_code == 1 and "Traceback" not in run.stderr
        assert "seconds:" in run.stderr and f"at most {MAX_INT}" in run.stderr
    text = (REPO / "tests/data/games/couple-wins.yaml").read_text(encoding="utf-8")
    record = tmp_path / "record.yaml"
    big = "{kind: kill, victim: Hugo, seconds: " + "9" * 5000 + "}"
    record.write_text(text.replace("{kind: kill, victim: Hugo}", big), encoding="utf-8")
    run = garou("game", "import", str(record), "--db", str(tmp_path / "o.sqlite"), "--lang", "en")
    assert run.exit_code == 1 and "Traceback" not in run.stderr
    assert "events[" in run.stderr and "too large" in run.stderr


FIVE = {"game": "loup-garou", "roles": {"loup-garou": 1, "voyante": 1, "villageois": 3}}


@pytest.mark.parametrize(
    ("typed", "twin"), [("Ana", "Ana "), ("Zoé", "ZOE"), ("Ana", " ana"), ("ﬁn", "Fin")]
)
def test_two_players_whose_names_read_the_same_are_refused_at_the_start(journal, book, typed, twin):
    from garou.game.errors import IllegalEventError

    players = [typed, "Bob", "Cid", "Dee", twin]
    with pytest.raises(IllegalEventError) as refused:
        session.new_game(journal, book, FIVE | {"players": players})
    assert refused.value.message("en").startswith(f"'{twin}' and '{typed}' are the same name")
    assert journal.games() == []


def test_a_start_is_recorded_as_an_export_reads_it_back(journal, book):
    """Names trimmed, a blank game name no name: what an import of its export gives."""
    players = [" Ana", "Bob ", "Cid", "Dee", "Eve"]
    data = FIVE | {
        "players": players,
        "name": "  ",
        "table": " Jeudi ",
        "deal": {"Ana ": "voyante"},
    }
    game_id = session.new_game(journal, book, data)
    start = journal.events(game_id)[0].data
    assert start["players"] == ["Ana", "Bob", "Cid", "Dee", "Eve"]
    assert start["name"] is None and start["table"] == "Jeudi"
    assert start["deal"] == {"Ana": "voyante"}
    assert journal.game(game_id).name is None


def test_a_blank_player_name_is_refused_at_the_start(journal, book):
    from garou.game.errors import IllegalEventError

    with pytest.raises(IllegalEventError) as refused:
        session.new_game(journal, book, FIVE | {"players": ["Ana", "Bob", "Cid", "Dee", " "]})
    assert "empty name" in refused.value.message("en") and journal.games() == []


HOUSE_STARTS = {  # what of a start names the rules folder's role or case
    "deal": {"roles": {"loup-garou": 1, "idiot": 1, "villageois": 3}, "deal": {"Ana": "idiot"}},
    "counts": {"roles": {"loup-garou": 1, "idiot": 1, "villageois": 3}},
    "agreement": {"agreement": {"lg-house-night-talk": "yes-talk"}},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("what", list(HOUSE_STARTS))
def test_a_game_made_with_a_rules_folder_and_read_without_it_names_what_is_missing(
    journal, book, tmp_path, what, lang
):
    # Its journal is sound: read without the folder it is refused naming the role or case
    # and how to give the folder again (never "damaged", never replayed quietly), and with
    # the folder it replays as before. Listing, replaying and recording all say it.
    from garou.game.errors import UnreadRulesError
    from garou.rules import load_rules
    from tests.helpers import HOUSE_ROLE_AND_CASE, rules_folder

    house = load_rules(rules_folder(tmp_path, HOUSE_ROLE_AND_CASE), cache=False)
    data = FIVE | {"players": ["Ana", "Bob", "Cid", "Dee", "Eve"]} | HOUSE_STARTS[what]
    game_id = session.new_game(journal, house, data)
    named = "lg-house-night-talk" if what == "agreement" else "idiot"
    for face in (
        lambda: session.load(journal, book, game_id, lang),
        lambda: session.record(journal, book, game_id, "look", {"target": "Bob"}, lang),
    ):
        with pytest.raises(UnreadRulesError) as refused:
            face()
        said = refused.value.message(lang)
        assert named in said and "GAROU_RULES_DIR=" in said and "--rules-dir" in said, said
        assert ("abîmée" not in said) and ("damaged" not in said) and ("rejoue" not in said)
        assert ("intact" in said) == (lang == "fr") and ("sound" in said) == (lang == "en")
    assert len(journal.events(game_id)) == 1  # nothing recorded
    listed = session.listing(journal, book, lang)[0]
    assert listed["damaged"] is None and named in listed["rules_unread"]
    assert session.load(journal, house, game_id, lang).state.phase == "night"
    assert session.listing(journal, house, lang)[0]["rules_unread"] is None


def test_a_game_read_with_another_rules_folder_names_the_folder_read(journal, book, tmp_path):
    from garou.game.errors import UnreadRulesError
    from garou.rules import load_rules
    from tests.helpers import HOUSE_ROLE_AND_CASE, rules_folder

    house = load_rules(rules_folder(tmp_path, HOUSE_ROLE_AND_CASE), cache=False)
    data = FIVE | {"players": ["Ana", "Bob", "Cid", "Dee", "Eve"]} | HOUSE_STARTS["deal"]
    game_id = session.new_game(journal, house, data)
    other = tmp_path / "other"
    other.mkdir()
    text = HOUSE_ROLE_AND_CASE.replace("idiot", "fool").replace("night-talk", "day-talk")
    (other / "house.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(UnreadRulesError) as refused:
        session.load(journal, load_rules(other, cache=False), game_id)
    assert f"folder {other}" in refused.value.message("en")
