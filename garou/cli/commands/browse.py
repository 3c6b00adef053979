"""Browse the rule data: ``garou rules``, ``garou show``, ``garou roles``."""

from __future__ import annotations

from typing import Annotated

import typer

from ..options import Game, Json, Lang, RulesDir


def rules_command(
    game: Game = None,
    kind: Annotated[
        str | None,
        typer.Option("--kind", "-k"),
    ] = None,
    section: Annotated[str | None, typer.Option("--section", "-s")] = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """List the rule entries, filtered by game, kind or section."""
    from garou.rules import load_rules, resolve_language
    from garou.rules.export import filter_entries
    from garou.rules.model import KINDS

    from ..output import console, print_json
    from ..render import entries_table

    language = resolve_language(lang)
    if kind is not None and kind not in KINDS:
        from garou.rules import UsageError

        raise UsageError("rules.unknown-kind", kind=repr(kind), kinds=", ".join(KINDS))
    book = load_rules(rules_dir)
    entries = filter_entries(book, game=game, kind=kind, section=section)
    if json_:
        print_json([e.to_dict(book.game(e.game), language) for e in entries])
        return
    console().print(entries_table(book, entries, language))


def show_command(
    entry_id: Annotated[str, typer.Argument(metavar="ID")],
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Show one entry in full: ruling, source, options, related entries."""
    from garou.rules import load_rules, resolve_language

    from ..output import console, print_json
    from ..render import entry_panel

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    entry = book.entry(entry_id)
    if json_:
        print_json(entry.to_dict(book.game(entry.game), language))
        return
    console().print(entry_panel(book, entry, language))


def roles_command(
    game: Game = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """List the roles of each game: camp, power role or not, night action."""
    from garou.rules import load_rules, resolve_language

    from ..output import console, print_json
    from ..render import roles_view

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    games = [book.game(game)] if game else list(book.games.values())
    if json_:
        print_json([r.to_dict(g, language) for g in games for r in g.roles])
        return
    out = console()
    for g in games:
        for line in roles_view(g, language):
            out.print(line)
        out.print()


def register(app: typer.Typer) -> None:
    """Add ``rules``, ``show`` and ``roles`` to ``app``."""
    app.command("rules")(rules_command)
    app.command("show")(show_command)
    app.command("roles")(roles_command)
