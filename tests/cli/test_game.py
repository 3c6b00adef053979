"""garou game: the journal, the live Loup-Garou game, its faces and its recap."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garou.core.errors import DataFileError, GarouError
from garou.game import session
from garou.game.errors import IllegalEventError
from garou.game.journal import SCHEMA_VERSION, Journal, open_journal
from garou.game.record import dump_record, import_record, record_to_dict
from garou.game.replay import replay
from garou.game.start import start_data
from garou.game.table import to_dict, warnings
from tests.conftest import REPO
from tests.helpers import NAMES, lg_setup

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


# --- whole games, end to end -----------------------------------------------------------


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


# --- bad input: refused with its rule, nothing recorded ------------------------------


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


# --- undo, corrections, export ----------------------------------------------------------


def test_undo_appends_a_marker_and_the_same_event_gives_the_same_state(journal, book, tmp_path):
    game_id = _game(journal, book, tmp_path, FIRST, FIRST_DEAL)
    _add(journal, book, game_id, "call", step="couple")
    before = to_dict(_add(journal, book, game_id, "look", target="Emma").state, "en")
    session.undo(journal, book, game_id)
    assert [e.kind for e in journal.events(game_id)][-1] == "undo"
    assert len(journal.events(game_id)) == 4
    again = to_dict(_add(journal, book, game_id, "look", target="Emma").state, "en")
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

    saves = say("fixes.event.field.save.yes", "fr")  # said in words, not save=True
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
    path.write_text(dump_record(record_to_dict(journal, first)), encoding="utf-8")
    second = import_record(journal, book, path, force=True)
    assert session.status(journal, book, second, "en") | {"id": first} == session.status(
        journal, book, first, "en"
    )


# --- the journal file --------------------------------------------------------------------


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


# --- the interactive face ------------------------------------------------------------------


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


# --- properties -----------------------------------------------------------------------------


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
        record = record_to_dict(journal, game_id)
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


# --- the record is read by the one reader: names as typed, problems located -----------------

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
    assert say("game.cli.created", "en", id=1, db=db) in created.stdout.splitlines()
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
