"""The learned ranking: its file is the script's, its features are the search's, the game rules."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from garou.lookup import Searcher
from garou.lookup import index as lookup_index
from garou.lookup.searcher import FEATURES, RANKING_FILE, RERANKED, Ranking
from tests.helpers import load_bench

fit_ranking = load_bench("fit_ranking")
learn = load_bench("learn")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(folder))
        mp.delenv("GAROU_RULES_DIR", raising=False)
        lookup_index.open_index().close()
        yield folder


def _opened(cache: Path, ranking: Ranking | bool) -> Searcher:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(cache))
        mp.delenv("GAROU_RULES_DIR", raising=False)
        return Searcher(ranking=ranking)


def _leaning(feature: str, weight: float) -> Ranking:
    """A ranking that weighs one feature only."""
    weights = tuple(weight if f == feature else 0.0 for f in FEATURES)
    return Ranking(FEATURES, (0.0,) * len(FEATURES), (1.0,) * len(FEATURES), weights)


# --- the file is what the script fits ---------------------------------------------------------


@pytest.mark.refit
def test_the_ranking_file_was_fitted_on_the_current_sets_data_and_code():
    """Re-run after a merge: any change to the studied sets, the rule data or lookup's code
    (the features) makes the file stale; ``bench/fit_ranking.py`` re-fits it."""
    data = json.loads(RANKING_FILE.read_text(encoding="utf-8"))
    header = data["header"]
    assert header["command"] == fit_ranking.COMMAND
    assert header["sets"] == list(learn.STUDIED)
    assert header["inputs"] == fit_ranking.digest(), "stale: run " + fit_ranking.COMMAND
    assert data["model"]["features"] == list(FEATURES)
    assert set(header["left_out"]) == set(learn.STUDIED)
    Ranking.read()  # and the searcher reads it


def test_the_digest_changes_with_each_kind_of_input(tmp_path):
    data = learn.DATA.relative_to(learn.REPO).as_posix()
    for name in (
        "garou/rules/data/x.yaml",
        "garou/lookup/x.py",
        "garou/lookup/lexicon.yaml",
        f"{data}/{learn.STUDIED[-1]}",
    ):
        root = tmp_path / name.replace("/", "_")
        for part in ("garou/rules/data", "garou/lookup", "bench", f"{data}/studied"):
            (root / part).mkdir(parents=True)
        for studied in learn.STUDIED:
            (root / data / studied).write_text("queries: []")
        for script in fit_ranking.INPUTS[2:]:
            (root / script).write_text("script")
        before = fit_ranking.digest(root)
        (root / name).write_text("changed")
        changed = fit_ranking.digest(root)
        assert changed != before
        # The file the script writes is no input of its own, nor the judgement's, fitted
        # after it (its digest covers lookup's code: the two fits would chase each other).
        (root / "garou" / "lookup" / RANKING_FILE.name).write_text("{}")
        (root / "garou" / "lookup" / "judgement.json").write_text("{}")
        assert fit_ranking.digest(root) == changed


def _query(name: str, rows: list[list[float]], right: int) -> object:
    ids = [f"lg-{i}" for i in range(len(rows))]
    return SimpleNamespace(name=name, query={"ids": [ids[right]]}, ids=ids, rows=rows,
                           right=[right], obeyed=None)  # fmt: skip


def test_the_pairwise_fit_learns_which_feature_tells_the_right_candidate():
    width = len(FEATURES)
    told = FEATURES.index("bm25_title")
    queries = []
    for q in range(40):
        rows = [[((q * 7 + i * 3) % 5) / 5.0] * width for i in range(6)]
        right = q % 6
        for i, row in enumerate(rows):
            row[told] = 1.0 if i == right else 0.2 * ((i + q) % 3)
        queries.append(_query("a" if q % 2 else "b", rows, right))
    model = fit_ranking.fit(queries, 0.1)
    assert model == fit_ranking.fit(queries, 0.1)  # deterministic
    assert max(range(width), key=lambda j: model["weights"][j]) == told
    assert all(fit_ranking.reranked(q, model) == 1 for q in queries)
    # The searcher's model gives the script's values.
    ranking = Ranking(FEATURES, tuple(model["mean"]), tuple(model["scale"]),
                      tuple(model["weights"]))  # fmt: skip
    row = queries[0].rows[1]
    assert ranking.value(row) == pytest.approx(fit_ranking.value(model, row))


# --- the search with a model -----------------------------------------------------------------


def test_the_features_are_the_same_whichever_ranking_orders_the_candidates(cache):
    hand, learned = _opened(cache, False), _opened(cache, _leaning("text_length", 1.0))
    try:
        for query in ("la sorcière peut-elle se sauver", "tie vote mafia", "combien de loups"):
            found = []
            for searcher in (hand, learned):
                searcher.collect = True
                searcher.search(query, limit=3)
                found.append(sorted(searcher.collected))
            assert found[0] == found[1]
            assert len(found[0]) == RERANKED
            assert all(len(row) == len(FEATURES) for _, row in found[0])
    finally:
        hand.close()
        learned.close()


def test_the_searcher_orders_its_candidates_by_the_model(cache):
    """A model weighing the text's length alone puts the longest candidate first."""
    searcher = _opened(cache, _leaning("text_length", 1.0))
    try:
        searcher.collect = True
        result = searcher.search("vote égalité", limit=RERANKED)
        length = FEATURES.index("text_length")
        by_length = {entry: row[length] for entry, row in searcher.collected}
        shown = [h.id for h in result.hits]
        assert sorted(shown) == sorted(by_length)
        assert [by_length[i] for i in shown] == sorted(by_length.values(), reverse=True)
        scores = [h.score for h in result.hits]
        assert scores == sorted(scores, reverse=True)
    finally:
        searcher.close()


@pytest.mark.parametrize(
    ("query", "game", "prefer"),
    [("égalité au vote mafia", "mafia", None), ("vote loup-garou", "loup-garou", None),
     ("égalité au vote", "loup-garou", "loup-garou"), ("first night", "mafia", "mafia"),
     ("tie in werewolf", "loup-garou", "mafia")],
)  # fmt: skip
def test_no_model_puts_the_other_game_first_when_the_game_is_obeyed(cache, query, game, prefer):
    for weight in (50.0, -50.0):  # a model that wants the other game first, or this one
        searcher = _opened(cache, _leaning("other_game", weight))
        try:
            result = searcher.search(query, limit=10, prefer=prefer)
            games = [h.game for h in result.hits]
            assert games[0] == game
            assert games == sorted(games, key=lambda g: g != game), games
        finally:
            searcher.close()


def test_the_game_given_keeps_its_entries_only_with_the_model(cache):
    searcher = _opened(cache, _leaning("other_game", 50.0))
    try:
        for game in ("loup-garou", "mafia"):
            assert {h.game for h in searcher.search("vote", game=game, limit=10).hits} == {game}
    finally:
        searcher.close()


def test_the_judgement_weighs_the_hand_scores_whichever_ranking_orders_the_hits(cache):
    """A model that keeps the hand ranking's order gets the hand ranking's verdicts: the
    fitted judgement reads the first hits' hand scores, not the model's values (whose
    scale it was never fitted on)."""
    hand, learned = _opened(cache, False), _opened(cache, _leaning("hand", 1.0))
    try:
        for query in ("la sorcière peut-elle se sauver", "tie vote mafia",
                      "combien de loups pour 11 joueurs", "can the GM play too",
                      "quel temps fera-t-il demain", "le joueur de flûte charme qui"):  # fmt: skip
            first, second = hand.search(query, limit=3), learned.search(query, limit=3)
            assert [h.id for h in first.hits] == [h.id for h in second.hits]
            assert first.verdict == second.verdict, query
    finally:
        hand.close()
        learned.close()
