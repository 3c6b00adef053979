"""What two tables decided differently."""

from __future__ import annotations

from dataclasses import dataclass

from garou.rules.errors import GarouError
from garou.rules.model import Text
from garou.rules.names import fold

from .agreement import Agreement, Decision


class DifferentGamesError(GarouError):
    """Raised when two agreements to compare are for different games."""


@dataclass(frozen=True)
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


def diff_agreements(left: Agreement, right: Agreement) -> list[Difference]:
    """Return the questions ``left`` and ``right`` decide differently, in ``left``'s order.

    Rules questions are matched by id, a table's own questions by their folded text.
    Raise DifferentGamesError when the agreements are for different games.
    """
    if left.game != right.game:
        raise DifferentGamesError(
            f"{left.path or 'the first agreement'} is for {left.game} and "
            f"{right.path or 'the second'} for {right.game}: there is nothing to compare"
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
