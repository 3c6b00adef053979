"""Tests of ``garou/houserules/deal.py``: the setup and the draft a table agrees on."""

from __future__ import annotations

import pytest

from garou.core.errors import GarouError, UsageError
from garou.houserules import draft_agreement, questions


def test_a_draft_refuses_a_case_of_the_other_game_naming_it(book):
    wolf, mafia = book.game("loup-garou"), book.game("mafia")
    case = questions(mafia)[0]
    with pytest.raises(UsageError) as refused:
        draft_agreement(book, wolf, {case.id: case.options[0].id})
    assert refused.value.phrase is not None
    assert refused.value.phrase.key == "house.case-of.other-game"


def test_a_draft_holds_the_choices_the_setup_and_refuses_what_its_file_could_not_hold(book):
    wolf = book.game("loup-garou")
    first = questions(wolf)[0]
    other = next(o.id for o in first.options if o.id != (first.default and first.default.option))
    drafted = draft_agreement(book, wolf, {first.id: other}, table="Jeudi",
                              roles={"loup-garou": 2, "villageois": 6}, lang="fr")  # fmt: skip
    assert drafted.decision(first.id).option == other
    assert drafted.setup is not None and drafted.setup.players == 8
    with pytest.raises(GarouError):
        draft_agreement(book, wolf, {}, table="Jeudi\x1b[31m")
