"""The "not covered" verdict: an act said in other words than the entry's is still the act."""

from __future__ import annotations

import pytest

ANSWERED = [
    ("can the witch drink both potions the same night", "lg-contested-witch-two-potions"),
    ("can the witch throw both potions the same night", "lg-contested-witch-two-potions"),
    ("can the witch pour both potions in one night", "lg-contested-witch-two-potions"),
    ("can the witch use up both potions the same night", "lg-contested-witch-two-potions"),
    ("la sorcière peut-elle boire ses deux potions la même nuit", "lg-contested-witch-two-potions"),
    ("la sorcière peut-elle verser ses deux potions la même nuit",
     "lg-contested-witch-two-potions"),
    ("la sorcière peut-elle lancer ses deux potions la même nuit",
     "lg-contested-witch-two-potions"),
    ("can the hunter shoot someone when he dies", "lg-hunter-shot"),
    ("can the hunter fire at someone when he dies", "lg-hunter-shot"),
    ("le chasseur peut-il tirer sur quelqu'un en mourant", "lg-hunter-shot"),
]  # fmt: skip


@pytest.mark.parametrize(("query", "entry"), ANSWERED)
def test_a_role_s_known_act_in_another_verb_is_answered(searcher, query, entry):
    result = searcher.search(query, lang="en")
    assert result.hits[0].id == entry
    assert result.answered, result.verdict


@pytest.mark.parametrize(
    "query",
    [
        "les loups peuvent-ils désigner un autre loup",
        "les loups-garous peuvent-ils désigner leur victime",
        "can the wolves pick another wolf",
        "can the werewolves choose their victim",
    ],
)
def test_the_wolves_choosing_in_any_verb_is_answered_by_a_wolves_entry(searcher, query):
    result = searcher.search(query, lang="fr")
    assert result.answered, result.verdict
    assert "wol" in result.hits[0].id or "loup" in result.hits[0].id


@pytest.mark.parametrize(
    "query",
    [
        "can the witch steal a potion",
        "la sorcière peut-elle voler une potion",
        "can the witch sell her potions",
        "can the seer kill",
        "can the witch fly",
        "can the hunter juggle",
        "la voyante peut-elle tuer",
    ],
)
def test_an_act_the_role_does_not_have_is_still_not_covered(searcher, query):
    result = searcher.search(query, lang="en")
    assert not result.answered
    assert result.verdict is not None and result.verdict.reason == "act"
