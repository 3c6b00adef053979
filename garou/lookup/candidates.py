"""The candidates stage: each concept of a query scored on every entry that has one of
its words, field by field (BM25 through :class:`scoring.Scorer`), its alternatives (the
words as typed, their names and synonyms) combined per field, then the fields combined.
The searcher weighs these scores into the hand ranking (``Searcher._run``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .analysis import Alternative, Concept
from .index import TEXT_FIELDS
from .scoring import Scorer, Scores, best_of

FIELD_WEIGHTS = {"title": 2.0, "names": 2.0, "about": 0.5, "text": 1.0, "asks": 0.75}
"""How much a match in each field counts. ``asks``, the questions players ask that the
entry answers (garou's wording), scores like any field but never names an entry, makes no
word known and is not what the "not covered" judgement reads: a question says what the
entry answers, not what it states."""
TIEBREAK = 0.1
"""Share of the other alternatives' scores added to the best one in a field."""
FIELD_TIEBREAK = 0.6
"""Share of the other fields' scores added to the best field of a concept."""
CANDIDATES = 1000
"""On an index larger than this, the query's rarest terms choose about this many candidate
entries and the commoner terms score only those (Lucene's "common terms")."""


class Candidates:
    """The concepts' scores per entry and field, for one opened index."""

    def __init__(self, scorer: Scorer, analyzers: dict[str, Any]):
        self._scorer = scorer
        self._analyzers = analyzers
        self._terms: dict[tuple[str, str], list[str]] = {}

    def fields(self, concept: Concept) -> Iterator[tuple[str, float, Alternative, list[str]]]:
        """Yield (field, field weight, alternative, its terms in that field's language)."""
        for name in TEXT_FIELDS:
            base, lang = name.rsplit("_", 1)
            for alt in concept.alternatives:
                terms = self.terms_of(alt.text, lang)
                if terms:
                    yield name, FIELD_WEIGHTS[base], alt, terms

    def choose(self, concepts: list[Concept]) -> None:
        """On a large index, let the rarest terms of the query choose the candidates."""
        if self._scorer.reader.doc_count_all() <= CANDIDATES:
            return
        pairs = [(name, t) for c in concepts for name, _, _, ts in self.fields(c) for t in ts]
        self._scorer.seed(pairs, CANDIDATES)

    def concept_scores(self, concept: Concept, asks: bool = True) -> dict[int, float]:
        """Return a concept's score per entry: :meth:`combined` of :meth:`concept_fields`."""
        return self.combined(self.concept_fields(concept, asks))

    @staticmethod
    def combined(fields: dict[str, dict[int, float]]) -> dict[int, float]:
        """Return the best field plus ``FIELD_TIEBREAK`` of the others."""
        return best_of([(found, 1.0) for found in fields.values()], FIELD_TIEBREAK)

    def concept_fields(
        self,
        concept: Concept,
        asks: bool = True,
        via: dict[str, dict[int, tuple[float, Alternative]]] | None = None,
    ) -> dict[str, dict[int, float]]:
        """Return a concept's score per entry in each field: the best of its alternatives
        (plus ``TIEBREAK`` of the others), one weight per synonym group; without ``asks``,
        in the rule data's own fields only. ``via`` (explaining): filled with the
        alternative that scored best per field and entry, and its weighed score."""
        # The asks of the entry a concept names repeat its name ("what does the GM do?"
        # of the game master's entry): there they say what the entry is about, which its
        # title and names already say, not that it answers the rest of the question.
        named = {d for d in map(self._scorer.docnum, concept.defines) if d is not None}
        per_field: dict[str, dict[int, list[tuple[dict[int, float], float]]]] = {}
        for name, weight, alt, terms in self.fields(concept):
            if not asks and name.startswith("asks_"):
                continue
            found = self._matches(name, alt, terms)
            if found and named and name.startswith("asks_"):
                found = {d: v for d, v in found.items() if d not in named}
            if found:
                groups = per_field.setdefault(name, {})
                groups.setdefault(alt.group, []).append((found, alt.weight * weight))
                if via is not None:
                    best = via.setdefault(name, {})
                    for docnum, value in found.items():
                        if value * alt.weight * weight > best.get(docnum, (-1.0, alt))[0]:
                            best[docnum] = (value * alt.weight * weight, alt)
        # One weight per synonym group: a group scores its best phrase only, then the
        # groups are combined as the best plus a share of the others.
        return {
            name: best_of([(best_of(alts, 0.0), 1.0) for alts in groups.values()], TIEBREAK)
            for name, groups in per_field.items()
        }

    def having(self, concept: Concept, prefixes: tuple[str, ...]) -> set[int]:
        """Return the entries with the concept's words or synonyms in the fields whose names
        begin with one of ``prefixes``."""
        found: set[int] = set()
        for name, _, alt, terms in self.fields(concept):
            if name.startswith(prefixes):
                found.update(self._matches(name, alt, terms))
        return found

    def _matches(self, name: str, alt: Alternative, terms: list[str]) -> Scores:
        """Return the scores of an alternative's terms in field ``name`` (all its terms, in
        its game only)."""
        scorer = self._scorer
        found = scorer.term(name, terms[0]) if len(terms) == 1 else scorer.phrase(name, terms)
        if found and alt.game:
            found = {d: v for d, v in found.items() if scorer.games[d] == alt.game}
        return found

    def terms_of(self, text: str, lang: str) -> list[str]:
        """Return the terms ``text`` gives in the ``lang`` fields (cached)."""
        cache_key = (text, lang)
        if cache_key not in self._terms:
            found = [t.text for t in self._analyzers[lang](text, mode="query")]
            self._terms[cache_key] = list(dict.fromkeys(found))
        return self._terms[cache_key]
