"""Route the players' answers to the questions the engine asks, whatever order they come in.

An answer names what it answers (a shot, a successor, the captain's pick), the player
chosen and, optionally, who chooses. :func:`settle` runs a computation again with each
answer until nothing is pending or nobody answers; an answer that does not say who
chooses is refused as ambiguous when two players of the chain have that kind of choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from garou.core.names import fold
from garou.core.records import record

from .state import Choice, ChoiceKind, Pending, StateError, issue

R = TypeVar("R")


@record
class Answer:
    """A player's answer given in advance: "Ana shoots Bob", or just "Bob"."""

    kind: ChoiceKind
    """Which question it answers."""
    answer: str
    """The player chosen."""
    chooser: str | None = None
    """Who chooses; None when not said (accepted only when nobody else could be meant)."""


@record
class Settled(Generic[R]):
    """The last result, and the answers no question used."""

    result: R
    """The computation's last result (its ``pending`` is what is still to be answered)."""
    unused: tuple[Answer, ...]
    """Answers given that no question asked for."""


def settle(
    run: Callable[[list[Choice]], R],
    answers: Sequence[Answer] = (),
    ask: Callable[[Pending], str] | None = None,
) -> Settled[R]:
    """Run ``run`` with the choices made so far until nothing is pending.

    Each pending question takes the answer naming its chooser, else an answer naming no
    chooser, else ``ask(pending)`` (a person at the terminal), else it stays pending. The
    chooser and the answer match the table's names whatever their case and accents.
    Raise :class:`StateError` when an answer naming no chooser could be meant for two
    players.
    """
    left = list(answers)
    choices: list[Choice] = []
    asked: dict[str, set[str]] = {}
    blind: dict[str, Answer] = {}
    while True:
        result = run(choices)
        pending: Pending | None = getattr(result, "pending", None)
        if pending is None:
            break
        asked.setdefault(pending.kind, set()).add(pending.chooser)
        if any(c.kind == pending.kind and c.chooser == pending.chooser for c in choices):
            break
        match = next(
            (
                a
                for a in left
                if a.kind == pending.kind
                and a.chooser is not None
                and fold(a.chooser) == fold(pending.chooser)
            ),
            None,
        )
        if match is None:
            match = next((a for a in left if a.kind == pending.kind and a.chooser is None), None)
            if match is not None:
                blind[pending.kind] = match
        if match is not None:
            left.remove(match)
            choices.append(pending.answer(_spelled(pending, match.answer)))
        elif ask is not None:
            choices.append(pending.answer(_spelled(pending, ask(pending))))
        else:
            break
    for kind, answer in blind.items():
        if len(asked.get(kind, ())) > 1:
            raise StateError(
                [
                    issue(
                        (),  # an answer, not a key of a file
                        "play.ambiguous-answer",
                        answer=answer.answer,
                        choosers=sorted(asked[kind]),
                    )
                ],
                "choice",
            )
    return Settled(result, tuple(left))


def _spelled(pending: Pending, name: str) -> str:
    """Return ``name`` as the question's options spell it, when it is one of them."""
    by_folded = {fold(o): o for o in pending.options}
    return by_folded.get(fold(name), name)


def matches(pending: Pending, name: str) -> str | None:
    """Return the option of ``pending`` that ``name`` designates, or None."""
    return {fold(o): o for o in pending.options}.get(fold(name))


__all__ = ["Answer", "Settled", "matches", "settle"]
