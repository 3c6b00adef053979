"""Why a search returned what it returned: each hit's placing and the verdict's weights.

Built only when asked (``Searcher.search(..., explain=True)``: ``garou search --explain``,
the web's "why"), from what the pipeline computed on the way (a small trace the searcher
keeps while it explains), never by a second pass:

- per hit, the query's words it matched, in which field and language, as typed, through
  a name or a synonym (which phrase), or after a typo's correction, and what each scored;
  and its lexical score, which orders the hits;
- for the verdict, the hard rule that decided alone, or the fitted judgement's terms
  (intercept, each feature's value times its weight: they add up to the logit of the
  probability compared with the threshold).

Pure records and the lines that say them (through a catalogue lookup ``say``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from garou.core.records import record

SHOWN_TERMS = 5
"""Contributions said per hit and per verdict (the largest; the others are summed)."""

Say = Callable[..., str]


@record
class Match:
    """One word (or phrase) of the query found in a hit."""

    words: str
    """The query's words, as searched (folded; corrected when they were a typo)."""
    field: str
    """The field it was found in, the best of the hit's: title, names, about, text, asks."""
    lang: str
    """The field's language."""
    phrase: str
    """What was looked for there: the words themselves, a name or a synonym."""
    via: str
    """``typed``, ``alias`` (a name or alias from the rule data) or ``synonym``."""
    typed: str | None = None
    """The word as typed when the search corrected it (a typo, a nickname)."""
    score: float = 0.0
    """What it scored in that field (BM25 times the field's and the phrase's weights)."""


@record
class Term:
    """One term of the fitted judgement: ``weight × value``."""

    feature: str
    value: float
    weight: float
    contribution: float

    def to_dict(self) -> dict[str, Any]:
        """Return the term as in ``--json``."""
        return {"feature": self.feature, "value": round(self.value, 4),
                "weight": round(self.weight, 4),
                "contribution": round(self.contribution, 4)}  # fmt: skip


@record
class HitWhy:
    """What placed one hit where it is."""

    id: str
    score: float
    """The lexical score the hits are ordered by: BM25 per concept, weighed
    (``Searcher._run``)."""
    matches: tuple[Match, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the explanation as in ``garou search --json --explain``."""
        return {
            "score": round(self.score, 6),
            "matched": [
                {"words": m.words, "field": m.field, "lang": m.lang, "phrase": m.phrase,
                 "via": m.via, **({"typed": m.typed} if m.typed else {}),
                 "score": round(m.score, 4)}
                for m in self.matches
            ],
        }  # fmt: skip


@record
class VerdictWhy:
    """Why the first hit answers the question, or why the rules do not say."""

    answered: bool
    reason: str | None
    rule: str | None = None
    """The rule that decided alone, without the weighing (``verdict.judge``), if one did."""
    probability: float | None = None
    threshold: float | None = None
    intercept: float = 0.0
    terms: tuple[Term, ...] = ()
    """Every term of the fitted judgement, largest first (by size)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the explanation as in ``garou search --json --explain``."""
        data: dict[str, Any] = {"answered": self.answered, "reason": self.reason}
        if self.rule is not None:
            data["rule"] = self.rule
        if self.probability is not None:
            shown, rest = split_terms(self.terms)
            data.update(probability=round(self.probability, 4),
                        threshold=round(self.threshold or 0.0, 4),
                        intercept=round(self.intercept, 4),
                        terms=[t.to_dict() for t in shown], others=round(rest, 4))  # fmt: skip
        return data


@dataclass
class Explanation:
    """Why a search returned what it returned."""

    hits: dict[str, HitWhy] = field(default_factory=dict)
    """Per hit id (the hits and each game's best)."""
    verdict: VerdictWhy | None = None


def split_terms(terms: Sequence[Term], shown: int = SHOWN_TERMS) -> tuple[list[Term], float]:
    """Return the largest ``shown`` terms, and the sum of the others."""
    return list(terms[:shown]), sum(t.contribution for t in terms[shown:])


def ordered(terms: list[Term]) -> tuple[Term, ...]:
    """Return ``terms`` largest first (by size), zeros out."""
    return tuple(sorted((t for t in terms if t.contribution),
                        key=lambda t: (-abs(t.contribution), t.feature)))  # fmt: skip


def verdict_why(verdict: Any, model: Any) -> VerdictWhy:
    """Return the explanation of a ``verdict.Verdict`` judged with ``model`` (a
    ``verdict.Model``)."""
    if verdict.probability is None:
        return VerdictWhy(verdict.answered, verdict.reason, rule=verdict.reason)
    terms = [
        Term(name, verdict.features.get(name, 0.0), weight,
             weight * verdict.features.get(name, 0.0))
        for name, weight in zip(model.features, model.weights[1:], strict=True)
    ]  # fmt: skip
    return VerdictWhy(verdict.answered, verdict.reason, probability=verdict.probability,
                      threshold=model.threshold, intercept=model.weights[0],
                      terms=ordered(terms))  # fmt: skip


def logistic(value: float) -> float:
    """Return the logistic of ``value``, as the searcher computes it."""
    return 1.0 / (1.0 + math.exp(-max(-700.0, value)))


# --- the lines that say it ---------------------------------------------------------------------


def _number(value: float) -> str:
    return f"{value:+.2f}" if abs(value) >= 0.005 else f"{value:+.1e}"


def _terms(terms: Sequence[Term], rest: float) -> tuple[str, str]:
    parts = [f"{t.feature} {_number(t.contribution)}" for t in terms]
    return ", ".join(parts), _number(rest)


def hit_lines(why: HitWhy, say: Say, lang: str) -> list[str]:
    """Return the lines saying what placed the hit (the catalogue's words)."""
    lines = [say("search.explain.score", lang, score=f"{why.score:.4g}")]
    for m in why.matches:
        where = say(f"search.explain.field.{m.field}", lang)
        line = say("search.explain.match", lang, words=m.words, field=where,
                   language=m.lang, score=f"{m.score:.2f}")  # fmt: skip
        if m.via != "typed":
            line += " " + say(f"search.explain.via-{m.via}", lang, phrase=m.phrase)
        if m.typed:
            line += " " + say("search.explain.corrected", lang, typed=m.typed)
        lines.append(line)
    return lines


def verdict_lines(why: VerdictWhy, say: Say, lang: str) -> list[str]:
    """Return the lines saying why the first hit answers, or why the rules do not say."""
    if why.rule is not None or why.probability is None:
        return [say("search.explain.rule", lang, rule=why.rule or "")]
    key = "search.explain.weighed-answered" if why.answered else "search.explain.weighed-not"
    shown, rest = split_terms(why.terms)
    listed, others = _terms(shown, rest)
    return [
        say(key, lang, probability=f"{why.probability:.3f}",
            threshold=f"{why.threshold or 0.0:.3f}", reason=why.reason or ""),
        say("search.explain.weights", lang, terms=listed, others=others,
            intercept=_number(why.intercept)),
    ]  # fmt: skip


def explanation_lines(result: Any, lang: str, say: Say) -> list[tuple[str, list[str]]]:
    """Return, per hit of a ``SearchResult`` then for its verdict, a heading and the lines
    saying why (``garou search --explain``, the web's "why")."""
    explanation = result.explanation
    if explanation is None:
        return []
    blocks = []
    for rank, hit in enumerate(result.hits, 1):
        why = explanation.hits.get(hit.id)
        if why is not None:
            heading = say("search.explain.hit", lang, rank=rank, title=hit.title, id=hit.id)
            blocks.append((heading, hit_lines(why, say, lang)))
    if explanation.verdict is not None:
        blocks.append((say("search.explain.verdict", lang),
                       verdict_lines(explanation.verdict, say, lang)))  # fmt: skip
    return blocks
