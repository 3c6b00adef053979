"""The typo correction alone: the words of a query against a view of the index."""

from __future__ import annotations

from garou.lookup import spelling
from garou.lookup.analysis import units_of


def test_a_swap_of_two_letters_is_one_edit_and_a_word_typed_short_is_one_too():
    assert spelling.distance("chasseur", "chasseur") == 0
    assert spelling.distance("chsaseur", "chasseur") == 1
    assert spelling.closeness("sorcie", "sorciere") == 1
    assert spelling.closeness("sorc", "sorciere") == 4


def test_a_doubled_first_syllable_of_one_role_is_its_nickname(searcher):
    assert spelling.nickname("vovo", searcher._lexicon) == "voyante"
    assert spelling.nickname("lolo", searcher._lexicon) is None  # several roles
    assert spelling.nickname("papa", searcher._lexicon) is None  # no role


def test_unknown_words_are_corrected_and_known_or_everyday_ones_kept(searcher):
    units, _ = units_of("chaseur soir sorcire")
    fixed, fixes = spelling.correct(units, searcher._words)
    assert fixes == {"chaseur": "chasseur", "sorcire": "sorciere"}
    assert [word for _, word, _ in fixed] == ["chasseur", "soir", "sorciere"]
    assert spelling.respell("Chaseur, soir", fixes, searcher._lexicon, "fr") == "Chasseur, soir"


def test_did_you_mean_offers_the_index_s_words_close_to_an_unknown_word(searcher):
    units, _ = units_of("voyannte")
    assert "voyante" in spelling.suggest(units, searcher._words)
