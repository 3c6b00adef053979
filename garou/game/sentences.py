"""Every event of both games said as a sentence, in any language: for the recap's
corrections and undos, the correction form's list, and wherever an event is shown to a
person. Loup-Garou's sentences are ``game.event.*``, a Mafia evening's ``mafia.event.*``.

Each kind has its sentence (``game.event.<kind>``), each value its clause
(``game.event.field.<key>``): players by name, cards by their name in the language, the
enumerations through ``enums.yaml``. Nothing of an event reaches a person as Python data
(no ``{'Ana': 'Bob'}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from garou.core.catalogue import Phrase, has, phrase
from garou.rules.model import Game

_MAIN = {
    "start": ("players",),
    "roles": ("roles",),
    "couple": ("lovers",),
    "look": ("target",),
    "kill": ("victim",),
    "call": ("step",),
    "election": ("captain",),
}
"""The values each kind's own sentence names; the others are said as clauses."""


_MAFIA_MAIN = {
    "shot": ("shooter", "target"),
    "don-check": ("target",),
    "sheriff-check": ("target",),
    "speech": ("player",),
    "extra-time": ("player",),
    "nominate": ("by", "nominee"),
    "farewell": ("player",),
    "foul": ("player",),
    "technical-foul": ("player",),
    "disqualify": ("player",),
    "opponent-victory": ("player",),
}
"""The values each Mafia kind's own sentence names (``mafia.event.<kind>``)."""


def event_sentence(
    game: Game, kind: str, data: Mapping[str, Any], *, extra_time: bool = False
) -> Phrase:
    """Return event ``kind`` with ``data`` as one sentence (said later in a language).

    ``extra_time``: the Mafia ``speech`` was a tied player's extra time before the revote
    (the event's values do not say it, the game's state when it was recorded does: see
    :func:`event_said`)."""
    if game.id == "mafia":
        if kind == "speech" and extra_time:
            return _mafia_sentence(game, "extra-time", data)
        return _mafia_sentence(game, kind, data)
    main = _MAIN.get(kind, ())
    key = f"game.event.{kind}"
    if kind == "start":
        head = phrase(key, count=len(data.get("players") or ()))
    elif kind == "roles":
        head = phrase(key, cards=_cards(game, data.get("roles")))
    elif kind == "couple":
        head = phrase(key, lovers=_names(data.get("lovers")))
    elif kind == "look":
        head = phrase(key, target=_name(data.get("target")))
    elif kind == "kill":
        head = phrase(key, victim=_name(data.get("victim")))
    elif kind == "call":
        head = phrase(key, roles=_step_roles(game, data.get("step")))
    elif kind == "election":
        head = phrase(key, captain=_name(data.get("captain")))
    elif has(key):
        head = phrase(key)
    else:
        head = phrase("game.event.other", kind=kind)
    found = (_clause(game, k, v) for k, v in data.items() if k not in main)
    clauses = [c for c in found if c is not None]
    if kind == "potions" and not any(k in data for k in ("save", "poison")):
        clauses.insert(0, phrase("game.event.field.no-potion"))
    if not clauses:
        return head
    return phrase("game.event.with", event=head, details=_Clauses(clauses))


def event_said(replayed: Any, event: Any) -> Phrase:
    """Return ``event`` of the replayed game (in effect or undone) as one sentence, said as
    what it was when recorded: a Mafia speech during a revote as the tied player's extra
    time, never as an ordinary speech."""
    state = replayed.state
    extra = False
    if state.game.id == "mafia" and event.kind == "speech":
        from .mafia import extra_time_seqs, is_extra_time

        if any(e.seq == event.seq for e in replayed.effective):
            extra = event.seq in extra_time_seqs(state)
        else:  # undone: the game as it was when the speech was recorded
            from .errors import IllegalEventError
            from .replay import state_when

            try:
                before = state_when(replayed, event.seq)
                extra = is_extra_time(before, before.player(str(event.data.get("player"))).name)
            except IllegalEventError:
                extra = False
    return event_sentence(state.game, event.kind, event.data, extra_time=extra)


def _mafia_sentence(game: Game, kind: str, data: Mapping[str, Any]) -> Phrase:
    key = f"mafia.event.{kind}" if has(f"mafia.event.{kind}") else f"mafia.event.{kind}"
    main = _MAFIA_MAIN.get(kind, ())
    if kind == "table-decision":  # one sentence: "the table's decision: nobody leaves"
        then = str(data.get("then") or "")
        if then in ("nobody", "again", "leader"):
            return phrase("mafia.event.table-decision", then=phrase(f"mafia.then.{then}"))
        key = "mafia.event.table-decision-other"
    if kind == "start":
        head = phrase("game.event.start", count=len(data.get("players") or ()))
        main = tuple(data)
    elif has(key):
        named: dict[str, Any] = {k: _name(data.get(k)) for k in main}
        head = phrase(key, None, **named)
    else:
        head = phrase("game.event.other", kind=kind)
        main = ()
    clauses = [c for k, v in data.items() if k not in main
               for c in [_mafia_clause(game, k, v)] if c is not None]  # fmt: skip
    if not clauses:
        return head
    return phrase("game.event.with", event=head, details=_Clauses(clauses))


def _mafia_clause(game: Game, key: str, value: Any) -> Phrase | None:
    if key == "votes" and value == {}:
        return phrase("game.event.field.votes", ballots=phrase("mafia.event.silent"))
    if value is None or value == [] or value == {}:
        return None
    field = f"mafia.event.field.{key}"
    if key == "seconds":
        return phrase(field, seconds=_int(value))
    if key in ("best_move", "suspects"):
        return phrase(field, names=_names(value))
    if key == "crown":
        return phrase(field, name=_name(value))
    if key == "behaviour":
        fouls = game.fouls
        found = [b.text for b in (fouls.behaviours if fouls else ()) if b.id == value]
        return phrase(field, behaviour=found[0] if found else _plain(value))
    if key == "votes" and isinstance(value, Mapping):
        ballots = [
            phrase(f"mafia.event.ballot-{v}", voter=_name(k))
            if v in ("yes", "no")
            else phrase("game.event.ballot", voter=_name(k), target=_name(v))
            for k, v in value.items()
        ]
        return phrase("game.event.field.votes", ballots=ballots or phrase("mafia.event.silent"))
    return phrase("game.event.field.other", key=key, value=_plain(value))


class _Clauses:
    """Clauses said one after the other, separated by commas (a value the catalogue says)."""

    def __init__(self, items: list[Phrase]):
        self.items = items

    def get(self, lang: str) -> str:
        return ", ".join(item.say(lang) for item in self.items)


def _clause(game: Game, key: str, value: Any) -> Phrase | None:
    if key == "start" or value is None:
        return None
    field = f"game.event.field.{key}"
    if key == "by":
        return phrase(field, names=_names(value))
    if key == "role":
        return phrase(field, role=_role(game, value))
    if key in ("roles",):
        return phrase(field, cards=_cards(game, value))
    if key == "decided":
        return phrase(field, how=_enum("kill-decided", value))
    if key == "why":
        return phrase(field, why=_enum("call-why", value))
    if key == "save":
        return phrase(f"{field}.{'yes' if value else 'no'}")
    if key in ("poison", "captain_pick", "victim", "target", "captain"):
        return phrase(field, name=_name(value))
    if key in ("shoot", "successor") and isinstance(value, Mapping):
        each = [phrase(f"{field}.one", by=_name(k), name=_name(v)) for k, v in value.items()]
        return phrase(field, choices=each) if each else None
    if key == "votes" and isinstance(value, Mapping):
        ballots = [phrase("game.event.ballot", voter=_name(k), target=_name(v))
                   for k, v in value.items()]  # fmt: skip
        return phrase(field, ballots=ballots or phrase("game.tally-none"))
    if key == "tallies" and isinstance(value, Mapping):
        counts = [phrase("game.tally", name=_name(k), count=_int(v)) for k, v in value.items()]
        return phrase(field, tallies=counts or phrase("game.tally-none"), count=len(counts))
    if key == "players":
        return phrase("game.event.field.players", names=_names(value))
    return phrase("game.event.field.other", key=key, value=_plain(value))


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _name(value: Any) -> str:
    return _plain(value)


def _names(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return _plain(value)


def _role(game: Game, value: Any) -> Any:
    from garou.core.names import resolve_role

    try:
        return resolve_role(game, str(value)).name
    except Exception:  # a card the rules do not know: said as written
        return _plain(value)


def _cards(game: Game, value: Any) -> Any:
    if not isinstance(value, Mapping):
        return _plain(value)
    return [phrase("game.announced", name=_plain(k), role=_role(game, v)) for k, v in value.items()]


def _step_roles(game: Game, step: Any) -> Any:
    """The roles a call's step names, in the language said: by its id, or by a role's
    name as it was typed (« WITCH », « Sorcière »: records kept before calls stored ids)."""
    found = step_named(game, step)
    if found is not None:
        return [game.role(r).name for r in found.roles] or _plain(step)
    return _plain(step)


def step_named(game: Game, wanted: Any) -> Any:
    """The night step of ``game`` that ``wanted`` names: its id, or one of its roles in
    French or English (case and accents aside), when that names one step; else None."""
    from garou.core.errors import GarouError
    from garou.core.names import fold, resolve_role

    if wanted is None:
        return None
    steps = {s.id: s for s in (*game.night.first, *game.night.every)}
    for step in steps.values():
        if fold(step.id) == fold(str(wanted)):
            return step
    try:
        role = resolve_role(game, str(wanted)).id
    except GarouError:
        return None
    found = [s for s in steps.values() if role in s.roles]
    return found[0] if len(found) == 1 else None


def _enum(prefix: str, value: Any) -> Any:
    key = f"{prefix}.{value}"
    return phrase(key) if has(key) else _plain(value)


def _plain(value: Any) -> str:
    """A value as words: a list said item by item, a mapping as ``key: value`` pairs, never
    as Python data."""
    if isinstance(value, Mapping):
        return ", ".join(f"{_plain(k)}: {_plain(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


__all__ = ["event_kind", "event_said", "event_sentence"]


def event_kind(kind: str) -> Phrase | str:
    """Return event ``kind`` as a sentence names it: its name in the message's language and
    the id typed (« l'aube (dawn) »), never the bare English id inside a French sentence;
    an unknown kind (a typo being refused) stays as typed."""
    return phrase(f"game.kind.{kind}") if has(f"game.kind.{kind}") else kind
