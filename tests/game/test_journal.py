"""Tests of ``garou/game/journal.py``."""

from __future__ import annotations

import json
import shutil
import sqlite3
import struct
from pathlib import Path

import pytest

from tests.conftest import REPO

pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")

from garou.game.journal import open_journal  # noqa: E402
from tests.web import test_mafia as mf  # noqa: E402

pytestmark = pytest.mark.usefixtures("private_cache")


def test_two_forms_of_one_page_sent_at_once_record_only_the_first(db, book, clock):
    """The check is inside the journal's write: a form whose page count was right when the
    route looked, but wrong by the time it is recorded, is refused there too."""
    from garou.game import session
    from garou.game.errors import StaleFormError

    game_id = mf.new_game(db, book, mf.load(mf.GAMES / "mafia-town-wins.yaml"))
    with open_journal(db) as journal:
        seen = len(journal.events(game_id))
        session.record_form(journal, book, game_id, "a", "day", {}, "en", seen=seen)
        with pytest.raises(StaleFormError):
            session.record_form(
                journal, book, game_id, "b", "speech", {"player": "Ana", "seconds": 60}, "en",
                seen=seen,
            )  # fmt: skip
        assert [e.kind for e in journal.events(game_id)][-1] == "day"


RECORD = REPO / "tests" / "data" / "games" / "couple-wins.yaml"


def _leaf_pages(path: Path, table: str) -> list[int]:
    """The leaf pages of ``table``'s b-tree (its root an interior page), in key order."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    page = path.read_bytes()[(root - 1) * size : root * size]
    assert page[0] == 0x05, "the table fits one page: give it more rows"
    cells = struct.unpack(">H", page[3:5])[0]
    pointers = [struct.unpack(">H", page[12 + 2 * i : 14 + 2 * i])[0] for i in range(cells)]
    children = [struct.unpack(">I", page[p : p + 4])[0] for p in pointers]
    return [*children, struct.unpack(">I", page[8:12])[0]]


def _damage(path: Path, page: int) -> None:
    """Spoil the header of page ``page`` (a disk fault): SQLite says it is malformed."""
    size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    with path.open("r+b") as stream:
        stream.seek((page - 1) * size)
        stream.write(b"\x00" * 16)


@pytest.fixture(scope="module")
def six_games(tmp_path_factory) -> Path:
    """A journal of six copies of one game, its events over several pages."""
    from garou.game.journal import open_journal
    from garou.game.record import import_record
    from garou.rules import load_rules

    path = tmp_path_factory.mktemp("journal") / "games.sqlite"
    book = load_rules()
    with open_journal(path) as journal:
        for _ in range(6):
            import_record(journal, book, RECORD, force=True)
    return path


@pytest.fixture
def damaged(six_games: Path, tmp_path: Path) -> Path:
    """A copy of :func:`six_games` whose second page of events is damaged."""
    path = tmp_path / "damaged.sqlite"
    shutil.copy(six_games, path)
    _damage(path, _leaf_pages(path, "events")[1])
    return path


def test_a_damaged_page_is_said_by_every_game_command_never_a_traceback(garou, damaged):
    for command in (["status"], ["recap"], ["export"], ["add", "dawn"], ["undo"]):
        found = [
            garou("game", *command, "--id", str(game), "--db", str(damaged), "--lang", "en")
            for game in range(1, 7)
        ]
        hurt = [r for r in found if "damaged" in r.stderr]
        assert hurt, command
        for run in hurt:
            assert run.exit_code == 1
            assert "Traceback" not in run.stderr and str(damaged) in run.stderr
            assert "garou game export --all" in run.stderr


def test_a_damaged_page_is_said_as_json_too(garou, damaged):
    found = [garou("game", "status", str(g), "--db", str(damaged), "--json") for g in range(1, 7)]
    errors = [r.json()["error"] for r in found if r.exit_code == 1]
    assert errors and all("garou game export --all" in e["message"] for e in errors)


def test_the_list_of_a_damaged_journal_marks_the_games_it_cannot_read(garou, damaged):
    listed = garou("game", "list", "--db", str(damaged), "--json")
    assert listed.exit_code == 0
    games = listed.json()["games"]
    assert len(games) == 6
    assert 0 < sum(bool(g["damaged"]) for g in games) < 6


def test_export_all_saves_every_readable_game_and_names_the_others(garou, damaged, tmp_path):
    out = tmp_path / "saved"
    run = garou("game", "export", "--all", "--out", str(out), "--db", str(damaged), "--lang", "en")
    assert run.exit_code == 1
    saved = sorted(out.glob("game-*.yaml"))
    assert 0 < len(saved) < 6
    assert "can no longer be read" in run.stderr
    assert "not saved" in run.stdout
    for file in saved:  # each record saved imports again (the six are copies of one game)
        fresh = tmp_path / f"{file.stem}.sqlite"
        assert garou("game", "import", str(file), "--db", str(fresh)).exit_code == 0


def test_export_all_of_a_sound_journal_saves_every_game_and_replaces_nothing(
    garou, six_games, tmp_path
):
    out = tmp_path / "saved"
    run = garou("game", "export", "--all", "-o", str(out), "--db", str(six_games))
    assert run.exit_code == 0
    assert len(list(out.glob("game-*.yaml"))) == 6
    again = garou("game", "export", "--all", "-o", str(out), "--db", str(six_games))
    assert again.exit_code != 0 and "--force" in again.stderr


def test_export_all_needs_a_folder_and_no_game_id(garou, six_games):
    assert garou("game", "export", "--all", "--db", str(six_games)).exit_code == 2
    with_id = garou("game", "export", "1", "--all", "-o", "x", "--db", str(six_games))
    assert with_id.exit_code == 2


@pytest.mark.parametrize(
    ("key", "value"),
    [("players", "Ana"), ("agreement", "x"), ("roles", ["x"]), ("deal", "Ana=loup-garou")],
)
def test_a_start_edited_by_hand_is_a_damaged_start_in_every_command(
    garou, six_games, tmp_path, key, value
):
    path = tmp_path / "edited.sqlite"
    shutil.copy(six_games, path)
    db = sqlite3.connect(path)
    data = json.loads(db.execute("SELECT data FROM events WHERE game_id=1 AND seq=1").fetchone()[0])
    data[key] = value
    db.execute("UPDATE events SET data=? WHERE game_id=1 AND seq=1", (json.dumps(data),))
    db.commit()
    db.close()
    for command in ("status", "recap", "export"):
        run = garou("game", command, "1", "--db", str(path), "--lang", "en")
        assert run.exit_code == 1, command
        assert "the start event is damaged" in run.stderr and f"'{key}'" in run.stderr
    listed = garou("game", "list", "--db", str(path), "--json").json()["games"]
    assert listed[0]["damaged"] and not listed[1]["damaged"]


@pytest.mark.parametrize("game_id", ["9223372036854775808", "-9223372036854775809", "1" * 40])
def test_an_id_beyond_sqlite_integers_is_a_number_too_large_never_a_traceback(
    garou, six_games, game_id
):
    # the one bound of a number (garou.core.numbers): the command line's error, exit 2
    for command in (["status"], ["recap"], ["export"], ["undo"], ["add", "dawn"]):
        run = garou("game", *command, "--id", game_id, "--db", str(six_games), "--lang", "en")
        assert run.exit_code == 2, (command, run.stderr)
        assert "--id" in run.stderr and "at most 9223372036854775807" in run.stderr


def test_a_full_disk_is_said_as_such_and_reading_still_works(six_games, tmp_path, monkeypatch):
    from garou.game import journal as journal_module
    from garou.game.journal import DiskFullError, open_journal

    path = tmp_path / "games.sqlite"
    shutil.copy(six_games, path)
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]
    error = journal_module.journal_error(full, path)
    assert isinstance(error, DiskFullError) and "the disk" in error.message("en")
    with open_journal(path) as journal:
        journal.full = journal.read_only = True  # as opened on a full disk
        assert len(journal.events(1)) > 1
        with pytest.raises(DiskFullError):
            journal.record(1, "dawn", {})


def test_a_pipe_or_a_device_as_the_journal_is_refused_before_it_is_opened(garou, tmp_path):
    import os

    pipe = tmp_path / "games.fifo"
    os.mkfifo(pipe)
    for db, kind in ((pipe, "named pipe"), (Path("/dev/null"), "device")):
        names = "Ana,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jon"
        for command in (["status"], ["list"], ["new", "--game", "mafia", "--names", names]):
            run = garou("game", *command, "--db", str(db), "--lang", "en")
            assert run.exit_code == 1, (db, command)
            assert f"{kind}" in run.stderr and "not a regular file" in run.stderr


@pytest.mark.parametrize("schema", ["²", "٣", "abc", ""])
def test_a_journal_whose_schema_is_not_a_whole_number_is_damaged_or_foreign(tmp_path, schema):
    from garou.game.journal import ForeignDatabaseError

    path = tmp_path / "g.sqlite"
    open_journal(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value=? WHERE key='schema'", (schema,))
    with pytest.raises(ForeignDatabaseError) as caught:
        open_journal(path)
    assert "damaged" in caught.value.message("en")


@pytest.mark.parametrize("renumbered", [(3, 10), (3, 4), (1, 0)])
def test_a_gap_in_a_games_event_numbers_is_a_damage_never_replayed_or_appended_to(
    garou, six_games, tmp_path, renumbered
):
    """Every event's number is its place: a row renumbered by hand (the third event moved
    to 10, or 4 while 4 exists elsewhere, or the first to 0) is said as the missing event,
    and nothing is appended out of order."""
    old, new = renumbered
    path = tmp_path / "gap.sqlite"
    shutil.copy(six_games, path)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM events WHERE game_id = 2 AND seq = ?", (new,))
        db.execute("UPDATE events SET seq = ? WHERE game_id = 2 AND seq = ?", (new, old))
        before = db.execute("SELECT count(*) FROM events WHERE game_id = 2").fetchone()[0]
    for command in (["status"], ["add", "dawn"], ["export"]):
        run = garou("game", *command, "--id", "2", "--db", str(path), "--lang", "en")
        assert run.exit_code == 1, (command, run.stdout)
        assert f"game 2, event {old} is missing" in run.stderr, run.stderr
        assert "Traceback" not in run.stderr
    with sqlite3.connect(path) as db:
        after = db.execute("SELECT count(*) FROM events WHERE game_id = 2").fetchone()[0]
    assert after == before  # nothing appended
    other = garou("game", "status", "--id", "1", "--db", str(path), "--json")
    assert other.exit_code == 0  # the other games still read
    listed = garou("game", "list", "--db", str(path), "--json").json()["games"]
    assert [g["id"] for g in listed if g["damaged"]] == [2]
