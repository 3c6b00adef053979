"""Words as the search reads them, with no search engine: folding, stop words, elisions,
plurals, and the matching key of a phrase, from the word lists of ``lexicon.yaml``.

Pure Python (no Whoosh). The index's analysis chains (:mod:`garou.lookup.analysis`)
are made of these pieces: change any behaviour here and bump its ``ANALYZER_VERSION``.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

TOKEN_PATTERN = r"\w+(?:['’ʼ‘\-‐‑]\w+)*"
"""A word, with its inner apostrophes and hyphens (l'égalité, loup-garou, can't)."""

LEXICON_FILE = Path(__file__).with_name("lexicon.yaml")
"""garou's own vocabulary: synonyms, community words, word lists (part of the index's key)."""


@functools.cache
def lexicon() -> dict[str, Any]:
    """Return the vocabulary file's data, read once, kept parsed in garou's cache folder
    (:func:`garou.core.files.parsed`): a search reads no YAML unless the file changed."""
    from garou.core.files import parsed

    def parse() -> dict[str, Any]:
        import yaml

        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load(raw.decode("utf-8"), Loader=loader)
        return data if isinstance(data, dict) else {}

    raw = LEXICON_FILE.read_bytes()
    return parsed("lexicon", raw, parse)


def listed(name: str) -> Any:
    """Return the word list ``name`` of the vocabulary file's ``words``."""
    return lexicon()["words"][name]


_LIGATURES = str.maketrans(listed("ligatures"))


def fold_chars(text: str) -> str:
    """Return ``text`` lowercased, without accents, with œ/æ spelled out, one apostrophe and
    one hyphen, character by character (its length and spaces kept, for the analysis).

    Not :func:`garou.core.names.fold`, which folds a *name* as typed (spaces tidied,
    ``_`` read as ``-``) to compare it with another name."""
    text = text.translate(_LIGATURES)
    if not text.isascii():
        decomposed = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in decomposed if not unicodedata.combining(c))
    return text.lower()


def wordset(name: str, fold: bool = False) -> frozenset[str]:
    """Return the word list ``name`` as a set (its words folded if ``fold``)."""
    return frozenset(fold_chars(w) if fold else w for w in listed(name))


def _mapping(name: str) -> dict[str, tuple[str, ...]]:
    return {k: tuple(v) for k, v in listed(name).items()}


NEGATIONS = wordset("negations", fold=True)
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
FRENCH_STOPS = wordset("french_stops", fold=True) - NEGATIONS | _LETTERS - {"x"}
ENGLISH_STOPS = wordset("english_stops", fold=True) - NEGATIONS | _LETTERS
ALL_STOPS = FRENCH_STOPS | ENGLISH_STOPS
"""Words dropped from the unstemmed field and from synonym matching."""
_FRENCH_ELISIONS = wordset("french_elisions", fold=True)
_ENGLISH_CONTRACTIONS = wordset("english_contractions")
NOT_FORMS = _mapping("not_forms")
_KEEP_WHOLE: dict[str, str] = listed("keep_whole")
_CHAT = _mapping("chat")
IRREGULAR: dict[str, str] = listed("irregular")
_SELF_PRONOUNS = wordset("self_pronouns")
_SELF_WORDS = wordset("self_words")
_ARTICLES = wordset("articles")
_CONTRACTED = _mapping("contracted")
BREAK = "|"
"""Said between two words of a query that punctuation separates: no phrase spans it."""


def singular(word: str) -> str:
    """Return ``word`` without a plural -s when it is long enough to have one (garous)."""
    if len(word) > 3 and word[-1] == "s" and word[-2] != "s":
        return word[:-1]
    return word


def split_word(token: str) -> list[str]:
    """Split one folded token into words: elisions dropped, contractions expanded.

    ``l'egalite`` gives ``egalite``; ``n'est`` gives ``ne est``; ``can't`` gives
    ``can not``; ``witch's`` gives ``witch``; hyphenated compounds are left whole.
    """
    if token in NOT_FORMS:
        return list(NOT_FORMS[token])
    if token in _CHAT:
        return list(_CHAT[token])
    if "'" not in token:
        return [token]
    if token in _KEEP_WHOLE:
        return [_KEEP_WHOLE[token]]
    parts = [p for p in token.split("'") if p]
    out: list[str] = []
    while parts and parts[0] in _FRENCH_ELISIONS and len(parts) > 1:
        head = parts.pop(0)
        if head == "n":
            out.append("ne")
    if len(parts) == 2 and parts[1] == "t" and parts[0].endswith("n"):
        out += [parts[0][:-1], "not"]
        return out
    if len(parts) >= 2 and parts[-1] in _ENGLISH_CONTRACTIONS:
        parts.pop()
    return out + parts


_WORD = re.compile(TOKEN_PATTERN)


def words(text: str) -> list[str]:
    """Return the folded words of ``text``: elisions dropped, compounds split, stop words kept."""
    out: list[str] = []
    for match in _WORD.finditer(fold_chars(text)):
        for word in split_word(match.group()):
            out.extend(p for p in word.split("-") if p)
    return out


def is_stop(word: str) -> bool:
    """Return True for a folded stop word (negations are never stop words)."""
    return word in ALL_STOPS and word not in NEGATIONS


def key(text: str) -> tuple[str, ...]:
    """Return the matching key of a phrase: its folded, singular words without stop words.

    "elle-même", "lui-même", "eux-mêmes"... are all "soi même" (oneself): the pronoun is a
    stop word, and without it they would key as "même", the word of "la même nuit"."""
    found = words(text)
    out: list[str] = []
    for place, word in enumerate(found):
        after = found[place + 1] if place + 1 < len(found) else ""
        if word in _SELF_PRONOUNS and after in _SELF_WORDS:
            out.append("soi")
        elif not is_stop(word):
            out.append(IRREGULAR.get(word, singular(word)))
    return tuple(out)


def collapsed(text: str) -> bool:
    """Return True when a phrase of several words keys as one word because its other words
    are stop words that carry meaning ("one another" is "one", "last will" is "last",
    "qui en premier" is "premier", "nuit 1" is "nuit"): as a synonym it would stand for
    that word everywhere. Articles are no loss ("la nuit", "à égalité")."""
    parts = text.split()
    return len(parts) > 1 and len(key(text)) == 1 and any(
        not key(p) and fold_chars(p).strip("'") not in _ARTICLES
        and fold_chars(p).split("'")[0] not in _ARTICLES
        for p in parts
    )  # fmt: skip


def _between(text: str) -> list[list[str]]:
    """Return the stop words between each two words of ``key(text)``."""
    found: list[list[str]] = []
    pending: list[str] | None = None
    for word in words(text):
        if is_stop(word):
            if pending is not None:
                pending.append(word)
            continue
        if pending is not None:
            found.append(pending)
        pending = []
    return found


def gaps(text: str) -> tuple[int, ...]:
    """Return how many stop words sit between each two words of ``key(text)``.

    "maître du jeu" gives (1,): a query may leave the "du" out, but "first at night" does
    not match "first night", whose gap is 0.
    """
    return tuple(len(stops) for stops in _between(text))


def linking(word: str) -> tuple[str, ...]:
    """Return what the folded stop word ``word`` links with: « du » is « de » and « le »."""
    return _CONTRACTED.get(word, (word,))


def gap_words(text: str) -> frozenset[str]:
    """Return the stop words that sit between the words of ``key(text)``, as
    :func:`linking` says them: « capitaine de la mafia » gives {de, le}. A query's words
    match the phrase only if the stop words between them are among those (« capitaine en
    mafia » is not « capitaine de la mafia »)."""
    return frozenset(part for stops in _between(text) for stop in stops for part in linking(stop))


RUN = re.compile(r"[^\W_]+")
"""A run of letters and digits: a word as the search's readings split a text."""


def folded_parts(parts: Iterable[dict[str, str]]) -> list[tuple[str, str]]:
    """Return the texts of an entry's parts (title, text, options: per language), folded
    and lowercased, as (language, text)."""
    return [
        (lang, fold_chars(part[lang]).lower())
        for part in parts
        for lang in ("fr", "en")
        if part.get(lang)
    ]


def spellings(texts: Iterable[str], keep: Iterable[str] = ()) -> dict[str, str]:
    """Return how the words of ``texts`` are written, by folded word: the most frequent
    lowercased form (accented ones first at equal counts), where it differs from the
    folded word or the folded word is in ``keep``."""
    counts: dict[str, dict[str, int]] = {}
    for text in texts:
        for run in RUN.findall(unicodedata.normalize("NFC", text)):
            forms = counts.setdefault(fold_chars(run), {})
            forms[run.lower()] = forms.get(run.lower(), 0) + 1
    kept = set(keep)
    out = {}
    for folded, forms in counts.items():
        best = max(forms, key=lambda f: (forms[f], not f.isascii(), f))
        if best != folded or folded in kept:
            out[folded] = best
    return out


def widen(allowed: dict[str, list[int]], phrase_key: str, found: tuple[int, ...]) -> None:
    """Record that the words of ``phrase_key`` may be ``found`` stop words apart."""
    before = allowed.get(phrase_key)
    allowed[phrase_key] = (
        list(found) if before is None else [max(a, b) for a, b in zip(before, found, strict=False)]
    )


def joined(text: str) -> str:
    """Return the letters of ``text`` (folded), without spaces, hyphens, apostrophes or a
    final plural -s: how a compound is compared typed in one word or two."""
    letters = "".join(RUN.findall(fold_chars(text).lower()))
    return letters[:-1] if len(letters) > 4 and letters.endswith("s") else letters


def compounds_of(phrases: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """Return, for :func:`compound_names`, the ids of ``phrases`` (id: the words players
    type for it) by the letters of each phrase (:func:`joined`)."""
    wanted: dict[str, str] = {}
    for named, words in phrases.items():
        for phrase in words:
            letters = joined(phrase)
            if len(letters) > 4:
                wanted.setdefault(letters, named)
    return wanted


def compound_names(text: str, wanted: Mapping[str, str]) -> list[str]:
    """Return the ids of the phrases (``wanted``: :func:`compounds_of`) that ``text`` names
    in two to four words typed together or apart, stop words kept: "wolf hound" is
    "wolfhound", "voyante d'aura" is "voyante d'aura" (whose "aura" is a stop word)."""
    tokens = RUN.findall(fold_chars(text).lower())
    found: list[str] = []
    for length in (4, 3, 2):
        for start in range(len(tokens) - length + 1):
            named = wanted.get(joined(" ".join(tokens[start : start + length])))
            if named is not None and named not in found:
                found.append(named)
    return found
