"""Settle the contested cases before dealing: the same agreement file as ``garou house pick``.

The agreement is built and written by :mod:`garou.houserules` (``build_agreement``,
``make_setup``, ``render_agreement``) and offered as a download: the server writes no file.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, g, request

from garou.core.catalogue import phrase
from garou.core.errors import GarouError

from ..app import library, page
from ..security import game_master_page
from .forms import FormProblem, counts, game_of, names_of_lines, whole_number

bp = Blueprint("house", __name__)

CASE_PREFIX = "case."
"""Form fields ``case.<entry id>`` carry the option chosen for a question."""
FILE_NAME = "accord.yaml"
"""The name the download is offered under (the default of ``garou house pick --out``)."""


def _rules_dir() -> str | None:
    """The rules folder the server reads (``garou serve --rules-dir``, else
    ``$GAROU_RULES_DIR``), which a file made with its cases is checked with."""
    import os

    from garou.core.files import RULES_DIR_ENV

    folder = library().rules_dir or os.environ.get(RULES_DIR_ENV) or None
    return str(folder) if folder is not None else None


def _form_context(game: Any, values: Mapping[str, str]) -> dict[str, Any]:
    from garou.houserules import questions
    from garou.houserules.sheet import show_command

    every = questions(game)
    chosen = {}
    for question in every:
        picked = values.get(CASE_PREFIX + question.id)
        if picked is None and question.default is not None:
            picked = question.default.option
        chosen[question.id] = picked
    return {
        "game": game,
        "questions": every,
        "chosen": chosen,
        "case_prefix": CASE_PREFIX,
        "table": values.get("table", ""),
        "date": values.get("date", "") or datetime.date.today().isoformat(),
        "players": values.get("players", ""),
        "names": values.get("names", ""),
        "counts": {r.id: values.get("n." + r.id, "") for r in game.roles},
        "check_command": show_command(FILE_NAME, _rules_dir()),
    }


@bp.get("/house")
@game_master_page()
def pick() -> Any:
    """Every contested case and setting of a game, each with its options; then the file."""
    book = library().book()
    games = [(game.id, game.info.name) for game in book.games.values()]
    try:
        game = game_of(request.args, book, required=False)
    except FormProblem as problem:
        said = problem.phrase.say(g.lang)
        return page("web/house.html", 400, games=games, game=None, problem=said)
    if game is None:
        return page("web/house.html", games=games, game=None, problem=None)
    return page("web/house.html", games=games, problem=None, **_form_context(game, request.args))


@bp.post("/house/agreement")
@game_master_page()
def agreement() -> Any:
    """Build the agreement the form describes and send it as a file to download."""
    from garou.houserules import (
        draft_agreement,
        iso_date,
        questions,
        render_agreement,
        with_path,
    )

    book = library().book()
    games = [(game.id, game.info.name) for game in book.games.values()]
    form = request.form
    try:
        game = game_of(form, book)
    except FormProblem as problem:
        said = problem.phrase.say(g.lang)
        return page("web/house.html", 400, games=games, game=None, problem=said)
    assert game is not None
    try:
        choices = {
            q.id: form[CASE_PREFIX + q.id].strip()
            for q in questions(game)
            if form.get(CASE_PREFIX + q.id, "").strip()
        }
        table = form.get("table", "").strip() or None
        date_text = form.get("date", "").strip()
        if date_text and iso_date(date_text) is None:
            raise FormProblem(phrase("web.house.bad-date", date=date_text[:40]))
        players = whole_number(form.get("players"), phrase("web.setup.players"), 1, 99)
        dealt = counts(form, game)
        names = _names(form.get("names", ""))
        if not dealt and (names or players is not None):
            raise FormProblem(phrase("web.house.cards-needed"))
        # the same draft as garou house pick's: a text the file cannot hold (a control
        # character in the table's name) is the form's problem, said on the form
        agreement = draft_agreement(
            book, game, choices, table=table, players=players, roles=dealt or None,
            names=names, date=date_text or datetime.date.today().isoformat(), lang=g.lang,
        )  # fmt: skip
        text = render_agreement(
            with_path(agreement, FILE_NAME), game, g.lang, rules_dir=_rules_dir()
        )
    except FormProblem as problem:
        context = _form_context(game, form)
        said = problem.phrase.say(g.lang)
        return page("web/house.html", 400, games=games, problem=said, **context)
    except GarouError as exc:
        context = _form_context(game, form)
        return page("web/house.html", 400, games=games, problem=exc.message(g.lang), **context)
    response = Response(text, mimetype="application/yaml")
    response.headers["Content-Disposition"] = f'attachment; filename="{FILE_NAME}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _names(text: str) -> list[str]:
    """The players' names of the form: one a line, as the game start forms (forms.name_of_line).
    A name too long is refused when the agreement is written (houserules.sheet), not cut."""
    return names_of_lines(text)
