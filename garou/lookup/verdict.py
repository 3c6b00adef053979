"""Whether the first hit answers the question, or the rules do not say (issue 14).

One judgement, used by ``garou search`` (``SearchResult.answered``), by
:meth:`lookup.searcher.Searcher.judge` (``garou show``'s "did you mean", the live game's
in-play lookup) and by nothing else. It reads the question as three kinds of words:

- **subject words**: the role, status or phase the question is about ("la sorcière", "the
  captain", "la nuit"): the concepts that name a role or status of the rules;
- **question words**: how it asks ("peut-il", "can", "is it allowed", "combien", "how
  long", "still", "déjà"): :data:`QUESTION_WORDS`, a closed class of modals, light verbs
  and adverbs that say nothing of what is asked;
- **predicate words**: every other word, the act, event, condition or quantity asked ("se
  dévorer", "look twice", "the penalty", "combien de temps dure la nuit").

The core rule: an entry answers when it speaks of the question's predicate, not merely of
its subject. "Speaks of" is read in the entry's title, text, keywords and aliases, through
the synonyms and the stems (a concept's scores: :meth:`Candidates.concept_scores`). Each
rule below is one class of question whose predicate the first hit does not speak of:

1. ``outside``: a role or concept of other editions or games is named (``lexicon.yaml``
   ``outside``, also typed in two words or one, "wolf hound", or with a stop word in its
   name, ``typed``: "voyante d'aura");
2. ``unknown-named``: a thing is named with an article that the rules do not know at all
   ("le pyromane");
3. ``quantity``: a quantity is asked (how long, how many, "deux voix", "25 joueurs") that
   the entry does not state, or a duration it states of something else (:mod:`quantity`,
   :func:`states_counts`);
4. ``unknown-word``: a word the rules do not know is asked and the entry shares none of
   the question's specific words;
5. ``essential``: a word that changes what is asked ("myself", "each other", a reflexive
   "se <verb>", ``essential``) or asks for advice (``advice``: strategy, bluffing,
   spotting a liar, convincing) is not in the entry;
6. ``other-game``: a predicate that is a topic of the other game only, asked of this
   game's entry ("the penalty" asked of Loup-Garou's night: only Mafia's entries are
   about penalties);
7. ``act``: the question asks whether a known subject may or must do an act ("la
   sorcière peut-elle voler une potion", "can the seer kill") and the subject's entry
   does not say that act (nor one joined to it by "et", "or"), through the synonyms,
   the stems or the words of the same act (:data:`ACTS`).

A question whose every specific word the entry has passes all of them: it is answered.

How they decide (:func:`judge`): two hard rules decide alone, a role of other editions
named (``outside``: it is named in the reply) and the game named while only the other
game's rulings match (``game``). Then, by default, the fitted judgement: each rule is a
feature (it fires or not) beside graded measures of the first hit (:func:`features`: the
share of the query's words and specific words it has, the words no entry has, whether it
says the predicate, in one sentence, in its asks, its score and lead over the second),
weighed by a logistic regression that ``bench/fit_judgement.py`` fits on the studied sets
leaving one set out (``lookup/judgement.json``: weights, threshold, figures); below the
threshold the rules do not say, and the reason given is the rule (or measure) that
weighed most against the hit. The file ships with the package: without it the search
says so (:class:`JudgementFileError`).

Pure functions over a small view of the index (:class:`Entries`), no Whoosh import.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from garou.core.errors import GarouError
from garou.core.records import record

from . import quantity
from .bank import NEAR
from .text import fold_chars, key, listed, wordset

SPECIFIC_SHARE = 0.25
"""A word of the query is specific when fewer than this share of the entries have it."""

COUNT_WORDS = {int(n): tuple(w) for n, w in listed("counts").items()}
"""Words that state a small count (a number of votes, of times, of victims: "deux voix",
"twice", "compte double"). A question stating one asks whether that count holds: an entry
answers it only when it states the same count (in a word of either language or a digit),
not when it only speaks of the same thing ("the captain's vote" does not say "two").
A number that names alternatives is no count asked: "entre deux victimes", "between two",
"deux joueurs différents", "two different targets" (``_ALTERNATIVES``); nor does a
number of players, named as such or by a role or status, the question's subject ("two
mafiosi shoot", "si deux joueurs ont autant de voix": ``PERSON_WORDS``)."""
PERSON_WORDS = wordset("persons")
"""Words after a number that count people, not a thing they have or do ("two of them")."""

QUESTION_WORDS = wordset("question")
"""Question words: how a question asks, never what it asks (closed class, folded)."""

_ALTERNATIVES = re.compile(r"\b(?:entre|between)\s+$|^\s+(?:\w+\s+)?differ")
"""Before a number ("entre deux") or after it ("deux joueurs différents"): alternatives."""
_SENTENCE = re.compile(r"[.!?;:\n]+")
_TIMES = wordset("times")
"""Count words that say how many times an act is done: what follows is not counted."""
_LIST_MARK = re.compile(r"^\s*\d+[.)]", re.MULTILINE)
"""The number of an item of a list ("2. The Don points…"): a place, not a count stated."""
_COUNT_OF = {fold_chars(w): n for n, words in COUNT_WORDS.items() for w in words}
_RUN = re.compile(r"[^\W_]+")
_REFLEXIVE = re.compile(r"\bse\s+(\w+)")
_NAMED = re.compile(r"(?:(\w+)\s+)?(?<!\w)(?:the|le|la|les|l|du|des)(?:\s+|['’ʼ‘]\s*)(\w+)")
"""A word after a definite article: how a table names a role or a thing ("le pyromane",
"the hypnotist"). When the rules know no such word and none is close, the query asks
about something they do not have."""
FILLER = wordset("filler")
"""Words for anyone or anything that players put after an article ("les mecs de la
mafia", "the guys"): no name of a role or a thing."""
CLITIC_BEFORE = wordset("clitic_before")
"""Words after which a French "le", "la", "les" is a pronoun before a verb ("qui le
remplace"), not an article."""


class Concept(Protocol):
    """What the judgement reads of a concept of the query (``searcher._Concept``)."""

    words: str
    known: bool
    game_word: bool
    names_role: bool
    essential: bool
    advice: bool
    community: bool
    outside: tuple[str, ...]


class Entries(Protocol):
    """The index as the judgement reads it (implemented by ``searcher.Searcher``)."""

    def entry_count(self) -> int:
        """Return the number of entries."""
        ...

    def entry_parts(self, docnum: int) -> list[dict[str, str]]:
        """Return the entry's title, text and options' labels and texts (per language)."""
        ...

    def entry_game(self, docnum: int) -> str:
        """Return the entry's game."""
        ...

    def role_words(self) -> frozenset[str]:
        """Return every single word of the names of the roles and statuses."""
        ...

    def speaks_of(self, word: str) -> dict[int, float]:
        """Return the entries that speak of ``word`` (its synonyms and stems included)."""
        ...

    def named_by(self, concept: Any) -> set[int]:
        """Return the entries named after the concept: its words or synonyms in their
        title, keywords or aliases."""
        ...

    def synonyms_of(self, concept: Any) -> list[str]:
        """Return every phrase of the concept's synonym groups (not its words as typed)."""
        ...

    def set_phrases(self) -> frozenset[str]:
        """Return the stems and forms of the verbs where "se" asks nothing of oneself."""
        ...

    def stems(self, text: str, lang: str) -> list[str]:
        """Return the stemmed terms of ``text`` in ``lang``."""
        ...


Matched = Sequence[tuple[Any, dict[int, float]]]
"""The query's concepts with their score per entry (those that speak of them)."""


@record
class Verdict:
    """The judgement of one first hit: answered or not, why not, and what it weighed."""

    answered: bool
    reason: str | None
    """Why not (one of :data:`REASONS`), None when answered: the hard rule that decided, or
    the feature that weighed most against."""
    features: dict[str, float]
    """The features of :data:`FEATURES` (empty when a hard rule decided alone)."""
    probability: float | None = None
    """The fitted model's probability that the hit answers (None: a hard rule decided)."""


def judge(
    entries: Entries,
    docnum: int,
    matched: Matched,
    query: str,
    corrected: Mapping[str, str] | None = None,
    game: str | None = None,
    outside: Sequence[str] = (),
    scores: Sequence[float] = (),
    elsewhere: bool = False,
    model: Model | None = None,
) -> Verdict:
    """Return whether the entry ``docnum`` (the first hit) answers the query.

    ``matched``: the query's concepts and the entries that speak of each; ``corrected``:
    the (folded) words the search put in place of typos, typed to corrected (a guess:
    never a predicate that decides alone); ``game``: the game the query is asked of
    (named, set by ``--game`` or the table, or the game of its roles); ``outside``: the
    roles and concepts of other editions the query names (:func:`compound_names`
    included); ``scores``: the scores of the first hits, best first (the first hit's and
    its margin over the second are features); ``elsewhere``: the game named (or agreed)
    is obeyed and the first hit is the other game's (only its rulings match).

    Hard rules decide alone: a role or concept of other editions named
    (``outside``), the game named elsewhere (``game``), and a word of advice (strategy,
    bluffing, spotting a liar: lexicon.yaml ``advice``) that the first hit does not speak
    of (``advice``: the documents give rules, not ways to win; on the studied sets it
    fired on 11 questions out of scope and 1 in scope, "on the spot", so it is not
    weighed). Two more are hard, the ones that were exact on the sets written after the
    rules (held out 9 to 11: what they would newly catch, measured before they were made
    hard): a question that asks only how long something lasts, of a first hit that
    states no duration (``quantity``: 4 more out of scope caught, none in scope
    refused), and an act the first hit's role does not have (``act``: 3 and none; on
    every studied set it fires on 11 out of scope and 4 in scope, 3 of them with a wrong
    first hit). Then the fitted model (:func:`loaded_model`, ``lookup/judgement.json``)
    weighs the rules of this module's docstring and the graded measures of
    :func:`features` together.
    """
    concepts = [c for c, _ in matched]
    if outside or any(c.outside for c in concepts):
        return Verdict(False, "outside", {})
    if elsewhere:
        return Verdict(False, "game", {})
    if any(c.advice and docnum not in scores for c, scores in matched):
        return Verdict(False, "advice", {})
    asked = _Asked(entries, docnum, matched, query, dict(corrected or {}), game, tuple(scores))
    if quantity.asks_only_duration(asked.folded) and not quantity.states_duration(asked.texts):
        return Verdict(False, "quantity", {})
    # Still a veto, not weighed: without it the fitted judgement answers every question
    # of an act the role has not ("can the witch fly", "steal a potion", "can the seer
    # kill"). The evidence it needs is an act the entry says in no word of that act's
    # group (ACTS, both languages): "drink" a potion is the entry's « boire ».
    if _rule_act(asked):
        return Verdict(False, "act", {})
    fitted = model if model is not None else loaded_model()
    values = features(asked)
    probability, against = fitted.weigh(values)
    if probability >= fitted.threshold:
        return Verdict(True, None, values, probability)
    return Verdict(False, against, values, probability)


REASONS = ("outside", "game", "advice", "unknown-named", "quantity", "unknown-word",
           "essential", "other-game", "act", "predicate", "weak", "open", "no-words")  # fmt: skip
"""Why an entry does not answer: the hard rules, the rules weighed, then the fitted
judgement's graded measures: ``predicate`` (the first hit does not speak of what is
asked), ``weak`` (it matches weakly, or hardly better than the
next), ``open`` (the query is nearer a question the rules leave open than any they
answer: :mod:`garou.lookup.bank`); and ``no-words``: the query has no word of the rules'
language (``searcher._wordless``, judged before any entry is)."""
RULES = ("unknown-named", "quantity", "unknown-word", "essential", "other-game")
"""The rules weighed, after the hard ones."""


@dataclass
class _Asked:
    """One query and its first hit, as the rules and the features read them."""

    entries: Entries
    docnum: int
    matched: Matched
    query: str
    fixes: dict[str, str]
    game: str | None
    scores: tuple[float, ...]

    def __post_init__(self) -> None:
        self.folded = fold_chars(self.query).lower()
        self._texts: list[str] | None = None

    @property
    def texts(self) -> list[str]:
        """The entry's title, text and options, both languages, folded."""
        if self._texts is None:
            self._texts = _folded_texts(self.entries.entry_parts(self.docnum))
        return self._texts


def _rule_unknown_named(a: _Asked) -> bool:
    return names_unknown([c for c, _ in a.matched], a.query)


def _rule_quantity(a: _Asked) -> bool:
    if not states_counts(a.entries, a.docnum, a.folded):
        return True
    if not quantity.answers_quantity(a.folded, a.texts):
        return True
    return quantity.asks_duration(a.folded) and not _states_of_thing(
        a.entries, a.docnum, a.matched, a.folded
    )


def _rule_unknown_word(a: _Asked) -> bool:
    return not _speaks_of_specific(a.entries, a.docnum, a.matched)


def _rule_essential(a: _Asked) -> bool:
    return not _has_essential(a.entries, a.docnum, a.matched, a.query)


def _rule_other_game(a: _Asked) -> bool:
    return _only_other_game(a.entries, a.docnum, a.matched, frozenset(a.fixes.values()), a.game)


def _rule_act(a: _Asked) -> bool:
    return _act_unspoken(a.entries, a.docnum, a.matched, a.folded, a.fixes)


_RULE_TESTS = {
    "unknown-named": _rule_unknown_named,
    "quantity": _rule_quantity,
    "unknown-word": _rule_unknown_word,
    "essential": _rule_essential,
    "other-game": _rule_other_game,
}


# --- the fitted judgement -------------------------------------------------------------------

FEATURES = (*RULES, "share", "specific-share", "specific-missing", "unknown", "nowhere",
            "predicate-share", "predicate-missing", "together", "predicate-together",
            "asks-missing", "score", "margin", "fixes", "words", *NEAR)  # fmt: skip
"""What the fitted judgement weighs, per query and first hit: each rule of
:data:`RULES` (1 when it fires), then graded measures (:func:`features`)."""
FEATURE_REASON = {
    **{name: name for name in RULES},
    "share": "predicate", "specific-share": "unknown-word", "specific-missing": "unknown-word",
    "unknown": "unknown-word", "nowhere": "unknown-word", "predicate-share": "predicate",
    "predicate-missing": "predicate", "asks-missing": "predicate",
    "together": "predicate", "predicate-together": "predicate",
    "score": "weak", "margin": "weak", "fixes": "weak", "words": "weak",
    "asks-near": "open", "open-near": "open", "open-lead": "open", "asks-own": "open",
    "open-own": "open",
}  # fmt: skip
"""The reason said when a feature weighed most against the first hit."""


def features(asked: _Asked) -> dict[str, float]:
    """Return the features of :data:`FEATURES` of a query and its first hit:

    - each rule: 1.0 when it fires;
    - ``share``: the share of the query's words (no game's name, no question word) the
      hit speaks of (through the synonyms and stems); ``specific-share``,
      ``specific-missing``: the share and number of its specific words (fewer than
      ``SPECIFIC_SHARE`` of the entries have them, or the rules know them not) the hit
      has and has not;
    - ``unknown``: the words the rules do not know at all (after the typos corrected);
      ``nowhere``: the words no entry speaks of;
    - ``predicate-share``, ``predicate-missing``: the share and number of the predicate
      words (:func:`predicates`: neither subject, game nor question word) the hit speaks
      of, and does not;
    - ``together``, ``predicate-together``: the largest share of those words, and of the
      predicate words, that one sentence of the hit says (:func:`_together`);
    - ``asks-missing``: the predicate words none of the questions the hit answers (its
      ``asks``) has;
    - ``score``: log(1 + the hit's score); ``margin``: its lead over the second hit, as a
      share of its score (1.0 when alone);
    - ``fixes``: the words corrected as typos; ``words``: the query's words;
    - the question bank's measures (:data:`garou.lookup.bank.NEAR`): how near the query
      comes to the questions the entries answer and to those the rules leave open (0.0
      when the rules state no open question).
    """
    entries, docnum, matched = asked.entries, asked.docnum, asked.matched
    values = {name: float(test(asked)) for name, test in _RULE_TESTS.items()}
    common = SPECIFIC_SHARE * entries.entry_count()
    words = [(c, sc) for c, sc in matched
             if not c.game_word and not set(c.words.split(" ")) <= QUESTION_WORDS]  # fmt: skip
    specific = [(c, sc) for c, sc in words if not c.known or len(sc) <= common]
    preds = predicates(matched)
    has = [docnum in sc for _, sc in words]
    values["share"] = sum(has) / len(has) if has else 1.0
    found = [docnum in sc for _, sc in specific]
    values["specific-share"] = sum(found) / len(found) if found else 1.0
    values["specific-missing"] = float(len(found) - sum(found))
    values["unknown"] = float(sum(1 for c, _ in words if not c.known and len(c.words) > 2))
    values["nowhere"] = float(sum(1 for _, sc in words if not sc))
    said = [docnum in sc for _, sc in preds]
    values["predicate-share"] = sum(said) / len(said) if said else 1.0
    values["predicate-missing"] = float(len(said) - sum(said))
    asks = bool(getattr(entries, "has_asks", lambda d: False)(docnum))
    asked_by = getattr(entries, "asked_by", lambda c: None)
    values["asks-missing"] = (
        float(sum(1 for c, _ in preds if docnum not in (asked_by(c) or ()))) if asks else 0.0
    )
    values["together"] = _together(entries, docnum, [c for c, _ in words])
    values["predicate-together"] = _together(entries, docnum, [c for c, _ in preds])
    top = [max(s, 0.0) for s in asked.scores[:2]]
    values["score"] = math.log1p(top[0]) if top else 0.0
    values["margin"] = (top[0] - top[1]) / top[0] if len(top) > 1 and top[0] > 0 else 1.0
    values["fixes"] = float(len(asked.fixes))
    values["words"] = float(len(words))
    bank_near = getattr(entries, "bank_near", None)
    near = bank_near([c for c, _ in matched if not c.game_word], docnum) if bank_near else None
    values.update(near or dict.fromkeys(NEAR, 0.0))
    return values


def _together(entries: Entries, docnum: int, concepts: Sequence[Any]) -> float:
    """Return the largest share of ``concepts`` that one sentence of the entry says (their
    words or the synonyms the search looked for, through the stems): a question whose
    words the entry says together is asked of one of its rulings; words scattered over
    its sentences are only shared. 1.0 when there is no concept to find.

    A sentence says a concept when one of its (folded) words begins with one of the
    concept's stems: the sentences are not stemmed (that cost a cold search 10 ms), the
    few stems of the query are looked for in them."""
    if not concepts:
        return 1.0
    wanted = {
        lang: [
            {" " + t for alt in c.alternatives for t in entries.stems(alt.text, lang)}
            for c in concepts
        ]
        for lang in ("fr", "en")
    }
    best = 0
    for part in entries.entry_parts(docnum):
        for lang in ("fr", "en"):
            folded = fold_chars(part.get(lang) or "").lower()
            for sentence in _SENTENCE.split(folded):
                said = " " + " ".join(_RUN.findall(sentence))
                best = max(best, sum(1 for stems in wanted[lang] if any(t in said for t in stems)))
    return best / len(concepts)


MODEL_FILE = Path(__file__).resolve().parent / "judgement.json"
"""The fitted judgement: written by ``bench/fit_judgement.py``, read here."""


class JudgementFileError(GarouError):
    """Raised when the fitted judgement's file, which ships with garou, cannot be read."""


@record
class Model:
    """A logistic regression over :data:`FEATURES`: the probability that the first hit
    answers; below ``threshold``, the rules do not say."""

    features: tuple[str, ...]
    weights: tuple[float, ...]
    """The intercept, then one weight per feature."""
    threshold: float
    reference: tuple[float, ...]
    """Each feature's mean over the answerable queries it was fitted on: what weighs most
    against a hit is the feature farthest below its usual share of the score."""

    def weigh(self, values: Mapping[str, float]) -> tuple[float, str]:
        """Return the probability that the hit answers, and the reason (of
        :data:`REASONS`) of the feature that weighs most against it."""
        row = [values.get(name, 0.0) for name in self.features]
        z = self.weights[0] + sum(w * x for w, x in zip(self.weights[1:], row, strict=True))
        probability = 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0
        pulls = [
            (w * (x - r), name)
            for name, w, x, r in zip(self.features, self.weights[1:], row, self.reference,
                                     strict=True)
        ]  # fmt: skip
        fired = [(p, n) for p, n in pulls if n in RULES and values.get(n)]
        _, worst = min(fired or pulls)
        return probability, FEATURE_REASON.get(worst, "weak")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Model:
        """Return the model stored as ``data`` (the JSON of :data:`MODEL_FILE`)."""
        names = tuple(str(n) for n in data["features"])
        weights = tuple(float(w) for w in data["weights"])
        reference = tuple(float(r) for r in data["reference"])
        if len(weights) != len(names) + 1 or len(reference) != len(names):
            raise ValueError("weights and features differ in number")
        return cls(names, weights, float(data["threshold"]), reference)


_LOADED: list[Model] = []


def loaded_model() -> Model:
    """Return the fitted judgement (:data:`MODEL_FILE`), read once per process."""
    if not _LOADED:
        try:
            data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
            _LOADED.append(Model.from_dict(data["model"]))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise JudgementFileError(
                "search.judgement-unreadable", path=str(MODEL_FILE), why=str(exc)
            ) from None
    return _LOADED[0]


def predicates(matched: Matched) -> list[tuple[Any, dict[int, float]]]:
    """Return the predicate concepts of the query: neither a subject (a role or status),
    nor a game's name, nor a question word (:data:`QUESTION_WORDS`)."""
    return [
        (c, scores) for c, scores in matched
        if not c.game_word and not c.names_role and not c.community
        and not set(c.words.split(" ")) <= QUESTION_WORDS
    ]  # fmt: skip


def _speaks_of_specific(entries: Entries, docnum: int, matched: Matched) -> bool:
    """Return False when the query has a word the rules do not know at all (not a typo:
    "snacks", "age") and the entry shares none of its specific words (those fewer than
    ``SPECIFIC_SHARE`` of the entries have), only everyday ones ("game", "players")."""
    common = SPECIFIC_SHARE * entries.entry_count()
    specific = [(c, sc) for c, sc in matched
                if not c.game_word and (not c.known or len(sc) <= common)]  # fmt: skip
    return not (any(not c.known for c, _ in specific)
                and not any(docnum in sc for _, sc in specific))  # fmt: skip


def _has_essential(entries: Entries, docnum: int, matched: Matched, query: str) -> bool:
    """Return False when the entry lacks a word that changes what the query asks
    ("myself", "each other", a reflexive "se <verb>") or an advice word it asks about."""
    for place, (concept, scores) in enumerate(matched):
        if concept.game_word:
            continue
        if (concept.essential or concept.advice) and docnum not in scores:
            return False
        # "vote for myself": the entry must speak of the act done to oneself too, in its
        # words, synonyms, stems or the words of the same act ("talk to each other": the
        # mafiosi "agree aloud"; "recognise each other": they "know" each other).
        if concept.essential and place:
            act, said = matched[place - 1]
            if docnum not in said and not any(
                _says_act(entries, docnum, w) for w in act.words.split(" ")
            ):
                return False
    if any(c.essential for c, _ in matched):
        return True
    verbs = reflexive(entries, query)
    # "ils se connaissent": a plural verb after "se" is done to each other, not to
    # oneself; the entry must speak of each other (or of oneself, for the singular).
    mutual = reciprocal(verbs)
    for group in (mutual, [v for v in verbs if v not in mutual]):
        if not group:
            continue
        word = "mutuellement" if group is mutual else "soi-meme"
        if docnum not in entries.speaks_of(word) and not (
            group is mutual and _states_reciprocal(entries, docnum, group)
        ):
            return False
        for concept, scores in matched:
            if concept.words.split(" ")[0] in group and docnum not in scores:
                return False
    return True


def _states_reciprocal(entries: Entries, docnum: int, verbs: list[str]) -> bool:
    """Return True when the entry's French text says the act is done to each other: the
    same verb after "se" ("les mafieux se connaissent")."""
    wanted = {s for v in verbs for s in entries.stems(v, "fr")}
    for part in entries.entry_parts(docnum):
        said = fold_chars(part.get("fr", "")).lower()
        for verb in _REFLEXIVE.findall(said):
            if set(entries.stems(verb, "fr")) & wanted:
                return True
    return False


def _only_other_game(
    entries: Entries, docnum: int, matched: Matched, corrected: frozenset[str], game: str | None
) -> bool:
    """Return True when the query, asked of one game (named, set, or the game of its
    roles: ``game``), asks a predicate that is a topic of the other game only: one the
    other game's entries are named after (title, keywords, aliases) and none of this
    game's entries speaks of ("the penalty for talking at night in werewolf": penalties
    are Mafia's). A corrected word is a guess, not counted; a French verb in the plural
    is read in the singular too ("gagnent" is "gagne")."""
    if game is None or entries.entry_game(docnum) != game:
        return False
    for concept, scores in predicates(matched):
        if not concept.known or concept.words in corrected or not scores or docnum in scores:
            continue
        if any(entries.entry_game(d) == game for d in scores):
            continue
        if _form_of_another(entries, concept, matched):
            continue
        singular = third_person_singular(concept.words)
        if singular and any(entries.entry_game(d) == game for d in entries.speaks_of(singular)):
            continue
        named = entries.named_by(concept)
        if named and all(entries.entry_game(d) != game for d in named):
            return True
    return False


def _form_of_another(entries: Entries, concept: Any, matched: Matched) -> bool:
    """Return True when ``concept``'s words are a form of a synonym of another concept of
    the query ("départage" beside "égalités", whose synonyms say "départager"): the same
    thing asked twice, which the entry speaks of in the other words."""
    for lang in ("fr", "en"):
        own = set(entries.stems(concept.words, lang))
        if not own:
            continue
        for other, _ in matched:
            if other is concept:
                continue
            said = {t for phrase in entries.synonyms_of(other) for t in entries.stems(phrase, lang)}
            if own <= said:
                return True
    return False


def third_person_singular(word: str) -> str | None:
    """Return the singular of a French verb in the third person plural ("tirent" is
    "tire", "choisissent" is "choisit"), or None when ``word`` does not look like one."""
    if len(word) < 6 or not word.endswith("ent") or " " in word:
        return None
    if word.endswith("issent"):
        return word[:-4] + "t"
    return word[:-2]


def _states_of_thing(entries: Entries, docnum: int, matched: Matched, folded: str) -> bool:
    """Return True when the entry states the duration the query asks in a sentence that
    speaks of what it is asked of: one of the query's other words, its synonyms or their
    stems ("combien de temps dure la nuit": a debate's length is no night's), or in any
    sentence of an entry named after it, when it is a specific word (title, keywords,
    aliases: the speaking time's "a player speaks for at most 60 seconds" is the
    speech's length; "a game", which every entry speaks of, names none). (Counts are
    not judged so: a table states its numbers apart from the thing they count.)"""
    things = [
        c for c, _ in matched
        if not c.game_word
        and not set(c.words.split(" ")) <= QUESTION_WORDS | quantity.QUANTITY_WORDS
    ]  # fmt: skip
    if not things:
        return True
    specific = SPECIFIC_SHARE * entries.entry_count()
    if any(docnum in entries.named_by(c) for c, scores in matched
           if c in things and len(scores) <= specific):  # fmt: skip
        return True  # named after the thing ("Speaking time"): its durations are the thing's
    # A synonym is said by all its words: "vote du jour" (the village vote) is not said by
    # "cinq minutes le premier jour".
    wanted = {
        lang: [
            set(stems)
            for c in things
            for alt in c.alternatives
            if (stems := entries.stems(alt.text, lang))
        ]
        for lang in ("fr", "en")
    }
    for part in entries.entry_parts(docnum):
        for lang in ("fr", "en"):
            if not part.get(lang):
                continue
            for sentence in quantity.stating([fold_chars(part[lang]).lower()], folded):
                said = set(entries.stems(sentence, lang))
                if any(terms <= said for terms in wanted[lang]):
                    return True
    return False


ACTS: tuple[frozenset[str], ...] = tuple(frozenset(words) for words in listed("acts"))
"""Acts that the rules say in other words than players ("le capitaine choisit" is what
"désigne son successeur" says; the witch kills by poisoning): the words of each act, read
by the "act" rule only (the ranking never sees them). Folded, one act a string."""
_ACT_OF = {w: n for n, words in enumerate(ACTS) for w in words}

_MODAL = re.compile(
    r"\b(?:peut|peuvent|pourrait|pourraient|doit|doivent|devrait)(?:-t)?"
    r"(?:-(?:ils|il|elles|elle|on)\b)?"
    r"|\b(?:can|could|may|might|must)\b"
)
_BEFORE_ACT = wordset("before_act")
"""Words between a modal and the act it asks of ("peut-elle encore", "can the")."""


def act_groups(folded: str, subject_words: Iterable[str]) -> list[list[str]]:
    """Return, per modal, the act the (folded) query asks a subject may or must do, and
    the acts coordinated with it ("tuer et sauver", "kill or save": one question about
    either). The act is the first word after the modal that is neither a pronoun, an
    article, an adverb nor a word of the subject's name ("la sorcière peut-elle voler",
    "can the seer look twice"); a verb after "se" is no act asked of the subject alone:
    the reflexive rule judges it."""
    skip = _BEFORE_ACT | set(subject_words)
    found: list[list[str]] = []
    for m in _MODAL.finditer(folded):
        words = _RUN.findall(folded[m.end() :])
        for place, word in enumerate(words):
            if word in ("se", "s"):
                break
            if word not in skip:
                group = [word]
                while place + 2 < len(words) and words[place + 1] in ("et", "ou", "and", "or"):
                    place += 2
                    group.append(words[place])
                found.append(group)
                break
    return found


def _act_unspoken(
    entries: Entries, docnum: int, matched: Matched, folded: str, fixes: Mapping[str, str]
) -> bool:
    """Return True when the query asks whether a known subject (a role or status) may or
    must do an act ("la sorcière peut-elle voler une potion", "can the seer kill") and the
    entry does not speak of that act (its words, synonyms or stems), nor of any act
    coordinated with it: the subject's entry shares the subject, not the predicate. An act
    no entry speaks of, asked of a known subject, is not covered either."""
    subjects = [c for c, _ in matched if c.names_role and not c.game_word]
    if not any(docnum in entries.named_by(c) for c in subjects):
        return False  # not an entry about the subject: its acts are not its to say
    names = {w for c in subjects for w in c.words.split(" ")}
    for group in act_groups(folded, names):
        if any(act in fixes for act in group):
            continue  # a word corrected is a guess ("attendre" read as "atteindre")
        if all(_unspoken(entries, docnum, matched, act) for act in group):
            return True
    return False


def _unspoken(entries: Entries, docnum: int, matched: Matched, act: str) -> bool:
    """Return True when ``act`` is a predicate of the query the entry does not say."""
    for concept, scores in matched:
        if act not in concept.words.split(" ") or concept.game_word or concept.names_role:
            continue
        if set(concept.words.split(" ")) <= QUESTION_WORDS:
            continue
        if docnum not in scores and not _says_act(entries, docnum, act):
            return True
    return False


def _says_act(entries: Entries, docnum: int, act: str) -> bool:
    """Return True when the entry says the act in one of its words (:data:`ACTS`)."""
    number = _ACT_OF.get(act)
    if number is None:
        return False
    said = {
        w for part in entries.entry_parts(docnum) for lang in ("fr", "en")
        for w in _RUN.findall(fold_chars(part.get(lang, "")).lower())
    }  # fmt: skip
    return bool(said & ACTS[number])


def _folded_texts(parts: list[dict[str, str]]) -> list[str]:
    return [fold_chars(p[lang]).lower() for p in parts for lang in ("fr", "en") if p.get(lang)]


# --- counts ---------------------------------------------------------------------------------


def _counted(after: str) -> set[str]:
    """Return the keys of the thing a number counts: the first two words after it that are
    no stop words ("deux voix au vote": "voix", "vote")."""
    keys: list[str] = []
    for m in _RUN.finditer(after):
        keys += key(m.group())[:1]
        if len(keys) == 2:
            break
    return set(keys)


def counts_roles(entries: Entries, after: str) -> bool:
    """Return True when the word after a number counts players ("deux joueurs"), or names
    a role or status ("deux loups")."""
    following = _RUN.search(after)
    if following and following.group() in PERSON_WORDS:
        return True
    keys = key(following.group()) if following else ()
    return bool(keys) and keys[0] in entries.role_words()


def states_counts(entries: Entries, docnum: int, text: str) -> bool:
    """Return True when the entry states every small count the (folded) query ``text``
    states (see ``COUNT_WORDS``), in its title, text or options, in either language, and
    states it of the thing the query counts when it names one (one of the two words after
    the number: "trois voix" is three votes, not three wolves; before it when none follows
    or it says how many times: "une voix qui compte double", "vote twice"), in the same
    sentence or the one before ("a technical foul… A player who gets 2 of them")."""
    asked = [
        (_COUNT_OF[m.group()],
         (set() if m.group() in _TIMES else _counted(text[m.end() :]))
         or _counted(" ".join(reversed(_RUN.findall(text[: m.start()])))))
        for m in _RUN.finditer(text)
        if m.group() in _COUNT_OF
        and not _ALTERNATIVES.search(text[: m.start()])
        and not _ALTERNATIVES.search(text[m.end() :])
        and not counts_roles(entries, text[m.end() :])
    ]  # fmt: skip
    if not asked:
        return True
    stated: list[tuple[set[int], set[str]]] = []
    for part in entries.entry_parts(docnum):
        for lang in ("fr", "en"):
            if not part.get(lang):
                continue
            before: set[str] = set()
            said = _LIST_MARK.sub("", fold_chars(part[lang]).lower())
            for sentence in _SENTENCE.split(said):
                words = _RUN.findall(sentence)
                values = {_COUNT_OF.get(w) or (int(w) if w.isdigit() else 0) for w in words}
                keys = {k for w in words for k in key(w)[:1]}
                stated.append((values, keys | before))
                before = keys
    return all(
        any(value in values and (not things or things & keys) for values, keys in stated)
        for value, things in asked
    )


# --- reflexive verbs ------------------------------------------------------------------------


def reflexive(entries: Entries, query: str) -> list[str]:
    """Return the verbs the French query puts after a reflexive "se", acting on the
    subject itself ("le loup peut-il se dévorer"), not in a set phrase."""
    verbs = _REFLEXIVE.findall(fold_chars(query))
    if not verbs:
        return []  # no "se": the set phrases (every listed verb stemmed) are not needed
    phrases = entries.set_phrases()
    return [
        verb
        for verb in verbs
        # the verb's stem, the word itself, or its first six letters ("réveillent")
        if not {*entries.stems(verb, "fr"), verb, verb[:6] if len(verb) >= 6 else verb} & phrases
    ]


def reciprocal(verbs: list[str]) -> list[str]:
    """Return the French verbs of ``verbs`` in the third person plural ("connaissent",
    "voient"): after "se", they are done to each other ("ils se connaissent")."""
    return [v for v in verbs if len(v) > 4 and v.endswith("ent")]


# --- things the rules do not have -----------------------------------------------------------


def named_words(query: str) -> frozenset[str]:
    """Return the (folded) words ``query`` names with a definite article ("le pyromane")."""
    return frozenset(
        word for before, word in _NAMED.findall(fold_chars(query).lower())
        if before not in CLITIC_BEFORE
    )  # fmt: skip


def names_unknown(concepts: Sequence[Any], query: str) -> bool:
    """Return True when the query names, with a definite article, a thing the rules do not
    know and no known word is close to ("que fait le pyromane", "the hypnotist wins"):
    a role or concept of other editions that lexicon.yaml does not list."""
    unknown = {c.words for c in concepts if not c.known and len(c.words) > 2} - FILLER
    if not unknown:
        return False
    return bool(unknown & named_words(query))


def joined(text: str) -> str:
    """Return the letters of ``text`` (folded), without spaces, hyphens, apostrophes or a
    final plural -s: how a compound is compared typed in one word or two."""
    letters = "".join(_RUN.findall(fold_chars(text).lower()))
    return letters[:-1] if len(letters) > 4 and letters.endswith("s") else letters


def compound_names(text: str, phrases: Mapping[str, Iterable[str]]) -> list[str]:
    """Return the ids of ``phrases`` (id: the words players type for it) that ``text``
    names in two to four words typed together or apart, stop words kept: "wolf hound" is
    "wolfhound", "voyante d'aura" is "voyante d'aura" (whose "aura" is a stop word)."""
    wanted: dict[str, str] = {}
    for outside_id, words in phrases.items():
        for phrase in words:
            letters = joined(phrase)
            if len(letters) > 4:
                wanted.setdefault(letters, outside_id)
    tokens = _RUN.findall(fold_chars(text).lower())
    found: list[str] = []
    for length in (4, 3, 2):
        for start in range(len(tokens) - length + 1):
            named = wanted.get(joined(" ".join(tokens[start : start + length])))
            if named is not None and named not in found:
                found.append(named)
    return found
