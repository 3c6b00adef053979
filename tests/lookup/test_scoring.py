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


def test_each_factor_has_its_value_and_only_the_factors_that_apply_are_given():
    def factors(docnum: int, **changed: object) -> dict[str, float]:
        return dict(scoring.factors(docnum, _weighing(**changed), GAMES, KINDS))

    assert factors(0) == {}  # every word, no phrase, nothing missing, same game
    assert factors(0, covered={0: 1}, words=4) == {"coverage": 0.5}  # (1/4) ** 0.5
    assert factors(0, covered={}) == {"coverage": 0.0}  # none of the words
    assert factors(0, phrases={0: 0.5}) == {"phrase": 1.25}
    assert factors(0, needed=[{2: 1.0}]) == {"essential": scoring.ESSENTIAL_ABSENT}
    assert factors(0, needed=[{0: 1.0}]) == {}
    assert factors(0, answers_quantity=lambda d: False) == {"quantity": scoring.ESSENTIAL_ABSENT}
    assert factors(1) == {"definition": scoring.DEFINITION_PRIOR}  # a role's entry
    assert factors(0, defined={0}) == {"definition": scoring.DEFINITION_PRIOR}
    assert factors(1, several=False, own={1}) == {"own": 1 / scoring.DEFINITION_PRIOR}
    assert factors(2, preferred="loup-garou") == {"other-game": scoring.OTHER_GAME}
    obeyed = factors(2, preferred="loup-garou", obeyed=True)
    assert obeyed == {"other-game": scoring.OTHER_GAME_OBEYED}
    assert factors(0, preferred="loup-garou") == {}


def test_the_score_is_the_lexical_score_times_its_factors():
    weighing = _weighing(covered={0: 1, 2: 2}, phrases={2: 1.0}, preferred="mafia")
    for score, docnum in rank({0: 3.0, 2: 2.0}, weighing, GAMES, KINDS):
        product = 3.0 if docnum == 0 else 2.0
        for _, factor in scoring.factors(docnum, weighing, GAMES, KINDS):
            product *= factor
        assert score == pytest.approx(product)
    assert rank({0: 3.0, 2: 2.0}, weighing, GAMES, KINDS)[0][1] == 2


def test_best_of_takes_each_document_s_best_weighted_score_plus_a_share_of_the_others():
    assert scoring.best_of([({}, 1.0)], 0.1) == {}
    assert scoring.best_of([({1: 2.0}, 0.5), ({}, 1.0)], 0.1) == {1: 1.0}
    mixed = scoring.best_of([({1: 2.0, 2: 1.0}, 1.0), ({1: 3.0}, 0.5)], 0.1)
    assert mixed == pytest.approx({1: 2.0 + 0.1 * 1.5, 2: 1.0})
    weighed = scoring.best_of([({1: 2.0, 2: 1.0}, 0.5), ({1: 3.0}, 1.0)], 0.1)
    assert weighed == pytest.approx({1: 3.0 + 0.1 * 1.0, 2: 0.5})
    assert scoring.best_of([({1: 1.0}, 1.0), ({1: 4.0, 2: 1.0}, 1.0)], 0.25) == pytest.approx(
        {1: 4.0 + 0.25 * 1.0, 2: 1.0}
    )


def test_a_term_scores_bm25_from_whoosh_s_own_statistics(searcher):
    import math

    scorer, reader = searcher._scorer, searcher._reader
    scorer.clear()  # no candidates left from another query
    field, text = "text_fr", next(t for t in reader.field_terms("text_fr") if len(t) > 4)
    average = reader.field_length(field) / reader.doc_count_all()
    postings = reader.postings(field, text)
    expected = {}
    while postings.is_active():
        docnum, weight = postings.id(), postings.weight()
        frequency = reader.doc_frequency(field, text)
        idf = math.log(reader.doc_count_all() / (frequency + 1)) + 1
        norm = scoring.K1 * (1 - scoring.B + scoring.B * scorer.lengths[field][docnum] / average)
        expected[docnum] = idf * (scoring.K1 + 1) * weight / (weight + norm)
        postings.next()
    assert scorer.term(field, text) == pytest.approx(expected)
    assert scorer.phrase(field, [text, "zzzz-absent"]) == {}
    # A phrase's documents have every one of its terms: the third term narrows the first two.
    terms = [t for t in ("loup", "vote", "nuit", "joueur") if scorer.term(field, t)]
    first, second, third = (set(scorer.term(field, t)) for t in terms[:3])
    assert first & second & third != first & second  # the third term does narrow them
    assert set(scorer.phrase(field, terms[:3])) == first & second & third


def test_the_scores_kept_between_queries_are_bounded_and_change_no_answer(searcher, monkeypatch):
    first = searcher.search("le chasseur amoureux", lang="en").to_dict()
    monkeypatch.setattr(scoring, "KEPT_TERMS", 3)
    for query in ("vote", "égalité au vote", "sorcière potion", "le chasseur amoureux"):
        again = searcher.search(query, lang="en")
        assert len(searcher._scorer._every) <= 3
    assert again.to_dict() == first
