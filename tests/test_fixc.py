"""The second review's findings of the fixc wave: each test fails on the tree before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from garou.rules.play import Player, make_state
from garou.rules.play.situation import parse_situation

from garou import rules

BOOK = rules.load_rules()
MF = BOOK.game("mafia")


# --- 4: the state's fouls decide who is still playing ------------------------------------


def _limits() -> list[tuple[str, int]]:
    """Every count of Mafia whose limit disqualifies, with that limit (from the data)."""
    assert MF.fouls is not None
    pairs = (("fouls", MF.fouls.foul), ("technical_fouls", MF.fouls.technical))
    found = [(attr, lim.limit) for attr, lim in pairs if lim.consequence == "disqualification"]
    assert found, "the data gives no disqualifying count: the test would check nothing"
    return found


@pytest.mark.parametrize(("attr", "limit"), _limits())
@pytest.mark.parametrize("extra", [0, 1, 7])
def test_a_player_whose_counts_disqualify_is_not_alive_in_any_state(attr, limit, extra):
    counted = Player("1", "mafia", fouls=0, **{attr: limit + extra})
    below = Player("2", "mafia", **{attr: limit - 1})
    town = [Player(str(n), "citoyen") for n in (3, 4, 5)]
    state = make_state(MF, [counted, below, *town])
    assert [p.name for p in state.living()] == ["2", "3", "4", "5"]
    data = {
        "game": "mafia",
        "players": {"1": {"role": "mafia", attr: limit + extra}, "2": "mafia"}
        | {str(n): "citoyen" for n in (3, 4, 5)},
    }
    situation = parse_situation(BOOK, data, origin="s.yaml")
    assert [p.name for p in situation.state.living()] == ["2", "3", "4", "5"]


def test_win_and_cascade_count_a_disqualified_mafioso_out(garou, tmp_path: Path):
    attr, limit = _limits()[0]
    path = tmp_path / "f.yaml"
    path.write_text(
        f'game: mafia\nplayers:\n  "1": {{role: mafia, {attr}: {limit}}}\n  "2": mafia\n'
        '  "3": citoyen\n  "4": citoyen\n  "5": citoyen\n',
        encoding="utf-8",
    )
    win = json.loads(garou("win", "--state", str(path), "--json").stdout)
    assert win["winner"] is None
    assert sorted(win["alive"].values()) == [1, 3]
    cascade = json.loads(garou("cascade", "--state", str(path), "-x", "3:vote", "--json").stdout)
    assert cascade.get("winner") is None, cascade.get("winner")
