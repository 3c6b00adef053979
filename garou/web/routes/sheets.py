"""The game master's cheat sheet, the printables' own, on a phone and ready to print."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, g, request

from garou.core.errors import GarouError

from .. import security
from ..app import library, page, url_with
from ..rendering import render_block
from ..security import game_master_page
from .forms import FormProblem, counts, game_of, whole_number

bp = Blueprint("sheets", __name__)


CASE_PREFIX = "case."
"""Fields ``case.<entry id>=<option>``: the table's decisions (the house-rule picker's)."""


def _sheet(values: Any) -> Any:
    """Return the cheat sheet the request asks for: the game, and optionally the cards and
    the table's decisions (as the house-rule picker sends them)."""
    from garou.core.catalogue import phrase
    from garou.houserules import build_agreement
    from garou.printables import build_cheatsheet, check_setup
    from garou.rules.distribution import make_distribution

    book = library().book()
    game = game_of(values, book)
    assert game is not None
    plan = None
    dealt = counts(values, game)
    if dealt:
        players = whole_number(values.get("players"), phrase("web.setup.players"), 1, 99)
        plan = make_distribution(game, dealt, players)
        check_setup(game, plan, g.lang, "web")
    choices = {
        key.removeprefix(CASE_PREFIX): value.strip()
        for key, value in values.items()
        if key.startswith(CASE_PREFIX) and value.strip()
    }
    agreement = build_agreement(game, choices, lang=g.lang) if choices else None
    return build_cheatsheet(game, g.lang, plan, agreement)


@bp.get("/cheatsheet")
@game_master_page()
def cheatsheet() -> Any:
    """The cheat sheet of a game, laid out for a phone, with a link to the printable page."""
    book = library().book()
    games = [(game.id, game.info.name) for game in book.games.values()]
    if security.CSRF_FIELD in request.args:
        # Sent by the picker's "cheat sheet" button with the rest of its form: the token
        # has no business in an address.
        return Response(status=303, headers={"Location": url_with(**{security.CSRF_FIELD: None})})
    if not request.args.get("game"):
        return page("web/cheatsheet.html", games=games, sheet=None, body=None, problem=None)
    try:
        sheet = _sheet(request.args)
    except FormProblem as problem:
        said = problem.phrase.say(g.lang)
        return page("web/cheatsheet.html", 400, games=games, sheet=None, body=None, problem=said)
    except GarouError as exc:
        said = exc.message(g.lang)
        return page("web/cheatsheet.html", 400, games=games, sheet=None, body=None, problem=said)
    body = render_block("cheatsheet.html", "content", sheet=sheet, lang=sheet.lang)
    footer = render_block("cheatsheet.html", "footer", sheet=sheet, lang=sheet.lang)
    query = url_with().partition("?")[2]
    return page(
        "web/cheatsheet.html",
        games=games,
        sheet=sheet,
        body=body,
        footer=footer,
        problem=None,
        main_element="div",
        print_url=f"/cheatsheet/print?{query}",
    )


@bp.get("/cheatsheet/print")
@game_master_page()
def printable() -> Any:
    """The printables' own HTML page of the sheet (one A4 page), as ``garou print`` writes."""
    from garou.printables import render_html

    try:
        sheet = _sheet(request.args)
    except FormProblem as problem:
        return Response(problem.phrase.say(g.lang) + "\n", 400, mimetype="text/plain")
    except GarouError as exc:
        return Response(exc.message(g.lang) + "\n", 400, mimetype="text/plain")
    response = Response(render_html(sheet), mimetype="text/html")
    # The printable page carries its print style inline, and nothing else.
    response.headers["Content-Security-Policy"] = (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return response
