"""garou game: the journal, the live Loup-Garou game, its faces and its recap."""

from __future__ import annotations

import html
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garou.core.catalogue import say
from garou.core.errors import DataFileError, GarouError
from garou.game import session
from garou.game.errors import IllegalEventError
from garou.game.journal import SCHEMA_VERSION, Journal, open_journal
from garou.game.record import dump_record, game_record, import_record
from garou.game.replay import replay
from garou.game.start import start_data
from garou.game.table import warnings
from tests.conftest import REPO
from tests.helpers import (
    AGREED_NAMES,
    ELSEWHERE,
    MAFIA_NAMES_TYPED,
    NAMES,
    RECORD,
    SIX_DEAL,
    STEPS12,
    TYPOS,
    _day_one,
    _edit,
    _flat,
    _names,
    _new_evening,
    _season,
    _setup,
    lg_setup,
)
from tests.helpers import MAFIA_GAME_ARGS as MAFIA
from tests.helpers import _signed_agreement as _agreement

GAMES = REPO / "tests" / "data" / "games"


SETUPS = REPO / "tests" / "data" / "setups"


def _game(journal: Journal, book, tmp_path: Path, roles: dict[str, int], deal: dict[str, str],
          agreement: dict[str, str] | None = None) -> int:  # fmt: skip
    data = start_data(book, lg_setup(tmp_path, roles), deal=deal)
    data["agreement"].update(agreement or {})
    return session.new_game(journal, book, data)


FIRST = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "villageois": 4}


FIRST_DEAL = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloé": "voyante",
              "Driss": "sorciere"}  # fmt: skip


def _add(journal: Journal, book, game_id: int, kind: str, **data: Any):
    return session.record(journal, book, game_id, kind, data, "en")


EXPECTED = {
    "hunter-lover.yaml": ("village", {"Bruno", "Driss", "Emma", "Alice"}),
    "captain-cascade.yaml": ("village", {"Alice", "Bruno", "Farid", "Gaëlle"}),
    "couple-wins.yaml": ("couple", {"Bruno", "Chloé", "Emma", "Farid", "Gaëlle", "Hugo"}),
    "parity.yaml": ("loups", {"Emma", "Farid", "Gaëlle", "Hugo"}),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_game_plays_to_its_winner(garou, tmp_path, name, lang):
    db = str(tmp_path / "g.sqlite")
    imported = garou("game", "import", str(GAMES / name), "--db", db, "--json", "--lang", lang)
    assert imported.exit_code == 0, imported.stderr
    game_id = imported.json()["id"]
    status = garou("game", "status", str(game_id), "--db", db, "--json", "--lang", lang).json()
    winner, dead = EXPECTED[name]
    assert status["phase"] == "over" and status["winner"] == winner
    assert {p["name"] for p in status["players"] if not p["alive"]} == dead
    recap = garou("game", "recap", str(game_id), "--db", db, "--lang", lang)
    assert recap.exit_code == 0
    other = {"fr": ["Night", "Winner", "voted out"], "en": ["Nuit", "Vainqueur", "éliminé"]}
    assert not any(word in recap.stdout for word in other[lang])


def test_the_hunter_in_love_shoots_and_takes_his_lover_at_night(journal, book):
    game_id = import_record(journal, book, GAMES / "hunter-lover.yaml")
    state = session.load(journal, book, game_id).state
    deaths = {s.name: s.death for s in state.seats if not s.alive}
    assert deaths["Driss"] == "night" and deaths["Bruno"] == "shot"
    assert deaths["Emma"] == "lover"
    announced = next(line for line in state.story if line.text.key == "game.story.announce")
    # One grouped announcement, in seat order, roles revealed.
    said = announced.text.say("en")
    assert said.index("Bruno") < said.index("Driss") < said.index("Emma")
    assert "Hunter" in said


def test_the_captain_dying_in_a_cascade_names_the_successor(journal, book):
    game_id = import_record(journal, book, GAMES / "captain-cascade.yaml")
    state = session.load(journal, book, game_id).state
    assert state.seat("Farid").death == "lover" and state.captain == "Driss"


def test_a_tie_without_captain_is_revoted_then_nobody_leaves(journal, book):
    game_id = import_record(journal, book, GAMES / "tie-without-captain.yaml")
    state = session.load(journal, book, game_id).state
    assert state.phase == "night" and state.night == 2
    assert [s.name for s in state.seats if not s.alive] == ["Emma"]
    keys = [line.text.key for line in state.story]
    assert keys.count("game.story.tie") >= 1 and "game.story.nobody-out" in keys


def test_warnings_cite_their_rule_at_the_moment_they_matter(journal, book, tmp_path):
    game_id = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    for kind, data in [("call", {"step": "couple"}), ("look", {"target": "Emma"}),
                       ("kill", {"victim": "Emma"}), ("potions", {"poison": "Farid"}),
                       ("dawn", {}), ("election", {"captain": "Chloé"}),
                       ("vote", {"votes": {"Alice": "Gaëlle", "Bruno": "Gaëlle"}}),
                       ("look", {"target": "Alice"})]:  # fmt: skip
        _add(journal, book, game_id, kind, **data)
    state = _add(journal, book, game_id, "kill", victim="Hugo").state
    codes = {w.code: w.rule for w in warnings(state)}
    assert codes["parity-tonight"] == "lg-win-wolves"
    text = next(w for w in warnings(state) if w.code == "parity-tonight").text.say("en")
    assert "the witch can still prevent it" in text
    state = _add(journal, book, game_id, "potions", save=True).state
    assert codes and "parity-tonight" not in {w.code for w in warnings(state)}
    assert "witch-empty" in {w.code for w in warnings(state)}


def test_a_skipped_role_is_warned_about(journal, book, tmp_path):
    game_id = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    state = _add(journal, book, game_id, "look", target="Emma").state
    assert {w.code: w.rule for w in warnings(state)}["skipped-couple"] == "lg-mistake-absent-role"


def test_the_captain_and_hunter_in_love_are_warned_about(journal, book, tmp_path):
    roles = {"loup-garou": 2, "cupidon": 1, "chasseur": 1, "villageois": 4}
    deal = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloé": "cupidon", "Driss": "chasseur"}
    game_id = _game(journal, book, tmp_path, roles, deal)
    state = _add(journal, book, game_id, "couple", lovers=["Driss", "Emma"]).state
    assert {w.rule for w in warnings(state)} >= {"lg-cascade-chain"}


def _refused(journal, book, game_id, kind, rule: str | None, **data):
    before = len(journal.events(game_id))
    with pytest.raises(IllegalEventError) as caught:
        _add(journal, book, game_id, kind, **data)
    assert len(journal.events(game_id)) == before
    if rule is not None:
        assert caught.value.rule == rule
        assert rule in caught.value.message("fr") and rule in caught.value.message("en")
    return caught.value


def test_illegal_events_are_refused_with_their_rule(journal, book, tmp_path):
    roles = {"loup-garou": 2, "cupidon": 1, "sorciere": 1, "villageois": 4}
    deal = {"Alice": "loup-garou", "Bruno": "loup-garou", "Chloé": "cupidon", "Driss": "sorciere"}
    game_id = _game(journal, book, tmp_path, roles, deal,
                    {"lg-contested-witch-self-save": "never"})  # fmt: skip
    _refused(journal, book, game_id, "couple", "lg-lovers-formed", lovers=["Emma", "Emma"])
    _add(journal, book, game_id, "couple", lovers=["Emma", "Farid"])
    _refused(journal, book, game_id, "couple", None, lovers=["Gaëlle", "Hugo"])
    _add(journal, book, game_id, "call", step="voyante")
    _refused(journal, book, game_id, "kill", "lg-night-wolves", victim="Bruno")
    _refused(journal, book, game_id, "potions", "lg-mistake-witch-first", save=False)
    _add(journal, book, game_id, "kill", victim="Driss")
    _refused(journal, book, game_id, "potions", "lg-contested-witch-self-save", save=True)
    session.undo(journal, book, game_id)
    _add(journal, book, game_id, "kill", victim="Gaëlle")
    _refused(journal, book, game_id, "potions", "lg-contested-witch-two-potions", save=True,
             poison="Hugo")  # fmt: skip
    _add(journal, book, game_id, "potions", poison="Hugo")
    _add(journal, book, game_id, "dawn")
    _add(journal, book, game_id, "election", captain="Driss")
    _refused(journal, book, game_id, "vote", None, votes={"Hugo": "Alice"})  # dead voter
    _refused(journal, book, game_id, "vote", None, votes={"Alice": "Hugo"})  # dead target
    # A dying captain's successor must be alive and not dying.
    error = _refused(journal, book, game_id, "vote", "lg-captain-succession",
                     votes={n: "Driss" for n in ["Alice", "Bruno", "Chloé", "Emma", "Farid"]},
                     successor={"Driss": "Driss"})  # fmt: skip
    assert error.rule == "lg-captain-succession"
    _add(journal, book, game_id, "vote", votes={"Alice": "Chloé", "Bruno": "Chloé"})
    _add(journal, book, game_id, "call", step="voyante")
    _add(journal, book, game_id, "kill", victim="Emma")
    _refused(journal, book, game_id, "potions", "lg-mistake-forgotten-potion", poison="Alice")


READINGS = {
    # whose reading applies → what each language says of it
    "table": {"fr": "lecture de la table", "en": "the table's reading"},
    "documents": {"fr": "celle des documents", "en": "the documents'"},
    "garou": {"fr": "celle de garou", "en": "garou's"},
}


@pytest.mark.parametrize(
    ("agreement", "refused", "whose"),
    [
        # The documents' default (one potion a night), nobody agreed it.
        ({}, {"save": True, "poison": "Hugo"}, "documents"),
        ({"lg-contested-witch-two-potions": "one-per-night"},
         {"save": True, "poison": "Hugo"}, "table"),
        # garou's default for the wolves' disagreement is not the wolves' majority.
        ({}, {"majority": True}, "documents"),
        ({"lg-contested-witch-self-save": "never"}, {"self": True}, "table"),
    ],
)  # fmt: skip
def test_a_refusal_says_whose_reading_applies(journal, book, tmp_path, agreement, refused, whose):
    roles = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "villageois": 4}
    tmp = start_data(book, lg_setup(tmp_path, roles), deal=FIRST_DEAL)
    assert tmp["agreement"] == {}  # nobody agreed anything: nothing recorded as agreed
    game_id = _game(journal, book, tmp_path, roles, FIRST_DEAL, agreement)
    _add(journal, book, game_id, "call", step="voyante")
    if refused.pop("majority", False):
        error = _refused(journal, book, game_id, "kill", "lg-contested-wolves-unanimous",
                         victim="Gaëlle", decided="majority")  # fmt: skip
    elif refused.pop("self", False):
        _add(journal, book, game_id, "kill", victim="Driss")
        error = _refused(journal, book, game_id, "potions", "lg-contested-witch-self-save",
                         save=True)  # fmt: skip
    else:
        _add(journal, book, game_id, "kill", victim="Gaëlle")
        error = _refused(journal, book, game_id, "potions", "lg-contested-witch-two-potions",
                         **refused)  # fmt: skip
    for lang in ("fr", "en"):
        said = error.message(lang)
        assert READINGS[whose][lang] in said, said
        others = [w for w in READINGS if w != whose]
        assert not any(READINGS[w][lang] in said for w in others), said


def test_a_choice_that_belongs_to_a_player_is_asked_never_made(journal, book):
    text = (GAMES / "hunter-lover.yaml").read_text(encoding="utf-8")
    path = Path(journal.path).parent / "no-shot.yaml"
    path.write_text(text.replace("{kind: dawn, shoot: {Driss: Bruno}}", "{kind: dawn}"), "utf-8")
    with pytest.raises(DataFileError) as caught:
        import_record(journal, book, path)
    message = caught.value.message("en")
    line = 1 + path.read_text("utf-8").splitlines().index("  - {kind: dawn}")
    assert f"no-shot.yaml:{line}" in message and "lg-hunter-shot" in message
    assert journal.games() == []


def test_import_stops_at_the_first_illegal_event_with_its_line(garou, tmp_path):
    text = (GAMES / "parity.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("{kind: kill, victim: Hugo}", "{kind: kill, victim: Alice}"),
                   "utf-8")  # fmt: skip
    line = next(
        i for i, t in enumerate(bad.read_text("utf-8").splitlines(), 1) if "victim: Alice}" in t
    )
    run = garou("game", "import", str(bad), "--db", str(tmp_path / "g.sqlite"), "--lang", "fr")
    assert run.exit_code == 1
    assert f"bad.yaml:{line}" in run.stderr and "lg-night-wolves" in run.stderr
    assert "rien n'a été enregistré" in run.stderr
    listed = garou("game", "list", "--db", str(tmp_path / "g.sqlite"), "--json").json()
    assert listed["games"] == []


def test_new_refuses_a_setup_garou_check_fails_with_the_fixes(garou, tmp_path):
    run = garou("game", "new", "--setup", str(SETUPS / "big-evening.yaml"),
                "--names", ",".join(f"P{i}" for i in range(11)),
                "--db", str(tmp_path / "g.sqlite"), "--lang", "en")  # fmt: skip
    assert run.exit_code == 1
    assert "lg-wolf-count" in run.stderr and "→" in run.stderr
    assert (
        not (tmp_path / "g.sqlite").exists()
        or garou("game", "list", "--db", str(tmp_path / "g.sqlite"), "--json").json()["games"] == []
    )


def test_new_and_status_give_the_documented_json(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    made = garou("game", "new", "--setup", str(SETUPS / "first-game.yaml"), "--db", db, "--json")
    assert made.exit_code == 0 and isinstance(made.json()["id"], int)
    status = garou("game", "status", "--db", db, "--json").json()
    assert {"id", "game", "phase", "night", "day", "players", "captain", "lovers", "potions",
            "warnings", "winner"} <= set(status)  # fmt: skip
    assert set(status["players"][0]) >= {"name", "role", "alive", "lover", "captain"}
    assert status["phase"] == "night" and status["potions"] == {"life": True, "death": True}


def test_undo_appends_a_marker_and_the_same_event_gives_the_same_state(journal, book, tmp_path):
    game_id = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    _add(journal, book, game_id, "call", step="couple")
    before = _add(journal, book, game_id, "look", target="Emma").state.to_dict("en")
    session.undo(journal, book, game_id)
    assert [e.kind for e in journal.events(game_id)][-1] == "undo"
    assert len(journal.events(game_id)) == 4
    again = _add(journal, book, game_id, "look", target="Emma").state.to_dict("en")
    assert again == before


def test_a_correction_records_what_and_why_and_the_recap_shows_it(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(GAMES / "tie-without-captain.yaml"), "--db", db)
    # A correction that makes a later event illegal (Hugo, now dead, voted) is refused.
    refused = garou("game", "correct", "4", "kill", "victim=Hugo", "--why", "mal entendu",
                    "--db", db, "--json")  # fmt: skip
    assert refused.exit_code == 1 and "Hugo" in refused.json()["error"]["message"]
    fixed = garou("game", "correct", "5", "potions", "save=true", "--why", "mal entendu",
                  "--db", db, "--json")  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    assert all(p["alive"] for p in fixed.json()["players"])
    recap = garou("game", "recap", "--db", db, "--json").json()
    from garou.core.catalogue import say

    saves = say("game.event.field.save.yes", "fr")  # said in words, not save=True
    assert any("mal entendu" in c and saves in c for c in recap["corrections"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_correction_names_the_later_event_it_breaks(garou, tmp_path, lang):
    from garou.core.catalogue import say

    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(GAMES / "tie-without-captain.yaml"), "--db", db)
    args = ("game", "correct", "4", "kill", "victim=Hugo", "--why", "x", "--db", db, "--lang", lang)
    refused = garou(*args, "--json").json()["error"]
    (where,) = refused["where"]
    assert where["event"] > 4 and where["kind"] == "vote"  # Hugo, now dead, voted later
    said = say("msgs.correct-breaks", lang, seq="4", later=str(where["event"]), kind="§", why="")
    head = said.split("§")[0]
    assert refused["message"].startswith(head) and "(vote)" not in refused["message"]
    assert head in garou(*args).stderr  # the later event said as a sentence, not its kind's id
    # The corrected event itself refused: its own message, no other event named.
    alone = garou(*args[:4], "victim=Zed", *args[5:], "--json").json()["error"]
    assert alone["where"] == [] and "Zed" in alone["message"]


def test_export_then_import_gives_the_same_game(journal, book, tmp_path):
    first = import_record(journal, book, GAMES / "couple-wins.yaml")
    session.undo(journal, book, first)
    path = tmp_path / "out.yaml"
    path.write_text(dump_record(game_record(journal, first)), encoding="utf-8")
    second = import_record(journal, book, path, force=True)
    assert session.status(journal, book, second, "en") | {"id": first} == session.status(
        journal, book, first, "en"
    )


def test_a_foreign_or_damaged_file_is_reported_never_replaced(tmp_path):
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (x)")
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database at all" * 100)
    for path in (other, junk):
        before = path.read_bytes()
        with pytest.raises(GarouError) as caught:
            open_journal(path)
        assert "GAROU_DB" in caught.value.message("en")
        assert path.read_bytes() == before


def test_the_schema_version_is_stored_and_a_newer_one_refused(tmp_path):
    path = tmp_path / "g.sqlite"
    open_journal(path).close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == (
            str(SCHEMA_VERSION),
        )
        db.execute("UPDATE meta SET value=? WHERE key='schema'", (str(SCHEMA_VERSION + 1),))
    with pytest.raises(GarouError) as caught:
        open_journal(path)
    assert str(SCHEMA_VERSION + 1) in caught.value.message("fr")


def test_several_games_live_in_one_journal(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    for name in ("parity.yaml", "couple-wins.yaml"):
        garou("game", "import", str(GAMES / name), "--db", db)
    listed = garou("game", "list", "--db", db, "--json").json()["games"]
    assert [g["winner"] for g in listed] == ["loups", "couple"]


WRITER = textwrap.dedent(
    """
    import sys
    from garou.rules import load_rules
    from garou.game import session
    from garou.game.journal import open_journal
    book = load_rules()
    journal = open_journal(sys.argv[1])
    game_id = int(sys.argv[2])
    n = 0
    while True:
        kind = "look" if n % 2 == 0 else "undo"
        data = {"target": "Emma"} if kind == "look" else {}
        session.record(journal, book, game_id, kind, data)
        n += 1
        print(n, flush=True)
    """
)


def test_a_killed_process_loses_nothing_it_committed(journal, book, tmp_path):
    game_id = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    _add(journal, book, game_id, "call", step="couple")
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(journal.path), str(game_id)],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert writer.stdout is not None
    committed = 0
    deadline = time.monotonic() + 60
    while committed < 15 and time.monotonic() < deadline:
        committed = int(writer.stdout.readline() or committed)
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    assert committed >= 15
    with open_journal(journal.path) as reopened:
        events = reopened.events(game_id)
        assert len(events) >= 2 + committed  # start, call, then every committed event
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        replay(book, events)  # still a legal game


def test_the_journal_says_which_event_a_form_recorded(journal, book, tmp_path):
    first = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    other = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    assert journal.form_seq(first, "f1") is None  # no form recorded in this journal yet
    event, new = journal.record_form(first, "f1", "call", {"step": "voyante"})
    assert new and journal.form_seq(first, "f1") == event.seq == 2
    assert journal.form_seq(first, "f2") is None and journal.form_seq(other, "f1") is None
    again, new = journal.record_form(first, "f1", "call", {"step": "voyante"})
    assert not new and again == event and len(journal.events(first)) == 2


def test_two_terminals_recording_at_once_never_corrupt_the_game(journal, book, tmp_path):
    game_id = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    _add(journal, book, game_id, "call", step="couple")
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(journal.path), str(game_id)],
                         stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]  # fmt: skip
    for writer in writers:
        assert writer.stdout is not None
        for _ in range(8):
            writer.stdout.readline()
    for writer in writers:
        writer.kill()
        writer.wait()
    events = journal.events(game_id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    replay(book, events)


def test_play_walks_a_whole_game_in_french(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou(
        "game",
        "new",
        "--setup",
        str(lg_setup(tmp_path, {"loup-garou": 1, "voyante": 1, "villageois": 3}, NAMES[:5])),
        "--db",
        db,
        "--deal",
        "Alice=loup-garou,Bruno=voyante",
    )
    answers = [
        "",  # Cupid, not dealt: the cue, Enter
        "Alice",  # the seer looks at Alice
        "Chloé",  # the wolves' victim
        "oui",  # they agreed
        "",  # the witch, not dealt
        "",  # dawn
        "Bruno",  # the captain
        "non",  # no countdown
        "Bruno", "Alice", "Alice", "Alice",  # the ballots, in seat order
    ]  # fmt: skip
    run = garou("game", "play", "--db", db, "--lang", "fr", input="\n".join(answers) + "\n")
    assert run.exit_code == 0, run.stderr
    out = run.stdout
    assert "Pas en jeu" in out and "À lire" in out
    assert out.index("Cupidon") < out.index("Voyante") < out.index("Loup-Garou")
    assert "Victoire : le village" in out.replace("\u00a0", " ")
    assert " the " not in out


def test_play_resumes_where_it_stopped(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "new", "--setup", str(SETUPS / "first-game.yaml"), "--db", db,
          "--deal", ",".join(f"{k}={v}" for k, v in FIRST_DEAL.items()))  # fmt: skip
    garou("game", "play", "--db", db, "--lang", "en", input="\nEmma\n")  # then end of input
    status = garou("game", "status", "--db", db, "--json").json()
    assert status["next"] == "loups" and status["looks"][0]["target"] == "Emma"
    run = garou("game", "play", "--db", db, "--lang", "en", input="q\n")
    assert "Werewolf" in run.stdout and "Cupid" not in run.stdout.split("Calling")[-1]


def test_the_countdown_runs_on_a_fake_clock(monkeypatch):
    from garou.cli.commands import game_play

    now = [0.0]
    said: list[str] = []

    class FakeClock:
        @staticmethod
        def now() -> float:
            return now[0]

        @staticmethod
        def sleep(seconds: float) -> None:
            now[0] += seconds

    class Out:
        def show(self, text: str, style: str = "") -> None:
            said.append(f"{now[0]:.0f}:{text}")

        def say(self, key: str, **values: Any) -> str:
            from garou.core.catalogue import say

            return say(key, "en", **values)

    out = Out()
    out.clock = FakeClock  # type: ignore[attr-defined]
    game_play.run_countdown(out, 300)  # type: ignore[arg-type]
    assert said[0] == "0:5 minutes left." and said[-1].startswith("300:Time is up")
    assert "240:1 minute left." in said and "270:30 s left." in said


def _legal_game(data, journal, book, tmp_path, game_id) -> list[tuple[str, dict]]:
    """Play random legal events; return those recorded."""
    recorded = []
    for _ in range(data.draw(st.integers(5, 40))):
        state = session.load(journal, book, game_id).state
        if state.phase == "over":
            break
        alive = [s.name for s in state.living()]
        pick = data.draw(st.sampled_from(alive))
        if state.phase == "night":
            step = state.next_step()
            kind, event = "dawn", {}
            if step is not None:
                kind = {"couple": "couple", "check": "look", "kill": "kill",
                        "save-or-poison": "potions"}[step.does]  # fmt: skip
                event = {
                    "couple": {"lovers": data.draw(st.permutations(alive))[:2]},
                    "look": {"target": pick},
                    "kill": {"victim": pick},
                    "potions": {
                        "save": data.draw(st.booleans()),
                        "poison": data.draw(st.sampled_from([None, pick])),
                    },
                }[kind]
                if data.draw(st.integers(0, 5)) == 0:
                    kind, event = "call", {"step": step.id}  # fmt: skip
        elif state.day_stage() == "election":
            kind, event = "election", {"captain": pick}
        else:
            pool = list(state.tied) or alive
            kind = "vote"
            event = {"votes": {v: data.draw(st.sampled_from(pool)) for v in alive}}
        for _attempt in range(4):
            try:
                _add(journal, book, game_id, kind, **event)
                recorded.append((kind, event))
                break
            except IllegalEventError as exc:
                if exc.ask is None:
                    break
                chosen = data.draw(st.sampled_from(list(exc.ask.options)))
                if exc.ask.kind == "captain-pick":
                    event = {**event, "captain_pick": chosen}
                else:
                    key = "shoot" if exc.ask.kind == "shoot" else "successor"
                    event = {**event, key: {**event.get(key, {}), exc.ask.chooser: chosen}}
    return recorded


def _possible(state) -> None:
    """Fail when the state is impossible."""
    alive = {s.name for s in state.living()}
    if state.lovers:
        assert (state.lovers[0] in alive) == (state.lovers[1] in alive)
    assert state.captain is None or state.captain in alive
    assert set(state.potions) <= {"life", "death"}
    assert all(s.death for s in state.seats if not s.alive)
    counts: dict[str, int] = {}
    for s in state.seats:
        if s.role:
            counts[s.role] = counts.get(s.role, 0) + 1
    assert all(n <= state.cards.get(r, 0) for r, n in counts.items())
    if state.phase == "over":
        assert state.winner is not None or not alive
    else:
        assert alive


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_random_legal_games_stay_possible_and_replay_the_same(data, tmp_path_factory, book):
    tmp_path = tmp_path_factory.mktemp("prop")
    roles = data.draw(st.sampled_from([
        FIRST, {"loup-garou": 2, "cupidon": 1, "chasseur": 1, "villageois": 4},
        {"loup-garou": 2, "cupidon": 1, "sorciere": 1, "chasseur": 1, "villageois": 3},
    ]))  # fmt: skip
    cards = [r for r, n in roles.items() for _ in range(n)]
    deal = dict(zip(NAMES, data.draw(st.permutations(cards)), strict=True))
    with open_journal(tmp_path / "g.sqlite") as journal:
        game_id = _game(journal, book, tmp_path, roles, deal)
        recorded = _legal_game(data, journal, book, tmp_path, game_id)
        state = session.load(journal, book, game_id).state
        _possible(state)
        for line in state.story:
            line.text.say("fr"), line.text.say("en")
        # Replaying the record gives the same state.
        record = game_record(journal, game_id)
        path = tmp_path / "r.yaml"
        path.write_text(dump_record(record), encoding="utf-8")
        copy = import_record(journal, book, path, force=True)
        assert session.status(journal, book, copy, "en") | {"id": game_id} == session.status(
            journal, book, game_id, "en"
        )
        # Undo then the same event gives the same state.
        if len(recorded) >= 1 and state.phase != "over":
            before = session.status(journal, book, game_id, "en")
            kind, event = recorded[-1]
            session.undo(journal, book, game_id)
            _add(journal, book, game_id, kind, **event)
            assert session.status(journal, book, game_id, "en") | {"events": 0} == before | {
                "events": 0
            }


def test_every_game_command_has_help(garou):
    for command in ("new", "play", "add", "undo", "correct", "status", "list", "recap",
                    "export", "import"):  # fmt: skip
        run = garou("game", command, "--help")
        assert run.exit_code == 0 and "Exemple" in run.stdout  # the fixture's French
        english = garou("game", command, "--help", "--lang", "en")
        assert english.exit_code == 0 and "Example" in english.stdout


def test_the_recap_prints_as_markdown_and_html(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(GAMES / "couple-wins.yaml"), "--db", db)
    md = garou("game", "recap", "--db", db, "-f", "md", "--lang", "en")
    assert md.exit_code == 0 and "## What nobody saw at night" in md.stdout
    assert "The couple is formed: Alice and Driss." in md.stdout.replace("\\", "")
    html = garou("game", "recap", "--db", db, "-o", str(tmp_path / "r.html"), "--lang", "fr")
    assert html.exit_code == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<h2>Ce que personne n&#39;a vu la nuit</h2>" in page or "personne n" in page
    assert json.loads(garou("game", "recap", "--db", db, "--json").stdout)["winner"]


def test_reading_commands_never_create_a_journal(garou, tmp_path):
    missing = tmp_path / "nowhere" / "g.sqlite"
    for args in (("status",), ("add", "look", "target=Emma"), ("undo",), ("list",)):
        run = garou("game", *args, "--db", str(missing), "--lang", "en")
        assert run.exit_code == 1 and "garou game new" in run.stderr
    assert not missing.parent.exists()


def test_a_missing_value_is_named(journal, book, tmp_path):
    game_id = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    error = _refused(journal, book, game_id, "look", None)
    assert "target is missing" in error.message("en") and "la cible" in error.message("fr")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_resolver_refusal_is_said_in_the_game_language(book, lang):
    from garou.game import engine

    seats = [engine.Seat("Alice", "loup-garou"), engine.Seat("Bruno", "villageois"),
             engine.Seat("Hugo", "villageois", alive=False)]  # fmt: skip
    with pytest.raises(IllegalEventError) as caught:
        engine.count_vote(
            book.game("loup-garou"),
            seats,
            None,
            None,
            votes={"Hugo": "Alice"},
            tallies=None,
            round="first",
            tied=(),
            captain_pick=None,
            lang=lang,
        )
    said = caught.value.message(lang)
    assert "Hugo" in said
    assert ("dead" not in said) if lang == "fr" else ("dead" in said)


@pytest.mark.parametrize(
    "args",
    [["game", "status"], ["game", "status", "999"], ["game", "undo", "999"],
     ["game", "recap", "999"], ["club", "standings"]],
)  # fmt: skip
def test_game_errors_go_through_the_one_handler(garou, tmp_path, args):
    """With --json an error is a JSON object; an unknown game id or journal exits 1."""
    db = str(tmp_path / "none.sqlite")
    run = garou(*args, "--db", db, "--json")
    assert run.exit_code == 1
    assert run.json()["error"]["exit_code"] == 1 and run.stderr == ""
    human = garou(*args, "--db", db)
    assert human.exit_code == 1 and human.stderr.startswith("Erreur\u00a0: ")
    imported = garou("game", "import", str(GAMES / "couple-wins.yaml"), "--db", db)
    assert imported.exit_code == 0
    if "999" in args:
        assert garou(*args, "--db", db, "--json").json()["error"]["exit_code"] == 1


def test_importing_a_missing_record_creates_no_journal(garou, tmp_path):
    db = tmp_path / "new.sqlite"
    run = garou("game", "import", str(tmp_path / "missing.yaml"), "--db", str(db), "--json")
    assert run.exit_code == 1 and "missing.yaml" in run.json()["error"]["message"]
    assert not db.exists()


ODD_NAMES = ["No", "~", "010", "1e3", "yes", "null", "true", "12"]
"""Names YAML 1.1 would read as false, None, 8, a date, true, a number."""


def _odd_record(tmp_path: Path, events: str = "") -> Path:
    path = tmp_path / "odd.yaml"
    # Hand-written: the names plain, as a person types them, in the setup and in the events.
    path.write_text(
        "game: {id: loup-garou, name: No, table: 010, date: 2026-12-03}\n"
        f"setup:\n  players: [{', '.join(ODD_NAMES)}]\n"
        "  roles: {loup-garou: 2, villageois: 6}\n"
        "  deal: {No: loup-garou, 010: loup-garou}\n"
        "agreement: {}\n"
        "events:\n  - {kind: kill, victim: true}\n  - {kind: dawn}\n" + events,
        encoding="utf-8",
    )
    return path


def test_a_records_names_survive_import_and_export(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    first = garou("game", "import", str(_odd_record(tmp_path)), "--db", db, "--json")
    assert first.exit_code == 0, first.stderr
    status = garou("game", "status", "--db", db, "--json").json()
    assert [p["name"] for p in status["players"]] == ODD_NAMES
    assert status["name"] == "No"
    dead = [p["name"] for p in status["players"] if not p["alive"]]
    wolves = [p["name"] for p in status["players"] if p["role"] == "loup-garou"]
    assert dead == ["true"] and wolves == ["No", "010"]
    exported = tmp_path / "again.yaml"
    exported.write_text(garou("game", "export", "--db", db).stdout, encoding="utf-8")
    second = garou("game", "import", str(exported), "--db", db, "--json", "--force")
    assert second.exit_code == 0, second.stderr
    again = garou("game", "status", str(second.json()["id"]), "--db", db, "--json").json()
    assert again | {"id": status["id"]} == status
    from garou.game.record import read_game_record

    record = read_game_record(exported).record
    assert (record.game.table, record.game.date) == ("010", "2026-12-03")
    assert record.setup.players == tuple(ODD_NAMES) and record.events[0] == {
        "kind": "kill",
        "victim": "true",
    }


@pytest.mark.parametrize(
    "change, line, path, en, fr",
    [
        (("name: No,", "nom: No,"), 1, "game.nom", "unknown key 'nom'", "clé inconnue 'nom'"),
        (("agreement: {}\n", ""), 1, "agreement", "missing required key", "il manque la clé"),
        (("  deal:", "  seed: abc\n  deal:"), 5, "setup.seed", "a whole number", "nombre entier"),
        (("[No, ", "[{a: 1}, "), 3, "setup.players[0]", "a non-empty text", "texte non vide"),
        (("agreement: {}", "agreement: {}\nagreement: {}"), 7, "agreement", "duplicate", "double"),
        (("{kind: dawn}", "{when: dawn}"), 9, "events[1]", "its 'kind'", "un événement est"),
        (("events:\n", "events: 3\n"), 7, "events", "expected a list", "il faut une liste"),
    ],
)
def test_a_records_problem_is_said_with_file_line_and_key_in_both_languages(
    garou, tmp_path, change, line, path, en, fr
):
    file = _odd_record(tmp_path)
    text = file.read_text("utf-8")
    assert change[0] in text
    file.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    if change[0] == "events:\n":
        file.write_text(file.read_text("utf-8").split("events: 3\n")[0] + "events: 3\n", "utf-8")
    db = str(tmp_path / "g.sqlite")
    english = garou("game", "import", str(file), "--db", db, "--lang", "en")
    french = garou("game", "import", str(file), "--db", db, "--lang", "fr")
    assert english.exit_code == french.exit_code == 1
    assert f"odd.yaml:{line} ({path})" in english.stderr and en in english.stderr
    assert f"odd.yaml:{line} ({path})" in french.stderr and fr in french.stderr
    assert "Traceback" not in english.stderr + french.stderr
    data = garou("game", "import", str(file), "--db", db, "--json", "--lang", "en").json()
    (problem,) = data["error"]["where"]
    assert (problem["line"], problem["path"]) == (line, path) and en in problem["message"]
    assert not Path(db).exists()  # refused before a journal is made


def test_an_events_values_are_typed_by_their_key():
    from garou.core.reader import parse_yaml
    from garou.game.record import event_data

    text = (
        "- {kind: potions, save: yes, poison: ~}\n"
        "- {kind: vote, tallies: {No: 3, 12: 010}, votes: {true: No, 010: '~'}}\n"
        "- {kind: speech, player: 12, seconds: 45}\n"
        "- {kind: correct, seq: 3, why: No, event: {kind: potions, save: off, poison: null}}\n"
        "- {kind: potions, save: maybe, poison: 'null'}\n"
    )
    assert [event_data(e) for e in parse_yaml(text, "x", source=True)] == [
        {"kind": "potions", "save": True, "poison": None},
        {"kind": "vote", "tallies": {"No": 3, "12": 10}, "votes": {"true": "No", "010": "~"}},
        {"kind": "speech", "player": "12", "seconds": 45},
        {"kind": "correct", "seq": 3, "why": "No",
         "event": {"kind": "potions", "save": False, "poison": None}},
        {"kind": "potions", "save": "maybe", "poison": "null"},  # refused by the game's check
    ]  # fmt: skip


def test_an_event_given_on_the_command_line_names_players_as_typed(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    assert garou("game", "import", str(_odd_record(tmp_path)), "--db", db).exit_code == 0
    for _ in range(2):
        assert garou("game", "undo", "--db", db).exit_code == 0
    for victim in ("12", "yes"):
        added = garou("game", "add", "kill", f"victim={victim}", "--db", db, "--json")
        assert added.exit_code == 0, added.stderr  # 12 and yes are villagers: a victim
        assert garou("game", "undo", "--db", db).exit_code == 0
    refused = garou("game", "add", "kill", "victim=No", "--db", db, "--json", "--lang", "en")
    assert refused.exit_code == 1 and "No is a werewolf" in refused.json()["error"]["message"]
    garou("game", "add", "kill", "victim=true", "--db", db)
    status = garou("game", "add", "dawn", "--db", db, "--json").json()
    assert [p["name"] for p in status["players"] if not p["alive"]] == ["true"]


_SHAPED = (GAMES / "tie-without-captain.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("line", "event", "path", "expected", "got"),
    [
        ("  - {kind: kill, victim: Emma}", "{kind: kill, victim: ['Dr: Who']}",
         "events[2].victim", "one-name", "list"),
        ("  - {kind: kill, victim: Emma}", "{kind: kill, victim: {Emma: x}}",
         "events[2].victim", "one-name", "mapping"),
        ("  - {kind: call, step: couple}", "{kind: call, step: [couple]}",
         "events[0].step", "one-value", "list"),
        ("  - {kind: call, step: couple}", "{kind: couple, lovers: Alice}",
         "events[0].lovers", "list", "value"),
        ("  - {kind: call, step: couple}", "{kind: couple, lovers: [[Alice], Bruno]}",
         "events[0].lovers[0]", "one-name", "list"),
        ("  - {kind: dawn}", "{kind: dawn, shoot: [Hugo]}", "events[4].shoot", "mapping", "list"),
        ("  - {kind: dawn}", "{kind: dawn, shoot: {Hugo: [Emma]}}",
         "events[4].shoot.Hugo", "one-name", "list"),
        ("  - {kind: look, target: Bruno}", "{kind: look, target: Bruno, by: {Chloé: x}}",
         "events[1].by", "names", "mapping"),
    ],
)  # fmt: skip
def test_a_record_value_of_the_wrong_shape_names_its_key(garou, tmp_path, lang, line, event,
                                                         path, expected, got):  # fmt: skip
    from garou.core.catalogue import phrase, say

    assert line in _SHAPED
    # Each event is checked, also one that a later correction replaces.
    text = _SHAPED.replace(line, f"  - {event}") + (
        "  - {kind: correct, seq: 4, why: x, event: {kind: kill, victim: Emma}}\n"
    )
    record = tmp_path / "bad.yaml"
    record.write_text(text, encoding="utf-8")
    result = garou("game", "import", str(record), "--db", str(tmp_path / "g.sqlite"),
                   "--lang", lang, "--json")  # fmt: skip
    assert result.exit_code != 0
    (problem,) = result.json()["error"]["where"]
    said = say("msgs.shape.wrong", lang, expected=phrase(f"msgs.shape.expected.{expected}"),
               got=phrase(f"msgs.shape.got.{got}"))  # fmt: skip
    assert problem["path"] == path and problem["message"] == said
    assert problem["line"] == text.splitlines().index(f"  - {event}") + 1


def test_a_correction_event_of_the_wrong_shape_names_its_key(garou, tmp_path):
    record = tmp_path / "bad.yaml"
    record.write_text(_SHAPED + "  - {kind: correct, seq: 4, why: x, event: {kind: kill, "
                      "victim: [Emma]}}\n", encoding="utf-8")  # fmt: skip
    result = garou("game", "import", str(record), "--db", str(tmp_path / "g.sqlite"), "--json")
    (problem,) = result.json()["error"]["where"]
    assert problem["path"] == "events[7].event.victim"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("pair", "expected", "got"), [
    ("victim=[A, B]", "one-name", "list"), ("votes=[A]", "mapping", "list"),
    ("lovers={A: B}", "list", "mapping"),
])  # fmt: skip
def test_a_value_of_the_wrong_shape_typed_at_the_command_line_names_its_pair(
    garou, tmp_path, lang, pair, expected, got
):
    from garou.core.catalogue import phrase, say

    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(GAMES / "tie-without-captain.yaml"), "--db", db)
    result = garou("game", "add", "kill", pair, "--db", db, "--lang", lang)
    said = say("msgs.shape.wrong", lang, expected=phrase(f"msgs.shape.expected.{expected}"),
               got=phrase(f"msgs.shape.got.{got}"))  # fmt: skip
    assert result.exit_code != 0 and say("msgs.usage.shape", lang, pair=pair, why=said) in (
        result.stderr
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_next_says_the_step_in_the_language_never_its_id(garou, tmp_path, book, lang):
    from garou.core.catalogue import join, say

    game = book.game("loup-garou")
    steps = {s.id: s for s in (*game.night.first, *game.night.every)}
    names = {r.id: r.name.get(lang) for r in game.roles}
    record = tmp_path / "r.yaml"
    head = (GAMES / "tie-without-captain.yaml").read_text(encoding="utf-8").split("events:")[0]
    record.write_text(head + "events: []\n", encoding="utf-8")
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(record), "--db", db)
    seen = set()
    events = (["call", "step=couple"], ["look", "target=Bruno"], ["kill", "victim=Emma"],
              ["potions"], ["dawn"], ["vote", "votes={Alice: Chloé, Bruno: Chloé}"])  # fmt: skip
    for event in events:
        said = garou("game", "add", *event, "--db", db, "--lang", lang)
        assert said.exit_code == 0, said.stderr
        status = garou("game", "status", "--db", db, "--json").json()
        step = status["next"]
        if step in steps:
            wanted = join([names[r] for r in steps[step].roles], lang, "and")
        else:
            wanted = say(f"msgs.next.{step}", lang)
        line = said.stdout.strip().splitlines()[-1]
        assert line.endswith(" " + wanted), line
        assert lang == "en" and step not in steps or not line.endswith(step), line
        seen.add(step)
    assert len(seen) >= 4  # night steps, dawn and the vote


def test_command_hints_are_never_wrapped(garou, tmp_path, monkeypatch):
    from garou.core.catalogue import say

    monkeypatch.setenv("COLUMNS", "40")
    db = str(tmp_path / "g.sqlite")
    names = ["Anastasia", "Bogdanovich", "Constantin", "Dmitrievna", "Evgenia", "Feodosia",
             "Gavrilova", "Heraclius", "Innokenty", "Jaroslava"]  # fmt: skip
    created = garou("game", "new", "--game", "mafia", "--names", ",".join(names), "--seed", "1",
                    "--db", db, "--lang", "en")  # fmt: skip
    line = say("game.cli.created", "en", id=1, db=db, option=f" --db {db}")
    assert line in created.stdout.splitlines()
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    for name in names:  # every speech of the day is due before the night (mf-speech)
        assert garou("game", "add", "speech", f"player={name}", "--db", db).exit_code == 0
    added = garou("game", "add", "night", "--db", db, "--lang", "en")
    assert added.exit_code == 0, added.stderr
    status = garou("game", "status", "--db", db, "--lang", "en")
    data = garou("game", "status", "--db", db, "--json", "--lang", "en").json()
    assert "garou game add shot" in data["next"]
    for out in (added.stdout, status.stdout):
        assert any(line.endswith(data["next"]) and len(line) > 40 for line in out.splitlines())


def _kind(db, game_id, seq):
    with sqlite3.connect(db) as c:
        return c.execute(
            "SELECT kind FROM events WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone()[0]


@pytest.mark.parametrize("data", ['{"by": "Ana"', "not json", "[]", "null", '"x"'])
def test_a_damaged_event_is_named_never_a_traceback(garou, tmp_path, data):
    db = _season(garou, tmp_path)
    _edit(db, 2, 5, "data", data)
    kind = _kind(db, 2, 5)
    for lang in ("en", "fr"):
        status = garou("--lang", lang, "game", "status", "2", "--db", db)
        assert status.exit_code == 1
        assert "Traceback" not in status.stderr + status.stdout
        assert "2" in status.stderr and "5" in status.stderr and kind in status.stderr
        assert ("journal" in status.stderr) and ("abîmé" in status.stderr) == (lang == "fr")
    said = garou("--lang", "en", "--json", "game", "status", "2", "--db", db)
    error = said.json()["error"]
    assert said.exit_code == 1 and "game 2, event 5" in error["message"]
    listed = garou("--lang", "en", "--json", "game", "list", "--db", db).json()["games"]
    assert [g["id"] for g in listed] == [1, 2, 3]
    assert [bool(g["damaged"]) for g in listed] == [False, True, False]
    assert listed[0]["winner"] and listed[2]["winner"]
    table = garou("--lang", "en", "game", "list", "--db", db)
    assert table.exit_code == 0 and "damaged" in table.stdout and "event 5" in table.stdout


def test_a_record_already_in_the_journal_is_refused_unless_forced(garou, tmp_path):
    db = str(tmp_path / "j.sqlite")
    assert garou("game", "import", str(RECORD), "--db", db).exit_code == 0
    for lang, words in (("en", "it is game 1 (La Ville gagne"), ("fr", "c'est la partie 1")):
        again = garou("--lang", lang, "game", "import", str(RECORD), "--db", db)
        assert again.exit_code == 1 and words in again.stderr and "--force" in again.stderr
    said = garou("--json", "game", "import", str(RECORD), "--db", db)
    assert said.exit_code == 1 and said.json()["error"]["type"] == "DuplicateRecordError"
    assert [g["id"] for g in garou("--json", "game", "list", "--db", db).json()["games"]] == [1]
    # an exported game (a backup) restored onto the journal it came from: the same refusal
    exported = tmp_path / "back.yaml"
    assert garou("game", "export", "1", "--db", db, "-o", str(exported)).exit_code == 0
    assert garou("game", "import", str(exported), "--db", db).exit_code == 1
    # another evening (one event more, or another date) is no copy
    other = tmp_path / "other.yaml"
    other.write_text(RECORD.read_text().replace("date: null", "date: '2026-12-09'", 1))
    assert garou("game", "import", str(other), "--db", db).exit_code == 0
    forced = garou("--json", "game", "import", str(RECORD), "--db", db, "--force")
    assert forced.exit_code == 0 and forced.json()["id"] == 3
    table = garou("--json", "club", "standings", "--db", db).json()
    assert table["games"] == [1, 2, 3]


@pytest.fixture
def read_only(tmp_path, monkeypatch, garou):
    """A journal of one finished evening whose file and folder cannot be written (the
    permission bits honoured even for root, who would otherwise write anyway)."""
    import os
    import stat

    folder = tmp_path / "share"
    folder.mkdir()
    db = folder / "games.sqlite"
    assert garou("game", "import", str(RECORD), "--db", str(db)).exit_code == 0
    for extra in folder.iterdir():
        if extra != db:
            extra.unlink()
    db.chmod(0o444)
    folder.chmod(0o555)
    real = os.access

    def access(path, mode, *args, **kwargs):
        if mode & os.W_OK and not os.stat(path).st_mode & stat.S_IWUSR:
            return False
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr("garou.game.journal.os.access", access)
    yield str(db)
    folder.chmod(0o755)
    db.chmod(0o644)


def test_a_read_only_journal_is_read_and_refuses_writing_in_the_user_s_language(garou, read_only):
    before = Path(read_only).read_bytes()
    for command in (["game", "status"], ["game", "list"], ["club", "standings"],
                    ["game", "export", "-o", "-"], ["game", "recap"]):  # fmt: skip
        for lang in ("fr", "en"):
            said = garou("--lang", lang, *command, "--db", read_only)
            assert said.exit_code == 0, (command, said.stderr)
    for lang, words, foreign in (("fr", "ne peut qu'être lu", "read"), ("en", "can only be read",
                                 "lecture")):  # fmt: skip
        added = garou("--lang", lang, "game", "add", "day", "--db", read_only)
        text = added.stderr.replace(read_only, "FILE")
        assert added.exit_code == 1 and words in text
        assert "readonly" not in text and foreign not in text.replace(words, "")
    said = garou("--lang", "en", "--json", "game", "add", "day", "--db", read_only)
    assert said.exit_code == 1 and "can only be read" in said.json()["error"]["message"]
    assert Path(read_only).read_bytes() == before


@pytest.mark.parametrize("value", ["[x]", "a: b", "{k: v}"])
def test_a_name_that_reads_as_yaml_is_refused_with_the_quoting_that_works(garou, tmp_path, value):
    db = str(tmp_path / "y.sqlite")
    names = f'Ana,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,"{value}"'
    assert garou("game", "new", "--game", "mafia", "--names", names, "--seed", "3",
                 "--db", db).exit_code == 0  # fmt: skip
    garou("game", "add", "day", "--db", db)
    said = garou("--lang", "en", "game", "add", "nominate", "by=Ana", f"nominee={value}",
                 "--db", db)  # fmt: skip
    assert said.exit_code == 2 and f"'nominee=\"{value}\"'" in said.stderr, said.stderr
    quoted = garou("--lang", "en", "game", "add", "nominate", "by=Ana", f'nominee="{value}"',
                   "--db", db)  # fmt: skip
    assert quoted.exit_code == 0, quoted.stderr


def test_a_timer_typed_at_the_command_line_reads_its_time(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(GAMES / "parity.yaml"), "--db", db)
    garou("game", "undo", "--db", db)
    for at in ("1796135391", "1796135391.663"):
        run = garou(
            "game", "add", "timer", "action=start", "label=debate:d1", f"at={at}",
            "seconds=300", "--db", db, "--lang", "en",
        )  # fmt: skip
        assert run.exit_code == 0, run.stderr


def _two_games(garou, tmp_path: Path) -> str:
    db = str(tmp_path / "g.sqlite")
    setup = lg_setup(tmp_path, {"loup-garou": 2, "voyante": 1, "villageois": 5}, NAMES)
    garou("game", "new", "--setup", str(setup), "--name", "Table A", "--db", db)
    garou("game", "new", *MAFIA, "--db", db)
    return db


def test_undo_without_an_id_undoes_the_game_last_written_to_and_names_it(garou, tmp_path):
    db = _two_games(garou, tmp_path)
    assert garou("game", "add", "day", "--id", "2", "--db", db).exit_code == 0
    before = garou("game", "status", "1", "--db", db, "--json").json()
    assert garou("game", "add", "call", "step=voyante", "--id", "1", "--db", db).exit_code == 0
    run = garou("game", "undo", "--db", db, "--lang", "en")
    assert run.exit_code == 0
    assert run.stdout.startswith("Game 1 (Table A): event 2 undone (the call of Seer)")
    one = garou("game", "status", "1", "--db", db, "--json").json()
    two = garou("game", "status", "2", "--db", db, "--json").json()
    assert one == before and two["day"] == 1  # game 2's morning untouched
    # the undo marker is a write: the bare status shows game 1 too, then game 2 once touched
    assert garou("game", "status", "--db", db, "--json").json()["id"] == 1
    garou("game", "undo", "--id", "2", "--db", db)
    assert garou("game", "status", "--db", db, "--json").json()["id"] == 2


def test_every_game_command_that_takes_a_game_takes_id_too(garou, tmp_path):
    import inspect

    from garou.cli.commands import game as commands

    taking = [
        name.removesuffix("_command")
        for name, fn in vars(commands).items()
        if name.endswith("_command") and "game_id" in inspect.signature(fn).parameters
    ]
    assert {"undo", "status", "recap", "export", "play", "add", "correct"} <= set(taking)
    db = _two_games(garou, tmp_path)
    for name in taking:
        helped = garou("game", name, "--help", "--lang", "en")
        assert "--id" in helped.stdout, name
    for args in (["status"], ["recap"], ["export"], ["points"], ["protocol", "-o", "-"]):
        by_option = garou("game", *args, "--id", "2", "--db", db, "--lang", "en")
        positional = garou("game", *args, "2", "--db", db, "--lang", "en")
        assert by_option.exit_code == positional.exit_code, (args, by_option.stderr)
        assert by_option.stdout == positional.stdout, args
    both = garou("game", "status", "1", "--id", "2", "--db", db, "--lang", "en")
    assert both.exit_code == 2 and "two games" in both.stderr


@pytest.mark.parametrize("record", sorted(GAMES.glob("*.yaml")), ids=lambda p: p.stem)
def test_recap_and_export_show_each_events_number(garou, tmp_path, record):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(record), "--db", db)
    with open_journal(db) as journal:
        events = journal.events(1)
    exported = garou("game", "export", "--db", db).stdout
    lines = exported.split("events:", 1)[1].splitlines()[1:]
    assert [int(line.rsplit("# ", 1)[1]) for line in lines] == [e.seq for e in events[1:]]
    for line, event in zip(lines, events[1:], strict=True):
        assert yaml.safe_load(line.strip()[2:])["kind"] == event.kind
    recap = garou("game", "recap", "--db", db, "--json").json()
    told = {line["seq"] for part in recap["timeline"] for line in part["lines"]}
    assert told and told <= {e.seq for e in events} | {0}
    text = garou("game", "recap", "--db", db, "--lang", "en").stdout
    shown = {int(n) for n in re.findall(r"^\s+#(\d+) ", text, re.M)}
    assert shown - {1} == told - {0, 1}


def test_correct_takes_the_number_the_recap_shows(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(GAMES / "parity.yaml"), "--db", db)
    text = garou("game", "recap", "--db", db, "--lang", "en").stdout
    number = re.search(r"#(\d+) The wolves \([^)]*\) choose (\w+)", text)
    assert number
    with open_journal(db) as journal:
        event = journal.events(1)[int(number.group(1)) - 1]
    assert event.kind == "kill" and event.data["victim"] == number.group(2)
    helped = garou("game", "correct", "--help", "--lang", "en").stdout
    assert "#N" in helped and "recap" in helped and "export" in helped


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_night_refusals_name_the_steps_in_the_language(garou, tmp_path, book, lang):
    db = str(tmp_path / "g.sqlite")
    garou("game", "new", "--setup", str(lg_setup(tmp_path, STEPS12)), "--db", db)
    game = book.game("loup-garou")
    ids = {s.id for s in (*game.night.first, *game.night.every)} - {
        fold for r in game.roles for fold in (r.name.fr.lower(), r.name.en.lower())
    }
    said = []
    tries = ["potions poison=Emma", "call step=xyz", "call step=cupidon", "call step=cupidon",
             "call step=voyante", "call step=couple"]  # fmt: skip
    for args in (t.split() for t in tries):
        run = garou("game", "add", *args, "--db", db, "--lang", lang)
        said.append(run.stderr)
    text = " ".join(said).replace("\u00a0", " ")
    assert text.count("Error" if lang == "en" else "Erreur") >= 4, text
    for step_id in ids:
        assert not re.search(rf"['«] ?{step_id}\b", text), (step_id, text)
    witch = game.role("sorciere").name.get(lang)
    assert witch in text


ACCENTED = ["Ana", "Bob", "Chloé", "Driss", "Émile", "Fay", "Gaëlle", "Hugo"]


def test_add_correct_and_import_read_names_whatever_their_case_and_accents(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    roles = {"loup-garou": 2, "voyante": 1, "cupidon": 1, "villageois": 4}
    setup = lg_setup(tmp_path, roles, ACCENTED)
    deal = "Ana=loup-garou,Bob=loup-garou,Chloé=voyante,Driss=cupidon"
    garou("game", "new", "--setup", str(setup), "--db", db, "--deal", deal)
    for event in ("couple", "lovers=[emile, GAELLE]", "by=driss"), ("look", "target=ANA"), (
        "kill", "victim=chloe", "by=[ana, bob]"):  # fmt: skip
        run = garou("game", "add", *event, "--db", db, "--lang", "en")
        assert run.exit_code == 0, (event, run.stderr)
    fixed = garou("game", "correct", "4", "kill", "victim=HUGO", "--why", "x", "--db", db)
    assert fixed.exit_code == 0, fixed.stderr
    record = yaml.safe_load(garou("game", "export", "--db", db).stdout)
    assert record["events"][0]["lovers"] == ["Émile", "Gaëlle"]
    assert record["events"][1]["target"] == "Ana" and record["events"][2]["victim"] == "Chloé"
    assert record["events"][3]["event"]["victim"] == "Hugo"
    # the same record typed carelessly imports as the same game
    for event in record["events"]:
        for key in ("lovers", "by"):
            if isinstance(event.get(key), list):
                event[key] = [n.lower() for n in event[key]]
    record["events"][2]["victim"] = "CHLOE"
    careless = tmp_path / "careless.yaml"
    careless.write_text(yaml.safe_dump(record, allow_unicode=True), encoding="utf-8")
    assert garou("game", "import", str(careless), "--db", db, "--force").exit_code == 0
    again = yaml.safe_load(garou("game", "export", "2", "--db", db).stdout)
    assert (
        again["events"] == yaml.safe_load(garou("game", "export", "1", "--db", db).stdout)["events"]
    )


READING = [["list"], ["status"], ["recap"], ["export"], ["points"], ["protocol", "-o", "-"],
           ["undo"], ["add", "dawn"], ["play"]]  # fmt: skip


@pytest.mark.parametrize("args", READING, ids=lambda a: a[0])
def test_an_empty_file_is_no_journal_and_stays_empty(garou, tmp_path, args):
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    run = garou("game", *args, "--db", str(empty), "--lang", "en", input="q\n")
    assert run.exit_code == 1 and "no game journal" in run.stderr, run.stderr
    assert empty.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("empty")) == [
        "empty.sqlite"
    ]


def test_new_still_starts_a_journal_in_an_empty_file(garou, tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    setup = lg_setup(tmp_path, {"loup-garou": 2, "voyante": 1, "villageois": 5})
    assert garou("game", "new", "--setup", str(setup), "--db", str(empty)).exit_code == 0
    assert garou("game", "list", "--db", str(empty), "--json").exit_code == 0


def _five_after_a_kill(garou, tmp_path) -> str:
    """A five-player game (Ana the wolf) whose event 2 is the wolves' kill of Bob: its journal."""
    db = str(tmp_path / "g.sqlite")
    setup = tmp_path / "sp5.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 5\nroles: {loup-garou: 1, voyante: 1, villageois: 3}\n"
        "names: [Ana, Bob, Cid, Dee, Eve]\n",
        encoding="utf-8",
    )
    garou("game", "new", "--setup", str(setup), "--deal", "Ana=loup-garou", "--db", db)
    garou("game", "add", "kill", "victim=Bob", "--db", db)
    return db


@pytest.mark.parametrize("past", [1, 2, 7])
@pytest.mark.parametrize("corrected", [False, True])
def test_correcting_a_number_past_the_last_event_says_there_is_none(
    garou, tmp_path, past, corrected
):
    db = _five_after_a_kill(garou, tmp_path)
    last = 2
    if corrected:
        garou("game", "correct", "2", "kill", "victim=Cid", "--why", "t", "--db", db)
        last = 3
    run = garou(
        "game", "correct", str(last + past), "kill", "victim=Dee", "--why", "t",
        "--db", db, "--json",
    )  # fmt: skip
    assert run.exit_code != 0
    message = json.loads(run.stdout)["error"]["message"]
    assert str(last + past) in message and str(last) in message
    assert "correction" not in message


MF_DEAL = (
    "1=citoyen,2=citoyen,3=citoyen,4=citoyen,5=citoyen,6=citoyen,7=sherif,8=mafia,9=mafia,10=don"
)


GAROUS = {"fr": "lecture de garou", "en": "garou's reading"}


def _mafia_tie(garou, tmp_path) -> str:
    """A Mafia day 1 whose vote ties 3 and 8, 8 nominated first (8 sits after 3)."""
    db = str(tmp_path / "mafia.sqlite")
    names = ",".join(str(n) for n in range(1, 11))
    assert garou("game", "new", "--game", "mafia", "--names", names, "--deal", MF_DEAL,
                 "--db", db).exit_code == 0  # fmt: skip
    events = [["day"], *(["speech", f"player={n}", "seconds=60"] for n in range(1, 11))]
    events += [["nominate", "by=1", "nominee=8"], ["nominate", "by=2", "nominee=3"]]
    events.append(["vote", "votes={1: 8, 2: 8, 3: 8, 4: 8, 5: 8, 6: 3, 7: 3, 8: 3, 9: 3, 10: 3}"])
    for event in events:
        added = garou("game", "add", *event, "--db", db)
        assert added.exit_code == 0, added.stdout + added.stderr
    return db


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_mafia_extra_time_length_and_order_are_said_as_garous_reading(garou, tmp_path, lang):
    # mafia.txt: "ils reçoivent d'abord un temps supplémentaire pour argumenter": no length,
    # no order. Every place that gives the length (the story, the next step, the refusal of
    # a vote before it) says it is garou's; the tied are called in nomination order.
    db = _mafia_tie(garou, tmp_path)
    recap = " ".join(garou("game", "recap", "--db", db, "--lang", lang).stdout.split())
    status = garou("game", "status", "--db", db, "--lang", lang, "--json").json()
    early = garou("game", "add", "vote", "votes={1: 8}", "--db", db, "--lang", lang)
    assert early.exit_code != 0
    refused = " ".join((early.stdout + early.stderr).split())
    for said in (recap, status["next"], refused):
        assert GAROUS[lang] in said, said
    assert re.search(r"\b8\b", status["next"]) and not re.search(r"\b3\b", status["next"])
    assert garou("game", "add", "speech", "player=8", "seconds=60", "--db", db).exit_code == 0
    after = garou("game", "status", "--db", db, "--lang", lang, "--json").json()["next"]
    assert re.search(r"\b3\b", after) and GAROUS[lang] in after


FIVE_ROLES = {"loup-garou": 1, "voyante": 1, "villageois": 3}


def _five_players(garou, tmp_path: Path, roles: dict[str, int], *options: str) -> str:
    """A Loup-Garou game of Ana, Bob, Cid, Dee and Eve holding ``roles``, made by ``garou game
    new`` (with ``options``) in the journal ``tmp_path/lg.sqlite``; returns its path."""
    db = str(tmp_path / "lg.sqlite")
    setup = lg_setup(tmp_path, roles, ["Ana", "Bob", "Cid", "Dee", "Eve"])
    assert garou("game", "new", "--setup", str(setup), *options, "--db", db).exit_code == 0
    return db


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_undo_json_says_what_it_undid(garou, tmp_path, lang):
    db = _five_players(garou, tmp_path, FIVE_ROLES, "--deal", "Ana=loup-garou")
    for event in (["look", "target=Cid", "role=villageois"], ["kill", "victim=Bob"]):
        assert garou("game", "add", *event, "--db", db).exit_code == 0
    data = garou("game", "undo", "--db", db, "--json", "--lang", lang).json()
    assert data["undone"]["seq"] == 3 and data["undone"]["kind"] == "kill"
    assert "Bob" in data["undone"]["sentence"]
    text = garou("game", "undo", "--db", db, "--lang", lang)  # the look, event 2
    assert text.exit_code == 0
    assert garou("game", "add", "look", "target=Cid", "role=villageois", "--db", db).exit_code == 0
    looked = garou("game", "undo", "--db", db, "--json", "--lang", lang).json()["undone"]
    assert looked["kind"] == "look" and "Cid" in looked["sentence"]
    assert " ".join(looked["sentence"].split()) in " ".join(text.stdout.split())


@pytest.mark.parametrize("dealt", [1, 7])
def test_a_mafia_deal_off_the_composition_agrees_with_its_count(garou, tmp_path, dealt):
    names = ",".join(str(n) for n in range(1, 11))
    roles = ["citoyen"] * dealt + ["sherif"] + ["mafia"] * (9 - dealt - 1) + ["don"]
    roles = (roles + ["citoyen"] * 10)[:10]
    deal = ",".join(f"{n}={r}" for n, r in zip(range(1, 11), roles, strict=True))
    db = str(tmp_path / "m.sqlite")
    said = garou("game", "new", "--game", "mafia", "--names", names, "--deal", deal, "--db", db)
    assert said.exit_code != 0
    text = " ".join(said.stderr.split())
    assert f"{dealt} × Citoyen distribué{'s' if dealt > 1 else ''}," in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_dawn_names_the_event_in_the_language(garou, tmp_path, lang):
    db = _five_players(garou, tmp_path, FIVE_ROLES)
    said = garou("game", "add", "dawn", "--db", db, "--lang", lang)
    assert said.exit_code == 1
    assert {"fr": "pour l'aube (dawn),", "en": "dawn needs"}[lang] in said.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_unknown_role_in_a_game_event_lists_the_roles_by_their_names(garou, tmp_path, lang):
    db = _five_players(
        garou, tmp_path, {"loup-garou": 1, "voyante": 1, "sorciere": 1, "villageois": 2}
    )
    said = garou("game", "add", "roles", "roles={Cid: vampyre}", "--db", db, "--lang", lang)
    text = " ".join(said.stderr.split())
    assert said.exit_code == 1 and "vampyre" in text
    assert {"fr": "Sorcière", "en": "Witch"}[lang] in text and "sorciere" not in text


def test_the_help_of_game_add_names_every_event_kind_in_both_languages():
    from garou.core.catalogue import say
    from garou.game import mafia, table

    added = {*table.KINDS, *mafia.KINDS} - {"start"}  # the start is written by game new
    for lang in ("fr", "en"):
        listed = say("help.game.add.kind", lang)
        missing = [k for k in added if not re.search(rf"\b{k}\b", listed)]
        assert missing == [], (lang, missing)


RECORDS = sorted(GAMES.glob("*.yaml"))


def _imported(garou, tmp_path: Path, record: Path) -> str:
    db = str(tmp_path / "games.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    return db


def _md_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("- ")]


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_recap_format_numbers_each_event_before_its_first_line(garou, tmp_path, record, lang):
    """The JSON recap's timeline is the truth: each event's number is written, once, before
    the first line it wrote, in Markdown and in HTML as in the terminal."""
    db = _imported(garou, tmp_path, record)
    data = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    md = garou("game", "recap", "--db", db, "-f", "md", "--lang", lang).stdout
    page = garou("game", "recap", "--db", db, "-f", "html", "--lang", lang).stdout
    md_numbered = [m.group(1) for m in re.finditer(r"^- \*\*#(\d+)\*\* ", md, re.M)]
    html_numbered = re.findall(r'<span class="seq">#(\d+)</span>', page)
    expected = []
    for part in data["timeline"]:
        last = None
        for line in part["lines"]:
            if line["seq"] != last and line["seq"]:
                expected.append(str(line["seq"]))
            last = line["seq"]
    assert expected, "the record gives no numbered line: the test would check nothing"
    assert md_numbered == expected
    assert html_numbered == expected
    # the number is the first line's: its text follows it
    plain = html.unescape(re.sub(r"<[^>]+>", "", page))
    for part in data["timeline"]:
        first = {}
        for line in part["lines"]:
            first.setdefault(line["seq"], line["text"])
        for seq, text in first.items():
            if seq:
                assert " ".join(f"#{seq} {text}".split()) in " ".join(plain.split())
    # every line is still there, none lost to the grouping
    count = sum(len(p["lines"]) for p in data["timeline"])
    timeline = md.split("\n## ")[2]
    assert len(_md_lines(timeline)) == count


def test_a_dawn_without_deaths_keeps_no_shot_and_the_command_says_nothing_of_it(garou, tmp_path):
    path = REPO / "tests" / "data" / "games" / "hunter-lover.yaml"
    db = str(tmp_path / "g.sqlite")
    assert garou("game", "import", str(path), "--db", db).exit_code == 0
    corrected = garou("game", "correct", "6", "dawn", "shoot={Driss: Bruno, Hugo: Alice}",
                      "successor={Bruno: Alice}", "--why", "typo", "--db", db)  # fmt: skip
    assert corrected.exit_code == 0, corrected.stderr
    exported = garou("game", "export", "--db", db).stdout
    line = next(x for x in exported.splitlines() if "kind: correct" in x)
    assert "successor" not in line and "Hugo" not in line and "Driss: Bruno" in line, line
    added = garou("game", "add", "election", "captain=Farid", "--db", db)
    assert added.exit_code == 1  # the election is done: refused, as ever


ODD_GAME = """game: {id: loup-garou, name: x, table: null, date: null}
setup:
  players: ["Jean, fils", "D'Artagnan", Chloé, "a:b", Emma, Farid, "010", Hugo]
  roles: {loup-garou: 2, cupidon: 1, chasseur: 1, villageois: 4}
  deal: {"Jean, fils": loup-garou, "D'Artagnan": loup-garou, Chloé: cupidon, "a:b": chasseur}
agreement: {}
events:
  - {kind: couple, lovers: ["a:b", Emma]}
  - {kind: call, step: voyante}
  - {kind: kill, victim: "a:b"}
  - {kind: call, step: sorciere}
"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_hint_naming_players_can_be_typed_back_as_it_is_printed(garou, tmp_path, lang):
    import shlex

    record = tmp_path / "odd.yaml"
    record.write_text(ODD_GAME, encoding="utf-8")
    db = str(tmp_path / "g.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    refused = garou("game", "add", "dawn", "--db", db, "--lang", lang)
    assert refused.exit_code == 1
    assert refused.stderr.count(say("game.word.name", lang)) == 1  # the hint, said once
    (word,) = shlex.split(re.search(r"'shoot=[^']*'", refused.stderr)[0])
    answer = word.replace(say("game.word.name", lang), '"Jean, fils"')
    done = garou("game", "add", "dawn", answer, "--db", db, "--json")
    assert done.exit_code == 0, done.stdout
    dead = {p["name"] for p in done.json()["players"] if not p["alive"]}
    assert dead == {"a:b", "Emma", "Jean, fils"}


def test_a_mafia_evening_without_date_is_dated_the_day_it_is_created(garou, tmp_path):
    import datetime

    db = str(tmp_path / "g.sqlite")
    names = ",".join(str(n) for n in range(1, 11))
    run = garou("game", "new", "--game", "mafia", "--names", names, "--seed", "2", "--db", db)
    assert run.exit_code == 0, run.stderr
    exported = yaml.safe_load(garou("game", "export", "--db", db).stdout)
    assert exported["game"]["date"] == datetime.date.today().isoformat()


def test_the_fouls_lookup_answers_for_the_player_asked_and_knows_who_left(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(REPO / "tests/data/games/mafia-fouls.yaml"), "--db", db)
    gus = garou("game", "fouls", "Gus", "--db", db, "--lang", "en").stdout
    assert "Gus" in gus and "Jon" not in gus  # Jon's fouls are not the question
    jon = " ".join(
        garou("game", "fouls", "Jon", "insults", "--db", db, "--lang", "en").stdout.split()
    )
    assert "Jon has already left the table (disqualified)" in jon
    assert "with this one" not in jon  # no new foul counted on a player who is out


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("typed,near", TYPOS)
def test_a_game_record_with_a_mistyped_game_is_refused_at_its_line(garou, tmp_path, typed, near):
    db = str(tmp_path / "games.db")
    names = "A,B,C,D,E,F,G,H,I,J"
    made = garou("game", "new", "-g", "mafia", "--names", names, "--seed", "1", "--db", db)
    assert made.exit_code == 0
    record = tmp_path / "record.yaml"
    assert garou("game", "export", "--db", db, "-o", str(record)).exit_code == 0
    text = record.read_text("utf-8").replace("  id: mafia\n", f"  id: {typed}\n", 1)
    record.write_text(text, "utf-8")
    line = text.splitlines().index(f"  id: {typed}") + 1
    run = garou("game", "import", str(record), "--db", str(tmp_path / "other.db"), "--lang", "en")
    assert run.exit_code == 1
    assert f"{record}:{line} (game.id)" in run.stderr
    _names(run.stderr, typed, near, "en")


@pytest.mark.usefixtures("private_cache")
def test_game_speak_tells_what_another_screen_recorded_during_the_farewell(
    garou, book, tmp_path, monkeypatch
):
    from garou.cli.commands import game_play, mafia_play
    from garou.core.catalogue import say
    from tests.helpers import Table

    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Cid", nominee="Hal")
    t.add("close-nominations")
    t.add("vote", votes={n: "Bob" for n in ("Ana", "Cid", "Dan", "Eve", "Fay", "Gus")})
    assert t.status()["farewell_due"] == ["Bob"]
    real = game_play.Session.ask
    question = say("mafia.play.best-move", "en", most=3).split(":")[0]

    def ask(self, text, default=None):
        if text.startswith(question) and t.journal.events(t.id)[-1].kind != "foul":
            t.add("foul", player="Cid")  # the phone records a foul meanwhile
        return real(self, text, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    monkeypatch.setattr(mafia_play.MafiaSession, "timer", lambda self, *a, **k: None)
    run = garou("game", "speak", "--db", str(t.journal.path), "--lang", "en", input="Ana\n")
    assert run.exit_code == 0, (run.stdout, run.stderr)
    out = _flat(run.stdout)
    assert out.count(ELSEWHERE["en"]) == 1 and "Cid" in out.split(ELSEWHERE["en"])[1]


@pytest.mark.usefixtures("private_cache")
def test_game_speak_says_once_a_speech_recorded_on_another_screen_and_exits_0(
    garou, book, tmp_path, monkeypatch
):
    # The phone records Ana's speech (then Bob's) while the terminal's countdown runs: the
    # terminal tells it once ("Recorded on another screen"), with no Error line, exit 0.
    from garou.cli.commands import mafia_play
    from tests.helpers import Table

    t = Table(book, tmp_path)
    t.add("day")
    for other in ("Ana", "Bob"):

        def phone(self, *a, p=other, **k):
            t.add("speech", player=p)

        monkeypatch.setattr(mafia_play.MafiaSession, "timer", phone)
        run = garou("game", "speak", "--db", str(t.journal.path), "--lang", "en")
        assert run.exit_code == 0, (run.stdout, run.stderr)
        assert "Error" not in run.stdout + run.stderr, (run.stdout, run.stderr)
        assert _flat(run.stdout).count(ELSEWHERE["en"]) == 1, run.stdout
    assert [e.data["player"] for e in t.journal.events(t.id) if e.kind == "speech"] == [
        "Ana",
        "Bob",
    ]


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize(
    ("lang", "said"), [("en", "is no longer the one to record"), ("fr", "n'est plus celle")]
)
def test_game_speak_refuses_once_when_another_screen_moved_the_day_on_without_the_speech(
    garou, book, tmp_path, monkeypatch, lang, said
):
    # Meanwhile the phone undid the day: the speech timed is no longer to record. One Error
    # line says so, exit 1, nothing recorded; a foul recorded meanwhile changes nothing.
    ERROR = {"en": "Error:", "fr": "Erreur"}
    from garou.cli.commands import mafia_play
    from garou.game import session
    from tests.helpers import Table

    t = Table(book, tmp_path)
    t.add("day")
    monkeypatch.setattr(
        mafia_play.MafiaSession, "timer", lambda self, *a, **k: t.add("foul", player="Cid")
    )
    run = garou("game", "speak", "--db", str(t.journal.path), "--lang", "en")
    assert run.exit_code == 0 and "Error" not in run.stderr, (run.stdout, run.stderr)
    assert t.journal.events(t.id)[-1].kind == "speech"
    before = len(t.journal.events(t.id))

    def undo(self, *a, **k):
        session.undo(t.journal, book, t.id, "en")

    monkeypatch.setattr(mafia_play.MafiaSession, "timer", undo)  # Ana's speech undone
    run = garou("game", "speak", "--db", str(t.journal.path), "--lang", lang)
    assert run.exit_code == 1, (run.stdout, run.stderr)
    assert run.stderr.count(said) == 1 and run.stderr.count(ERROR[lang]) == 1, run.stderr
    assert len(t.journal.events(t.id)) == before + 1  # the undo, no speech


def test_a_list_under_an_unknown_key_is_refused_as_an_unknown_key(garou, tmp_path):
    db = _new_evening(garou, tmp_path)
    garou("game", "add", "day", "--db", db)
    run = garou("game", "add", "farewell", "player=Ana", "suspect=[Bob, Hal]", "--db", db,
                "--lang", "en")  # fmt: skip
    assert run.exit_code == 1
    assert "'suspect'" in run.stderr and "'suspects'" in run.stderr


EIGHT = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]


EIGHT_ROLES = "{loup-garou: 2, cupidon: 1, chasseur: 1, voyante: 1, villageois: 3}"


EIGHT_DEAL = (
    "Ana=loup-garou,Bob=loup-garou,Cid=chasseur,Dee=cupidon,Eve=voyante,"
    "Fay=villageois,Gus=villageois,Hal=villageois"
)


CAPTAIN_OUT = "votes={Ana: Cid, Bob: Cid, Fay: Cid, Cid: Ana}"


@pytest.mark.parametrize(
    ("shoot", "successor", "refused", "rule", "options"),
    [
        ("Bob", "Bob", "Bob", "lg-captain-succession", ["Ana", "Dee", "Eve", "Fay", "Hal"]),
        ("Gus", "Eve", "Gus", "lg-hunter-shot", ["Ana", "Bob", "Dee", "Eve", "Fay", "Hal"]),
    ],
)
def test_a_refused_choice_cites_its_own_rule_and_choices(
    garou, tmp_path, shoot, successor, refused, rule, options
):
    from garou.core.catalogue import join

    db = str(tmp_path / "g.sqlite")
    setup = str(_setup(tmp_path, EIGHT, EIGHT_ROLES))
    assert garou("game", "new", "--setup", setup, "--deal", EIGHT_DEAL, "--db", db).exit_code == 0
    night = ("couple lovers=[Ana,Fay]", "look target=Bob", "kill victim=Gus", "call step=witch")
    for event in (*night, "dawn", "election captain=Cid"):
        assert garou("game", "add", *event.split(), "--db", db).exit_code == 0
    for lang in ("fr", "en"):
        run = garou("game", "add", "vote", CAPTAIN_OUT, f"shoot={{Cid: {shoot}}}",
                    f"successor={{Cid: {successor}}}", "--db", db, "--lang", lang)  # fmt: skip
        assert run.exit_code == 1
        err = _flat(run.stderr)
        assert rule in err and "Cid" in err and refused in err
        assert _flat(join(options, lang, "and")) in err


def test_a_vote_without_ballots_or_with_a_voter_twice_says_what_is_wrong(garou, tmp_path):
    from garou.core.catalogue import say

    db = _day_one(garou, tmp_path)
    for lang in ("fr", "en"):
        run = garou("game", "add", "vote", "votes=", "--db", db, "--lang", lang)
        assert run.exit_code == 1
        assert _flat(say("game.refused.votes-or-tallies", lang)) not in _flat(run.stderr)
        run = garou("game", "add", "vote", "votes={Ana: Bob, Ana: Cid}", "--db", db, "--lang", lang)
        assert run.exit_code != 0 and "Ana" in run.stderr
        assert ("double" if lang == "fr" else "duplicate") in run.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_agreement_s_setup_starts_the_game_and_another_is_refused(garou, tmp_path, lang):
    agreement = str(_agreement(garou, tmp_path))
    db = str(tmp_path / "a.sqlite")
    run = garou("game", "new", "--agreement", agreement, "--db", db, "--lang", lang)
    assert run.exit_code == 0, run.stderr
    status = garou("game", "status", "--db", db, "--json").json()
    assert [p["name"] for p in status["players"]] == AGREED_NAMES
    other = str(_setup(tmp_path))  # six players, two wolves, other names
    eight = "{loup-garou: 2, voyante: 1, sorciere: 1, villageois: 4}"
    same = str(_setup(tmp_path, [n.lower() for n in AGREED_NAMES[::-1]], eight, "same.yaml"))
    assert (
        garou("game", "new", "--setup", same, "--agreement", agreement, "--db", db).exit_code == 0
    )
    for refused in (
        ["--setup", other],
        ["--names", ",".join(["X", *AGREED_NAMES[1:]])],
    ):
        run = garou("game", "new", *refused, "--agreement", agreement, "--db", db, "--lang", lang)
        assert run.exit_code == 1 and "Traceback" not in run.stderr
        assert "--force" in run.stderr and "accord.yaml" in run.stderr
        assert ("X" if "--names" in refused else "6") in run.stderr
        forced = garou("game", "new", *refused, "--agreement", agreement, "--force", "--db", db)
        assert forced.exit_code == 0, forced.stderr
    assert len(garou("game", "list", "--db", db, "--json").json()["games"]) == 4


def test_a_recap_or_protocol_file_says_its_pages_as_print_does(garou, tmp_path):
    db = _day_one(garou, tmp_path)
    for command in ("recap", "protocol"):
        for fmt, pages in (("md", None), ("html", None)):
            out = tmp_path / f"{command}.{fmt}"
            run = garou("game", command, "1", "--db", db, "-o", str(out), "--json")
            if run.exit_code != 0:
                assert command == "protocol"  # a Loup-Garou game has no protocol sheet
                continue
            assert run.json() == {"path": str(out), "format": fmt, "pages": pages}


REVIEWED = REPO / "tests" / "data" / "evenings" / "french-evening-of-11.yaml"
"""The review's French evening of 11 (game 1), as garou game export wrote it."""


@pytest.mark.parametrize(
    "record", [REVIEWED, *sorted((REPO / "tests" / "data" / "games").glob("[!m]*.yaml"))]
)
def test_the_recap_numbers_each_event_once_and_lists_each_close_call_once(garou, tmp_path, record):
    db = str(tmp_path / "r.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    for lang in ("fr", "en"):
        recap = garou("game", "recap", "1", "--db", db, "--json", "--lang", lang).json()
        parts = [dict.fromkeys(line["seq"] for line in p["lines"]) for p in recap["timeline"]]
        numbers = [seq for part in parts for seq in part if seq]  # each part's events
        assert len(numbers) == len(set(numbers)), numbers
        calls = [c.split(" : " if lang == "fr" else ": ", 1)[-1] for c in recap["close_calls"]]
        calls = [_flat(c) for c in calls]
        assert len(calls) == len(set(calls)), calls


@pytest.mark.parametrize("typed", ["WITCH", "Sorcière", "sorciere", "witch"])
def test_a_night_call_is_stored_by_its_step_and_said_in_each_language(garou, tmp_path, typed):
    from garou.game.sentences import event_sentence
    from garou.rules import load_rules

    book = load_rules()
    game = book.game("loup-garou")
    db = str(tmp_path / "g.sqlite")
    setup = str(_setup(tmp_path))
    assert garou("game", "new", "--setup", setup, "--deal", SIX_DEAL, "--db", db).exit_code == 0
    for event in ("call step=couple", "look target=Ana", "kill victim=Dee", f"call step={typed}"):
        assert garou("game", "add", *event.split(), "--db", db).exit_code == 0
    with open_journal(db) as journal:
        assert journal.events(1)[-1].data["step"] == "sorciere"
    for lang, name in (("fr", "Sorcière"), ("en", "Witch")):
        said = event_sentence(game, "call", {"step": typed}).say(lang)  # a record kept as typed
        assert name in said and (typed in (name, name.lower()) or typed not in said)
    run = garou("game", "undo", "--db", db, "--lang", "en")
    assert "Witch" in run.stdout and typed not in run.stdout.replace("Witch", "")


def test_correcting_an_undone_event_says_so_before_asking_why(garou, tmp_path):
    from garou.core.catalogue import say

    db = _five_after_a_kill(garou, tmp_path)
    assert garou("game", "undo", "--db", db).exit_code == 0
    run = garou("game", "correct", "2", "kill", "victim=Cid", "--db", db, "--lang", "en", input="")
    assert run.exit_code == 1
    assert say("game.refused.correct-undone", "en", seq="2") in run.stderr
    assert say("game.correct.ask-why", "en", seq="2") not in run.stdout + run.stderr


@pytest.mark.parametrize(
    "command", [["game", "play"], ["game", "speak"], ["game", "correct", "2", "day"]]
)
def test_a_read_only_journal_is_refused_before_any_question(garou, tmp_path, monkeypatch, command):
    import os
    import stat

    folder = tmp_path / "share"
    folder.mkdir()
    db = folder / "g.sqlite"
    assert garou("game", "new", *MAFIA, "--db", str(db)).exit_code == 0
    assert garou("game", "add", "day", "--db", str(db)).exit_code == 0
    for extra in folder.iterdir():
        if extra != db:
            extra.unlink()
    db.chmod(0o444)
    folder.chmod(0o555)
    real = os.access

    def access(path, mode, *args, **kwargs):  # the permission bits honoured even for root
        if mode & os.W_OK and not os.stat(path).st_mode & stat.S_IWUSR:
            return False
        return real(path, mode, *args, **kwargs)

    monkeypatch.setattr("garou.game.journal.os.access", access)
    try:
        run = garou(*command, "--db", str(db), "--lang", "en", input="Alice\n" * 20)
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)
    assert run.exit_code == 1
    assert "can only be read" in run.stderr
    assert run.stdout == "" and "?" not in run.stderr


def test_the_commands_to_type_next_reach_the_journal_given_and_paste_whole(garou, tmp_path):
    import shlex

    folder = tmp_path / "it's a folder"
    folder.mkdir()
    db = folder / "g $HOME.sqlite"
    made = garou("game", "new", *MAFIA, "--db", str(db), "--lang", "en")
    assert made.exit_code == 0, made.stderr
    command = made.stdout.splitlines()[0].split("Next: ", 1)[1]
    assert shlex.split(command) == ["garou", "game", "play", "1", "--db", str(db)]
    paused = garou("game", "play", "--db", str(db), "--lang", "en", input="q\n")
    said = " ".join(paused.stdout.split())
    assert f"resume with: garou game play 1 --db {shlex.quote(str(db))}" in said
    # the journal a command opens without --db: nothing to add
    plain = garou("game", "new", *MAFIA, "--lang", "en", env={"GAROU_DB": str(db)})
    assert plain.stdout.splitlines()[0].endswith("Next: garou game play 2")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_made_with_a_rules_folder_is_listed_as_needing_it_never_damaged(
    garou, tmp_path, lang
):
    # `GAROU_RULES_DIR=ur garou game new --deal Ana=idiot` (a house role), then the same
    # journal without the variable: the list says the game needs its folder and why, `add`
    # and `status` refuse saying how to give it (exit 1, no "damaged"), --json too.
    from tests.helpers import HOUSE_ROLE_AND_CASE, rules_folder

    folder = str(rules_folder(tmp_path, HOUSE_ROLE_AND_CASE))
    setup = tmp_path / "t5i.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 5\nroles: {loup-garou: 1, voyante: 1, idiot: 1, villageois: 2}"
        "\nnames: [Ana, Bob, Cid, Dee, Eve]\n",
        encoding="utf-8",
    )
    db = str(tmp_path / "g.sqlite")
    made = garou("game", "new", "--setup", str(setup), "--deal", "Ana=idiot", "--db", db,
                 "--force", env={"GAROU_RULES_DIR": folder})  # fmt: skip
    assert made.exit_code == 0, made.stderr
    listed = garou("--lang", lang, "game", "list", "--db", db)
    assert listed.exit_code == 0
    assert say("game.list.rules-unread", lang) in listed.stdout
    assert say("game.list.damaged", lang) not in listed.stdout
    assert "GAROU_RULES_DIR=" in " ".join(listed.stdout.split())
    rows = garou("--lang", lang, "--json", "game", "list", "--db", db).json()["games"]
    assert rows[0]["damaged"] is None and "idiot" in rows[0]["rules_unread"]
    for args in (("game", "add", "look", "target=Bob"), ("game", "status", "1")):
        run = garou("--lang", lang, *args, "--db", db)
        said = " ".join(run.stderr.split())
        assert run.exit_code == 1 and "idiot" in said and "GAROU_RULES_DIR=" in said, said
        assert "Traceback" not in said and ("damaged" not in said) and ("abîmé" not in said)
        error = garou("--lang", lang, "--json", *args, "--db", db).json()["error"]
        assert error["type"] == "UnreadRulesError" and "--rules-dir" in error["hint"]
    again = garou("game", "status", "1", "--db", db, env={"GAROU_RULES_DIR": folder})
    assert again.exit_code == 0, again.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_adding_a_countdown_says_it_was_noted_not_the_previous_event(garou, tmp_path, lang):
    from garou.core.catalogue import say

    db = str(tmp_path / "g.sqlite")
    garou("game", "new", "-g", "mafia", "--names", MAFIA_NAMES_TYPED, "--db", db)
    garou("game", "add", "meeting", "--db", db)
    before = garou("game", "status", "--db", db, "--lang", lang).stdout
    run = garou("game", "add", "timer", "action=start", "label=meeting:n1", "at=0",
                "seconds=60", "--db", db, "--lang", lang)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == say("game.cli.timer-recorded", lang), (lines, before)
