"""Listen and serve: what ``garou serve`` starts, and what it says once it listens.

Waitress, Flask and segno are imported only here, when the command runs, so that every
other command starts as fast as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from garou.core.errors import GarouError
from garou.core.records import record

from .app import WebConfig

THREADS = 8
"""Requests answered at once (a few phones, a table screen)."""
GAMES_SHOWN = 5
"""How many of the journal's latest games ``--lan`` lists with their key."""


def listen(app: Any, host: str, port: int) -> Any:
    """Return a waitress server bound to ``host:port`` (port 0: any free one), not yet
    serving; raise :class:`GarouError` when the port is taken or cannot be listened on."""
    import logging

    from waitress.server import create_server

    # A burst of requests queues a few for a moment: normal, not worth a warning line each.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    try:
        return create_server(
            app,
            host=host,
            port=port,
            threads=THREADS,
            max_request_body_size=64 * 1024,
            max_request_header_size=16 * 1024,
            channel_timeout=30,
            ident="garou",
            clear_untrusted_proxy_headers=True,
        )
    except OSError as exc:
        if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise GarouError("web.serve.port-busy", port=port) from None
        raise GarouError(
            "web.serve.cannot-listen", host=host, port=port, reason=exc.strerror or str(exc)
        ) from None


@record
class Started:
    """Where a listening server can be reached, as ``garou serve`` says it.

    ``url`` is the address to open (with --lan, the network one with the server's key;
    None when this machine has no address a phone can reach). With --lan only: ``games``
    are the latest games of the journal (``journal``, its path) with their game-master
    address, the latest first; ``problem`` is why the journal could not be read for them
    (its pages will say it too).
    """

    url: str | None
    listening: str
    lan: bool
    port: int
    key: str | None
    root: str
    journal: str = ""
    games: tuple[dict[str, Any], ...] = ()
    games_older: int = 0
    problem: GarouError | None = None

    @property
    def table(self) -> str | None:
        """The shared table screen of the latest game, when there is one to show."""
        return f"{self.root}/game/{self.games[0]['id']}/table" if self.games else None

    def to_dict(self) -> dict[str, Any]:
        """The one JSON line a script waits for: ``url, listening, lan, port, key, games,
        games_older, table``."""
        return {
            "url": self.url,
            "listening": self.listening,
            "lan": self.lan,
            "port": self.port,
            "key": self.key,
            "games": list(self.games),
            "games_older": self.games_older,
            "table": self.table,
        }


def started(config: WebConfig, host: str, port: int, lang: str) -> Started:
    """Say where the server listening on ``host:port`` with ``config`` can be reached."""
    listening = f"http://{host}:{port}/"
    if not config.lan:
        root = f"http://127.0.0.1:{port}"
        return Started(f"{root}/", listening, False, port, None, root)
    from . import network

    key = config.keys.server_key
    address = network.lan_address()
    root = f"http://{address}:{port}"
    if address is None:  # no address a phone can open: none is given (nor encoded)
        return Started(None, listening, True, port, key, root)
    try:
        games, older = _latest_games(Path(str(config.db)), root, lang)
    except GarouError as exc:
        url = f"{root}/?key={key}"
        return Started(url, listening, True, port, key, root, str(config.db), problem=exc)
    url = f"{root}/?key={key}"
    return Started(url, listening, True, port, key, root, str(config.db), games, older)


def _latest_games(path: Path, root: str, lang: str) -> tuple[tuple[dict[str, Any], ...], int]:
    """The latest games' game-master addresses (``{"id", "name", "url"}``, the latest
    first; none when there is no journal) and how many older ones are left out; raise
    GarouError when the journal cannot be read."""
    from garou.core.catalogue import say
    from garou.game.journal import open_journal

    if not path.exists():
        return (), 0
    with open_journal(path, create=False) as journal:
        rows = journal.games()
        latest = [(row, journal.secret(row.id)) for row in reversed(rows[-GAMES_SHOWN:])]
    games = tuple(
        {
            "id": row.id,
            "name": row.name or say("web.game.untitled", lang, id=row.id),
            "url": f"{root}/game/{row.id}?key={secret}",
        }
        for row, secret in latest
    )
    return games, max(0, len(rows) - GAMES_SHOWN)


def serve(server: Any, app: Any) -> None:
    """Answer requests until Ctrl-C, then close the server and the app's rules library."""
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        app.extensions["garou.library"].close()
