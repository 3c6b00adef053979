"""``garou club standings``: the season over the Mafia evenings of the game journal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..options import Json, Lang, option_date
from .game import Db, _book, _lang, _open

if TYPE_CHECKING:
    from garou.rules.model import Game


def standings_command(
    since: Annotated[str | None, typer.Option("--from", metavar="YYYY-MM-DD")] = None,
    until: Annotated[str | None, typer.Option("--to", metavar="YYYY-MM-DD")] = None,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """The club's standings over the finished Mafia games of the journal (help.club.standings)."""
    from garou.game.standings import standings

    language = _lang(lang)
    since, until = option_date(since, "--from"), option_date(until, "--to")
    if since is not None and until is not None and since > until:
        from garou.core.errors import UsageError

        raise UsageError("core.date.range", since=since, until=until)
    book = _book()
    with _open(db) as journal:
        table = standings(journal, book, since, until, language)
    if json_:
        from ..output import print_json

        print_json(table)
        return
    _print_standings(table, book.games["mafia"], language)


def _print_standings(table: dict[str, Any], game: Game, lang: str) -> None:
    """The standings as a table, with what was left out, the points resting on garou's
    reading and the names merged, each said."""
    from rich.markup import escape
    from rich.table import Table

    from garou.core.catalogue import format_number, join, say, verbatim

    from ..output import console

    out = console()
    out.print(f"[bold]{escape(say('club.cli.title', lang, count=len(table['games'])))}[/]")
    left = table["left_out"]
    if left:
        out.print(f"[yellow]{escape(say('club.left-out', lang, count=len(left)))}[/]")
        for game_left in left:
            out.print(f"[yellow]  {escape(game_left['message'])}[/]")
    names = [table["names"][s] for s in table["systems"]]
    grid = Table(
        say("protocol.label.player", lang),
        say("club.cli.games", lang),
        say("club.cli.wins", lang),
        *names,
        say("club.cli.roles", lang),
    )
    ids = {r.id for r in game.roles}

    def role_name(role: str) -> str:
        # The role's name in the output language (the JSON keeps the data's ids).
        return game.role(role).name.get(lang) if role in ids else role

    for p in table["players"]:
        roles = ", ".join(
            f"{role_name(r)} {v['wins']}/{v['games']}" for r, v in sorted(p["roles"].items())
        )
        grid.add_row(
            escape(p["name"]) + (" *" if p["readings"] else ""),
            str(p["games"]),
            str(p["wins"]),
            *(format_number(p["points"][s], lang) for s in table["systems"]),
            escape(roles),
        )
    out.print(grid)
    for p in table["players"]:  # the points that rest on garou's reading, said as such
        if p["readings"]:
            reasons = "; ".join(dict.fromkeys(r["reason"] for r in p["readings"]))
            named = say("core.label-value", lang, label=p["name"], value=verbatim(reasons))
            said = say("club.reading-mark", lang, reasons=named)
            out.print(f"[dim]{escape(said)}[/]")
    merged = [p["spellings"] for p in table["players"] if len(p["spellings"]) > 1]
    if merged:  # said, so that a judge sees two people merged by mistake
        said = join([" = ".join(s) for s in merged], lang, "and")
        out.print(escape(say("club.spellings", lang, names=said)))


def register(app: typer.Typer) -> None:
    """Add ``club standings`` to ``app``."""
    sub = typer.Typer(
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    sub.command("standings")(standings_command)
    app.add_typer(sub, name="club")
