"""Find a ruling mid-game: ``garou search`` and the search index behind it, ``garou index``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..options import Game, Json, Lang, RulesDir

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from garou.lookup import Hit, Searcher, SearchResult

SEARCH_EPILOG = (
    "Exit codes: 0 a ruling was found (or the interactive prompt was left); 1 nothing "
    "matched, or the rule files are invalid; 2 bad command line (empty query, unknown game "
    "or kind); 130 interrupted."
)
INDEX_EPILOG = "Exit codes: 0 success; 1 the rule files are invalid or the index cannot be built."

_LABELS = {
    "fr": {
        "more": "Autres réponses",
        "differs": "La règle diffère selon le jeu : une réponse par jeu.",
        "corrected": "Résultats pour « {} »", "none": "Aucune règle ne répond à « {} ».",
        "suggest": "Vouliez-vous dire : {} ?", "elsewhere": "Hors de ces filtres : {}.",
        "hits": "{} réponse(s) en {}", "prompt": "Question (ligne vide ou Ctrl-D pour finir) : ",
        "agreed": "Décision de votre table : {}", "agreed_short": "décidé : {}",
    },
    "en": {
        "more": "Other answers",
        "differs": "The ruling differs between the games: one answer per game.",
        "corrected": "Results for “{}”", "none": "No ruling answers “{}”.",
        "suggest": "Did you mean: {}?", "elsewhere": "Outside these filters: {}.",
        "hits": "{} answer(s) in {}", "prompt": "Question (empty line or Ctrl-D to stop): ",
        "agreed": "Your table decided: {}", "agreed_short": "decided: {}",
    },
}  # fmt: skip


def search_command(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[WORDS]...",
            help="The question, as you would ask it (French or English, accents optional). "
            "Without words: an interactive prompt.",
            show_default=False,
        ),
    ] = None,
    game: Game = None,
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            "-k",
            help="Only entries of this kind (rule, contested, role, ...).",
            show_default=False,
        ),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", "-n", min=1, max=100, help="How many answers to list.")
    ] = 5,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
    agreement: Annotated[
        Path | None,
        typer.Option(
            "--agreement",
            "-a",
            envvar=AGREEMENT_ENV,
            help="Your table's agreement (garou house pick): on a contested case, show what "
            "the table decided above the general ruling.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Find the ruling that answers a question, in both games and both languages.

    The best answer is shown whole, the next ones one line each. When the query names no
    game and both games rule on it, each game's answer is shown, labelled. Typos are
    corrected. Without words, ask one question after another (empty line or Ctrl-D quits).

    Example: garou search la sorcière peut-elle se sauver elle-même --agreement accord.yaml
    """
    code = run_search(words or [], game, kind, limit, lang, json_, rules_dir, agreement)
    if code:
        raise typer.Exit(code)


def index_command(
    rebuild: Annotated[
        bool, typer.Option("--rebuild", help="Rebuild the index now, even if it is fresh.")
    ] = False,
    json_: Json = False,
    lang: Lang = None,
    rules_dir: RulesDir = None,
) -> None:
    """Show where the search index is and whether it matches the rules; rebuild it.

    The index is kept in your cache folder and rebuilt by itself when the rule files
    (built-in or yours) change; --rebuild forces it.

    Example: garou index --rebuild
    """
    from garou import lookup
    from garou.rules import resolve_language

    language = resolve_language(lang)
    status = lookup.rebuild(rules_dir) if rebuild else lookup.status(rules_dir)
    if json_:
        from ..output import print_json

        print_json(status.to_dict())
        return
    labels = {
        "fr": {
            "rebuilt": "Index de recherche reconstruit : {n} entrées en {s} s\nDans : {path}",
            "index": "Index de recherche : {path}\nÉtat : {state}",
            "fresh": "à jour · {n} entrées",
            "missing": "pas encore construit (le sera à la prochaine recherche) · "
            "{n} entrées dans les règles",
            "damaged": "endommagé (reconstruit à la prochaine recherche) · "
            "{n} entrées dans les règles",
            "unusable": "cache inutilisable ({problem}) : chaque recherche construit son "
            "propre index temporaire, plus lentement · {n} entrées dans les règles",
        },
        "en": {
            "rebuilt": "Search index rebuilt: {n} entries in {s} s\nIn: {path}",
            "index": "Search index: {path}\nState: {state}",
            "fresh": "fresh · {n} entries",
            "missing": "not built yet (built by the next search) · {n} entries in the rules",
            "damaged": "damaged (rebuilt by the next search) · {n} entries in the rules",
            "unusable": "cache unusable ({problem}): each search builds its own temporary "
            "index, more slowly · {n} entries in the rules",
        },
    }[language]  # fmt: skip
    values = {"n": status.entries, "path": status.path, "problem": status.problem}
    if status.seconds is not None:
        seconds = f"{status.seconds:.1f}"
        seconds = seconds.replace(".", ",") if language == "fr" else seconds
        text = labels["rebuilt"].format(s=seconds, **values)
    else:
        text = labels["index"].format(state=labels[status.state].format(**values), **values)
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
) -> int:
    """Answer the question ``words`` (or open the prompt when empty); return the exit code."""
    from garou.lookup import Searcher
    from garou.rules import resolve_language

    language = resolve_language(lang)
    decided = _agreement_lookup(agreement, rules_dir, language)
    query = " ".join(words)
    if words and not query.strip():
        from garou.rules import UsageError

        raise UsageError("nothing to search for: type a few words, e.g. garou search égalité")
    with Searcher(rules_dir) as searcher:
        _notices(searcher)
        if not words:
            searcher.check_filters(game, kind)
            _interactive(searcher, game, kind, limit, language, json_, decided)
            return 0
        result = searcher.search(query, game=game, kind=kind, limit=limit, lang=language)
        _notices(searcher)
        _show(result, language, json_, decided=decided)
    return 0 if result.hits else 1


AGREEMENT_ENV = "GAROU_AGREEMENT"
"""Environment variable naming the table's agreement file, as --agreement does."""


Decided = Callable[[str], "dict[str, Any] | None"]
"""What the table decided for an entry id (houserules.agreed), or None."""


def _agreement_lookup(path: Any, rules_dir: Any, lang: str) -> Decided:
    """Return a function giving the table's decision for an entry id (none without a file)."""
    if not path:
        return lambda entry_id: None
    from garou.houserules import agreed, load_agreement
    from garou.rules import UsageError, load_rules

    if not Path(path).is_file():
        raise UsageError(
            f"no agreement file at {path} (from --agreement or ${AGREEMENT_ENV}); "
            "write one with: garou house pick, or unset the variable"
        )
    agreement = load_agreement(path, load_rules(rules_dir))

    def decided(entry_id: str) -> dict[str, Any] | None:
        found = agreed(agreement, entry_id, lang)
        return None if found is None else {k: found[k] for k in ("case", "option", "text")}

    return decided


def register(app: typer.Typer) -> None:
    """Add ``search`` and ``index`` to ``app``."""
    app.command("search", epilog=SEARCH_EPILOG)(search_command)
    app.command("index", epilog=INDEX_EPILOG)(index_command)


# --- output ---------------------------------------------------------------------------------


def _console() -> Console:
    from ..output import console

    return console()


def _notices(searcher: Searcher) -> None:
    """Print the index's notices (damaged or unwritable cache) on standard error, once."""
    while searcher.notices:
        typer.echo(searcher.notices.pop(0), err=True)


def _show(
    result: SearchResult,
    lang: str,
    json_: bool,
    compact: bool = False,
    decided: Decided = lambda entry_id: None,
) -> None:
    if json_:
        import json

        data = result.to_dict()
        for hit in data["hits"]:
            agreed = decided(hit["id"])
            if agreed is not None:
                hit["agreed"] = agreed
        text = json.dumps(data, ensure_ascii=False, indent=None if compact else 2)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        return
    out = _console()
    for part in render_result(result, lang, decided):
        out.print(part)


def render_result(
    result: SearchResult, lang: str, decided: Decided = lambda entry_id: None
) -> list[RenderableType]:
    """Return what ``garou search`` prints for ``result``: panels, then one line per hit."""
    from rich.markup import escape
    from rich.text import Text

    labels = _LABELS[lang]
    parts: list[RenderableType] = []
    if result.corrected:
        parts.append(Text(labels["corrected"].format(result.corrected), style="dim"))
    if not result.hits:
        parts.append(Text(labels["none"].format(result.query.strip()[:80])))
        if result.suggestions:
            parts.append(Text(labels["suggest"].format(", ".join(result.suggestions))))
        if result.elsewhere:
            found = ", ".join(labels["hits"].format(n, g) for g, n in result.elsewhere.items())
            parts.append(Text(labels["elsewhere"].format(found)))
        return parts
    shown = result.per_game or result.hits[:1]
    if result.per_game:
        parts.append(Text(labels["differs"], style="bold yellow"))
    for hit in shown:
        parts.append(hit_panel(hit, lang, labelled=bool(result.per_game), agreed=decided(hit.id)))
    rest = [h for h in result.hits if h not in shown]
    if rest:
        lines = [f"[bold]{labels['more']}[/]"]
        for number, hit in enumerate(rest, 1):
            agreed = decided(hit.id)
            note = ""
            if agreed is not None:
                note = f" [green]→ {escape(labels['agreed_short'].format(agreed['text']))}[/]"
            lines.append(
                f"{number}. {escape(hit.title)} [dim]— {escape(hit.game_name)} · "
                f"{escape(hit.section)} · {hit.id}[/]" + note
            )
        parts.append(Text.from_markup("\n".join(lines)))
    return parts


def hit_panel(
    hit: Hit, lang: str, labelled: bool = False, agreed: dict[str, Any] | None = None
) -> RenderableType:
    """Return ``hit`` whole as a panel: the table's decision if any, ruling, options, source."""
    from rich.markup import escape

    from ..render import PanelOption, ruling_panel

    note = None
    if agreed is not None:
        note = f"[bold green]{escape(_LABELS[lang]['agreed'].format(agreed['text']))}[/]\n"
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
) -> None:
    """Ask one question after another until an empty line, Ctrl-D or Ctrl-C."""
    from garou.rules import GarouError

    prompt = "" if json_ else _LABELS[lang]["prompt"]
    while True:
        try:
            line = input(prompt)
        except (EOFError, KeyboardInterrupt):
            if not json_:
                typer.echo("", err=True)
            return
        if not line.strip():
            return
        try:
            result = searcher.search(line, game=game, kind=kind, limit=limit, lang=lang)
        except GarouError as exc:
            typer.echo(f"Error: {exc}", err=True)
            continue
        _notices(searcher)
        _show(result, lang, json_, compact=True, decided=decided)
