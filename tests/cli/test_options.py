"""Tests of ``garou/cli/options.py``."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MAFIA_NAMES_TYPED, TYPOS, _names

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


DATED = [
    (["club", "standings", "--from", "{date}"], "--from"),
    (["club", "standings", "--to", "{date}"], "--to"),
    (["house", "pick", "-g", "mafia", "--defaults", "-o", "{out}", "--date", "{date}"], "--date"),
    (["game", "new", "-g", "mafia", "--names", MAFIA_NAMES_TYPED, "--date", "{date}"], "--date"),
]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("args", "option"), DATED)
def test_every_date_option_refuses_a_non_date_the_same_way(garou, tmp_path, args, option, lang):
    from garou.core.catalogue import say

    out, db = str(tmp_path / "accord.yaml"), str(tmp_path / "j.sqlite")
    typed = [a.format(date="31/02/2026", out=out) for a in args]
    run = (
        garou(*typed, "--db", db, "--lang", lang)
        if typed[0] != "house"
        else garou(*typed, "--lang", lang)
    )
    assert run.exit_code == 2, run.stderr
    said = say("core.date.option", lang, value="31/02/2026", option=option)
    assert " ".join(said.split()) in " ".join(run.stderr.split()), run.stderr
    assert not (tmp_path / "accord.yaml").exists()


@pytest.mark.parametrize(
    ("typed", "iso"), [("15/12/2026", "2026-12-15"), ("2026-12-15", "2026-12-15")]
)
def test_a_date_option_is_read_as_every_date_of_garou(typed, iso):
    from garou.cli.options import option_date

    assert option_date(typed) == iso and option_date(None) is None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_date_range_whose_start_comes_after_its_end_is_refused(garou, tmp_path, lang):
    run = garou("club", "standings", "--from", "31/12/2026", "--to", "2026-01-01",
                "--db", str(tmp_path / "j.sqlite"), "--lang", lang)  # fmt: skip
    assert run.exit_code == 2 and "2026-12-31" in run.stderr and "2026-01-01" in run.stderr
    assert {"fr": "échangez-les", "en": "swap them"}[lang] in run.stderr
