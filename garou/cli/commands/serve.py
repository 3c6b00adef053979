"""The same tool on the game master's phone: ``garou serve``.

The server is :mod:`garou.web.server`'s; Flask, waitress and segno are imported only when
the command runs, so that ``garou --help`` and every other command start as fast as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..options import Json, Lang, RulesDir
from .game import Db

if TYPE_CHECKING:
    from garou.web.server import Started

DEFAULT_PORT = 8765
"""The port when --port is not given."""


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
    from garou.game.journal import default_path
    from garou.rules import UsageError, load_rules, resolve_language
    from garou.web import WebConfig, create_app, server

    language = resolve_language(lang)
    if not 0 <= port <= 65535:
        raise UsageError("web.serve.bad-port", port=port)
    load_rules(rules_dir)  # bad rule files: one clear error now, not on every page
    config = WebConfig(lan=lan, rules_dir=rules_dir, db=db or default_path(), lang=language)
    app = create_app(config)
    host = "0.0.0.0" if lan else "127.0.0.1"
    listening = server.listen(app, host, port)
    where = server.started(config, host, int(listening.effective_port), language)
    _print_started(where, language, json_)
    server.serve(listening, app)
    typer.echo(say("web.serve.stopped", language), err=True)


def _print_started(where: Started, lang: str, json_: bool) -> None:
    """Say where the server can be reached: one JSON line flushed at once (what a script
    waits for; no QR code, no notice), or the addresses, the QR code and the latest games."""
    from garou.core.catalogue import say

    if json_:
        import json
        import sys

        sys.stdout.write(json.dumps(where.to_dict(), ensure_ascii=False) + "\n")
        sys.stdout.flush()
        return
    typer.echo(say("web.serve.listening", lang, url=where.listening))
    if not where.lan:
        typer.echo(say("web.serve.local-only", lang))
    elif where.url is None:
        typer.echo(say("web.serve.no-lan-address", lang, port=where.port, key=where.key))
        typer.echo(say("web.serve.keep", lang))
    else:
        from garou.web import network

        typer.echo(say("web.serve.lan", lang))
        typer.echo(f"  {where.url}")
        typer.echo(say("web.serve.scan", lang))
        typer.echo(network.qr_text(where.url))
        typer.echo(say("web.serve.keep", lang))
        _print_games(where, lang)
    typer.echo(say("web.serve.stop", lang))


def _print_games(where: Started, lang: str) -> None:
    """Print the latest games' game-master addresses (each with its game's key); a journal
    that cannot be read is not this command's failure: said, and its pages will say why."""
    from garou.core.catalogue import say

    if where.problem is not None:
        typer.echo(where.problem.message(lang), err=True)
    if not where.games:
        return
    typer.echo(say("web.serve.games", lang, path=str(where.journal)))
    for game in where.games:
        typer.echo(
            say("web.serve.game-line", lang, id=game["id"], name=game["name"], url=game["url"])
        )
    if where.games_older:  # said, not silently left out
        typer.echo(say("web.serve.older", lang, count=where.games_older))
    typer.echo(say("web.serve.table-view", lang, url=where.table))


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command("serve")(serve_command)
