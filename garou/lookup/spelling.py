"""The typo correction of the analysis stage: a word the index does not know is replaced by
the closest word it knows, and "did you mean" is offered from the index's own words.

A pure function of the query's words (:func:`correct`, :func:`suggest`) and a small view of
the index (:class:`Words`): its unstemmed words, the synonyms' words, the everyday words of
French and English, and whether a word is known.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .analysis import Lexicon, Unit, english_analyzer, fold_chars, french_analyzer, key
from .text import RUN
from .verdict import QUESTION_WORDS, third_person_singular

LONGEST_TYPO = 30
"""Longer words are not corrected (no word of the rules is that long; the search for close
words grows with the length)."""


@dataclass
class Words:
    """What the correction reads of an index: ``reader``'s unstemmed field ``plain``, the
    ``lexicon``'s words, the everyday words stored at ``everyday_path`` (``index.WORDS``)
    and ``known(key, word)``, whether the index or the synonyms know a word."""

    lexicon: Lexicon
    reader: Any
    everyday_path: Path
    known: Callable[[str, str], bool]
    _closest: dict[str, str | None] = field(default_factory=dict)

    @functools.cached_property
    def everyday(self) -> frozenset[str]:
        """The everyday words of French and English, read when a word is first corrected."""
        try:
            text = self.everyday_path.read_text(encoding="utf-8")
        except OSError:  # an index of an older garou: every unknown word may be a typo
            text = ""
        return frozenset(text.split())

    def candidates(self, word: str, maxdist: int, prefix: int) -> list[str]:
        """Return the index's and the synonyms' words close to ``word``, best first:
        closest (see :func:`closeness`), then a word of the games' vocabulary (a role, a
        status, a keyword, a synonym) before the others, then the most frequent."""
        reader = self.reader
        if ("plain", word) in reader:
            return []
        vocabulary = set(self.lexicon.words())
        found: dict[str, tuple[int, int, int]] = {}
        # Whoosh's automaton counts a swap of two letters as two edits: ask one edit further,
        # then keep what is within ``maxdist`` when a swap counts as one.
        for candidate in reader.terms_within("plain", word, maxdist + 1, prefix=prefix):
            distance = closeness(word, candidate)
            if distance <= maxdist:
                frequency = reader.doc_frequency("plain", candidate)
                found[candidate] = (distance, candidate not in vocabulary, -frequency)
        for candidate in vocabulary:
            if candidate[:prefix] == word[:prefix] and abs(len(candidate) - len(word)) <= maxdist:
                distance = closeness(word, candidate)
                if distance <= maxdist and candidate not in found:
                    found[candidate] = (distance, False, 0)
        return sorted((c for c in found if c != word), key=lambda c: (found[c], c))

    def closest(self, word: str) -> str | None:
        """Return the correction of the unknown ``word``, or None when nothing is close."""
        if word not in self._closest:
            candidates = self.candidates(word, 1 if len(word) < 6 else 2, prefix=1)
            self._closest[word] = candidates[0] if candidates else None
        return self._closest[word]


def correct(
    units: list[Unit], words: Words, named: frozenset[str] = frozenset()
) -> tuple[list[Unit], dict[str, str]]:
    """Replace the words the index does not know by their closest known word; return the
    new words and the corrections (typed word to known word, folded).

    Not corrected: garou's words ("bluffer") and how a question asks ("like"); a plural
    verb the texts do not use ("tirent") becomes its singular; a role's nickname ("vovo")
    its role; the other words, into their closest word unless :func:`_refused`. ``named``:
    the words the query names with an article ("le druide")."""
    lexicon = words.lexicon
    fixed: list[Unit] = []
    fixes: dict[str, str] = {}
    for k, word, skipped in units:
        kept = " ".join(key(word)) in lexicon.advice or word in QUESTION_WORDS
        if kept or words.known(k, word):
            fixed.append((k, word, skipped))
            continue
        plain = third_person_singular(word)
        if plain and words.known(plain, plain):
            fixed.append((plain, plain, skipped))
            continue
        best = nickname(word, lexicon)
        if best is None and correctable(word):
            best = words.closest(word)
            if best is not None and _refused(word, best, words, named):
                best = None
        if best is None:
            fixed.append((k, word, skipped))
        else:
            fixed.append((key(best)[0] if key(best) else best, best, skipped))
            fixes[word] = best
    return fixed, fixes


def _refused(word: str, best: str, words: Words, named: frozenset[str]) -> bool:
    """Return True when ``word`` is no typo of its closest word ``best``: an everyday word
    the rules do not use (« soir ») unless a form of ``best`` (« protège »); a word named
    with an article more than one edit away from anything but a role or status of the rules
    ("le druide"); or more than one edit away from a role of other editions ("bouffer" is no
    "bouffon")."""
    if word in words.everyday and not same_stem(word, best):
        return True
    if closeness(word, best) <= 1:
        return False
    lexicon = words.lexicon
    return (word in named and best not in lexicon.role_words()) or best in lexicon.outside_words()


def suggest(units: list[Unit], words: Words) -> list[str]:
    """Return "did you mean" words for the unknown words, from the index itself."""
    out: list[str] = []
    for k, word, _ in units:
        if words.known(k, word) or not 3 <= len(word) <= LONGEST_TYPO:
            continue
        for candidate in words.candidates(word, 2, prefix=0)[:3]:
            if candidate not in out:
                out.append(candidate)
    return out


def respell(text: str, fixes: dict[str, str], lexicon: Lexicon, lang: str) -> str:
    """Return ``text`` on one line with each corrected word as the rules spell it."""

    def respelled(match: re.Match[str]) -> str:
        typed = match.group()
        fix = fixes.get(fold_chars(typed))
        if fix is None:
            return typed
        spelled = lexicon.spelling(fix, lang)
        return spelled[:1].upper() + spelled[1:] if typed[:1].isupper() else spelled

    return " ".join(RUN.sub(respelled, text).split())


def nickname(word: str, lexicon: Lexicon) -> str | None:
    """Return the role or status a table's nickname stands for: its name's first syllable
    said twice ("vovo" is the voyante, "soso" the sorcière), when exactly one name of the
    rules' roles and statuses begins with it; else None."""
    half = len(word) // 2
    if len(word) not in (4, 6) or word[:half] != word[half:] or not word.isalpha():
        return None
    names: dict[str, str] = {}
    for group in lexicon.groups:
        if group.source not in ("role", "status") or not group.entry:
            continue
        for phrase in group.phrases:
            for w in RUN.findall(fold_chars(phrase).lower()):
                if len(w) > len(word) and w.startswith(word[:half]):
                    names.setdefault(group.entry, w)
    return next(iter(names.values())) if len(names) == 1 else None


def correctable(word: str) -> bool:
    """Return True for a word long enough, short enough, and of letters, to be corrected."""
    return 4 <= len(word) <= LONGEST_TYPO and word.isalpha()


@functools.cache
def _stems(word: str) -> frozenset[str]:
    chains = (french_analyzer(), english_analyzer())
    return frozenset(token.text for chain in chains for token in chain(word))


def same_stem(word: str, other: str) -> bool:
    """Return True when ``word`` and ``other`` are forms of one word in either language
    (« protège », « protéger »)."""
    return bool(_stems(word) & _stems(other))


def closeness(word: str, candidate: str) -> int:
    """Return how far ``candidate`` is from the typed ``word``: the edit distance, but one
    edit when ``word`` is ``candidate`` with its last two letters missing ("sorcie")."""
    if len(candidate) == len(word) + 2 and candidate.startswith(word):
        return 1
    return distance(word, candidate)


def distance(a: str, b: str) -> int:
    """Return the edit distance of ``a`` and ``b``, a swap of two letters counting once."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]
