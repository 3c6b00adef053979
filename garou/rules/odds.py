"""The village's winning chance under random play: a baseline for comparing setups.

The model is the baseline of the mathematical literature on the game (Braverman, Etesami
& Mossel, "Mafia: a theoretical study of players and coalitions"): every day one living
player, picked uniformly at random, is eliminated (everybody votes at random); every night
on which the minority kills, it kills one player of the majority; the minority wins as
soon as it is at least as many as the others, the majority wins when no minority player is
left. Power roles play no part in it, and the figure says nothing about a real table: it
only lets two setups be compared.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from garou.core.errors import UsageError

MAX_PLAYERS = 200
"""Most players the recursion accepts: far beyond any table, still a few milliseconds."""


def village_win_chance(others: int, minority: int, first_kill_night: int = 1) -> Fraction:
    """Return the exact chance that the majority wins under random play.

    ``others`` players of the majority face ``minority`` players who kill at night. The game
    starts with night 1; the minority kills from night ``first_kill_night`` on (1 in
    Loup-Garou; 2 in Mafia, whose first night is a meeting, so its first kill follows a day).
    Raise UsageError for negative counts or more than MAX_PLAYERS players.
    """
    for name, value in (("others", others), ("minority", minority)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise UsageError("odds.count", name=name, value=repr(value))
    if others + minority > MAX_PLAYERS:
        raise UsageError("odds.too-many", players=others + minority, most=MAX_PLAYERS)
    if isinstance(first_kill_night, bool) or not isinstance(first_kill_night, int):
        raise UsageError("odds.night", value=repr(first_kill_night), most=MAX_PLAYERS)
    if not 1 <= first_kill_night <= MAX_PLAYERS:
        raise UsageError("odds.night", value=repr(first_kill_night), most=MAX_PLAYERS)

    @cache
    def chance(others: int, minority: int, quiet_nights: int, night: bool) -> Fraction:
        # quiet_nights: nights still to come on which nobody is killed.
        if minority == 0:
            return Fraction(1)
        if minority >= others:
            return Fraction(0)
        if night:
            if quiet_nights:
                return chance(others, minority, quiet_nights - 1, False)
            return chance(others - 1, minority, 0, False)
        alive = others + minority
        return Fraction(minority, alive) * chance(
            others, minority - 1, quiet_nights, True
        ) + Fraction(others, alive) * chance(others - 1, minority, quiet_nights, True)

    return chance(others, minority, first_kill_night - 1, True)
