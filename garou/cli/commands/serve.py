"""The same tool on the game master's phone: ``garou serve``.

Flask, waitress and segno are imported only when the command runs, so that
``garou --help`` and every other command start as fast as before.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..options import Json, Lang, RulesDir
from .game import Db

DEFAULT_PORT = 8765
"""The port when --port is not given."""
THREADS = 8
"""Requests answered at once (a few phones, a table screen)."""


def serve_command(
    port: Annotated[
        int,
        typer.Option("--port", "-p", metavar="N"),
    ] = DEFAULT_PORT,
    lan: Annotated[
        bool,
        typer.Option("--lan"),
    ] = False,
    lang: Lang = None,
    rules_dir: RulesDir = None,
    db: Db = None,
    json_: Json = False,
) -> None:
    """Serve garou as a local web app (help.serve)."""
    from garou.core.catalogue import say
    from garou.rules import UsageError, load_rules, resolve_language

    language = resolve_language(lang)
    if not 0 <= port <= 65535:
        raise UsageError("web.serve.bad-port", port=port)
    load_rules(rules_dir)  # bad rule files: one clear error now, not on every page

    import logging

    from waitress.server import create_server

    from garou.game.journal import default_path
    from garou.web import WebConfig, create_app

    journal_path = db if db is not None else default_path()
    config = WebConfig(lan=lan, rules_dir=rules_dir, db=journal_path, lang=language)
    app = create_app(config)
    host = "0.0.0.0" if lan else "127.0.0.1"
    # A burst of requests queues a few for a moment: normal, not worth a warning line each.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    try:
        server = create_server(
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
        from garou.rules import GarouError

        if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise GarouError("web.serve.port-busy", port=port) from None
        raise GarouError(
            "web.serve.cannot-listen", host=host, port=port, reason=exc.strerror or str(exc)
        ) from None
    actual = server.effective_port  # type: ignore[union-attr]
    if json_:
        _started_json(config, journal_path, lan, host, int(actual), language)
    elif lan:
        from garou.web import network

        address = network.lan_address()
        typer.echo(say("web.serve.listening", language, url=f"http://0.0.0.0:{actual}/"))
        if address is None:
            # No address a phone can open: say so, never print (or encode) a dead URL.
            key = config.keys.server_key
            typer.echo(say("web.serve.no-lan-address", language, port=actual, key=key))
            typer.echo(say("web.serve.keep", language))
        else:
            url = f"http://{address}:{actual}/?key={config.keys.server_key}"
            typer.echo(say("web.serve.lan", language))
            typer.echo(f"  {url}")
            typer.echo(say("web.serve.scan", language))
            typer.echo(network.qr_text(url))
            typer.echo(say("web.serve.keep", language))
            _print_games(journal_path, f"http://{address}:{actual}", language)
    else:
        typer.echo(say("web.serve.listening", language, url=f"http://127.0.0.1:{actual}/"))
        typer.echo(say("web.serve.local-only", language))
    if not json_:
        typer.echo(say("web.serve.stop", language))
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        app.extensions["garou.library"].close()
    typer.echo(say("web.serve.stopped", language), err=True)


def _started_json(
    config: object, journal_path: object, lan: bool, host: str, port: int, lang: str
) -> None:
    """Print the one JSON line a script waits for once the server listens, flushed at once:
    ``{"url", "listening", "lan", "port", "key", "games", "table"}``. ``url`` is the address
    to open (with --lan, the network one with the key; null when this machine has no address
    a phone can reach); the QR code and the notices are left out."""
    import json
    import sys

    key = config.keys.server_key if lan else None  # type: ignore[attr-defined]
    url: str | None = f"http://127.0.0.1:{port}/"
    root = f"http://127.0.0.1:{port}"
    if lan:
        from garou.web import network

        address = network.lan_address()
        root = f"http://{address}:{port}"
        url = f"{root}/?key={key}" if address is not None else None
    from garou.rules import GarouError

    try:
        games = _games(journal_path, root, lang) if lan and url is not None else []
        older = _older(journal_path) if games else 0
    except GarouError:  # the journal's own pages say why
        games, older = [], 0
    line = {
        "url": url,
        "listening": f"http://{host}:{port}/",
        "lan": lan,
        "port": port,
        "key": key,
        "games": games,
        "games_older": older,
        "table": f"{root}/game/{games[0]['id']}/table" if games else None,
    }
    sys.stdout.write(json.dumps(line, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _games(path: object, root: str, lang: str) -> list[dict[str, object]]:
    """The latest games' game-master addresses: ``{"id", "name", "url"}`` each, the
    latest first (none when there is no journal); raise GarouError when it cannot be read."""
    from pathlib import Path

    from garou.core.catalogue import say
    from garou.game.journal import open_journal

    if not Path(str(path)).exists():
        return []
    with open_journal(Path(str(path)), create=False) as journal:
        rows = journal.games()[-GAMES_SHOWN:]
        found = [(row, journal.secret(row.id)) for row in reversed(rows)]
    return [
        {
            "id": row.id,
            "name": row.name or say("web.game.untitled", lang, id=row.id),
            "url": f"{root}/game/{row.id}?key={secret}",
        }
        for row, secret in found
    ]


GAMES_SHOWN = 5
"""How many of the journal's latest games ``--lan`` prints with their key."""


def _older(path: object) -> int:
    """How many games of the journal are older than the ones ``--lan`` lists."""
    from pathlib import Path

    from garou.game.journal import open_journal

    with open_journal(Path(str(path)), create=False) as journal:
        return max(0, len(journal.games()) - GAMES_SHOWN)


def _print_games(path: object, root: str, lang: str) -> None:
    """Print the latest games' game-master addresses (each with its game's key).

    A journal that cannot be read is not this command's failure: its pages will say why.
    """
    from garou.core.catalogue import say
    from garou.rules import GarouError

    try:
        found = _games(path, root, lang)
    except GarouError as exc:
        typer.echo(exc.message(lang), err=True)
        return
    if not found:
        return
    typer.echo(say("web.serve.games", lang, path=str(path)))
    for game in found:
        typer.echo(
            say("web.serve.game-line", lang, id=game["id"], name=game["name"], url=game["url"])
        )
    older = _older(path)
    if older:  # said, not silently left out
        typer.echo(say("web.serve.older", lang, count=older))
    typer.echo(say("web.serve.table-view", lang, url=f"{root}/game/{found[0]['id']}/table"))


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command("serve")(serve_command)
