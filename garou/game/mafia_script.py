"""The Mafia judge's script: what the evening waits for now, and what can be answered.

The terminal (``garou game play``, :mod:`garou.cli.commands.mafia_play`) and the web app's
judge view (``garou serve``) both read the next step here and record its answer through
:mod:`garou.game.session`: the same order (the shots, the Don's check, the Sheriff's check,
the morning; the farewell, the speeches, the nominations, the vote, the night), the same
choices, the same ballots. Like :mod:`garou.game.script` for Loup-Garou, nothing here
records or decides anything: it only reads the replayed :class:`~garou.game.mafia.MafiaState`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from garou.core.catalogue import Phrase, phrase
from garou.core.records import record

from .mafia import MAFIA_ROLES, TABLE_DECISIONS, checks_due

if TYPE_CHECKING:
    from .mafia import MafiaState

DRAFT = "mafia-vote"
"""The journal's draft of the vote being typed (``Journal.save_draft``): the same one for
the terminal (``garou game play``) and the judge's phone (``garou serve``)."""

CHECKS = (("don", "don"), ("sheriff", "sherif"))
"""The night's checks in the document's order: (event prefix, role id)."""


@record
class Step:
    """The one thing the evening waits for now."""

    kind: str
    """The event that answers it: "meeting" (the first night: answered by ``day``),
    "shot", "don-check", "sheriff-check", "day" (the morning), "farewell", "speech",
    "nominate" (nominations open: more of them, ``close-nominations``, or the night when
    nobody is nominated), "vote", "night", "table-decision" (what the table decided after
    a vote nobody won by more than half: ``player`` is the one with the most votes,
    ``targets`` the decisions); or "over"."""
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
    meeting: bool = False
    """On the first night: the mafia's meeting (``seconds`` long) comes before this check."""
    skipped: tuple[str, ...] = ()
    """The players whose speech is passed over now, lost to fouls (``mf-foul``): the
    judge says so before the next speaker (or the nominations) is called."""

    @property
    def event(self) -> str:
        """The event kind that answers the step (``day`` for the meeting)."""
        return "day" if self.kind == "meeting" else self.kind


def meeting_seconds(state: MafiaState) -> int:
    """The first night's meeting, as the rule data gives it (``night.first``: 60 s)."""
    for step in state.game.night.first:
        if step.does == "meet" and step.seconds:
            return int(step.seconds)
    return 0


def next_step(state: MafiaState) -> Step:
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
            due = checks_due(state)
            if not due:
                return Step("meeting", seconds=meeting_seconds(state))
            # mafia.txt: « chaque nuit » the Don and the Sheriff check, after the meeting
            who, seat = due[0]
            others = tuple(n for n in living if n != seat.name)
            first = not state.checked  # the meeting is read before the first check
            seconds = meeting_seconds(state) if first else 0
            return Step(f"{who}-check", seat.name, others, seconds=seconds, meeting=first)
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
    skipped = tuple(state.passed_over())
    if speaker is not None:
        if state.vote_round == "revote":  # a tied player's extra time (mf-vote-tie)
            pool = vote_pool(state)
            return Step(
                "speech", speaker, seconds=state.speech_seconds(), round="revote", pool=pool
            )
        return Step("speech", speaker, seconds=state.speech_seconds(), skipped=skipped)
    if state.vote_round == "table":  # the table decides what follows (TABLE_DECISIONS)
        return Step("table-decision", state.undecided, TABLE_DECISIONS)
    if can_nominate(state):
        # the nominations stay open until the judge closes them (close-nominations)
        return Step("nominate", targets=living, pool=tuple(state.nominations), skipped=skipped)
    if state.vote_round is not None and state.nominations:
        pool = vote_pool(state)
        return Step("vote", round=state.vote_round, pool=pool, targets=living)
    return Step("night")


def can_nominate(state: MafiaState) -> bool:
    """True while nominations are open today: before the judge closes them
    (``close-nominations``) or the day's first vote does."""
    return (
        state.phase == "day"
        and state.vote_round == "first"
        and not state.today()["rounds"]
        and not state.nominations_closed
    )


def nominators(state: MafiaState) -> list[str]:
    """The living players, who may each nominate: the document sets no number
    (``mf-nominations``), so neither does garou."""
    return [s.name for s in state.living()]


def nominees(state: MafiaState) -> list[str]:
    """The living players who may still be nominated today."""
    return [s.name for s in state.living() if s.name not in state.nominations]


def vote_pool(state: MafiaState) -> tuple[str, ...]:
    """Whom the vote is on, in nomination order (the silent ballots go to the last): the
    nominees, or the tied ones for the revote and the lift."""
    tied = state.vote_round in ("revote", "lift") and state.tied
    return tuple(n for n in state.nominations if not tied or n in state.tied)


def ballots(state: MafiaState, picks: Mapping[str, str]) -> dict[str, str]:
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


@record
class Ballots:
    """The ballots typed for the vote being held, as they still stand now."""

    votes: dict[str, str]
    """Voter → nominee (or "yes"/"no" at the lift): only ballots that still hold."""
    done: tuple[str, ...]
    """The nominees whose voters the terminal has asked already (in nomination order)."""
    told: tuple[Phrase, ...] = ()
    """What the judge must be told: the events recorded since the ballots were typed, each
    ballot dropped and why, the voters now. Empty when nothing changed."""

    @property
    def changed(self) -> bool:
        return bool(self.told)


def draft_data(
    state: MafiaState, votes: Mapping[str, str], done: Sequence[str] = ()
) -> dict[str, Any]:
    """The draft of the vote being typed, as the journal keeps it (both faces)."""
    return {
        "day": state.day,
        "round": state.vote_round,
        "pool": list(vote_pool(state)),
        "votes": dict(votes),
        "done": list(done),
        "voters": [s.name for s in state.living()],
    }


def kept_ballots(
    state: MafiaState, saved: Mapping[str, Any] | None, since: Sequence[Any] = ()
) -> Ballots:
    """Return the ballots of the draft ``saved`` that still hold in ``state`` (the vote
    now: :func:`next_step` is "vote"), each one dropped said with why, never silently.

    ``since``: the events recorded after the draft was kept (their sentences): a foul, a
    disqualification, an undo typed in the middle of the vote. A player out of the game
    since (disqualified: ``mf-disqualification``) has no ballot; a ballot against a nominee
    no longer on the vote is dropped, its voter asked again; a player who lost their next
    speech to fouls still votes (the document: "Aucune autre conséquence")."""
    if not saved:
        return Ballots({}, ())
    told: list[Phrase] = []
    raw = saved.get("votes")
    typed = {str(k): str(v) for k, v in raw.items()} if isinstance(raw, Mapping) else {}
    raw_done = saved.get("done")
    done_before = [str(n) for n in raw_done] if isinstance(raw_done, list) else []
    if since and (typed or done_before):
        told.append(phrase("game.draft.since", count=len(since), events=list(since)))
    if saved.get("day") != state.day or saved.get("round") != state.vote_round:
        if typed:
            told.append(phrase("game.draft.obsolete", count=len(typed)))
        return Ballots({}, (), tuple(told))
    lift = state.vote_round == "lift"
    pool = vote_pool(state)
    living = {s.name for s in state.living()}
    votes: dict[str, str] = {}
    for voter, target in typed.items():
        if voter not in living:
            why = _out(state, voter)
            told.append(phrase("game.draft.voter-out", voter=voter, target=target, why=why))
        elif lift and target not in ("yes", "no") or not lift and target not in pool:
            why = _out(state, target)
            told.append(phrase("game.draft.nominee-out", voter=voter, target=target, why=why))
        else:
            votes[voter] = target
    raw_voters = saved.get("voters")
    before = [str(n) for n in raw_voters] if isinstance(raw_voters, list) else []
    gone = [n for n in before if n not in living]
    if gone:
        told.append(phrase("game.draft.voters", count=len(living), gone=gone))
    done = tuple(n for n in done_before if n in pool)
    return Ballots(votes, done, tuple(told))


def _out(state: MafiaState, name: str) -> Any:
    """Why ``name`` is no longer at the table (or on the vote), in words."""
    try:
        seat = state.player(name)
    except Exception:  # a name no seat has any more: said as it is
        return phrase("game.draft.not-on-vote")
    if seat.out is not None:
        return phrase(f"cause.{seat.out}")
    return phrase("game.draft.not-on-vote")


def lift_ballots(state: MafiaState, yes: Collection[str]) -> dict[str, str]:
    """The lift vote's ballots: "yes" for the players named, "no" for every other."""
    return {s.name: ("yes" if s.name in yes else "no") for s in state.living()}


def timer_labels(state: MafiaState) -> dict[str, int]:
    """The countdowns the current step may run, each with its length in seconds.

    A countdown is recorded under its label (the speaker's, the farewell's, a tied
    player's extra time); the one shown is the latest started of these labels, so that a
    countdown of an earlier speech is never shown for the next one.
    """
    step = next_step(state)
    if step.kind == "meeting" or step.meeting:
        return {f"meeting:n{state.night}": step.seconds}
    if step.kind == "speech" and step.round == "revote":
        return {f"extra:d{state.day}:{step.player}": step.seconds}
    if step.kind == "speech":
        return {f"speech:d{state.day}:{step.player}": step.seconds}
    if step.kind == "farewell":
        return {f"farewell:{step.player}": step.seconds}
    return {}


def timer_label(state: MafiaState, player: str | None = None) -> str | None:
    """The label under which the current step's countdown is recorded (``player``: which
    tied player's extra time, at a revote); None when the step has no countdown."""
    labels = timer_labels(state)
    if player is not None:
        wanted = [label for label in labels if label.rsplit(":", 1)[-1] == player]
        return wanted[0] if wanted else None
    return next(iter(labels), None)


__all__ = [
    "DRAFT",
    "Ballots",
    "Step",
    "ballots",
    "can_nominate",
    "draft_data",
    "kept_ballots",
    "lift_ballots",
    "meeting_seconds",
    "next_step",
    "nominators",
    "nominees",
    "timer_label",
    "timer_labels",
    "vote_pool",
]
