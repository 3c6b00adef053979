"""The tree's names say what a thing holds: none records the round of work that wrote it."""

from __future__ import annotations

import re

from tests.conftest import REPO

ROUND = re.compile(
    r"(^|[_/.-])(fix(es|[0-9]*[a-z]?)|review[-_]?[0-9a-z]?|left[0-9]+|leftovers|wave[0-9]+"
    r"|session[0-9]+|heldout-[0-9]+)([_/.-]|$)"
)
"""A name made for a round of work (``test_fixb.py``, ``review4``, ``left5.yaml``…)."""


def named_for_a_round(root) -> list[str]:
    """The files and folders under ``root``'s ``garou/``, ``tests/`` and ``bench/`` named for a
    round (test data and message catalogues included)."""
    found = []
    for top in ("garou", "tests", "bench"):
        for path in sorted((root / top).rglob("*")):
            name = path.relative_to(root).as_posix()
            if "__pycache__" in name:
                continue
            if ROUND.search(name.removeprefix(f"{top}/")):
                found.append(name)
    return found


def test_no_file_under_garou_or_tests_is_named_for_a_round_of_work():
    assert named_for_a_round(REPO) == []


def test_the_round_check_finds_a_round_s_name(tmp_path):
    for name in ("tests/test_fixb.py", "tests/test_review_a.py", "garou/left5.py",
                 "tests/game/test_leftovers.py", "garou/wave2/x.py", "tests/test_fixes.py",
                 "tests/data/heldout-3.yaml", "tests/web/test_prefix.py"):  # fmt: skip
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert named_for_a_round(tmp_path) == [
        "garou/left5.py",
        "garou/wave2",
        "garou/wave2/x.py",
        "tests/data/heldout-3.yaml",
        "tests/game/test_leftovers.py",
        "tests/test_fixb.py",
        "tests/test_fixes.py",
        "tests/test_review_a.py",
    ]


def test_no_message_key_is_named_for_a_round_of_work():
    from garou.core.catalogue import messages

    assert [key for key in messages() if ROUND.search(key.split(".", 1)[0] + ".")] == []
