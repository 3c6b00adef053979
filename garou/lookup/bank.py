"""The question bank as the judgement reads it: per language, the questions the entries
answer (their ``asks``) and those next to them that the documents leave open (their
``leaves_open``), each as its analysed terms. A query, read as its concepts (a concept is in
a question when one of its words or synonyms is), is compared with each question by a
cosine of the terms they share, weighed by their IDF among the questions: a query nearer a
question left open than any answered is probably not settled here. Built with the index
(:func:`build`, stored in ``lexicon.json``), read without YAML.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from garou.rules import Rulebook

LANGS = ("fr", "en")

NEAR = ("asks-near", "open-near", "open-lead", "asks-own", "open-own")
"""What :meth:`Match.near` measures (features of the judgement, :mod:`verdict`):
``asks-near``, ``open-near``: the query's best cosine with a question an entry of the hit's
game answers, and with one such an entry leaves open; ``open-lead``: the second less the
first; ``asks-own``, ``open-own``: the same over the first hit's own questions."""


def build(book: Rulebook, terms: Callable[[str, str], Iterable[str]]) -> dict[str, Any]:
    """Return the bank of ``book`` as plain JSON-ready values: per language, each
    question's entry, game, side (1: left open, 0: answered) and norm, the IDF of each term
    and its postings. ``terms(text, lang)`` analyses a text as the index does."""
    data: dict[str, Any] = {}
    for lang in LANGS:
        questions: list[tuple[str, str, int, list[str]]] = []
        for entry in book.entries():
            for side, texts in ((0, entry.asks.get(lang)), (1, entry.leaves_open.get(lang))):
                for text in texts:
                    found = list(dict.fromkeys(terms(text, lang)))
                    if found:
                        questions.append((entry.id, entry.game, side, found))
        count = Counter(term for *_, found in questions for term in found)
        idf = {t: round(math.log(1.0 + len(questions) / n), 4) for t, n in sorted(count.items())}
        postings: dict[str, list[int]] = {t: [] for t in idf}
        rows = []
        for number, (entry_id, game, side, found) in enumerate(questions):
            for term in found:
                postings[term].append(number)
            norm = math.sqrt(sum(idf[t] ** 2 for t in found))
            rows.append([entry_id, game, side, round(norm, 4)])
        data[lang] = {"idf": idf, "postings": postings, "questions": rows}
    return data


class Bank:
    """The bank read back from :func:`build`'s values."""

    def __init__(self, data: Mapping[str, Any]):
        self._data = data
        rows = (row for lang in LANGS for row in data.get(lang, {}).get("questions", ()))
        self._open = any(row[2] for row in rows)

    def has_open(self) -> bool:
        """Return True when some entry states the questions it leaves open."""
        return self._open

    def match(self, concepts: Mapping[str, Sequence[frozenset[str]]]) -> Match:
        """Return how near a query read as ``concepts`` (per language, each concept the set
        of terms of its words and synonyms) comes to each entry's questions and each game's,
        in the language where it comes nearest a question (the language it is asked in)."""
        best = Match()
        for lang in LANGS:
            part = self._data.get(lang)
            if part and concepts.get(lang):
                found = _match(part, concepts[lang])
                if found.nearest() > best.nearest():
                    best = found
        return best


@dataclass
class Match:
    """A query's best cosine with the questions of each entry and of each game, answered
    (``asks``, index 0) and left open (index 1)."""

    entries: dict[str, list[float]] = field(default_factory=dict)
    games: dict[str, list[float]] = field(default_factory=dict)

    def nearest(self) -> float:
        """Return the query's best cosine with any question."""
        return max((max(pair) for pair in self.games.values()), default=0.0)

    def near(self, game: str, entry_id: str) -> dict[str, float]:
        """Return the measures of :data:`NEAR`, the first hit being ``entry_id`` of
        ``game``; all 0.0 when nothing is shared."""
        asks, left_open = self.games.get(game, (0.0, 0.0))
        own_asks, own_open = self.entries.get(entry_id, (0.0, 0.0))
        return {"asks-near": asks, "open-near": left_open, "open-lead": left_open - asks,
                "asks-own": own_asks, "open-own": own_open}  # fmt: skip


def _match(part: Mapping[str, Any], concepts: Sequence[frozenset[str]]) -> Match:
    idf: Mapping[str, float] = part["idf"]
    postings: Mapping[str, list[int]] = part["postings"]
    rows: list[list[Any]] = part["questions"]
    dots: dict[int, float] = {}
    weights = []
    for terms in concepts:
        known = [t for t in terms if t in idf]
        if not known:
            # A word no question says: it weighs as the rarest would, and meets none.
            weights.append(max(idf.values(), default=1.0))
            continue
        weight = max(idf[t] for t in known)
        weights.append(weight)
        met = {q for t in known for q in postings[t]}
        for q in met:
            dots[q] = dots.get(q, 0.0) + weight * weight
    norm = math.sqrt(sum(w * w for w in weights)) or 1.0
    found = Match()
    for q, dot in dots.items():
        owner, game, side, q_norm = rows[q]
        cosine = dot / (norm * (q_norm or 1.0))
        for table, name in ((found.entries, owner), (found.games, game)):
            pair = table.setdefault(name, [0.0, 0.0])
            pair[side] = max(pair[side], cosine)
    return found
