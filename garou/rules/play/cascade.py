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
from typing import Any

from garou.core.catalogue import Phrase, join, phrase, say
from garou.core.records import record

from ..model import Consequence
from .state import (
    CHOICE_OF,
    POTIONS_CASE,
    Choice,
    ChoiceKind,
    Death,
    Either,
    Issue,
    Pending,
    StateError,
    Step,
    TableState,
    cause_issue,
    holds,
    issue,
    poisoner,
    require_roles,
    unknown_player,
)

LEAVING_CAUSES = ("vote", "lift", "disqualified")
"""Causes after which a player is said to leave the game rather than to die."""

FAREWELL_CAUSES = ("vote", "lift", "night")
"""Who gets a farewell speech: "the player who leaves the table, voted out or shot at
night" (mf-farewell); a disqualified player does not."""


def grouped(seats: Sequence[str], dead: Iterable[str]) -> list[str]:
    """Return ``dead`` as the one announcement of a phase says them: in seat order, never
    in the order of events nor with their causes (loup-garou.txt: "Groupez-les, sinon
    l'ordre des annonces raconte l'ordre des événements")."""
    gone = set(dead)
    return [name for name in seats if name in gone]


def say_cause(cause: str, lang: str, by: str | None = None) -> str:
    """Return how ``cause`` is said in ``lang``, naming ``by`` (the shooter, the lover)."""
    if by is not None and cause in ("shot", "lover"):
        return say(f"cause.{cause}-by", lang, by=by)
    return say(f"cause.{cause}", lang)


@record
class Announced:
    """One death as the game master announces it."""

    player: str
    """Who died."""
    role: str | None
    """Id of their card when the rules reveal it now, else None."""
    role_name: str | None
    """Display name of that card, else None."""


@record
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

    def to_dict(self) -> dict[str, Any]:
        """Return the result as plain data."""
        return {
            "deaths": [{"player": d.player, "cause": d.cause, "by": d.by} for d in self.deaths],
            "steps": [s.to_dict() for s in self.steps],
            "announcement": [
                {"player": a.player, "role": a.role, "role_name": a.role_name}
                for a in self.announcement
            ],
            "captain": self.state.captain,
            "complete": self.complete,
            "pending": None if self.pending is None else self.pending.to_dict(),
            "unused": [
                {"kind": c.kind, "chooser": c.chooser, "answer": c.answer} for c in self.unused
            ],
        }


def check_deaths(state: TableState, deaths: Sequence[Death]) -> list[Issue]:
    """Return every problem of the deaths that start a chain."""
    if not deaths:
        return [issue(("deaths",), "cascade.no-deaths")]
    issues: list[Issue] = []
    seen: set[str] = set()
    everyone = state.names()
    deaths = [Death(state.resolve(d.player), d.cause, d.by) for d in deaths]
    for death in deaths:
        where: tuple[str | int, ...] = ("deaths", death.player)
        if death.player not in everyone:
            issues.append(Issue(where, unknown_player(everyone, death.player)))
        elif not state.player(death.player).alive:
            issues.append(issue(where, "cascade.already-dead", name=death.player))
        elif death.player in seen:
            issues.append(issue(where, "cascade.dies-twice", name=death.player))
        seen.add(death.player)
        problem = cause_issue(state.game, death.cause)
        if problem is None and death.cause == "lover" and death.player in everyone:
            problem = _lover_issue(state, death.player, deaths)
        if problem is None and death.cause == "poison":
            problem = _poison_issue(state)
        if problem is None and death.cause == "night" and state.witch.saved == death.player:
            problem = phrase("cascade.saved-tonight", name=death.player)
        if problem is not None:
            issues.append(Issue((*where, "cause"), problem))
    return issues + check_night(state, deaths)


NIGHT_CAUSES = ("night", "poison")
"""Causes of death that only a night gives."""
DAY_CAUSES = ("vote", "lift")
"""Causes of death that only a day's vote gives."""


def check_night(state: TableState, deaths: Sequence[Death]) -> list[Issue]:
    """Return why the deaths that start a chain cannot be one night's (or one vote's): a
    night and a vote at once, more victims than the killers' one ("une victime"), nobody
    alive to kill, more than one poisoning (the one death potion). The live game's dawn
    and ``garou cascade`` both resolve through here."""
    issues: list[Issue] = []
    causes = {d.cause for d in deaths}
    if causes & set(NIGHT_CAUSES) and causes & set(DAY_CAUSES):
        issues.append(issue(("deaths",), "cascade.night-and-vote"))
    kill = next(
        (s for s in (*state.game.night.first, *state.game.night.every) if s.does == "kill"), None
    )
    victims = [state.resolve(d.player) for d in deaths if d.cause == "night"]
    if kill is not None and victims:
        rule = kill.entry or state.game.night.entry
        killers = [state.game.role(r).name for r in kill.roles]
        if len(victims) > 1:
            issues.append(
                issue(("deaths",), "cascade.one-victim", names=victims, killers=killers, rule=rule)
            )
        known = all(p.role is not None for p in state.players)
        if known and not any(p.role in kill.roles for p in state.living()):
            issues.append(issue(("deaths",), "cascade.no-killer", killers=killers, rule=rule))
    poisoned = [state.resolve(d.player) for d in deaths if d.cause == "poison"]
    if len(poisoned) > 1:
        role = poisoner(state.game)
        issues.append(
            issue(
                ("deaths",),
                "cascade.one-poison",
                names=poisoned,
                role=state.game.role(role).name if role else "-",
            )
        )
    return issues


def _poison_issue(state: TableState) -> Phrase | None:
    """Return why nobody can be poisoned in ``state``, or None: the poison needs a living
    witch whose death potion is not spent (as far as the state says)."""
    role = poisoner(state.game)
    if role is None:
        return None  # cause_issue already refuses it
    roles_known = all(p.role is not None for p in state.players)
    witches = [p for p in state.players if p.role == role]
    witch_name = state.game.role(role).name
    if roles_known and not witches:
        return phrase("cascade.poison-no-witch", role=witch_name)
    if witches and not any(p.alive for p in witches):
        return phrase("cascade.poison-dead-witch", role=witch_name, name=witches[0].name)
    if state.witch.death == "used":
        return phrase("cascade.poison-spent", role=witch_name)
    if state.witch.death == "unused":
        return phrase("cascade.poison-unused", role=witch_name)
    if state.witch.life == "tonight" and state.agreed.option(POTIONS_CASE) == "one-per-night":
        return phrase(
            "cascade.poison-one-per-night",
            role=witch_name,
            reading=state.agreed.reading(POTIONS_CASE),
        )
    return None


def _lover_issue(state: TableState, name: str, deaths: Sequence[Death]) -> Phrase | None:
    """Return why ``name`` cannot die following a lover in ``deaths``, or None."""
    if state.lovers is None:
        return phrase("cascade.lover-no-lovers", name=name)
    partner = state.partner(name)
    if partner is None:
        return phrase("cascade.lover-not-lover", name=name, lovers=list(state.lovers))
    causes = {d.player: d.cause for d in deaths}
    if partner not in causes:
        return phrase("cascade.lover-partner-alive", name=name, partner=partner)
    if causes[partner] == "lover":
        return phrase("cascade.lover-both", name=name, partner=partner)
    return None


def resolve_cascade(
    state: TableState,
    deaths: Sequence[Death],
    choices: Iterable[Choice] = (),
    lang: str = "fr",
) -> CascadeResult:
    """Resolve the chain ``deaths`` set off, to its end or to the first pending choice.

    The deaths are taken in seat order, whatever order they are given in. Shots and
    lovers are resolved first; a dying captain names the successor only once the whole
    chain is resolved, among the players alive at its end. Raise :class:`StateError`
    when a death or a choice cannot be used.
    """
    issues = check_deaths(state, deaths)
    if issues:
        raise StateError(issues, "deaths")
    game = state.game
    seat = {n: i for i, n in enumerate(state.names())}
    deaths = sorted(
        (Death(state.resolve(d.player), d.cause, d.by) for d in deaths),
        key=lambda d: seat[d.player],
    )
    role_ids = {r.id for r in game.roles}
    if any(c.holder in role_ids for c in game.deaths.consequences):
        require_roles(state, [p.name for p in state.living()], "state.why-shooter")
    answers = {
        (c.kind, state.resolve(c.chooser)): Choice(c.kind, state.resolve(c.chooser), c.answer)
        for c in choices
    }
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
                say(code, lang, name=death.player, cause=say_cause(death.cause, lang, death.by)),
                {"player": death.player, "cause": death.cause},
            )
        )
    captain = state.captain
    pending: Pending | None = None
    succession: tuple[str, Consequence] | None = None
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
            if consequence.does == "follow-partner":
                _follow(state, death, consequence, dead, queue, steps, lang)
                continue
            if kind is None or consequence.chooser == "none":
                continue
            if kind == "successor":
                # Named once the chain is over, among the players still alive then.
                succession = (death.player, consequence)
                continue
            pending = _choose(
                state, kind, death.player, consequence, dead, queue, answers, steps, lang
            )
            if pending is not None:
                break
    if pending is None and succession is not None:
        chooser, consequence = succession
        pending = _choose(
            state, "successor", chooser, consequence, dead, queue, answers, steps, lang
        )
        chosen = [s for s in steps if s.code == "cascade.successor"]
        if pending is None:
            captain = chosen[-1].data["successor"] if chosen else None
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
        announcement = _announce(state, after, dead, chain, steps, lang)
    return CascadeResult(
        tuple(chain), tuple(steps), announcement, after, pending, tuple(answers.values())
    )


def _choose(
    state: TableState,
    kind: ChoiceKind,
    chooser: str,
    consequence: Consequence,
    dead: set[str],
    queue: deque[Death],
    answers: dict[tuple[ChoiceKind, str], Choice],
    steps: list[Step],
    lang: str,
) -> Pending | None:
    """Apply ``chooser``'s choice of ``kind``; return the question when it is not given."""
    options = tuple(p.name for p in state.living() if p.name not in dead)
    values: dict[str, Any] = {"name": chooser, "role": state.role_name(chooser, lang)}
    if not options:
        code = "cascade.shoot-nobody" if kind == "shoot" else "cascade.successor-nobody"
        steps.append(Step(consequence.entry, code, say(code, lang, **values), {"player": chooser}))
        return None
    choice = answers.pop((kind, chooser), None)
    if choice is None:
        return _ask(kind, chooser, options, consequence, values, steps, lang)
    answer = state.resolve(choice.answer)
    if answer not in options:
        raise StateError([_refused(state, kind, chooser, answer, options)], "choice")
    if kind == "shoot":
        dead.add(answer)
        queue.append(Death(answer, "shot", by=chooser))
        steps.append(
            Step(
                consequence.entry,
                "cascade.shoot",
                say("cascade.shoot", lang, target=answer, **values),
                {"player": chooser, "target": answer},
            )
        )
    else:
        steps.append(
            Step(
                consequence.entry,
                "cascade.successor",
                say("cascade.successor", lang, successor=answer, **values),
                {"player": chooser, "successor": answer},
            )
        )
    return None


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
    values: dict[str, Any] = {"name": death.player, "partner": partner}
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
    values: dict[str, Any],
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
        f"play.question-{kind}",
        lang,
        chooser=chooser,
        role=values["role"],
        options=join(options, lang, "or"),
    )
    return Pending(kind, chooser, options, consequence.entry, question)


def _refused(
    state: TableState, kind: str, chooser: str, answer: str, options: tuple[str, ...]
) -> Issue:
    where: tuple[str | int, ...] = ()  # an answer, not a key of a file
    if answer not in state.names():
        return Issue(where, unknown_player(state.names(), answer))
    return issue(
        where, "cascade.choice-dead", chooser=chooser, answer=answer, options=Either(options)
    )


def _announce(
    before: TableState,
    after: TableState,
    dead: set[str],
    chain: Sequence[Death],
    steps: list[Step],
    lang: str,
) -> tuple[Announced, ...]:
    game, day = before.game, before.game.day
    # Seat order, never the order of events: the order of announcements must not tell
    # the village which death set off which.
    gone = grouped(before.names(), dead)
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
        listed = [
            phrase("cascade.announce-one", name=a.player, role=a.role_name) for a in announced
        ]
        steps.append(
            Step(
                rule,
                "cascade.announce-reveal",
                say("cascade.announce-reveal", lang, count=len(gone), deaths=listed),
                data,
            )
        )
    else:
        steps.append(
            Step(
                day.reveal_entry,
                "cascade.announce-hidden",
                say("cascade.announce-hidden", lang, count=len(gone), names=gone),
                data,
            )
        )
    if day.farewell is not None:
        causes = {d.player: d.cause for d in chain}
        speakers = [n for n in gone if causes.get(n) in FAREWELL_CAUSES]
        silent = [n for n in gone if causes.get(n) not in FAREWELL_CAUSES]
        turbo = day.farewell.turbo_seconds
        if speakers:
            steps.append(
                Step(
                    day.farewell.entry,
                    "cascade.announce-farewell",
                    say(
                        "cascade.announce-farewell",
                        lang,
                        count=len(speakers),
                        names=speakers,
                        seconds=day.farewell.normal_seconds,
                        turbo=turbo if turbo is not None else "-",
                    ),
                    {"farewell": speakers},
                )
            )
        if silent:
            steps.append(
                Step(
                    day.farewell.entry,
                    "cascade.announce-no-farewell",
                    say("cascade.announce-no-farewell", lang, count=len(silent), names=silent),
                    {"no_farewell": silent},
                )
            )
    if day.dead_silent is not None:
        steps.append(
            Step(
                day.dead_silent.entry,
                "cascade.announce-silent",
                say("cascade.announce-silent", lang),
            )
        )
    if after.captain != before.captain:
        rule = next(c.entry for c in game.deaths.consequences if c.does == "name-successor")
        if after.captain is not None:
            steps.append(
                Step(
                    rule,
                    "cascade.announce-captain",
                    say("cascade.announce-captain", lang, name=after.captain),
                    {"captain": after.captain},
                )
            )
        else:
            steps.append(
                Step(
                    rule,
                    "cascade.announce-no-captain",
                    say("cascade.announce-no-captain", lang),
                    {"captain": None},
                )
            )
    return announced
