"""Tests of ``garou/cli/options.py``."""

from __future__ import annotations

import json

import pytest

from tests.helpers import TYPOS, _names

pytestmark = pytest.mark.usefixtures("private_cache")


GAME_COMMANDS = [
    ["search", "égalité"],
    ["rules"],
    ["roles"],
    ["check", "--players", "8", "--roles", "loup-garou=2,villageois=6"],
    ["suggest", "--players", "8"],
    ["vote", "--vote", "A=B"],
    ["cascade"],
    ["win"],
    ["fouls"],
    ["house", "pick"],
    ["house", "list"],
    ["print", "cheatsheet"],
    ["game", "new"],
]
"""Every command that takes ``--game``, with what else it needs to get that far."""


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("typed,near", TYPOS)
@pytest.mark.parametrize("command", GAME_COMMANDS, ids=" ".join)
def test_a_mistyped_game_option_is_refused_with_the_closest_game(garou, command, typed, near, lang):
    run = garou(*command, "--game", typed, "--lang", lang, input="")
    assert run.exit_code == 2, (run.stdout, run.stderr)
    _names(run.stderr, typed, near, lang)
    assert "table" not in run.stderr  # the option's problem, not a table state's
    shown = garou(*command, "-g", typed, "--lang", lang, "--json", input="")
    assert shown.exit_code == 2
    error = json.loads(shown.stdout)["error"]
    assert error["exit_code"] == 2 and error["type"] == "UnknownGameError"
    _names(error["message"], typed, near, lang)


def test_a_game_name_players_use_is_still_accepted(garou):
    for name in ("Werewolf", "loups-garous", "LG", "Mafia"):
        assert garou("rules", "--game", name).exit_code == 0, name
