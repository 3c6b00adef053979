"""The scoring stage: BM25 straight from the postings (the field lengths stored at build
time are Whoosh's own), and the hand ranking (:func:`scoring.rank`), alone."""

from __future__ import annotations

import pytest

from garou.lookup import scoring
from garou.lookup.index import TEXT_FIELDS
from garou.lookup.scoring import Weighing, rank


def test_the_lengths_stored_with_the_index_are_whoosh_s_per_document_lengths(searcher):
    reader = searcher._reader
    count = reader.doc_count_all()
    for name in TEXT_FIELDS:
        public = [reader.doc_field_length(d, name, 0) or 0 for d in range(count)]
        assert searcher._scorer.lengths[name] == public, name


def test_every_scored_field_has_its_lengths_stored(searcher):
    schema = searcher._opened.index.schema
    assert set(searcher._scorer.lengths) == set(schema.scorable_names())
    assert set(TEXT_FIELDS) <= set(searcher._scorer.lengths)


# --- the hand ranking, without an index -------------------------------------------------------

GAMES = ["loup-garou", "loup-garou", "mafia", "mafia"]
KINDS = ["rule", "role", "rule", "rule"]


def _weighing(**changed: object) -> Weighing:
    values: dict[str, object] = dict(
        covered={0: 2, 1: 2, 2: 2, 3: 2}, words=2, phrases={}, needed=[],
        answers_quantity=None, several=True, defined=set(), own=set(), preferred=None,
        obeyed=False,
    )  # fmt: skip
    values.update(changed)
    return Weighing(**values)  # type: ignore[arg-type]


def test_the_share_of_the_words_an_entry_has_weighs_its_score():
    total = {0: 1.0, 2: 1.0}
    top = rank(total, _weighing(covered={0: 2, 2: 1}), GAMES, KINDS)
    assert [d for _, d in top] == [0, 2]
    assert top[1][0] == pytest.approx(0.5**scoring.COORD_POWER)


def test_an_entry_without_the_essential_word_or_the_quantity_asked_comes_after():
    total = {0: 1.0, 2: 1.0}
    assert [d for _, d in rank(total, _weighing(needed=[{2: 1.0}]), GAMES, KINDS)] == [2, 0]
    stated = _weighing(answers_quantity=lambda d: d == 2)
    assert [d for _, d in rank(total, stated, GAMES, KINDS)] == [2, 0]


def test_a_role_entry_weighs_less_when_several_words_ask_about_a_situation():
    total = {0: 1.0, 1: 1.1}
    assert [d for _, d in rank(total, _weighing(), GAMES, KINDS)] == [0, 1]
    alone = _weighing(several=False, own={1})
    assert [d for _, d in rank(total, alone, GAMES, KINDS)] == [1, 0]


def test_the_game_obeyed_never_lets_the_other_game_first_and_each_game_keeps_its_best():
    total = {0: 1.0, 2: 100.0, 3: 50.0}
    top = rank(total, _weighing(preferred="loup-garou", obeyed=True), GAMES, KINDS, limit=1)
    assert [d for _, d in top] == [0, 2]  # the first, then mafia's best
    assert [d for _, d in rank(total, _weighing(), GAMES, KINDS, game="mafia")] == [2, 3]
