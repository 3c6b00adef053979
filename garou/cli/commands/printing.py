"""Print the sheets a table keeps at hand: ``garou print cheatsheet|agreement``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from garou.core.numbers import whole_number

from ..options import Game, Json, Lang, RulesDir

if TYPE_CHECKING:
    from garou.houserules import Agreement
    from garou.printables import AgreementSheet, CheatSheet
    from garou.rules import Rulebook
    from garou.rules.distribution import Distribution
    from garou.rules.model import Game as GameRules

Format = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        metavar="html|md|pdf",
        show_default=False,
    ),
]
Output = Annotated[
    str,
    typer.Option("--output", "-o", metavar="OUT"),
]
Force = Annotated[bool, typer.Option("--force")]


def _emit(
    sheet: CheatSheet | AgreementSheet, fmt: str | None, out: str, force: bool, json_: bool
) -> None:
    """Render ``sheet`` and write it to ``out`` (a file, or - for standard output).

    With ``json_``, print ``{"path", "format", "pages"}`` instead of the notice (pages: the
    PDF's, null for HTML and Markdown); to standard output, ``{"path": "-", "format",
    "pages", "content"}`` (the sheet itself, HTML or Markdown text)."""
    from garou.printables import check_output, choose_format, render_paged, write_output

    from ..output import print_json, print_line

    chosen = choose_format(fmt, out)  # -o '' and a PDF to standard output refused there
    if out == "-":
        data, pages = render_paged(sheet, chosen)
        if json_:
            print_json({"path": "-", "format": chosen, "pages": pages, "content": str(data)})
            return
        sys.stdout.write(str(data))
        return
    target = Path(out)
    check_output(target, force)  # before rendering: a PDF takes a second to make
    data, pages = render_paged(sheet, chosen)
    written = write_output(data, target, force)
    if json_:
        print_json({"path": str(written), "format": chosen, "pages": pages})
        return
    # The sheet knows its language: the notice is said in it.
    from garou.core.catalogue import say

    said = say("sheet.wrote", sheet.lang, path=str(written), format=chosen)
    print_line(said)


def _load_agreement(path: Path | None, book: Rulebook) -> Agreement | None:
    if path is None:
        return None
    from garou.houserules import load_agreement

    return load_agreement(path, book)


def _which_game(
    book: Rulebook,
    game: str | None,
    setup: tuple[Path, GameRules] | None,
    agreement: tuple[Path, Agreement] | None,
) -> GameRules:
    """Return the one game the inputs are for; raise UsageError naming who says what."""
    from garou.core.catalogue import phrase
    from garou.rules import UsageError

    said = []
    if game:
        said.append((book.game(game).id, phrase("sheet.game-option-says", game=game)))
    if setup is not None:
        said.append((setup[1].id, phrase("sheet.setup-says", path=str(setup[0]), game=setup[1].id)))
    if agreement is not None:
        said.append(
            (
                agreement[1].game,
                phrase("sheet.agreement-says", path=str(agreement[0]), game=agreement[1].game),
            )
        )
    if not said:
        raise UsageError("sheet.which-game", games=", ".join(book.games))
    if len({g for g, _ in said}) > 1:
        raise UsageError("sheet.games-disagree", said=[w for _, w in said])
    return book.game(said[0][0])


def _load_setup(path: Path | None, book: Rulebook) -> tuple[GameRules | None, Distribution | None]:
    if path is None:
        return None, None
    from garou.core.catalogue import Phrase, phrase
    from garou.rules import DataFileError, Problem, UnknownIdError, resolve_role
    from garou.rules.distribution import read_setup

    game, dist = read_setup(path, book)
    problems = []
    for name in dist.unknown:  # the verifier explains them; a sheet cannot print them
        file, _, line = dist.where.get(name, f"{path}:").rpartition(":")
        message: str | Phrase = phrase("sheet.not-a-role", name=name, game=game.id)
        try:
            resolve_role(game, name)
        except UnknownIdError as exc:  # with the closest roles
            message = exc.phrase or str(exc)
        number = whole_number(line)
        problems.append(Problem(file or str(path), number, f"roles.{name}", message))
    if problems:
        raise DataFileError(problems)
    return game, dist


def cheatsheet_command(
    game: Game = None,
    setup: Annotated[
        Path | None,
        typer.Option(
            "--setup",
            metavar="FILE",
            show_default=False,
        ),
    ] = None,
    agreement: Annotated[
        Path | None,
        typer.Option(
            "--agreement",
            metavar="FILE",
            show_default=False,
        ),
    ] = None,
    lang: Lang = None,
    fmt: Format = None,
    out: Output = "-",
    force: Force = False,
    rules_dir: RulesDir = None,
    json_: Json = False,
) -> None:
    """Print the game master's one-page cheat sheet: roles, night calls, day, vote, deaths."""
    from garou.printables import build_cheatsheet, check_setup
    from garou.rules import load_rules, resolve_language

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    setup_game, plan = _load_setup(setup, book)
    accord = _load_agreement(agreement, book)
    chosen = _which_game(
        book,
        game,
        (setup, setup_game) if setup is not None and setup_game is not None else None,
        (agreement, accord) if agreement is not None and accord is not None else None,
    )
    if plan is not None and setup is not None:  # a sheet for cards that cannot be dealt misleads
        check_setup(chosen, plan, language, str(setup))
    _emit(build_cheatsheet(chosen, language, plan, accord), fmt, out, force, json_)


def agreement_command(
    file: Annotated[Path, typer.Argument(metavar="FILE")],
    lang: Lang = None,
    fmt: Format = None,
    out: Output = "-",
    force: Force = False,
    rules_dir: RulesDir = None,
    json_: Json = False,
) -> None:
    """Print the table's agreement on one page, to read aloud and initial."""
    from garou.houserules import load_agreement
    from garou.printables import build_agreement_sheet
    from garou.rules import load_rules, resolve_language

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    accord = load_agreement(file, book)
    sheet = build_agreement_sheet(accord, book.game(accord.game), language)
    _emit(sheet, fmt, out, force, json_)


def register(app: typer.Typer) -> None:
    """Add ``print cheatsheet`` and ``print agreement`` to ``app``."""
    group = typer.Typer(
        name="print",
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    group.command("cheatsheet")(cheatsheet_command)
    group.command("agreement")(agreement_command)
    app.add_typer(group, name="print")
