"""Tests of ``garou/rules/play/win.py``."""

from __future__ import annotations

import pytest


def _witch_table(life, death, reading=None, lovers=None):
    from dataclasses import replace

    from garou.houserules import build_agreement
    from garou.rules import load_rules
    from garou.rules.play import Player, Witch, make_state, table_rules

    game = load_rules().game("loup-garou")
    roles = {"Ana": "loup-garou", "Bob": "loup-garou", "Cid": "sorciere", "Dee": "villageois",
             "Eve": "villageois"}  # fmt: skip
    state = make_state(game, [Player(n, r) for n, r in roles.items()], lovers, None)
    agreement = None
    if reading:
        agreement = build_agreement(game, {"lg-contested-witch-two-potions": reading})
    return replace(state, witch=Witch(life=life, death=death),
                   agreed=table_rules(game, agreement))  # fmt: skip


POTION_CASES = [
    # life, death, reading, the answer, can save, can poison
    ("unused", "unused", None, "win.night-parity-witch-can-both", True, True),
    ("unused", "used", None, "win.night-parity-witch-can", True, False),
    ("used", "unused", None, "win.night-parity-witch-can-poison", False, True),
    ("used", "used", None, "win.night-parity-potions-spent", False, False),
    (None, None, None, "win.night-parity-witch-can-both", True, True),
    ("tonight", "unused", None, "win.night-parity-drunk-tonight", False, False),
    ("unused", "tonight", None, "win.night-parity-drunk-tonight", False, False),
    ("tonight", "unused", "both-allowed", "win.night-parity-witch-can-poison", False, True),
    ("unused", "tonight", "both-allowed", "win.night-parity-witch-can", True, False),
    ("unused", "unused", "both-allowed", "win.night-parity-witch-can-both", True, True),
    ("tonight", "used", "both-allowed", "win.night-parity-potions-spent", False, False),
]


@pytest.mark.parametrize("life, death, reading, key, save, poison", POTION_CASES)
def test_the_witch_can_prevent_the_parity_with_each_potion_left(
    life, death, reading, key, save, poison
):
    from garou.rules.play import check_win

    for lang in ("fr", "en"):
        result = check_win(_witch_table(life, death, reading), lang, "night")
        step = next(s for s in result.steps if s.code.startswith("win.night-parity-"))
        assert step.code == key
        assert step.data["witch_can_save"] is save and step.data["witch_can_poison"] is poison
        if poison:
            assert step.data["poison_targets"] == ["Ana", "Bob"]
            assert "Ana" in step.message and "Bob" in step.message
        else:
            assert step.data["poison_targets"] == []


@pytest.mark.parametrize("victim", ["Cid", "Dee", "Eve"])
@pytest.mark.parametrize("poisoned", ["Ana", "Bob"])
def test_what_the_witch_is_told_she_can_poison_does_prevent_the_parity(victim, poisoned):
    """Checked against the win itself: the victim dead and the named wolf poisoned, nobody
    has won (2 wolves, 3 others: the wolves' parity needs their victim alone)."""
    from dataclasses import replace

    from garou.rules.play import check_win

    state = _witch_table("used", "unused")
    step = next(s for s in check_win(state, "en", "night").steps
                if s.code.startswith("win.night-parity-"))  # fmt: skip
    assert poisoned in step.data["poison_targets"]
    dead = {victim, poisoned}
    after = replace(state, players=tuple(replace(p, alive=p.name not in dead)
                                         for p in state.players))  # fmt: skip
    assert check_win(after, "en", "vote").winner is None
    alone = replace(state, players=tuple(replace(p, alive=p.name != victim)
                                         for p in state.players))  # fmt: skip
    assert check_win(alone, "en", "vote").winner == "loups"  # without the poison: parity


def test_a_wolf_whose_lover_dies_with_him_is_not_offered_when_that_still_gives_parity():
    from garou.rules.play import check_win

    # Ana (wolf) loves Dee (villager): poisoning Ana kills Dee too, 1 wolf against 1 other
    # once the victim dies: parity all the same. Bob alone is the way out.
    state = _witch_table("used", "unused", lovers=("Ana", "Dee"))
    step = next(s for s in check_win(state, "en", "night").steps
                if s.code.startswith("win.night-parity-"))  # fmt: skip
    assert step.data["poison_targets"] == ["Bob"]
