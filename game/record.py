"""A whole game as one YAML record, to export and import again.

The record has four top-level keys (documented in ``docs/game-record.md``)::

    game:      {id: loup-garou, name: …, table: …, date: …}
    setup:     {players: [names in seat order], roles: {role: count}, deal: {name: role}}
    agreement: {case id: option id, …}
    events:    [{kind: look, target: Alice}, {kind: kill, victim: Emma}, …]

``events`` holds every event after the start, undo and correction markers included, in
the order they were recorded; the start counts as event 1, so ``events[0]`` is event 2
(a ``correct`` event names the event it corrects by that number). Importing replays every
event through the same checks as a live game and stops at the first illegal one, with
its file and line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from garou.rules.catalogue import phrase
from garou.rules.errors import DataFileError, Problem
from garou.rules.loader import Rulebook

from .errors import IllegalEventError
from .journal import Event, Journal
from .replay import replay, trimmed

TOP_KEYS = ("game", "setup", "agreement", "events")
EXTRA_SETUP = ("seed", "turbo", "club")
"""Setup keys only some games have (Mafia: the seed of the draw, turbo, the club's values)."""
"""The keys of a game record, in the order garou writes them."""


def record_to_dict(journal: Journal, game_id: int | None) -> dict[str, Any]:
    """Return game ``game_id`` (the latest when None) as a record."""
    row = journal.game(game_id)
    events = journal.events(row.id)
    start = events[0].data
    return {
        "game": {
            "id": start.get("game"),
            "name": start.get("name"),
            "table": start.get("table"),
            "date": start.get("date"),
        },
        "setup": {
            "players": list(start.get("players", [])),
            "roles": dict(start.get("roles", {})),
            "deal": dict(start.get("deal") or {}),
            **{k: start[k] for k in EXTRA_SETUP if start.get(k) is not None},
        },
        "agreement": dict(start.get("agreement") or {}),
        "events": [e.to_dict() for e in events[1:]],
    }


def dump_record(record: dict[str, Any]) -> str:
    """Return ``record`` as YAML text, one event a line."""
    import yaml

    head = {k: record[k] for k in ("game", "setup", "agreement")}
    text = "# A garou game record: garou game import FILE replays it (docs/game-record.md).\n"
    text += yaml.safe_dump(head, allow_unicode=True, sort_keys=False, width=100)
    text += "events:\n"
    for event in record["events"]:
        line = yaml.safe_dump(
            event, allow_unicode=True, sort_keys=False, default_flow_style=True, width=10_000
        ).strip()
        text += f"  - {line}\n"
    return text


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class _Refusal:
    """An event's refusal, said in a language when the problem is."""

    def __init__(self, error: IllegalEventError):
        self.error = error

    def say(self, lang: str) -> str:
        return self.error.message(lang)


def import_record(journal: Journal, book: Rulebook, path: str | Path) -> int:
    """Import the record at ``path`` as a new game; return its id.

    Raise DataFileError with the file and line of the first illegal event (or key).
    """
    from garou.rules.reader import LocatedDict, LocatedList, read_yaml

    data = read_yaml(path)
    file = str(path)

    def fail(line: int | None, key: str, message: Any) -> DataFileError:
        return DataFileError([Problem(file, line, key, message)])

    if not isinstance(data, LocatedDict):
        raise fail(1, "", phrase("game.record.not-mapping"))
    for key in data:
        if key not in TOP_KEYS:
            raise fail(
                data.line_of(key), str(key), phrase("game.record.unknown-key", keys=list(TOP_KEYS))
            )
    for key in TOP_KEYS:
        if key not in data:
            raise fail(data.line, key, phrase("game.record.missing", key=key))
    game, setup, agreement = data["game"], data["setup"], data["agreement"]
    events = data["events"] or LocatedList()
    if not isinstance(game, dict) or not isinstance(setup, dict):
        raise fail(data.line_of("game"), "game", phrase("game.record.mappings"))
    if not isinstance(events, list):
        raise fail(data.line_of("events"), "events", phrase("game.record.events-list"))
    start = {
        "game": game.get("id"),
        "name": game.get("name"),
        "players": list(setup.get("players") or []),
        "roles": dict(setup.get("roles") or {}),
        "agreement": dict(agreement or {}),
        "table": game.get("table"),
        "date": None if game.get("date") is None else str(game.get("date")),
        "deal": dict(setup.get("deal") or {}),
        **{k: _plain(setup[k]) for k in EXTRA_SETUP if setup.get(k) is not None},
    }
    rest: list[tuple[str, dict[str, Any]]] = []
    for index, event in enumerate(events):
        where = events.line_of(index) if isinstance(events, LocatedList) else None
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise fail(where, f"events[{index}]", phrase("game.record.event-kind"))
        rest.append((event["kind"], {str(k): v for k, v in event.items() if k != "kind"}))

    def check(stamped: list[Event]) -> list[Event]:
        try:
            replay(book, stamped[:1])
            kept: list[Event] = stamped[:1]
            for event in stamped[1:]:  # each event as a recording would keep it
                kept = trimmed(book, [*kept, event])
            replay(book, kept)
            return kept
        except IllegalEventError as exc:
            seq = getattr(exc, "seq", 1)
            if seq <= 1:
                raise fail(data.line_of("setup"), "setup", _Refusal(exc)) from None
            index = seq - 2
            line = events.line_of(index) if isinstance(events, LocatedList) else None
            raise fail(line, f"events[{index}]", _Refusal(exc)) from None

    name = start["name"] if isinstance(start["name"], str) else None
    return journal.import_game(str(start["game"]), name, [("start", start), *rest], check)
