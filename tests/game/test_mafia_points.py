"""Tests of ``garou/game/mafia_points.py``."""

from __future__ import annotations

import pytest

from tests.helpers import MAFIA_ROLES as ROLES
from tests.helpers import Table

CLUB = {"classic": {"ville": {"testament_per_mafioso": 0.25}}}


def _last_vote(t, nominee):
    """Three of the Town disqualified, then ``nominee`` voted out: the Mafia's win."""
    from garou.game.mafia import MAFIA_ROLES

    t.add("day")
    for name in ("Ana", "Cid", "Eve"):
        t.add("disqualify", player=name, behaviour="threats")
    t.speeches()
    t.add("nominate", by="Bob", nominee=nominee)
    t.add("vote", votes={})
    assert t.state().phase == "over" and t.state().winner == "mafia"
    return [n for n, r in ROLES.items() if r in MAFIA_ROLES]


def test_the_last_vote_s_player_gives_the_farewell_and_its_points_count(book, tmp_path):
    from garou.game.mafia_points import points

    t = Table(book, tmp_path, club=CLUB)
    mafiosi = _last_vote(t, "Gus")
    assert t.status()["farewell_due"] == ["Gus"] and "Gus" in t.status()["next"]
    before = {
        p["name"]: p["points"]["classic"]["total"] for p in points(t.state(), "en")["players"]
    }
    t.add("farewell", player="Gus", best_move=mafiosi[:2], suspects=mafiosi, crown="Jon")
    after = {p["name"]: p["points"]["classic"]["total"] for p in points(t.state(), "en")["players"]}
    assert after["Gus"] == pytest.approx(before["Gus"] + 0.25 * len(mafiosi))
    assert t.status()["farewell_due"] == [] and t.status()["next"] is None
    for kind, data in (("farewell", {"player": "Gus"}), ("night", {}), ("foul", {"player": "Jon"})):
        assert t.refused(kind, **data).phrase.key == "mafia.refused.over"
