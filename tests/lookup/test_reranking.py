"""The reranking stage alone: features, the learned model's order, the close call."""

from __future__ import annotations

import pytest

from garou.lookup.reranking import (
    CLOSE_CALL,
    FEATURES,
    OTHER_GAME_OBEYED,
    Ranking,
    Signals,
    close_call,
    entry_features,
    features,
    rerank,
)


class _Concept:
    def __init__(self, words: str, names_role: bool = False):
        self.words, self.names_role, self.game_word = words, names_role, False


def _signals(concepts, **changes):
    values = dict(concepts=concepts, counted=concepts, in_fields=[{} for _ in concepts],
                  covered={}, n=max(1, len(concepts)), phrases={}, own=set(), alone=False,
                  defined=set(), lacking={}, preferred=None)  # fmt: skip
    values.update(changes)
    return Signals(**values)


def _ranking(weights: dict[str, float]) -> Ranking:
    n = len(FEATURES)
    return Ranking(FEATURES, (0.0,) * n, (1.0,) * n,
                   tuple(weights.get(name, 0.0) for name in FEATURES))  # fmt: skip


def test_each_candidate_gets_one_value_per_feature_in_the_hand_ranking_s_order():
    vote = _Concept("vote")
    signals = _signals([vote], in_fields=[{"title_fr": {3: 2.0, 5: 1.0}}], covered={3: 1})
    rows = features([3, 5], [4.0, 1.0], signals, ["loup-garou"] * 6,
                    lambda d: entry_features("rule", 100))  # fmt: skip
    assert [len(row) for row in rows] == [len(FEATURES)] * 2
    named = [dict(zip(FEATURES, row, strict=True)) for row in rows]
    assert named[0]["hand"] == 1.0 and named[1]["hand"] == 0.25
    assert named[0]["hand_inverse_rank"] == 1.0 and named[1]["hand_inverse_rank"] == 0.5
    assert named[0]["bm25_title"] == 1.0 and named[1]["bm25_title"] == 0.5
    assert named[0]["share"] == 1.0 and named[1]["share"] == 0.0
    assert named[0]["kind_rule"] == 1.0 and named[0]["kind_role"] == 0.0


def test_the_learned_ranking_reorders_the_candidates_and_keeps_each_game_s_best_after():
    ranking = _ranking({"hand_inverse_rank": -1.0})  # the model prefers the second
    top = [(2.0, -1), (1.0, -2)]
    rows = [[1.0 if name == "hand_inverse_rank" else 0.0 for name in FEATURES],
            [0.5 if name == "hand_inverse_rank" else 0.0 for name in FEATURES]]  # fmt: skip
    games = ["", "loup-garou", "loup-garou", "mafia"]
    order = rerank(ranking, top, rows, games, None, [(2.0, -1), (0.5, -3)])
    assert [-negdoc for _, _, negdoc in order] == [2, 1, 3]
    assert order[2][0] < order[1][0]  # each game's best comes after the reranked ones


def test_without_a_model_the_hand_order_stands_and_an_obeyed_game_is_never_put_last():
    top = [(2.0, -1), (1.0, -2)]
    assert [n for _, _, n in rerank(None, top, [[], []], ["", "a", "b"], None, [])] == [-1, -2]
    ranking = _ranking({})
    order = rerank(ranking, top, [[0.0] * len(FEATURES)] * 2, ["", "mafia", "loup-garou"],
                   "loup-garou", [])  # fmt: skip
    assert -order[0][2] == 2
    assert order[1][0] == pytest.approx(0.5 * OTHER_GAME_OBEYED)


class _Hit:
    def __init__(self, score: float):
        self.score = score


def test_two_first_hits_within_the_margin_are_a_close_call():
    assert close_call([_Hit(0.6), _Hit(0.55)])
    assert not close_call([_Hit(0.99), _Hit(0.1)])
    assert not close_call([_Hit(0.6)])
    assert CLOSE_CALL > 0
