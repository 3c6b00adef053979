"""A Loup-Garou game's state, derived by applying its events one by one.

:func:`apply` takes the state so far and one event, checks the event against the rules
and the state (an illegal event raises :class:`IllegalEventError` naming the rule), and
returns the state after it. Deaths, votes and wins are settled by the resolvers through
:mod:`garou.game.engine`; this module only keeps the counts (who is alive, the lovers,
the captain, the potions, the seer's looks) and the order of the night. Nothing here is
stored: the journal stores the events, and the state is replayed from them.

Event kinds (their values are documented in ``docs/game-record.md``):
``start`` (the setup and the agreement), ``roles`` (cards the game master learned),
``couple``, ``look``, ``kill``, ``potions``, ``call`` (a role called with nothing to
record), ``dawn``, ``election``, ``vote``. ``undo`` and ``correct`` are read by
:mod:`garou.game.replay` before any of these.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from garou.core.catalogue import Phrase, phrase
from garou.core.records import record
from garou.rules.model import Game, NightStep

from . import engine
from .errors import IllegalEventError
from .fields import check_fields
from .sentences import event_kind

KINDS = ("start", "roles", "couple", "look", "kill", "potions", "call", "dawn", "election", "vote")
"""The event kinds of a Loup-Garou game."""

STEP_KIND = {"couple": "couple", "check": "look", "kill": "kill", "save-or-poison": "potions"}
"""The event that records each kind of night step (``NightStep.does``)."""

FIELDS: dict[str, tuple[str, ...]] = {
    "start": ("game", "name", "players", "roles", "agreement", "table", "date", "deal"),
    "roles": ("roles",),
    "couple": ("lovers", "by"),
    "look": ("target", "by", "role"),
    "kill": ("victim", "by", "decided"),
    "potions": ("save", "poison", "by"),
    "call": ("step", "why"),
    "dawn": ("shoot", "successor", "roles"),
    "election": ("captain",),
    "vote": ("votes", "tallies", "captain_pick", "shoot", "successor", "roles"),
}
"""The values each kind of event may carry."""

CASE_SELF_SAVE = "lg-contested-witch-self-save"
CASE_TWO_POTIONS = "lg-contested-witch-two-potions"
CASE_SEER = "lg-contested-seer-sees"
CASE_WOLVES = "lg-contested-wolves-unanimous"
CASE_CAPTAIN = "lg-setting-captain"
CASE_DEBATE = "lg-setting-debate"


@record
class Seat:
    """One player of the game."""

    name: str
    """The player's name."""
    role: str | None = None
    """Their card, once the game master knows it."""
    alive: bool = True
    """False once dead."""
    death: str | None = None
    """How they died (a cause of the rules: night, vote, poison, shot, lover)."""


@record
class Line:
    """One line of the evening's story, said later in a language."""

    phase: str
    """"night" or "day" (or "start")."""
    number: int
    """Which night or day."""
    text: Phrase
    """What happened."""
    hidden: bool = False
    """True for what nobody at the table saw (a night action, the seer's look...)."""
    seq: int = 0
    """The event it comes from."""


@record
class Warning:
    """Something about to tip over, with the rule it comes from."""

    code: str
    """Stable id ("parity-tonight", "witch-empty"...)."""
    rule: str
    """Id of the entry it cites."""
    text: Phrase
    """The warning."""


@record
class LoupGarouState:
    """Everything a Loup-Garou game holds at one point of its events."""

    game: Game
    """The rules."""
    name: str | None
    """The table's name for the game."""
    seats: tuple[Seat, ...]
    """Every player, in seat order."""
    cards: dict[str, int]
    """The cards dealt: role id → count."""
    decisions: dict[str, str]
    """The agreement: case id → option id."""
    phase: str = "night"
    """"night", "day" or "over"."""
    night: int = 1
    """The current (or last) night."""
    day: int = 0
    """The current (or last) day."""
    lovers: tuple[str, str] | None = None
    """The couple, once formed."""
    captain: str | None = None
    """The captain, once elected."""
    potions: tuple[str, ...] = ("life", "death")
    """The witch's potions left."""
    done: tuple[str, ...] = ()
    """The night steps called tonight (their ids), in order."""
    victim: str | None = None
    """Tonight's victim of the wolves."""
    saved: bool = False
    """True when the witch saved tonight's victim."""
    poisoned: str | None = None
    """Whom the witch poisoned tonight."""
    used_tonight: int = 0
    """Potions used tonight."""
    looks: tuple[tuple[int, str, str], ...] = ()
    """The seer's looks: (night, target, what she was shown: a role or a camp id)."""
    vote_round: str = "first"
    """The vote to hold next today: "first" or "revote"."""
    tied: tuple[str, ...] = ()
    """The tied players of a revote."""
    winner: str | None = None
    """Id of the winning camp once the game is over."""
    win_rule: str | None = None
    """Id of the entry of the condition met."""
    story: tuple[Line, ...] = ()
    """The timeline so far."""
    close_calls: tuple[Line, ...] = ()
    """The warnings raised so far, at the moment they were raised."""
    said: tuple[engine.Said, ...] = ()
    """The resolvers' ruling for the last event (deaths, vote, win), for the game master."""
    announcement: tuple[tuple[str, str | None], ...] = ()
    """The last grouped announcement: (player, role revealed)."""
    told: str = ""
    """The phase whose outcome the last event gives to read aloud: "dawn", "vote" or ""."""
    told_deaths: tuple[tuple[str, str, str], ...] = ()
    """The last event's deaths: (player, cause, who caused it or "")."""

    # --- reading the state ---------------------------------------------------------

    def seat(self, name: str) -> Seat:
        """Return the player called ``name``; raise KeyError if there is none."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    def names(self) -> tuple[str, ...]:
        """Return every player's name, in seat order."""
        return tuple(s.name for s in self.seats)

    def living(self) -> tuple[Seat, ...]:
        """Return the players alive, in seat order."""
        return tuple(s for s in self.seats if s.alive)

    def holders(self, roles: tuple[str, ...] | str) -> tuple[Seat, ...]:
        """Return the players known to hold one of ``roles``."""
        wanted = (roles,) if isinstance(roles, str) else roles
        return tuple(s for s in self.seats if s.role in wanted)

    def in_play(self, roles: tuple[str, ...]) -> bool:
        """Return True when one of ``roles`` was dealt."""
        return any(self.cards.get(r, 0) > 0 for r in roles)

    def remaining_cards(self) -> Counter[str]:
        """Return the cards not yet matched to a player."""
        left = Counter(self.cards)
        for seat in self.seats:
            if seat.role is not None:
                left[seat.role] -= 1
        return +left

    def known_roles(self) -> dict[str, str | None]:
        """Return each player's card, inferred when the cards left are all one role."""
        roles: dict[str, str | None] = {s.name: s.role for s in self.seats}
        left = self.remaining_cards()
        unknown = [n for n, r in roles.items() if r is None]
        if unknown and len(left) == 1 and sum(left.values()) == len(unknown):
            only = next(iter(left))
            roles.update({n: only for n in unknown})
        return roles

    def role_of(self, name: str) -> str | None:
        """Return ``name``'s card, known or inferred."""
        return self.known_roles()[name]

    def camp_of(self, name: str) -> str | None:
        """Return the camp of ``name``'s card, when known."""
        role = self.role_of(name)
        return None if role is None else self.game.role(role).camp

    def decision(self, case: str) -> str:
        """Return the table's option for ``case`` (the default when the agreement is silent)."""
        if case in self.decisions:
            return self.decisions[case]
        entry = self.game.entry(case)
        return entry.default.option if entry.default is not None else ""

    def agreed(self) -> Any:
        """Return the resolvers' reading of the agreement (``TableRules``): the cases the
        table decided, every other one from its default, each saying whose it is."""
        from .start import table_rules_of

        return table_rules_of(self.game, self.decisions)

    def with_captain(self) -> bool:
        """Return True when the table plays with a captain."""
        return self.decision(CASE_CAPTAIN) != "without-captain"

    def steps(self) -> tuple[NightStep, ...]:
        """Return tonight's script, in the data's order."""
        night = self.game.night
        first = night.first if self.night == 1 else ()
        every = night.every if self.night >= night.regular_from else ()
        return (*first, *every)

    def next_step(self) -> NightStep | None:
        """Return the first step of tonight's script not yet called, or None (dawn).

        A step passed over (a later one was recorded first: :meth:`skipped`) comes first:
        the document has every role called each night, even absent or dead ones
        ("Appelez tout le monde, chaque nuit"), and a late call is still a call, whereas
        the order beyond the document's constraints is garou's (``usual_order_addition``).
        """
        done = set(self.done)
        return next((s for s in self.steps() if s.id not in done), None)

    def skipped(self) -> tuple[NightStep, ...]:
        """Return the steps passed over tonight (a later one was called)."""
        steps = self.steps()
        done = set(self.done)
        last = max((i for i, s in enumerate(steps) if s.id in done), default=0)
        return tuple(s for s in steps[:last] if s.id not in done)

    def day_stage(self) -> str:
        """Return what today waits for: "election" or "vote"."""
        if (
            self.day == 1
            and self.with_captain()
            and self.captain is None
            and not any(line.text.key == "game.story.elected" for line in self.story)
        ):
            return "election"
        return "vote"

    def resolver_seats(self) -> list[engine.Seat]:
        """Return the players as the resolvers take them (inferred cards included)."""
        roles = self.known_roles()
        return [engine.Seat(s.name, roles[s.name], s.alive) for s in self.seats]

    def debate_minutes(self) -> int | None:
        """Return today's debate time per the data and the agreement (None: no timer)."""
        debate = self.game.day.debate
        option = self.decision(CASE_DEBATE)
        if debate is None or option == "no-timer":
            return None
        first, later = debate.first_day_minutes, debate.later_minutes
        if option == "large-table":  # garou's addition, the option's label: 7 then 5
            first, later = first + 2, later + 2
        return first if self.day <= 1 else later

    def to_dict(self, lang: str) -> dict[str, Any]:
        """Return the state as the ``status --json`` data (without the id)."""
        roles = self.known_roles()
        players = [
            {
                "name": s.name,
                "role": roles[s.name],
                "alive": s.alive,
                "death": s.death,
                "lover": bool(self.lovers and s.name in self.lovers),
                "captain": self.captain == s.name,
            }
            for s in self.seats
        ]
        nxt = self.next_step() if self.phase == "night" else None
        return {
            "game": self.game.id,
            "name": self.name,
            "phase": self.phase,
            "night": self.night,
            "day": self.day,
            "players": players,
            "captain": self.captain,
            "lovers": list(self.lovers) if self.lovers else None,
            "potions": {"life": "life" in self.potions, "death": "death" in self.potions},
            "looks": [{"night": n, "target": t, "shown": s} for n, t, s in self.looks],
            "next": (nxt.id if nxt else "dawn")
            if self.phase == "night"
            else (self.day_stage() if self.phase == "day" else None),
            "next_name": _next_name(self, nxt, lang),
            "vote_round": self.vote_round if self.phase == "day" else None,
            "tied": list(self.tied),
            "victim": self.victim,
            "warnings": [
                {"code": w.code, "rule": w.rule, "message": w.text.say(lang)}
                for w in warnings(self)
            ],
            "winner": self.winner,
            "winner_name": self.game.camp(self.winner).name.get(lang) if self.winner else None,
            "win_rule": self.win_rule,
        }


# --- starting ---------------------------------------------------------------------


def start(game: Game, data: Mapping[str, Any]) -> LoupGarouState:
    """Return the state a ``start`` event opens with (already checked by :func:`check_start`)."""
    names = [str(n) for n in data["players"]]
    cards = sum(int(v) for v in data["roles"].values())
    if cards != len(names):  # one card a player: else a player's card can never be learned
        raise IllegalEventError("game.refused.cards-for-players", cards=cards, players=len(names))
    deal = {str(k): _role_id(game, v) for k, v in (data.get("deal") or {}).items()}
    seats = tuple(Seat(n, deal.get(n)) for n in names)
    state = LoupGarouState(
        game=game,
        name=data.get("name"),
        seats=seats,
        cards={str(k): int(v) for k, v in data["roles"].items()},
        decisions={str(k): str(v) for k, v in (data.get("agreement") or {}).items()},
    )
    _check_cards(state, deal, "start")
    return replace(state, story=(Line("night", 1, phrase("game.story.start", players=len(names))),))


def _check_cards(state: LoupGarouState, given: Mapping[str, str], kind: str) -> None:
    """Refuse cards that are no player's, no role dealt, or more than were dealt."""
    game = state.game
    count: Counter[str] = Counter(s.role for s in state.seats if s.role is not None)
    for name, role in given.items():
        if name not in state.names():
            raise IllegalEventError(
                "game.refused.no-player", name=name, players=list(state.names())
            )
        if role not in state.cards:
            dealt = [game.role(r).name for r in state.cards]
            form = "f" if role_form([game.role(role)]) == "f" else "m"
            raise IllegalEventError(
                f"game.refused.role-not-dealt.{form}", role=role, dealt=dealt, rule="lg-dealing"
            )
    if kind == "start":
        count = Counter(given.values())
    for name, role in given.items() if kind != "start" else ():
        current = state.seat(name).role
        if current is not None and current != role:
            raise IllegalEventError(
                "game.refused.role-known",
                name=name,
                role=game.role(current).name,
                hint=phrase("game.hint.correct"),
            )
        if current is None:
            count[role] += 1
    for role, n in count.items():
        if n > state.cards.get(role, 0):
            raise IllegalEventError(
                "game.refused.too-many-cards",
                role=game.role(role).name,
                count=state.cards.get(role, 0),
                rule="lg-dealing",
            )


def _who(state: LoupGarouState, step: NightStep) -> str:
    """Return the living players known to hold the step's roles ("?" when none is known)."""
    from garou.core.catalogue import join

    names = [s.name for s in state.holders(step.roles) if s.alive]
    return join(names, "en").replace(" and ", ", ") if names else "?"


def role_form(roles: Any, count: int | None = None) -> str:
    """The French agreement of a sentence about ``roles`` (rule-data roles): "p" for
    several (``count``: the cards, when there are more than the roles), "f" when the one
    role's name is feminine (``Role.gender``), else "m". The catalogue's keys about a role
    end with it (``game.cue.dead.f``: « Morte : appelez-la »)."""
    roles = list(roles)
    if max(len(roles), count or 0) > 1:
        return "p"
    return "f" if roles and all(r.gender == "f" for r in roles) else "m"


def step_form(state: LoupGarouState, step: NightStep) -> str:
    """:func:`role_form` of the roles a night step calls, with the cards dealt of them."""
    cards = sum(state.cards.get(r, 0) for r in step.roles)
    return role_form([state.game.role(r) for r in step.roles], cards)


def _role_names(state: LoupGarouState, step: NightStep) -> list[Any]:
    return [state.game.role(r).name for r in step.roles]


def _role_id(game: Game, role: Any) -> str:
    """Return the id of the role ``role`` names (French or English, accents optional)."""
    from garou.core.errors import GarouError
    from garou.core.names import resolve_role

    if any(r.id == role for r in game.roles):
        return str(role)
    try:
        return resolve_role(game, str(role)).id
    except GarouError:
        raise IllegalEventError(
            "game.refused.unknown-role", role=str(role), roles=[r.name for r in game.roles]
        ) from None


def _learn(state: LoupGarouState, given: Mapping[str, Any] | None) -> LoupGarouState:
    if not given:
        return state
    given = {str(k): _role_id(state.game, v) for k, v in given.items()}
    _check_cards(state, given, "roles")
    seats = tuple(replace(s, role=given.get(s.name, s.role)) for s in state.seats)
    return replace(state, seats=seats)


# --- applying one event -------------------------------------------------------------


def apply(
    state: LoupGarouState, kind: str, data: Mapping[str, Any], seq: int, lang: str
) -> LoupGarouState:
    """Return the state after the event ``kind`` with ``data``; raise IllegalEventError."""
    if kind not in KINDS or kind == "start":
        raise IllegalEventError("game.refused.kind", kind=kind, kinds=list(KINDS[1:]))
    check_fields(kind, data, FIELDS[kind])
    if state.phase == "over" and kind != "roles":
        raise IllegalEventError("game.refused.over", rule=state.win_rule or "lg-win")
    state = replace(state, said=(), announcement=(), told="", told_deaths=())
    if kind == "roles":
        return _noted(_learn(state, _mapping(data, "roles", kind)), state, seq)
    if kind in ("couple", "look", "kill", "potions", "call"):
        after = _night_step(state, kind, data, seq)
    elif kind == "dawn":
        after = _dawn(state, data, seq, lang)
    elif kind == "election":
        after = _election(state, data, seq)
    else:
        after = _vote(state, data, seq, lang)
    return _note_warnings(after, seq)


def _noted(after: LoupGarouState, before: LoupGarouState, seq: int) -> LoupGarouState:
    """The cards a ``roles`` event noted, in the story (for the game master only)."""
    was, now = before.known_roles(), after.known_roles()
    cards = [
        phrase("game.announced", name=name, role=after.game.role(role).name)
        for name, role in now.items()
        if role is not None and was.get(name) != role
    ]
    if not cards:
        return after
    phase = after.phase if after.phase in ("night", "day") else "day"
    number = after.night if phase == "night" else after.day
    line = Line(phase, number, phrase("game.story.roles", cards=cards), True, seq)
    return replace(after, story=(*after.story, line))


def _mapping(data: Mapping[str, Any], key: str, kind: str) -> dict[str, Any]:
    value = data.get(key)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise IllegalEventError("game.refused.not-mapping", kind=event_kind(kind), field=key)
    return {str(k): v for k, v in value.items()}


def _living(state: LoupGarouState, name: Any, what: str, rule: str) -> str:
    """Return ``name`` when it is a living player; refuse it otherwise."""
    if name is None:
        raise IllegalEventError("game.refused.missing", what=phrase(f"game.what.{what}"))
    if not isinstance(name, str) or name not in state.names():
        raise IllegalEventError(
            "game.refused.no-player", name=str(name), players=list(state.names())
        )
    if not state.seat(name).alive:
        raise IllegalEventError(
            "game.refused.dead", name=name, what=phrase(f"game.what.{what}"), rule=rule
        )
    return name


def _step_for(state: LoupGarouState, kind: str, data: Mapping[str, Any]) -> NightStep:
    if state.phase != "night":
        raise IllegalEventError("game.refused.not-night", kind=event_kind(kind), rule="lg-night")
    steps = state.steps()
    if kind == "call":
        wanted = data.get("step")
        found = _steps_named(state, steps, wanted)
        if not found:
            raise IllegalEventError(
                "game.refused.no-step",
                step=str(wanted),
                steps=[step_name(state, s) for s in steps],
                rule="lg-night",
            )
    else:
        found = [s for s in steps if STEP_KIND.get(s.does) == kind]
        if not found:
            raise IllegalEventError(
                "game.refused.step-not-tonight", kind=kind, night=state.night, rule="lg-night"
            )
    step = found[0]
    if step.id in state.done:
        raise IllegalEventError(
            "game.refused.step-done", step=step_name(state, step), rule="lg-night"
        )
    # A step passed over is called late rather than never (the document: every role is
    # called, each night); only the document's own constraints below refuse an order.
    for constraint in state.game.night.constraints:
        if constraint.role in step.roles:
            before = [s for s in steps if constraint.after in s.roles]
            if before and before[0].id not in state.done:
                raise IllegalEventError(
                    "game.refused.order",
                    step=step_name(state, step),
                    first=step_name(state, before[0]),
                    rule=constraint.entry,
                )
    return step


def step_name(state: LoupGarouState, step: NightStep) -> Phrase:
    """A night step said by the names of the roles it calls ("Werewolf", "Loup-Garou"),
    never by its id (which ``call step=`` accepts too)."""
    return phrase("game.step.name", roles=_role_names(state, step))


def _typed_step(state: LoupGarouState, step: NightStep) -> Any:
    """What to type after ``call step=`` for ``step``, in the message's language: its first
    role's name, quoted when it holds a space."""
    from garou.rules.model import Text

    name = state.game.role(step.roles[0]).name
    quote = lambda t: f"'{t}'" if " " in t else t  # noqa: E731
    return Text(fr=quote(name.get("fr")), en=quote(name.get("en")))


def _steps_named(
    state: LoupGarouState, steps: tuple[NightStep, ...], wanted: Any
) -> list[NightStep]:
    """The steps ``wanted`` names: by their id, or by one of their roles in French or
    English (case and accents optional, as every role name garou reads)."""
    from garou.core.errors import GarouError
    from garou.core.names import fold, resolve_role

    if wanted is None:
        return []
    found = [s for s in steps if fold(s.id) == fold(str(wanted))]
    if found:
        return found
    try:
        role = resolve_role(state.game, str(wanted)).id
    except GarouError:
        return []
    return [s for s in steps if role in s.roles]


def _night_step(
    state: LoupGarouState, kind: str, data: Mapping[str, Any], seq: int
) -> LoupGarouState:
    step = _step_for(state, kind, data)
    game = state.game
    state = _late(state, step, seq)
    if kind == "call":
        line = Line(
            "night",
            state.night,
            phrase(f"game.story.called.{step_form(state, step)}", roles=_role_names(state, step)),
            True,
            seq,
        )
        return replace(state, done=(*state.done, step.id), story=(*state.story, line))
    if not state.in_play(step.roles):
        names = [game.role(r).name for r in step.roles]
        raise IllegalEventError(
            f"game.refused.not-dealt.{role_form([game.role(r) for r in step.roles])}",
            roles=names,
            step=_typed_step(state, step),
            rule=game.night.call_absent.entry if game.night.call_absent else "lg-night",
        )
    by = data.get("by")
    actors: list[str] = []
    if by is not None:
        actors = [by] if isinstance(by, str) else [str(b) for b in by]
        for name in actors:
            _living(state, name, "actor", step.entry or game.night.entry)
        state = _learn(state, {name: step.roles[0] for name in actors})
    known = [s for s in state.holders(step.roles)]
    if (
        known
        and not any(s.alive for s in known)
        and len(known) >= sum(state.cards.get(r, 0) for r in step.roles)
    ):
        dead = [s.name for s in known]
        raise IllegalEventError(
            "game.refused.actor-dead",
            count=len(dead),
            names=dead,
            step=_typed_step(state, step),
            rule=game.deaths.entry,
        )
    if kind == "couple":
        state = _couple(state, data, seq, step)
    elif kind == "look":
        state = _look(state, data, seq, step)
    elif kind == "kill":
        state = _kill(state, data, seq, step)
    else:
        state = _potions(state, data, seq, step)
    return replace(state, done=(*state.done, step.id))


def _late(state: LoupGarouState, step: NightStep, seq: int) -> LoupGarouState:
    """Note, for the game master, a step called after a later one of tonight's script (it
    had been passed over): out of garou's usual order, which the document does not set."""
    steps = state.steps()
    later = [s for s in steps[steps.index(step) + 1 :] if s.id in state.done]
    if not later:
        return state
    text = phrase(
        f"game.story.late.{step_form(state, step)}",
        roles=_role_names(state, step),
        later=_role_names(state, later[0]),
        rule=state.game.night.entry,
    )
    return replace(state, story=(*state.story, Line("night", state.night, text, True, seq)))


def _couple(
    state: LoupGarouState, data: Mapping[str, Any], seq: int, step: NightStep
) -> LoupGarouState:
    rule = step.entry or "lg-lovers-formed"
    if state.lovers is not None:
        raise IllegalEventError(
            "game.refused.second-couple", a=state.lovers[0], b=state.lovers[1], rule=rule
        )
    lovers = data.get("lovers")
    if not isinstance(lovers, list) or len(lovers) != 2:
        raise IllegalEventError("game.refused.couple-two", rule=rule)
    a = _living(state, lovers[0], "lover", rule)
    b = _living(state, lovers[1], "lover", rule)
    if a == b:
        raise IllegalEventError("game.refused.couple-same", name=a, rule=rule)
    line = Line("night", state.night, phrase("game.story.couple", a=a, b=b), True, seq)
    return replace(state, lovers=(a, b), story=(*state.story, line))


def _look(
    state: LoupGarouState, data: Mapping[str, Any], seq: int, step: NightStep
) -> LoupGarouState:
    rule = step.entry or "lg-role-voyante"
    target = _living(state, data.get("target"), "target", rule)
    seers = [s.name for s in state.holders(step.roles) if s.alive]
    if target in seers:
        raise IllegalEventError("game.refused.look-self", name=target, rule=rule)
    if data.get("role") is not None:
        state = _learn(state, {target: str(data["role"])})
    role = state.role_of(target)
    if role is None:
        raise IllegalEventError(
            "game.refused.look-unknown", name=target, rule=rule, hint=phrase("game.hint.look-role")
        )
    shown = role if state.decision(CASE_SEER) != "camp-only" else state.game.role(role).camp
    line = Line(
        "night",
        state.night,
        phrase(
            "game.story.look",
            target=target,
            shown=_shown(state, shown),
            who=_who(state, step),
        ),
        True,
        seq,
    )
    return replace(
        state, looks=(*state.looks, (state.night, target, shown)), story=(*state.story, line)
    )


def _shown(state: LoupGarouState, shown: str) -> Any:
    game = state.game
    if any(r.id == shown for r in game.roles):
        return game.role(shown).name
    return game.camp(shown).name


def _kill(
    state: LoupGarouState, data: Mapping[str, Any], seq: int, step: NightStep
) -> LoupGarouState:
    rule = step.entry or "lg-night-wolves"
    victim = _living(state, data.get("victim"), "victim", rule)
    if state.camp_of(victim) is not None and state.role_of(victim) in step.roles:
        raise IllegalEventError("game.refused.wolf-victim", name=victim, rule=rule)
    decided = data.get("decided")
    if decided not in (None, "wolves", "game-master", "majority"):
        raise IllegalEventError("game.refused.decided", value=str(decided), rule=CASE_WOLVES)
    if decided == "majority" and state.decision(CASE_WOLVES) != "wolf-majority":
        raise IllegalEventError(
            "game.refused.decided-agreement",
            reading=state.agreed().reading(CASE_WOLVES),
            rule=CASE_WOLVES,
        )
    key = {"game-master": "game.story.kill-gm", "majority": "game.story.kill-majority"}.get(
        str(decided), "game.story.kill"
    )
    line = Line("night", state.night, phrase(key, name=victim, who=_who(state, step)), True, seq)
    return replace(state, victim=victim, story=(*state.story, line))


def _potions(
    state: LoupGarouState, data: Mapping[str, Any], seq: int, step: NightStep
) -> LoupGarouState:
    rule = "lg-witch-potions"
    save = data.get("save", False)
    if not isinstance(save, bool):
        raise IllegalEventError("game.refused.save-bool", rule=rule)
    poison = data.get("poison")
    witches = [s.name for s in state.holders(step.roles)]
    lines = []
    used = 0
    if save:
        if "life" not in state.potions:
            raise IllegalEventError(
                "game.refused.spent",
                potion=phrase("game.potion.life"),
                rule="lg-mistake-forgotten-potion",
            )
        if state.victim is None:
            raise IllegalEventError("game.refused.save-nobody", rule=rule)
        if state.victim in witches:
            option = state.decision(CASE_SELF_SAVE)
            if option == "never" or (option == "first-night-only" and state.night != 1):
                raise IllegalEventError(
                    "game.refused.self-save",
                    reading=state.agreed().reading(CASE_SELF_SAVE),
                    rule=CASE_SELF_SAVE,
                )
        used += 1
        lines.append(phrase("game.story.save", name=state.victim, who=_who(state, step)))
    if poison is not None:
        if "death" not in state.potions:
            raise IllegalEventError(
                "game.refused.spent",
                potion=phrase("game.potion.death"),
                rule="lg-mistake-forgotten-potion",
            )
        target = _living(state, poison, "poisoned", rule)
        if target == state.victim and not save:
            raise IllegalEventError("game.refused.poison-victim", name=target, rule=rule)
        used += 1
        lines.append(phrase("game.story.poison", name=target, who=_who(state, step)))
    if used == 2 and state.decision(CASE_TWO_POTIONS) == "one-per-night":
        raise IllegalEventError(
            "game.refused.two-potions",
            reading=state.agreed().reading(CASE_TWO_POTIONS),
            rule=CASE_TWO_POTIONS,
        )
    if not lines:
        lines.append(phrase("game.story.no-potion", who=_who(state, step)))
    left = tuple(
        p
        for p in state.potions
        if not (p == "life" and save) and not (p == "death" and poison is not None)
    )
    story = tuple(Line("night", state.night, p, True, seq) for p in lines)
    return replace(
        state,
        potions=left,
        saved=bool(save),
        poisoned=poison if poison is not None else None,
        used_tonight=used,
        story=(*state.story, *story),
    )


# --- deaths -------------------------------------------------------------------------


def _choices(data: Mapping[str, Any], kind: str) -> dict[str, dict[str, str]]:
    return {
        "shoot": {k: str(v) for k, v in _mapping(data, "shoot", kind).items()},
        "successor": {k: str(v) for k, v in _mapping(data, "successor", kind).items()},
    }


def _need_roles(state: LoupGarouState, kind: str) -> None:
    roles = state.known_roles()
    unknown = [n for n, r in roles.items() if r is None and state.seat(n).alive]
    if unknown:
        left = state.remaining_cards()
        cards = [
            phrase("game.card-count", count=n, role=state.game.role(r).name)
            for r, n in left.items()
        ]
        error = IllegalEventError(
            "game.refused.roles-unknown",
            names=unknown,
            cards=cards,
            kind=event_kind(kind),
            hint=phrase("game.hint.roles"),
        )
        error.unknown = tuple(unknown)
        raise error


_PLAIN_NAME = re.compile(r"[^\W\d_][\w .'-]*")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "none", "~"}


def yaml_name(name: str) -> str:
    """Return a player's name as a ``game add`` value reads it back (YAML): as it is, or in
    double quotes when YAML would read it otherwise (a comma, a colon, a number, yes/no)."""
    name = str(name)
    if _PLAIN_NAME.fullmatch(name) and name.strip() == name and name.lower() not in _YAML_WORDS:
        return name
    return json.dumps(name, ensure_ascii=False)


@record
class AnswerWord:
    """The ``KEY='{CHOOSER: NAME}'`` word of a hint, quoted for the shell, NAME said in the
    language (a catalogue value: anything with ``get(lang)``)."""

    option: str
    chooser: str

    def get(self, lang: str) -> str:
        from garou.core.catalogue import say
        from garou.core.lists import shell_word

        word = f"{self.option}={{{yaml_name(self.chooser)}: {say('game.word.name', lang)}}}"
        return shell_word(word)


def _choice_needed(ask: engine.Ask, hint: Phrase) -> IllegalEventError:
    """The refusal of an event that needs the choice ``ask`` first (``game.refused.choice-needed``
    with its question, rule and ``hint``), carrying the question it waits for (the interactive
    face asks it)."""
    error = IllegalEventError(
        "game.refused.choice-needed", question=ask.question, rule=ask.rule, hint=hint
    )
    error.ask = ask
    return error


def _resolve(
    state: LoupGarouState,
    deaths: list[tuple[str, str]],
    data: Mapping[str, Any],
    kind: str,
    seq: int,
    lang: str,
    phase: str,
    number: int,
) -> LoupGarouState:
    """Run the deaths through the cascade resolver, then the win check."""
    if not deaths:
        line = Line(phase, number, phrase("game.story.nobody-died"), False, seq)
        return replace(state, story=(*state.story, line))
    chain = engine.resolve_chain(
        state.game,
        state.resolver_seats(),
        state.lovers,
        state.captain,
        deaths,
        _choices(data, kind),
        lang,
        state.agreed(),
    )
    if chain.pending is not None:
        option = "shoot" if chain.pending.kind == "shoot" else "successor"
        raise _choice_needed(
            chain.pending,
            phrase(
                "game.hint.choice",
                answer=AnswerWord(option, chain.pending.chooser),
                options=[yaml_name(o) for o in chain.pending.options],
            ),
        )
    causes = {name: cause for name, cause, _ in chain.deaths}
    seats = tuple(
        replace(s, alive=False, death=causes[s.name]) if s.name in causes else s
        for s in state.seats
    )
    roles = state.known_roles()
    seats = tuple(replace(s, role=s.role or roles[s.name]) if not s.alive else s for s in seats)
    story = list(state.story)
    for name, cause, by in chain.deaths:
        key = f"game.story.death-by.{cause}" if by else f"game.story.death.{cause}"
        story.append(Line(phase, number, phrase(key, name=name, by=by or ""), False, seq))
    shown = [
        phrase("game.announced", name=n, role=state.game.role(r).name if r else "?")
        for n, r in chain.announcement
    ]
    story.append(Line(phase, number, phrase("game.story.announce", deaths=shown), False, seq))
    if chain.captain != state.captain and state.captain is not None:
        key = "game.story.successor" if chain.captain else "game.story.no-successor"
        story.append(
            Line(
                phase, number, phrase(key, old=state.captain, name=chain.captain or ""), False, seq
            )
        )
    after = replace(
        state,
        seats=seats,
        captain=chain.captain,
        story=tuple(story),
        said=chain.steps,
        announcement=chain.announcement,
        told_deaths=tuple((n, c, by or "") for n, c, by in chain.deaths),
    )
    return _win(after, seq, lang, phase, number)


def _win(state: LoupGarouState, seq: int, lang: str, phase: str, number: int) -> LoupGarouState:
    outcome = engine.check_win(
        state.game, state.resolver_seats(), state.lovers, state.captain, lang, state.agreed()
    )
    said = (*state.said, *outcome.steps)
    if outcome.winner is None:
        if not state.living():
            line = Line(phase, number, phrase("game.story.nobody-alive"), False, seq)
            return replace(state, phase="over", story=(*state.story, line), said=said)
        return replace(state, said=said)
    line = Line(
        phase,
        number,
        phrase("game.story.winner", camp=state.game.camp(outcome.winner).name),
        False,
        seq,
    )
    return replace(
        state,
        phase="over",
        winner=outcome.winner,
        win_rule=outcome.rule,
        story=(*state.story, line),
        said=said,
    )


def _dawn(state: LoupGarouState, data: Mapping[str, Any], seq: int, lang: str) -> LoupGarouState:
    if state.phase != "night":
        raise IllegalEventError("game.refused.not-night", kind=event_kind("dawn"), rule="lg-night")
    state = _noted(_learn(state, _mapping(data, "roles", "dawn")), state, seq)
    _need_roles(state, "dawn")
    story = list(state.story)
    for step in state.steps():
        if step.id not in state.done:
            story.append(
                Line(
                    "night",
                    state.night,
                    phrase(
                        f"game.story.skipped.{step_form(state, step)}",
                        roles=_role_names(state, step),
                    ),
                    True,
                    seq,
                )
            )
    state = replace(state, story=tuple(story))
    deaths: list[tuple[str, str]] = []
    if state.victim is not None and not state.saved:
        deaths.append((state.victim, "night"))
    if state.poisoned is not None:
        deaths.append((state.poisoned, "poison"))
    after = replace(
        _resolve(state, deaths, data, "dawn", seq, lang, "day", state.night), told="dawn"
    )
    reset = {"victim": None, "saved": False, "poisoned": None, "used_tonight": 0, "done": ()}
    if after.phase == "over":
        return replace(after, **reset)  # type: ignore[arg-type]
    return replace(after, phase="day", day=state.night, vote_round="first", tied=(), **reset)  # type: ignore[arg-type]


def _election(state: LoupGarouState, data: Mapping[str, Any], seq: int) -> LoupGarouState:
    rule = "lg-captain-election"
    if state.phase != "day":
        raise IllegalEventError("game.refused.not-day", kind=event_kind("election"), rule=rule)
    if not state.with_captain():
        raise IllegalEventError("game.refused.no-captain", rule=CASE_CAPTAIN)
    if state.day_stage() != "election":
        raise IllegalEventError("game.refused.election-done", rule=rule)
    captain = _living(state, data.get("captain"), "captain", rule)
    line = Line("day", state.day, phrase("game.story.elected", name=captain), False, seq)
    return replace(state, captain=captain, story=(*state.story, line))


def _vote(state: LoupGarouState, data: Mapping[str, Any], seq: int, lang: str) -> LoupGarouState:
    rule = state.game.day.vote.entry
    if state.phase != "day":
        raise IllegalEventError("game.refused.not-day", kind=event_kind("vote"), rule=rule)
    if state.day_stage() == "election":
        raise IllegalEventError("game.refused.elect-first", rule="lg-captain-election")
    state = _noted(_learn(state, _mapping(data, "roles", "vote")), state, seq)
    _need_roles(state, "vote")
    votes = data.get("votes")
    tallies = data.get("tallies")
    if votes is None and tallies is None:  # none given (or `votes=` left empty)
        raise IllegalEventError("game.refused.no-ballots", rule=rule)
    if votes is not None and tallies is not None:
        raise IllegalEventError("game.refused.votes-or-tallies", rule=rule)
    if votes is not None:
        votes = {str(k): str(v) for k, v in _mapping(data, "votes", "vote").items()}
        for voter, target in votes.items():
            _living(
                state,
                voter,
                "voter",
                state.game.day.dead_silent.entry if state.game.day.dead_silent else rule,
            )
            _living(state, target, "target", rule)
            if state.vote_round == "revote" and target not in state.tied:
                raise IllegalEventError(
                    "game.refused.not-tied", name=target, tied=list(state.tied), rule="lg-vote-tie"
                )
    else:
        tallies = _mapping(data, "tallies", "vote")
        for target, count in tallies.items():
            _living(state, target, "target", rule)
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise IllegalEventError(
                    "game.refused.count", name=target, value=str(count), rule=rule
                )
            if state.vote_round == "revote" and target not in state.tied:
                raise IllegalEventError(
                    "game.refused.not-tied", name=target, tied=list(state.tied), rule="lg-vote-tie"
                )
        if sum(tallies.values()) > len(state.living()):
            raise IllegalEventError(
                "game.refused.too-many-votes",
                count=sum(tallies.values()),
                living=len(state.living()),
                rule=rule,
            )
    pick = data.get("captain_pick")
    count = engine.count_vote(
        state.game,
        state.resolver_seats(),
        state.lovers,
        state.captain,
        votes=votes,
        tallies=tallies,
        round=state.vote_round,
        tied=state.tied,
        captain_pick=str(pick) if pick is not None else None,
        lang=lang,
        agreed=state.agreed(),
    )
    if count.pending is not None:
        raise _choice_needed(
            count.pending,
            phrase("game.hint.captain-pick", options=[yaml_name(o) for o in count.pending.options]),
        )
    shown = [phrase("game.tally", name=n, count=c) for n, c in count.tally]
    key = "game.story.revote" if state.vote_round == "revote" else "game.story.vote"
    line = Line("day", state.day, phrase(key, tally=shown or phrase("game.tally-none")), False, seq)
    state = replace(state, story=(*state.story, line))
    if count.next_round is not None:
        line = Line("day", state.day, phrase("game.story.tie", names=list(count.tied)), False, seq)
        return replace(
            state,
            vote_round=count.next_round,
            tied=count.tied,
            said=count.steps,
            story=(*state.story, line),
        )
    top = [name for name, votes in count.tally if votes == count.tally[0][1]] if count.tally else []
    if pick is not None and len(top) > 1 and state.captain and count.eliminated == (str(pick),):
        said = phrase("game.story.captain-settles", names=top, captain=state.captain, name=pick)
        state = replace(state, story=(*state.story, Line("day", state.day, said, False, seq)))
    if not count.eliminated:
        line = Line("day", state.day, phrase("game.story.nobody-out"), False, seq)
        state = replace(state, story=(*state.story, line), said=count.steps, told="vote")
        return _nightfall(state)
    after = _resolve(
        state, [(n, "vote") for n in count.eliminated], data, "vote", seq, lang, "day", state.day
    )
    after = replace(after, said=(*count.steps, *after.said), told="vote")
    return after if after.phase == "over" else _nightfall(after)


def announcement(state: LoupGarouState) -> list[Phrase]:
    """The sentences to read aloud after the last event, or none (it told nothing).

    Every death of the phase is said in one list, the chain resolved, in the order
    :func:`garou.rules.play.grouped` gives (seat order): the morning's list, or the vote's
    eliminated then, when others died with them, the whole list. No death is said with
    its cause nor as following another, and a hunter's shot is not said apart: either
    would tell the order of events (loup-garou.txt: "Groupez-les").
    """
    from garou.rules.play import grouped

    if not state.told:
        return []
    game = state.game
    roles = dict(state.announcement)

    def card(name: str) -> Phrase:
        role = roles.get(name) or state.role_of(name)
        return phrase("game.announced", name=name, role=game.role(role).name if role else "?")

    everyone = [card(n) for n in grouped(state.names(), (d[0] for d in state.told_deaths))]
    said: list[Phrase] = []
    if state.told == "dawn":
        if everyone:
            said.append(phrase("game.announce.dawn", count=len(everyone), deaths=everyone))
        else:
            said.append(phrase("game.play.nobody"))
        return said
    voted = [n for n, cause, _ in state.told_deaths if cause == "vote"]
    out = [card(n) for n in grouped(state.names(), voted)]
    if out:
        said.append(phrase("game.announce.vote", count=len(out), deaths=out))
    else:
        said.append(phrase("game.announce.vote-nobody"))
    if len(everyone) > len(out):
        said.append(phrase("game.announce.leaving", deaths=everyone))
    return said


def _nightfall(state: LoupGarouState) -> LoupGarouState:
    return replace(state, phase="night", night=state.night + 1, vote_round="first", tied=())


# --- warnings -----------------------------------------------------------------------


def _wolves_others(state: LoupGarouState, gone: set[str]) -> tuple[int, int] | None:
    """Return (wolves, others) alive once ``gone`` are dead, or None when a card is unknown."""
    wolves = others = 0
    minority = {c.id for c in state.game.info.camps if c.minority}
    for seat in state.living():
        if seat.name in gone:
            continue
        camp = state.camp_of(seat.name)
        if camp is None:
            return None
        if camp in minority:
            wolves += 1
        else:
            others += 1
    return wolves, others


def _with_partner(state: LoupGarouState, name: str) -> set[str]:
    gone = {name}
    if state.lovers and name in state.lovers:
        gone |= set(state.lovers)
    return gone


def _parity_tonight(state: LoupGarouState) -> Warning | None:
    """Warn when the night as it stands gives the wolves their win at dawn, saying what
    can still prevent it, as the dawn's own cascade finds it (``engine.foresee_dawn``):
    the witch's potions, a hunter's shot, a lover following."""
    deaths = []
    if state.victim is not None and not state.saved:
        deaths.append((state.victim, "night"))
    if state.poisoned is not None:
        deaths.append((state.poisoned, "poison"))
    if not deaths:
        return None
    called = any(STEP_KIND.get(s.does) == "potions" for s in state.steps() if s.id in state.done)
    potions = {}
    for potion, drunk in (("life", state.saved), ("death", state.poisoned is not None)):
        if drunk:
            potions[potion] = "tonight"
        else:
            potions[potion] = "unused" if potion in state.potions and not called else "used"
    dawn = engine.foresee_dawn(
        state.game,
        state.resolver_seats(),
        state.lovers,
        state.captain,
        deaths,
        potions,
        state.victim if state.saved else None,
        state.night,
        "en",
        state.agreed(),
    )
    if dawn is None or dawn.camp not in _minority(state):
        return None
    name = [n for n, _ in deaths]
    if dawn.certain:
        return Warning("parity-tonight", dawn.rule, phrase("game.warn.parity-tonight", name=name))
    ways: list[Phrase] = []
    if dawn.life:
        ways.append(phrase("game.warn.way-save", name=state.victim))
    if dawn.poison:
        ways.append(phrase("game.warn.way-poison", targets=Alternatives(dawn.poison)))
    for shooter in dawn.shooters:
        ways.append(
            phrase("game.warn.way-shot", name=shooter, targets=Alternatives(dawn.shot_targets))
        )
    text = phrase("game.warn.parity-tonight-unless", name=name, ways=Alternatives(tuple(ways)))
    return Warning("parity-tonight", dawn.rule, text)


@record
class Alternatives:
    """Things said as alternatives in the language of the message: "A, B or C"."""

    items: tuple[Any, ...]
    """The names or phrases."""

    def get(self, lang: str) -> str:
        """Return the items joined with "or" in ``lang``."""
        from garou.core.catalogue import join

        return join(self.items, lang, "or")


def _minority(state: LoupGarouState) -> set[str]:
    return {c.id for c in state.game.info.camps if c.minority}


def warnings(state: LoupGarouState) -> list[Warning]:
    """Return what is about to tip over now, each with the rule it cites."""
    found: list[Warning] = []
    if state.phase == "over":
        return found
    witch_roles = tuple(r for s in state.steps() if s.does == "save-or-poison" for r in s.roles)
    witches = [s for s in state.holders(witch_roles) if s.alive]
    if state.phase == "night":
        parity = _parity_tonight(state)
        if parity is not None:
            found.append(parity)
        if witches and not state.potions:
            found.append(
                Warning(
                    "witch-empty",
                    "lg-night-call-all",
                    phrase("game.warn.witch-empty", name=witches[0].name),
                )
            )
        for step in state.skipped():
            found.append(
                Warning(
                    f"skipped-{step.id}",
                    "lg-mistake-absent-role",
                    phrase(
                        f"game.warn.skipped.{step_form(state, step)}",
                        roles=_role_names(state, step),
                        step=_typed_step(state, step),
                    ),
                )
            )
    if state.phase == "day":
        counts = _wolves_others(state, set())
        if counts is not None and counts[0] > 0 and counts[0] >= counts[1] - 1:
            found.append(Warning("parity-vote", "lg-win-wolves", phrase("game.warn.parity-vote")))
    if state.lovers and all(state.seat(n).alive for n in state.lovers):
        a, b = state.lovers
        for lover, partner in ((a, b), (b, a)):
            if state.role_of(lover) == "chasseur":
                found.append(
                    Warning(
                        f"hunter-lover-{lover}",
                        "lg-cascade-chain",
                        phrase("game.warn.hunter-lover", name=lover, partner=partner),
                    )
                )
            if state.captain == lover:
                found.append(
                    Warning(
                        f"captain-lover-{lover}",
                        "lg-captain-succession",
                        phrase("game.warn.captain-lover", name=lover, partner=partner),
                    )
                )
        if len(state.living()) == 3:
            opposite = state.camp_of(a) != state.camp_of(b)
            key = "game.warn.lovers-last-three" + ("-opposite" if opposite else "")
            found.append(Warning("lovers-last-three", "lg-win-couple", phrase(key, a=a, b=b)))
    return found


def _note_warnings(state: LoupGarouState, seq: int) -> LoupGarouState:
    """Keep each warning the first time it is raised, for the recap's close calls: the
    same warning saying the same thing, still raised in the next phase, is not one more
    close call (the recap listed it again for each day and night it held)."""
    seen = {line.text.values.get("code") for line in state.close_calls}
    number = state.night if state.phase == "night" else state.day
    new = []
    for warning in warnings(state):
        code = f"{warning.code}:{warning.text.say('en')}"
        if code in seen:
            continue
        seen.add(code)
        text = phrase("game.close-call", code=code, warning=warning.text, rule=warning.rule)
        new.append(Line(state.phase, number, text, False, seq))
    return replace(state, close_calls=(*state.close_calls, *new)) if new else state


def _next_name(state: LoupGarouState, step: Any, lang: str) -> str | None:
    """Return what ``next`` names, said in ``lang``: the roles the night step calls (their
    names in the rule data), else dawn, the election or the vote (the catalogue)."""
    from garou.core.catalogue import join, say

    if state.phase == "night" and step is not None:
        names = [r.name.get(lang) for r in state.game.roles if r.id in step.roles]
        if names:
            return join(names, lang, "and")
        return step.id
    if state.phase == "night":
        return say("msgs.next.dawn", lang)
    if state.phase == "day":
        return say(f"msgs.next.{state.day_stage()}", lang)
    return None


__all__ = [
    "KINDS",
    "Line",
    "Seat",
    "LoupGarouState",
    "Warning",
    "apply",
    "start",
    "warnings",
]
