"""Answer a question typed at the table: the ruling that answers it first.

A search runs four stages, each in its own module:

1. analysis (:mod:`lookup.analysis`): the words, matched longest phrase first against the
   synonyms, become concepts; words the index does not know are corrected
   (:mod:`lookup.spelling`);
2. candidates (:mod:`lookup.candidates`): each concept's BM25 score on every entry that has
   one of its words, the best of its alternatives and fields;
3. scoring (:mod:`lookup.scoring`): the concepts' scores summed and weighed into the
   ranking (share of the query an entry has, phrases, the game asked of);
4. verdict (:mod:`lookup.verdict`): whether the first hit answers, or the rules do not say.

This module runs them, makes the hits, the close call and each game's best hit when the
query names no game, and explains the answer when asked (:mod:`lookup.explain`). The
user's text is never given to Whoosh's query parser: quotes, ``AND``/``NOT``, ``*`` and
emoji cannot misfire.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from garou.core.errors import GarouError, UsageError
from garou.core.records import record

from . import quantity, spelling, verdict
from .analysis import (
    MAX_CHARS,
    Alternative,
    Concept,
    Lexicon,
    Unit,
    concept_of,
    concepts_of,
    fold_chars,
    key,
    units_of,
)
from .candidates import Candidates
from .index import TEXT_FIELDS, WORDS, OpenIndex, SearchIndexError, open_index
from .scoring import Scorer, Weighing, factors, rank
from .spelling import Words
from .text import RUN, compound_names, folded_parts, wordset

if TYPE_CHECKING:
    from .bank import Bank
    from .explain import Explanation
    from .vocabulary import Outside

SPLIT_RATIO = 0.3
"""Both games are shown when the other game's best hit has every word of the query that
the best hit has, and scores at least this share of it."""
CLOSE_CALL = 0.9
"""The first two hits are a close call, both shown in full, when the second scores at
least this share of the first (chosen on the studied sets: two rulings shown for one
question in ten)."""
ANSWER_KINDS = frozenset({"sanction", "table", "win", "advice", "scoring", "setting",
                          "contested", "mistake"})  # fmt: skip
"""Kinds of entries that answer a question about the thing they are named after (a count,
an outcome, a choice); the other entries a word names are what the thing is."""
NAMED_SHARE = 0.5
"""Share counted of what a word scores on the entry it names beyond its best score
elsewhere (:meth:`Searcher._named_share`)."""

NOTHING_ALONE = wordset("nothing_alone")
"""Negations that mean nothing without other words ("NOT", "ne pas"): a query of these and
stop words has nothing to search for, as "AND" and "OR" (stop words) have nothing."""

_MARKUP = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")
"""An HTML or XML tag ("<script>", "</b>"): markup, never words of a question."""
_CODE = re.compile(r"[=;{}|$`*\\]|--|&&")
"""Operators of code (SQL, shell, templates) that a question at the table never has."""


@record
class Related:
    """An entry related to a hit: its id and title in the display language."""

    id: str
    title: str


@record
class HitOption:
    """One answer of a contested case or setting: ``label`` says it in a few words, ``text``
    what it means in play (if said); ``default`` marks the option proposed by default,
    ``addition`` one garou adds beyond the document."""

    id: str
    label: str
    text: str | None
    default: bool
    addition: bool


@record
class Hit:
    """One entry that answers the query, in the display language."""

    id: str
    game: str
    kind: str
    section: str
    title: str
    text: str
    score: float
    """Relevance score (higher is better; comparable within one query only)."""
    game_name: str = ""
    section_id: str = ""
    related: tuple[Related, ...] = ()
    options: tuple[HitOption, ...] = ()
    default_reason: str | None = None
    """Why the default option is proposed."""
    source: str = ""
    """Where the ruling comes from."""
    addition: bool = False
    """True when the entry is garou's addition beyond the documents."""
    readings: tuple[dict[str, Any], ...] = ()
    """The entry's marks (:func:`garou.rules.export.readings_of`)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the hit as in ``garou search --json``."""
        return {"id": self.id, "game": self.game, "kind": self.kind, "section": self.section,
                "title": self.title, "text": self.text, "score": round(self.score, 4),
                "readings": list(self.readings)}  # fmt: skip


WHY_SAID = {
    reason: f"search.why.{reason}"
    for reason in ("advice", "quantity", "act", "essential", "other-game", "unknown-word",
                   "no-words")
}  # fmt: skip
"""The reasons of the judgement (``verdict.REASONS``) that a sentence explains to the table;
the others (a weak match, a predicate the hit does not state) say nothing a reader can use."""


@dataclass
class SearchResult:
    """The answer to one query (as typed: ``query``), the hits best first."""

    query: str
    hits: list[Hit]
    per_game: list[Hit] = field(default_factory=list)
    """When the query names no game and both games answer it: the best hit of each game."""
    corrected: str | None = None
    """The query with its typos corrected, spelled as the rules spell the words."""
    suggestions: list[str] = field(default_factory=list)
    """"Did you mean" words from the index, when nothing matched."""
    game: str | None = None
    """The game searched (--game) or named by the query."""
    elsewhere: dict[str, int] = field(default_factory=dict)
    """Hits per game outside the --game/--kind filters, when the filters left none."""
    notices: list[Any] = field(default_factory=list)
    """Notices about the index cache (damaged, unwritable): catalogue phrases."""
    answered: bool = True
    """False when the rules do not answer: the hits are then the nearest rulings, to offer
    as related, never as the answer."""
    outside: list[Outside] = field(default_factory=list)
    """Roles or concepts of other editions or games the query names."""
    verdict: verdict.Verdict | None = None
    close: list[Hit] = field(default_factory=list)
    """The first two hits when they are a close call (:data:`CLOSE_CALL`): both are shown
    in full."""
    explanation: Explanation | None = None
    """Why each hit is where it is and why the verdict (``explain=True``)."""

    @property
    def in_full(self) -> list[Hit]:
        """The hits shown whole on the first screen: each game's answer, or the close
        call's two, or the first hit; none when the rules do not answer."""
        if not self.answered:
            return []
        return self.per_game or self.close or self.hits[:1]

    @property
    def listed(self) -> list[Hit]:
        """The hits listed below those shown whole (numbered from 1)."""
        whole = self.in_full
        return [hit for hit in self.hits if hit not in whole]

    def not_covered(self, say: Callable[..., str], lang: str) -> list[str]:
        """Return the sentences saying that the rules do not answer the query: naming the
        roles of other editions it asks about, then why, when the reason is one a reader
        can use (:data:`WHY_SAID`); none when they answer, or when nothing matched and
        nothing says why (the query is then only unknown words)."""
        reason = self.verdict.reason if self.verdict is not None else None
        if self.answered or not (self.hits or self.outside or reason in WHY_SAID):
            return []
        if not self.outside:
            said = [say("search.not-covered", lang)]
            return said + [say(WHY_SAID[reason], lang)] if reason in WHY_SAID else said
        reasons = [
            say(f"search.outside-{o.kind}", lang, name=o.name.get(lang) or o.name["fr"])
            for o in self.outside
        ]
        return [say("search.not-covered-because", lang, reasons="; ".join(reasons))]

    def to_dict(self) -> dict[str, Any]:
        """Return the result as in ``garou search --json`` (with ``why``: ``--explain``)."""
        data: dict[str, Any] = {"query": self.query, "answered": self.answered,
                                "hits": [h.to_dict() for h in self.hits]}  # fmt: skip
        if not self.answered and self.verdict is not None and self.verdict.reason:
            data["reason"] = self.verdict.reason
        # Each game's answer is shown whole even beyond --limit: a script gets it too.
        beyond = [h.to_dict() for h in self.in_full if h not in self.hits]
        if beyond:
            data["beyond_limit"] = beyond
        if self.explanation is not None:
            for hit in data["hits"] + beyond:
                why = self.explanation.hits.get(hit["id"])
                if why is not None:
                    hit["why"] = why.to_dict()
            if self.explanation.verdict is not None:
                data["why"] = self.explanation.verdict.to_dict()
        if self.outside:
            data["outside"] = [o.to_dict() for o in self.outside]
        if self.per_game:
            data["per_game"] = {h.game: h.id for h in self.per_game}
        if self.close:
            data["close_call"] = [h.id for h in self.close]
        if self.corrected is not None:
            data["corrected"] = self.corrected
        if self.suggestions:
            data["suggestions"] = self.suggestions
        return data


# --- the searcher ---------------------------------------------------------------------------


@dataclass
class _Scored:
    score: float
    coverage: float
    """Share of the query's concepts the entry matches."""
    docnum: int
    game: str


RULE_FIELDS = tuple(name for name in TEXT_FIELDS if not name.startswith("asks_"))
"""The fields of the rule data's own words (all but garou's asks)."""


class Searcher:
    """An opened index, ready to answer queries one after another (open once, ask many)."""

    def __init__(
        self,
        rules_dir: str | Path | None = None,
        rebuild: bool = False,
        notify: Callable[[Any], None] | None = None,
    ):
        """Open the index of the rules in ``rules_dir`` (built-in rules: None), building it
        when needed; ``notify`` is told at once (a catalogue phrase) when the search waits
        for another process building the index, or builds a very large one."""
        self.rules_dir = rules_dir
        self._opened: OpenIndex = open_index(rules_dir, rebuild=rebuild, notify=notify)
        self.notices: list[Any] = list(self._opened.notices)
        self._setup()

    def _setup(self) -> None:
        self._searcher = self._opened.index.searcher()
        self._reader = self._searcher.reader()
        self._scorer = Scorer(self._searcher, self._opened.lexicon["lengths"])
        schema = self._opened.index.schema
        self._analyzers = {"fr": schema["text_fr"].analyzer, "en": schema["text_en"].analyzer}
        self._lexicon = Lexicon(self._opened.lexicon)
        self._found = Candidates(self._scorer, self._analyzers)
        self._words = Words(
            self._lexicon, self._reader, self._opened.path / WORDS, self._known_word
        )
        self._matched: list[tuple[Concept, dict[int, float]]] = []
        self._set_phrases: frozenset[str] | None = None
        self._bank: Bank | None = None
        self._folded: dict[int, list[tuple[str, str]]] = {}
        """Each entry's folded texts (:meth:`entry_folded`), read when first needed."""
        self._explain = False
        """Set while a search explains itself: the pipeline keeps its trace."""
        self._trace: dict[str, Any] = {}

    def say(self, key_: str, lang: str, count: int | None = None, **values: Any) -> str:
        """Return the catalogue's message ``key_`` (``search.*``) in ``lang``, from the copy
        stored with the index (no YAML read); other keys from the catalogue itself."""
        from garou.core import catalogue

        texts = self._opened.lexicon.get("messages", {}).get(key_)
        if texts is None:
            return catalogue.say(key_, lang, count=count, **values)
        template = texts[lang]
        if isinstance(template, dict):
            template = template[catalogue.plural_form(count if count is not None else 2, lang)]
        if count is not None:
            values.setdefault("count", count)
        said = {k: catalogue.render_value(v, lang) for k, v in values.items()}
        return catalogue.typeset(template, lang).format(**said)

    @property
    def path(self) -> Path:
        """The index folder."""
        return self._opened.path

    def close(self) -> None:
        """Close the index (and delete it if it was a private temporary one)."""
        self._searcher.close()
        self._opened.close()

    def __enter__(self) -> Searcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- public -----------------------------------------------------------------------------

    def check_filters(self, game: str | None, kind: str | None) -> str | None:
        """Return the id of ``game`` (None for both); raise UsageError for a bad game or kind."""
        game_id = self._lexicon.game_id(game) if game else None
        if kind is not None and kind not in self._lexicon.kinds:
            raise UsageError("search.unknown-kind", kind=kind, kinds=", ".join(self._lexicon.kinds))
        return game_id

    def search(
        self,
        query: str,
        game: str | None = None,
        kind: str | None = None,
        limit: int = 5,
        lang: str = "fr",
        prefer: str | None = None,
        explain: bool = False,
    ) -> SearchResult:
        """Return the entries that answer ``query``, best first, displayed in ``lang``.

        ``game`` keeps that game's entries only; ``prefer`` (the game of the table's
        agreement) puts that game's entries first unless the query names the other game;
        ``explain`` adds why each hit is where it is and why the verdict
        (``SearchResult.explanation``). Raise UsageError for an empty query, an unknown
        game or kind or a bad limit.
        """
        if limit < 1:
            raise UsageError("search.bad-limit", limit=limit)
        game_id = self.check_filters(game, kind)
        prefer_id = self.check_filters(prefer, None) if prefer else None
        self._explain, self._trace = explain, {}
        try:
            return self._answer(query, game_id, kind, limit, lang, prefer_id)
        except GarouError:
            raise
        except Exception as exc:
            # A damaged index can fail in any way: if its files no longer match their
            # checksums, rebuild it once and ask again; otherwise report the failure.
            if self._opened.sound():
                error = f"{type(exc).__name__}: {exc}"
                raise SearchIndexError("search.failed", error=error) from exc
            self._rebuild()
            self._explain = explain
            return self._answer(query, game_id, kind, limit, lang, prefer_id)
        finally:
            self._explain, self._trace = False, {}

    def _rebuild(self) -> None:
        try:
            self._searcher.close()
            self._opened.close()
        except Exception:  # already broken: nothing more to release
            pass
        self._opened = open_index(self.rules_dir, rebuild=True)
        from garou.core.catalogue import phrase

        self.notices.append(phrase("index.damaged-rebuilt", path=str(self.path)))
        self._setup()

    # -- the pipeline ------------------------------------------------------------------------

    def _answer(
        self,
        query: str,
        game: str | None,
        kind: str | None,
        limit: int,
        lang: str,
        prefer: str | None,
    ) -> SearchResult:
        shown = _MARKUP.sub(" ", unicodedata.normalize("NFC", query))[:MAX_CHARS]
        units, _ = units_of(shown.replace("_", " "))
        if all(u[1] in NOTHING_ALONE for u in units):
            raise UsageError("search.nothing-in", query=query.strip()[:60])
        concepts, fixes = self._analysed(units, query)
        result = SearchResult(query, [])
        if fixes:
            result.corrected = spelling.respell(shown, fixes, self._lexicon, lang)
        _weigh_condition(concepts, shown)
        if _wordless(concepts, query):  # "1=1", "<script>", SQL: nothing to answer
            return self._decided(result, "no-words")
        preferred, scene, obeys = self._games(concepts, shown, game, prefer)
        # At least two hits: the judgement weighs the first hit's lead over the second.
        folded = fold_chars(query).lower()
        scored = self._run(concepts, game, kind, max(limit, 2), preferred or scene, obeys, folded)
        result.game = preferred
        outside = list(dict.fromkeys(o for c in concepts for o in c.outside))
        compounds = compound_names(query, self._lexicon.compounds)
        outside += [o for o in compounds if o not in outside]
        result.outside = [self._outside(o) for o in outside if o in self._lexicon.outside]
        if not scored:
            if game or kind:
                result.elsewhere = self._count_elsewhere(concepts)
            suggested = spelling.suggest(units, self._words)
            result.suggestions = [self._lexicon.spelling(w, lang) for w in suggested]
            if result.outside:  # "le salvateur": a role of other editions, nothing else
                return self._decided(result, "outside")
            result.answered = False
            return result
        result.hits = [self._hit(item, lang) for item in scored[:limit]]
        result.verdict = verdict.judge(
            self,
            scored[0].docnum,
            self._judged(),
            query,
            corrected=fixes,
            game=preferred,
            outside=[o.id for o in result.outside],
            scores=[item.score for item in scored[:2]],
            elsewhere=obeys and result.hits[0].game != preferred,
        )
        if result.verdict.answered and self._guessed(concepts, scored[0].docnum, fixes):
            # Decided after the weighing (its features kept for the fit): no probability.
            result.verdict = verdict.Verdict(False, "no-words", result.verdict.features)
        result.answered = result.verdict.answered
        if game is None and preferred is None:
            result.per_game = self._per_game(scored, lang)
        if result.answered and not result.per_game and _close_call(scored[:limit]):
            result.close = result.hits[:2]
        if self._explain:
            result.explanation = self._explanation(scored, result, fixes)
        return result

    def _decided(self, result: SearchResult, rule: str) -> SearchResult:
        """Return ``result`` not answered, by the hard rule ``rule`` alone (no hit judged)."""
        result.answered = False
        result.verdict = verdict.Verdict(False, rule, {})
        if self._explain:
            from .explain import Explanation, VerdictWhy

            result.explanation = Explanation(verdict=VerdictWhy(False, rule, rule=rule))
        return result

    def _analysed(self, units: list[Unit], query: str) -> tuple[list[Concept], dict[str, str]]:
        """Return the query's concepts, its typos corrected (:mod:`lookup.spelling`), and
        the corrections."""
        concepts = self._concepts(units)
        if all(c.known for c in concepts):
            return concepts, {}
        fixed, fixes = spelling.correct(units, self._words, verdict.named_words(query))
        return (self._concepts(fixed) if fixed != units else concepts), fixes

    def _games(
        self, concepts: list[Concept], shown: str, game: str | None, prefer: str | None
    ) -> tuple[str | None, str | None, bool]:
        """Return the game asked of (``--game``, named or agreed: ``prefer``), the game the
        query sets its scene in when it names both, and whether the game asked of is
        obeyed: when only the other game's rulings match, they are the nearest rulings,
        never the answer."""
        named = {g for c in concepts for g in c.games}
        by_name = {g for c in concepts if c.game_word for g in c.games}
        scene: str | None = None
        if len(by_name) > 1:
            # Both games named: the one the query sets its scene in is the game it asks of
            # (« Au loup-garou, si la mafia devient aussi nombreuse que la ville… »); when
            # it compares it with the other (« comme au loup-garou », "the sheriff from
            # Mafia"), both answer, its own first.
            about, compared = self._lexicon.context_games(shown)
            if len(about & by_name) == 1:
                if compared & by_name:
                    scene = next(iter(about & by_name))
                else:
                    by_name = about & by_name
        obeyed = next(iter(by_name)) if len(by_name) == 1 else prefer
        preferred = game or obeyed or (next(iter(named)) if len(named) == 1 else None)
        return preferred, scene, preferred is not None and obeyed == preferred

    def _concepts(self, units: list[Unit]) -> list[Concept]:
        """Return the concepts of ``units``, each marked known or not (:meth:`_known`)."""
        concepts = concepts_of(self._lexicon, units)
        for concept in concepts:
            concept.known = self._known(concept)
        return concepts

    def _explanation(
        self, scored: list[_Scored], result: SearchResult, fixes: dict[str, str]
    ) -> Explanation:
        """Return why each hit of ``result`` is where it is, and why the verdict, from the
        trace :meth:`_run` kept (:mod:`lookup.explain`)."""
        from .explain import Explanation, HitWhy, Match, verdict_why

        trace = self._trace
        wanted = {h.id for h in [*result.hits, *result.per_game]}
        explanation = Explanation()
        for item in scored:
            entry_id = self._scorer.ids[item.docnum]
            if entry_id not in wanted:
                continue
            matches = []
            # What each concept added to the lexical score (words naming one thing: the
            # best of them), said where it scored best and through which phrase.
            for place, value in trace["added"][item.docnum]:
                concept, fields = trace["concepts"][place], trace["in_fields"][place]
                _, name = max((v[item.docnum], n) for n, v in fields.items() if item.docnum in v)
                alt = trace["vias"][place][name][item.docnum][1]
                source = self._lexicon.groups[alt.group].source if alt.group >= 0 else "typed"
                typed = next((t for t, f in fixes.items() if f in concept.words.split(" ")), None)
                base, lang = name.rsplit("_", 1)
                how = _HOW.get(source, "synonym")
                matches.append(Match(concept.words, base, lang, alt.text, how, typed, value))
            lexical = trace["total"][item.docnum]
            games, kinds = self._scorer.games, self._scorer.kinds
            weights = factors(item.docnum, trace["weighing"], games, kinds)
            explanation.hits[entry_id] = HitWhy(
                entry_id, item.score, tuple(matches), lexical, tuple(weights)
            )
        if result.verdict is not None:
            explanation.verdict = verdict_why(result.verdict, verdict.loaded_model())
        return explanation

    def _run(
        self,
        concepts: list[Concept],
        game: str | None,
        kind: str | None,
        limit: int,
        preferred: str | None,
        obeyed: bool = False,
        folded: str = "",
    ) -> list[_Scored]:
        """Score every entry that has a word of the query; return the best ``limit`` (0: all),
        followed by the best entry of each game that is not among them."""
        scorer = self._scorer
        scorer.clear()
        self._found.choose(concepts)
        # Words neither the index nor the synonyms know ("someone") say nothing about
        # which entry answers: they do not count in the share of the query an entry has.
        counted = [c for c in concepts if not c.game_word and c.known] or concepts
        several = len([c for c in concepts if not c.game_word]) > 1
        vias: list[dict[str, dict[int, tuple[float, Alternative]]]] = [{} for _ in concepts]
        in_fields = [
            self._found.concept_fields(concept, via=via if self._explain else None)
            for concept, via in zip(concepts, vias, strict=True)
        ]
        if self._explain:
            self._trace = {"concepts": concepts, "in_fields": in_fields, "vias": vias}
        self._matched = [
            (concept, self._found.combined(found))
            for concept, found in zip(concepts, in_fields, strict=True)
        ]
        if several:
            self._matched = [(c, self._named_share(c, sc)) for c, sc in self._matched]
        total, covered, words = self._summed(concepts, counted)
        keys = [k for c in counted if not c.game_word for k in key(c.words)]
        phrases: dict[int, float] = {}
        if len(keys) > 1:
            for entry_id, share in self._lexicon.phrase_hits(keys).items():
                number = scorer.docnum(entry_id)
                if number is not None:
                    phrases[number] = share
        # A role or status named alone asks what it is: its own entry first. An entry a
        # word names by its aliases ("MJ") is what the word's thing is: with other words,
        # the question asks what it does in a situation, and it weighs as a role's own.
        own = set() if several else {scorer.docnum(e) for c in concepts for e in c.own}
        defined = {d for c in concepts if not c.game_word for d in self._defined(c)}
        # An entry that does not speak of "each other" or "myself" cannot answer a question
        # that asks about it (:func:`verdict.judge`), nor one that does not state the
        # quantity asked ("how many", "25 players") one that asks it: those that do first.
        needed = [sc for c, sc in self._matched if (c.essential or c.advice) and sc]
        counting = bool(folded) and quantity.asks(folded)
        states = (lambda d: quantity.answers_quantity(folded, self._texts(d))) if counting else None
        weighing = Weighing(
            covered, words, phrases, needed, states, several, defined, own, preferred, obeyed
        )
        if self._explain:
            self._trace.update(total=total, weighing=weighing)
        top = rank(total, weighing, scorer.games, scorer.kinds, game, kind, limit)
        return [_Scored(score, covered.get(d, 0) / words, d, scorer.games[d]) for score, d in top]

    def _summed(
        self, concepts: list[Concept], counted: list[Concept]
    ) -> tuple[dict[int, float], dict[int, int], int]:
        """Return each entry's lexical score, the sum of its concepts' scores (:attr:`_matched`),
        how many of the ``counted`` things of the query it has, and how many there are.
        Words that name one thing ("le badge du maire": the captain twice) count once: each
        entry takes the best of them (:meth:`_same_things`)."""
        total: dict[int, float] = {}
        covered: dict[int, int] = {}
        words = 0
        added: dict[int, list[tuple[int, float]]] = {}  # for the explanation only
        for members in self._same_things(concepts):
            scores: dict[int, tuple[float, int]] = {}
            for place in members:
                for docnum, value in self._matched[place][1].items():
                    if value > scores.get(docnum, (0.0, 0))[0]:
                        scores[docnum] = (value, place)
            counts = any(concepts[place] in counted for place in members)
            words += counts
            for docnum, (value, place) in scores.items():
                total[docnum] = total[docnum] + value if docnum in total else value
                if self._explain:
                    added.setdefault(docnum, []).append((place, value))
                if counts:
                    covered[docnum] = covered.get(docnum, 0) + 1
        if self._explain:
            self._trace["added"] = added
        return total, covered, words

    def _defined(self, concept: Concept) -> set[int]:
        """Return the entries ``concept`` names by their aliases ("MJ": the game master's
        job) that say what its thing is: not of :data:`ANSWER_KINDS`."""
        numbers = (self._scorer.docnum(e) for e in concept.defines)
        return {d for d in numbers if d is not None and self._scorer.kinds[d] not in ANSWER_KINDS}

    def _named_share(self, concept: Concept, scores: dict[int, float]) -> dict[int, float]:
        """Return a concept's scores with what it scores on the entries it names
        (:meth:`_defined`) beyond its best score on any other entry counted at
        :data:`NAMED_SHARE` only: in a question with other words, the name says what the
        entry is about, not that it answers ("le MJ tranche si les loups sont pas
        d'accord": the wolves' entry)."""
        named = self._defined(concept)
        if not named or not scores or concept.game_word:
            return scores
        others = max((v for d, v in scores.items() if d not in named), default=0.0)
        if not any(scores.get(d, 0.0) > others for d in named):
            return scores
        shared = dict(scores)
        for docnum in named:
            if shared.get(docnum, 0.0) > others:
                shared[docnum] = others + NAMED_SHARE * (shared[docnum] - others)
        return shared

    def _same_things(self, concepts: list[Concept]) -> list[list[int]]:
        """Return the concepts (their places) grouped by the thing they name: concepts
        whose role or status groups overlap are one ("écharpe" and "maire" are both the
        captain); every other concept is alone."""
        groups = self._lexicon.groups
        out: list[list[int]] = []
        named: list[set[int]] = []
        for place, concept in enumerate(concepts):
            thing = {
                a.group
                for a in concept.alternatives
                if a.group >= 0 and groups[a.group].source in ("role", "status")
            }
            for number, known in enumerate(named):
                if thing and known & thing:
                    out[number].append(place)
                    known |= thing
                    break
            else:
                out.append([place])
                named.append(thing)
        return out

    def _guessed(self, concepts: list[Concept], docnum: int, fixes: dict[str, str]) -> bool:
        """Return True when the query has one known word (the others unknown to the rules)
        that the first hit matches only through a guess: the word corrected from a typo
        ("passwd" read as "passed"), or a word its body text says only in another form
        ("bar" in "barred", no synonym of it in the entry's names), the word itself nowhere
        in the entry. Such a query has no word of the rules' language."""
        asked = [c for c in concepts if not c.game_word and c.known]
        if len(asked) != 1 or " " in asked[0].words:
            return False
        word = asked[0].words
        in_fields = self._found.concept_fields(asked[0], asks=False)
        named = any(docnum in v for f, v in in_fields.items() if not f.startswith("text_"))
        if named and word not in fixes.values():
            return False
        if not self._scorer.has("plain", word):
            return True
        return docnum not in set(self._reader.postings("plain", word).all_ids())

    def _judged(self) -> list[tuple[Concept, dict[int, float]]]:
        """Return the query's concepts with the entries that speak of each, as the "not
        covered" judgement reads them: in the rule data's own fields, not only garou's
        asks (whose everyday words, "nuit", "tuer", would make every word a common one)."""
        judged = []
        for concept, scores in self._matched:
            spoken = self._found.concept_scores(concept, asks=False)
            judged.append((concept, {d: v for d, v in scores.items() if d in spoken}))
        return judged

    def _known(self, concept: Concept) -> bool:
        """Return True when the index or the synonyms know the concept's words (a role of
        other editions is known: it is not a typo).

        A word only the asks use is a player's word, known ("boulot" is no typo of
        "bouton"), unless the rules know it in another form the search reads it as: a
        role's nickname ("vovo"), or a plural verb ("tirent") the singular the texts say."""
        if len(concept.alternatives) > 1 or concept.outside:
            return True
        asked = False
        for lang in ("fr", "en"):
            for term in self._found.terms_of(concept.words, lang):
                if any(self._scorer.has(f, term) for f in RULE_FIELDS if f.endswith(lang)):
                    return True
                asked = asked or self._scorer.has(f"asks_{lang}", term)
        if not asked or self._nickname(concept.words) is not None:
            return False
        plain = verdict.third_person_singular(concept.words)
        return not (plain and self._known_word(plain, plain))

    def _known_word(self, k: str, word: str) -> bool:
        return self._known(concept_of(self._lexicon, word, self._lexicon.keys.get(k, [])))

    def _nickname(self, word: str) -> str | None:
        """Return the role or status ``word`` is a nickname of (:func:`spelling.nickname`)."""
        return spelling.nickname(word, self._lexicon)

    def _count_elsewhere(self, concepts: list[Concept]) -> dict[str, int]:
        counts: dict[str, int] = {}
        for scored in self._run(concepts, None, None, 0, None):
            counts[scored.game] = counts.get(scored.game, 0) + 1
        return counts

    # -- "the rules do not say": the view of the index lookup.verdict judges with ------

    def entry_count(self) -> int:
        """Return the number of entries (:class:`verdict.Entries`)."""
        return int(self._reader.doc_count_all())

    def entry_parts(self, docnum: int) -> list[dict[str, str]]:
        """Return the entry's title, text and options' labels and texts, per language."""
        data = self._searcher.stored_fields(docnum)["data"]
        parts = [data["title"], data["text"]]
        parts += [part for o in data.get("options", []) for part in (o["label"], o.get("text"))]
        return [p for p in parts if p]

    def entry_folded(self, docnum: int) -> list[tuple[str, str]]:
        """Return the entry's parts (:meth:`entry_parts`) folded, as (language, text), read
        once per searcher."""
        if docnum not in self._folded:
            self._folded[docnum] = folded_parts(self.entry_parts(docnum))
        return self._folded[docnum]

    def entry_game(self, docnum: int) -> str:
        """Return the entry's game."""
        return str(self._scorer.games[docnum])

    def role_words(self) -> frozenset[str]:
        """Return every single word of the names of the roles and statuses."""
        return self._lexicon.role_words()

    def speaks_of(self, word: str) -> dict[int, float]:
        """Return the entries that speak of ``word``, its synonyms included."""
        numbers = self._lexicon.keys.get(" ".join(key(word)), [])
        return self._found.concept_scores(concept_of(self._lexicon, word, numbers), asks=False)

    def named_by(self, concept: Concept) -> set[int]:
        """Return the entries named after ``concept``: its words or synonyms in their
        title, keywords or aliases (never their asks, questions about them)."""
        return self._found.having(concept, ("title_", "names_"))

    def asked_by(self, concept: Concept) -> set[int]:
        """Return the entries whose asks (the questions they answer) have the concept's
        words or synonyms, through the stems."""
        return self._found.having(concept, ("asks_",))

    def bank_near(self, concepts: Sequence[Concept], docnum: int) -> dict[str, float] | None:
        """Return the bank's measures (:data:`garou.lookup.bank.NEAR`) of the query read
        as ``concepts``, the entry ``docnum`` being the first hit; None when no entry states
        the questions it leaves open (no bank to weigh)."""
        if self._bank is None:
            from .bank import Bank

            self._bank = Bank(self._opened.lexicon.get("bank", {}))
        if not self._bank.has_open():
            return None
        read = {
            lang: [
                frozenset(t for alt in c.alternatives for t in self._found.terms_of(alt.text, lang))
                for c in concepts
            ]
            for lang in ("fr", "en")
        }
        found = self._bank.match({lang: [c for c in cs if c] for lang, cs in read.items()})
        return found.near(self.entry_game(docnum), self._scorer.ids[docnum])

    def has_asks(self, docnum: int) -> bool:
        """Return True when the entry states questions it answers (``asks_*``)."""
        return any(
            self._reader.doc_field_length(docnum, name, 0)
            for name in TEXT_FIELDS
            if name.startswith("asks_")
        )

    def synonyms_of(self, concept: Concept) -> list[str]:
        """Return every phrase of the concept's synonym groups (not its words as typed)."""
        numbers = dict.fromkeys(a.group for a in concept.alternatives if a.group >= 0)
        return [p for n in numbers for p in self._lexicon.groups[n].phrases]

    def set_phrases(self) -> frozenset[str]:
        """Return the stems and forms of the verbs after which "se" asks nothing of
        oneself (lexicon.yaml ``not_reflexive``)."""
        if self._set_phrases is None:
            listed = self._lexicon.not_reflexive
            stems = {t for v in listed for t in self._found.terms_of(v, "fr")}
            short = {v[:6] for v in listed if len(v) >= 6}
            self._set_phrases = frozenset(stems | set(listed) | short)
        return self._set_phrases

    def stems(self, text: str, lang: str) -> list[str]:
        """Return the terms ``text`` gives in the ``lang`` fields."""
        return self._found.terms_of(text, lang)

    def _texts(self, docnum: int) -> list[str]:
        """Return the entry's title, text and options, both languages, folded."""
        return [text for _, text in self.entry_folded(docnum)]

    def _outside(self, outside_id: str) -> Outside:
        from .vocabulary import Outside

        item = self._lexicon.outside[outside_id]
        return Outside(item["id"], item["kind"], item.get("game"), dict(item["name"]))

    # -- hits --------------------------------------------------------------------------------

    def _per_game(self, scored: list[_Scored], lang: str) -> list[Hit]:
        """Return the best hit of each game when both games answer the query: when the
        other game's best has every word the best hit has and scores at least
        :data:`SPLIT_RATIO` of it; else []."""
        best: dict[str, _Scored] = {}
        for item in scored:
            best.setdefault(item.game, item)
        if len(best) < 2:
            return []
        top = scored[0]
        for item in best.values():
            full = item.coverage >= 1.0 and top.coverage <= item.coverage
            if item is not top and (item.score < SPLIT_RATIO * top.score or not full):
                return []
        return [self._hit(item, lang) for item in best.values()]

    def _hit(self, item: _Scored, lang: str) -> Hit:
        data = self._searcher.stored_fields(item.docnum)["data"]
        default = data.get("default") or None
        options = tuple(
            HitOption(
                o["id"],
                o["label"][lang],
                o["text"][lang] if o.get("text") else None,
                bool(default and default["option"] == o["id"]),
                bool(o.get("addition")),
            )
            for o in data.get("options", [])
        )
        related = tuple(
            Related(rel, titles[lang] if titles else rel) for rel, titles in data.get("related", [])
        )
        source = data.get("source", "")
        return Hit(
            id=data["id"],
            game=data["game"],
            kind=data["kind"],
            section=data["section"][lang],
            title=data["title"][lang],
            text=data["text"][lang],
            score=item.score,
            game_name=data["game_name"][lang],
            section_id=data["section_id"],
            related=related,
            options=options,
            default_reason=default["reason"][lang] if default else None,
            source=str(source.get(lang, "")) if isinstance(source, dict) else str(source),
            addition=bool(data.get("addition")),
            readings=tuple((data.get("readings") or {}).get(lang, ())),
        )


_HOW = {"typed": "typed", "role": "alias", "status": "alias", "entry": "alias", "game": "alias"}
"""How a match came, said by the source of its alternative (else a synonym)."""

CONDITION_WEIGHT = 0.6
"""Weight of the words of a condition set off by a comma ("si la sorcière empoisonne un
amoureux, l'autre meurt ?"): the question asks what the main clause says; the condition
only says in which case."""
_CONDITION = re.compile(r"(?:^|[\s'])(?:si|s|if|when|quand|lorsque|lorsqu)\b([^,]+),\s*\w")


def _weigh_condition(concepts: list[Concept], query: str) -> None:
    """Weigh down the concepts whose words are all in a condition clause before a comma,
    when the main clause has words of its own."""
    folded = fold_chars(query).lower()
    found = _CONDITION.search(folded)
    if not found:
        return
    inside = {k for w in RUN.findall(found.group(1)) for k in key(w)}
    rest = {k for w in RUN.findall(folded[found.end(1) :]) for k in key(w)}
    if not rest - inside:
        return
    for concept in concepts:
        keys = set(key(concept.words))
        if keys and keys <= inside and not keys & rest:
            for alt in concept.alternatives:
                alt.weight *= CONDITION_WEIGHT


def _wordless(concepts: list[Concept], query: str) -> bool:
    """Return True when the query has no word of the rules' language: no word of letters
    at all ("1=1"); or code (an operator of code or a tag: "SELECT * FROM users WHERE
    id=1") with more unknown words of letters than known ones, none a role, status, game or
    outside concept. Unknown words alone are typos ("hcasseur"), and a player's slang
    without code ("can i insult ppl if im tilted lol") is a question."""
    lettered = [c for c in concepts if any(ch.isalpha() for ch in c.words)]
    if not lettered:
        return True
    known = [c for c in lettered if c.known]
    if not (_CODE.search(query) or _MARKUP.search(query)):
        return False
    if any(c.names_role or c.game_word or c.outside for c in known):
        return False
    return len(lettered) - len(known) > len(known)


def _close_call(scored: list[_Scored]) -> bool:
    """Return True when the second hit scores at least :data:`CLOSE_CALL` of the first."""
    if len(scored) < 2 or scored[0].score <= 0:
        return False
    return scored[1].score >= CLOSE_CALL * scored[0].score
