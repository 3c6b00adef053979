"""Resolve a chain of deaths to the end, then say the one grouped announcement.

What a death sets off is ``game.deaths.consequences``, applied in the order the data lists
them, to every death of the chain whatever its cause: a shot (the holder picks the target),
the other lover following (nobody picks), a successor named (the holder picks). A pick
that belongs to a player is never made here: the chain stops on a :class:`Pending`
question until the answer comes back as a :class:`Choice`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..model import Consequence
from .messages import LEAVING_CAUSES, either, names, say
from .messages import cause as say_cause
from .state import (
    CHOICE_OF,
    Choice,
    ChoiceKind,
    Death,
    Issue,
    Pending,
    StateError,
    Step,
    TableState,
    cause_issue,
    holds,
    require_roles,
    unknown_player,
)


@dataclass(frozen=True)
class Announced:
    """One death as the game master announces it."""

    player: str
    """Who died."""
    role: str | None
    """Id of their card when the rules reveal it now, else None."""
    role_name: str | None
    """Display name of that card, else None."""


@dataclass(frozen=True)
class CascadeResult:
    """A resolved chain: every death in order, the steps, and the announcement."""

    deaths: tuple[Death, ...]
    """Every death of the chain, in the order the rules set them off."""
    steps: tuple[Step, ...]
    """The ruling, step by step."""
    announcement: tuple[Announced, ...]
    """The deaths to announce together, in seat order; empty while a choice is pending."""
    state: TableState
    """The table once these deaths are applied (and the captaincy passed on)."""
    pending: Pending | None = None
    """The choice the chain waits for, if any."""
    unused: tuple[Choice, ...] = ()
    """Choices passed in that no question asked for."""

    @property
    def complete(self) -> bool:
        """True when the chain ran to its end."""
        return self.pending is None

    def as_dict(self) -> dict[str, Any]:
        """Return the result as plain data."""
        return {
            "deaths": [{"player": d.player, "cause": d.cause, "by": d.by} for d in self.deaths],
            "steps": [s.as_dict() for s in self.steps],
            "announcement": [
                {"player": a.player, "role": a.role, "role_name": a.role_name}
                for a in self.announcement
            ],
            "captain": self.state.captain,
            "complete": self.complete,
            "pending": None if self.pending is None else self.pending.as_dict(),
            "unused": [
                {"kind": c.kind, "chooser": c.chooser, "answer": c.answer} for c in self.unused
            ],
        }


def check_deaths(state: TableState, deaths: Sequence[Death]) -> list[Issue]:
    """Return every problem of the deaths that start a chain."""
    if not deaths:
        return [Issue(("deaths",), "no deaths given; name who dies and why (NAME: CAUSE)")]
    issues: list[Issue] = []
    seen: set[str] = set()
    everyone = state.names()
    for death in deaths:
        where: tuple[str | int, ...] = ("deaths", death.player)
        if death.player not in everyone:
            issues.append(Issue(where, unknown_player(everyone, death.player)))
        elif not state.player(death.player).alive:
            issues.append(Issue(where, f"{death.player!r} is already dead"))
        elif death.player in seen:
            issues.append(Issue(where, f"{death.player!r} dies twice; name each death once"))
        seen.add(death.player)
        problem = cause_issue(state.game, death.cause)
        if problem is None and death.cause == "lover" and death.player in everyone:
            problem = _lover_issue(state, death.player, deaths)
        if problem is not None:
            issues.append(Issue((*where, "cause"), problem))
    return issues


def _lover_issue(state: TableState, name: str, deaths: Sequence[Death]) -> str | None:
    """Return why ``name`` cannot die following a lover in ``deaths``, or None."""
    if state.lovers is None:
        return f"{name!r} cannot follow a lover: no lovers are given (--lovers A,B, or lovers:)"
    partner = state.partner(name)
    if partner is None:
        return f"{name!r} is not a lover (the lovers are {state.lovers[0]} and {state.lovers[1]})"
    causes = {d.player: d.cause for d in deaths}
    if partner not in causes:
        return (
            f"{name!r} follows their lover {partner!r}, who is not dying: give "
            f"{partner}'s death instead, and {name} follows"
        )
    if causes[partner] == "lover":
        return f"{name!r} and {partner!r} cannot both die following the other; give the first cause"
    return None


def resolve_cascade(
    state: TableState,
    deaths: Sequence[Death],
    choices: Iterable[Choice] = (),
    lang: str = "fr",
) -> CascadeResult:
    """Resolve the chain ``deaths`` set off, to its end or to the first pending choice.

    Raise :class:`StateError` when a death or a choice cannot be used.
    """
    issues = check_deaths(state, deaths)
    if issues:
        raise StateError(issues, "deaths")
    game = state.game
    role_ids = {r.id for r in game.roles}
    if any(c.holder in role_ids for c in game.deaths.consequences):
        require_roles(state, [p.name for p in state.living()], "to know who shoots")
    answers = {(c.kind, c.chooser): c for c in choices}
    steps: list[Step] = []
    resolve_first = game.deaths.resolve_first
    if resolve_first is not None:
        steps.append(
            Step(resolve_first.entry, "cascade.resolve-first", say("cascade.resolve-first", lang))
        )
    chain: list[Death] = []
    dead: set[str] = set()
    queue: deque[Death] = deque()
    for death in deaths:
        dead.add(death.player)
        queue.append(death)
        code = "cascade.leaves" if death.cause in LEAVING_CAUSES else "cascade.dies"
        steps.append(
            Step(
                game.deaths.entry,
                code,
                say(
                    code,
                    lang,
                    name=death.player,
                    cause=say_cause(death.cause, lang, death.by),
                ),
                {"player": death.player, "cause": death.cause},
            )
        )
    captain = state.captain
    pending: Pending | None = None
    while queue and pending is None:
        death = queue.popleft()
        chain.append(death)
        set_off = _set_off(state, death, dead, captain)
        if game.deaths.chain is not None and (
            (set_off and death.by is not None) or len(set_off) > 1
        ):
            steps.append(
                Step(
                    game.deaths.chain.entry,
                    "cascade.chain",
                    say("cascade.chain", lang, name=death.player),
                    {"player": death.player},
                )
            )
        for consequence in game.deaths.consequences:
            if not holds(state, death.player, consequence.holder, captain):
                continue
            kind = CHOICE_OF.get(consequence.does)
            options = tuple(n for n in (p.name for p in state.living()) if n not in dead)
            if consequence.does == "follow-partner":
                _follow(state, death, consequence, dead, queue, steps, lang)
                continue
            if kind is None or consequence.chooser == "none":
                continue
            values = {"name": death.player, "role": state.role_name(death.player, lang)}
            if not options:
                code = "cascade.shoot-nobody" if kind == "shoot" else "cascade.successor-nobody"
                steps.append(
                    Step(
                        consequence.entry, code, say(code, lang, **values), {"player": death.player}
                    )
                )
                if kind == "successor":
                    captain = None
                continue
            choice = answers.pop((kind, death.player), None)
            if choice is None:
                pending = _ask(kind, death.player, options, consequence, values, steps, lang)
                break
            if choice.answer not in options:
                raise StateError(
                    [_refused(state, kind, death.player, choice.answer, options)], "choice"
                )
            if kind == "shoot":
                dead.add(choice.answer)
                queue.append(Death(choice.answer, "shot", by=death.player))
                steps.append(
                    Step(
                        consequence.entry,
                        "cascade.shoot",
                        say("cascade.shoot", lang, target=choice.answer, **values),
                        {"player": death.player, "target": choice.answer},
                    )
                )
            else:
                captain = choice.answer
                steps.append(
                    Step(
                        consequence.entry,
                        "cascade.successor",
                        say("cascade.successor", lang, successor=choice.answer, **values),
                        {"player": death.player, "successor": choice.answer},
                    )
                )
    chain += list(queue)
    after = state.without(dead, captain if pending is None else state.captain)
    announcement: tuple[Announced, ...] = ()
    if pending is not None:
        rule = resolve_first.entry if resolve_first is not None else game.deaths.entry
        steps.append(
            Step(
                rule,
                "cascade.wait",
                say("cascade.wait", lang, chooser=pending.chooser),
                {"waiting_for": pending.chooser},
            )
        )
    else:
        announcement = _announce(state, after, dead, steps, lang)
    return CascadeResult(
        tuple(chain), tuple(steps), announcement, after, pending, tuple(answers.values())
    )


def _set_off(
    state: TableState, death: Death, dead: set[str], captain: str | None
) -> list[Consequence]:
    """Return the consequences ``death`` sets off (a lover whose partner is already dead
    sets off nothing more)."""
    found = []
    for consequence in state.game.deaths.consequences:
        if not holds(state, death.player, consequence.holder, captain):
            continue
        if consequence.does == "follow-partner" and state.partner(death.player) in dead:
            continue
        found.append(consequence)
    return found


def _follow(
    state: TableState,
    death: Death,
    consequence: Consequence,
    dead: set[str],
    queue: deque[Death],
    steps: list[Step],
    lang: str,
) -> None:
    partner = state.partner(death.player)
    if partner is None:
        return
    values = {"name": death.player, "partner": partner}
    if partner in dead:
        if death.cause == "lover":
            return  # this death is the partner following: nothing more to say
        steps.append(
            Step(
                consequence.entry,
                "cascade.follow-already",
                say("cascade.follow-already", lang, **values),
                values,
            )
        )
        return
    dead.add(partner)
    queue.append(Death(partner, "lover", by=death.player))
    steps.append(
        Step(consequence.entry, "cascade.follow", say("cascade.follow", lang, **values), values)
    )


def _ask(
    kind: ChoiceKind,
    chooser: str,
    options: tuple[str, ...],
    consequence: Consequence,
    values: dict[str, str],
    steps: list[Step],
    lang: str,
) -> Pending:
    wait = "cascade.shoot-wait" if kind == "shoot" else "cascade.successor-wait"
    steps.append(
        Step(
            consequence.entry,
            wait,
            say(wait, lang, **values),
            {"player": chooser, "options": list(options)},
        )
    )
    question = say(
        f"question.{kind}",
        lang,
        chooser=chooser,
        role=values["role"],
        options=either(options, lang),
    )
    return Pending(kind, chooser, options, consequence.entry, question)


def _refused(
    state: TableState, kind: str, chooser: str, answer: str, options: tuple[str, ...]
) -> Issue:
    where: tuple[str | int, ...] = ("choices", kind, chooser)
    if answer not in state.names():
        return Issue(where, unknown_player(state.names(), answer))
    return Issue(
        where,
        f"{chooser} cannot choose {answer!r}, who is dead or dying; "
        f"choose among {', '.join(options)}",
    )


def _announce(
    before: TableState, after: TableState, dead: set[str], steps: list[Step], lang: str
) -> tuple[Announced, ...]:
    game, day = before.game, before.game.day
    # Seat order, never the order of events: the order of announcements must not tell
    # the village which death set off which.
    gone = [p.name for p in before.players if p.name in dead]
    reveal = day.reveal == "on-death"
    announced = tuple(
        Announced(
            n,
            before.player(n).role if reveal else None,
            before.role_name(n, lang) if reveal else None,
        )
        for n in gone
    )
    rule = day.announcement.entry if day.announcement is not None else day.reveal_entry
    data = {"announcement": gone}
    if reveal:
        listed = ", ".join(f"{a.player} ({a.role_name})" for a in announced)
        steps.append(
            Step(
                rule,
                "announce.reveal",
                say("announce.reveal", lang, number=len(gone), deaths=listed),
                data,
            )
        )
    else:
        steps.append(
            Step(
                day.reveal_entry,
                "announce.hidden",
                say("announce.hidden", lang, number=len(gone), names=names(gone, lang)),
                data,
            )
        )
    if day.farewell is not None:
        turbo = day.farewell.turbo_seconds
        steps.append(
            Step(
                day.farewell.entry,
                "announce.farewell",
                say(
                    "announce.farewell",
                    lang,
                    number=len(gone),
                    seconds=day.farewell.normal_seconds,
                    turbo=turbo if turbo is not None else "-",
                ),
            )
        )
    if day.dead_silent is not None:
        steps.append(Step(day.dead_silent.entry, "announce.silent", say("announce.silent", lang)))
    if after.captain != before.captain:
        rule = next(c.entry for c in game.deaths.consequences if c.does == "name-successor")
        if after.captain is not None:
            steps.append(
                Step(
                    rule,
                    "announce.captain",
                    say("announce.captain", lang, name=after.captain),
                    {"captain": after.captain},
                )
            )
        else:
            steps.append(
                Step(
                    rule, "announce.no-captain", say("announce.no-captain", lang), {"captain": None}
                )
            )
    return announced
