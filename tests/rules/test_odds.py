"""The random-play baseline: exact values worked out by hand, and whole simulated games."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from garou.rules import UsageError
from garou.rules.odds import MAX_PLAYERS, village_win_chance

# --- values worked out by hand ---------------------------------------------------------


def test_two_villagers_and_a_wolf_lose_at_once_when_the_night_comes_first():
    # Night 1: the wolf eats a villager, 1 against 1: parity.
    assert village_win_chance(2, 1, first_kill_night=1) == 0


def test_two_villagers_and_a_wolf_get_one_random_vote_when_the_day_comes_first():
    # Day 1: 1 chance in 3 that the vote falls on the wolf; otherwise 1 against 1.
    assert village_win_chance(2, 1, first_kill_night=2) == Fraction(1, 3)


def test_three_villagers_and_a_wolf():
    # Night first: 2 against 1, then one vote: 1/3.
    assert village_win_chance(3, 1, first_kill_night=1) == Fraction(1, 3)
    # Day first: 1/4 on day 1; otherwise 2 against 1, night 2 kills: parity.
    assert village_win_chance(3, 1, first_kill_night=2) == Fraction(1, 4)


def test_four_villagers_and_a_wolf_with_the_night_first():
    # Night: 3v+1w. Day: 1/4 wolf out; else 2v+1w. Night: 1v+1w, parity. So 1/4.
    assert village_win_chance(4, 1) == Fraction(1, 4)


def test_quiet_nights_only_delay_the_first_kill():
    # Two quiet nights: day 1 (1/4), else 2v+1w; night 2 quiet; day 2 (1/3), else 1v+1w.
    assert village_win_chance(3, 1, first_kill_night=3) == Fraction(1, 4) + Fraction(
        3, 4
    ) * Fraction(1, 3)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(1, 4))
def test_the_ends_of_the_game(others, minority, first):
    chance = village_win_chance(others, minority, first)
    assert 0 <= chance <= 1
    if minority == 0:
        assert chance == 1
    elif minority >= others:
        assert chance == 0
    else:
        assert chance < 1  # the votes may always miss the minority


@pytest.mark.parametrize(
    "others, minority, first",
    [(-1, 1, 1), (3, -2, 1), (3, 1, 0), (True, 1, 1), (3, 1.0, 1), (MAX_PLAYERS, 1, 1)],
)
def test_bad_or_absurd_counts_are_refused(others, minority, first):
    with pytest.raises(UsageError):
        village_win_chance(others, minority, first)


def test_absurd_counts_are_refused_without_computing():
    with pytest.raises(UsageError, match="up to"):
        village_win_chance(10**9, 10**8)


def test_the_largest_accepted_table_is_computed():
    chance = village_win_chance(MAX_PLAYERS - 1, 1)
    assert 0 < chance < 1


# --- an independent check: whole games, simulated ----------------------------------------


def simulate(others: int, minority: int, first_kill_night: int, games: int, seed: int) -> float:
    """Play ``games`` whole games at random; return the share the village wins."""
    rng = random.Random(seed)
    wins = 0
    for _ in range(games):
        table = ["wolf"] * minority + ["villager"] * others
        night = 1
        while True:
            wolves = table.count("wolf")
            if wolves == 0:
                wins += 1
                break
            if wolves >= len(table) - wolves:
                break
            if night >= first_kill_night:
                victims = [i for i, card in enumerate(table) if card != "wolf"]
                table.pop(rng.choice(victims))
            night += 1
            wolves = table.count("wolf")
            if wolves >= len(table) - wolves:
                break
            table.pop(rng.randrange(len(table)))  # the day's random vote
    return wins / games


@pytest.mark.parametrize(
    "others, minority, first",
    [
        (4, 1, 1),  # Loup-Garou, 5 players
        (6, 2, 1),  # Loup-Garou, 8 players
        (10, 3, 1),  # Loup-Garou, 13 players
        (13, 5, 1),  # Loup-Garou, 18 players
        (7, 3, 2),  # Mafia, the classic 10
        (5, 1, 2),
    ],
)
def test_the_exact_chance_agrees_with_simulated_games(others, minority, first):
    games = 6000
    exact = float(village_win_chance(others, minority, first))
    seen = simulate(others, minority, first, games, seed=others * 100 + minority * 10 + first)
    standard_error = math.sqrt(max(exact * (1 - exact), 1e-4) / games)
    assert abs(seen - exact) <= 4 * standard_error, (seen, exact)


def test_the_first_kill_may_come_on_any_night_up_to_the_most_accepted():
    # Quiet nights only delay the kills: a wolf alone against one villager still loses
    # after the day, whenever the kills start.
    assert village_win_chance(2, 1, MAX_PLAYERS) == village_win_chance(2, 1, 2)
    for night in (0, MAX_PLAYERS + 1):
        with pytest.raises(UsageError):
            village_win_chance(2, 1, night)
