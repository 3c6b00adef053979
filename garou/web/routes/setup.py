"""Check a distribution before dealing, or have one suggested (``garou check|suggest``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, g, request

from garou.core.catalogue import phrase
from garou.core.errors import GarouError

from ..app import library, page
from ..security import game_master_page
from .forms import COUNT_PREFIX, FormProblem, counts, game_of, whole_number

bp = Blueprint("setup", __name__)


@bp.get("/setup")
@game_master_page()
def setup() -> Any:
    """The cards of a game, one number each; check them, or ask for a sound distribution."""
    from garou.rules.distribution import (
        check_distribution,
        describe,
        make_distribution,
        suggest_distribution,
    )

    book = library().book()
    games = [(game.id, game.info.name) for game in book.games.values()]
    context: dict[str, Any] = {
        "games": games, "game": None, "verdict": None, "problem": None, "players": "",
        "counts": {}, "described": None, "sheet_url": None,
    }  # fmt: skip
    action = request.args.get("action", "")
    try:
        game = game_of(request.args, book, required=False)
        if game is None:
            return page("web/setup.html", **context)
        context["game"] = game
        players = whole_number(request.args.get("players"), phrase("web.setup.players"), 1, 99)
        dealt = counts(request.args, game)
        context.update(players=players or "", counts=dealt)
        if action == "suggest":
            if players is None:
                raise FormProblem(phrase("web.setup.players-needed"))
            dist = suggest_distribution(game, players, dealt or None)
        elif action == "check":
            if not dealt:
                raise FormProblem(phrase("web.setup.cards-needed"))
            dist = make_distribution(game, dealt, players)
        else:
            return page("web/setup.html", **context)
    except FormProblem as problem:
        context["problem"] = problem.phrase.say(g.lang)
        return page("web/setup.html", 400, **context)
    except GarouError as exc:
        context["problem"] = exc.message(g.lang)
        return page("web/setup.html", 400 if action == "check" else 200, **context)
    verdict = check_distribution(game, dist)
    values = {"game": game.id, "players": dist.players}
    values.update({COUNT_PREFIX + role: n for role, n in dist.roles.items()})
    context.update(
        verdict=verdict,
        players=dist.players,
        counts=dict(dist.roles),
        described=describe(game, dist),
        sheet_url="/cheatsheet?" + urlencode(values) if verdict.ok else None,
        suggested=action == "suggest",
    )
    return page("web/setup.html", **context)
