"""The live game: the game master's view (the night script, the day, the state, the recap)
and the table view for a shared screen (only what everybody may know).

Every page reads the game from the journal (the same file as ``garou game``, ``--db`` /
``GAROU_DB``) and replays it; every action records one event through
:func:`garou.game.session.record_form`, with the form's id, so that a repeated submission
(a double tap, a resent page, a second phone) is recorded once. The step shown and its
choices come from :mod:`garou.game.script`, as in ``garou game play``.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from flask import Blueprint, Response, g, request

from garou.core.catalogue import format_number, phrase, say
from garou.core.errors import GarouError
from garou.core.numbers import is_whole_number, whole_number
from garou.game.session import MAX_NAME as SESSION_MAX_NAME

from .. import security
from ..app import config, library, page, refuse
from ..security import game_master_page, public_page
from .forms import FormProblem, counts, deal_line, names_of_lines, typed_counts

if TYPE_CHECKING:
    from garou.game.journal import Journal
    from garou.game.table import LoupGarouState

bp = Blueprint("game", __name__)

MAX_NAME = SESSION_MAX_NAME
"""Longest player or game name accepted from a form: the library's, one for every face."""
MAX_PLAYERS = 40
"""Most players a game started from a form may have."""
PUBLIC_STORY = frozenset(
    "game.story." + key
    for key in (
        "start", "nobody-died", "announce", "elected", "vote", "revote", "tie", "nobody-out",
        "successor", "no-successor", "winner", "nobody-alive",
    )
)  # fmt: skip
"""The lines of the story the table view may show while the game goes on: the public
announcements and votes. Every other line (night actions, causes of death, the warnings)
is the game master's until the game is over."""


def scope_of(game_id: int) -> str:
    """Return the key scope of game ``game_id`` (its cookie is ``garou_key_game-<id>``)."""
    return f"game-{game_id}"


def _game_scope(values: Mapping[str, Any]) -> str | None:
    """The key a game's pages need: the game's secret, read from its journal."""
    game_id = values.get("game_id")
    if game_id is None:
        return None
    scope = scope_of(int(game_id))
    try:
        with _journal() as journal:
            secret = journal.secret(int(game_id))
    except GarouError:
        return scope  # no such game: only the server's key opens it (then "unknown game")
    config().keys.set_game_key(scope, secret)
    return scope


@contextmanager
def _journal() -> Iterator[Journal]:
    from garou.game.journal import open_journal

    journal = open_journal(config().db)
    try:
        yield journal
    finally:
        journal.close()


# --- the countdowns: timer events of the journal, read on the app's clock ----------------


def _repeat(journal: Journal, game_id: int, form_id: str) -> Response | None:
    """The answer to a form already recorded (the page's "already recorded" note), else None.

    Every route asks this before its own checks of the form, as ``record_form`` itself
    looks up the form id before checking the event: a form sent twice is a repeat, never
    judged again against the game it already changed."""
    journal.game(game_id)
    if journal.form_seq(game_id, form_id) is None:
        return None
    return _recorded(game_id, False)


def _form_id() -> str | None:
    """The id the page gave its form (one per page: a form sent twice records once), or
    None when it is missing or too long for one."""
    form_id = request.form.get("form_id", "")
    return form_id if form_id and len(form_id) <= 64 else None


def _seen() -> int | None:
    """How many events the game had when the form's page was drawn (its ``seen`` field),
    or None when the form does not say."""
    seen = request.form.get("seen", "").strip()
    return whole_number(seen, max_digits=9)


def _refused(journal: Journal, game_id: int, form_id: str) -> Response | None:
    """The answer to a form already recorded (:func:`_repeat`) or drawn for a game that has
    moved on since (:func:`_stale`: the current step, HTTP 409), else None."""
    repeat = _repeat(journal, game_id, form_id)
    if repeat is not None:
        return repeat
    stale = _stale(journal, game_id)
    return None if stale is None else _master_page(game_id, 409, stale)


def _stale(journal: Journal, game_id: int) -> str | None:
    """Why the form is refused when its page is out of date (another screen recorded,
    undid or timed since it was drawn, or the form does not say when it was drawn), else
    None. Asked before the form's own checks: a stale form is never judged against a step
    it was not drawn for (a first vote's ballots taken as the revote's)."""
    from garou.game.session import check_rules_read, stale_form

    events = journal.events(game_id)
    if _seen() == len(events):
        return None
    check_rules_read(library().book(), journal.game(game_id), events)  # read without its folder
    return stale_form(library().book(), events, g.lang).reason(g.lang)


def _recorded(game_id: int, new: bool, done: str = "") -> Response:
    """Back to the game's page once a form is recorded (``done``: the note's query), or
    with the "already recorded" note when the form had been."""
    query = done if new else "?repeat=1"
    return Response(status=303, headers={"Location": f"/game/{game_id}{query}"})


def _record_once(
    journal: Journal,
    game_id: int,
    form_id: str,
    kind: str,
    data: dict[str, Any],
    refused: Any,
    done: str = "",
) -> Response:
    """Record the event a form sends, once per form; ``refused(message, rule)`` gives the
    page that says why the rules refused it (nothing recorded)."""
    from garou.game import session
    from garou.game.errors import IllegalEventError

    try:
        _, new = session.record_form(
            journal, library().book(), game_id, form_id, kind, data, g.lang, seen=_seen()
        )
    except IllegalEventError as exc:
        return refused(exc.reason(g.lang), exc.rule)
    return _recorded(game_id, new, done)


def _clock() -> float:
    return float(config().clock())


def timer_labels(state: Any) -> dict[str, int]:
    """The countdowns the game's current step may run (label: seconds): a Mafia speech's,
    a farewell's, a tied player's extra time; the Loup-Garou day's debate."""
    if state.game.id == "mafia":
        from garou.game.mafia_script import timer_labels as mafia_labels

        return mafia_labels(state)
    if state.phase != "day" or state.day_stage() == "election":
        return {}
    minutes = state.debate_minutes()
    if not minutes:
        return {}
    return {f"debate:d{state.day}:{state.vote_round or 'first'}": minutes * 60}


def countdown(replayed: Any) -> dict[str, Any] | None:
    """The countdown of the current step as every screen shows it (None: the step has
    none): read from the journal's ``timer`` events on the app's clock."""
    from garou.game.timer import countdown_from, timer_view

    labels = timer_labels(replayed.state)
    if not labels:
        return None
    found = countdown_from(replayed.timers, labels, _clock)
    view = timer_view(found, next(iter(labels.values())))
    view["labels"] = list(labels)
    return view


# --- reading a game ------------------------------------------------------------------------


def _role(state: LoupGarouState, role: str | None, lang: str) -> str:
    return state.game.role(role).name.get(lang) if role else "?"


def _where(state: LoupGarouState, lang: str) -> str:
    from .mafia import where

    return where(state, lang)


def _announcement(state: LoupGarouState, lang: str) -> str:
    """What the last dawn or vote gives to read aloud (garou.game.table.announcement)."""
    from garou.game.table import announcement

    return " ".join(p.say(lang) for p in announcement(state))


def public_view(state: LoupGarouState, lang: str) -> dict[str, Any]:
    """Return what the table view shows: only what everybody at the table may know.

    While the game goes on: who is alive, the roles the announcements revealed (the dead's),
    the captain, the public announcements and the votes. Once it is over: everything.
    """
    over = state.phase == "over"
    players = []
    for seat in state.seats:
        role = None
        if over:
            role = state.role_of(seat.name)
        elif not seat.alive:
            role = seat.role  # the announcement of a death reveals the card
        players.append(
            {
                "name": seat.name,
                "alive": seat.alive,
                "role": _role(state, role, lang) if role else None,
                "captain": state.captain == seat.name,
            }
        )
    story = [
        {"when": _when(line.phase, line.number, lang), "text": line.text.say(lang)}
        for line in state.story
        if over or (not line.hidden and line.text.key in PUBLIC_STORY)
    ]
    return {
        "where": _where(state, lang),
        "phase": state.phase,
        "players": players,
        "alive": sum(1 for s in state.seats if s.alive),
        "story": list(reversed(story)),
        "winner": state.game.camp(state.winner).name.get(lang) if state.winner else None,
    }


def _when(phase: str, number: int, lang: str) -> str:
    phase = "night" if phase == "start" else phase
    return say(f"game.recap.{phase}", lang, number=number)


# --- the game master's pages ---------------------------------------------------------------


@bp.get("/game")
@game_master_page()
def games() -> Any:
    """The games of the journal, and a form to start one."""
    return _games_page()


def _games_page(status: int = 200, problem: str | None = None, form: Any = None) -> Response:
    book = library().book()
    game = book.games["loup-garou"]
    with _journal() as journal:
        rows = list(reversed(journal.games()))
    values = form or {}
    return page(
        "web/game_list.html",
        status,
        rows=rows,
        game=game,
        game_names={k: v.info.name.get(g.lang) for k, v in book.games.items()},
        problem=problem,
        players="",
        counts=typed_counts(values, game) if form is not None else {},  # as sent
        names=values.get("names", ""),
        name=values.get("name", ""),
        deal=values.get("deal", ""),
        agreement=values.get("agreement", ""),
    )


@bp.post("/game/new")
@game_master_page()
def new() -> Any:
    """Start a game from the names, the cards and the table's agreement (as ``game new``)."""
    from garou.game.start import RefusedSetupError, start_data

    form = request.form
    book = library().book()
    game = book.games["loup-garou"]
    try:
        dealt = counts(form, game)
        # names and cards left empty with an agreement pasted: the agreement's setup
        theirs = not form.get("names", "").strip() and not dealt
        theirs = theirs and bool(form.get("agreement", "").strip())
        names = [] if theirs else _names(form.get("names", ""))
        if not dealt and not theirs:
            raise FormProblem(phrase("web.setup.cards-needed"))
        deal = _deal(form.get("deal", ""))
        name = form.get("name", "").strip() or None  # bounded by the start's check
        with tempfile.TemporaryDirectory(prefix="garou-") as folder:
            setup: Path | None = None
            if not theirs:
                setup = Path(folder) / "setup.yaml"
                setup.write_text(
                    yaml.safe_dump(
                        {"game": game.id, "players": len(names), "roles": dealt, "names": names},
                        allow_unicode=True,
                    ),
                    encoding="utf-8",
                )
            agreement = None
            if form.get("agreement", "").strip():
                agreement = Path(folder) / "agreement.yaml"
                agreement.write_text(form["agreement"], encoding="utf-8")
            try:
                how = "game.hint.setup-differs-web"
                data = start_data(book, setup, agreement, name=name, deal=deal, how=how)
            except RefusedSetupError as exc:
                return _games_page(400, _refused_setup(exc, g.lang), form)
            except GarouError as exc:
                said = exc.message(g.lang).replace(folder + os.sep, "")
                return _games_page(400, said, form)
        return _started(book, data)
    except FormProblem as problem:
        return _games_page(400, problem.phrase.say(g.lang), form)
    except GarouError as exc:
        return _games_page(400, exc.message(g.lang), form)


@bp.post("/game/new-mafia")
@game_master_page()
def new_mafia() -> Any:
    """Start a Mafia evening from the 10 names in seat order, as ``garou game new --game
    mafia``: the cards the judge gives (all ten), else drawn by garou; turbo speeches."""
    from garou.game import mafia

    form = request.form
    book = library().book()
    game = book.games["mafia"]
    try:
        names = _names(form.get("names", ""))
        deal = _deal(form.get("deal", ""))
        name = form.get("name", "").strip() or None  # bounded by the start's check
        data = mafia.start_data(
            game, names, roles=deal or None, turbo=form.get("turbo") == "yes", name=name
        )
        return _started(book, data)
    except FormProblem as problem:
        return _games_page(400, problem.phrase.say(g.lang), form)
    except GarouError as exc:
        return _games_page(400, exc.message(g.lang), form)


def _started(book: Any, data: dict[str, Any]) -> Response:
    """Open the game the ``start`` event describes (with its secret for the table's
    screen) and go to its page; raise the rules' GarouError for an unusable start."""
    from garou.game import session

    with _journal() as journal:
        game_id = session.new_game(journal, book, data)
        journal.secret(game_id)
    return Response(status=303, headers={"Location": f"/game/{game_id}"})


def _refused_setup(exc: Any, lang: str) -> str:
    """The refusal of a setup typed on the form: no file name (the user wrote none), then
    each broken rule with its fix, as ``garou game new`` says them."""
    lines = [say("web.game.setup-refused", lang)]
    lines += exc.message(lang).splitlines()[1:]
    return "\n".join(lines)


def _names(text: str) -> list[str]:
    names = names_of_lines(text)
    if not names:
        raise FormProblem(phrase("web.game.names-needed"))
    from garou.core.names import name_problem

    said = next((p for p in map(name_problem, names) if p is not None), None)
    if said is not None:  # which name and why, as the terminal says it
        raise FormProblem(said)
    if len(names) > MAX_PLAYERS:
        raise FormProblem(phrase("web.game.names-too-long", most=MAX_PLAYERS, length=MAX_NAME))
    from garou.core.names import fold

    folded = [fold(n) for n in names]  # "Ana" and "ana" are one player to every event
    if len(set(folded)) != len(folded):
        twice = [n for i, n in enumerate(names) if folded.count(folded[i]) > 1]
        raise FormProblem(phrase("web.game.names-twice", names=twice))
    return names


def _deal(text: str) -> dict[str, str]:
    """The deal typed on the form, name → card; a player given two cards (whatever the
    case and accents of the two lines) refused, as ``--deal`` refuses it."""
    from garou.core.names import fold

    deal: dict[str, str] = {}
    lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        pair = deal_line(line)
        if pair is None:
            raise FormProblem(phrase("web.game.bad-deal", line=line.strip()[:60]))
        name = pair[0][:MAX_NAME]
        if fold(name) in lines:
            first = lines[fold(name)]
            raise FormProblem(phrase("web.game.dealt-twice", name=name, first=first, second=number))
        lines[fold(name)] = number
        deal[name] = pair[1][:MAX_NAME]
    return deal


@bp.get("/game/<int:game_id>")
@game_master_page(game_of=_game_scope)
def master(game_id: int) -> Any:
    """The game master's view: the step to play now, the state, the warnings, undo."""
    note = None
    if request.args.get("repeat"):
        note = say("web.game.repeated", g.lang)
    elif request.args.get("corrected"):
        note = say("judge.correct.done", g.lang)
    elif request.args.get("undone"):
        note = _undone_note(game_id, request.args.get("undone", ""))
    return _master_page(game_id, note=note)


def _master_page(
    game_id: int,
    status: int = 200,
    problem: str | None = None,
    rule: str | None = None,
    pending: dict[str, Any] | None = None,
    note: str | None = None,
    correcting: dict[str, Any] | None = None,
    typed: dict[str, Any] | None = None,
) -> Response:
    """The game master's page; ``typed``: the answers of a refused night form, shown again
    as they were given (nothing valid is thrown away)."""
    from garou.game import script, session
    from garou.game.questions import questions
    from garou.game.recap import build_recap
    from garou.game.table import warnings

    book = library().book()
    lang = g.lang
    with _journal() as journal:
        row = journal.game(game_id)
        if row.game == "mafia":
            return _judge_page(journal, row, status, problem, rule, note, correcting)
        if row.game != "loup-garou":
            return page("web/game_not_yet.html", 200, row=row)
        replayed = session.load(journal, book, game_id, lang)
        version = len(journal.events(game_id))
        secret = journal.secret(game_id)
        draft = journal.draft(game_id, "pending")
        if pending is None and problem is None and correcting is None and draft is not None:
            pending = _pending(journal, book, game_id, str(draft["kind"]), dict(draft["data"]))
        ballots = session.lg_ballots(journal, book, game_id, lang)
        draft_revision = journal.draft_revision(game_id, LG_DRAFT)
    state: LoupGarouState = replayed.state
    step = script.next_step(state)
    last = replayed.effective[-1] if replayed.effective else None
    seen = None
    if last is not None and last.kind == "look" and state.looks:
        _, target, shown = state.looks[-1]
        seen = say(
            "game.play.seen", lang, target=target, shown=script.shown_name(state, shown, lang)
        )
    announcement = None
    if last is not None and last.kind in ("dawn", "vote") and state.told:
        announcement = _announcement(state, lang)
    roles = state.known_roles()
    players = [
        {
            "name": s.name,
            "role": _role(state, roles[s.name], lang) if roles[s.name] else None,
            "alive": s.alive,
            "lover": bool(state.lovers and s.name in state.lovers),
            "captain": state.captain == s.name,
        }
        for s in state.seats
    ]
    night = step.night_step
    asked = questions(state, step)
    context: dict[str, Any] = {
        "row": row,
        "state": state,
        "step": step,
        "where": _where(state, lang),
        "players": players,
        "warnings": [(w.text.say(lang), w.rule) for w in warnings(state)],
        "said": [(s.rule, s.message) for s in state.said],
        "seen": seen,
        "announcement": announcement,
        "problem": problem,
        "rule": rule,
        "pending": pending,
        "note": note,
        "version": version,
        "asleep": state.phase == "night" and not state.done,
        "calling": [_role(state, r, lang) for r in night.roles] if night else [],
        "read": night.action.get(lang) if night else None,
        "potions": state.potions,
        "debate": state.debate_minutes() if state.phase == "day" else None,
        "timer": countdown(replayed),
        "recap": build_recap(replayed, game_id, lang) if state.phase == "over" else None,
        "lan": config().lan,
        "share": None,
        "events": len(replayed.effective),
        "can_undo": len(replayed.effective) > 1,
        "undo_what": undo_what(replayed, lang),
        "correction": correction_form(replayed, correcting),
        "ballots": ballots.votes,
        "ballots_told": [p.say(lang) for p in ballots.told],
        "draft_revision": draft_revision,
        "typed": _typed(typed),
        "questions": asked,
        "asked": {q.field: q for q in asked},
    }
    if config().lan:
        context["share"] = _share(game_id, secret)
    return page("web/game.html", status, **context)


def _share(game_id: int, secret: str) -> dict[str, str]:
    """The address (with the game's key) to open this game master's view on another phone."""
    url = f"{request.host_url}game/{game_id}?{security.KEY_PARAM}={secret}"
    try:
        import segno

        qr = segno.make(url, error="m").svg_data_uri(scale=4, border=2)
    except ImportError:  # segno is a dependency of garou serve; never fail the page for it
        qr = ""
    return {"url": url, "qr": qr}


@bp.post("/game/<int:game_id>/record")
@game_master_page(game_of=_game_scope)
def record(game_id: int) -> Any:
    """Record one action of the game master (the form's kind and values), once per form."""
    from garou.game import session
    from garou.game.errors import IllegalEventError, StaleFormError

    form = request.form
    kind = form.get("kind", "")
    form_id = _form_id()
    if form_id is None:
        return refuse(400, "web.game.no-form-id")
    book = library().book()
    with _journal() as journal:
        refused = _refused(journal, game_id, form_id)
        if refused is not None:
            return refused
        if journal.game(game_id).game == "mafia":
            return _judge_record(journal, game_id, form_id, kind)
    try:
        data = _values(form, kind)
    except FormProblem as problem:
        return _master_page(game_id, 400, problem.phrase.say(g.lang))
    with _journal() as journal:
        row = journal.game(game_id)
        if row.game != "loup-garou":
            return page("web/game_not_yet.html", 200, row=row)
        pending = _pending(journal, book, game_id, kind, data)
        if pending is not None:
            # kept in the journal: a reloaded page asks the same again, the ballots kept
            journal.save_draft(game_id, "pending", {"kind": kind, "data": data})
            return _master_page(game_id, pending=pending)
        try:
            _, new = session.record_form(
                journal, book, game_id, form_id, kind, data, g.lang, seen=_seen()
            )
        except StaleFormError as exc:
            return _master_page(game_id, 409, exc.reason(g.lang))
        except IllegalEventError as exc:
            typed = {k: form.getlist(k) if k in _MANY else form.get(k) for k in form}
            return _master_page(game_id, 400, exc.reason(g.lang), exc.rule, typed=typed)
        if kind == "vote":
            journal.drop_draft(game_id, LG_DRAFT)  # counted: the ballots typed are in it
    return _recorded(game_id, new)


class _Typed(dict[str, Any]):
    """The answers of a refused form, read by the template (a missing one is None, a list
    of names an empty list)."""

    def __getattr__(self, name: str) -> Any:
        return self.get(name, [] if name in _MANY else None)


def _typed(typed: dict[str, Any] | None) -> _Typed:
    return _Typed(typed or {})


def _master_refused(game_id: int) -> Any:
    """The game master's page saying a refusal: the Loup-Garou page or the Mafia judge's."""
    return lambda message, rule: _master_page(game_id, 400, message, rule)


@bp.post("/game/<int:game_id>/undo")
@game_master_page(game_of=_game_scope)
def undo(game_id: int) -> Any:
    """Cancel the latest event (an undo marker: nothing is deleted), once per form."""
    form_id = _form_id()
    if form_id is None:
        return refuse(400, "web.game.no-form-id")
    with _journal() as journal:
        refused = _refused(journal, game_id, form_id)
        if refused is not None:
            return refused
        undone = _last_effective(journal, game_id)
        done = f"?undone={undone}" if undone else ""
        return _record_once(journal, game_id, form_id, "undo", {}, _master_refused(game_id), done)


def _last_effective(journal: Journal, game_id: int) -> int | None:
    """The number of the event an undo cancels now (the last one in effect), if any."""
    from garou.game import session

    effective = session.load(journal, library().book(), game_id, g.lang).effective
    return effective[-1].seq if len(effective) > 1 else None


def _undone_note(game_id: int, seq_text: str) -> str | None:
    """The note of the page after an undo: the event it cancelled, said as a sentence."""
    from garou.game import session
    from garou.game.sentences import event_said

    if not is_whole_number(seq_text):
        return None
    with _journal() as journal:
        replayed = session.load(journal, library().book(), game_id, g.lang)
    found = next((e for e in replayed.undone if e.seq == int(seq_text)), None)
    if found is None:
        return None
    return say("web.game.undone", g.lang, event=event_said(replayed, found), seq=found.seq)


@bp.post("/game/<int:game_id>/timer")
@game_master_page(game_of=_game_scope)
def timer(game_id: int) -> Any:
    """Start, pause, resume or stop the current step's countdown: one ``timer`` event with
    the app clock's time, recorded once per form; every screen reads it from the journal."""
    from garou.game import session
    from garou.game.timer import timer_data

    form = request.form
    form_id = _form_id()
    if form_id is None:
        return refuse(400, "web.game.no-form-id")
    action = form.get("action", "")
    book = library().book()
    with _journal() as journal:
        refused = _refused(journal, game_id, form_id)
        if refused is not None:
            return refused
        replayed = session.load(journal, book, game_id, g.lang)
        labels = timer_labels(replayed.state)
        shown = countdown(replayed)
        label = form.get("label", "") or (shown or {}).get("label") or next(iter(labels), "")
        wanted = {"start": ("idle", "paused", "over"), "pause": ("running",),
                  "resume": ("paused",), "stop": ("running", "paused", "over")}  # fmt: skip
        current = shown["state"] if shown and shown["label"] == label else "idle"
        if label not in labels or current not in wanted.get(action, ()):
            return _master_page(game_id, 400, say("judge.timer.nothing", g.lang))
        data = timer_data(action, label, _clock(), labels[label] if action == "start" else None)
        return _record_once(journal, game_id, form_id, "timer", data, _master_refused(game_id))


LG_DRAFT = "ballot"
"""The journal's draft of a Loup-Garou show of hands being typed (``garou game play``'s:
:data:`garou.game.script.BALLOT_DRAFT`)."""


@bp.post("/game/<int:game_id>/draft")
@game_master_page(game_of=_game_scope)
def draft(game_id: int) -> Any:
    """Keep the ballots picked so far on the vote's form in the journal's draft, as the
    terminal keeps those typed (the same draft: a phone that sleeps or reloads, or the
    terminal resuming, finds them); nothing is recorded. The page's script sends the form
    at each pick; a vote no longer held keeps nothing."""
    from garou.game import mafia_script, session

    book = library().book()
    with _journal() as journal:
        row = journal.game(game_id)
        if _seen() != len(journal.events(game_id)):  # drawn for a vote that is gone
            return _json({"saved": False, "stale": True})
        state = session.load(journal, book, game_id, g.lang).state
        if row.game == "mafia":
            from . import mafia

            if mafia_script.next_step(state).kind != "vote":
                return _json({"saved": False})
            try:
                votes = mafia.form_values(request.form, "vote", state)["votes"]
            except FormProblem as problem:
                return _json({"saved": False, "problem": problem.phrase.say(g.lang)})
            kept = journal.kept_draft(game_id, mafia_script.DRAFT)
            done = list(kept[1].get("done") or []) if kept else []
            data = mafia_script.draft_data(
                state, votes, [n for n in done if n in state.nominations]
            )
            return _save_draft(journal, game_id, mafia_script.DRAFT, data)
        from garou.game import script
        from garou.game.questions import questions

        step = script.next_step(state)
        if step.kind != "vote":
            return _json({"saved": False})
        (ballot,) = questions(state, step)  # who votes, for whom
        votes = {
            k[len("vote.") :]: v.strip()
            for k, v in request.form.items()
            if k.startswith("vote.")
            and v.strip() in ballot.options
            and k[len("vote.") :] in ballot.voters
        }
        asked = [n for n in ballot.voters if n in votes]
        return _save_draft(journal, game_id, LG_DRAFT, script.ballot_draft(state, votes, asked))


def _save_draft(journal: Journal, game_id: int, name: str, data: dict[str, Any]) -> Response:
    """Keep a phone's ballots over the draft its page was drawn with (its ``draft_revision``
    field): when another phone saved since, nothing is kept and the page is told to reload,
    with a word (its pick is not lost silently, nor the other phone's)."""
    from garou.game.journal import DraftChangedError

    given = request.form.get("draft_revision", "").strip()
    revision = whole_number(given, max_digits=9)
    try:
        saved = journal.save_draft(game_id, name, data, revision)
    except DraftChangedError:
        problem = say("web.game.draft-changed", g.lang)
        return _json({"saved": False, "changed": True, "problem": problem})
    return _json({"saved": True, "revision": saved})


@bp.get("/game/<int:game_id>/version.json")
@game_master_page(game_of=_game_scope)
def version(game_id: int) -> Any:
    """How many events the game has: the page offers a reload when another screen recorded."""
    from garou.game import session

    with _journal() as journal:
        count = len(journal.events(game_id))
        replayed = session.load(journal, library().book(), game_id, g.lang)
    return _json({"version": count, "timer": countdown(replayed)})


def _json(data: dict[str, Any]) -> Response:
    response = Response(json.dumps(data), mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


# --- the Mafia judge's view ---------------------------------------------------------------


def _judge_page(
    journal: Journal,
    row: Any,
    status: int = 200,
    problem: str | None = None,
    rule: str | None = None,
    note: str | None = None,
    correcting: dict[str, Any] | None = None,
) -> Response:
    """The Mafia judge's view: the step, the speaker's countdown, the seats and their
    fouls, the nominations, the vote, the nights, the end with the protocol and points."""
    from garou.game import mafia as rules
    from garou.game import mafia_script, session
    from garou.game.mafia_points import points
    from garou.game.questions import questions

    from . import mafia

    lang = g.lang
    replayed = session.load(journal, library().book(), row.id, lang)
    state = replayed.state
    step = mafia_script.next_step(state)
    ballots = (
        session.mafia_ballots(journal, library().book(), row.id, lang)
        if step.kind == "vote"
        else mafia_script.Ballots({}, ())
    )
    last = replayed.effective[-1] if len(replayed.effective) > 1 else None
    just = [
        {"text": line.text.say(lang), "hidden": line.hidden}
        for line in state.story
        if last is not None and line.seq == last.seq
    ]
    scored = None
    if state.phase == "over":
        scored = points(state, lang)
        by_name = {p["name"]: p for p in scored["players"]}
        scored = {
            "systems": [(s, scored["names"][s]) for s in scored["systems"]],
            "rows": [
                {
                    "seat": seat.seat,
                    "name": seat.name,
                    "role": state.game.role(seat.role).name.get(lang),
                    "points": [
                        format_number(by_name[seat.name]["points"][s]["total"], lang)
                        for s in scored["systems"]
                    ],
                    # the points resting on garou's reading (a disqualified winner)
                    "readings": list(
                        dict.fromkeys(
                            r["reason"]
                            for v in by_name[seat.name]["points"].values()
                            for r in v["reasons"]
                            if r["source"] == "garou"
                        )
                    ),
                }
                for seat in state.seats
            ],
        }
    behaviours = (
        [(b.id, b.text.get(lang), b.sanction) for b in (state.game.fouls.behaviours or ())]
        if state.game.fouls
        else []
    )
    asked = questions(state, step)
    context: dict[str, Any] = {
        "row": row,
        "state": state,
        "step": step,
        "asked": {q.field: q for q in asked},
        "where": mafia.where(state, lang),
        "round": say(f"round.{step.round}", lang) if step.round else None,
        "seats": mafia.seats(state, lang, secret=True),
        "foul_rules": mafia.foul_rules(state, lang),
        "living": [s.name for s in state.living()],
        "can_nominate": mafia_script.can_nominate(state),
        "nominators": mafia_script.nominators(state),
        "nominees": mafia_script.nominees(state),
        "nominations": [{"by": state.nominated_by.get(n), "nominee": n} for n in state.nominations]
        if state.phase == "day"
        else [],
        "rounds": mafia.rounds_today(state, lang),
        "nights": mafia.nights(state, lang),
        "just": just,
        "warnings": [(w["message"], w["rule"]) for w in rules.warnings(state, lang)],
        "story": [
            {
                "when": say(f"game.recap.{line.phase}", lang, number=line.number),
                "text": line.text.say(lang),
                "hidden": line.hidden,
            }
            for line in reversed(state.story)
        ],  # fmt: skip
        "timer": countdown(replayed),
        "behaviours": behaviours,
        "winner": state.game.camp(state.winner).name.get(lang) if state.winner else None,
        "points": scored,
        "problem": problem,
        "rule": rule,
        "note": note,
        "version": len(journal.events(row.id)),
        "can_undo": len(replayed.effective) > 1,
        "undo_what": undo_what(replayed, lang),
        "correction": correction_form(replayed, correcting),
        "share": _share(row.id, journal.secret(row.id)) if config().lan else None,
        "ballots": ballots.votes,
        "ballots_told": [p.say(lang) for p in ballots.told],
        "draft_revision": journal.draft_revision(row.id, mafia_script.DRAFT),
    }
    return page("web/mafia_judge.html", status, **context)


def _judge_record(journal: Journal, game_id: int, form_id: str, kind: str) -> Response:
    """Record one action of the Mafia judge, once per form."""
    from garou.game import session

    from . import mafia

    row = journal.game(game_id)
    state = session.load(journal, library().book(), game_id, g.lang).state
    try:
        data = mafia.form_values(request.form, kind, state)
    except FormProblem as problem:
        return _judge_page(journal, row, 400, problem.phrase.say(g.lang))
    response = _record_once(
        journal, game_id, form_id, kind, data,
        lambda message, rule: _judge_page(journal, row, 400, message, rule),
    )  # fmt: skip
    if kind == "vote" and response.status_code == 303:
        from garou.game.mafia_script import DRAFT

        journal.drop_draft(game_id, DRAFT)  # counted: the ballots typed are in it
    return response


@bp.get("/game/<int:game_id>/protocol")
@game_master_page(game_of=_game_scope)
def protocol(game_id: int) -> Any:
    """The Mafia evening's printable protocol, the page ``garou game protocol`` writes."""
    from garou.game import session
    from garou.game.protocol import build_protocol, render_protocol

    with _journal() as journal:
        row = journal.game(game_id)
        if row.game != "mafia":
            return refuse(404, "judge.protocol.mafia-only")
        state = session.load(journal, library().book(), game_id, g.lang).state
    response = Response(str(render_protocol(build_protocol(state, g.lang), "html")),
                        mimetype="text/html")  # fmt: skip
    # The printable page carries its print style inline, and nothing else.
    response.headers["Content-Security-Policy"] = (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return response


# --- correcting an earlier event (both games) ---------------------------------------------


def undo_what(replayed: Any, lang: str) -> str | None:
    """What the undo button cancels (the last event in effect), said under it: the judge
    sees which action it takes back before tapping."""
    from garou.game.sentences import event_said

    if len(replayed.effective) <= 1:
        return None
    return say("web.game.undo-what", lang, event=event_said(replayed, replayed.effective[-1]))


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters at a word, an ellipsis saying so."""
    if len(text) <= width:
        return text
    return text[: width - 1].rsplit(" ", 1)[0] + "…"


def correction_form(replayed: Any, correcting: dict[str, Any] | None) -> dict[str, Any]:
    """The correction form: the events in effect (newest first) with their values as the
    terminal's ``KEY=VALUE`` pairs, and what was typed when it was refused."""
    from garou.game.sentences import event_said
    from garou.game.session import format_values

    events = [
        {"seq": e.seq, "kind": e.kind, "pairs": format_values(e.data),
         "label": _cut(f"{e.seq} · {event_said(replayed, e).say(g.lang)}", 100)}
        for e in reversed(replayed.effective[1:])
    ]  # fmt: skip
    return {"events": events, "typed": correcting or {}}


@bp.post("/game/<int:game_id>/correct")
@game_master_page(game_of=_game_scope)
def correct(game_id: int) -> Any:
    """Correct an earlier event as ``garou game correct`` does: the event's number, its
    kind and values as it should have been, and why; the game is replayed with it."""
    from garou.core.errors import UsageError
    from garou.game import session
    from garou.game.errors import IllegalEventError
    from garou.game.mafia_points import Later

    form = request.form
    form_id = _form_id()
    if form_id is None:
        return refuse(400, "web.game.no-form-id")
    # the why whole (the body is bounded): the rule of a free text says its true length
    typed = {
        k: form.get(k, "")[: None if k == "why" else 2000] for k in ("seq", "kind", "values", "why")
    }
    seq_text, kind, why = typed["seq"].strip(), typed["kind"].strip(), typed["why"].strip()
    book = library().book()
    with _journal() as journal:
        repeat = _repeat(journal, game_id, form_id)
        stale = _stale(journal, game_id) if repeat is None else None
    if repeat is not None:
        return repeat
    if stale is not None:
        return _master_page(game_id, 409, stale, correcting=typed)
    try:
        if not is_whole_number(seq_text):
            raise FormProblem(phrase("judge.correct.no-seq"))
        if not why:
            raise FormProblem(phrase("game.correct.no-why"))
        pairs = [line.strip() for line in typed["values"].splitlines() if line.strip()]
        try:
            values = session.parse_values(pairs)
        except UsageError as exc:
            raise FormProblem(phrase("judge.correct.bad-values", why=Later(exc))) from None
        with _journal() as journal:
            events = {e.seq: e for e in journal.events(game_id)}
            old = events.get(int(seq_text))
            event = {"kind": kind or (old.kind if old else ""), **values}
            data = {"seq": int(seq_text), "why": why, "event": event}
            try:
                _, new = session.record_form(
                    journal, book, game_id, form_id, "correct", data, g.lang, seen=_seen()
                )
            except IllegalEventError as exc:
                return _master_page(game_id, 400, exc.reason(g.lang), exc.rule, correcting=typed)
    except FormProblem as problem:
        return _master_page(game_id, 400, problem.phrase.say(g.lang), correcting=typed)
    return _recorded(game_id, new, "?corrected=1")


# --- reading the forms ---------------------------------------------------------------------

_ONE = ("target", "role", "victim", "poison", "captain", "step", "why", "captain_pick")
_MANY = ("by", "lovers")


def _values(form: Any, kind: str) -> dict[str, Any]:
    """Return the event's values from the form: its own fields, and those of an earlier
    round of the same action (``base``, when a player's choice was asked in between)."""
    from garou.game.table import FIELDS

    if kind not in FIELDS or kind == "start":
        raise FormProblem(phrase("web.game.bad-kind", kind=kind[:20]))
    data: dict[str, Any] = {}
    base = form.get("base", "")
    if base:
        from garou.core.reader import read_json

        loaded = read_json(base)
        if not isinstance(loaded, dict):
            raise FormProblem(phrase("web.game.bad-form"))
        data.update(loaded)
    for name in _ONE:
        value = form.get(name, "").strip()
        if value:
            data[name] = value
    for name in _MANY:
        values = [v.strip() for v in form.getlist(name) if v.strip()]
        if values:
            data[name] = values
    disagreed = form.get("disagreed", "").strip()
    if disagreed:  # the decision the agreement gives a disagreement ("yes": an older form)
        data["decided"] = "game-master" if disagreed == "yes" else disagreed
    one = form.get("one_potion", "").strip()  # one choice at a one-potion-a-night table
    if one == "life":
        data["save"] = True
    elif one.startswith("death:") and one[6:].strip():
        data["poison"] = one[6:].strip()
    if form.get("save") in ("yes", "no"):
        data["save"] = form["save"] == "yes"
    for field, prefix in (("votes", "vote."), ("shoot", "shoot."), ("successor", "successor."),
                          ("roles", "role.")):  # fmt: skip
        found = {
            k[len(prefix) :]: v.strip()
            for k, v in form.items()
            if k.startswith(prefix) and v.strip()
        }
        if found:
            data[field] = {**(data.get(field) or {}), **found}
    if form.get("how") == "tallies":
        tallies: dict[str, int] = {}
        for k, v in form.items():
            if k.startswith("tally.") and v.strip():
                if not is_whole_number(v.strip()):
                    raise FormProblem(
                        phrase("web.form.bad-number", field=k[6:], low=0, high=MAX_PLAYERS)
                    )
                if int(v):
                    tallies[k[6:]] = int(v)
        data.pop("votes", None)
        data["tallies"] = tallies
    elif kind == "vote" and "votes" not in data and "tallies" not in data:
        data["votes"] = {}
    return {k: v for k, v in data.items() if k in FIELDS[kind]}


def _pending(
    journal: Journal, book: Any, game_id: int, kind: str, data: dict[str, Any]
) -> dict[str, Any] | None:
    """What the action ``kind`` with ``data`` waits for before it can be recorded
    (:func:`garou.game.questions.pending`: the seen card, a player's choice, the cards of
    the living), as the page's form asks it, or None."""
    from garou.game import questions
    from garou.game.session import check_rules_read

    events = journal.events(game_id)
    check_rules_read(book, journal.game(game_id), events)  # a game read without its folder
    found = questions.pending(events, book, kind, data, g.lang)
    if found is None:
        return None
    game = book.games["loup-garou"]

    def cards(roles: Any) -> list[tuple[str, str]]:
        return [(r, game.role(r).name.get(g.lang)) for r in roles]

    asked = {"kind": kind, "base": json.dumps(data, ensure_ascii=False)}
    if found.kind == questions.CARDS:
        labels = cards(r for r, _ in found.cards)
        return {
            **asked,
            "question": found.say(g.lang),
            "cards": [(n, labels) for n in found.options],
        }
    if found.kind == questions.CARD:
        return {
            **asked,
            "question": found.say(g.lang),
            "field": "role",
            "options": cards(found.options),
        }
    field = found.field
    if field in ("shoot", "successor"):
        field = f"{field}.{found.chooser}"
    return {
        **asked,
        "question": " ".join(note.say(g.lang) for note in found.notes),
        "chooser": found.say(g.lang),
        "field": field,
        "options": [(o, o) for o in found.options],
    }


# --- the table view ------------------------------------------------------------------------


@bp.get("/game/<int:game_id>/table")
@public_page
def table(game_id: int) -> Any:
    """The shared screen: who is alive, the announcements, the timer, the votes cast."""
    view, digest, game = _public(game_id)
    if view is None:
        return page("web/game_not_yet.html", 200, row=None)
    template = "web/mafia_table.html" if game == "mafia" else "web/game_table.html"
    return page(
        template,
        view=view,
        game_id=game_id,
        version=digest,
        timer=view["timer"],
        main_element="main",
    )


@bp.get("/game/<int:game_id>/table.json")
@public_page
def table_version(game_id: int) -> Any:
    """What the table view polls: a digest of what it shows, and the timer."""
    view, digest, _ = _public(game_id)
    return _json({"version": digest, "timer": view["timer"] if view is not None else None})


def _public(game_id: int) -> tuple[dict[str, Any] | None, str, str]:
    """The table view's data, a digest of it (the countdown's time left aside: it moves
    by itself), and the game."""
    from garou.game import session

    from . import mafia

    with _journal() as journal:
        row = journal.game(game_id)
        if row.game not in ("loup-garou", "mafia"):
            return None, "", row.game
        replayed = session.load(journal, library().book(), game_id, g.lang)
    state = replayed.state
    timer = countdown(replayed)
    if row.game == "mafia":
        view = mafia.public_view(state, g.lang, timer)
    else:
        view = public_view(state, g.lang)
        view["timer"] = timer
    steady = {**view, "timer": None if timer is None else {**timer, "left": None}}
    digest = hashlib.sha256(json.dumps(steady, sort_keys=True).encode()).hexdigest()[:16]
    return view, digest, row.game
