"""Tests of ``garou/cli/game_mafia_evening.py``."""

from __future__ import annotations

import pytest

from tests.helpers import MAFIA_NAMES_TYPED as NAMES
from tests.helpers import RECORD


@pytest.mark.parametrize("written", ["15/12/2026", "15.12.2026", "2026-12-15"])
def test_a_french_date_is_read_day_first_and_kept_iso(garou, tmp_path, written):
    db = str(tmp_path / "d.sqlite")
    made = garou("game", "new", "--game", "mafia", "--names", NAMES, "--seed", "7",
                 "--date", written, "--db", db)  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert "date: '2026-12-15'" in garou("game", "export", "--db", db).stdout
    dated = tmp_path / "dated.yaml"
    dated.write_text(RECORD.read_text().replace("date: null", f"date: '{written}'", 1))
    assert garou("game", "import", str(dated), "--db", db).exit_code == 0
    assert "date: '2026-12-15'" in garou("game", "export", "2", "--db", db).stdout
    # the season's bounds, written either way, compared as dates
    for since, until, games in (
        ("01/12/2026", "31/12/2026", [2]),
        ("16/12/2026", None, []),
        (None, "14.12.2026", []),
        ("2026-12-15", "15/12/2026", [2]),
    ):
        bounds = [*(["--from", since] if since else []), *(["--to", until] if until else [])]
        table = garou("--json", "club", "standings", *bounds, "--db", db)
        assert table.exit_code == 0 and table.json()["games"] == games, bounds
        assert table.json()["since"] in (None, "2026-12-01", "2026-12-16", "2026-12-15")


@pytest.mark.parametrize("bad", ["2026-02-30", "30/02/2026", "31.04.2026", "2026/12/10", "soon"])
def test_a_date_that_is_none_is_refused_where_it_was_written(garou, tmp_path, bad):
    db = str(tmp_path / "d.sqlite")
    for option in ("--from", "--to"):
        said = garou("--lang", "fr", "club", "standings", option, bad, "--db", db)
        assert said.exit_code == 2 and option in said.stderr and bad in said.stderr
    made = garou("--lang", "en", "game", "new", "--game", "mafia", "--names", NAMES,
                 "--date", bad, "--db", db)  # fmt: skip
    assert made.exit_code == 2 and "--date" in made.stderr and bad in made.stderr
    dated = tmp_path / "dated.yaml"
    dated.write_text(RECORD.read_text().replace("date: null", f"date: '{bad}'", 1))
    imported = garou("--lang", "en", "game", "import", str(dated), "--db", db)
    assert imported.exit_code == 1 and "dated.yaml:9 (game.date)" in imported.stderr
    assert (
        not (tmp_path / "d.sqlite").exists()
        or garou("--json", "game", "list", "--db", db).json()["games"] == []
    )


@pytest.mark.parametrize(
    "pairs",
    [["player=Gus", "player=Hal"], ["player=Gus", " player =Gus"], ["player=Gus", "player="]],
)
def test_a_key_given_twice_is_refused_on_the_terminal(garou, tmp_path, pairs):
    db = str(tmp_path / "k.sqlite")
    assert garou("game", "new", "--game", "mafia", "--names", NAMES, "--seed", "7",
                 "--db", db).exit_code == 0  # fmt: skip
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    before = garou("game", "export", "--db", db).stdout
    for lang, words in (("en", "player is given more than once"), ("fr", "player est donné")):
        added = garou("--lang", lang, "game", "add", "foul", *pairs, "--db", db)
        assert added.exit_code == 2 and words in added.stderr, added.stderr
        fixed = garou("--lang", lang, "game", "correct", "2", "foul", *pairs, "--why", "x",
                      "--db", db)  # fmt: skip
        assert fixed.exit_code == 2 and words in fixed.stderr
    assert garou("game", "export", "--db", db).stdout == before


def test_game_correct_confirms_the_event_it_corrected(garou, tmp_path):
    db = str(tmp_path / "c.sqlite")
    assert garou("game", "new", "--game", "mafia", "--names", NAMES, "--seed", "7",
                 "--db", db, "--name", "Friday").exit_code == 0  # fmt: skip
    for event in (["day"], ["foul", "player=Dan"], ["foul", "player=Hal"]):
        assert garou("game", "add", *event, "--db", db).exit_code == 0
    fixed = garou("--lang", "en", "game", "correct", "3", "foul", "player=Jon", "--why", "x",
                  "--db", db)  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    out = " ".join(fixed.stdout.split())
    assert "Game 1 (Friday): event 3 corrected: a foul for Dan → a foul for Jon" in out
    assert "Foul for Jon" in out and "Hal" not in out
    data = garou("--json", "--lang", "en", "game", "correct", "3", "foul", "player=Ivy",
                 "--why", "y", "--db", db).json()  # fmt: skip
    assert data["corrected"]["target"] == 3 and "Ivy" in data["corrected"]["after"]
    assert "Jon" in data["corrected"]["before"] and data["id"] == 1


@pytest.mark.parametrize("length", [41, 300])
def test_a_name_too_long_for_the_phone_is_refused_on_every_face(garou, tmp_path, length):
    db = str(tmp_path / "n.sqlite")
    long = "B" * length
    names = NAMES.replace("Bob", long)
    made = garou("--lang", "en", "game", "new", "--game", "mafia", "--names", names,
                 "--seed", "2", "--db", db)  # fmt: skip
    assert made.exit_code == 1 and f"is {length} characters long: at most 40" in made.stderr
    record = tmp_path / "long.yaml"
    record.write_text(RECORD.read_text().replace("Bob", long))
    imported = garou("--lang", "fr", "game", "import", str(record), "--db", db)
    assert imported.exit_code == 1 and f"a {length} caractères" in imported.stderr
    fine = garou("game", "new", "--game", "mafia", "--names", NAMES.replace("Bob", "B" * 40),
                 "--seed", "2", "--db", db)  # fmt: skip
    assert fine.exit_code == 0, fine.stderr


def test_game_correct_under_json_asks_nothing(garou, tmp_path):
    db = str(tmp_path / "q.sqlite")
    assert garou("game", "new", "--game", "mafia", "--names", NAMES, "--seed", "7",
                 "--db", db).exit_code == 0  # fmt: skip
    garou("game", "add", "day", "--db", db)
    said = garou("--json", "--lang", "en", "game", "correct", "2", "day", "--db", db)
    assert said.exit_code == 2 and "Say why" in said.json()["error"]["message"]
    assert said.stderr == ""
