"""The candidates stage alone: a concept's scores per entry, field by field."""

from __future__ import annotations

import pytest

from garou.lookup.analysis import concept_of
from garou.lookup.candidates import FIELD_TIEBREAK, Candidates


def test_the_fields_combine_as_the_best_plus_a_share_of_the_others():
    combined = Candidates.combined({"title_fr": {1: 2.0, 2: 1.0}, "text_fr": {1: 1.0}})
    assert combined[1] == pytest.approx(2.0 + FIELD_TIEBREAK * 1.0)
    assert combined[2] == pytest.approx(1.0)


def test_a_concept_scores_the_entries_that_have_its_words_in_its_fields(searcher):
    found = Candidates(searcher._scorer, searcher._analyzers)
    concept = concept_of(searcher._lexicon, "sorciere", [])
    fields = found.concept_fields(concept)
    assert fields and all(scores for scores in fields.values())
    scores = found.concept_scores(concept)
    witch = searcher._scorer.docnum("lg-role-sorciere")
    assert witch is not None and max(scores, key=scores.get) == witch
    assert found.concept_scores(concept, asks=False).keys() <= scores.keys()
