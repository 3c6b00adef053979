"""A whole game as one YAML record, to export and import again.

The record has four top-level keys (documented in ``docs/game-record.md``)::

    game:      {id: loup-garou, name: …, table: …, date: …, order: 2}
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

import json
from collections.abc import Mapping
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from garou.core.catalogue import Phrase, phrase
from garou.core.errors import DataFileError, GarouError, Problem
from garou.core.records import record
from garou.rules.loader import Rulebook
from garou.rules.schema import FreeText, Name, record_data

from .errors import IllegalEventError
from .journal import Event, Journal
from .mafia_points import ClubScoring
from .order import KEY, order_of
from .replay import replay, trimmed_all

TOP_KEYS = ("game", "setup", "agreement", "events")
"""The keys of a game record, in the order garou writes them."""
EXTRA_SETUP = ("seed", "turbo", "club")
"""Setup keys only some games have (Mafia: the seed of the draw, turbo, the club's values)."""


def game_record(journal: Journal, game_id: int | None) -> dict[str, Any]:
    """Return game ``game_id`` (the latest when None) as a record."""
    from .errors import UnreplayableGameError

    row = journal.game(game_id)
    try:
        return _record_of(journal.events(row.id))
    except IllegalEventError as exc:  # a start edited by hand: import would refuse it
        exc.seq = 1
        raise UnreplayableGameError(row.id, row.name, "start", exc) from None


@record
class Saved:
    """One game of a journal saved by :func:`save_games`, or the reason it could not be."""

    game_id: int
    """The game's id in the journal."""
    file: Path | None
    """The record written; None when the game could not be read."""
    problem: GarouError | None = None
    """Why it could not be read (a damaged page, a damaged event)."""


def save_games(
    journal: Journal, folder: Path, force: bool = False, lang: str = "en"
) -> list[Saved]:
    """Write every game of ``journal`` that can still be read to ``folder`` as
    ``game-ID.yaml`` (a record ``garou game import`` reads; its comments in ``lang``), and
    say which cannot be read: what saves a damaged journal. No file is replaced without
    ``force``: the files to write are checked before the first is written."""
    from garou.core.writer import OutputError, output_target, write_file

    rows = journal.games()
    if folder.exists() and not folder.is_dir():
        raise OutputError("game.export.not-a-folder", path=str(folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError("writer.no-folder", path=str(folder)) from exc
    targets = {row.id: folder / f"game-{row.id}.yaml" for row in rows}
    for target in targets.values():
        output_target(target, force, "--out")
    saved = []
    for row in rows:
        try:
            text = dump_record(game_record(journal, row.id), lang)
        except GarouError as exc:
            saved.append(Saved(row.id, None, exc))
            continue
        saved.append(Saved(row.id, write_file(targets[row.id], text, force, "--out")))
    return saved


def _record_of(events: list[Event]) -> dict[str, Any]:
    """The record of a game's events (its start first), as exported; IllegalEventError
    when the start's values are not of their shape."""
    from .replay import check_start_shape

    start = events[0].data
    check_start_shape(start)
    return {
        "game": {
            "id": start.get("game"),
            "name": start.get("name"),
            "table": start.get("table"),
            "date": start.get("date"),
            **({KEY: start[KEY]} if start.get(KEY) is not None else {}),
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


def dump_record(record: dict[str, Any], lang: str = "en") -> str:
    """Return ``record`` as YAML text, one event a line, its comments said in ``lang``."""
    import yaml

    from garou.core.catalogue import say

    head = {k: record[k] for k in ("game", "setup", "agreement")}
    text = f"# {say('game.record.comment-head', lang)}\n"
    text += yaml.safe_dump(head, allow_unicode=True, sort_keys=False, width=100)
    text += f"events:  # {say('game.record.comment-events', lang)}\n"
    for seq, event in enumerate(record["events"], start=2):
        line = yaml.safe_dump(
            event, allow_unicode=True, sort_keys=False, default_flow_style=True, width=10_000
        ).strip()
        text += f"  - {line}  # {seq}\n"
    return text


class _Refusal:
    """An event's refusal, said in a language when the problem is."""

    def __init__(self, error: IllegalEventError):
        self.error = error

    def say(self, lang: str) -> str:
        return self.error.message(lang)


@record
class RecordGame:
    """The ``game`` mapping of a record: which game, and what the table called it."""

    id: str
    """The game's id (``loup-garou``, ``mafia``)."""
    name: FreeText | None = None
    table: FreeText | None = None
    date: str | None = None
    """As written (``2026-12-03``): never YAML's date type."""
    order: int | None = None
    """The rules of order the game was started with (:mod:`garou.game.order`); a record
    without it was written before garou recorded it, and is played to order 1."""


@record
class RecordSetup:
    """The ``setup`` mapping of a record: the players in seat order and the cards."""

    players: tuple[Name, ...] = ()
    """Names as typed: ``No``, ``010`` or ``~`` is a name."""
    roles: dict[str, int | str] = field(default_factory=dict)
    """Loup-Garou: role to count; Mafia: player to card."""
    deal: dict[str, str] = field(default_factory=dict)
    """Cards noted at the deal: player to role."""
    seed: int | None = None
    turbo: bool | None = None
    club: ClubScoring | None = None


@record
class GameRecord:
    """A game record as written (docs/game-record.md): the four keys, each required."""

    game: RecordGame
    setup: RecordSetup
    agreement: dict[str, str] | None
    """Case id to option id."""
    events: tuple[dict[str, Any], ...] | None
    """Every event after the start, in order, each value typed by its key (:func:`event_data`)."""


EVENT_FLAGS = frozenset({"save"})
"""Event keys whose value is yes or no."""
EVENT_COUNTS = frozenset({"seq", "seconds", "tallies"})
"""Event keys whose value is a whole number (``tallies``: each count)."""
EVENT_TIMES = frozenset({"at"})
"""Event keys whose value is a number, whole or not (a ``timer`` event's clock time)."""


EVENT_MAPPINGS = frozenset({"roles", "shoot", "successor", "votes", "tallies", "event"})
"""Event keys whose value is a mapping (``event``: a correction's event, itself shaped)."""
EVENT_LISTS = frozenset({"lovers", "best_move", "suspects"})
"""Event keys whose value is a list of names."""
EVENT_NAME_OR_LIST = frozenset({"by"})
"""Event keys whose value is one name or a list of names."""
EVENT_WORDS = frozenset(
    {"kind", "why", "step", "label", "action", "decided", "behaviour", "role", "then"}
)
"""Event keys whose value is one word or text that is not a player's name."""


def _got(value: Any) -> str:
    return "mapping" if isinstance(value, Mapping) else "list" if isinstance(value, list) else ""


def shape_problems(event: Any, path: str = "") -> list[tuple[str, Any, Phrase]]:
    """Return the values of an event (a mapping of key to value) whose shape is not the one
    its key takes: one name where a name is expected, a list where a list is, a mapping
    where a mapping is (and one value in each list item or mapping value). Each problem is
    (key path, the key in ``event`` it is under, message); a correction's ``event`` is
    checked likewise."""
    problems: list[tuple[str, Any, Phrase]] = []
    if not isinstance(event, Mapping):
        return problems

    def wrong(key: Any, expected: str, got: str) -> None:
        said = phrase(
            "msgs.shape.wrong",
            expected=phrase(f"msgs.shape.expected.{expected}"),
            got=phrase(f"msgs.shape.got.{got or 'value'}"),
        )
        problems.append((f"{path}.{key}" if path else str(key), key, said))

    for key, value in event.items():
        name = str(key)
        got = _got(value)
        where = f"{path}.{name}" if path else name
        if name in EVENT_MAPPINGS:
            if got != "mapping":
                if value is not None:
                    wrong(key, "mapping", got)
            elif name == "event":
                problems += [(p, key, m) for p, _, m in shape_problems(value, where)]
            else:
                for sub, inner in value.items():
                    if _got(inner):
                        problems.append((f"{where}.{sub}", key, _one(inner)))
        elif name in EVENT_LISTS or name in EVENT_NAME_OR_LIST:
            if got == "mapping" or (got == "" and name in EVENT_LISTS and value is not None):
                wrong(key, "list" if name in EVENT_LISTS else "names", got)
            elif got == "list":
                for index, inner in enumerate(value):
                    if _got(inner):
                        problems.append((f"{where}[{index}]", key, _one(inner)))
        elif got and name in _known_keys():
            wrong(key, "one-value" if name in EVENT_WORDS else "one-name", got)
    return problems


def _known_keys() -> frozenset[str]:
    """Every key some event of some game carries: a key no event has is left to the game's
    check of its keys, which names it (not "expected one name")."""
    from . import mafia, table

    keys = {k for fields in (*table.FIELDS.values(), *mafia.FIELDS.values()) for k in fields}
    return frozenset(keys) | NOT_NAMES | EVENT_MAPPINGS | EVENT_LISTS | EVENT_NAME_OR_LIST


def _one(value: Any) -> Phrase:
    return phrase(
        "msgs.shape.wrong",
        expected=phrase("msgs.shape.expected.one-name"),
        got=phrase(f"msgs.shape.got.{_got(value)}"),
    )


def event_data(value: Any, key: str = "") -> Any:
    """Return an event's value read by its key: ``save`` yes/no, ``seq``, ``seconds`` and the
    ``tallies`` counts whole numbers, a timer's ``at`` a number, a plain empty/``~``/``null``
    nothing, and every other value (a name, a role, a step, a reason) the text as typed: a
    player called ``No``, ``12`` or ``true`` keeps that name. A value that does not read as
    its key's type is kept as typed, for the game's checks to refuse with their own message."""
    from garou.core.reader import Scalar, as_bool, as_float, as_int, is_null

    if isinstance(value, dict):
        inner = key if key == "tallies" else ""
        return {str(k): event_data(v, inner or str(k)) for k, v in value.items()}
    if isinstance(value, list):
        return [event_data(v) for v in value]
    if not isinstance(value, Scalar):
        return value
    if is_null(value):
        return None
    if key in EVENT_FLAGS:
        flag = as_bool(value)
        return str(value) if flag is None else flag
    if key in EVENT_COUNTS:
        number = as_int(value)
        return str(value) if number is None else number
    if key in EVENT_TIMES:
        whole, time = as_int(value), as_float(value)
        return whole if whole is not None else str(value) if time is None else time
    return str(value)


NOT_NAMES = EVENT_FLAGS | EVENT_COUNTS | EVENT_TIMES | EVENT_WORDS
"""Event keys whose value is never a player's name."""


def named_as_players(players: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """Return an event's values with each player's name written as the game's seat has it,
    whatever its case and accents (``lea`` is Léa: :func:`garou.core.names.fold`, as the
    prompts, ``cascade`` and ``vote`` read names). A name typed exactly is kept; one whose
    folding names no player, or several, is left as typed (the game's check refuses it,
    an ambiguous one with the players it could be). ``roles`` keeps its cards as typed."""
    from garou.core.names import fold

    if not isinstance(players, list | tuple):
        return dict(data)
    names = [str(p) for p in players]
    exact = set(names)
    by_fold: dict[str, list[str]] = {}
    for name in names:
        by_fold.setdefault(fold(name), []).append(name)

    def one(value: Any) -> Any:
        if not isinstance(value, str) or value in exact:
            return value
        found = by_fold.get(fold(value), [])
        if len(found) > 1:
            from garou.rules.play.state import Either

            from .errors import IllegalEventError

            raise IllegalEventError(
                "game.refused.ambiguous-name", name=value, names=Either(tuple(found))
            )
        return found[0] if found else value

    def walk(key: str, value: Any) -> Any:
        if key in NOT_NAMES:
            return value
        if key == "event" and isinstance(value, Mapping):
            return named_as_players(players, value)
        if isinstance(value, Mapping):  # votes, shoot, successor: names both sides
            keep = key in ("roles", "tallies")  # their values are cards, counts
            return {one(k): v if keep else walk(key, v) for k, v in value.items()}
        if isinstance(value, list):
            return [one(v) for v in value]
        return one(value)

    return {k: walk(str(k), v) for k, v in data.items()}


@record
class ReadRecord:
    """A game record read from a file, with the lines of its parts."""

    file: str
    record: GameRecord
    setup_line: int | None
    event_lines: tuple[int | None, ...]
    game_line: int | None = None
    """The line of ``game: id:``."""
    count_problems: tuple[Problem, ...] = ()
    """``setup.roles`` values that are no whole number (``1e3``, ``2.0``, ``'7'``, ``~``):
    a Loup-Garou record's counts, refused once its game is known (Mafia's are cards)."""
    order_line: int | None = None
    """The line of ``game: order:``, when the record has one."""


def read_game_record(path: str | Path) -> ReadRecord:
    """Read the game record at ``path`` with the schema-driven reader; raise DataFileError
    with the file, line and key path of every problem of its shape."""
    from garou.core.reader import LocatedDict, LocatedList
    from garou.rules.schema import INVALID, Collector, read_record

    file = str(path)
    out = Collector()
    record, data = read_record(path, GameRecord, out)
    from garou.core.reader import refuse_agreement

    refuse_agreement(file, data, "record")
    if not isinstance(data, dict):
        line = getattr(data, "line", None) or 1
        raise DataFileError([Problem(file, line, "", phrase("game.record.not-mapping"))])
    events = data.get("events")
    lines: tuple[int | None, ...] = ()
    if isinstance(events, LocatedList):
        lines = tuple(events.line_of(i) for i in range(len(events)))
        for index, event in enumerate(events):
            kind = event.get("kind") if isinstance(event, dict) else None
            if isinstance(event, dict) and (not isinstance(kind, str) or not kind.strip()):
                said = phrase("game.record.event-kind")
                out.problems.append(Problem(file, lines[index], f"events[{index}]", said))
            for path, key, said in shape_problems(event, f"events[{index}]"):
                line = event.line_of(key) if isinstance(event, LocatedDict) else lines[index]
                out.problems.append(Problem(file, line, path, said))
    if out.problems or record is INVALID:
        raise DataFileError(out.problems)
    assert isinstance(record, GameRecord) and isinstance(data, LocatedDict)
    record = _dated(file, record, data)
    typed = tuple(event_data(event) for event in events or ())  # each value by its key
    record = replace(record, events=typed)
    head = data.get("game")
    game_line = head.line_of("id") if isinstance(head, LocatedDict) else data.line_of("game")
    counts = _count_problems(file, data.get("setup"))
    order_line = head.line_of("order") if isinstance(head, LocatedDict) else None
    return ReadRecord(
        file, record, data.line_of("setup"), lines, game_line, counts, order_line=order_line
    )


def _refuse_an_unsound_start(book: Rulebook, start: Mapping[str, Any], file: str) -> None:
    """Raise RefusedSetupError when ``garou check`` refuses the record's setup, as
    ``garou game new`` does (``--force`` imports it anyway)."""
    from garou.rules.distribution import Distribution

    from .start import refused_setup

    game = book.game(start["game"])
    counts = {str(k): int(v) for k, v in start["roles"].items()}
    ids = [r.id for r in game.roles]
    dist = Distribution(
        game=game.id,
        players=len(start["players"]),
        roles={r: counts[r] for r in ids if r in counts},
        unknown={r: n for r, n in counts.items() if r not in ids},
        names=tuple(str(n) for n in start["players"]),
    )
    refused = refused_setup(game, dist, file)
    if refused is not None:
        raise refused


def _count_problems(file: str, setup: Any) -> tuple[Problem, ...]:
    """Each ``setup.roles`` value that the schema's whole-number rule does not read as one,
    at its own line."""
    from garou.core.reader import LocatedDict, as_int
    from garou.rules.schema import value_said

    roles = setup.get("roles") if isinstance(setup, LocatedDict) else None
    if not isinstance(roles, LocatedDict):
        return ()
    return tuple(
        Problem(
            file,
            roles.line_of(name),
            ".".join(("setup", "roles", str(name))),  # a key path, not a message key
            phrase("schema.expected-int", value=value_said(value)),
        )
        for name, value in roles.items()
        if as_int(value) is None
    )


def import_record(
    journal: Journal, book: Rulebook, path: str | Path | ReadRecord, force: bool = False
) -> int:
    """Import the record at ``path`` (or read by :func:`read_game_record`) as a new game;
    return its id.

    Raise DataFileError with the file and line of the first illegal event (or key), and
    DuplicateRecordError when the journal already holds a game with this very record (a
    backup restored twice would count the evening twice in the standings), unless ``force``.
    """
    read = path if isinstance(path, ReadRecord) else read_game_record(path)
    record = read.record

    def fail(line: int | None, key: str, message: Any) -> DataFileError:
        return DataFileError([Problem(read.file, line, key, message)])

    game, setup = record.game, record.setup
    try:  # a mistyped game is said as everywhere: the closest games, the accepted ones
        game_id = book.game(game.id).id
    except GarouError as exc:
        raise fail(read.game_line, "game.id", exc.phrase or str(exc)) from None
    if game_id != "mafia" and read.count_problems:  # Loup-Garou: role to count
        raise DataFileError(list(read.count_problems))
    start: dict[str, Any] = {
        "game": game_id,
        "name": game.name,
        "players": list(setup.players),
        "roles": dict(setup.roles),
        "agreement": dict(record.agreement or {}),
        "table": game.table,
        "date": game.date,
        "deal": dict(setup.deal),
    }
    if game.order is not None:
        start[KEY] = game.order
        try:  # rules of order garou knows: said at game.order's own line
            order_of(start)
        except IllegalEventError as exc:
            raise fail(read.order_line or read.game_line, "game.order", _Refusal(exc)) from None
    for key in EXTRA_SETUP:
        value = getattr(setup, key)
        if value is not None:
            start[key] = record_data(value)
    rest = [
        (str(event["kind"]), {k: v for k, v in event.items() if k != "kind"})
        for event in record.events or ()
    ]
    try:  # each player's name as the setup writes it, whatever its case and accents
        rest = [(kind, named_as_players(start["players"], data)) for kind, data in rest]
    except IllegalEventError as exc:
        raise fail(read.setup_line, "events", _Refusal(exc)) from None

    from .session import check_event_texts, check_start_names

    given = [Event(i, kind, data) for i, (kind, data) in enumerate([("start", start), *rest], 1)]
    try:  # every event checked once, before the journal is locked
        check_start_names(start)
        for event in given[1:]:
            try:
                check_event_texts(event.data)
            except IllegalEventError as exc:
                exc.seq = event.seq
                raise
        replay(book, given[:1])
        kept = trimmed_all(book, given)  # each event as a recording would keep it
        replay(book, kept)
    except IllegalEventError as exc:
        seq = getattr(exc, "seq", 1)
        if seq <= 1:
            raise fail(read.setup_line, "setup", _Refusal(exc)) from None
        index = seq - 2
        line = read.event_lines[index] if index < len(read.event_lines) else None
        raise fail(line, f"events[{index}]", _Refusal(exc)) from None
    if game_id != "mafia" and not force:  # the start goes through game new's check
        _refuse_an_unsound_start(book, start, read.file)

    def check(stamped: list[Event]) -> list[Event]:
        if not force:  # inside the write: no other import can slip in between
            _refuse_a_copy(journal, kept, read.file)
        return [
            replace(event, recorded=now.recorded) for event, now in zip(kept, stamped, strict=True)
        ]

    return journal.import_game(game_id, game.name, [("start", start), *rest], check)


def _same(events: list[Event]) -> str:
    """What makes two games one record: their start and every event, as exported."""
    return json.dumps(_record_of(events), sort_keys=True, ensure_ascii=False, default=str)


def _refuse_a_copy(journal: Journal, events: list[Event], file: str) -> None:
    """Raise DuplicateRecordError when a game of the journal has the record ``events`` make
    (its setup, date, name and every event, undos and corrections included)."""
    from .errors import DuplicateRecordError
    from .journal import DamagedEventError

    wanted = _same(events)
    game = events[0].data.get("game")
    for row in journal.games():
        if row.game != game:
            continue
        try:
            theirs = journal.events(row.id)
            same = bool(theirs) and _same(theirs) == wanted
        except (DamagedEventError, IllegalEventError):
            continue
        if same:
            date = theirs[0].data.get("date") or row.created[:10]
            raise DuplicateRecordError(file, row.id, row.name, str(date))


def _dated(file: str, record: GameRecord, data: Any) -> GameRecord:
    """``record`` with its game's date read as every date of garou is read (ISO, or French
    day first: 15/12/2026, 15.12.2026, as ``house pick`` reads it) and kept ISO; a date that
    is none (30 February, 2026/12/15) is refused with its file:line."""
    from garou.core.reader import LocatedDict
    from garou.houserules.agreement import iso_date

    written = record.game.date
    if written is None:
        return record
    date = iso_date(written)
    if date is None:
        game = data.get("game")
        line = game.line_of("date") if isinstance(game, LocatedDict) else None
        said = phrase("core.date.not-a-date", date=str(written))
        raise DataFileError([Problem(file, line, "game.date", said)])
    return replace(record, game=replace(record.game, date=date))
