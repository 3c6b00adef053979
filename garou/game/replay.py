"""Replay a game's events into its state: the only way the state is ever obtained.

Three event kinds belong to every game and are read here, before the game's own rules see
anything: ``undo`` (cancel the latest event still in effect; nothing is deleted),
``correct`` (replace the data of an earlier event, saying why) and ``timer`` (a countdown
started, paused, resumed or stopped: kept apart, it changes nothing of the game). The rest
goes to the rules of the game the ``start`` event names (:data:`RULESETS`); a Mafia evening
registers its own module there, with its own event kinds, and the journal does not change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from garou.core.records import record
from garou.rules.loader import Rulebook

from . import mafia, table
from .errors import IllegalEventError
from .journal import Event
from .order import order_of
from .timer import TIMER_KIND, check_timer

META_KINDS = ("undo", "correct", "timer")
"""The event kinds every game has. A ``timer`` event (a countdown's start, pause, resume
or stop, with its time: :mod:`garou.game.timer`) changes nothing of the game: it is kept
apart (:attr:`Replayed.timers`), never undone, never corrected, never seen by the rules."""


class Ruleset(Protocol):
    """What a game's rules module gives the replay."""

    KINDS: tuple[str, ...]

    def start(self, game: Any, data: Mapping[str, Any]) -> Any: ...

    def apply(self, state: Any, kind: str, data: Mapping[str, Any], seq: int, lang: str) -> Any: ...


RULESETS: dict[str, Any] = {"loup-garou": table, "mafia": mafia}
"""The rules module of each game that can be held live."""


@record
class Correction:
    """A correction, as the recap shows it."""

    seq: int
    """The correcting event."""
    target: int
    """The event it corrects."""
    kind: str
    """The kind of event corrected."""
    before: dict[str, Any]
    """What was recorded."""
    after: dict[str, Any]
    """What it should have been."""
    why: str
    """Why, as the game master wrote it."""


@record
class Replayed:
    """A game's state and what its meta-events did."""

    state: Any
    """The game's state (a :class:`garou.game.table.LoupGarouState` for Loup-Garou)."""
    effective: tuple[Event, ...]
    """The events in effect, corrections applied, undone ones left out."""
    undone: tuple[Event, ...]
    """The events an undo cancelled."""
    corrections: tuple[Correction, ...]
    """Every correction."""
    timers: tuple[Event, ...] = ()
    """The ``timer`` events, in order (the countdowns: :func:`garou.game.timer.countdown_from`)."""
    events: tuple[Event, ...] = ()
    """Every event as recorded, undos and corrections included (:func:`state_when`)."""


def effective_events(events: Sequence[Event]) -> tuple[list[Event], list[Event], list[Correction]]:
    """Return the events in effect, those undone and the corrections, in order."""
    live: list[Event] = []
    undone: list[Event] = []
    corrections: list[Correction] = []
    kinds: dict[int, str] = {}
    for event in events:
        kinds[event.seq] = event.kind
        if event.kind == TIMER_KIND:
            continue
        try:
            _meta(event, live, undone, corrections, kinds)
        except IllegalEventError as exc:
            exc.seq = event.seq
            raise
    return live, undone, corrections


def check_correctable(events: Sequence[Event], seq: int) -> None:
    """Refuse to correct event ``seq`` of ``events`` when it is one of every game's own
    events (a countdown's, an undo, a correction), each with what to do instead: the terminal
    says it before asking why, the web before recording, the replay when it meets one."""
    kind = next((e.kind for e in events if e.seq == seq), None)
    if kind in META_KINDS:
        raise IllegalEventError(f"game.refused.correct-{kind}", seq=seq)
    last = max((e.seq for e in events), default=0)
    if seq > last:  # as the replay says it, the correction being the next event
        raise IllegalEventError("game.correct.beyond", seq=seq, last=last)
    try:
        live, undone, _ = effective_events(events)
    except IllegalEventError:  # the replay says what is wrong with the game itself
        return
    _check_target(seq, live, undone)


def _check_target(seq: Any, live: Sequence[Event], undone: Sequence[Event]) -> None:
    """Refuse a correction of ``seq`` that is not an event in effect, saying why: undone
    (an undo cancelled it), the start (a new game), or no such event."""
    if any(e.seq == seq for e in undone):
        raise IllegalEventError("game.refused.correct-undone", seq=str(seq))
    if live and live[0].seq == seq:
        raise IllegalEventError("game.refused.correct-start", seq=str(seq))
    if not any(e.seq == seq for e in live):
        raise IllegalEventError("game.refused.correct-seq", seq=str(seq))


def _meta(
    event: Event,
    live: list[Event],
    undone: list[Event],
    corrections: list[Correction],
    kinds: Mapping[int, str],
) -> None:
    if event.kind == "undo":
        if len(live) <= 1:
            raise IllegalEventError("game.refused.nothing-to-undo")
        undone.append(live.pop())
    elif event.kind == "correct":
        target = event.data.get("seq")
        why = event.data.get("why")
        new = event.data.get("event")
        if not isinstance(why, str) or not why.strip():
            raise IllegalEventError("game.refused.correct-why")
        if not isinstance(new, Mapping):
            raise IllegalEventError("game.refused.correct-event")
        if isinstance(target, int) and target >= event.seq:
            # Only an earlier event can be corrected: the number is not the correction's own.
            raise IllegalEventError("game.correct.beyond", seq=target, last=event.seq - 1)
        if isinstance(target, int) and kinds.get(target) in META_KINDS:
            raise IllegalEventError(f"game.refused.correct-{kinds[target]}", seq=target)
        _check_target(target, live, undone)
        index = next(i for i, e in enumerate(live) if e.seq == target)
        old = live[index]
        kind = str(new.get("kind", old.kind))
        data = {str(k): v for k, v in new.items() if k != "kind"}
        live[index] = Event(old.seq, kind, data, old.recorded)
        corrections.append(
            Correction(event.seq, old.seq, kind, old.to_dict(), {"kind": kind, **data}, why.strip())
        )
    else:
        live.append(event)


START_SHAPES = {
    "players": "list",
    "roles": "mapping",
    "agreement": "mapping",
    "deal": "mapping",
    "name": "one-value",
    "table": "one-value",
    "date": "one-value",
}
"""The shape of the values every game's ``start`` event holds: a list of names, a mapping
of one value to one value, or one value (each may be null but the players)."""


def check_start_shape(data: Mapping[str, Any]) -> None:
    """Refuse a ``start`` event whose values are not of their shape (:data:`START_SHAPES`):
    a hand-edited journal (``players: "Ana"``), never a traceback further on."""
    for key, shape in START_SHAPES.items():
        value = data.get(key)
        if value is None and key != "players":
            continue
        if shape == "list":
            fits = isinstance(value, list) and all(isinstance(v, str) for v in value)
        elif shape == "mapping":
            fits = isinstance(value, Mapping) and all(
                isinstance(k, str) and not isinstance(v, list | Mapping) for k, v in value.items()
            )
        else:
            fits = isinstance(value, str | int | float) and not isinstance(value, bool)
        if not fits:  # a hand-edited journal: said as a damaged start, never a traceback
            raise IllegalEventError("game.refused.start-shape", key=key, shape=phrase_of(shape))


def phrase_of(shape: str) -> Any:
    from garou.core.catalogue import phrase

    return phrase(f"game.start-shape.{shape}")


def check_start(book: Rulebook, data: Mapping[str, Any]) -> Any:
    """Return the rules of the game a ``start`` event opens; refuse an unusable one."""
    check_start_shape(data)
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in RULESETS:
        raise IllegalEventError("game.refused.game", game=str(game_id), games=list(RULESETS))
    order_of(data)  # the rules of order the game's events go through: one garou knows
    return book.game(game_id)


def replay(book: Rulebook, events: Sequence[Event], lang: str = "en") -> Replayed:
    """Return the state ``events`` lead to; raise IllegalEventError at the first illegal one.

    The error carries ``seq`` (the event refused), so that an import can say its line.
    """
    live, undone, corrections = effective_events(events)
    timers = []
    for event in events:
        if event.kind == TIMER_KIND:
            try:
                check_timer(event.data)
            except IllegalEventError as exc:
                exc.seq = event.seq
                raise
            timers.append(event)
    if not live or live[0].kind != "start":
        raise IllegalEventError("game.refused.no-start")
    first = live[0]
    try:
        game = check_start(book, first.data)
        rules = RULESETS[game.id]
        state = rules.start(game, first.data)
    except IllegalEventError as exc:
        exc.seq = first.seq
        raise
    for event in live[1:]:
        if event.kind == "start":
            error = IllegalEventError("game.refused.second-start")
            error.seq = event.seq
            raise error
        try:
            state = rules.apply(state, event.kind, event.data, event.seq, lang)
        except IllegalEventError as exc:
            exc.seq = event.seq
            raise
    return Replayed(
        state, tuple(live), tuple(undone), tuple(corrections), tuple(timers), tuple(events)
    )


def state_when(replayed: Replayed, seq: int, lang: str = "en") -> Any:
    """Return the state the game was in when event ``seq`` was recorded (every event before
    it replayed, its undos and corrections as they were then): what an event undone since
    was recorded into, to say it as what it was then."""
    before = [e for e in replayed.events if e.seq < seq]
    live, _, _ = effective_events(before)
    game = replayed.state.game
    rules = RULESETS[game.id]
    state = rules.start(game, live[0].data)
    for event in live[1:]:
        state = rules.apply(state, event.kind, event.data, event.seq, lang)
    return state


# --- recording only what happened ----------------------------------------------------

TRIMMED = ("loup-garou",)
"""The games whose events are cut to the values that apply before they are recorded."""


def applied(
    rules: Any, state: Any, kind: str, data: Mapping[str, Any], seq: int, lang: str = "en"
) -> dict[str, Any]:
    """Return ``data`` without the values that do not apply to event ``kind`` after
    ``state``: a value (or one entry of a mapping: one hunter's shot, one player's card) is
    left out when the event without it is as legal and leaves the game in the very same
    state. A hunter's shot on a night nobody died, a captain's pick without a tie, a card
    already known, ``save: false``: none of them happened, so none is recorded. An event
    the rules refuse comes back whole (the recording refuses it)."""
    kept = dict(data)
    try:
        target = rules.apply(state, kind, kept, seq, lang)
    except IllegalEventError:
        return kept

    def same(trial: dict[str, Any]) -> bool:
        try:
            return bool(rules.apply(state, kind, trial, seq, lang) == target)
        except IllegalEventError:
            return False

    for key in list(kept):
        value = kept[key]
        if isinstance(value, Mapping):
            for sub in list(value):
                trial = {**kept, key: {k: v for k, v in kept[key].items() if k != sub}}
                if same(trial):
                    kept = trial
        trial = {k: v for k, v in kept.items() if k != key}
        if same(trial):
            kept = trial
    return kept


def trimmed(book: Rulebook, events: Sequence[Event], lang: str = "en") -> list[Event]:
    """Return ``events`` (a game's, in order, the last one new) with the last one's values
    cut to those that apply (:func:`applied`); a correction's event is cut against the
    game as it was before the event it corrects. Events of another game, an undo, or an
    event the rules refuse are left as they are."""
    events = list(events)
    new = events[-1]
    if len(events) < 2 or new.kind in ("undo", "start"):
        return events
    if events[0].kind == "start" and events[0].data.get("game") not in TRIMMED:
        return events  # nothing is cut from another game's events: no replay to find it
    try:
        if new.kind == "correct":
            data = _trimmed_correction(book, events[:-1], new.data, lang)
        else:
            before = replay(book, events[:-1], lang).state
            if before.game.id not in TRIMMED:
                return events
            data = applied(RULESETS[before.game.id], before, new.kind, new.data, new.seq, lang)
    except IllegalEventError:
        return events
    return [*events[:-1], Event(new.seq, new.kind, data, new.recorded)]


def trimmed_all(book: Rulebook, events: Sequence[Event], lang: str = "en") -> list[Event]:
    """Return a whole game's ``events`` (its start first), each cut as :func:`trimmed` cuts
    it when it is recorded after the ones before it (an import), in one pass: the state is
    carried from event to event, an undo goes back to the state kept before the event it
    cancels, and only a correction replays the game again. From the first event the rules
    refuse, the rest is left as it is (the replay that follows says which)."""
    events = list(events)
    if len(events) < 2:
        return events
    try:
        start = replay(book, events[:1], lang).state
    except IllegalEventError:
        return events
    if start.game.id not in TRIMMED:
        return events
    rules = RULESETS[start.game.id]
    kept = events[:1]
    states = [start]  # the state after each event in effect, the start's first
    for index, event in enumerate(events[1:], start=1):
        try:
            if event.kind == "correct":
                kept = trimmed(book, [*kept, event], lang)
                live, _, _ = effective_events(kept)
                states = [replay(book, live[:n], lang).state for n in range(1, len(live) + 1)]
                continue
            kept.append(event)
            if event.kind == TIMER_KIND:
                continue
            if event.kind == "undo":
                if len(states) <= 1:
                    raise IllegalEventError("game.refused.nothing-to-undo")
                states.pop()
                continue
            if event.kind == "start":
                raise IllegalEventError("game.refused.second-start")
            data = applied(rules, states[-1], event.kind, event.data, event.seq, lang)
            kept[-1] = Event(event.seq, event.kind, data, event.recorded)
            states.append(rules.apply(states[-1], event.kind, data, event.seq, lang))
        except IllegalEventError:
            return kept + events[index + 1 :]
    return kept


def _trimmed_correction(
    book: Rulebook, events: Sequence[Event], data: Mapping[str, Any], lang: str
) -> dict[str, Any]:
    live, _, _ = effective_events(events)
    new = data.get("event")
    index = next((i for i, e in enumerate(live) if e.seq == data.get("seq")), None)
    if not isinstance(new, Mapping) or index is None or index == 0:
        return dict(data)
    before = replay(book, live[:index], lang).state
    if before.game.id not in TRIMMED:
        return dict(data)
    kind = str(new.get("kind", live[index].kind))
    values = {str(k): v for k, v in new.items() if k != "kind"}
    cut = applied(RULESETS[before.game.id], before, kind, values, live[index].seq, lang)
    head = {"kind": new["kind"]} if "kind" in new else {}
    return {**data, "event": {**head, **cut}}
