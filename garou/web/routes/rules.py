"""Find a ruling: the home page, the search, and one ruling with its related rulings."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request

from garou.core.errors import GarouError, UsageError

from ..app import library, page
from ..security import game_master_page
from ..views import ruling
from .forms import FormProblem, game_of

bp = Blueprint("rules", __name__)

LIMIT = 6
"""How many answers a search lists."""


@bp.get("/")
@game_master_page()
def home() -> Any:
    """The home page: a search box and the other tools."""
    book = library().book()
    games = [(g.id, g.info.name) for g in book.games.values()]
    return page("web/home.html", games=games)


@bp.get("/search")
@game_master_page()
def search() -> Any:
    """Answer a question as ``garou search`` does: the ruling first, then the next ones."""
    book = library().book()
    games = [(g.id, g.info.name) for g in book.games.values()]
    query = request.args.get("q", "")
    context: dict[str, Any] = {"games": games, "query": query, "game": "", "result": None,
                               "why": {}}  # fmt: skip
    try:
        chosen = game_of(request.args, book, required=False)
    except FormProblem as problem:
        return page("web/search.html", 400, problem=problem.phrase.say(_lang()), **context)
    context["game"] = chosen.id if chosen is not None else ""
    if not query.strip():
        return page("web/search.html", problem=None, **context)
    try:
        # Always explained: the "why" under each hit is a <details> opened on demand, and
        # the explanation is the pipeline's own trace (no second pass).
        result = library().search(
            query, chosen.id if chosen else None, None, LIMIT, _lang(), explain=True
        )
    except UsageError as exc:
        return page("web/search.html", 400, problem=exc.message(_lang()), **context)
    lang = _lang()
    shown = result.in_full
    context.update(
        why=_why(result, lang),
        result=result,
        answered=result.answered,
        unsaid=result.not_covered(library().say, lang),
        shown=[_ruling_of(book, hit.id, lang) for hit in shown],
        labelled=bool(result.per_game) and result.answered,
        close_call=bool(result.close) and result.answered and not result.per_game,
        rest=result.listed,
    )
    return page("web/search.html", problem=None, **context)


@bp.get("/rule/<entry_id>")
@game_master_page()
def rule(entry_id: str) -> Any:
    """One ruling whole: its text, options, related rulings and source."""
    book = library().book()
    try:
        entry = book.entry(entry_id)
    except GarouError:
        return page("web/missing.html", 404, entry_id=entry_id[:80])
    return page("web/rule.html", ruling=ruling(book, entry, _lang()))


def _why(result: Any, lang: str) -> dict[str, Any]:
    """Return the explanation's lines per hit id, and the verdict's under ``""``."""
    from garou.lookup.explain import hit_lines, verdict_lines

    explanation = getattr(result, "explanation", None)
    if explanation is None:
        return {}
    say = library().say
    lines: dict[str, Any] = {
        entry_id: hit_lines(why, say, lang) for entry_id, why in explanation.hits.items()
    }
    if explanation.verdict is not None:
        lines[""] = verdict_lines(explanation.verdict, say, lang)
    return lines


def _lang() -> str:
    from flask import g

    return str(g.lang)


def _ruling_of(book: Any, entry_id: str, lang: str) -> Any:
    return ruling(book, book.entry(entry_id), lang)
