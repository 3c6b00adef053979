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
    from ..loading import Loading

    with Loading():  # Rich, loaded for the rest of the run
        from rich.markup import escape
        from rich.table import Table

    from garou.core.catalogue import say
    from garou.rules import load_rules, resolve_language
    from garou.rules.export import filter_entries
    from garou.rules.model import KINDS

    from ..output import console, print_json

    language = resolve_language(lang)
    if kind is not None and kind not in KINDS:
        from garou.rules import UsageError

        raise UsageError("rules.unknown-kind", kind=repr(kind), kinds=", ".join(KINDS))
    book = load_rules(rules_dir)
    entries = filter_entries(book, game=game, kind=kind, section=section)
    if json_:
        print_json([e.to_dict(book.game(e.game), language) for e in entries])
        return
    table = Table(title=say("browse.entries", language, count=len(entries)))
    for column in ("id", "game", "kind", "section", "title"):
        table.add_column(say(f"browse.column.{column}", language), overflow="fold")
    mark = f" [dim]{escape(say('browse.addition-mark', language))}[/]"
    for e in entries:
        section_title = book.game(e.game).section(e.section).title.get(language)
        title = escape(e.title.get(language)) + (mark if e.source.addition else "")
        kind_ = say(f"kind.{e.kind}", language)
        table.add_row(escape(e.id), e.game, kind_, escape(section_title), title)
    console().print(table)


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
    from ..loading import Loading

    with Loading():  # Rich, loaded for the rest of the run
        from rich.markup import escape
        from rich.table import Table

    from garou.core.catalogue import say
    from garou.rules import load_rules, resolve_language

    from ..output import console, print_json

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    games = [book.game(game)] if game else list(book.games.values())
    if json_:
        print_json([r.to_dict(g, language) for g in games for r in g.roles])
        return
    out = console()
    yes, no = say("word.yes", language), say("word.no", language)
    mark = f" [dim]{escape(say('browse.addition-mark', language))}[/]"
    for g in games:
        table = Table(title=escape(g.info.name.get(language)), title_justify="left")
        for column in ("id", "name", "camp", "power", "night"):
            table.add_column(say(f"browse.column.{column}", language), overflow="fold")
        read = f" [dim]{escape(say('browse.reading-mark', language))}[/]"
        for r in g.roles:
            name = escape(r.name.get(language)) + (mark if r.addition else "")
            name += read if r.readings else ""
            night = escape(r.night_action.get(language)) if r.night_action else "-"
            camp = escape(g.camp(r.camp).name.get(language))
            power = yes if r.power else no
            if g.reading_of(f"role:{r.id}.power") is not None:  # garou's, not the document's
                power += f" [dim]{escape(say('browse.reading-mark', language))}[/]"
            table.add_row(escape(r.id), name, camp, power, night)
        out.print(table)
        for r in g.roles:
            for reading in r.readings:
                said = say("browse.reading-line", language, name=r.name.get(language),
                           reading=reading.text.get(language))  # fmt: skip
                out.print(f"  {escape(said)}")
        for s in g.statuses:
            out.print(
                f"  [bold]{escape(s.name.get(language))}[/] ({escape(s.id)}): "
                + escape(s.summary.get(language))
            )
        out.print()


def register(app: typer.Typer) -> None:
    """Add ``rules``, ``show`` and ``roles`` to ``app``."""
    app.command("rules")(rules_command)
    app.command("show")(show_command)
    app.command("roles")(roles_command)
