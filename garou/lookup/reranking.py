"""The reranking stage: the learned ranking (``lookup/ranking.json``, fitted by
``bench/fit_ranking.py``) orders the hand ranking's first candidates by their features.

Plain Python over plain data (rows of floats, document numbers): no index, no Whoosh, so
that each piece is testable alone (tests/lookup/test_reranking.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .explain import Term

OTHER_GAME_OBEYED = 1e-6
"""Score factor of the other game's entries when the game is obeyed: named by a game word
in the query, or set by the table's agreement (``prefer``): they never come first."""

RANKING_FILE = Path(__file__).with_name("ranking.json")
"""The learned ranking's weights, written by ``bench/fit_ranking.py``."""
LEARNED_RANKING = True
"""Whether ``garou search`` orders its candidates by the learned ranking (else by hand)."""
RERANKED = 10
"""Candidates (the hand ranking's first) the learned ranking orders."""
CLOSE_CALL = 0.8
"""The first two hits are a close call, both shown in full, when the learned ranking's
values (the logits of their scores) differ by at most this. Chosen on the studied sets
(bench/learn.py ``STUDIED``, in-scope queries, 1,266): of the margins 0 to 2 tried, the
one where the second hit shown is the answer the first was not most often (21 of the 100
close calls; the answering ruling shown in full goes from 0.910 to 0.927, with two rulings
shown for 7.9 % of the questions; a margin of 2 gives 0.956 for 49 %)."""
FEATURE_FIELDS = ("title", "names", "about", "text", "asks")
"""The fields whose BM25 (summed over the query's words) is a feature; a field the index
does not have (``asks`` before it was added) scores 0."""
ENTRY_KINDS = ("role", "status", "rule", "procedure", "contested", "mistake", "setting",
               "advice", "concept", "summary")  # fmt: skip
"""Kinds with a feature of their own; ``OUTCOME_KINDS`` share one."""
OUTCOME_KINDS = frozenset({"sanction", "table", "win", "scoring"})
FEATURES: tuple[str, ...] = (
    "hand", "hand_log", "hand_inverse_rank", "hand_log_rank",
    *(f"bm25_{base}" for base in FEATURE_FIELDS),
    "share", "share_all", "share_long_query", "phrase", "about_named", "own", "own_alone",
    "defined", "lacks_essential", "lacks_quantity", "same_game", "other_game",
    "definition_in_question",
    *(f"kind_{kind}" for kind in ENTRY_KINDS), "kind_outcome", "text_length",
)  # fmt: skip
"""The learned ranking's features of a (query, candidate), in :func:`features`'s
order: the hand ranking's score relative to its first and its rank; BM25 per field relative
to the candidates' best; the share of the query's words the candidate has (all of them; in
a long question), its phrase share, the share of the roles named that it is about, whether
it is the own entry of a role named (the role named alone), an entry a word names, lacks an
essential word or a quantity asked, is of the game preferred or the other; a role or status
in a question of several words; then the entry alone (:func:`entry_features`)."""


def entry_features(kind: str, text_length: int) -> list[float]:
    """Return the features of an entry alone: its kind (one-hot), log of its text length."""
    return [*(1.0 if kind == k else 0.0 for k in ENTRY_KINDS),
            1.0 if kind in OUTCOME_KINDS else 0.0, math.log(1 + text_length)]  # fmt: skip


class Ranking:
    """A linear model over :data:`FEATURES`: standardised features times weights."""

    def __init__(
        self,
        features: tuple[str, ...],
        mean: tuple[float, ...],
        scale: tuple[float, ...],
        weights: tuple[float, ...],
    ):
        if tuple(features) != FEATURES:
            raise ValueError("the ranking's features are not the searcher's: re-fit it")
        self.weights = tuple(weights)
        self._mean = tuple(mean)
        # Standardising folded into the weights: a few dozen multiplications a candidate.
        self._slopes = tuple(w / s if s else 0.0 for w, s in zip(weights, scale, strict=True))
        self._offset = -sum(a * m for a, m in zip(self._slopes, mean, strict=True))

    def terms(self, row: list[float]) -> list[Term]:
        """Return each feature's term of :meth:`value` (``slope × (x − mean)``: they add
        up to the value, as the offset is the slopes times the means)."""
        from .explain import Term

        return [Term(name, x, a, a * (x - m), m)
                for name, x, a, m in zip(FEATURES, row, self._slopes, self._mean,
                                         strict=True)]  # fmt: skip

    def value(self, row: list[float]) -> float:
        """Return the model's value of one candidate's features (higher ranks first)."""
        return self._offset + sum(a * x for a, x in zip(self._slopes, row, strict=True))

    @classmethod
    def read(cls, path: Path = RANKING_FILE) -> Ranking:
        """Return the ranking stored in ``path`` (JSON, see ``bench/fit_ranking.py``)."""
        import json

        model = json.loads(path.read_text(encoding="utf-8"))["model"]
        return cls(tuple(model["features"]), tuple(model["mean"]), tuple(model["scale"]),
                   tuple(model["weights"]))  # fmt: skip


@dataclass
class Signals:
    """What the hand ranking computed of a query that the features are made of."""

    concepts: list[Any]
    counted: list[Any]
    in_fields: list[dict[str, dict[int, float]]]
    covered: dict[int, int]
    n: int
    phrases: dict[int, float]
    own: set[int | None]
    alone: bool
    defined: set[int]
    lacking: dict[int, tuple[bool, bool]]
    preferred: str | None


def features(
    docnums: list[int],
    hand: list[float],
    signals: Signals,
    games: Sequence[str],
    alone_of: Callable[[int], list[float]],
) -> list[list[float]]:
    """Return the learned ranking's features (:data:`FEATURES`) of each candidate,
    ``docnums`` in the hand ranking's order, ``hand`` their hand scores; ``games`` is
    each document's game, ``alone_of`` the features of an entry alone."""
    top = hand[0] if hand and hand[0] > 0 else 1.0
    counted = [i for i, c in enumerate(signals.concepts)
               if c in signals.counted and not c.game_word]  # fmt: skip
    roles = [i for i in counted if signals.concepts[i].names_role]
    per_base: list[list[float]] = []
    about_named: list[float] = []
    for docnum in docnums:
        sums = []
        for base in FEATURE_FIELDS:
            names = (f"{base}_fr", f"{base}_en")
            sums.append(sum(
                max(signals.in_fields[i].get(name, {}).get(docnum, 0.0) for name in names)
                for i in counted
            ))  # fmt: skip
        per_base.append(sums)
        about = sum(1 for i in roles
                    if any(signals.in_fields[i].get(name, {}).get(docnum, 0.0) > 0
                           for name in ("about_fr", "about_en")))  # fmt: skip
        about_named.append(about / len(roles) if roles else 0.0)
    highest = [max((row[j] for row in per_base), default=0.0) for j in range(len(FEATURE_FIELDS))]
    long_query = 1.0 if signals.n >= 4 else 0.0
    rows = []
    for rank, (docnum, score) in enumerate(zip(docnums, hand, strict=True), 1):
        share = signals.covered.get(docnum, 0) / signals.n
        ratio = max(score, 0.0) / top
        absent, uncounted = signals.lacking.get(docnum, (False, False))
        doc_game = games[docnum]
        own = docnum in signals.own
        entry = alone_of(docnum)
        row = [
            ratio,
            math.log(ratio) if ratio > 1e-4 else math.log(1e-4),
            1.0 / rank,
            math.log(rank),
            *(v / h if h > 0 else 0.0 for v, h in zip(per_base[rank - 1], highest, strict=True)),
            share,
            1.0 if share >= 1.0 else 0.0,
            share * long_query,
            signals.phrases.get(docnum, 0.0),
            about_named[rank - 1],
            1.0 if own else 0.0,
            1.0 if own and signals.alone else 0.0,
            1.0 if docnum in signals.defined else 0.0,
            1.0 if absent else 0.0,
            1.0 if uncounted else 0.0,
            1.0 if signals.preferred and doc_game == signals.preferred else 0.0,
            1.0 if signals.preferred and doc_game != signals.preferred else 0.0,
            entry[0] + entry[1] if not signals.alone else 0.0,
            *entry,
        ]
        rows.append(row)
    return rows


def close_call(scored: Sequence[Any]) -> bool:
    """Return True when the first two hits, ordered by the learned ranking, are within
    :data:`CLOSE_CALL` of each other (in the logits of their scores)."""
    if len(scored) < 2 or not 0.0 < scored[1].score <= scored[0].score < 1.0:
        return False
    first, second = (math.log(s.score / (1.0 - s.score)) for s in scored[:2])
    return first - second <= CLOSE_CALL


def rerank(
    ranking: Ranking | None,
    top: list[tuple[float, int]],
    rows: list[list[float]],
    games: Sequence[str],
    obeyed: str | None,
    game_best: Iterable[tuple[float, int]],
    trace: dict[str, Any] | None = None,
) -> list[tuple[float, float, int]]:
    """Return the hand ranking's ``top`` candidates ((score, -docnum), ``rows`` their
    features) ordered by ``ranking`` (as they are without one), then each game's best
    candidate that is not among them, below them: (value, hand score, -docnum). ``obeyed``:
    the game named or agreed, whose entries no model puts after the other's. ``trace``
    (``--explain``) gets each candidate's row and how it was placed."""
    if ranking is None:
        learned = [(score, score, negdoc) for score, negdoc in top]
    else:
        learned = []
        for (score, negdoc), row in zip(top, rows, strict=True):
            value = 1.0 / (1.0 + math.exp(-max(-700.0, ranking.value(row))))
            factor = 1.0
            if obeyed and games[-negdoc] != obeyed:
                # The game named or agreed is obeyed: no model puts the other first.
                factor = OTHER_GAME_OBEYED
                value *= factor
            learned.append((value, score, negdoc))
            if trace is not None:
                trace["rows"][-negdoc] = row
                trace["placed"][-negdoc] = ("reranked", factor)
        learned.sort(key=lambda t: (-t[0], -t[1], -t[2]))
    chosen = {negdoc for _, _, negdoc in learned}
    last = learned[-1][0] if learned else 1.0
    floor = top[-1][0] if top else 1.0
    rest = [(score, negdoc) for score, negdoc in sorted(set(game_best), reverse=True)
            if negdoc not in chosen]  # fmt: skip
    learned += [(last * min(1.0, score / floor) if floor > 0 else 0.0, score, negdoc)
                for score, negdoc in rest]  # fmt: skip
    if trace is not None and ranking is not None:
        for value, _, negdoc in learned[len(learned) - len(rest) :]:
            trace["placed"][-negdoc] = ("after", value)
    return learned
