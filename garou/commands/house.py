"""Settle contested cases before dealing: ``garou house pick|show|diff|list``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from typer.core import TyperGroup

from ..options import Game, Json, Lang, RulesDir

if TYPE_CHECKING:
    from rich.console import Console

    from houserules import Agreement, Question, TableSetup
    from rules.model import Game as GameRules

EPILOG = (
    "Exit codes: 0 success; 1 invalid agreement file, unknown case or option, unsound setup, "
    "or the output file exists (use --force); 2 bad command line; "
    "130 interrupted (nothing written)."
)
DIFF_EPILOG = (
    "Exit codes: 0 compared, whether or not the agreements differ (the output says which; "
    'with --json, read "same"); 1 invalid agreement file or different games; '
    "2 bad command line."
)

CaseOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        "-s",
        metavar="CASE=OPTION",
        help=(
            "Decide CASE (entry id like lg-contested-witch-self-save, or without the game "
            "prefix: contested-witch-self-save, or without the kind: witch-self-save) with "
            "OPTION (its id, number or label). Repeatable."
        ),
        show_default=False,
    ),
]


def ask(prompt: str, default: str | None = None) -> str:
    """Read one answer from the user; Enter gives ``default`` (tests replace this function)."""
    from rich.prompt import Prompt

    from rules import GarouError

    from ..output import console

    try:
        answer = Prompt.ask(prompt, default=default, console=console(), show_default=bool(default))
    except EOFError:
        raise GarouError(
            "the input ended before every question was answered; nothing was written"
        ) from None
    return str(answer if answer is not None else "")


# --- pick ------------------------------------------------------------------------------


def pick_command(
    game: Game = None,
    defaults: Annotated[
        bool,
        typer.Option("--defaults", help="Ask nothing: keep the default of every case not --set."),
    ] = False,
    set_: CaseOption = None,
    from_: Annotated[
        Path | None,
        typer.Option(
            "--from",
            metavar="FILE",
            help="Start from an existing agreement: its choices replace the defaults.",
            show_default=False,
        ),
    ] = None,
    walk: Annotated[
        bool,
        typer.Option("--ask", help="Walk through the questions even with --set or --from."),
    ] = False,
    table: Annotated[
        str | None, typer.Option("--table", help="The table's name.", show_default=False)
    ] = None,
    date: Annotated[
        str | None,
        typer.Option(
            "--date", help="The game's date (default: today, YYYY-MM-DD).", show_default=False
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="How many players.", show_default=False)
    ] = None,
    roles: Annotated[
        str | None,
        typer.Option(
            "--roles",
            metavar="SPEC",
            help="The cards, e.g. loup-garou=2,voyante,villageois=5 (checked against the rules).",
            show_default=False,
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(
            "--names", help="The players' names, separated by commas.", show_default=False
        ),
    ] = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="The agreement file to write.")] = Path(
        "accord.yaml"
    ),
    force: Annotated[bool, typer.Option("--force", help="Replace --out if it exists.")] = False,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Walk the table through every contested case and setting, and write the agreement.

    Without --defaults, --set or --from, garou asks each question in turn (Enter keeps
    the proposed answer), then the players and cards, the table's name and the date.
    With them, it asks nothing (add --ask to be asked anyway). The file is written
    atomically and never replaces an existing one without --force.

    Example: garou house pick --game loup-garou --set witch-self-save=never --out accord.yaml
    """
    from dataclasses import replace

    from houserules import (
        AgreementExistsError,
        agreement_to_dict,
        build_agreement,
        load_agreement,
        make_setup,
        save_agreement,
        with_path,
    )
    from rules import UsageError, load_rules, resolve_language

    from ..output import console, print_json

    language = resolve_language(lang)
    if defaults and walk:
        raise UsageError("--defaults asks nothing and --ask asks everything: choose one")
    if out.exists() and not force:  # say so before the questions, not after
        raise AgreementExistsError(
            f"{out} already exists; nothing was written. "
            "Add --force to replace it, or choose another file with --out"
        )
    book = load_rules(rules_dir)
    base = load_agreement(from_, book) if from_ is not None else None
    if game is None and base is None:
        raise UsageError(f"which game? add --game ({', '.join(book.games)})")
    rules_game = book.game(game) if game is not None else book.game(base.game)  # type: ignore[union-attr]
    choices = _parse_sets(set_ or [])
    name_list = names.split(",") if names is not None else ()
    setup = make_setup(rules_game, players, roles, name_list, language)
    agreement = build_agreement(
        rules_game, choices, base=base, table=table, date=date, setup=setup, lang=language
    )
    if walk or not (defaults or set_ or from_ is not None):
        agreement = _walk(console(), rules_game, agreement, language)
    if agreement.date is None:
        agreement = replace(agreement, date=_today())
    path = save_agreement(agreement, out, force, book=book, lang=language)
    agreement = with_path(agreement, path)
    if json_:
        print_json(agreement_to_dict(agreement, language))
        return
    changed = sum(1 for d in agreement.decisions if not d.default and not d.custom)
    console().print(
        f"Wrote {path}: {len(agreement.decisions)} decisions for {rules_game.id}, "
        f"{changed} away from the default. Check it with: garou house show {path}"
    )


def _parse_sets(values: list[str]) -> dict[str, str]:
    from rules import UsageError

    choices: dict[str, str] = {}
    for value in values:
        case, sep, option = value.partition("=")
        if not sep or not case.strip() or not option.strip():
            raise UsageError(
                f"--set {value!r}: write it as CASE=OPTION, e.g. witch-self-save=never"
            )
        if case.strip() in choices:
            raise UsageError(f"--set {case.strip()} is given twice; keep one")
        choices[case.strip()] = option.strip()
    return choices


def _walk(out: Console, game: GameRules, start: Agreement, lang: str) -> Agreement:
    """Ask every question, preselecting ``start``'s answers; return the table's agreement."""
    from dataclasses import replace

    from houserules import build_agreement, custom_decision, questions

    every = questions(game)
    out.print(
        f"[bold]{game.info.name.get(lang)}[/]: {len(every)} questions to settle before "
        "dealing. Type a number, an option id or its label; Enter keeps the one in brackets."
    )
    chosen: dict[str, str] = {}
    for number, question in enumerate(every, 1):
        kept = start.decision(question.id)
        chosen[question.id] = _ask_question(out, question, number, len(every), kept, lang)
    agreement = build_agreement(game, chosen, base=start, lang=lang)
    custom = [d for d in agreement.decisions if d.custom]
    customs = [(d.question.fr, list(d.choices), d.option) for d in custom]
    customs += _ask_custom(out, len(customs))
    decisions = [d for d in agreement.decisions if not d.custom]
    decisions += [custom_decision(n, q, o, a) for n, (q, o, a) in enumerate(customs, 1)]
    setup = agreement.setup or _ask_setup(out, game, lang)
    out.print()
    table = ask("Table name (Enter to skip)", default=agreement.table or "") or None
    date = ask("Date", default=agreement.date or _today())
    return replace(
        agreement,
        decisions=tuple(decisions),
        setup=setup,
        table=table,
        date=date or None,
    )


def _today() -> str:
    import datetime

    return datetime.date.today().isoformat()


def _ask_question(
    out: Console, question: Question, number: int, count: int, kept: object, lang: str
) -> str:
    from houserules import find_option
    from rules import UnknownIdError

    default = question.default
    kind = "contested case" if question.kind == "contested" else "setting"
    out.print()
    out.print(
        f"[bold]{number}/{count}. {question.title.get(lang)}[/] [dim]({kind}, {question.id})[/]"
    )
    out.print(f"[dim]{question.text.get(lang)}[/]")
    for index, option in enumerate(question.options, 1):
        note = " [dim](+garou)[/]" if option.addition else ""
        if default is not None and default.option == option.id:
            who = "proposed by garou" if default.addition else "usual per the document"
            note += f" [green]← default, {who}[/]"
        out.print(f"  {index}. {option.label.get(lang)} [dim]\\[{option.id}][/]{note}")
        if option.text is not None:
            out.print(f"     [dim]{option.text.get(lang)}[/]")
    if default is not None:
        out.print(f"  [dim]Why the default: {default.reason.get(lang)}[/]")
    preselected = getattr(kept, "option", None) or (default.option if default else None)
    ids = [o.id for o in question.options]
    shown = str(ids.index(preselected) + 1) if preselected in ids else None
    while True:
        answer = ask("Choice", default=shown)
        if not answer.strip() and shown is None:
            out.print("[red]This question has no default: choose one of the options.[/]")
            continue
        try:
            return find_option(question, answer, lang).id
        except UnknownIdError as exc:
            out.print(f"[red]{exc}[/] Type 1 to {len(ids)}.")


def _ask_custom(out: Console, already: int) -> list[tuple[str, list[str], str]]:
    found: list[tuple[str, list[str], str]] = []
    out.print()
    if already:
        out.print(f"The agreement already has {already} question(s) of the table's own.")
    while True:
        question = ask("A question of your own (Enter when there is none)", default="").strip()
        if not question:
            return found
        options: list[str] = []
        while True:
            option = ask(f"  option {len(options) + 1} (Enter when done)", default="").strip()
            if not option:
                if len(options) >= 2:
                    break
                out.print("[red]Give at least two options.[/]")
                continue
            if option in options:
                out.print("[red]That option is already listed.[/]")
                continue
            options.append(option)
        for index, option in enumerate(options, 1):
            out.print(f"  {index}. {option}")
        while True:
            answer = ask("  The table's answer (number or text)").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                answer = options[int(answer) - 1]
            if answer in options:
                break
            out.print(f"[red]Choose one of: {', '.join(options)}[/]")
        found.append((question, options, answer))


def _ask_setup(out: Console, game: GameRules, lang: str) -> TableSetup | None:
    from houserules import make_setup
    from rules import GarouError

    out.print()
    while True:
        players = ask("How many players? (Enter to skip the setup)", default="").strip()
        if not players:
            return None
        if players.isdigit() and int(players) > 0:
            break
        out.print("[red]Type a whole number of players.[/]")
    minority = game.minority_roles()
    example = f"{minority[0].id}=2," if minority else ""
    example += f"{game.setup.filler}=N"
    while True:
        roles = ask(f"Cards, e.g. {example}").strip()
        try:
            setup = make_setup(game, int(players), roles, (), lang)
            break
        except GarouError as exc:
            out.print(f"[red]{exc}[/]")
    while True:
        names = ask("Players' names, separated by commas (Enter to skip)", default="")
        try:
            return make_setup(game, int(players), roles, names.split(","), lang) or setup
        except GarouError as exc:
            out.print(f"[red]{exc}[/]")


# --- show, diff, list ------------------------------------------------------------------


def show_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="An agreement file.")],
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Show the decisions of an agreement file (checking it against the rules).

    Example: garou house show accord.yaml --lang en
    """
    from rich.table import Table

    from houserules import agreement_to_dict, load_agreement
    from rules import load_rules, resolve_language

    from ..output import console, print_json

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    agreement = load_agreement(file, book)
    if json_:
        print_json(agreement_to_dict(agreement, language))
        return
    game = book.game(agreement.game)
    title = f"{game.info.name.get(language)}: {agreement.table or file.name}"
    if agreement.date:
        title += f" ({agreement.date})"
    table = Table(title=title, title_justify="left")
    table.add_column("case", no_wrap=True)
    for column in ("question", "decision", "default?"):
        table.add_column(column, overflow="fold", ratio=1)
    for d in agreement.decisions:
        if d.custom:
            note = "the table's own question"
        elif d.default:
            note = "default"
        else:
            proposed = game.entry(d.case).default
            note = "changed"
            if proposed is not None:
                label = next(o.label for o in game.entry(d.case).options if o.id == proposed.option)
                note += f" (default: {label.get(language)})"
        table.add_row(d.case, d.question.get(language), d.answer.get(language), note)
    out = console()
    out.print(table)
    if agreement.setup is not None:
        cards = ", ".join(
            f"{game.role(r).name.get(language)} × {n}" for r, n in agreement.setup.roles.items()
        )
        out.print(f"Setup: {agreement.setup.players} players; {cards}")
        if agreement.setup.names:
            out.print(f"Players: {', '.join(agreement.setup.names)}")


def diff_command(
    first: Annotated[Path, typer.Argument(metavar="A", help="An agreement file.")],
    second: Annotated[Path, typer.Argument(metavar="B", help="Another agreement file.")],
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Show what two tables decided differently (exit 0 whether or not they differ).

    Example: garou house diff jeudi.yaml samedi.yaml
    """
    from rich.table import Table

    from houserules import diff_agreements, difference_to_dict, load_agreement
    from rules import load_rules, resolve_language

    from ..output import console, print_json

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    left, right = load_agreement(first, book), load_agreement(second, book)
    differences = diff_agreements(left, right)
    if json_:
        print_json(
            {
                "a": str(first),
                "b": str(second),
                "same": not differences,
                "differences": [difference_to_dict(d, language) for d in differences],
            }
        )
        return
    out = console()
    if not differences:
        out.print(f"{first} and {second} decided the same for every question.")
        return
    table = Table(title=f"{len(differences)} difference(s)", title_justify="left")
    table.add_column("case", no_wrap=True)
    for column in ("question", str(first), str(second)):
        table.add_column(column, overflow="fold", ratio=1)
    for d in differences:
        table.add_row(
            d.case,
            d.question.get(language),
            d.left.answer.get(language) if d.left else "(not asked)",
            d.right.answer.get(language) if d.right else "(not asked)",
        )
    out.print(table)


def list_command(
    game: Game = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """List the questions a table settles before a game, with their options and defaults.

    Example: garou house list --game mafia
    """
    from rich.table import Table

    from houserules import question_to_dict, questions
    from rules import load_rules, resolve_language

    from ..output import console, print_json

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    games = [book.game(game)] if game else list(book.games.values())
    if json_:
        print_json([question_to_dict(q, language) for g in games for q in questions(g)])
        return
    out = console()
    for g in games:
        table = Table(title=g.info.name.get(language), title_justify="left", show_lines=True)
        table.add_column("case", no_wrap=True)
        for column, ratio in (("question", 2), ("options", 3), ("default", 1)):
            table.add_column(column, overflow="fold", ratio=ratio)
        for q in questions(g):
            options = "\n".join(
                f"{o.id}: {o.label.get(language)}" + (" (+garou)" if o.addition else "")
                for o in q.options
            )
            default = "-"
            if q.default is not None:
                who = "garou proposes" if q.default.addition else "the document's usual"
                default = f"{q.default.option}\n[dim]{who}[/]"
            kind = "" if q.kind == "contested" else " [dim](setting)[/]"
            table.add_row(q.id, q.title.get(language) + kind, options, default)
        out.print(table)


def register(app: typer.Typer) -> None:
    """Add ``house pick|show|diff|list`` to ``app``."""
    sub = typer.Typer(
        cls=TyperGroup,
        no_args_is_help=True,
        help=(
            "Settle the contested cases before dealing, and keep the table's agreement.\n\n"
            "Example: garou house pick --game loup-garou"
        ),
    )
    sub.command("pick", epilog=EPILOG)(pick_command)
    sub.command("show", epilog=EPILOG)(show_command)
    sub.command("diff", epilog=DIFF_EPILOG)(diff_command)
    sub.command("list", epilog=EPILOG)(list_command)
    app.add_typer(sub, name="house", help="Settle contested cases before dealing (house rules).")
