"""Settle contested cases before dealing: ``garou house pick|show|diff|list``.

Everything a person or the rule data wrote (table names, dates, questions, answers,
player and file names) is printed escaped, never read as rich markup.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from garou.core.catalogue import say, verbatim

from ..options import Game, Json, Lang, RulesDir, option_date

if TYPE_CHECKING:
    from rich.console import Console

    from garou.houserules import Agreement, Question
    from garou.houserules.compare import Comparison
    from garou.rules.distribution import Distribution
    from garou.rules.model import Game as GameRules

CaseOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        "-s",
        metavar="CASE=OPTION",
        show_default=False,
    ),
]


def _t(lang: str, key: str, count: int | None = None, **fields: Any) -> str:
    """Return the catalogue message ``house.<key>`` in ``lang`` (plain text, no markup)."""
    return say(f"house.{key}", lang, count=count, **fields)


def _e(text: object) -> str:
    """Return ``text`` escaped, to sit in rich markup as written."""
    from rich.markup import escape

    return escape(str(text))


def ask(out: Console, prompt: str, default: str | None = None, lang: str | None = None) -> str:
    """Read one answer on ``out``; Enter gives ``default`` (tests replace this function).
    The prompt ends as ``lang`` writes it (French: « Choix (1) : »)."""
    from rich.prompt import Prompt

    from garou.core.catalogue import say
    from garou.rules import GarouError

    suffix = say("game.prompt.suffix", lang) if lang else ": "
    asked: type[Prompt] = type("_Prompt", (Prompt,), {"prompt_suffix": suffix})
    from garou.core.names import text_problem

    while True:
        try:
            answer = asked.ask(_e(prompt), default=default, console=out, show_default=bool(default))
        except EOFError:
            raise GarouError("house.input-ended") from None
        answer = str(answer if answer is not None else "")
        said = text_problem(answer)
        if said is None:
            return answer
        # an arrow key, another terminal escape or a text too long typed: the agreement
        # could not hold it (the one rule of a free text, garou.core.names)
        out.print(f"[red]{_e(said.say(lang or 'fr'))}[/]")


def _prompt_console(json_: bool) -> Console:
    """Return where the questions go: standard error with --json, so stdout stays JSON."""

    from ..output import console

    return console(stderr=True) if json_ else console()


# --- pick ------------------------------------------------------------------------------


def pick_command(
    game: Game = None,
    defaults: Annotated[
        bool,
        typer.Option("--defaults"),
    ] = False,
    set_: CaseOption = None,
    from_: Annotated[
        Path | None,
        typer.Option(
            "--from",
            metavar="FILE",
            show_default=False,
        ),
    ] = None,
    walk: Annotated[
        bool,
        typer.Option("--ask"),
    ] = False,
    table: Annotated[str | None, typer.Option("--table", show_default=False)] = None,
    date: Annotated[
        str | None,
        typer.Option("--date", show_default=False),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option("--players", metavar="N", show_default=False),
    ] = None,
    roles: Annotated[
        str | None,
        typer.Option(
            "--roles",
            metavar="SPEC",
            show_default=False,
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option("--names", show_default=False),
    ] = None,
    out: Annotated[str, typer.Option("--out", "-o", metavar="FILE")] = "accord.yaml",
    force: Annotated[
        bool,
        typer.Option("--force"),
    ] = False,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Walk the table through every contested case and setting, and write the agreement."""
    from dataclasses import replace

    from garou.core.lists import read_list
    from garou.houserules import (
        draft_agreement,
        load_agreement,
        save_agreement,
        with_path,
        writable_path,
    )
    from garou.rules import UsageError, load_rules, resolve_language
    from garou.rules.distribution import parse_players

    from ..options import option_values
    from ..output import console, print_json

    language = resolve_language(lang)
    if defaults and walk:
        raise UsageError("house.defaults-and-ask")
    count = parse_players(players) if players is not None else None
    date = option_date(date)
    writable_path(out, force)  # say so before the questions, not after
    book = load_rules(rules_dir)
    base = load_agreement(from_, book) if from_ is not None else None
    if game is None and base is None:
        raise UsageError("house.which-game", games=", ".join(book.games))
    rules_game = book.game(game if game is not None else base.game)  # type: ignore[union-attr]
    with option_values():  # a --set case or option, a --roles card the rules do not know
        agreement = draft_agreement(
            book, rules_game, _parse_sets(set_ or [], rules_game), base=base, table=table,
            date=date, players=count, roles=roles, names=read_list(names), lang=language,
        )  # fmt: skip
    if walk or not (defaults or set_ or from_ is not None):
        agreement = _walk(_prompt_console(json_), rules_game, agreement, language)
    if agreement.date is None:
        agreement = replace(agreement, date=_today())
    folder = book.user_folder()  # the rules folder read, named in the command to check it
    path = save_agreement(agreement, out, force, book=book, lang=language, rules_dir=folder)
    agreement = with_path(agreement, path)
    if json_:
        print_json(agreement.to_dict(language))
        return
    changed = sum(1 for d in agreement.decisions if not d.default and not d.custom)
    from garou.core.lists import shell_word
    from garou.houserules.sheet import show_command

    message = _t(
        language,
        "wrote",
        count=changed,
        command=show_command(path, folder),
        path=shell_word(path),
        decisions=len(agreement.decisions),
        game=rules_game.id,
        changed=changed,
    )
    console().print(_e(message), soft_wrap=True)  # the command to run next pastes whole


def _parse_sets(values: list[str], game: GameRules) -> dict[str, str]:
    from garou.houserules import questions
    from garou.rules import UsageError

    choices: dict[str, str] = {}
    for value in values:
        case, sep, option = value.partition("=")
        if not sep or not case.strip() or not option.strip():
            first = questions(game)[0]
            example = f"{first.short.removeprefix(first.kind + '-')}={first.options[-1].id}"
            raise UsageError("house.set-format", value=value, example=example)
        if case.strip() in choices:
            raise UsageError("house.set-twice", case=case.strip())
        choices[case.strip()] = option.strip()
    return choices


def _walk(out: Console, game: GameRules, start: Agreement, lang: str) -> Agreement:
    """Ask every question, preselecting ``start``'s answers; return the table's agreement."""
    from dataclasses import replace

    from garou.houserules import build_agreement, custom_decision
    from garou.houserules.interview import interview, read_date
    from garou.rules import GarouError

    every = interview(game)
    intro = _t(lang, "intro", game=game.info.name.get(lang), n=len(every))
    out.print(f"[bold]{_e(intro)}[/]")
    chosen: dict[str, str] = {}
    for number, question in enumerate(every, 1):
        kept = start.decision(question.id)
        chosen[question.id] = _ask_question(out, question, number, len(every), kept, lang)
    agreement = build_agreement(game, chosen, base=start, lang=lang)
    custom = [d for d in agreement.decisions if d.custom]
    customs = [(d.question.fr, list(d.choices), d.option) for d in custom]
    customs += _ask_custom(out, len(customs), lang)
    decisions = [d for d in agreement.decisions if not d.custom]
    decisions += [custom_decision(n, q, o, a) for n, (q, o, a) in enumerate(customs, 1)]
    setup = agreement.setup or _ask_setup(out, game, lang)
    out.print()
    table = ask(out, _t(lang, "table-prompt"), default=agreement.table or "", lang=lang) or None
    while True:
        typed = ask(out, _t(lang, "date-prompt"), default=agreement.date or _today(), lang=lang)
        try:
            date = read_date(typed, _today())
            break
        except GarouError as exc:
            out.print(f"[red]{_e(exc.message(lang))}[/]")
    return replace(agreement, decisions=tuple(decisions), setup=setup, table=table, date=date)


def _today() -> str:
    import datetime

    return datetime.date.today().isoformat()


def _ask_question(
    out: Console, question: Question, number: int, count: int, kept: object, lang: str
) -> str:

    default = question.default
    kind = _t(lang, "contested" if question.kind == "contested" else "setting")
    out.print()
    out.print(
        f"[bold]{number}/{count}. {_e(question.title.get(lang))}[/] "
        f"[dim]({_e(kind)}, {_e(question.id)})[/]"
    )
    out.print(f"[dim]{_e(question.text.get(lang))}[/]")
    for index, option in enumerate(question.options, 1):
        note = " [dim](+garou)[/]" if option.addition else ""
        if default is not None and default.option == option.id:
            who = _t(lang, "by-garou" if default.addition else "by-document")
            note += f" [green]{_e(_t(lang, 'default-mark', who=who))}[/]"
        out.print(f"  {index}. {_e(option.label.get(lang))} [dim]{_e(f'[{option.id}]')}[/]{note}")
        if option.text is not None:
            out.print(f"     [dim]{_e(option.text.get(lang))}[/]")
    if default is not None:
        out.print(f"  [dim]{_e(_t(lang, 'why', reason=default.reason.get(lang)))}[/]")
    from garou.houserules.interview import AnswerError, preselected, read_choice

    shown = preselected(question, kept)  # type: ignore[arg-type]
    while True:
        answer = ask(out, _t(lang, "choice"), default=str(shown) if shown else None, lang=lang)
        try:
            return read_choice(question, answer, shown, lang)
        except AnswerError as exc:
            hint = f" {_e(exc.hint.say(lang))}" if exc.hint is not None else ""
            said = exc.message(lang)
            if hint and not said.endswith((".", "!", "?", "…")):
                said += "."  # two sentences: the refusal ends before the hint starts
            out.print(f"[red]{_e(said)}[/]{hint}")


def _ask_custom(out: Console, already: int, lang: str) -> list[tuple[str, list[str], str]]:
    from garou.houserules.interview import AnswerError, read_custom_answer, read_custom_option

    found: list[tuple[str, list[str], str]] = []
    out.print()
    if already:
        out.print(_e(_t(lang, "custom-already", count=already)))
    while True:
        question = ask(out, _t(lang, "custom-question"), default="", lang=lang).strip()
        if not question:
            return found
        options: list[str] = []
        while True:
            prompt = _t(lang, "custom-option", n=len(options) + 1)
            try:
                option = read_custom_option(options, ask(out, prompt, default="", lang=lang))
            except AnswerError as exc:
                out.print(f"[red]{_e(exc.message(lang))}[/]")
                continue
            if option is None:
                break
            options.append(option)
        for index, option in enumerate(options, 1):
            out.print(f"  {index}. {_e(option)}")
        while True:
            try:
                answer = read_custom_answer(options, ask(out, _t(lang, "custom-answer"), lang=lang))
                break
            except AnswerError as exc:
                out.print(f"[red]{_e(exc.message(lang))}[/]")
        found.append((question, options, answer))


def _ask_setup(out: Console, game: GameRules, lang: str) -> Distribution | None:
    from garou.houserules import make_setup
    from garou.houserules.interview import AnswerError, read_players
    from garou.rules import GarouError
    from garou.rules.distribution import example_roles

    out.print()
    while True:
        try:
            players = read_players(ask(out, _t(lang, "players-prompt"), default="", lang=lang))
            break
        except AnswerError as exc:
            out.print(f"[red]{_e(exc.message(lang))}[/]")
    if players is None:
        return None
    example = example_roles(game, players)
    while True:
        roles = ask(out, _t(lang, "cards-prompt", example=example), default="", lang=lang).strip()
        if not roles:
            return None
        try:
            setup = make_setup(game, players, roles, (), lang)
            break
        except GarouError as exc:
            out.print(f"[red]{_e(exc.message(lang))}[/]")
    while True:
        names = ask(out, _t(lang, "names-prompt"), default="", lang=lang)
        try:
            from garou.core.lists import read_list

            return make_setup(game, players, roles, read_list(names), lang) or setup
        except GarouError as exc:
            out.print(f"[red]{_e(exc.message(lang))}[/]")


# --- show, diff, list ------------------------------------------------------------------


def show_command(
    file: Annotated[Path, typer.Argument(metavar="FILE")],
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Show the decisions of an agreement file (checking it against the rules)."""
    from garou.houserules import load_agreement
    from garou.rules import load_rules, resolve_language

    from ..output import print_json

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    agreement = load_agreement(file, book)
    if json_:
        print_json(agreement.to_dict(language))
        return
    _print_agreement(agreement, book.game(agreement.game), file, language)


def _print_agreement(agreement: Agreement, game: GameRules, file: Path, lang: str) -> None:
    """The decisions as one table (each kept, changed from the proposal, or the table's own
    question), then the setup's cards and names, garou's own roles marked."""
    from rich.table import Table

    from ..output import console

    title = say("core.label-value", lang, label=game.info.name.get(lang),
                value=verbatim(agreement.table or file.name))  # fmt: skip
    if agreement.date:
        title += f" ({agreement.date})"
    table = Table(title=_e(title), title_justify="left")
    table.add_column(_e(_t(lang, "col-case")), no_wrap=True)
    for column in ("col-question", "col-decision", "col-default?"):
        table.add_column(_e(_t(lang, column)), overflow="fold", ratio=1)
    for d in agreement.decisions:
        if d.custom:
            note = _t(lang, "own-question")
        elif d.default:
            note = _t(lang, "kept-default")
        else:
            proposed = game.entry(d.case).default
            note = _t(lang, "changed")
            if proposed is not None:
                label = next(o.label for o in game.entry(d.case).options if o.id == proposed.option)
                note = _t(lang, "changed-from", label=label.get(lang))
        table.add_row(_e(d.case), _e(d.question.get(lang)), _e(d.answer.get(lang)), _e(note))
    out = console()
    out.print(table)
    if agreement.setup is None:
        return
    mark = say("sheet.addition-mark", lang)  # garou's own roles marked, as on the sheets
    cards = ", ".join(
        f"{game.role(r).name.get(lang)}{mark if game.role(r).addition else ''} × {n}"
        for r, n in agreement.setup.roles.items()
    )
    players = _t(lang, "players", count=agreement.setup.players)
    out.print(_e(_t(lang, "setup-line", players=players, cards=cards)))
    if any(game.role(r).addition for r in agreement.setup.roles):
        out.print(_e(f"{mark} {say('sheet.addition-note', lang)}"))
    if agreement.setup.names:
        out.print(_e(_t(lang, "names-line", names=", ".join(agreement.setup.names))))


def diff_command(
    first: Annotated[Path, typer.Argument(metavar="A")],
    second: Annotated[Path, typer.Argument(metavar="B")],
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Show what two tables decided differently (exit 0 whether or not they differ)."""
    from garou.houserules import compare_agreements, load_agreement
    from garou.rules import load_rules, resolve_language

    from ..output import print_json

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    left, right = load_agreement(first, book), load_agreement(second, book)
    compared = compare_agreements(left, right, str(first), str(second))
    if json_:
        print_json(compared.to_dict(language))
        return
    _print_comparison(compared, book.game(left.game), language)


def _print_comparison(compared: Comparison, game: GameRules, lang: str) -> None:
    """The differences as one table: each question, then each part of the setup."""
    from rich.table import Table

    from ..output import console

    if compared.same:
        console().print(_e(_t(lang, "same", a=compared.a, b=compared.b)))
        return
    title = _t(lang, "differences", count=len(compared.differences) + len(compared.setups))
    table = Table(title=_e(title), title_justify="left")
    table.add_column(_e(_t(lang, "col-case")), no_wrap=True)
    for column in (_t(lang, "col-question"), compared.a, compared.b):
        table.add_column(_e(column), overflow="fold", ratio=1)
    missing = _t(lang, "not-asked")
    for d in compared.differences:
        table.add_row(
            _e(d.case),
            _e(d.question.get(lang)),
            _e(d.left.answer.get(lang) if d.left else missing),
            _e(d.right.answer.get(lang) if d.right else missing),
        )
    for s in compared.setups:
        table.add_row(
            _e(f"setup.{s.part}"),
            _e(_t(lang, f"setup-{s.part}")),
            _e(_setup_value(s.left, game, lang)),
            _e(_setup_value(s.right, game, lang)),
        )
    console().print(table)


def _setup_value(value: object, game: GameRules, lang: str) -> str:
    """Return one side of a setup difference in words: a count, the cards, the names."""
    from garou.core.catalogue import join

    if value is None:
        return _t(lang, "not-set")
    if isinstance(value, dict):
        return ", ".join(f"{n} × {game.role(r).name.get(lang)}" for r, n in value.items())
    if isinstance(value, tuple):
        return join(value, lang)
    return str(value)


def list_command(
    game: Game = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """List the questions a table settles before a game, with their options and defaults."""
    from rich.table import Table

    from garou.houserules import questions
    from garou.rules import load_rules, resolve_language

    from ..output import console, print_json

    language = resolve_language(lang)
    book = load_rules(rules_dir)
    games = [book.game(game)] if game else list(book.games.values())
    if json_:
        print_json([q.to_dict(language) for g in games for q in questions(g)])
        return
    out = console()
    for g in games:
        table = Table(title=_e(g.info.name.get(language)), title_justify="left", show_lines=True)
        table.add_column(_e(_t(language, "col-case")), no_wrap=True)
        for column, ratio in (("col-question", 2), ("col-options", 3), ("col-default", 1)):
            table.add_column(_e(_t(language, column)), overflow="fold", ratio=ratio)
        for q in questions(g):
            options = "\n".join(
                _e(
                    say(
                        "core.label-value",
                        language,
                        label=o.id,
                        value=verbatim(o.label.get(language)),
                    )
                )  # fmt: skip
                + (_e(" " + say("browse.addition-mark", language)) if o.addition else "")
                for o in q.options
            )
            default = "-"
            if q.default is not None:
                who = _t(language, "garou-proposes" if q.default.addition else "document-usual")
                default = f"{_e(q.default.option)}\n[dim]{_e(who)}[/]"
            kind = "" if q.kind == "contested" else f" [dim]{_e(_t(language, 'setting-tag'))}[/]"
            table.add_row(_e(q.id), _e(q.title.get(language)) + kind, options, default)
        out.print(table)


def register(app: typer.Typer) -> None:
    """Add ``house pick|show|diff|list`` to ``app``."""
    sub = typer.Typer(cls=TyperGroup, no_args_is_help=True)
    sub.command("pick")(pick_command)
    sub.command("show")(show_command)
    sub.command("diff")(diff_command)
    sub.command("list")(list_command)
    app.add_typer(sub, name="house")
