"""Tests of ``garou/cli/conftest.py``."""

from __future__ import annotations

import pytest

from tests.helpers import FINISHED_ROLES


@pytest.fixture
def finished_mafia(garou, tmp_path):
    """A Mafia evening over on its first day (Ivy's opponent victory); its journal's path."""
    db = str(tmp_path / "games.sqlite")
    names = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
    deal = ",".join(f"{n}={r}" for n, r in zip(names, FINISHED_ROLES, strict=True))
    made = garou("game", "new", "--game", "mafia", "--names", ",".join(names), "--deal", deal,
                 "--db", db)  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert garou("game", "add", "day", "--db", db).exit_code == 0
    assert garou("game", "add", "opponent-victory", "player=Ivy", "--db", db).exit_code == 0
    return db
