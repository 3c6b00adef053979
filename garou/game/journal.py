"""The game journal: games and their append-only events, in one SQLite file.

The journal knows nothing of any game's rules. A game is a row (its id, the game it
plays, a name) and a list of events, each a ``kind`` and a JSON mapping of data, numbered
from 1. Nothing is ever updated or deleted: an undo or a correction is one more event,
read by the replay (:mod:`garou.game.replay`). A game of another kind (the Mafia evening)
adds its own event kinds without any change here.

Each event is committed as it is recorded (``record`` runs its check and its insert in
one ``BEGIN IMMEDIATE`` transaction), so a crash loses nothing already answered, and two
terminals recording on one game are serialised by SQLite rather than interleaved. The
file is in WAL mode. A file that is not a garou journal, or a journal of a newer schema,
is reported and never replaced.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from garou.core.errors import GarouError
from garou.core.numbers import whole_number
from garou.core.records import record

SCHEMA_VERSION = 1
"""The version of the tables below; stored in the file's ``meta`` table."""

APPLICATION = "garou-journal"
"""The value of ``meta.application`` that marks a garou journal."""

DB_ENV = "GAROU_DB"
"""The environment variable naming the journal file."""

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT,
    created TEXT NOT NULL
);
CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    recorded TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""

_SIDE_TABLES = {
    # A form the web app sent, recorded once: (game, form id) -> the event it recorded.
    "forms": """CREATE TABLE forms (
    game_id INTEGER NOT NULL REFERENCES games(id),
    form_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (game_id, form_id)
)""",
    # Each game's secret, asked by the web app for its game master's pages under --lan.
    "secrets": """CREATE TABLE secrets (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    secret TEXT NOT NULL
)""",
    # An answer half given (the ballots of a show of hands, a form waiting for a player's
    # choice): kept until the event is recorded, valid while no other event came after.
    "drafts": """CREATE TABLE drafts (
    game_id INTEGER NOT NULL REFERENCES games(id),
    name TEXT NOT NULL,
    after INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, name)
)""",
}
"""Tables added beside the schema (a journal without them gets them when first needed):
the same schema version, since nothing of the events changes and an older garou ignores
them."""


_REVISION = "_revision"
"""The key a draft's revision is kept under, beside its data (never shown to its readers)."""


class JournalError(GarouError):
    """Raised when the journal file cannot be opened, read or written."""


class ForeignDatabaseError(JournalError):
    """Raised when the file is a database (or a file) that is not a garou journal."""


class NewerSchemaError(JournalError):
    """Raised when the journal was written by a newer garou (an unknown schema version)."""


class DamagedJournalError(JournalError):
    """Raised when SQLite finds part of the journal damaged (a page a disk fault or a copy
    cut short spoiled): it names the journal, what cannot be read, and how to save the
    games that still can (``garou game export --all``)."""

    def __init__(self, path: str, what: Any):
        from garou.core.lists import shell_word

        self.what = what
        super().__init__("game.journal.damaged-page", path=path, what=what, db=shell_word(path))


class DiskFullError(JournalError):
    """Raised when the disk holding the journal is full: nothing more is recorded."""


class DraftChangedError(JournalError):
    """Raised when a draft is saved over one another screen saved since this one was drawn
    (two phones typing the same show of hands): nothing is saved, the screen reloads."""


class UnknownGameIdError(JournalError):
    """Raised when a game id is not in the journal (exit 1, as an unknown entry id)."""


class DamagedEventError(JournalError):
    """Raised when a stored event cannot be read (its data is not a JSON mapping: a hand
    edit, a half-written row): it names the journal, the game and the event."""

    def __init__(self, path: str, game_id: int, seq: int, kind: str):
        self.game_id = game_id
        self.seq = seq
        self.kind = kind
        super().__init__("game.journal.damaged", path=path, id=game_id, seq=seq, kind=kind)


class MissingEventError(DamagedEventError):
    """Raised when a game's events are not numbered 1, 2, 3… without a gap (a row deleted
    or renumbered by hand): replaying or appending would put events out of their order."""

    def __init__(self, path: str, game_id: int, missing: int, found: int, kind: str):
        self.game_id = game_id
        self.seq = missing
        self.kind = kind
        JournalError.__init__(
            self, "game.journal.missing-event", path=path, id=game_id, seq=missing, found=found
        )


@record
class Event:
    """One recorded event of a game."""

    seq: int
    """Its number in the game, from 1."""
    kind: str
    """What happened ("start", "wolves", "vote", "undo"...)."""
    data: dict[str, Any] = field(default_factory=dict)
    """The event's values (JSON)."""
    recorded: str = ""
    """When it was recorded (UTC, ISO 8601)."""

    def to_dict(self) -> dict[str, Any]:
        """Return the event as it is exported: its kind first, then its values."""
        return {"kind": self.kind, **self.data}


Check = Callable[[list[Event]], list[Event] | None]
"""What a recording calls with the game's events, the new ones last, before they are
committed: it raises to refuse them, and may return them with the new ones' data cut to
the values that apply (``garou.game.replay.trimmed``), which are then recorded instead."""


@record
class GameRow:
    """One game of the journal."""

    id: int
    """The game's id, unique in the file."""
    game: str
    """The game played ("loup-garou")."""
    name: str | None
    """The name the table gave it."""
    created: str
    """When it was created (UTC, ISO 8601)."""


class _Rows:
    """What one statement gave: its rows, read whole, and the id of the row it inserted."""

    def __init__(self, rows: list[Any], lastrowid: int | None):
        self.rows = rows
        self.lastrowid = lastrowid

    def fetchone(self) -> Any:
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list[Any]:
        return self.rows

    def __iter__(self) -> Iterator[Any]:
        return iter(self.rows)


class _Sql:
    """The one way to the journal's SQLite file: every statement runs here, its rows are
    read here (SQLite reads a page only when a row needs it), and every SQLite error is
    turned into garou's (:func:`journal_error`) but a missing side table's, which the
    journal asks about."""

    def __init__(self, connection: sqlite3.Connection, path: Path):
        self.connection = connection
        self.path = path

    def execute(
        self, sql: str, params: tuple[Any, ...] = (), *, what: Any = None, writing: bool = False
    ) -> _Rows:
        """Run ``sql`` and return its rows; ``what`` names what it reads, for the message
        of a damaged journal (default: the journal itself); ``writing`` when it commits."""
        try:
            cursor = self.connection.execute(sql, params)
            return _Rows(cursor.fetchall(), cursor.lastrowid)
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                raise
            raise journal_error(exc, self.path, what, writing) from None
        except sqlite3.Error as exc:
            raise journal_error(exc, self.path, what, writing) from None
        except OverflowError:  # an id beyond SQLite's integers: no game has it
            given = next((v for v in params if isinstance(v, int) and abs(v) >= 2**63), "?")
            raise UnknownGameIdError("game.journal.no-such-game", id=given) from None

    def close(self) -> None:
        """Close the file."""
        self.connection.close()


def journal_error(
    exc: sqlite3.Error, path: Path, what: Any = None, writing: bool = False
) -> JournalError:
    """Return garou's error for SQLite's ``exc`` on the journal ``path``: damaged (naming
    ``what`` could not be read), busy, disk full, read only, else unreadable (unwritable
    when ``writing``) with its why."""
    from garou.core.catalogue import phrase

    code = str(getattr(exc, "sqlite_errorname", "") or "")
    base = "_".join(code.split("_")[:2])
    if base in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
        return DamagedJournalError(str(path), what or phrase("game.journal.part-file"))
    if base in ("SQLITE_BUSY", "SQLITE_LOCKED"):
        return JournalError("game.db.busy", path=str(path), why=_why(exc))
    if base == "SQLITE_FULL" or base == "SQLITE_IOERR" and _disk_full(path):
        return DiskFullError("game.journal.disk-full", path=str(path))
    if base == "SQLITE_READONLY":
        return JournalError("game.journal.read-only", path=str(path))
    key = "game.db.unwritable" if writing else "game.db.unreadable"
    return JournalError(key, path=str(path), why=_why(exc))


def _disk_full(path: Path) -> bool:
    """Whether the file system holding ``path`` has no block left for this account."""
    try:
        found = os.statvfs(path.parent)
    except (OSError, AttributeError):
        return False
    return found.f_bavail == 0


def default_path() -> Path:
    """Return the journal file: ``$GAROU_DB``, else ``games.sqlite`` in the user's data folder."""
    given = os.environ.get(DB_ENV)
    if given:
        return Path(given)
    from platformdirs import user_data_dir

    return Path(user_data_dir("garou", appauthor=False)) / "games.sqlite"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Journal:
    """An open journal file."""

    def __init__(self, path: str | Path, *, create: bool = True):
        self.path = Path(path)
        self.appended: set[tuple[int, int]] = set()
        """The events this journal object appended, as (game id, seq): what a terminal
        recorded itself, told from what another screen recorded in the same file."""
        existed = self.path.exists()
        if existed and self.path.is_dir():
            raise JournalError("game.db.folder", path=str(self.path))
        if existed and not self.path.is_file():  # a pipe, a device: refused before opening
            from garou.core.catalogue import phrase
            from garou.core.reader import file_kind

            kind = phrase(f"game.journal.kind.{file_kind(self.path.stat().st_mode)}")
            raise JournalError("game.journal.not-a-file", path=str(self.path), kind=kind)
        if existed and not create and _empty(self.path):
            # an empty file is no journal yet: only a command that creates one writes it
            raise JournalError("game.db.missing", path=str(self.path))
        if not existed:
            if not create:
                raise JournalError("game.db.missing", path=str(self.path))
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise JournalError(
                    "game.db.unwritable", path=str(self.path), why=_why(exc)
                ) from None
        self.read_only = existed and not _writable(self.path)
        """The file (or its folder) cannot be written: it is opened to be read only, and a
        command that records says so (a journal on a read-only share, another account's)."""
        self.full = False
        """The disk is full: the journal was opened to be read only, and a command that
        records says the disk is full."""
        self.db = self._open(existed)

    def _open(self, existed: bool) -> _Sql:
        """Connect and check the file is a journal of a known schema; on a full disk, where
        SQLite cannot make the files it keeps beside the journal, open it to be read."""
        try:
            self.db = _Sql(self._connect(), self.path)
        except sqlite3.Error as exc:
            raise journal_error(exc, self.path) from None
        try:
            self._prepare(existed)
            return self.db
        except DamagedJournalError:  # its first pages: no telling it is a journal
            self.db.close()
            raise ForeignDatabaseError("game.db.foreign", path=str(self.path)) from None
        except DiskFullError:
            self.db.close()
            if self.read_only or not existed:
                raise
            self.read_only = self.full = True
            return self._open(existed)
        except GarouError:
            self.db.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        """Connect to the file: read only (``mode=ro``) when it cannot be written, and then,
        if SQLite cannot even keep its shared-memory file beside it (a read-only folder),
        as an unchanging file (``immutable=1``): reading is what is possible, so it works."""
        if not self.read_only:
            return sqlite3.connect(self.path, timeout=10, isolation_level=None)
        from urllib.parse import quote

        uri = f"file:{quote(str(self.path.resolve()))}?mode=ro"
        db = sqlite3.connect(uri, uri=True, timeout=10, isolation_level=None)
        try:
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.OperationalError:
            db.close()
        return sqlite3.connect(uri + "&immutable=1", uri=True, timeout=10, isolation_level=None)

    def _prepare(self, existed: bool) -> None:
        db = self.db
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:
            if existed and self.path.stat().st_size > 0:
                raise ForeignDatabaseError("game.db.foreign", path=str(self.path))
            if self.read_only:
                raise JournalError("game.journal.read-only", path=str(self.path))
            db.execute("PRAGMA journal_mode=WAL")
            with self._write():
                for statement in _SCHEMA.strip().split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(
                    "INSERT INTO meta VALUES ('application', ?), ('schema', ?)",
                    (APPLICATION, str(SCHEMA_VERSION)),
                )
            return
        if "meta" not in tables:
            raise ForeignDatabaseError("game.db.foreign", path=str(self.path))
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("application") != APPLICATION:
            raise ForeignDatabaseError("game.db.foreign", path=str(self.path))
        version = whole_number(str(meta.get("schema", "")), max_digits=9)
        if version is None:  # '²', 'abc', '': no garou wrote this schema number
            raise ForeignDatabaseError("game.db.foreign", path=str(self.path))
        if version > SCHEMA_VERSION:
            raise NewerSchemaError(
                "game.db.newer", path=str(self.path), found=version, known=SCHEMA_VERSION
            )
        if not {"games", "events"} <= tables:
            raise ForeignDatabaseError("game.db.foreign", path=str(self.path))
        if not self.read_only:
            db.execute("PRAGMA journal_mode=WAL")

    def db_option(self) -> str:
        """Return the words a command printed for the user to type needs to reach this
        journal: `` --db PATH`` (quoted for the shell), or nothing for the journal a command
        opens without --db (``$GAROU_DB``, else the default one)."""
        from garou.core.lists import shell_word

        try:
            if self.path.resolve() == default_path().resolve():
                return ""
        except (OSError, RuntimeError):
            pass
        return f" --db {shell_word(self.path)}"

    def check_writable(self) -> None:
        """Refuse, as recording would, a journal that cannot be written (read only, or on a
        full disk): a command that asks questions before it records checks first, so that
        no answer is typed for nothing (``garou game play``, ``speak``, ``correct``)."""
        if self.full:
            raise DiskFullError("game.journal.disk-full", path=str(self.path))
        if self.read_only:
            raise JournalError("game.journal.read-only", path=str(self.path))

    @contextmanager
    def _write(self) -> Iterator[None]:
        """Run the block in one immediate transaction: committed whole, or not at all."""
        self.check_writable()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.db.execute("COMMIT", writing=True)
        except BaseException:
            with suppress(sqlite3.Error):
                self.db.connection.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- games ---------------------------------------------------------------------

    def games(self) -> list[GameRow]:
        """Return every game, oldest first."""
        from garou.core.catalogue import phrase

        rows = self.db.execute(
            "SELECT id, game, name, created FROM games ORDER BY id",
            what=phrase("game.journal.part-games"),
        )
        return [GameRow(*row) for row in rows]

    def game(self, game_id: int | None = None) -> GameRow:
        """Return the game ``game_id``, or when it is None the game last written to (the one
        whose event was recorded last: the evening being played, not the latest created)."""
        if game_id is None:
            row = (
                self.db.execute(
                    "SELECT g.id, g.game, g.name, g.created FROM events e JOIN games g"
                    " ON g.id = e.game_id ORDER BY e.rowid DESC LIMIT 1"
                ).fetchone()
                or self.db.execute(
                    "SELECT id, game, name, created FROM games ORDER BY id DESC LIMIT 1"
                ).fetchone()
            )
            if row is None:
                raise UnknownGameIdError("game.db.no-games", path=str(self.path))
            return GameRow(*row)
        row = self.db.execute(
            "SELECT id, game, name, created FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            known = [str(g.id) for g in self.games()]
            raise UnknownGameIdError(
                "game.db.unknown-id", id=game_id, known=", ".join(known) or "-"
            )
        return GameRow(*row)

    def events(self, game_id: int) -> list[Event]:
        """Return the events of game ``game_id``, in the order they were recorded."""
        from garou.core.catalogue import phrase

        rows = self.db.execute(
            "SELECT seq, kind, data, recorded FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,),
            what=phrase("game.journal.part-events", id=game_id),
        )
        events = []
        for number, (seq, kind, data, recorded) in enumerate(rows, 1):
            if seq != number:  # every event's place is its number: a gap is a damage
                raise MissingEventError(str(self.path), game_id, number, seq, str(kind))
            events.append(Event(seq, kind, self._data(game_id, seq, kind, data), recorded))
        return events

    def _data(self, game_id: int, seq: int, kind: str, text: Any) -> dict[str, Any]:
        """An event's stored data, read back; DamagedEventError when it is no JSON mapping."""
        try:
            data = json.loads(text) if isinstance(text, str | bytes) else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise DamagedEventError(str(self.path), game_id, seq, str(kind))
        return data

    def create(
        self,
        game: str,
        name: str | None,
        first: tuple[str, dict[str, Any]],
        check: Check | None = None,
    ) -> int:
        """Create a game whose first event is ``first``; return its id.

        ``check`` is called with the game's events before they are committed; whatever it
        raises leaves nothing recorded.
        """
        with self._write():
            cursor = self.db.execute(
                "INSERT INTO games (game, name, created) VALUES (?, ?, ?)", (game, name, _now())
            )
            game_id = int(cursor.lastrowid or 0)
            event = Event(1, first[0], first[1], _now())
            if check is not None:
                check([event])
            self._insert(game_id, event)
        return game_id

    def record(
        self,
        game_id: int,
        kind: str,
        data: dict[str, Any],
        check: Check | None = None,
    ) -> Event:
        """Append one event to game ``game_id`` and commit it; return it.

        ``check`` gets every event of the game, the new one last, inside the transaction:
        another terminal cannot record in between, and whatever ``check`` raises leaves
        nothing recorded. It may return the events again with the new one's data cut to
        what applies (:data:`Check`): that one is recorded.
        """
        with self._write():
            self.game(game_id)
            events = self.events(game_id)
            event = Event(len(events) + 1, kind, dict(data), _now())
            event = _checked(check, [*events, event])[-1]
            self._insert(game_id, event)
        return event

    def record_form(
        self,
        game_id: int,
        form_id: str,
        kind: str,
        data: dict[str, Any],
        check: Check | None = None,
    ) -> tuple[Event, bool]:
        """Record an event sent by form ``form_id`` once; return it and whether it is new.

        The form id is stored with the event in the same transaction: a form submitted
        twice (a double tap, a resent page, two phones) records one event, and the second
        submission gets the event the first one recorded, with False.
        """
        with self._write():
            self._side_table("forms")
            self.game(game_id)
            seq = self.form_seq(game_id, form_id)
            events = self.events(game_id)
            if seq is not None:
                return events[seq - 1], False
            event = Event(len(events) + 1, kind, dict(data), _now())
            event = _checked(check, [*events, event])[-1]
            self._insert(game_id, event)
            self.db.execute(
                "INSERT INTO forms (game_id, form_id, seq) VALUES (?, ?, ?)",
                (game_id, form_id, event.seq),
            )
        return event, True

    def form_seq(self, game_id: int, form_id: str) -> int | None:
        """Return the event form ``form_id`` recorded in game ``game_id``, or None when that
        form recorded nothing (or no form was ever recorded in this journal)."""
        try:
            row = self.db.execute(
                "SELECT seq FROM forms WHERE game_id = ? AND form_id = ?", (game_id, form_id)
            ).fetchone()
        except sqlite3.OperationalError:  # no form recorded in this journal yet
            return None
        return None if row is None else int(row[0])

    def secret(self, game_id: int) -> str:
        """Return the secret of game ``game_id`` (made and kept in the file on first use)."""
        import secrets

        found = self._read_secret(game_id)
        if found is not None:
            return found
        with self._write():
            self._side_table("secrets")
            self.game(game_id)
            self.db.execute(
                "INSERT OR IGNORE INTO secrets (game_id, secret) VALUES (?, ?)",
                (game_id, secrets.token_urlsafe(18)),
            )
        found = self._read_secret(game_id)
        assert found is not None
        return found

    def _read_secret(self, game_id: int) -> str | None:
        try:
            row = self.db.execute(
                "SELECT secret FROM secrets WHERE game_id = ?", (game_id,)
            ).fetchone()
        except sqlite3.OperationalError:  # no such table yet
            return None
        return None if row is None else str(row[0])

    def save_draft(
        self, game_id: int, name: str, data: dict[str, Any], revision: int | None = None
    ) -> int:
        """Keep the draft ``name`` of game ``game_id`` (committed now: a Ctrl-C, a crash or a
        reloaded page loses nothing of it); it holds until another event is recorded.
        Return its new revision (:meth:`draft_revision`).

        ``revision``: the revision the screen saving it was drawn with; when another screen
        saved the draft since, DraftChangedError and nothing is saved (two phones on one
        show of hands never overwrite each other's ballots without a word). None: saved
        whatever is kept (the terminal, the only face typing)."""
        with self._write():
            self._side_table("drafts")
            self.game(game_id)
            now = self.draft_revision(game_id, name)
            if revision is not None and revision != now:
                raise DraftChangedError("game.draft.changed", path=str(self.path))
            kept = json.dumps({**data, _REVISION: now + 1}, ensure_ascii=False)
            self.db.execute(
                "INSERT OR REPLACE INTO drafts (game_id, name, after, data) VALUES (?, ?, ?, ?)",
                (game_id, name, self._last_seq(game_id), kept),
            )
        return now + 1

    def draft_revision(self, game_id: int, name: str) -> int:
        """How many times the draft ``name`` of game ``game_id`` was saved since the game's
        last event (0: no draft for the step the game is at)."""
        kept = self._kept(game_id, name)
        if kept is None or kept[0] != self._last_seq(game_id):
            return 0
        return kept[2]

    def draft(self, game_id: int, name: str) -> dict[str, Any] | None:
        """Return the draft ``name`` of game ``game_id``, or None when there is none or an
        event (other than a countdown's) was recorded, or undone, since it was kept."""
        kept = self.kept_draft(game_id, name)
        if kept is None or kept[0] != self._last_seq(game_id):
            return None
        return kept[1]

    def kept_draft(self, game_id: int, name: str) -> tuple[int, dict[str, Any]] | None:
        """Return the draft ``name`` of game ``game_id`` with the number of the last event
        before it was kept, even when events were recorded since (:meth:`draft` says None
        then): for a face that checks it against those events instead of losing it."""
        kept = self._kept(game_id, name)
        return None if kept is None else (kept[0], kept[1])

    def _kept(self, game_id: int, name: str) -> tuple[int, dict[str, Any], int] | None:
        """The draft as stored: the last event before it, its data, its revision."""
        try:
            row = self.db.execute(
                "SELECT after, data FROM drafts WHERE game_id = ? AND name = ?", (game_id, name)
            ).fetchone()
        except sqlite3.OperationalError:  # no such table yet
            return None
        if row is None:
            return None
        try:
            found = json.loads(row[1])
        except ValueError:  # a row edited by hand: no draft
            return None
        if not isinstance(found, dict):
            return None
        revision = found.pop(_REVISION, 0)
        whole = isinstance(revision, int) and not isinstance(revision, bool)
        return int(row[0]), found, revision if whole else 0

    def drop_draft(self, game_id: int, name: str) -> None:
        """Forget the draft ``name`` of game ``game_id`` (its event is recorded)."""
        if self.kept_draft(game_id, name) is None:
            return
        with self._write():
            self.db.execute("DELETE FROM drafts WHERE game_id = ? AND name = ?", (game_id, name))

    def _last_seq(self, game_id: int) -> int:
        """The number of the game's last event that is not a countdown's (timer)."""
        row = self.db.execute(
            "SELECT MAX(seq) FROM events WHERE game_id = ? AND kind != 'timer'", (game_id,)
        ).fetchone()
        return int(row[0] or 0)

    def _side_table(self, name: str) -> None:
        """Create the side table ``name`` if this journal has none (inside a write)."""
        found = self.db.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name = ?", (name,)
        ).fetchone()
        if found is None:
            self.db.execute(_SIDE_TABLES[name])

    def _insert(self, game_id: int, event: Event) -> None:
        self.appended.add((game_id, event.seq))
        self.db.execute(
            "INSERT INTO events (game_id, seq, kind, data, recorded) VALUES (?, ?, ?, ?, ?)",
            (game_id, event.seq, event.kind, json.dumps(event.data, ensure_ascii=False),
             event.recorded),
        )  # fmt: skip

    def import_game(
        self,
        game: str,
        name: str | None,
        events: list[tuple[str, dict[str, Any]]],
        check: Check,
    ) -> int:
        """Create a game with every one of ``events`` at once (an import); return its id."""
        with self._write():
            cursor = self.db.execute(
                "INSERT INTO games (game, name, created) VALUES (?, ?, ?)", (game, name, _now())
            )
            game_id = int(cursor.lastrowid or 0)
            stamped = [Event(i + 1, k, d, _now()) for i, (k, d) in enumerate(events)]
            for event in _checked(check, stamped):
                self._insert(game_id, event)
        return game_id


def _writable(path: Path) -> bool:
    """Whether this account may write the file and its folder (SQLite writes beside it)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


_REASONS = {
    "SQLITE_READONLY": "read-only",
    "SQLITE_BUSY": "busy",
    "SQLITE_LOCKED": "busy",
    "SQLITE_CANTOPEN": "cantopen",
    "SQLITE_FULL": "full",
    "SQLITE_IOERR": "io",
    "SQLITE_PERM": "permission",
    "SQLITE_AUTH": "permission",
    "SQLITE_CORRUPT": "corrupt",
    "SQLITE_NOTADB": "corrupt",
}
_ERRNOS = {"EACCES": "permission", "EPERM": "permission", "EROFS": "read-only", "ENOSPC": "full"}


def _why(exc: BaseException) -> Any:
    """Why the file cannot be used, said in the user's language (never the system's English
    text): the SQLite result code or the errno, named by the catalogue."""
    import errno

    from garou.core.catalogue import phrase

    code = getattr(exc, "sqlite_errorname", None)
    if isinstance(code, str):
        found = _REASONS.get(code) or _REASONS.get(code.split("_", 2)[0] + "_" + code.split("_")[1])
        return phrase(f"core.why.{found}") if found else phrase("core.why.code", code=code)
    number = getattr(exc, "errno", None)
    name = errno.errorcode.get(number, "") if isinstance(number, int) else ""
    if name in _ERRNOS:
        return phrase(f"core.why.{_ERRNOS[name]}")
    return phrase("core.why.code", code=name or type(exc).__name__)


def _empty(path: Path) -> bool:
    try:
        return path.is_file() and path.stat().st_size == 0
    except OSError:
        return False


def _checked(check: Check | None, events: list[Event]) -> list[Event]:
    """Return the events to record: ``check``'s (trimmed), or ``events`` as they are."""
    if check is None:
        return events
    trimmed = check(events)
    return events if trimmed is None else list(trimmed)


def open_journal(path: str | Path | None = None, *, create: bool = True) -> Journal:
    """Open the journal at ``path`` (default: :func:`default_path`), creating it if asked."""
    return Journal(path if path is not None else default_path(), create=create)
