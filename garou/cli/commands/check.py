"""Check a distribution before dealing, or have one suggested: ``garou check``, ``suggest``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..options import Game, Json, Lang, RulesDir, given

if TYPE_CHECKING:
    from garou.rules import Game as RulesGame
    from garou.rules.distribution import Verdict

Players = Annotated[
    str | None,
    given("--players", "-n", metavar="N"),
]

_STYLE = {"pass": "green", "fail": "bold red", "advice": "cyan"}


def check_command(
    setup_file: Annotated[
        Path | None,
        typer.Argument(
            metavar="[SETUP.yaml]",
            show_default=False,
        ),
    ] = None,
    game: Game = None,
    players: Players = None,
    roles: Annotated[
        str | None,
        given("--roles", "-r"),
    ] = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Check a distribution of roles before dealing: every rule, why, and how to fix it."""
    from garou.core.names import Either
    from garou.rules import UsageError, load_rules, resolve_language
    from garou.rules.distribution import (
        check_distribution,
        example_roles,
        make_distribution,
        parse_players,
        parse_roles,
        read_setup,
    )

    from ..output import print_json

    language = resolve_language(lang)
    count = parse_players(players) if players is not None else None
    if setup_file is not None and (game or roles or count is not None):
        raise UsageError("setup.cli.both")
    book = load_rules(rules_dir)
    if setup_file is None and not roles:
        games = [book.game(game)] if game else list(book.games.values())
        examples = Either(
            [
                f'{"" if game else f"--game {g.id} "}--roles "{example_roles(g, count)}"'
                for g in games
            ]
        )
        raise UsageError("setup.cli.no-roles", examples=examples)
    if setup_file is not None:
        rules_game, dist = read_setup(setup_file, book)
    else:
        if not game:
            raise UsageError("setup.cli.no-game", games=Either([f"--game {g}" for g in book.games]))
        rules_game = book.game(game)
        dist = make_distribution(rules_game, parse_roles(roles or "", rules_game), count)
    verdict = check_distribution(rules_game, dist)
    if json_:
        print_json(verdict.to_dict(language))
    else:
        _print_verdict(rules_game, verdict, language)
    if not verdict.ok:
        raise typer.Exit(1)


def suggest_command(
    game: Game = None,
    players: Annotated[
        str | None,
        given("--players", "-n", metavar="N"),
    ] = None,
    with_: Annotated[
        str | None,
        given("--with", "-w"),
    ] = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Suggest a sound distribution for a number of players, or say why none exists."""
    from rich.markup import escape

    from garou.core.names import Either
    from garou.rules import UsageError, load_rules, resolve_language
    from garou.rules.distribution import (
        check_distribution,
        describe,
        parse_players,
        parse_roles,
        suggest_distribution,
    )

    from ..output import console, print_json

    language = resolve_language(lang)
    if players is None:
        raise UsageError("setup.cli.no-players")
    count = parse_players(players)
    book = load_rules(rules_dir)
    if not game:
        raise UsageError("setup.cli.no-game", games=Either([f"--game {g}" for g in book.games]))
    rules_game = book.game(game)
    # A role named without a count gets as many cards as the rules ask (-w loup-garou).
    from ..options import option_values

    with option_values():  # a role of --with the game does not have: a bad value
        wanted = parse_roles(with_, rules_game, bare=None) if with_ is not None else None
        dist = suggest_distribution(rules_game, count, wanted)
    if json_:
        print_json({"game": dist.game, "players": dist.players, "roles": dict(dist.roles)})
        return
    verdict = check_distribution(rules_game, dist)
    out = console()
    out.print(f"[bold]{escape(describe(rules_game, dist).get(language))}[/]")
    out.print(f"[green]{escape(verdict.summary.get(language))}[/]")
    out.print(escape(verdict.baseline.get(language)))
    spec = ",".join(f"{r}={n}" for r, n in dist.roles.items())
    out.print(f"[dim]garou check --game {dist.game} --roles {spec}[/]")


def _print_verdict(game: RulesGame, verdict: Verdict, lang: str) -> None:
    """Print every check, then the baseline and the verdict."""
    from rich.markup import escape
    from rich.table import Table

    from garou.core.catalogue import say
    from garou.rules.distribution import describe

    from ..output import console

    out = console()
    out.print(f"[bold]{escape(describe(game, verdict.distribution).get(lang))}[/]")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    for check in verdict.checks:
        text = escape(check.message.get(lang))
        if check.entry:
            text += f" [dim]({check.entry})[/]"
        if check.fix is not None:
            text += f"\n[yellow]→ {escape(check.fix.get(lang))}[/]"
        status = say(f"setup.status.{check.status}", lang)
        grid.add_row(f"[{_STYLE[check.status]}]{status}[/]", check.id, text)
    out.print(grid)
    out.print()
    out.print(escape(verdict.baseline.get(lang)))
    style = "green" if verdict.ok else "bold red"
    out.print(f"[{style}]{escape(verdict.summary.get(lang))}[/]")


def register(app: typer.Typer) -> None:
    """Add ``check`` and ``suggest`` to ``app``."""
    app.command("check")(check_command)
    app.command("suggest")(suggest_command)
