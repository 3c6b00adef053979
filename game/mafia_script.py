"""The Mafia judge's script: what the evening waits for now, and what can be answered.

The terminal (``garou game play``, :mod:`garou.commands.mafia_play`) and the web app's
judge view (``garou serve``) both read the next step here and record its answer through
:mod:`garou.game.session`: the same order (the shots, the Don's check, the Sheriff's check,
the morning; the farewell, the speeches, the nominations, the vote, the night), the same
choices, the same ballots. Like :mod:`garou.game.script` for Loup-Garou, nothing here
records or decides anything: it only reads the replayed :class:`~garou.game.mafia.State`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .mafia import MAFIA_ROLES, TABLE_DECISIONS

if TYPE_CHECKING:
    from .mafia import State

CHECKS = (("don", "don"), ("sheriff", "sherif"))
"""The night's checks in the document's order: (event prefix, role id)."""


@dataclass(frozen=True)
class Step:
    """The one thing the evening waits for now."""

    kind: str
    """The event that answers it: "meeting" (the first night: answered by ``day``),
    "shot", "don-check", "sheriff-check", "day" (the morning), "farewell", "speech",
    "nominate" (nominations, or the night when nobody is nominated), "vote", "night",
    "table-decision" (what the table decided after a vote nobody won by more than half:
    ``player`` is the one with the most votes, ``targets`` the decisions); or "over"."""
    player: str | None = None
    """Who acts: the shooter, the checker, the speaker, the player saying farewell."""
    targets: tuple[str, ...] = ()
    """Whom the step may name: a shot's or a check's target, a farewell's best move."""
    seconds: int = 0
    """The length the rule data gives the step's speech (speech, a tied player's extra
    time, farewell, meeting)."""
    round: str | None = None
    """The vote's round: "first", "revote", "lift"; "revote" for a speech too: a tied
    player's extra time before the revote."""
    pool: tuple[str, ...] = ()
    """The nominees of the vote (in nomination order), the tied ones for a revote."""

    @property
    def event(self) -> str:
        """The event kind that answers the step (``day`` for the meeting)."""
        return "day" if self.kind == "meeting" else self.kind


def meeting_seconds(state: State) -> int:
    """The first night's meeting, as the rule data gives it (``night.first``: 60 s)."""
    for step in state.game.night.first:
        if step.does == "meet" and step.seconds:
            return int(step.seconds)
    return 0


def next_step(state: State) -> Step:
    """Return what ``state`` waits for now."""
    if state.phase == "over":
        if state.farewell_due:  # the last vote's or shot's player still has the farewell
            name = state.farewell_due[0]
            everyone = tuple(s.name for s in state.seats if s.name != name)
            return Step("farewell", name, everyone, seconds=state.farewell_seconds())
        return Step("over")
    living = tuple(s.name for s in state.living())
    if state.phase == "night":
        if state.night < state.game.night.regular_from:
            return Step("meeting", seconds=meeting_seconds(state))
        for seat in state.living():
            if seat.role in MAFIA_ROLES and seat.name not in state.shots:
                return Step("shot", seat.name, living)
        for who, role in CHECKS:
            seat = next(s for s in state.seats if s.role == role)
            if seat.alive and who not in state.checked:
                others = tuple(n for n in living if n != seat.name)
                return Step(f"{who}-check", seat.name, others)
        return Step("day")
    if state.farewell_due:
        name = state.farewell_due[0]
        everyone = tuple(s.name for s in state.seats if s.name != name)
        return Step("farewell", name, everyone, seconds=state.farewell_seconds())
    speaker = state.speaker()
    if speaker is not None:
        if state.vote_round == "revote":  # a tied player's extra time (mf-vote-tie)
            pool = vote_pool(state)
            return Step(
                "speech", speaker, seconds=state.speech_seconds(), round="revote", pool=pool
            )
        return Step("speech", speaker, seconds=state.speech_seconds())
    if state.vote_round == "table":  # the table decides what follows (TABLE_DECISIONS)
        return Step("table-decision", state.undecided, TABLE_DECISIONS)
    if state.vote_round is not None and state.nominations:
        pool = vote_pool(state)
        return Step("vote", round=state.vote_round, pool=pool, targets=living)
    if can_nominate(state):
        return Step("nominate", targets=living)
    return Step("night")


def can_nominate(state: State) -> bool:
    """True while nominations are open today: before the day's first vote."""
    return state.phase == "day" and state.vote_round == "first" and not state.today()["rounds"]


def nominators(state: State) -> list[str]:
    """The living players, who may each nominate: the document sets no number
    (``mf-nominations``), so neither does garou."""
    return [s.name for s in state.living()]


def nominees(state: State) -> list[str]:
    """The living players who may still be nominated today."""
    return [s.name for s in state.living() if s.name not in state.nominations]


def vote_pool(state: State) -> tuple[str, ...]:
    """Whom the vote is on, in nomination order (the silent ballots go to the last): the
    nominees, or the tied ones for the revote and the lift."""
    tied = state.vote_round in ("revote", "lift") and state.tied
    return tuple(n for n in state.nominations if not tied or n in state.tied)


def ballots(state: State, picks: Mapping[str, str]) -> dict[str, str]:
    """Return the ``vote`` event's ballots from each voter's pick (a nominee, or for the
    lift "yes"/"no"); a voter who picked nothing is left out: the engine counts a silent
    ballot against the last nominee (``mf-no-abstention``), a silent lift ballot as no."""
    living = {s.name for s in state.living()}
    if state.vote_round == "lift":
        return {
            voter: ("yes" if pick == "yes" else "no")
            for voter, pick in picks.items()
            if voter in living and pick in ("yes", "no")
        }
    return {voter: pick for voter, pick in picks.items() if voter in living and pick}


def lift_ballots(state: State, yes: Collection[str]) -> dict[str, str]:
    """The lift vote's ballots: "yes" for the players named, "no" for every other."""
    return {s.name: ("yes" if s.name in yes else "no") for s in state.living()}


def timer_labels(state: State) -> dict[str, int]:
    """The countdowns the current step may run, each with its length in seconds.

    A countdown is recorded under its label (the speaker's, the farewell's, a tied
    player's extra time); the one shown is the latest started of these labels, so that a
    countdown of an earlier speech is never shown for the next one.
    """
    step = next_step(state)
    if step.kind == "meeting":
        return {f"meeting:n{state.night}": step.seconds}
    if step.kind == "speech" and step.round == "revote":
        return {f"extra:d{state.day}:{step.player}": step.seconds}
    if step.kind == "speech":
        return {f"speech:d{state.day}:{step.player}": step.seconds}
    if step.kind == "farewell":
        return {f"farewell:{step.player}": step.seconds}
    return {}


def timer_label(state: State, player: str | None = None) -> str | None:
    """The label under which the current step's countdown is recorded (``player``: which
    tied player's extra time, at a revote); None when the step has no countdown."""
    labels = timer_labels(state)
    if player is not None:
        wanted = [label for label in labels if label.rsplit(":", 1)[-1] == player]
        return wanted[0] if wanted else None
    return next(iter(labels), None)


__all__ = [
    "Step",
    "ballots",
    "can_nominate",
    "lift_ballots",
    "meeting_seconds",
    "next_step",
    "nominators",
    "nominees",
    "timer_label",
    "timer_labels",
    "vote_pool",
]
