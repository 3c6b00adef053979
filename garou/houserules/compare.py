"""What two tables decided differently."""

from __future__ import annotations

from typing import Any

from garou.core.errors import GarouError
from garou.core.names import fold
from garou.core.records import record
from garou.rules.model import Text

from .agreement import Agreement, Decision


class DifferentGamesError(GarouError):
    """Raised when two agreements to compare are for different games."""


@record
class Difference:
    """One question two agreements answer differently (or only one of them asks)."""

    case: str
    """Entry id of the question, or "custom:<n>" as numbered in the agreement that has it."""
    question: Text
    """The question."""
    left: Decision | None
    """The first agreement's decision; None when only the second asks this question."""
    right: Decision | None
    """The second agreement's decision; None when only the first asks this question."""

    def to_dict(self, lang: str) -> dict[str, Any]:
        """Return the difference in ``lang``; a side that does not ask the question is None."""

        def side(decision: Decision | None) -> dict[str, Any] | None:
            if decision is None:
                return None
            return {"option": decision.option, "answer": decision.answer.get(lang)}

        return {
            "case": self.case,
            "question": self.question.get(lang),
            "left": side(self.left),
            "right": side(self.right),
        }


@record
class SetupDifference:
    """One part of the agreed setup (players, cards or names) two agreements differ on."""

    part: str
    """"players", "roles" or "names"."""
    left: object
    """The first agreement's value (a count, role id -> cards, or names); None if unset."""
    right: object
    """The second agreement's value; None if unset."""

    def to_dict(self) -> dict[str, Any]:
        """Return the difference as JSON: the part, and each side's value (None when unset)."""

        def side(value: object) -> Any:
            return list(value) if isinstance(value, tuple) else value

        return {"part": self.part, "left": side(self.left), "right": side(self.right)}


def _names_key(names: tuple[str, ...]) -> list[str]:
    """Names as compared: without regard to case, accents or order ("Éloïse" = "eloise")."""
    return sorted(fold(n) for n in names)


def diff_setups(left: Agreement, right: Agreement) -> list[SetupDifference]:
    """Return the parts of the agreed setup that ``left`` and ``right`` differ on.

    Players and cards are compared as numbers (a role dealt 0 times is no card); names as
    players type them, without regard to case, accents or seating order.
    """
    a, b = left.setup, right.setup
    found = []
    players = (a.players if a else None, b.players if b else None)
    if players[0] != players[1]:
        found.append(SetupDifference("players", *players))
    roles = tuple(
        {r: n for r, n in s.roles.items() if n} if s is not None else None for s in (a, b)
    )
    if roles[0] != roles[1]:
        found.append(SetupDifference("roles", *roles))
    names = (tuple(a.names) if a else (), tuple(b.names) if b else ())
    if _names_key(names[0]) != _names_key(names[1]):
        found.append(SetupDifference("names", names[0] or None, names[1] or None))
    return found


def diff_agreements(left: Agreement, right: Agreement) -> list[Difference]:
    """Return the questions ``left`` and ``right`` decide differently, in ``left``'s order.

    Rules questions are matched by id, a table's own questions by their folded text.
    Raise DifferentGamesError when the agreements are for different games.
    """
    if left.game != right.game:
        raise DifferentGamesError(
            "house.diff-games",
            left=left.path or "A",
            right=right.path or "B",
            left_game=left.game,
            right_game=right.game,
        )

    def key(decision: Decision) -> str:
        return f"custom:{fold(decision.question.fr)}" if decision.custom else decision.case

    others = {key(d): d for d in right.decisions}
    differences = []
    for decision in left.decisions:
        other = others.pop(key(decision), None)
        if other is None or other.option != decision.option:
            differences.append(Difference(decision.case, decision.question, decision, other))
    differences += [Difference(d.case, d.question, None, d) for d in others.values()]
    return differences


@record
class Comparison:
    """What two agreements, ``a`` and ``b`` (their paths as given), decided differently."""

    a: str
    b: str
    differences: tuple[Difference, ...]
    """The questions decided differently, in ``a``'s order (:func:`diff_agreements`)."""
    setups: tuple[SetupDifference, ...]
    """The parts of the setup that differ (:func:`diff_setups`)."""

    @property
    def same(self) -> bool:
        """True when the two tables decided everything alike."""
        return not self.differences and not self.setups

    def to_dict(self, lang: str) -> dict[str, Any]:
        """``{"a", "b", "same", "differences", "setup"}``, as ``garou house diff --json``."""
        return {
            "a": self.a,
            "b": self.b,
            "same": self.same,
            "differences": [d.to_dict(lang) for d in self.differences],
            "setup": [d.to_dict() for d in self.setups],
        }


def compare_agreements(left: Agreement, right: Agreement, a: str, b: str) -> Comparison:
    """Compare the agreements ``left`` (read from ``a``) and ``right`` (from ``b``)."""
    return Comparison(a, b, tuple(diff_agreements(left, right)), tuple(diff_setups(left, right)))
