"""``garou club standings``: the season over the Mafia evenings of the game journal."""

from __future__ import annotations

from typing import Annotated

import typer

from ..options import Json, Lang
from .game import Db, _book, _lang, _open


def standings_command(
    since: Annotated[str | None, typer.Option("--from", metavar="YYYY-MM-DD")] = None,
    until: Annotated[str | None, typer.Option("--to", metavar="YYYY-MM-DD")] = None,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """The club's standings over the finished Mafia games of the journal (help.club.standings)."""
    from garou.core.catalogue import format_number, join, say
    from garou.core.errors import UsageError
    from garou.game.standings import standings
    from garou.houserules.agreement import iso_date

    language = _lang(lang)

    def day(value: str | None, option: str) -> str | None:
        # read as every date of garou (ISO, or French day first) and compared as ISO
        if value is None:
            return None
        date = iso_date(value)
        if date is None:
            raise UsageError("core.date.option", value=value, option=option)
        return date

    since, until = day(since, "--from"), day(until, "--to")
    book = _book()
    with _open(db) as journal:
        table = standings(journal, book, since, until, language)
    if json_:
        from ..output import print_json

        print_json(table)
        return
    from rich.markup import escape
    from rich.table import Table

    from ..output import console

    out = console()
    out.print(f"[bold]{escape(say('club.cli.title', language, count=len(table['games'])))}[/]")
    left = table["left_out"]
    if left:
        out.print(f"[yellow]{escape(say('club.left-out', language, count=len(left)))}[/]")
        for game in left:
            out.print(f"[yellow]  {escape(game['message'])}[/]")
    names = [table["names"][s] for s in table["systems"]]
    grid = Table(
        say("protocol.label.player", language),
        say("club.cli.games", language),
        say("club.cli.wins", language),
        *names,
        say("club.cli.roles", language),
    )
    game = book.games["mafia"]
    ids = {r.id for r in game.roles}

    def role_name(role: str) -> str:
        # The role's name in the output language (the JSON keeps the data's ids).
        return game.role(role).name.get(language) if role in ids else role

    for p in table["players"]:
        roles = ", ".join(
            f"{role_name(r)} {v['wins']}/{v['games']}" for r, v in sorted(p["roles"].items())
        )
        grid.add_row(
            escape(p["name"]),
            str(p["games"]),
            str(p["wins"]),
            *(format_number(p["points"][s], language) for s in table["systems"]),
            escape(roles),
        )
    out.print(grid)
    merged = [p["spellings"] for p in table["players"] if len(p["spellings"]) > 1]
    if merged:  # said, so that a judge sees two people merged by mistake
        said = join([" = ".join(s) for s in merged], language, "and")
        out.print(escape(say("club.spellings", language, names=said)))


def register(app: typer.Typer) -> None:
    """Add ``club standings`` to ``app``."""
    sub = typer.Typer(
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    sub.command("standings")(standings_command)
    app.add_typer(sub, name="club")
