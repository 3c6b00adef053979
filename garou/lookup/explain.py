"""Why a search returned what it returned: each hit's placing and the verdict's weights.

Built only when asked (``Searcher.search(..., explain=True)``: ``garou search --explain``,
the web's "why"), from a small trace the searcher keeps on the way, never by a second pass:

- per hit, the query's words it matched, in which field and language, as typed, through
  a name or a synonym, or after a typo's correction, and what each scored; and its
  lexical score, which orders the hits;
- for the verdict, the hard rule that decided alone, or the fitted judgement's terms
  (intercept, each feature's value times its weight: they add up to the logit of the
  probability compared with the threshold).

Pure records and the lines that say them (through a catalogue lookup ``say``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from garou.core.records import record

SHOWN_TERMS = 5
"""Terms said per verdict (the largest; the others are summed)."""

Say = Callable[..., str]


def _plain(item: Any) -> dict[str, Any]:
    """Return a record's fields as in ``--json``: numbers to four places, None left out."""
    values = {f.name: getattr(item, f.name) for f in fields(item)}
    return {
        name: round(value, 4) if isinstance(value, int | float) else value
        for name, value in values.items()
        if value is not None
    }


@record
class Match:
    """One word (or phrase) of the query found in a hit."""

    words: str
    """The query's words, as searched (folded; corrected when they were a typo)."""
    field: str
    """The field it was found in, the best of the hit's: title, names, about, text, asks."""
    lang: str
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


@record
class HitWhy:
    """What placed one hit where it is."""

    id: str
    score: float
    """The score the hits are ordered by: ``lexical`` times each of ``factors``."""
    matches: tuple[Match, ...] = ()
    """What each of the query's words added to the lexical score (they sum to it)."""
    lexical: float = 0.0
    factors: tuple[tuple[str, float], ...] = ()
    """What multiplies the lexical score (:func:`garou.lookup.scoring.factors`)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the explanation as in ``garou search --json --explain``."""
        factors = [{"factor": name, "value": round(value, 6)} for name, value in self.factors]
        matched = [_plain(m) for m in self.matches]
        return {
            "score": round(self.score, 6),
            "lexical": round(self.lexical, 6),
            "factors": factors,
            "matched": matched,
        }


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

    def shown(self) -> tuple[list[Term], float]:
        """Return the ``SHOWN_TERMS`` largest terms, and the sum of the others."""
        rest = sum(t.contribution for t in self.terms[SHOWN_TERMS:])
        return list(self.terms[:SHOWN_TERMS]), rest

    def to_dict(self) -> dict[str, Any]:
        """Return the explanation as in ``garou search --json --explain``."""
        data: dict[str, Any] = {"answered": self.answered, "reason": self.reason}
        if self.rule is not None:
            data["rule"] = self.rule
        if self.probability is not None:
            shown, rest = self.shown()
            data.update(probability=round(self.probability, 4),
                        threshold=round(self.threshold or 0.0, 4),
                        intercept=round(self.intercept, 4),
                        terms=[_plain(t) for t in shown], others=round(rest, 4))  # fmt: skip
        return data


@dataclass
class Explanation:
    """Why a search returned what it returned."""

    hits: dict[str, HitWhy] = field(default_factory=dict)
    """Per hit id (the hits and each game's best)."""
    verdict: VerdictWhy | None = None


def verdict_why(verdict: Any, model: Any) -> VerdictWhy:
    """Return the explanation of a ``verdict.Verdict`` judged with ``model`` (a
    ``verdict.Model``)."""
    if verdict.probability is None:
        return VerdictWhy(verdict.answered, verdict.reason, rule=verdict.reason)
    terms = []
    for name, weight in zip(model.features, model.weights[1:], strict=True):
        value = verdict.features.get(name, 0.0)
        if weight * value:
            terms.append(Term(name, value, weight, weight * value))
    terms.sort(key=lambda t: (-abs(t.contribution), t.feature))
    return VerdictWhy(verdict.answered, verdict.reason, probability=verdict.probability,
                      threshold=model.threshold, intercept=model.weights[0],
                      terms=tuple(terms))  # fmt: skip


# --- the lines that say it ---------------------------------------------------------------------


def _number(value: float, lang: str, signed: bool = False) -> str:
    """Return ``value`` as the explanation writes it: two decimals (more digits for a small
    one), a decimal comma in French, a sign when ``signed``."""
    text = f"{value:+.2f}" if abs(value) >= 0.005 or not value else f"{value:+.1e}"
    text = text if signed else text.lstrip("+")
    return text.replace(".", ",") if lang == "fr" else text


def hit_lines(why: HitWhy, say: Say, lang: str) -> list[str]:
    """Return the lines saying what placed the hit (the catalogue's words)."""
    score, lexical = _number(why.score, lang), _number(why.lexical, lang)
    lines = [say("search.explain.score", lang, score=score, lexical=lexical)]
    for m in why.matches:
        where = say(f"search.explain.field.{m.field}", lang)
        language = say(f"search.explain.language.{m.lang}", lang)
        line = say("search.explain.match", lang, words=m.words, field=where,
                   language=language, score=_number(m.score, lang))  # fmt: skip
        if m.via != "typed":
            line += " " + say(f"search.explain.via-{m.via}", lang, phrase=m.phrase)
        if m.typed:
            line += " " + say("search.explain.corrected", lang, typed=m.typed)
        lines.append(line)
    for name, value in why.factors:
        said = say(f"search.explain.factor.{name}", lang)
        factor = _number(value, lang)
        lines.append(say("search.explain.factor", lang, value=factor, factor=said))
    return lines


def verdict_lines(why: VerdictWhy, say: Say, lang: str) -> list[str]:
    """Return the lines saying why the first hit answers, or why the rules do not say."""
    if why.rule is not None or why.probability is None:
        rule = say(f"search.explain.reason.{why.rule or why.reason}", lang)
        return [say("search.explain.rule", lang, rule=rule)]
    key = "search.explain.weighed-answered" if why.answered else "search.explain.weighed-not"
    shown, rest = why.shown()
    listed = ", ".join(
        f"{say(f'search.explain.feature.{t.feature}', lang)} {_number(t.contribution, lang, True)}"
        for t in shown
    )
    reason = say(f"search.explain.reason.{why.reason}", lang) if why.reason else ""
    return [
        say(key, lang, probability=_number(why.probability, lang),
            threshold=_number(why.threshold or 0.0, lang), reason=reason),
        say("search.explain.weights", lang, terms=listed, others=_number(rest, lang, True),
            intercept=_number(why.intercept, lang, True)),
    ]  # fmt: skip


def explanation_lines(result: Any, lang: str, say: Say) -> list[tuple[str, list[str]]]:
    """Return, per hit shown (those shown whole, then those listed, numbered as the list
    numbers them) then for the verdict, a heading and the lines saying why (``garou
    search --explain``, the web's "why")."""
    explanation = result.explanation
    if explanation is None:
        return []
    blocks = []
    for hit in result.in_full:
        heading = say("search.explain.hit-whole", lang, title=hit.title, id=hit.id)
        blocks.append((heading, hit_lines(explanation.hits[hit.id], say, lang)))
    for rank, hit in enumerate(result.listed, 1):
        heading = say("search.explain.hit", lang, rank=rank, title=hit.title, id=hit.id)
        blocks.append((heading, hit_lines(explanation.hits[hit.id], say, lang)))
    if explanation.verdict is not None:
        blocks.append((say("search.explain.verdict", lang),
                       verdict_lines(explanation.verdict, say, lang)))  # fmt: skip
    return blocks
