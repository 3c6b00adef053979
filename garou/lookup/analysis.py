"""The analysis stage: the French, English and unstemmed chains of the index, and a
query's words grouped into concepts (:func:`concepts_of`) through the synonyms
(:class:`Lexicon`).

The schema, analyzers included, is pickled into the index: the filters must stay
importable here, and any change of what they give must bump :data:`ANALYZER_VERSION`
(part of the cache key). Accents are folded before the stop lists and the stemmers (the
French stemmer stems ``sorcière`` and ``sorciere`` apart); negations are never stop words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from whoosh.analysis import Filter, RegexTokenizer, StemFilter, StopFilter
from whoosh.analysis.analyzers import CompositeAnalyzer

from garou.core.errors import UnknownGameError
from garou.core.records import record

from . import text
from .text import collapsed, fold_chars, key, spellings

ANALYZER_VERSION = "16"
"""Bump when any analysis behaviour changes (here or in :mod:`garou.lookup.text`): cached
indexes are then rebuilt."""

_TOKEN = re.compile(text.TOKEN_PATTERN)


# --- filters (pickled into the index: keep their names and module stable) ------------------


class WordsFilter(Filter):
    """Fold each word (:func:`fold_chars`), drop French elisions and expand English
    contractions (:func:`text.split_word`), and index a hyphenated compound as its parts
    and as one joined singular word: ``loups-garous`` gives ``loups``, ``garous`` and
    ``loupgarou``, so that "loup garou", "loups-garous" and "loupgarou" all meet."""

    def __call__(self, tokens: Iterator) -> Iterator:
        for t in tokens:
            folded = fold_chars(t.text)
            split = "'" in folded or folded in text.NOT_FORMS
            for word in text.split_word(folded) if split else [folded]:
                parts = [p for p in word.split("-") if p] if "-" in word else [word]
                if len(parts) > 1:
                    parts.append("".join(text.singular(p) for p in parts))
                for part in parts:
                    t.text = part
                    yield t


class WordMapFilter(Filter):
    """Replace whole words from a fixed mapping (irregular plurals)."""

    def __init__(self, mapping: dict[str, str]):
        self.mapping = dict(mapping)

    def __call__(self, tokens: Iterator) -> Iterator:
        for t in tokens:
            t.text = self.mapping.get(t.text, t.text)
            yield t


class PluralFilter(Filter):
    """Strip a plural -s the stemmer left (``garous``), on long words only."""

    def __call__(self, tokens: Iterator) -> Iterator:
        for t in tokens:
            if len(t.text) > 4 and t.text[-1] == "s" and t.text[-2] != "s":
                t.text = t.text[:-1]
            yield t


# --- analyzers -----------------------------------------------------------------------------


def french_analyzer() -> CompositeAnalyzer:
    """Return the French chain: fold, elisions, compounds, stop words, stem, plurals."""
    return (
        RegexTokenizer(_TOKEN) | WordsFilter() | StopFilter(text.FRENCH_STOPS, minsize=1)
        | StemFilter(lang="fr", cachesize=-1) | PluralFilter()
    )  # fmt: skip


def english_analyzer() -> CompositeAnalyzer:
    """Return the English chain: fold, contractions, compounds, stop words, stem."""
    return (
        RegexTokenizer(_TOKEN) | WordsFilter() | StopFilter(text.ENGLISH_STOPS, minsize=1)
        | WordMapFilter(text.IRREGULAR) | StemFilter(lang="en", cachesize=-1)
    )  # fmt: skip


def plain_analyzer() -> CompositeAnalyzer:
    """Return the unstemmed chain (typo correction and suggestions): fold, split, no stems."""
    return RegexTokenizer(_TOKEN) | WordsFilter() | StopFilter(text.ALL_STOPS, minsize=2)


# --- the query: its words, and the concepts they make ----------------------------------------

MAX_CHARS = 500
"""Longer queries are cut here (a question is never that long)."""
MAX_WORDS = 24
"""At most this many words of a query are searched."""
# The weights of a concept's phrases: the words as typed, a name or alias of the rule data, a
# synonym of lexicon.yaml, and a word naming a game next to other words (it is context).
OWN_WEIGHT = 1.0
ALIAS_WEIGHT = 0.8
SYNONYM_WEIGHT = 0.7
GAME_WORD_WEIGHT = 0.25
MAX_PER_GROUP = 10
"""Phrases kept per synonym group of a concept. Each group scores as one alternative (its
best phrase), so a status with many aliases weighs no more than one with few."""
_PUNCTUATION = re.compile(r"[,;:.!?()]")
"""Punctuation that ends a phrase: no synonym phrase spans it."""
_SCENE_WORDS = text.wordset("scene")
_ARTICLE_WORDS = text.wordset("article")
_COMPARE_WORDS = text.wordset("compare")


@record
class Group:
    """Phrases that mean the same: a role's, status's, game's or entry's names and aliases
    (from the rule data), a community word's, an outside concept's, or a synonym group."""

    game: str | None
    source: str
    entry: str | None
    phrases: tuple[str, ...]
    targets: tuple[str, ...] = ()
    """For a community group: the words of the game's rules it stands for."""


class Lexicon:
    """Phrases to synonym groups, and the games by name: the index's vocabulary (the rule
    data's names and aliases, lexicon.yaml's community and outside words and synonyms),
    stored beside the index when it is built (:func:`garou.lookup.index.lexicon`)."""

    def __init__(self, data: dict[str, Any]):
        self.groups = [
            Group(g["game"], g["source"], g.get("entry"), tuple(g["phrases"]),
                  tuple(g.get("targets", ())))
            for g in data.get("groups", [])
        ]  # fmt: skip
        self.keys: dict[str, list[int]] = {k: list(v) for k, v in data.get("keys", {}).items()}
        self.gaps: dict[str, list[int]] = {k: list(v) for k, v in data.get("gaps", {}).items()}
        self.linked = {k: frozenset(v) for k, v in data.get("linked", {}).items()}
        """Per phrase key: the stop words its phrases put between its words (:func:`gap_words`)."""
        self.longest = max((k.count(" ") + 1 for k in self.keys), default=1)
        self.essential = frozenset(data.get("essential", []))
        """Keys of the words that change what a question asks (an answer must have them)."""
        self.not_reflexive = frozenset(data.get("not_reflexive", []))
        self.advice = frozenset(data.get("advice", []))
        """Keys of the words that ask how to play well, not what the rules say."""
        self.outside: dict[str, dict[str, Any]] = data.get("outside", {})
        self.phrases: dict[str, dict[str, list[str]]] = data.get("phrases", {})
        self.games: dict[str, dict[str, Any]] = data.get("games", {})
        self.kinds: list[str] = list(data.get("kinds", []))
        self.spelled: dict[str, dict[str, str]] = data.get("spellings", {})
        self._synonym_spelled: dict[str, str] | None = None
        outside_phrases: dict[str, list[str]] = {}
        for g in self.groups:
            if g.source == "outside" and g.entry:
                outside_phrases.setdefault(g.entry, []).extend(g.phrases)
        self.compounds = text.compounds_of(outside_phrases)
        """The roles and concepts of other editions by their letters (typed in one word or
        several: :func:`text.compound_names`)."""
        self._role_words = self._words_of("role", "status")
        self._outside_words = self._words_of("outside")
        self._words = sorted({w for k in self.keys for w in k.split(" ")})

    def _words_of(self, *sources: str) -> frozenset[str]:
        return frozenset(
            w for g in self.groups if g.source in sources for p in g.phrases for w in key(p)
        )

    def role_words(self) -> frozenset[str]:
        """Return every single word of the names of the roles and statuses."""
        return self._role_words

    def outside_words(self) -> frozenset[str]:
        """Return every single word of the roles and concepts of other editions."""
        return self._outside_words

    def words(self) -> list[str]:
        """Return every single word of the synonyms (for typo correction)."""
        return self._words

    def spelling(self, word: str, lang: str) -> str:
        """Return the folded ``word`` as the rules write it, accents on: in the ``lang``
        texts, else in the other language's, else in the synonyms."""
        other = "en" if lang == "fr" else "fr"
        for spelled in (self.spelled.get(lang, {}), self.spelled.get(other, {})):
            if word in spelled:
                return spelled[word]
        if self._synonym_spelled is None:
            self._synonym_spelled = spellings(p for group in self.groups for p in group.phrases)
        return self._synonym_spelled.get(word, word)

    def game_id(self, name: str) -> str:
        """Return the id of the game called ``name``; raise UnknownGameError."""
        wanted = " ".join(key(name))
        for game_id, info in self.games.items():
            if name == game_id or wanted in info["keys"]:
                return game_id
        raise UnknownGameError("search.unknown-game", name=name, games=", ".join(self.games))

    def context_games(self, query: str) -> tuple[set[str], set[str]]:
        """Return the games the query names as the game it is about, and those it compares
        with. About: a game's name after a word that sets the scene (« au loup-garou »,
        « en mafia », "in Werewolf", "playing Mafia"), or opening the query before a colon
        or a comma ("Mafia: can I…"). Compared: a name after a word of comparison
        (« comme au loup-garou », "like in Werewolf", "the sheriff from Mafia")."""
        folded = fold_chars(query).lower()
        tokens = text.words(folded)
        names = [(game_id, tuple(k.split(" "))) for game_id, info in self.games.items()
                 for k in info["keys"]]  # fmt: skip
        found: set[str] = set()
        compared: set[str] = set()

        def named_at(place: int) -> str | None:
            while place < len(tokens) and tokens[place] in _ARTICLE_WORDS:
                place += 1
            for game_id, name in names:
                span = tokens[place : place + len(name)]
                if len(span) == len(name) and key(" ".join(span)) == name:
                    return game_id
            return None

        opening = re.match(r"\s*([^:,;?]+?)\s*[:,;]", folded)
        if opening:
            said = tuple(t for t in text.words(opening.group(1)) if t not in _SCENE_WORDS)
            found.update(g for g, name in names if key(" ".join(said)) == name)
        for place, token in enumerate(tokens):
            if token in _COMPARE_WORDS and (game_id := named_at(place + 1)) is not None:
                compared.add(game_id)
            if token not in _SCENE_WORDS or (game_id := named_at(place + 1)) is None:
                continue
            if any(t in _COMPARE_WORDS for t in tokens[max(0, place - 2) : place]):
                compared.add(game_id)
            else:
                found.add(game_id)
        return found - compared, compared

    def phrase_hits(self, keys: list[str]) -> dict[str, float]:
        """Return the entries whose multi-word phrases the query contains, in order.

        One extra word may sit between two words of a phrase ("parler pendant la nuit"
        contains "parler la nuit"). The value is the share of the query's words covered.
        """
        found: dict[str, float] = {}
        for start, first in enumerate(keys):
            for rest, ids in self.phrases.get(first, {}).items():
                position = start
                for word in rest.split(" "):
                    window = keys[position + 1 : position + 3]
                    if word not in window:
                        break
                    position += 1 + window.index(word)
                else:
                    share = (rest.count(" ") + 2) / len(keys)
                    for entry_id in ids:
                        found[entry_id] = max(found.get(entry_id, 0.0), share)
        return found

    def hop(self, numbers: list[int]) -> list[int]:
        """Return ``numbers`` followed by the role, status and entry groups that their
        community words stand for in each game ("badge" is the captain in Loup-Garou:
        its names and aliases count too)."""
        out = list(numbers)
        for number in numbers:
            group = self.groups[number]
            if group.source != "community":
                continue
            for phrase in group.targets:
                for other in self.keys.get(" ".join(key(phrase)), []):
                    found = self.groups[other]
                    if (found.source in ("role", "status", "entry") and found.game == group.game
                            and other not in out):  # fmt: skip
                        out.append(other)
        return out


# --- concepts: the units a query is made of -------------------------------------------------


@dataclass
class Alternative:
    """A phrase a concept is searched by, with its weight."""

    text: str
    weight: float
    game: str | None
    group: int = -1
    """The synonym group it comes from (-1: the words as typed)."""


@dataclass
class Concept:
    """Words of the query that make one thing, and the phrases it is searched by."""

    words: str
    """The words as typed (folded)."""
    alternatives: list[Alternative]
    games: frozenset[str] = frozenset()
    """The one game this concept names (a game, or a role or status of one game only)."""
    game_word: bool = False
    """True when the words are a game's name."""
    known: bool = True
    outside: tuple[str, ...] = ()
    """The roles or concepts of other editions and games (lexicon.yaml) the words name."""
    essential: bool = False
    """True when an answer must speak of these words ("myself", "each other")."""
    names_role: bool = False
    own: tuple[str, ...] = ()
    """The entries of the roles and statuses the words name."""
    defines: tuple[str, ...] = ()
    """The other entries the words name by their aliases (the game master's entry for
    "MJ"): what the words' thing is, as a role's own entry is what the role is."""
    advice: bool = False
    """True when the words ask how to play well ("bluff"): an answer must speak of them."""
    community: bool = False
    """True when the words mean a different thing in each game ("town", "sheriff")."""


Unit = tuple[str, str, tuple[str, ...]]
"""A word of the query: its key, the word as typed (folded), the stop words before it."""


def units_of(query: str) -> tuple[list[Unit], bool]:
    """Return the words of ``query``, stop words out; and whether it was cut."""
    truncated = len(query) > MAX_CHARS
    units: list[Unit] = []
    skipped: list[str] = []
    folded = fold_chars(query[:MAX_CHARS])
    end = 0
    for match in _TOKEN.finditer(folded):
        if units and _PUNCTUATION.search(folded, end, match.start()):
            skipped.append(text.BREAK)  # "mafia, les loups-garous" is no "Mafia et Loup-Garou"
        end = match.end()
        for word in text.split_word(match.group()):
            parts = [p for p in word.split("-") if p]
            keys = [key(part)[:1] for part in parts]
            if len(parts) == 2 and key(word) == ("soi", "meme"):
                keys = [("soi",), ("meme",)]  # "elle-même" is oneself (text.key), not "même"
            for k, part in zip(keys, parts, strict=True):
                if not k:
                    skipped.append(part)
                    continue
                units.append((k[0], part, tuple(skipped)))
                skipped = []
    if len(units) > MAX_WORDS:
        units, truncated = units[:MAX_WORDS], True
    return units, truncated


def _spans(lexicon: Lexicon, k: str, between: list[tuple[str, ...]]) -> bool:
    """Return True when words keyed ``k``, with the stop words ``between`` them, make one of
    the lexicon's phrases: no more stop words between two words than the phrase has ("maitre
    de jeu" is "maître du jeu"; "first at night" is not "first night"), and those among the
    phrase's own (« capitaine en mafia » is not « capitaine de la mafia »), no punctuation."""
    allowed = lexicon.gaps.get(k, []) + [0] * len(between)
    if any(len(stops) > most for stops, most in zip(between, allowed, strict=False)):
        return False
    linked = lexicon.linked.get(k, frozenset())
    return all(part in linked for stops in between for stop in stops for part in text.linking(stop))


def concepts_of(lexicon: Lexicon, units: list[Unit]) -> list[Concept]:
    """Group the words into concepts, longest synonym phrase first, each word once
    (:func:`_spans` says when words make a phrase)."""
    concepts: list[Concept] = []
    i = 0
    while i < len(units):
        for length in range(min(lexicon.longest, len(units) - i), 0, -1):
            k = " ".join(u[0] for u in units[i : i + length])
            between = [u[2] for u in units[i + 1 : i + length]]
            groups = lexicon.keys.get(k) if _spans(lexicon, k, between) else None
            if groups or length == 1:
                break
        words = " ".join(u[1] for u in units[i : i + length])
        concepts.append(concept_of(lexicon, words, groups or []))
        i += length
    unique: dict[str, Concept] = {}
    for concept in concepts:
        unique.setdefault(" ".join(key(concept.words)), concept)
    concepts = list(unique.values())
    if len(concepts) > 1:
        for concept in concepts:
            if concept.game_word:
                for alt in concept.alternatives:
                    alt.weight *= GAME_WORD_WEIGHT
    return concepts


def concept_of(lexicon: Lexicon, words: str, numbers: list[int]) -> Concept:
    """Return the concept of ``words``: the words themselves and their synonym groups'."""
    typed = [lexicon.groups[n] for n in numbers]

    def entries(*sources: str) -> tuple[str, ...]:
        return tuple(g.entry or "" for g in typed if g.source in sources)

    own = entries("role", "status")
    games_named = {g.game for g in typed if g.source == "game"}
    keyed = " ".join(key(words))
    alternatives = [Alternative(words, OWN_WEIGHT, None)]
    seen: set[tuple[str, str | None]] = {(keyed, None)}
    named: set[str] = set()
    unscoped = False
    for place, number in enumerate(lexicon.hop(numbers)):
        group = lexicon.groups[number]
        if group.source == "outside":
            continue
        if group.source == "synonym":
            unscoped = unscoped or group.game is None
        elif group.game and group.source in ("role", "status") and place < len(typed):
            named.add(group.game)
        synonym = group.source in ("synonym", "community") or place >= len(typed)
        weight = SYNONYM_WEIGHT if synonym else ALIAS_WEIGHT
        taken = 0
        for phrase in group.phrases:
            mark = (" ".join(key(phrase)), group.game)
            if collapsed(phrase):
                continue  # "one another" would search for "one"
            if mark[0] and mark not in seen and taken < MAX_PER_GROUP:
                seen.add(mark)
                taken += 1
                alternatives.append(Alternative(phrase, weight, group.game, number))
    if games_named:
        named = {g for g in games_named if g}
    return Concept(
        words,
        alternatives,
        frozenset(named) if len(named) == 1 and not unscoped else frozenset(),
        game_word=bool(games_named),
        outside=entries("outside"),
        essential=keyed in lexicon.essential,
        names_role=bool(own),
        own=own,
        defines=entries("entry"),
        advice=keyed in lexicon.advice,
        community=any(g.source == "community" for g in typed),
    )
