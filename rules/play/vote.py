"""Count a day vote and say what happens next, following the game's tie procedure.

Everything comes from ``game.day.vote``: plurality or majority, the tie steps with and
without a captain (captain-decides, extra-time, revote-tied, lift-vote, nobody-leaves),
what a player who does not vote counts for, and how the lift vote passes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..model import TieStep
from ..names import fold
from .messages import ROUNDS, either, names, quantity, say
from .state import (
    Choice,
    Death,
    Issue,
    Pending,
    StateError,
    Step,
    TableState,
    unknown_player,
)

VoteRound = Literal["first", "revote", "lift"]
"""Which vote of the day: the first, the second between tied players, or the lift vote."""

VOTE_ROUNDS: tuple[str, ...] = VoteRound.__args__  # type: ignore[attr-defined]

_ROUND_STEP: dict[str, TieStep] = {"revote": "revote-tied", "lift": "lift-vote"}
_YES = {"yes", "y", "oui", "o", "leave", "leaves", "partir", "pour", "for", "out", "1", "true"}
_NO = {"no", "n", "non", "stay", "stays", "rester", "contre", "against", "keep", "garder",
       "0", "false"}  # fmt: skip


def lift_ballot(value: object) -> bool | None:
    """Return True for a lift vote in favour (yes, oui, leave), False against, else None."""
    word = fold(str(value))
    return True if word in _YES else False if word in _NO else None


@dataclass(frozen=True)
class NextVote:
    """The vote to hold next."""

    round: VoteRound
    """Which round."""
    tied: tuple[str, ...]
    """The tied players it is about."""
    rule: str
    """Id of the entry that calls for it."""


@dataclass(frozen=True)
class VoteResult:
    """What a vote gives: the count, who leaves, and what to do next."""

    round: VoteRound
    """The round counted."""
    tally: tuple[tuple[str, int], ...]
    """Votes per player (or "yes"/"no" for the lift vote), most first."""
    eliminated: tuple[str, ...]
    """Who leaves the game (none when the vote is not over or nobody leaves)."""
    deaths: tuple[Death, ...]
    """The departures to resolve next (see :func:`rules.play.resolve_cascade`)."""
    steps: tuple[Step, ...]
    """The ruling, step by step."""
    next: NextVote | None = None
    """The vote to hold next, when the tie procedure calls for another one."""
    pending: Pending | None = None
    """The choice a player must make first (the captain breaking a tie)."""
    unused: tuple[Choice, ...] = ()
    """Choices passed in that no question asked for."""

    @property
    def over(self) -> bool:
        """True when the day's vote is settled (someone leaves, or nobody does)."""
        return self.next is None and self.pending is None

    def as_dict(self) -> dict[str, Any]:
        """Return the result as plain data."""
        return {
            "round": self.round,
            "tally": dict(self.tally),
            "eliminated": list(self.eliminated),
            "over": self.over,
            "steps": [s.as_dict() for s in self.steps],
            "next": None
            if self.next is None
            else {"round": self.next.round, "tied": list(self.next.tied), "rule": self.next.rule},
            "pending": None if self.pending is None else self.pending.as_dict(),
            "deaths": [{"player": d.player, "cause": d.cause} for d in self.deaths],
        }


def tie_procedure(state: TableState) -> tuple[TieStep, ...]:
    """Return the tie steps that apply: with the captain when there is one, else without."""
    tie = state.game.day.vote.tie
    if state.captain is not None and tie.with_captain:
        return tie.with_captain
    return tie.without_captain


def check_vote(
    state: TableState,
    *,
    votes: Mapping[str, str] | None = None,
    tallies: Mapping[str, int] | None = None,
    round: str = "first",
    tied: Sequence[str] = (),
    nominations: Sequence[str] = (),
    ballots_required: bool = True,
) -> list[Issue]:
    """Return every problem of a vote's input (voters, targets, round, tied players);
    ``ballots_required`` False lets the votes and tallies be left out."""
    game, rules = state.game, state.game.day.vote
    issues: list[Issue] = []
    everyone = state.names()
    living = {p.name for p in state.living()}

    def must_live(path: tuple[str | int, ...], name: str, what: str) -> bool:
        if name not in everyone:
            issues.append(Issue(path, unknown_player(everyone, name)))
        elif name not in living:
            issues.append(Issue(path, f"{what} {name!r} is dead; the dead take no part"))
        else:
            return True
        return False

    if round not in VOTE_ROUNDS:
        return [Issue(("round",), f"unknown round {round!r}; rounds: {', '.join(VOTE_ROUNDS)}")]
    if votes is not None and tallies is not None:
        issues.append(Issue(("tallies",), "give either the votes or the tallies, not both"))
    if votes is None and tallies is None and ballots_required:
        issues.append(Issue(("votes",), "give the votes (voter: target) or the tallies"))
    procedure = tie_procedure(state)
    if round != "first" and _ROUND_STEP[round] not in procedure:
        why = " with a captain: the captain decides" if state.captain else ""
        issues.append(
            Issue(
                ("round",),
                f"{game.id} has no {round} round{why}; its tie "
                f"procedure is: {', '.join(procedure) or 'none'}",
            )
        )
    if round == "first" and tied:
        issues.append(Issue(("tied",), "tied players are only given for a revote or a lift vote"))
    if round != "first":
        if len(set(tied)) < 2 or len(set(tied)) != len(tied):
            issues.append(
                Issue(
                    ("tied",),
                    f"a {round} round needs the tied players: at least two different players",
                )
            )
        for i, name in enumerate(tied):
            must_live(("tied", i), name, "tied player")
    if nominations and not rules.nominations:
        issues.append(Issue(("nominations",), f"{game.id} has no nominations; leave them out"))
    if len(set(nominations)) != len(nominations):
        issues.append(Issue(("nominations",), "a player is nominated twice; list each once"))
    for i, name in enumerate(nominations):
        must_live(("nominations", i), name, "nominee")
    allowed = set(tied) if round == "revote" else set(nominations) if nominations else None
    if round == "lift":
        issues += _check_lift(votes, tallies, must_live, len(living))
    else:
        for voter, target in (votes or {}).items():
            ok_voter = must_live(("votes", voter), voter, "voter")
            if (
                ok_voter
                and must_live(("votes", voter), target, "target")
                and allowed is not None
                and target not in allowed
            ):
                pool = "tied players" if round == "revote" else "nominees"
                issues.append(
                    Issue(
                        ("votes", voter),
                        f"{target!r} is not among the {pool} ({', '.join(sorted(allowed))})",
                    )
                )
        total = 0
        for target, count in (tallies or {}).items():
            if (
                must_live(("tallies", target), target, "target")
                and allowed is not None
                and target not in allowed
            ):
                issues.append(
                    Issue(
                        ("tallies", target),
                        f"{target!r} is not among the candidates ({', '.join(sorted(allowed))})",
                    )
                )
            if not _is_count(count):
                issues.append(Issue(("tallies", target), f"{count!r} is not a number of votes"))
            else:
                total += count
        if total > len(living):
            issues.append(Issue(("tallies",), f"{total} votes for {len(living)} living players"))
        missing = len(living) - (len(votes) if votes is not None else total)
        if (
            rules.abstention == "last-nominee"
            and missing > 0
            and round == "first"
            and not nominations
            and (votes is not None or tallies is not None)
        ):
            issues.append(
                Issue(
                    ("nominations",),
                    f"{missing} living player(s) did not vote; "
                    "their votes go to the last nominee: give the nomination order",
                )
            )
    return issues


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_lift(
    votes: Mapping[str, object] | None,
    tallies: Mapping[str, object] | None,
    must_live: Any,
    living: int,
) -> list[Issue]:
    issues: list[Issue] = []
    for voter, ballot in (votes or {}).items():
        must_live(("votes", voter), voter, "voter")
        if lift_ballot(ballot) is None:
            issues.append(
                Issue(
                    ("votes", voter),
                    f"{ballot!r} is not a lift ballot; answer yes (they leave) or no (they stay)",
                )
            )
    total = 0
    for key, count in (tallies or {}).items():
        if lift_ballot(key) is None:
            issues.append(
                Issue(("tallies", key), f"{key!r} is not a lift ballot; count yes and no")
            )
        if not _is_count(count):
            issues.append(Issue(("tallies", key), f"{count!r} is not a number of votes"))
        else:
            total += count  # type: ignore[operator]
    if total > living:
        issues.append(Issue(("tallies",), f"{total} votes for {living} living players"))
    return issues


def count_votes(
    state: TableState,
    *,
    votes: Mapping[str, str] | None = None,
    tallies: Mapping[str, int] | None = None,
    round: VoteRound = "first",
    tied: Sequence[str] = (),
    nominations: Sequence[str] = (),
    choices: Iterable[Choice] = (),
    lang: str = "fr",
) -> VoteResult:
    """Count a vote of ``round`` and return who leaves, or the next step to run.

    ``votes`` maps each voter to the player they vote against (for the lift vote: to yes
    or no); ``tallies`` gives the counts instead. ``tied`` are the tied players of a revote
    or lift vote; ``nominations`` the nominees in the order they were named. A choice the
    rules leave to a player (the captain's) is returned as ``pending`` unless ``choices``
    holds it. Raise :class:`StateError` when the input cannot be used.
    """
    issues = check_vote(
        state, votes=votes, tallies=tallies, round=round, tied=tied, nominations=nominations
    )
    if issues:
        raise StateError(issues, "vote")
    given = list(choices)
    if round == "lift":
        return _lift(state, votes, tallies, tuple(tied), given, lang)
    rules = state.game.day.vote
    counts: Counter[str] = Counter()
    if votes is not None:
        counts.update(votes.values())
    else:
        counts.update({k: v for k, v in (tallies or {}).items() if v})
    steps: list[Step] = []
    living = [p.name for p in state.living()]
    missing = len(living) - (len(votes) if votes is not None else sum((tallies or {}).values()))
    if missing > 0:
        steps.append(_abstention(state, votes, missing, round, tied, nominations, counts, lang))
    order = {n: i for i, n in enumerate(state.names())}
    tally = tuple(sorted(counts.items(), key=lambda kv: (-kv[1], order[kv[0]])))
    shown = ", ".join(f"{n} ({quantity(c, 'vote', lang)})" for n, c in tally)
    shown = shown or say("vote.tally-none", lang)
    steps.append(
        Step(
            rules.entry,
            "vote.tally",
            say("vote.tally", lang, round=ROUNDS[round][lang], tally=shown),
            {"tally": dict(tally)},
        )
    )
    if not tally:
        steps.append(Step(rules.entry, "vote.no-votes", say("vote.no-votes", lang)))
        return VoteResult(round, tally, (), (), tuple(steps), unused=tuple(given))
    top = tally[0][1]
    leaders = tuple(n for n, c in tally if c == top)
    if len(leaders) == 1:
        code = f"vote.eliminated.{rules.decision}"
        steps.append(
            Step(
                rules.entry,
                code,
                say(code, lang, name=leaders[0], votes=quantity(top, "vote", lang)),
                {"eliminated": [leaders[0]]},
            )
        )
        return VoteResult(
            round, tally, leaders, (Death(leaders[0], "vote"),), tuple(steps), unused=tuple(given)
        )
    steps.append(
        Step(
            rules.tie.entry,
            "vote.tie",
            say("vote.tie", lang, votes=quantity(top, "vote", lang), names=names(leaders, lang)),
            {"tied": list(leaders)},
        )
    )
    return _tie(state, round, tally, leaders, steps, given, lang)


def _abstention(
    state: TableState,
    votes: Mapping[str, str] | None,
    missing: int,
    round: str,
    tied: Sequence[str],
    nominations: Sequence[str],
    counts: Counter[str],
    lang: str,
) -> Step:
    rules = state.game.day.vote
    absent = [p.name for p in state.living() if votes is not None and p.name not in votes]
    # With the tallies only, who did not vote is unknown: say how many.
    who = names(absent, lang) if absent else quantity(missing, "living", lang)
    if rules.abstention == "last-nominee":
        pool = [n for n in nominations if round != "revote" or n in tied] or list(tied)
        nominee = pool[-1]
        counts[nominee] += missing
        return Step(
            rules.abstention_entry or rules.entry,
            "vote.abstain-last-nominee",
            say(
                "vote.abstain-last-nominee",
                lang,
                number=missing,
                names=who,
                nominee=nominee,
                votes=quantity(missing, "vote", lang),
            ),
            {"absent": absent, "count": missing, "nominee": nominee},
        )
    return Step(
        rules.entry,
        "vote.abstain-allowed",
        say("vote.abstain-allowed", lang, number=missing, names=who),
        {"absent": absent, "count": missing},
    )


def _tie(
    state: TableState,
    round: VoteRound,
    tally: tuple[tuple[str, int], ...],
    tied: tuple[str, ...],
    steps: list[Step],
    given: list[Choice],
    lang: str,
) -> VoteResult:
    tie = state.game.day.vote.tie
    procedure = tie_procedure(state)
    start = 0 if round == "first" else procedure.index(_ROUND_STEP[round]) + 1
    listed = names(tied, lang)
    for step in procedure[start:]:
        if step == "captain-decides":
            captain = state.captain
            if captain is None:
                continue
            chosen = next(
                (c for c in given if c.kind == "captain-pick" and c.chooser == captain), None
            )
            if chosen is None:
                question = say(
                    "question.captain-pick", lang, chooser=captain, options=either(tied, lang)
                )
                steps.append(
                    Step(
                        tie.entry,
                        "tie.captain-decides",
                        say("tie.captain-decides", lang, captain=captain, names=listed),
                        {"captain": captain, "tied": list(tied)},
                    )
                )
                pending = Pending("captain-pick", captain, tied, tie.entry, question)
                return VoteResult(
                    round, tally, (), (), tuple(steps), pending=pending, unused=tuple(given)
                )
            if chosen.answer not in tied:
                raise StateError(
                    [
                        Issue(
                            ("choices", "captain-pick"),
                            f"the captain must choose between {listed}, not {chosen.answer!r}",
                        )
                    ],
                    "vote",
                )
            given.remove(chosen)
            steps.append(
                Step(
                    tie.entry,
                    "tie.captain-decided",
                    say("tie.captain-decided", lang, captain=captain, name=chosen.answer),
                    {"captain": captain, "eliminated": [chosen.answer]},
                )
            )
            return VoteResult(
                round,
                tally,
                (chosen.answer,),
                (Death(chosen.answer, "vote"),),
                tuple(steps),
                unused=tuple(given),
            )
        if step == "extra-time":
            steps.append(
                Step(tie.entry, "tie.extra-time", say("tie.extra-time", lang, names=listed))
            )
            continue
        if step in ("revote-tied", "lift-vote"):
            code = f"tie.{step}"
            following: VoteRound = "revote" if step == "revote-tied" else "lift"
            steps.append(
                Step(
                    tie.entry,
                    code,
                    say(code, lang, names=listed),
                    {"next": following, "tied": list(tied)},
                )
            )
            return VoteResult(
                round,
                tally,
                (),
                (),
                tuple(steps),
                next=NextVote(following, tied, tie.entry),
                unused=tuple(given),
            )
        if step == "nobody-leaves":
            break
    code = "tie.nobody-leaves" if "nobody-leaves" in procedure[start:] else "tie.exhausted"
    steps.append(Step(tie.entry, code, say(code, lang), {"eliminated": []}))
    return VoteResult(round, tally, (), (), tuple(steps), unused=tuple(given))


def _lift(
    state: TableState,
    votes: Mapping[str, str] | None,
    tallies: Mapping[str, int] | None,
    tied: tuple[str, ...],
    given: list[Choice],
    lang: str,
) -> VoteResult:
    rules = state.game.day.vote
    entry = rules.lift_entry or rules.tie.entry
    yes = no = 0
    if votes is not None:
        for ballot in votes.values():
            if lift_ballot(ballot):
                yes += 1
            else:
                no += 1
    else:
        for key, count in (tallies or {}).items():
            if lift_ballot(key):
                yes += count
            else:
                no += count
    alive = len(state.living())
    tally = (("yes", yes), ("no", no))
    steps = [
        Step(
            rules.entry,
            "vote.tally",
            say(
                "vote.tally",
                lang,
                round=ROUNDS["lift"][lang],
                tally=say("lift.tally", lang, yes=yes, no=no),
            ),
            {"tally": dict(tally)},
        )
    ]
    if alive - yes - no > 0:
        steps.append(
            Step(
                entry,
                "lift.abstain",
                say(
                    "lift.abstain",
                    lang,
                    number=alive - yes - no,
                    who=quantity(alive - yes - no, "living", lang),
                ),
                {"count": alive - yes - no},
            )
        )
    # The lift passes by a majority of the living players (rules.lift_passes == "majority").
    need = alive // 2 + 1
    listed = names(tied, lang)
    values = {"yes": yes, "alive": quantity(alive, "living", lang), "need": need, "names": listed}
    if yes >= need:
        steps.append(
            Step(
                entry, "lift.passes", say("lift.passes", lang, **values), {"eliminated": list(tied)}
            )
        )
        deaths = tuple(Death(n, "lift") for n in tied)
        return VoteResult("lift", tally, tied, deaths, tuple(steps), unused=tuple(given))
    steps.append(Step(entry, "lift.fails", say("lift.fails", lang, **values), {"eliminated": []}))
    return VoteResult("lift", tally, (), (), tuple(steps), unused=tuple(given))
