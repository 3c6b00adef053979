"""Count a day vote and say what happens next, following the game's tie procedure.

Everything comes from ``game.day.vote``: plurality or majority, the tie steps with and
without a captain (captain-decides, extra-time, revote-tied, lift-vote, nobody-leaves),
what a player who does not vote counts for, and how the lift vote passes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from garou.core.catalogue import join, phrase, say
from garou.core.names import fold
from garou.core.records import record

from ..model import Game, TieStep
from .state import (
    CAPTAIN_CASE,
    MAJORITY_CASE,
    Choice,
    Death,
    Issue,
    Pending,
    StateError,
    Step,
    TableState,
    issue,
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


@record
class NextVote:
    """The vote to hold next."""

    round: VoteRound
    """Which round."""
    tied: tuple[str, ...]
    """The tied players it is about."""
    rule: str
    """Id of the entry that calls for it."""
    nominations: tuple[str, ...] = ()
    """The nomination order of the day, carried from round to round."""

    def to_dict(self) -> dict[str, Any]:
        """Return the next vote as plain data."""
        return {
            "round": self.round,
            "tied": list(self.tied),
            "rule": self.rule,
            "nominations": list(self.nominations),
        }


@record
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

    def to_dict(self) -> dict[str, Any]:
        """Return the result as plain data."""
        return {
            "round": self.round,
            "tally": dict(self.tally),
            "eliminated": list(self.eliminated),
            "over": self.over,
            "steps": [s.to_dict() for s in self.steps],
            "next": None if self.next is None else self.next.to_dict(),
            "pending": None if self.pending is None else self.pending.to_dict(),
            "deaths": [{"player": d.player, "cause": d.cause} for d in self.deaths],
        }


def tie_procedure(state: TableState) -> tuple[TieStep, ...]:
    """Return the tie steps that apply: with the captain when there is one, else without."""
    tie = state.game.day.vote.tie
    if state.captain is not None and tie.with_captain:
        return tie.with_captain
    return tie.without_captain


def normalize(
    state: TableState,
    votes: Mapping[str, str] | None,
    tallies: Mapping[str, int] | None,
    tied: Sequence[str],
    nominations: Sequence[str],
    round: str,
) -> tuple[dict[str, str] | None, dict[str, int] | None, tuple[str, ...], tuple[str, ...]]:
    """Return the vote's names as the table spells them (case and accents do not matter);
    the tied players in seat order, so that nothing depends on the order they were typed."""
    fix = state.resolve
    if votes is not None:
        lift = round == "lift"
        votes = {fix(k): (v if lift else fix(v)) for k, v in votes.items()}
    if tallies is not None and round != "lift":
        tallies = {fix(k): v for k, v in tallies.items()}
    seat = {n: i for i, n in enumerate(state.names())}
    tied = tuple(fix(n) for n in tied)
    if all(n in seat for n in tied) and len(set(tied)) == len(tied):
        tied = tuple(sorted(tied, key=seat.__getitem__))
    return (
        None if votes is None else dict(votes),
        None if tallies is None else dict(tallies),
        tied,
        tuple(fix(n) for n in nominations),
    )


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
    votes, tallies, tied, nominations = normalize(state, votes, tallies, tied, nominations, round)
    issues: list[Issue] = []
    everyone = state.names()
    living = {p.name for p in state.living()}

    def must_live(path: tuple[str | int, ...], name: str, what: str) -> bool:
        if name not in everyone:
            issues.append(Issue(path, unknown_player(everyone, name)))
        elif name not in living:
            issues.append(issue(path, f"vote.dead-{what}", name=name))
        else:
            return True
        return False

    if round not in VOTE_ROUNDS:
        return [issue(("round",), "vote.unknown-round", round=round, rounds=list(VOTE_ROUNDS))]
    if votes is not None and tallies is not None:
        issues.append(issue(("tallies",), "vote.votes-and-tallies"))
    if votes is None and tallies is None and ballots_required:
        issues.append(issue(("votes",), "vote.no-ballots"))
    procedure = tie_procedure(state)
    if round != "first" and _ROUND_STEP[round] not in procedure:
        said = [phrase(f"tie-step.{s}", status=phrase("vote.captain-word")) for s in procedure]
        key = "vote.no-such-round-captain" if state.captain else "vote.no-such-round"
        issues.append(
            issue(
                ("round",),
                key,
                game=game.info.name,
                round=phrase(f"round.{round}"),
                procedure=said or phrase("vote.no-procedure"),
            )
        )
    if round == "first" and tied:
        issues.append(issue(("tied",), "vote.tied-first"))
    if round != "first":
        if len(set(tied)) < 2 or len(set(tied)) != len(tied):
            issues.append(issue(("tied",), "vote.tied-needed", round=phrase(f"round.{round}")))
        for i, name in enumerate(tied):
            must_live(("tied", i), name, "tied")
    if nominations and not rules.nominations:
        issues.append(issue(("nominations",), "vote.no-nominations", game=game.info.name))
    if len(set(nominations)) != len(nominations):
        issues.append(issue(("nominations",), "vote.nominated-twice"))
    for i, name in enumerate(nominations):
        must_live(("nominations", i), name, "nominee")
    if round != "first" and nominations:
        missing_tied = [n for n in tied if n not in nominations]
        if missing_tied:
            issues.append(issue(("nominations",), "vote.tied-not-nominated", names=missing_tied))
    allowed = set(tied) if round == "revote" else set(nominations) if nominations else None
    if round == "lift":
        issues += _check_lift(votes, tallies, must_live, len(living))
        return issues
    for voter, target in (votes or {}).items():
        ok_voter = must_live(("votes", voter), voter, "voter")
        if (
            ok_voter
            and must_live(("votes", voter), target, "target")
            and allowed is not None
            and target not in allowed
        ):
            key = "vote.not-tied" if round == "revote" else "vote.not-nominee"
            issues.append(issue(("votes", voter), key, name=target, pool=sorted(allowed)))
    total = 0
    for target, count in (tallies or {}).items():
        if (
            must_live(("tallies", target), target, "target")
            and allowed is not None
            and target not in allowed
        ):
            key = "vote.not-tied" if round == "revote" else "vote.not-nominee"
            issues.append(issue(("tallies", target), key, name=target, pool=sorted(allowed)))
        if not _is_count(count):
            issues.append(issue(("tallies", target), "vote.not-a-count", value=repr(count)))
        else:
            total += count
    if total > len(living):
        issues.append(issue(("tallies",), "vote.too-many", count=total, living=len(living)))
    missing = len(living) - (len(votes) if votes is not None else total)
    if (
        rules.abstention == "last-nominee"
        and missing > 0
        and not nominations
        and (votes is not None or tallies is not None)
    ):
        issues.append(issue(("nominations",), "vote.order-needed", count=missing))
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
            issues.append(issue(("votes", voter), "lift.bad-ballot", value=str(ballot)))
    total = 0
    for key, count in (tallies or {}).items():
        if lift_ballot(key) is None:
            issues.append(issue(("tallies", key), "lift.bad-tally", value=str(key)))
        if not _is_count(count):
            issues.append(issue(("tallies", key), "vote.not-a-count", value=repr(count)))
        else:
            total += count  # type: ignore[operator]
    if total > living:
        issues.append(issue(("tallies",), "vote.too-many", count=total, living=living))
    return issues


def _votes(n: int) -> Any:
    return phrase("unit.vote", count=n)


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
    or lift vote; ``nominations`` the nominees in the order they were named (kept from
    round to round). A choice the rules leave to a player (the captain's) is returned as
    ``pending`` unless ``choices`` holds it. The table's reading of "the majority" comes
    from ``state.agreed``. Raise :class:`StateError` when the input cannot be used.
    """
    issues = check_vote(
        state, votes=votes, tallies=tallies, round=round, tied=tied, nominations=nominations
    )
    if issues:
        raise StateError(issues, "vote")
    votes, tallies, tied, nominations = normalize(state, votes, tallies, tied, nominations, round)
    given = [Choice(c.kind, state.resolve(c.chooser), state.resolve(c.answer)) for c in choices]
    if round == "lift":
        return _lift(state, votes, tallies, tied, nominations, given, lang)
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
    shown = join([phrase("vote.tally-one", name=n, votes=_votes(c)) for n, c in tally], lang)
    shown = shown or say("vote.tally-none", lang)
    steps.append(
        Step(
            rules.entry,
            "vote.tally",
            say("vote.tally", lang, round=phrase(f"round.{round}"), tally=shown),
            {"tally": dict(tally)},
        )
    )
    if not tally:
        steps.append(Step(rules.entry, "vote.no-votes", say("vote.no-votes", lang)))
        return VoteResult(round, tally, (), (), tuple(steps), unused=tuple(given))
    top = tally[0][1]
    leaders = tuple(n for n, c in tally if c == top)
    if len(leaders) == 1:
        cast = sum(counts.values())
        if rules.decision == "majority":
            reading = state.agreed.option(MAJORITY_CASE) or "most-votes"
            values: dict[str, Any] = {
                "name": leaders[0],
                "votes": _votes(top),
                "cast": _votes(cast),
                "reading": state.agreed.reading(MAJORITY_CASE),
            }
            if reading == "absolute-majority" and 2 * top <= cast:
                steps.append(
                    Step(
                        rules.entry,
                        "vote.below-half",
                        say("vote.below-half", lang, **values),
                        {"reading": reading, "eliminated": []},
                    )
                )
                return VoteResult(round, tally, (), (), tuple(steps), unused=tuple(given))
            code = f"vote.eliminated.{reading}"
            message = say(code, lang, **values)
            data: dict[str, Any] = {"eliminated": [leaders[0]], "reading": reading}
        else:
            code = "vote.eliminated.plurality"
            message = say(code, lang, name=leaders[0], votes=_votes(top))
            data = {"eliminated": [leaders[0]]}
        steps.append(Step(rules.entry, code, message, data))
        return VoteResult(
            round, tally, leaders, (Death(leaders[0], "vote"),), tuple(steps), unused=tuple(given)
        )
    steps.append(
        Step(
            rules.tie.entry,
            "vote.tie",
            say("vote.tie", lang, votes=_votes(top), names=list(leaders)),
            {"tied": list(leaders)},
        )
    )
    return _tie(state, round, tally, leaders, nominations, steps, given, lang)


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
    who: Any = absent if absent else phrase("unit.living", count=missing)
    if rules.abstention == "last-nominee":
        # The last nominee of the day's order among those the round is about.
        pool = [n for n in nominations if round != "revote" or n in tied]
        nominee = pool[-1]
        counts[nominee] += missing
        return Step(
            rules.abstention_entry or rules.entry,
            "vote.abstain-last-nominee",
            say(
                "vote.abstain-last-nominee",
                lang,
                count=missing,
                names=who,
                nominee=nominee,
                votes=_votes(missing),
            ),
            {"absent": absent, "count": missing, "nominee": nominee},
        )
    return Step(
        rules.entry,
        "vote.abstain-allowed",
        say("vote.abstain-allowed", lang, count=missing, names=who),
        {"absent": absent, "count": missing},
    )


def _tie(
    state: TableState,
    round: VoteRound,
    tally: tuple[tuple[str, int], ...],
    tied: tuple[str, ...],
    nominations: tuple[str, ...],
    steps: list[Step],
    given: list[Choice],
    lang: str,
) -> VoteResult:
    tie = state.game.day.vote.tie
    procedure = tie_procedure(state)
    start = 0 if round == "first" else procedure.index(_ROUND_STEP[round]) + 1
    listed = list(tied)
    if round == "first" and state.captain is None and tie.with_captain:
        steps.append(_no_captain(state, lang))
    for index in range(start, len(procedure)):
        step = procedure[index]
        if step == "captain-decides":
            captain = state.captain
            if captain is None:
                continue
            chosen = next(
                (c for c in given if c.kind == "captain-pick" and c.chooser == captain), None
            )
            if chosen is None:
                # The count comes first: the captain settles a tie the table has seen.
                question = say(
                    "play.question-captain-pick-count",
                    lang,
                    tally=[phrase("game.tally", name=n, count=c) for n, c in tally if c],
                    chooser=captain,
                    options=join(tied, lang, "or"),
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
                        issue(
                            (),  # an answer, not a key of a file
                            "tie.captain-must-choose",
                            names=list(tied),  # "between A and B"
                            answer=chosen.answer,
                        )
                    ],
                    "choice",
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
            following: VoteRound = "revote" if step == "revote-tied" else "lift"
            then = procedure[index + 1] if index + 1 < len(procedure) else None
            # Say what a persisting tie leads to, so that the revote never reads as the end.
            code = f"tie.{step}" + (f"-then-{then}" if then else "")
            steps.append(
                Step(
                    tie.entry,
                    code,
                    say(code, lang, names=listed),
                    {"next": following, "tied": list(tied), "then": then},
                )
            )
            return VoteResult(
                round,
                tally,
                (),
                (),
                tuple(steps),
                next=NextVote(following, tied, tie.entry, nominations),
                unused=tuple(given),
            )
        if step == "nobody-leaves":
            break
    code = "tie.nobody-leaves" if "nobody-leaves" in procedure[start:] else "tie.exhausted"
    steps.append(Step(tie.entry, code, say(code, lang), {"eliminated": []}))
    return VoteResult(round, tally, (), (), tuple(steps), unused=tuple(given))


def _no_captain(state: TableState, lang: str) -> Step:
    """Say which reading sends a tie to the procedure without a captain.

    loup-garou.txt: "En cas d'égalité, c'est le capitaine qui tranche. Sans capitaine, on
    revote une fois …". With the table's agreement playing without a captain, that is the
    documents' procedure by the table's choice; otherwise (the agreement or the default plays
    with one) no captain was named, and taking that as "no captain" is garou's reading."""
    tie = state.game.day.vote.tie
    agreed = state.agreed.agreed(CAPTAIN_CASE)
    option = state.agreed.option(CAPTAIN_CASE)
    without = agreed and option == "without-captain"
    code = "tie.no-captain." + ("agreed" if without else "unnamed")
    reading = state.agreed.reading(CAPTAIN_CASE)
    data = {
        "captain": None,
        "reading": "agreement" if without else "garou",
        "case": CAPTAIN_CASE,
        "option": option,
    }
    return Step(tie.entry, code, say(f"vote.{code}", lang, reading=reading), data)


def silent_lift_ballot(game: Game) -> str | None:
    """Return what a living player who gives no lift ballot counts as: "no" where the game
    reads its "no abstaining" so (Mafia, garou's reading, mf-lift), else None (not counted)."""
    return "no" if game.day.vote.lift_silent == "against" else None


def _lift(
    state: TableState,
    votes: Mapping[str, str] | None,
    tallies: Mapping[str, int] | None,
    tied: tuple[str, ...],
    nominations: tuple[str, ...],
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
                round=phrase("round.lift"),
                tally=say("lift.tally", lang, yes=yes, no=no),
            ),
            {"tally": dict(tally)},
        )
    ]
    absent = alive - yes - no
    if absent > 0 and silent_lift_ballot(state.game) == "no":
        no += absent
        tally = (("yes", yes), ("no", no))
        steps.append(
            Step(
                entry,
                "lift.silent-against",
                say(
                    "lift.silent-against",
                    lang,
                    count=absent,
                    who=phrase("unit.living", count=absent),
                    yes=yes,
                    no=no,
                ),
                {"count": absent, "counted_as": "no", "reading": "garou", "tally": dict(tally)},
            )
        )
    elif absent > 0:
        steps.append(
            Step(
                entry,
                "lift.abstain",
                say("lift.abstain", lang, count=absent, who=phrase("unit.living", count=absent)),
                {"count": absent},
            )
        )
    # "If the majority is in favour, they all leave": the same reading of "the majority"
    # as the day vote (mf-contested-majority), applied to the ballots cast.
    reading = state.agreed.option(MAJORITY_CASE) or "most-votes"
    passes = yes > no if reading == "most-votes" else 2 * yes > yes + no
    values: dict[str, Any] = {
        "yes": yes,
        "no": no,
        "cast": _votes(yes + no),
        "names": list(tied),
        "reading": state.agreed.reading(MAJORITY_CASE),
    }
    outcome = "passes" if passes else "fails"
    code = f"lift.{outcome}.{reading}"
    data = {"reading": reading, "eliminated": list(tied) if passes else []}
    steps.append(Step(entry, code, say(code, lang, **values), data))
    if passes:
        deaths = tuple(Death(n, "lift") for n in tied)
        return VoteResult("lift", tally, tied, deaths, tuple(steps), unused=tuple(given))
    return VoteResult("lift", tally, (), (), tuple(steps), unused=tuple(given))
