"""garou.rules.play.outlook: what the dawn brings, and what can still prevent it."""

from __future__ import annotations

import pytest

from garou.rules.play import Death, Player, Witch, make_state
from garou.rules.play.outlook import night_outlook

SHORT_OF_PARITY = "A=loup,B=loup,C=chasseur,D=villageois,E=villageois,F=sorciere"
"""Two wolves against three once the witch F is dead: tonight's kill gives them parity."""


def _state(book, lovers=None, witch=None, dead=("F",)):
    game = book.game("loup-garou")
    cards = dict(pair.split("=") for pair in SHORT_OF_PARITY.split(","))
    roles = {"loup": "loup-garou", "sorciere": "sorciere"}
    players = [Player(n, roles.get(r, r), n not in dead) for n, r in cards.items()]
    return make_state(game, players, lovers=lovers, witch=witch)


def test_the_hunter_as_the_victim_can_shoot_a_wolf(book):
    outlook = night_outlook(_state(book), [Death("C", "night")])
    assert outlook is not None and not outlook.certain
    assert outlook.shooters == ("C",) and outlook.shot_targets == ("A", "B")


def test_a_villager_as_the_victim_with_no_witch_alive_is_certain(book):
    outlook = night_outlook(_state(book), [Death("D", "night")])
    assert outlook is not None and outlook.certain and outlook.witch == "no-witch"


def test_a_wolf_in_love_with_the_victim_keeps_parity_away(book):
    assert night_outlook(_state(book, lovers=["A", "D"]), [Death("D", "night")]) is None


def test_the_living_witch_can_save_or_poison_a_wolf(book):
    state = _state(book, dead=("E",), witch=Witch("unused", "unused"))
    outlook = night_outlook(state, [Death("D", "night")])
    assert outlook is not None and outlook.life and outlook.poison == ("A", "B")


def test_no_victim_chosen_yet_names_the_victims_that_change_the_dawn(book):
    outlook = night_outlook(_state(book, lovers=["A", "D"]), None)
    assert outlook is not None and outlook.spared == ("D",) and outlook.shooters == ("C",)


@pytest.mark.parametrize(
    ("lang", "shot"),
    [
        ("en", "If the victim is C, the shot can still prevent it"),
        ("fr", "Si la victime est C, son tir peut encore l'empêcher"),
    ],
)
def test_win_next_night_says_the_hunters_shot(garou, lang, shot):
    args = ("win", "-g", "loup-garou", "-p", SHORT_OF_PARITY, "-d", "F", "--next", "night")
    said = garou(*args, "--lang", lang, "--json")
    assert said.exit_code == 0, said.stderr
    steps = {s["code"]: s for s in said.json()["steps"]}
    assert steps["win.night-parity"]["certain"] is False
    assert steps["win.tonight-shot"]["shooters"] == ["C"]
    assert steps["win.tonight-shot"]["message"].startswith(shot)
