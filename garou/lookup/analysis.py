"""How text becomes search terms: the French, English and unstemmed analysis chains of
the index; and the analysis stage of a search: a query's words, grouped into concepts
(:func:`concepts_of`) through the synonyms (:class:`Lexicon`).

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
from dataclasses import dataclass
from typing import Any

from whoosh.analysis import Filter, RegexTokenizer, StemFilter, StopFilter
from whoosh.analysis.analyzers import CompositeAnalyzer

from garou.core.errors import UnknownGameError
from garou.core.records import record

from . import synonyms
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
    widen,
    words,
    wordset,
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


# --- the query: its words, and the concepts they make ----------------------------------------

MAX_CHARS = 500
"""Longer queries are cut here (a question is never that long)."""
MAX_WORDS = 24
"""At most this many words of a query are searched."""
OWN_WEIGHT = 1.0
"""Weight of the words as typed."""
ALIAS_WEIGHT = 0.8
"""Weight of a synonym from the rule data (names and aliases)."""
SYNONYM_WEIGHT = 0.7
"""Weight of a synonym from :mod:`lookup.synonyms`."""
GAME_WORD_WEIGHT = 0.25
"""Weight of a word naming a game ("mafia", "werewolf") next to other words: it is context."""
MAX_PER_GROUP = 10
"""Phrases kept per synonym group of a concept. Each group scores as one alternative (its
best phrase), so a status with many aliases weighs no more than one with few, and the
groups a concept has are all kept whatever the size of the others."""
MAX_GROUPS = 8
"""Synonym groups kept per concept."""
_WORD = re.compile(r"\w+(?:['’ʼ‘\-‐‑]\w+)*")
_PUNCTUATION = re.compile(r"[,;:.!?()]")
"""Punctuation that ends a phrase: no synonym phrase spans it."""


# --- the lexicon: synonyms from the rule data and from lookup.synonyms ---------------------


@record
class Group:
    game: str | None
    source: str  # role, status, game, entry (rule data) or synonym (lookup.synonyms)
    entry: str | None
    phrases: tuple[str, ...]
    targets: tuple[str, ...] = ()
    """For a community group: the words of the game's rules it stands for."""


_SCENE_WORDS = wordset("scene")
"""Words before a game's name that make it the game the query is about (« une partie de
Mafia » is "partie" then the article)."""
_ARTICLE_WORDS = wordset("article")
_COMPARE_WORDS = wordset("compare")
"""Words before the scene word that make the game one the query compares with."""


class Lexicon:
    """Phrases to synonym groups, and the games by name."""

    def __init__(self, data: dict[str, Any]):
        self.groups: list[Group] = [
            Group(
                g["game"],
                g["source"],
                g.get("entry"),
                tuple(g["phrases"]),
                tuple(g.get("targets", ())),
            )  # fmt: skip
            for g in data.get("groups", [])
        ]
        self.keys: dict[str, list[int]] = {k: list(v) for k, v in data.get("keys", {}).items()}
        self.gaps: dict[str, list[int]] = {k: list(v) for k, v in data.get("gaps", {}).items()}
        self.linked: dict[str, frozenset[str]] = {
            k: frozenset(v) for k, v in data.get("linked", {}).items()
        }
        """Per phrase key: the stop words its phrases put between its words (:func:`gap_words`)."""
        for game, phrases in synonyms.groups():
            number = len(self.groups)
            self.groups.append(Group(game, "synonym", None, tuple(phrases)))
            for phrase in phrases:
                k = "" if collapsed(phrase) else " ".join(key(phrase))
                if k and number not in self.keys.setdefault(k, []):
                    self.keys[k].append(number)
                if k:
                    widen(self.gaps, k, gaps(phrase))
                    if " " in k and (between := gap_words(phrase)):
                        self.linked[k] = self.linked.get(k, frozenset()) | between
        self.longest = max((k.count(" ") + 1 for k in self.keys), default=1)
        self.essential = frozenset(data.get("essential", []))
        """Keys of the words that change what a question asks (an answer must have them)."""
        self.not_reflexive = frozenset(data.get("not_reflexive", []))
        self.advice = frozenset(data.get("advice", []))
        """Keys of the words that ask how to play well, not what the rules say."""
        self.outside: dict[str, dict[str, Any]] = data.get("outside", {})
        self.phrases: dict[str, dict[str, list[str]]] = data.get("phrases", {})
        self.games: dict[str, dict[str, Any]] = data.get("games", {})
        """Each role's entry id: the names of the camp it plays for."""
        self.kinds: list[str] = list(data.get("kinds", []))
        self.spelled: dict[str, dict[str, str]] = data.get("spellings", {})
        self._words: list[str] | None = None
        self._role_words: frozenset[str] | None = None
        self._outside_words: frozenset[str] | None = None
        self._outside_phrases: dict[str, list[str]] | None = None
        self._synonym_spelled: dict[str, str] | None = None

    def spelling(self, word: str, lang: str) -> str:
        """Return the folded ``word`` as the rules write it, accents on: in the ``lang``
        texts, else in the other language's, else in the synonyms."""
        other = "en" if lang == "fr" else "fr"
        for spelled in (self.spelled.get(lang, {}), self.spelled.get(other, {})):
            if word in spelled:
                return spelled[word]
        if self._synonym_spelled is None:
            phrases = (p for group in self.groups for p in group.phrases)
            self._synonym_spelled = spellings(phrases)
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
        tokens = words(folded)
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
            said = tuple(t for t in words(opening.group(1)) if t not in _SCENE_WORDS)
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

    def role_words(self) -> frozenset[str]:
        """Return every single word of the names of the roles and statuses."""
        if self._role_words is None:
            self._role_words = frozenset(
                w for g in self.groups if g.source in ("role", "status")
                for p in g.phrases for w in key(p)
            )  # fmt: skip
        return self._role_words

    def outside_phrases(self) -> dict[str, list[str]]:
        """Return the words players type for each role or concept of other editions."""
        if self._outside_phrases is None:
            self._outside_phrases = {}
            for g in self.groups:
                if g.source == "outside" and g.entry:
                    self._outside_phrases.setdefault(g.entry, []).extend(g.phrases)
        return self._outside_phrases

    def outside_words(self) -> frozenset[str]:
        """Return every single word of the roles and concepts of other editions."""
        if self._outside_words is None:
            self._outside_words = frozenset(
                w for g in self.groups if g.source == "outside" for p in g.phrases for w in key(p)
            )
        return self._outside_words

    def words(self) -> list[str]:
        """Return every single word of the synonyms (for typo correction)."""
        if self._words is None:
            self._words = sorted({w for k in self.keys for w in k.split(" ")})
        return self._words


# --- concepts: the units a query is made of -------------------------------------------------


@dataclass
class Alternative:
    text: str
    weight: float
    game: str | None
    group: int = -1
    """The synonym group it comes from (-1: the words as typed)."""


@dataclass
class Concept:
    words: str
    """The words as typed (folded)."""
    alternatives: list[Alternative]
    games: frozenset[str] = frozenset()
    """The one game this concept names (a game, or a role or status of one game only)."""
    game_word: bool = False
    """True when the words are a game's name."""
    known: bool = True
    outside: tuple[str, ...] = ()
    """The outside roles or concepts (lexicon.yaml) these words name."""
    essential: bool = False
    """True when an answer must speak of these words ("myself", "each other")."""
    names_role: bool = False
    """True when the words name a role or status of the rules."""
    own: tuple[str, ...] = ()
    """The entries of the roles and statuses the words name."""
    defines: tuple[str, ...] = ()
    """The other entries the words name by their aliases (the game master's entry for
    "MJ"): what the words' thing is, as a role's own entry is what the role is."""
    advice: bool = False
    """True when the words ask how to play well ("stratégie", "bluff"): an answer must
    speak of them (lexicon.yaml ``advice``)."""
    community: bool = False
    """True when the words are a community word (lexicon.yaml) that means a different
    thing in each game ("town", "sheriff")."""


Unit = tuple[str, str, tuple[str, ...]]
"""A word of the query: its key, the word as typed (folded), the stop words before it."""


def units_of(text: str) -> tuple[list[Unit], bool]:
    """Return the words of ``text``, stop words out; and whether it was cut."""
    truncated = len(text) > MAX_CHARS
    units: list[Unit] = []
    skipped: list[str] = []
    folded = fold_chars(text[:MAX_CHARS])
    end = 0
    for match in _WORD.finditer(folded):
        if units and _PUNCTUATION.search(folded, end, match.start()):
            skipped.append(BREAK)  # "mafia, les loups-garous" is no "Mafia et Loup-Garou"
        end = match.end()
        for word in split_word(match.group()):
            parts = [p for p in word.split("-") if p]
            if len(parts) == 2 and key(word) == ("soi", "meme"):
                # "elle-même" is oneself, keyed "soi même" (see text.key), not "même".
                units += [("soi", parts[0], tuple(skipped)), ("meme", parts[1], ())]
                skipped = []
                continue
            for part in parts:
                k = key(part)
                if not k:
                    skipped.append(part.lower())
                    continue
                units.append((k[0], part, tuple(skipped)))
                skipped = []
    if len(units) > MAX_WORDS:
        units, truncated = units[:MAX_WORDS], True
    return units, truncated


def concepts_of(lexicon: Lexicon, units: list[Unit]) -> list[Concept]:
    """Group the words into concepts, longest synonym phrase first, each word once.

    A phrase matches when its words follow each other with no more stop words between
    them than the phrase itself has ("maitre de jeu" is "maître du jeu"; "first at night"
    is not "first night"), those stop words among the phrase's own (« capitaine en
    mafia » is not « capitaine de la mafia »), and no punctuation between them.
    """
    concepts: list[Concept] = []
    i = 0
    while i < len(units):
        for length in range(min(lexicon.longest, len(units) - i), 0, -1):
            k = " ".join(u[0] for u in units[i : i + length])
            groups = lexicon.keys.get(k)
            if groups and length > 1:
                allowed = lexicon.gaps.get(k, [])
                found = [u[2] for u in units[i + 1 : i + length]]
                linked = lexicon.linked.get(k, frozenset())
                if any(len(f) > a for f, a in zip(found, allowed + [0] * len(found),
                                                  strict=False)) or any(
                    part not in linked for f in found for w in f for part in linking(w)
                ):  # fmt: skip
                    groups = None
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
    weight = OWN_WEIGHT
    alternatives = [Alternative(words, weight, None)]
    seen: set[tuple[str, str | None]] = {(" ".join(key(words)), None)}
    named: set[str] = set()
    games_named = {lexicon.groups[n].game for n in numbers if lexicon.groups[n].source == "game"}
    unscoped = False
    game_word = bool(games_named)
    outside = tuple(lexicon.groups[n].entry or "" for n in numbers
                    if lexicon.groups[n].source == "outside")  # fmt: skip
    typed = len(numbers)
    essential = " ".join(key(words)) in lexicon.essential
    own = tuple(lexicon.groups[n].entry or "" for n in numbers
                if lexicon.groups[n].source in ("role", "status"))  # fmt: skip
    names_role = bool(own)
    defines = tuple(lexicon.groups[n].entry or "" for n in numbers
                    if lexicon.groups[n].source == "entry")  # fmt: skip
    community = any(lexicon.groups[n].source == "community" for n in numbers)
    numbers = lexicon.hop(numbers)
    kept = 0
    for place, number in enumerate(numbers):
        group = lexicon.groups[number]
        if group.source == "outside":
            continue
        if group.source == "synonym":
            unscoped = unscoped or group.game is None
        elif group.game and group.source in ("role", "status") and place < typed:
            named.add(group.game)
        if kept >= MAX_GROUPS:
            continue
        kept += 1
        synonym = group.source in ("synonym", "community") or place >= typed
        alt_weight = SYNONYM_WEIGHT if synonym else ALIAS_WEIGHT
        taken = 0
        for phrase in group.phrases:
            mark = (" ".join(key(phrase)), group.game)
            if collapsed(phrase):
                continue  # "one another" would search for "one"
            if mark[0] and mark not in seen and taken < MAX_PER_GROUP:
                seen.add(mark)
                taken += 1
                alternatives.append(Alternative(phrase, weight * alt_weight, group.game, number))
    if games_named:
        named = {g for g in games_named if g}
    games = frozenset(named) if len(named) == 1 and not unscoped else frozenset()
    return Concept(words, alternatives, games, game_word, outside=outside,
                    essential=essential, names_role=names_role, own=own,
                    community=community, defines=defines,
                    advice=" ".join(key(words)) in lexicon.advice)  # fmt: skip
