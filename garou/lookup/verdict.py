"""Whether the first hit answers the question, or the rules do not say.

One judgement for every face of the search (``SearchResult.answered``: the terminal, the
phone, ``--json``). A query's words are its subject (a role, status or phase: "la sorcière"), its
question words (:data:`QUESTION_WORDS`: "peut-il", "how long", "still") and its predicate:
every other word, the act, event or quantity asked. An entry answers when it speaks of the
predicate, not merely of the subject, in its title, text, keywords or aliases, through the
synonyms and the stems.

:func:`judge` decides in two steps. Hard rules decide alone: a role or concept of other
editions named (``outside``), the game named while only the other game's rulings match
(``game``), a word of advice the first hit does not speak of (``advice``), a question of
duration only whose first hit states none (``quantity``), and an act the subject's entry
says in no word of that act (``act``: "can the seer kill"). Otherwise a logistic regression
(``judgement.json``, fitted by ``bench/fit_judgement.py``) weighs :data:`FEATURES`: the
rules of :data:`RULES` (a thing named that the rules do not know, a quantity or count the
hit does not state, an unknown word with no specific word shared, a word that changes the
question missing, a topic of the other game only) beside graded measures of the first hit
(:func:`features`). Below its threshold the rules do not say, and the reason given is the
rule or measure that weighed most against the hit.

Pure functions over a small view of the index (:class:`Entries`), no Whoosh import.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from garou.core.errors import GarouError
from garou.core.records import record

from . import quantity
from .bank import NEAR
from .text import RUN, fold_chars, key, listed, wordset

if TYPE_CHECKING:  # pragma: no cover
    from .analysis import Concept

SPECIFIC_SHARE = 0.25
"""A word of the query is specific when fewer than this share of the entries have it."""
QUESTION_WORDS = wordset("question")
"""Question words: how a question asks, never what it asks (closed class, folded)."""
PERSON_WORDS = wordset("persons")
"""Words after a number that count people ("deux joueurs"): no count asked."""
FILLER = wordset("filler")
"""Words for anyone or anything after an article ("les mecs", "the guys"): no name."""
CLITIC_BEFORE = wordset("clitic_before")
"""Words after which a French "le", "la", "les" is a pronoun ("qui le remplace")."""

_COUNT_OF = {fold_chars(w): int(n) for n, words in listed("counts").items() for w in words}
"""Words that state a small count ("deux", "twice", "double") and the count."""
_TIMES = wordset("times")
"""Count words that say how many times an act is done: what follows is not counted."""
_ALTERNATIVES = re.compile(r"\b(?:entre|between)\s+$|^\s+(?:\w+\s+)?differ")
"""Before a number ("entre deux") or after it ("deux joueurs différents"): alternatives."""
_SENTENCE = re.compile(r"[.!?;:\n]+")
_REFLEXIVE = re.compile(r"\bse\s+(\w+)")
_NAMED = re.compile(r"(?:(\w+)\s+)?(?<!\w)(?:the|le|la|les|l|du|des)(?:\s+|['’ʼ‘]\s*)(\w+)")
"""A word after a definite article: how a table names a role or a thing ("le pyromane")."""


class Entries(Protocol):
    """The index as the judgement reads it (``searcher.Searcher`` documents each method)."""

    def entry_count(self) -> int: ...
    def entry_folded(self, docnum: int) -> list[tuple[str, str]]: ...
    def entry_game(self, docnum: int) -> str: ...
    def role_words(self) -> frozenset[str]: ...
    def speaks_of(self, word: str) -> dict[int, float]: ...
    def named_by(self, concept: Concept) -> set[int]: ...
    def asked_by(self, concept: Concept) -> set[int] | None: ...
    def has_asks(self, docnum: int) -> bool: ...
    def bank_near(self, concepts: Sequence[Concept], docnum: int) -> dict[str, float] | None: ...
    def synonyms_of(self, concept: Concept) -> list[str]: ...
    def set_phrases(self) -> frozenset[str]: ...
    def stems(self, text: str, lang: str) -> list[str]: ...


Matched = Sequence[tuple["Concept", dict[int, float]]]
"""The query's concepts with their score per entry (those that speak of them)."""


@record
class Verdict:
    """The judgement of one first hit: answered or not, why not, and what it weighed."""

    answered: bool
    reason: str | None
    """Why not (one of :data:`REASONS`): the hard rule that decided, or the feature that
    weighed most against; None when answered."""
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
    the folded words put in place of typos, typed to corrected (a guess: never a predicate
    that decides alone); ``game``: the game the query is asked of (named, set, or its
    roles' game); ``outside``: the roles and concepts of other editions it names;
    ``scores``: the first hits' scores, best first; ``elsewhere``: the game named is
    obeyed and the first hit is the other game's. The hard rules decide alone (no
    features); then ``model`` (by default :func:`loaded_model`) weighs :func:`features`.
    """
    if outside or any(c.outside for c, _ in matched):
        return Verdict(False, "outside", {})
    if elsewhere:
        return Verdict(False, "game", {})
    if any(c.advice and docnum not in found for c, found in matched):
        return Verdict(False, "advice", {})
    asked = _Asked(entries, docnum, matched, query, dict(corrected or {}), game, tuple(scores))
    if quantity.asks_only_duration(asked.folded) and not quantity.states_duration(asked.texts):
        return Verdict(False, "quantity", {})
    # A veto, not weighed: the fitted judgement would answer "can the witch fly". The
    # evidence is an act the entry says in no word of its group (ACTS): "drink" is « boire ».
    if _act_unspoken(asked):
        return Verdict(False, "act", {})
    fitted = model if model is not None else loaded_model()
    values = features(asked)
    probability, against = fitted.weigh(values)
    if probability >= fitted.threshold:
        return Verdict(True, None, values, probability)
    return Verdict(False, against, values, probability)


REASONS = ("outside", "game", "advice", "unknown-named", "quantity", "unknown-word",
           "essential", "other-game", "act", "predicate", "weak", "open", "no-words")  # fmt: skip
"""Why an entry does not answer: the hard rules, the rules weighed, then the graded
measures: ``predicate`` (the hit does not speak of what is asked), ``weak`` (it matches
weakly, or hardly better than the next), ``open`` (the query is nearer a question the
rules leave open than any they answer: :mod:`garou.lookup.bank`); and ``no-words``: the
query has no word of the rules' language (``searcher._wordless``)."""
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

    @cached_property
    def folded(self) -> str:
        return fold_chars(self.query).lower()

    @cached_property
    def said(self) -> list[tuple[str, str]]:
        """The entry's title, text and options, both languages, folded: (language, text)."""
        return self.entries.entry_folded(self.docnum)

    @property
    def texts(self) -> list[str]:
        return [text for _, text in self.said]


def _words(concept: Concept) -> set[str]:
    return set(concept.words.split(" "))


def predicates(matched: Matched) -> list[tuple[Concept, dict[int, float]]]:
    """Return the predicate concepts of the query: neither a subject (a role or status),
    nor a game's name, nor a question word (:data:`QUESTION_WORDS`)."""
    return [
        (c, scores) for c, scores in matched
        if not c.game_word and not c.names_role and not c.community
        and not _words(c) <= QUESTION_WORDS
    ]  # fmt: skip


# --- the fitted judgement -------------------------------------------------------------------

FEATURES = (*RULES, "share", "specific-share", "specific-missing", "unknown", "nowhere",
            "predicate-missing", "together", "predicate-together", "asks-missing", "score",
            "margin", "words", *NEAR)  # fmt: skip
"""What the fitted judgement weighs: each rule of :data:`RULES` (1 when it fires), then the
graded measures of :func:`features`."""
_REASON_OF = {
    "predicate": ("share", "predicate-missing", "asks-missing",
                  "together", "predicate-together"),
    "unknown-word": ("specific-share", "specific-missing", "unknown", "nowhere"),
    "weak": ("score", "margin", "words"),
    "open": NEAR,
}  # fmt: skip
FEATURE_REASON = {
    **{name: name for name in RULES},
    **{name: reason for reason, names in _REASON_OF.items() for name in names},
}
"""The reason said when a feature weighed most against the first hit."""


def features(asked: _Asked) -> dict[str, float]:
    """Return the features of :data:`FEATURES` of a query and its first hit: each rule
    (1.0 when it fires); of the query's words (no game's name, no question word), its
    specific ones (few entries or none have them) and its :func:`predicates`, the share
    the hit speaks of and the number it does not; the words the rules do not know
    (``unknown``) and no entry speaks of (``nowhere``); the largest share one sentence of
    the hit says (``together``); the predicate words none of the hit's ``asks`` has; its
    score and its lead over the second (``margin``); and the question bank's measures
    (:data:`garou.lookup.bank.NEAR`, 0.0 when no entry states an open question)."""
    entries, docnum, matched = asked.entries, asked.docnum, asked.matched
    values = {name: float(fires) for name, fires in _rules(asked).items()}
    common = SPECIFIC_SHARE * entries.entry_count()
    words = [(c, sc) for c, sc in matched if not c.game_word and not _words(c) <= QUESTION_WORDS]
    specific = [(c, sc) for c, sc in words if not c.known or len(sc) <= common]
    preds = predicates(matched)
    values["share"], _ = _share(docnum, words)
    values["specific-share"], values["specific-missing"] = _share(docnum, specific)
    values["predicate-missing"] = _share(docnum, preds)[1]
    values["unknown"] = float(sum(1 for c, _ in words if not c.known and len(c.words) > 2))
    values["nowhere"] = float(sum(1 for _, sc in words if not sc))
    values["asks-missing"] = (
        float(sum(1 for c, _ in preds if docnum not in (entries.asked_by(c) or ())))
        if entries.has_asks(docnum)
        else 0.0
    )
    values["together"] = _together(asked, [c for c, _ in words])
    values["predicate-together"] = _together(asked, [c for c, _ in preds])
    top = [max(s, 0.0) for s in asked.scores[:2]]
    values["score"] = math.log1p(top[0]) if top else 0.0
    values["margin"] = (top[0] - top[1]) / top[0] if len(top) > 1 and top[0] > 0 else 1.0
    values["words"] = float(len(words))
    near = entries.bank_near([c for c, _ in matched if not c.game_word], docnum)
    values.update(near or dict.fromkeys(NEAR, 0.0))
    return values


def _share(docnum: int, concepts: Matched) -> tuple[float, float]:
    """Return the share of ``concepts`` that speak of the entry (1.0 when there is none),
    and the number that do not."""
    found = [docnum in scores for _, scores in concepts]
    return (sum(found) / len(found) if found else 1.0), float(len(found) - sum(found))


def _together(asked: _Asked, concepts: Sequence[Concept]) -> float:
    """Return the largest share of ``concepts`` that one sentence of the entry says (their
    words or synonyms, through the stems; 1.0 when there is none): a question whose words
    the entry says together is asked of one of its rulings. A sentence says a concept when
    one of its words begins with one of the concept's stems (unstemmed sentences: faster)."""
    if not concepts:
        return 1.0
    wanted = {
        lang: [
            {" " + t for alt in c.alternatives for t in asked.entries.stems(alt.text, lang)}
            for c in concepts
        ]
        for lang in ("fr", "en")
    }
    best = 0
    for lang, text in asked.said:
        for sentence in _SENTENCE.split(text):
            said = " " + " ".join(RUN.findall(sentence))
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


# --- the rules ------------------------------------------------------------------------------


def _rules(asked: _Asked) -> dict[str, bool]:
    """Return whether each rule of :data:`RULES` fires."""
    return {
        "unknown-named": names_unknown([c for c, _ in asked.matched], asked.query),
        "quantity": _quantity_unstated(asked),
        "unknown-word": _unknown_word(asked),
        "essential": not _has_essential(asked),
        "other-game": _only_other_game(asked),
    }


def _quantity_unstated(asked: _Asked) -> bool:
    """Return True when the query asks or states a quantity (a duration, a count, a number)
    that the entry does not state, or a duration it states only of something else."""
    return (
        not _states_counts(asked)
        or not quantity.answers_quantity(asked.folded, asked.texts)
        or (quantity.asks_duration(asked.folded) and not _states_of_thing(asked))
    )


def _unknown_word(asked: _Asked) -> bool:
    """Return True when the query has a word the rules do not know at all (not a typo:
    "snacks") and the entry shares none of its specific words, only everyday ones."""
    common = SPECIFIC_SHARE * asked.entries.entry_count()
    specific = [(c, sc) for c, sc in asked.matched
                if not c.game_word and (not c.known or len(sc) <= common)]  # fmt: skip
    return any(not c.known for c, _ in specific) and not any(
        asked.docnum in sc for _, sc in specific
    )


def _has_essential(asked: _Asked) -> bool:
    """Return False when the entry lacks a word that changes what the query asks
    ("myself", "each other", a reflexive "se <verb>") or an advice word it asks about."""
    entries, docnum, matched = asked.entries, asked.docnum, asked.matched
    for place, (concept, scores) in enumerate(matched):
        if concept.game_word:
            continue
        if (concept.essential or concept.advice) and docnum not in scores:
            return False
        # "vote for myself": the entry says the act done to oneself too, in its words or
        # the words of the same act ("recognise each other": the mafiosi "know" each other).
        if concept.essential and place:
            act, said = matched[place - 1]
            if docnum not in said and not any(_says_act(asked, w) for w in _words(act)):
                return False
    if any(c.essential for c, _ in matched):
        return True
    verbs = _reflexive(entries, asked.query)
    # A plural verb after "se" is done to each other ("ils se connaissent"), else to oneself.
    mutual = [v for v in verbs if len(v) > 4 and v.endswith("ent")]
    oneself = [v for v in verbs if v not in mutual]
    if mutual and not (
        docnum in entries.speaks_of("mutuellement") or _states_reciprocal(asked, mutual)
    ):
        return False
    if oneself and docnum not in entries.speaks_of("soi-meme"):
        return False
    return not any(c.words.split(" ")[0] in verbs and docnum not in sc for c, sc in matched)


def _reflexive(entries: Entries, query: str) -> list[str]:
    """Return the verbs the French query puts after a reflexive "se" ("le loup peut-il se
    dévorer"), not in a set phrase (by the verb's stem, the word or its first six letters)."""
    verbs = _REFLEXIVE.findall(fold_chars(query))
    if not verbs:
        return []
    phrases = entries.set_phrases()
    return [v for v in verbs if not {*entries.stems(v, "fr"), v, v[:6]} & phrases]


def _states_reciprocal(asked: _Asked, verbs: list[str]) -> bool:
    """Return True when the entry's French text puts one of ``verbs`` after "se" too."""
    wanted = {s for v in verbs for s in asked.entries.stems(v, "fr")}
    said = [verb for lang, text in asked.said if lang == "fr" for verb in _REFLEXIVE.findall(text)]
    return any(set(asked.entries.stems(verb, "fr")) & wanted for verb in said)


def _only_other_game(asked: _Asked) -> bool:
    """Return True when the query, asked of one game, asks a predicate that is a topic of
    the other game only: the other game's entries are named after it and none of this
    game's speaks of it ("the penalty for talking at night in werewolf": penalties are
    Mafia's). A corrected word is a guess, not counted; a French verb in the plural is read
    in the singular too ("gagnent" is "gagne")."""
    entries, docnum, game = asked.entries, asked.docnum, asked.game
    if game is None or entries.entry_game(docnum) != game:
        return False

    def of_game(found: Iterable[int]) -> bool:
        return any(entries.entry_game(d) == game for d in found)

    corrected = frozenset(asked.fixes.values())
    for concept, scores in predicates(asked.matched):
        if not concept.known or concept.words in corrected or not scores or docnum in scores:
            continue
        if of_game(scores) or _form_of_another(asked, concept):
            continue
        singular = third_person_singular(concept.words)
        if singular and of_game(entries.speaks_of(singular)):
            continue
        named = entries.named_by(concept)
        if named and not of_game(named):
            return True
    return False


def _form_of_another(asked: _Asked, concept: Concept) -> bool:
    """Return True when ``concept``'s words are a form of a synonym of another concept of
    the query ("départage" beside "égalités", whose synonyms say "départager")."""
    entries = asked.entries
    for lang in ("fr", "en"):
        own = set(entries.stems(concept.words, lang))
        if not own:
            continue
        for other, _ in asked.matched:
            if other is concept:
                continue
            said = {t for phrase in entries.synonyms_of(other) for t in entries.stems(phrase, lang)}
            if own <= said:
                return True
    return False


def third_person_singular(word: str) -> str | None:
    """Return the singular of a French verb in the third person plural ("tirent" is "tire",
    "choisissent" is "choisit"), or None when ``word`` does not look like one."""
    if len(word) < 6 or not word.endswith("ent") or " " in word:
        return None
    return word[:-4] + "t" if word.endswith("issent") else word[:-2]


def _states_of_thing(asked: _Asked) -> bool:
    """Return True when the entry states the duration asked in a sentence that speaks of
    what it is asked of (the query's other words, their synonyms or stems: a debate's
    length is no night's), or anywhere when the entry is named after that thing (a
    specific word: the speaking time's "60 seconds" is the speech's length)."""
    entries, docnum = asked.entries, asked.docnum
    asked_of = QUESTION_WORDS | quantity.QUANTITY_WORDS
    things = [(c, sc) for c, sc in asked.matched if not c.game_word and not _words(c) <= asked_of]
    if not things:
        return True
    specific = SPECIFIC_SHARE * entries.entry_count()
    if any(docnum in entries.named_by(c) for c, sc in things if len(sc) <= specific):
        return True
    # A synonym is said by all its words: "vote du jour" is not "cinq minutes le premier jour".
    wanted = {
        lang: [
            set(stems)
            for c, _ in things
            for alt in c.alternatives
            if (stems := entries.stems(alt.text, lang))
        ]
        for lang in ("fr", "en")
    }
    for lang, text in asked.said:
        for sentence in quantity.stating([text], asked.folded):
            said = set(entries.stems(sentence, lang))
            if any(terms <= said for terms in wanted[lang]):
                return True
    return False


# --- counts: "deux voix", "vote twice" --------------------------------------------------------


def _states_counts(asked: _Asked) -> bool:
    """Return True when the entry states every small count the query states ("deux voix"),
    of the thing the query counts when it names one (one of the two words after the
    number, or before it when none follows or it says how many times: "compte double"),
    in the same sentence or the one before. A number of alternatives ("entre deux") or of
    people ("deux joueurs", "deux loups") is no count asked."""
    counts = _counts_asked(asked.entries, asked.folded)
    if not counts:
        return True
    stated: list[tuple[set[int], set[str]]] = []
    for text in asked.texts:
        before: set[str] = set()
        for sentence in _SENTENCE.split(quantity.LIST_MARK.sub("", text)):
            words = RUN.findall(sentence)
            values = {_COUNT_OF.get(w) or (int(w) if w.isdigit() else 0) for w in words}
            keys = {k for w in words for k in key(w)[:1]}
            stated.append((values, keys | before))
            before = keys
    return all(
        any(value in values and (not things or things & keys) for values, keys in stated)
        for value, things in counts
    )


def _counts_asked(entries: Entries, text: str) -> list[tuple[int, set[str]]]:
    """Return each small count the (folded) query states, with the keys of what it counts."""
    counts = []
    for m in RUN.finditer(text):
        before, after = text[: m.start()], text[m.end() :]
        if m.group() not in _COUNT_OF or _ALTERNATIVES.search(before):
            continue
        if _ALTERNATIVES.search(after) or _counts_people(entries, after):
            continue
        things = set() if m.group() in _TIMES else _counted(after)
        if not things:
            things = _counted(" ".join(reversed(RUN.findall(before))))
        counts.append((_COUNT_OF[m.group()], things))
    return counts


def _counted(after: str) -> set[str]:
    """Return the keys of the first two words of ``after`` that are no stop words."""
    keys: list[str] = []
    for m in RUN.finditer(after):
        keys += key(m.group())[:1]
        if len(keys) == 2:
            break
    return set(keys)


def _counts_people(entries: Entries, after: str) -> bool:
    """Return True when the word after a number counts players or names a role or status."""
    following = RUN.search(after)
    if following is None:
        return False
    keys = key(following.group())
    return following.group() in PERSON_WORDS or (bool(keys) and keys[0] in entries.role_words())


# --- acts: "can the seer kill" --------------------------------------------------------------

ACTS: tuple[frozenset[str], ...] = tuple(frozenset(words) for words in listed("acts"))
"""The words of each act that the rules say in other words than players ("le capitaine
choisit" is "désigne son successeur"; the witch kills by poisoning). Folded; read by the
"act" rule only, never by the ranking."""
_ACT_OF = {w: n for n, words in enumerate(ACTS) for w in words}
_MODAL = re.compile(
    r"\b(?:peut|peuvent|pourrait|pourraient|doit|doivent|devrait)(?:-t)?"
    r"(?:-(?:ils|il|elles|elle|on)\b)?"
    r"|\b(?:can|could|may|might|must)\b"
)
_BEFORE_ACT = wordset("before_act")
"""Words between a modal and the act it asks of ("peut-elle encore", "can the")."""


def act_groups(folded: str, subject_words: Iterable[str]) -> list[list[str]]:
    """Return, per modal, the act the (folded) query asks a subject may or must do, with the
    acts joined to it ("tuer et sauver", "kill or save"): the first word after the modal
    that is no pronoun, article, adverb or word of the subject's name. A verb after "se" is
    no act of the subject alone (the reflexive rule judges it)."""
    skip = _BEFORE_ACT | set(subject_words)
    found: list[list[str]] = []
    for m in _MODAL.finditer(folded):
        words = RUN.findall(folded[m.end() :])
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


def _act_unspoken(asked: _Asked) -> bool:
    """Return True when the query asks whether a known subject (a role or status) may or
    must do an act and the subject's entry says neither that act nor any joined to it (in
    its words, synonyms, stems or :data:`ACTS`). A word corrected is a guess: not judged."""
    entries = asked.entries
    subjects = [c for c, _ in asked.matched if c.names_role and not c.game_word]
    if not any(asked.docnum in entries.named_by(c) for c in subjects):
        return False
    names = {w for c in subjects for w in c.words.split(" ")}
    return any(
        not any(act in asked.fixes for act in group) and all(_unspoken(asked, act) for act in group)
        for group in act_groups(asked.folded, names)
    )


def _unspoken(asked: _Asked, act: str) -> bool:
    """Return True when ``act`` is a predicate of the query the entry does not say."""
    unsaid = any(
        act in c.words.split(" ")
        and not (c.game_word or c.names_role or _words(c) <= QUESTION_WORDS)
        and asked.docnum not in scores
        for c, scores in asked.matched
    )
    return unsaid and not _says_act(asked, act)


def _says_act(asked: _Asked, act: str) -> bool:
    """Return True when the entry says the act in one of its words (:data:`ACTS`)."""
    number = _ACT_OF.get(act)
    if number is None:
        return False
    said = {w for text in asked.texts for w in RUN.findall(text)}
    return bool(said & ACTS[number])


# --- things the rules do not have -----------------------------------------------------------


def named_words(query: str) -> frozenset[str]:
    """Return the (folded) words ``query`` names with a definite article ("le pyromane")."""
    return frozenset(
        word for before, word in _NAMED.findall(fold_chars(query).lower())
        if before not in CLITIC_BEFORE
    )  # fmt: skip


def names_unknown(concepts: Sequence[Concept], query: str) -> bool:
    """Return True when the query names, with a definite article, a thing the rules do not
    know and no known word is close to ("que fait le pyromane", "the hypnotist wins")."""
    unknown = {c.words for c in concepts if not c.known and len(c.words) > 2} - FILLER
    return bool(unknown & named_words(query))
