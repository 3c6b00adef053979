"""Find a ruling mid-game: ``garou search`` and the search index behind it, ``garou index``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from garou.core.files import AGREEMENT_ENV

from ..options import Game, Json, Lang, RulesDir

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from garou.lookup import Hit, Searcher, SearchResult

Say = Callable[..., str]
"""A catalogue lookup: ``say(key, lang, count=None, **values)`` (``Searcher.say``)."""


def search_command(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[WORDS]...",
            show_default=False,
        ),
    ] = None,
    game: Game = None,
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            "-k",
            show_default=False,
        ),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, max=100)] = 5,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
    agreement: Annotated[
        Path | None,
        typer.Option(
            "--agreement",
            "-a",
            envvar=AGREEMENT_ENV,
            show_default=False,
        ),
    ] = None,
    explain: Annotated[bool, typer.Option("--explain")] = False,
) -> None:
    """Find the ruling that answers a question, in both games and both languages."""
    code = run_search(words or [], game, kind, limit, lang, json_, rules_dir, agreement,
                      explain=explain)  # fmt: skip
    if code:
        raise typer.Exit(code)


def index_command(
    rebuild: Annotated[bool, typer.Option("--rebuild")] = False,
    json_: Json = False,
    lang: Lang = None,
    rules_dir: RulesDir = None,
) -> None:
    """Show where the search index is and whether it matches the rules; rebuild it."""
    from garou import lookup
    from garou.rules import resolve_language

    language = resolve_language(lang)
    if rebuild:  # waiting for another process's build is said on standard error
        status = lookup.rebuild(
            rules_dir, notify=lambda said: typer.echo(said.say(language), err=True)
        )
    else:
        status = lookup.status(rules_dir)
    if json_:
        from ..output import print_json

        print_json(status.to_dict())
        return
    from garou.core.catalogue import format_number, say

    values: dict[str, Any] = {"n": status.entries, "path": status.path, "problem": status.problem}
    if status.seconds is not None:
        text = say("index.rebuilt", language, seconds=format_number(status.seconds, language, 1),
                   **values)  # fmt: skip
    else:
        state = say(f"index.{status.state}", language, **values)
        text = say("index.index", language, state=state, **values)
    _console().print(text, markup=False)


def run_search(
    words: list[str],
    game: str | None,
    kind: str | None,
    limit: int,
    lang: str | None,
    json_: bool,
    rules_dir: Any,
    agreement: Any = None,
    explain: bool = False,
) -> int:
    """Answer the question ``words`` (or open the prompt when empty); return the exit code."""
    from garou.lookup import Searcher
    from garou.rules import resolve_language

    language = resolve_language(lang)
    decided, table_game = _agreement_lookup(agreement, rules_dir, language)
    query = " ".join(words)
    if words and not query.strip():
        from garou.rules import UsageError

        raise UsageError("search.nothing")
    with Searcher(
        rules_dir, notify=lambda said: typer.echo(said.say(language), err=True)
    ) as searcher:
        _notices(searcher, language)
        _check_game(searcher, game, rules_dir)
        if not words:
            searcher.check_filters(game, kind)
            return _interactive(searcher, game, kind, limit, language, json_, decided, table_game,
                                explain)  # fmt: skip
        result = searcher.search(
            query, game=game, kind=kind, limit=limit, lang=language, prefer=table_game,
            explain=explain,
        )  # fmt: skip
        _notices(searcher, language)
        try:
            _show(result, language, json_, searcher.say, decided=decided)
        except BrokenPipeError:  # garou search … | head -1: the reader has had enough
            _quiet_stdout()
    return 0 if result.hits else 1


def _check_game(searcher: Any, game: str | None, rules_dir: Any) -> None:
    """Refuse a game the index does not know with the message every command says (the
    closest games, the accepted ones: ``Rulebook.game``); the rule book is read only then."""
    if game is None:
        return
    from garou.rules import UnknownGameError, load_rules

    try:
        searcher.check_filters(game, None)
    except UnknownGameError:
        load_rules(rules_dir).game(game)
        raise


def _quiet_stdout() -> None:
    """Send what is left of standard output nowhere, so that a closed pipe ends quietly
    (no error at exit when Python flushes it)."""
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


Decided = Callable[[str], "dict[str, Any] | None"]
"""What the table decided for an entry id (houserules.agreed), or None."""


def _agreement_lookup(path: Any, rules_dir: Any, lang: str) -> tuple[Decided, str | None]:
    """Return a function giving the table's decision for an entry id (none without a file),
    and the game the table plays (None without a file)."""
    if not path:
        return (lambda entry_id: None), None
    from garou.houserules import agreed, load_agreement_option
    from garou.rules import load_rules

    agreement = load_agreement_option(path, load_rules(rules_dir))

    def decided(entry_id: str) -> dict[str, Any] | None:
        found = agreed(agreement, entry_id, lang)
        return None if found is None else {k: found[k] for k in ("case", "option", "text")}

    return decided, agreement.game


def register(app: typer.Typer) -> None:
    """Add ``search`` and ``index`` to ``app``."""
    app.command("search")(search_command)
    app.command("index")(index_command)


# --- output ---------------------------------------------------------------------------------


def _console() -> Console:
    from ..output import console

    return console()


def _notices(searcher: Searcher, lang: str) -> None:
    """Print the index's notices (damaged or unwritable cache) on standard error, once."""
    while searcher.notices:
        notice = searcher.notices.pop(0)
        typer.echo(notice if isinstance(notice, str) else notice.say(lang), err=True)


def _show(
    result: SearchResult,
    lang: str,
    json_: bool,
    say: Say,
    compact: bool = False,
    decided: Decided = lambda entry_id: None,
) -> None:
    if json_:
        from ..output import json_text

        data = result.to_dict()
        for hit in data["hits"] + data.get("beyond_limit", []):
            agreed = decided(hit["id"])
            if agreed is not None:
                hit["agreed"] = agreed
        text = json_text(data, indent=None if compact else 2)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        return
    out = _console()
    out.on_broken_pipe = _quiet_stdout  # type: ignore[method-assign]  # quiet, same exit code
    for part in render_result(result, lang, say, decided):
        out.print(part)
    if result.explanation is not None:
        out.print(render_explanation(result, lang, say))


def render_explanation(result: SearchResult, lang: str, say: Say) -> RenderableType:
    """Return what ``--explain`` adds below the answer."""
    from rich.markup import escape
    from rich.text import Text

    from garou.lookup.explain import explanation_lines

    lines = [f"[bold]{escape(say('search.explain.heading', lang))}[/]"] if result.hits else []
    for heading, said in explanation_lines(result, lang, say):
        lines.append(escape(heading))
        lines += [f"   [dim]{escape(line)}[/]" for line in said]
    return Text.from_markup("\n".join(lines))


def render_result(
    result: SearchResult, lang: str, say: Say, decided: Decided = lambda entry_id: None
) -> list[RenderableType]:
    """Return what ``garou search`` prints for ``result``: panels, then one line per hit;
    when the rules do not answer, that sentence, then the nearest rulings as related."""
    from ..loading import Loading

    with Loading():  # Rich, loaded for the rest of the run
        from rich.markup import escape
        from rich.text import Text

    parts: list[RenderableType] = []
    if result.corrected:
        parts.append(Text(say("search.corrected", lang, query=result.corrected), style="dim"))
    # "Not covered" in bold, then why in plain yellow.
    said = [Text(line, style="yellow") for line in result.not_covered(say, lang)]
    for line in said[:1]:
        line.stylize("bold")
    if not result.hits:
        parts += said or [Text(say("search.none", lang, query=result.query.strip()[:80]))]
        if result.suggestions:
            parts.append(Text(say("search.suggest", lang, words=", ".join(result.suggestions))))
        if result.elsewhere:
            found = ", ".join(say("search.hits", lang, count=n, game=g)
                              for g, n in result.elsewhere.items())  # fmt: skip
            parts.append(Text(say("search.elsewhere", lang, found=found)))
        return parts
    parts += said
    shown = result.in_full
    heading = say("search.more" if result.answered else "search.related", lang)
    if result.per_game and result.answered:
        parts.append(Text(say("search.differs", lang), style="bold yellow"))
    elif result.close and result.answered:
        parts.append(Text(say("search.close-call", lang), style="bold yellow"))
    for hit in shown:
        agreed = decided(hit.id)
        note = None
        if agreed is not None:
            note = say("search.agreed", lang, text=agreed["text"])
        parts.append(hit_panel(hit, lang, labelled=bool(result.per_game), agreed=agreed,
                               note=note))  # fmt: skip
    rest = result.listed
    if rest:
        lines = [f"[bold]{escape(heading)}[/]"]
        for number, hit in enumerate(rest, 1):
            agreed = decided(hit.id)
            note = ""
            if agreed is not None:
                short = say("search.agreed-short", lang, text=agreed["text"])
                note = f" [green]→ {escape(short)}[/]"
            lines.append(
                f"{number}. {escape(hit.title)} [dim]— {escape(hit.game_name)} · "
                f"{escape(hit.section)} · {hit.id}[/]" + note
            )
        parts.append(Text.from_markup("\n".join(lines)))
    return parts


def hit_panel(
    hit: Hit,
    lang: str,
    labelled: bool = False,
    agreed: dict[str, Any] | None = None,
    note: str | None = None,
) -> RenderableType:
    """Return ``hit`` whole as a panel: the table's decision if any (``note`` says it),
    ruling, options, source."""
    from rich.markup import escape

    from ..render import PanelOption, ruling_panel

    if note is not None:
        note = f"[bold green]{escape(note)}[/]\n"
    return ruling_panel(
        lang=lang,
        title=hit.title,
        text=hit.text,
        game_name=hit.game_name,
        section=hit.section,
        kind=hit.kind,
        entry_id=hit.id,
        source=hit.source,
        options=[PanelOption(o.id, o.label, o.addition, o.default) for o in hit.options],
        default_reason=hit.default_reason,
        related=[(r.id, r.title) for r in hit.related],
        note=note,
        chosen=agreed["option"] if agreed is not None else None,
        labelled=labelled,
    )


def _interactive(
    searcher: Searcher,
    game: str | None,
    kind: str | None,
    limit: int,
    lang: str,
    json_: bool,
    decided: Decided,
    table_game: str | None = None,
    explain: bool = False,
) -> int:
    """Ask one question after another until an empty line or Ctrl-D (exit code 0). Ctrl-C
    is the command line's to report (130, as every interrupted command; JSON with --json)."""
    from garou.rules import GarouError, UsageError

    prompt = "" if json_ else searcher.say("search.prompt", lang)
    # With --json a script reads the answers: a question refused is one JSON error line on
    # standard output and the exit is that error's code; no question at all is an error.
    asked, code = 0, 0
    while True:
        try:
            line = input(prompt)
        except EOFError:
            if not json_:
                typer.echo("", err=True)
            line = ""
        if not line.strip():
            if json_ and not asked:
                raise UsageError("search.nothing")
            return code
        asked += 1
        try:
            result = searcher.search(
                line, game=game, kind=kind, limit=limit, lang=lang, prefer=table_game,
                explain=explain,
            )  # fmt: skip
        except GarouError as exc:
            if json_:
                from ..output import error_json, json_text

                data = error_json(exc, lang)
                typer.echo(json_text(data, indent=None))
                code = code or int(data["error"]["exit_code"])
            else:
                typer.echo(searcher.say("search.error", lang, message=exc.message(lang)), err=True)
            continue
        _notices(searcher, lang)
        _show(result, lang, json_, searcher.say, compact=True, decided=decided)
