"""The scoring stage: BM25 scores straight from the postings, "best of" and sums in
Python (:class:`Scorer`), then the hand ranking that weighs them (:func:`rank`).

Whoosh's compound queries are not used for ranking. Its ``DisjunctionMax`` ignores its
``tiebreak`` (the weighted tree builder drops the argument) and compares the scores of
sub-matchers that stand on different documents, its ``Require`` breaks an assertion
under block-quality skipping, and walking a tree of a few hundred term matchers costs
tens of microseconds per document. Reading each term's postings once and combining plain
dictionaries is exact and an order of magnitude faster.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from whoosh.reading import TermNotFound

Scores = dict[int, float]
"""Document number to score."""

B = 0.75
"""BM25 length normalisation (0: none, 1: full)."""
K1 = 1.2
"""BM25 term-frequency saturation."""


KEPT_TERMS = 20_000
"""How many terms' scores a searcher keeps from one query to the next, at most."""


class Scorer:
    """BM25 scores of terms, and each document's game, kind and entry id (``games``,
    ``kinds``, ``ids``, by document number), for one searcher; ``lengths``: each field's
    length in every document, stored at build time (:func:`garou.lookup.index.field_lengths`)."""

    def __init__(self, searcher: Any, lengths: dict[str, list[int]]):
        self.searcher = searcher
        self.lengths = lengths
        self.reader = searcher.reader()
        self.games = self._column("game")
        self.kinds = self._column("kind")
        self.ids = self._column("id")
        self.candidates: set[int] | None = None
        """The documents the other terms are scored for (None: every document)."""
        self._terms: dict[tuple[str, str], Scores] = {}
        self._within: dict[tuple[str, str], Scores] = {}
        self._every: dict[tuple[str, str], Scores] = {}
        """Each term's scores for every document, kept from one query to the next."""
        self._norm_cache: dict[str, list[float]] = {}

    def _column(self, fieldname: str) -> list[str]:
        values = [""] * self.reader.doc_count_all()
        for term in self.reader.field_terms(fieldname):
            for docnum in self.reader.postings(fieldname, term).all_ids():
                values[docnum] = term
        return values

    def docnum(self, entry_id: str) -> int | None:
        """Return the document number of entry ``entry_id``, or None."""
        if ("id", entry_id) not in self.reader:
            return None
        return int(next(iter(self.reader.postings("id", entry_id).all_ids())))

    def has(self, fieldname: str, text: str) -> bool:
        """Return True when ``text`` is a term of ``fieldname``."""
        return (fieldname, text) in self.reader

    def clear(self) -> None:
        """Start a new query: forget the term scores and the candidates."""
        self._terms.clear()
        self._within.clear()
        self.candidates = None

    def seed(self, terms: Iterable[tuple[str, str]], enough: int) -> None:
        """Score the rarest of ``terms`` in full until they find ``enough`` documents; the
        others will then score only those candidates (as Lucene's "common terms" do)."""
        ordered = sorted(set(terms), key=lambda t: self.reader.doc_frequency(*t))
        found: set[int] = set()
        for fieldname, text in ordered:
            if len(found) >= enough:
                self.candidates = found
                return
            found.update(self.term(fieldname, text))

    def term(self, fieldname: str, text: str) -> Scores:
        """Return the BM25 score of ``text`` in ``fieldname`` for each document that has it
        (for each candidate only, once candidates are chosen)."""
        key = (fieldname, text)
        found = self._terms.get(key)
        if found is not None:
            return found
        within = self.candidates
        cache = self._terms if within is None else self._within
        found = cache.get(key)
        if found is not None:
            return found
        every = self._every.get(key)
        if every is None:
            if len(self._every) >= KEPT_TERMS:  # a server answering for days: start afresh
                self._every.clear()
            every = self._every[key] = self._scored(fieldname, text)
        found = every if within is None else {d: v for d, v in every.items() if d in within}
        cache[key] = found
        return found

    def _scored(self, fieldname: str, text: str) -> Scores:
        """Return the BM25 score of ``text`` in ``fieldname`` for every document."""
        found: Scores = {}
        try:
            postings = self.reader.postings(fieldname, text)
        except TermNotFound:
            return found
        top = self.searcher.idf(fieldname, text) * (K1 + 1)
        norms = self._norms(fieldname)
        while postings.is_active():  # Whoosh's public matcher API
            found[postings.id()] = (
                top * postings.weight() / (postings.weight() + norms[postings.id()])
            )
            postings.next()
        return found

    def _norms(self, fieldname: str) -> list[float]:
        """Return, per document, BM25's length norm ``k1 * (1 - b + b * length / average)``."""
        norms = self._norm_cache.get(fieldname)
        if norms is None:
            avgfl = self.searcher.avg_field_length(fieldname) or 1.0
            norms = [K1 * ((1 - B) + B * n / avgfl) for n in self.lengths[fieldname]]
            self._norm_cache[fieldname] = norms
        return norms

    def phrase(self, fieldname: str, texts: list[str]) -> Scores:
        """Return the summed scores of documents that have every one of ``texts``."""
        parts = sorted((self.term(fieldname, t) for t in texts), key=len)
        if not parts or not parts[0]:
            return {}
        found = dict(parts[0])
        for part in parts[1:]:
            found = {d: v + part[d] for d, v in found.items() if d in part}
            if not found:
                break
        return found


def best_of(parts: Iterable[tuple[Scores, float]], tiebreak: float) -> Scores:
    """Return, per document, the best weighted score plus ``tiebreak`` times the others."""
    present = [(scores, w) for scores, w in parts if scores]
    if not present:
        return {}
    if len(present) == 1:
        scores, weight = present[0]
        # Returned as is: callers never change a score dictionary they are given.
        return scores if weight == 1.0 else {d: v * weight for d, v in scores.items()}
    present.sort(key=lambda p: -len(p[0]))
    first, weight = present[0]
    best = dict(first) if weight == 1.0 else {d: v * weight for d, v in first.items()}
    total = dict(best)
    for scores, weight in present[1:]:
        for docnum, value in scores.items():
            value *= weight
            top = best.get(docnum)
            if top is None:
                best[docnum] = total[docnum] = value
            else:
                total[docnum] += value
                if value > top:
                    best[docnum] = value
    return {d: top + tiebreak * (total[d] - top) for d, top in best.items()}


# --- the hand ranking -------------------------------------------------------------------------

COORD_POWER = 0.5
"""Scores are multiplied by the share of the query's words an entry has, to this power."""
PHRASE_BONUS = 0.5
"""Score bonus of an entry whose title, keyword or alias the query contains whole."""
ESSENTIAL_ABSENT = 0.5
"""Score factor of an entry that lacks a word changing what the question asks ("each
other", "myself") when some entry has it, or that states no quantity when one is asked."""
DEFINITION_PRIOR = 0.8
"""Score factor of a role or status entry when the query has several words: the question
is then about a situation, not about what the role is."""
DEFINITIONS = frozenset({"role", "status"})
"""The kinds of entries that say what a role or status is."""
OTHER_GAME = 0.5
"""Score factor of the other game's entries when the query names one game."""
OTHER_GAME_OBEYED = 1e-6
"""Score factor of the other game's entries when the game is obeyed: named by a game word
in the query, or set by the table's agreement (``prefer``): they never come first."""


@dataclass
class Weighing:
    """What the hand ranking weighs besides each entry's lexical score (the searcher
    reads it from the query's concepts)."""

    covered: dict[int, int]
    """Per entry, how many of the query's counted words it has."""
    words: int
    """The query's counted words (the things it names, each once)."""
    phrases: dict[int, float]
    """The entries whose title, keyword or alias the query contains whole: the share."""
    needed: Sequence[dict[int, float]]
    """Per essential or advice word of the query, the entries that have it."""
    answers_quantity: Callable[[int], bool] | None
    """Whether an entry states the quantity asked; None when no quantity is asked."""
    several: bool
    """The query has several words (no game's name): it asks about a situation."""
    defined: set[int]
    """The entries the query's words name by their aliases (what the thing is)."""
    own: set[int | None]
    """The entries of the role or status named alone (what it is: first)."""
    preferred: str | None
    """The game asked of (named, set or agreed), if any."""
    obeyed: bool
    """The game asked of is obeyed: the other game's entries never come first."""


def factors(
    docnum: int, weighing: Weighing, games: Sequence[str], kinds: Sequence[str]
) -> list[tuple[str, float]]:
    """Return what multiplies the entry's lexical score, in order: (name, factor) of each
    weight of :class:`Weighing` that applies to it (``garou search --explain`` says them)."""
    w = weighing
    found = []
    covered = w.covered.get(docnum, 0)
    if covered < w.words:
        found.append(("coverage", (covered / w.words) ** COORD_POWER))
    if docnum in w.phrases:
        found.append(("phrase", 1 + PHRASE_BONUS * w.phrases[docnum]))
    if any(docnum not in scores for scores in w.needed):
        found.append(("essential", ESSENTIAL_ABSENT))
    if w.answers_quantity is not None and not w.answers_quantity(docnum):
        found.append(("quantity", ESSENTIAL_ABSENT))
    if w.several and (kinds[docnum] in DEFINITIONS or docnum in w.defined):
        found.append(("definition", DEFINITION_PRIOR))
    elif docnum in w.own:
        found.append(("own", 1 / DEFINITION_PRIOR))
    if w.preferred and games[docnum] != w.preferred:
        found.append(("other-game", OTHER_GAME_OBEYED if w.obeyed else OTHER_GAME))
    return found


def rank(
    total: Scores,
    weighing: Weighing,
    games: Sequence[str],
    kinds: Sequence[str],
    game: str | None = None,
    kind: str | None = None,
    limit: int = 0,
) -> list[tuple[float, int]]:
    """Return (score, document number) of the best ``limit`` entries (0: all), best first
    (ties: the lower number), then the best entry of each game not among them; ``total``
    is each entry's lexical score, multiplied by its :func:`factors`; ``game`` and
    ``kind`` filter."""
    ranked: list[tuple[float, int]] = []
    game_best: dict[str, tuple[float, int]] = {}
    for docnum, score in total.items():
        doc_game = games[docnum]
        if (game and doc_game != game) or (kind and kinds[docnum] != kind):
            continue
        for _, factor in factors(docnum, weighing, games, kinds):
            score *= factor
        item = (score, -docnum)
        ranked.append(item)
        if item > game_best.get(doc_game, (-1.0, 0)):
            game_best[doc_game] = item
    if limit <= 0:
        top = sorted(ranked, reverse=True)
    else:
        top = heapq.nlargest(limit, ranked)
        top += sorted(set(game_best.values()) - set(top), reverse=True)
    return [(score, -negdoc) for score, negdoc in top]
