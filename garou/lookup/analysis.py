"""How text becomes search terms: the French, English and unstemmed analysis chains.

The schema, analyzers included, is pickled into the index, so every filter here must stay
importable under this module path; change any behaviour and bump :data:`ANALYZER_VERSION`
(it is part of the cache key, so every cached index is rebuilt).

Order matters: accents and ligatures are folded BEFORE the stop list and the stemmer (the
French stemmer gives ``sorcière`` and ``sorciere`` different stems), and the stop lists are
folded the same way, with the negations kept out of them ("ne peut pas" keeps its meaning).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from whoosh.analysis import Filter, RegexTokenizer, StemFilter, StopFilter
from whoosh.analysis.analyzers import CompositeAnalyzer

from .text import (  # noqa: F401  (re-exported: the analysis API)
    _NOT_FORMS,
    ALL_STOPS,
    BREAK,
    ENGLISH_STOPS,
    FRENCH_STOPS,
    IRREGULAR,
    NEGATIONS,
    TOKEN_PATTERN,
    collapsed,
    fold_chars,
    gap_words,
    gaps,
    is_stop,
    key,
    linking,
    singular,
    spellings,
    split_word,
    words,
)

ANALYZER_VERSION = "15"
"""Bump when any analysis behaviour changes (here or in :mod:`garou.lookup.text`): cached
indexes are then rebuilt."""


# --- filters (pickled into the index: keep their names and module stable) ------------------


class FoldFilter(Filter):
    """Lowercase, strip accents, spell out ligatures, use one kind of apostrophe and hyphen."""

    def __call__(self, tokens: Iterator) -> Iterator:
        for t in tokens:
            t.text = fold_chars(t.text)
            yield t


class ElisionFilter(Filter):
    """Drop French elisions (l', qu') and expand English contractions (can't, witch's)."""

    def __call__(self, tokens: Iterator) -> Iterator:
        for t in tokens:
            if "'" not in t.text and t.text not in _NOT_FORMS:
                yield t
                continue
            for word in split_word(t.text):
                t.text = word
                yield t


class CompoundFilter(Filter):
    """Index a hyphenated compound as its parts and as one joined singular word.

    ``loups-garous`` gives ``loups``, ``garous`` and ``loupgarou``, so that "loup garou",
    "loup-garou", "loups-garous" and "loupgarou" all meet.
    """

    def __call__(self, tokens: Iterator) -> Iterator:
        for t in tokens:
            if "-" not in t.text:
                yield t
                continue
            parts = [p for p in t.text.split("-") if p]
            joined = "".join(singular(p) for p in parts)
            for part in parts:
                t.text = part
                yield t
            if len(parts) > 1:
                t.text = joined
                yield t


class WordMapFilter(Filter):
    """Replace whole words from a fixed mapping (irregular plurals)."""

    def __init__(self, mapping: dict[str, str]):
        self.mapping = dict(mapping)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WordMapFilter) and other.mapping == self.mapping

    def __call__(self, tokens: Iterator) -> Iterator:
        mapping = self.mapping
        for t in tokens:
            t.text = mapping.get(t.text, t.text)
            yield t


class PluralFilter(Filter):
    """Strip a plural -s the stemmer left (``garous``), on long words only."""

    def __call__(self, tokens: Iterator) -> Iterator:
        for t in tokens:
            text = t.text
            if len(text) > 4 and text[-1] == "s" and text[-2] != "s":
                t.text = text[:-1]
            yield t


# --- analyzers -----------------------------------------------------------------------------


def _head() -> CompositeAnalyzer:
    return (
        RegexTokenizer(re.compile(TOKEN_PATTERN)) | FoldFilter() | ElisionFilter()
        | CompoundFilter()
    )  # fmt: skip


def french_analyzer() -> CompositeAnalyzer:
    """Return the French chain: fold, elisions, compounds, stop words, stem, plurals."""
    return (
        _head() | StopFilter(FRENCH_STOPS, minsize=1) | StemFilter(lang="fr", cachesize=-1)
        | PluralFilter()
    )  # fmt: skip


def english_analyzer() -> CompositeAnalyzer:
    """Return the English chain: fold, contractions, compounds, stop words, stem."""
    return (
        _head() | StopFilter(ENGLISH_STOPS, minsize=1) | WordMapFilter(IRREGULAR)
        | StemFilter(lang="en", cachesize=-1)
    )  # fmt: skip


def plain_analyzer() -> CompositeAnalyzer:
    """Return the unstemmed chain (typo correction and suggestions): fold, split, no stems."""
    return _head() | StopFilter(ALL_STOPS, minsize=2)
