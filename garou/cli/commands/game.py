"""Hold a live game: ``garou game new|play|add|undo|correct|status|list|recap|export|import``.

Every event goes through :mod:`garou.game`, which checks it by replaying the game and
commits it at once; this module only asks, prints and parses. ``play`` is the
interactive face (prompts); ``add`` is the scripted one (one event, no prompt).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..options import Json, Lang, given, option_date

if TYPE_CHECKING:
    from rich.console import Console

    from garou.game.journal import Journal
    from garou.game.table import LoupGarouState

Db = Annotated[
    Path | None,
    given("--db", metavar="FILE", envvar="GAROU_DB"),
]
GameId = Annotated[
    int | None,
    typer.Argument(metavar="[ID]", show_default=False),
]


GameIdOption = Annotated[
    int | None,
    given("--id"),
]


def _which(positional: int | None, option: int | None) -> int | None:
    """The game asked for, by its positional id or ``--id`` (the same one if both)."""
    if positional is not None and option is not None and positional != option:
        raise _usage("game.cli.two-ids", first=positional, second=option)
    return option if option is not None else positional


class Clock:
    """The countdown's clock; the tests replace it with a fake one."""

    now: Callable[[], float] = staticmethod(time.monotonic)
    sleep: Callable[[float], None] = staticmethod(time.sleep)


# --- shared helpers -----------------------------------------------------------------


def _open(db: Path | None, create: bool = False) -> Journal:
    """Open the journal; only ``new`` and ``import`` create it when it does not exist."""
    from garou.game.journal import open_journal

    return open_journal(db, create=create)


@contextmanager
def _game_journal(
    db: Path | None, positional: int | None, option: int | None, lang: str | None
) -> Iterator[tuple[Journal, int | None, str]]:
    """The journal a command about one game reads, with the game asked for and the
    language: the language checked first (a wrong --lang is refused before the journal is
    read), the game given once (its positional id or --id), the journal closed after."""
    language = _lang(lang)
    game_id = _which(positional, option)
    with _open(db) as journal:
        yield journal, game_id, language


def _book() -> Any:
    from garou.rules import load_rules

    return load_rules()


def print_hint(out: Console, text: str, style: str = "") -> None:
    """Print a line holding a command to type, never wrapped (:func:`..output.print_hint`)."""
    from ..output import print_hint as printed

    printed(out, text, style)


def _console() -> Console:
    from ..output import console

    return console()


def _parse_values(pairs: list[str] | None, lang: str) -> dict[str, Any]:
    """Return KEY=VALUE pairs as data (each VALUE read as YAML: a name, a list, a mapping)."""
    from garou.game.session import parse_values

    return parse_values(pairs or [])


def _lang(lang: str | None) -> str:
    from garou.rules import resolve_language

    return resolve_language(lang)


# --- new, list, status -------------------------------------------------------------


def new_command(
    setup: Annotated[
        Path | None,
        given("--setup", "-s", metavar="FILE"),
    ] = None,
    agreement: Annotated[
        Path | None,
        given("--agreement", "-a", metavar="FILE"),
    ] = None,
    name: Annotated[str | None, typer.Option("--name")] = None,
    names: Annotated[
        str | None,
        given("--names", metavar="A,B,..."),
    ] = None,
    deal: Annotated[
        str | None,
        given("--deal", metavar="NAME=ROLE,..."),
    ] = None,
    game: Annotated[
        str | None,
        given("--game", "-g"),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed"),
    ] = None,
    turbo: Annotated[bool, typer.Option("--turbo")] = False,
    club: Annotated[
        Path | None,
        given("--club", metavar="FILE"),
    ] = None,
    date: Annotated[str | None, typer.Option("--date", metavar="YYYY-MM-DD")] = None,
    force: Annotated[bool, typer.Option("--force")] = False,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """Start a game from a setup garou check passes and the table's agreement."""
    from garou.core.lists import read_pairs
    from garou.game import session
    from garou.game.start import forced_setup, start_data

    from ..options import option_values

    language = _lang(lang)
    date = option_date(date)  # a date that is none is the command line's, never recorded
    book = _book()
    cards = dict(read_pairs(deal, option="--deal", example="--deal NAME=ROLE,NAME=ROLE"))
    players = _player_names(names)
    with option_values():  # a --deal card the game does not have: a bad value
        if game is not None or (setup is None and agreement is None):
            data = _mafia_start(
                book, game, players, cards, seed, turbo, club, agreement, name, date
            )
        else:  # without --setup, the agreement's own
            data = start_data(
                book, setup, agreement, name=name, names=players, deal=cards, force=force,
                seed=seed, turbo=turbo, club=_club(club), date=date,
            )  # fmt: skip
    forced = forced_setup(book, setup) if force and data["game"] != "mafia" else None
    with _open(db, create=True) as journal:
        game_id = session.new_game(journal, book, data)
        path, option = journal.path, journal.db_option()
    if json_:
        from ..output import print_json

        shown: dict[str, Any] = {"id": game_id, "db": str(path)}
        if forced is not None:
            shown["forced"] = [c.to_dict(language) for c in forced.failures]
        if data["game"] == "mafia":
            shown.update(seed=data["seed"], roles=data["roles"])
        print_json(shown)
        return
    from garou.core.catalogue import say

    out = _console()
    if forced is not None:
        print_hint(out, say("game.cli.forced", language, refusal=forced.broken(language)))
    said = say("game.cli.created", language, id=game_id, db=str(path), option=option)
    print_hint(out, said)
    if data["game"] == "mafia":
        _print_deal(out, book.game("mafia"), data, language)


def _club(path: Path | None) -> dict[str, Any] | None:
    """The club's scoring values of ``--club``, read once for every way to start."""
    if path is None:
        return None
    from garou.game.mafia_points import read_club

    return read_club(path)


def _player_names(names: str | None) -> list[str]:
    """The players of ``--names``, in seat order; a name typed twice is refused."""
    from garou.core.errors import UsageError
    from garou.core.lists import read_list
    from garou.core.names import fold

    players = read_list(names)
    for i, name in enumerate(players):
        if fold(name) in {fold(n) for n in players[:i]}:
            raise UsageError("play.option-twice", option="--names", name=name)
    return players


def _mafia_start(
    book: Any,
    game: str | None,
    players: list[str],
    cards: dict[str, str],
    seed: int | None,
    turbo: bool,
    club: Path | None,
    agreement: Path | None,
    name: str | None,
    date: str | None,
) -> dict[str, Any]:
    """The ``start`` event of a Mafia evening from the command line's values."""
    from garou.core.errors import UsageError
    from garou.game.mafia import start_data as mafia_start
    from garou.game.mafia_points import read_club

    if game is None:
        raise UsageError("mafia.cli.setup-or-game")
    mafia = book.game(game)
    if mafia.id != "mafia":
        raise UsageError("mafia.cli.game-setup", game=mafia.id)
    if not players:
        raise UsageError("mafia.cli.names")
    choices: dict[str, str] = {}
    if agreement is not None:
        from garou.houserules import load_agreement

        table = load_agreement(agreement, book)
        choices = {d.case: d.option for d in table.decisions if not d.case.startswith("custom:")}
        date = date or table.date  # an agreement's date is read (ISO) with the agreement
    if not date:  # as --help says: else the day the game is created (local date)
        import datetime

        date = datetime.date.today().isoformat()
    return mafia_start(
        mafia,
        players,
        roles={k.strip(): v.strip() for k, v in cards.items()},
        seed=seed,
        agreement=choices,
        turbo=turbo,
        name=name,
        date=date,
        club=read_club(club) if club is not None else None,
    )


def _print_deal(out: Console, game: Any, data: dict[str, Any], lang: str) -> None:
    """Show the seats and cards to the judge (only on the judge's terminal)."""
    from rich.markup import escape
    from rich.table import Table

    from garou.core.catalogue import say

    out.print(f"[bold]{escape(say('mafia.cli.deal', lang, seed=data['seed'] or '-'))}[/]")
    grid = Table(
        say("protocol.label.seat", lang),
        say("protocol.label.player", lang),
        say("protocol.label.role", lang),
    )
    for i, player in enumerate(data["players"], 1):
        grid.add_row(
            str(i), escape(player), escape(game.role(data["roles"][player]).name.get(lang))
        )
    out.print(grid)


def list_command(db: Db = None, lang: Lang = None, json_: Json = False) -> None:
    """List the games of the journal, with where each one stands."""
    from garou.core.catalogue import say
    from garou.game import session

    language = _lang(lang)
    with _open(db) as journal:
        rows = session.listing(journal, _book(), language)
    if json_:
        from ..output import print_json

        print_json({"games": rows})
        return
    from rich.markup import escape
    from rich.table import Table

    out = _console()
    if not rows:
        out.print(say("game.cli.no-games", language))
        return
    grid = Table(*(say(f"game.cli.col.{c}", language) for c in ("id", "name", "created", "where")))
    for r in rows:
        where = _where(r, language)
        grid.add_row(str(r["id"]), escape(r["name"] or "-"), r["created"][:16], escape(where))
    out.print(grid)
    for r in rows:  # which games do not replay, and why: the judge knows what to repair
        if r["damaged"] or r["rules_unread"]:
            out.print(f"[yellow]{escape(r['damaged'] or r['rules_unread'])}[/]")


def _where(data: dict[str, Any], lang: str) -> str:
    from garou.core.catalogue import say

    if data["phase"] == "over":
        return say("game.cli.over", lang, winner=data.get("winner_name") or "-")
    if data["phase"] == "night":
        return say("game.recap.night", lang, number=data["night"])
    if data["phase"] == "day":
        return say("game.recap.day", lang, number=data["day"])
    if data.get("damaged"):
        return say("game.list.damaged", lang)
    if data.get("rules_unread"):
        return say("game.list.rules-unread", lang)
    return "?"


def status_command(
    game_id: GameId = None,
    id_: GameIdOption = None,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """Show where a game stands: phase, players, lovers, captain, potions, warnings."""
    from garou.game import session

    with _game_journal(db, game_id, id_, lang) as (journal, game_id, language):
        book = _book()
        replayed, data = session.snapshot(journal, book, game_id, language)
        state = replayed.state
    if json_:
        from ..output import print_json

        print_json(data)
        return
    _print_status(_console(), state, data, language)


def _print_status(out: Console, state: LoupGarouState, data: dict[str, Any], lang: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    from garou.core.catalogue import say

    game = state.game
    if game.id == "mafia":
        _print_mafia_status(out, data, lang)
        return
    header = say(
        "game.cli.header",
        lang,
        id=data["id"],
        where=_where(data, lang),
        alive=len(state.living()),
        total=len(state.seats),
    )
    out.print(f"[bold]{escape(header)}[/]")
    grid = Table(*(say(f"game.cli.col.{c}", lang) for c in ("player", "role", "state")))
    roles = state.known_roles()
    for seat in state.seats:
        marks = []
        if state.lovers and seat.name in state.lovers:
            marks.append(say("game.cli.lover", lang))
        if state.captain == seat.name:
            marks.append(say("game.cli.captain", lang))
        fate = say("game.recap.alive", lang) if seat.alive else say(f"cause.{seat.death}", lang)
        role = roles[seat.name]
        grid.add_row(
            escape(seat.name),
            escape(game.role(role).name.get(lang) if role else "?"),
            escape(", ".join([fate, *marks])),
        )
    out.print(grid)
    if "sorciere" in state.cards:
        left = [say(f"game.potion.{p}", lang) for p in state.potions]
        out.print(say("game.cli.potions", lang, potions=left or say("game.recap.none", lang)))
    for warning in data["warnings"]:
        out.print(f"[bold yellow]⚠ {escape(warning['message'])}[/] [dim]({warning['rule']})[/]")


def _print_mafia_status(out: Console, data: dict[str, Any], lang: str) -> None:
    from rich.markup import escape
    from rich.table import Table

    from garou.core.catalogue import say

    alive = sum(1 for p in data["players"] if p["alive"])
    header = say(
        "game.cli.header",
        lang,
        id=data["id"],
        where=_where(data, lang),
        alive=alive,
        total=len(data["players"]),
    )
    out.print(f"[bold]{escape(header)}[/]")
    cols = ("seat", "player", "role", "fouls", "technical", "out")
    grid = Table(*(say(f"protocol.label.{c}", lang) for c in cols))
    for p in data["players"]:
        fate = say("game.recap.alive", lang) if p["alive"] else say(f"cause.{p['out']}", lang)
        if p["name"] == data["speaker"]:
            fate += " · " + say("mafia.cli.speaking", lang)
        grid.add_row(
            str(p["seat"]),
            escape(p["name"]),
            escape(p["role_name"]),
            str(p["fouls"]),
            str(p["technical_fouls"]),
            escape(fate),
        )
    out.print(grid)
    if data["nominations"]:
        out.print(escape(say("mafia.cli.nominations", lang, names=data["nominations"])))
    for warning in data["warnings"]:
        out.print(f"[bold yellow]⚠ {escape(warning['message'])}[/] [dim]({warning['rule']})[/]")
    if data["next"]:
        print_hint(out, say("game.cli.next", lang, where=_where(data, lang), next=_next(data)))


# --- the scripted face: add, undo, correct -----------------------------------------------


def add_command(
    kind: Annotated[
        str,
        typer.Argument(
            metavar="KIND",
            show_default=False,
        ),
    ],
    values: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[KEY=VALUE]...",
            show_default=False,
        ),
    ] = None,
    game_id: Annotated[int | None, given("--id")] = None,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """Record one event without prompts: checked by the rules, then committed at once."""
    from garou.game import session

    language = _lang(lang)
    with _open(db) as journal:
        book = _book()
        data = _parse_values(values, language)
        row = journal.game(game_id)
        session.record(journal, book, row.id, kind, data, language)
        replayed, status = session.snapshot(journal, book, row.id, language)
    if json_:
        from ..output import print_json

        print_json(status)
        return
    _print_after(_console(), replayed, status, language, kind)


def _print_after(
    out: Console, replayed: Any, data: dict[str, Any], lang: str, kind: str = ""
) -> None:
    """Print what the event just recorded said (the game master sees the hidden part too);
    a countdown's action, which changes nothing in the game, is said as such."""
    from rich.markup import escape

    from garou.core.catalogue import say

    if kind == "timer":
        out.print(escape(say("game.cli.timer-recorded", lang)))
    else:
        seq = replayed.effective[-1].seq
        for line in replayed.state.story:
            if line.seq == seq:
                out.print(escape(line.text.say(lang)))
    for warning in data["warnings"]:
        out.print(f"[bold yellow]⚠ {escape(warning['message'])}[/] [dim]({warning['rule']})[/]")
    after = say("game.cli.next", lang, where=_where(data, lang), next=_next(data) or "-")
    print_hint(out, after, "dim")


def _next(data: dict[str, Any]) -> str | None:
    """Return what the game waits for in words: a Loup-Garou status names it in
    ``next_name`` (its ``next`` is the step's id, for programs); a Mafia one in ``next``."""
    return data.get("next_name") or data["next"]


def undo_command(
    game_id: GameId = None,
    id_: GameIdOption = None,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """Cancel the latest event by recording an undo marker (nothing is deleted)."""
    from garou.core.catalogue import say
    from garou.game import session

    with _game_journal(db, game_id, id_, lang) as (journal, game_id, language):
        book = _book()
        row = journal.game(game_id)
        replayed = session.undo(journal, book, row.id, language)
        status = session.status(journal, book, row.id, language)
    from garou.game.sentences import event_said

    undone = replayed.undone[-1]
    sentence = event_said(replayed, undone)
    if json_:
        from ..output import print_json

        # What was undone, before the status it leaves: a script need not diff two exports.
        said = {"seq": undone.seq, "kind": undone.kind, "sentence": sentence.say(language)}
        print_json({"undone": said, **status})
        return
    print_hint(
        _console(),
        say(
            "game.cli.undone.named" if row.name else "game.cli.undone",
            language,
            id=row.id,
            name=row.name or "",
            seq=undone.seq,
            event=sentence,
            where=_where(status, language),
        ),
    )


def correct_command(
    seq: Annotated[
        int,
        typer.Argument(metavar="SEQ"),
    ],
    kind: Annotated[str, typer.Argument(metavar="KIND")],
    values: Annotated[list[str] | None, typer.Argument(metavar="[KEY=VALUE]...")] = None,
    why: Annotated[str | None, given("--why")] = None,
    game_id: Annotated[int | None, given("--id")] = None,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """Correct an earlier event: what was wrong and why stay in the journal and the recap."""
    from garou.game import session
    from garou.game.replay import check_correctable

    language = _lang(lang)
    with _open(db) as journal:
        book = _book()
        row = journal.game(game_id)
        event = {"kind": kind, **_parse_values(values, language)}
        check_correctable(journal.events(row.id), seq)  # before asking why
        journal.check_writable()
        if why is None and json_:  # a program: no question on the terminal, the refusal
            raise _usage("game.correct.no-why")
        if why is None:  # asked, as the web's form asks it
            why = _ask_why(seq, language)
        if not why.strip():
            raise _usage("game.correct.no-why")
        replayed = session.correct(journal, book, row.id, seq, why, event, language)
        status = session.status(journal, book, row.id, language)
    _print_corrected(row, replayed, status, language, json_)


def _print_corrected(
    row: Any, replayed: Any, status: dict[str, Any], lang: str, json_: bool
) -> None:
    """Say the correction just recorded (the event, before → after, where the game is now)
    and what the corrected event now says: never the ruling of the game's last event."""
    from rich.markup import escape

    from garou.core.catalogue import say
    from garou.game.sentences import event_sentence

    fix = replayed.corrections[-1]
    game = replayed.state.game

    def said(data: dict[str, Any]) -> str:
        values = {k: v for k, v in data.items() if k != "kind"}
        return event_sentence(game, str(data.get("kind", "")), values).say(lang)

    before, after = said(fix.before), said(fix.after)
    if json_:
        from ..output import print_json

        done = {"seq": fix.seq, "target": fix.target, "before": before, "after": after}
        print_json({"corrected": done, **status})
        return
    out = _console()
    key = "game.cli.corrected-named" if row.name else "game.cli.corrected"
    out.print(
        escape(
            say(key, lang, id=row.id, name=row.name or "", seq=fix.target, before=before,
                after=after, where=_where(status, lang))
        )
    )  # fmt: skip
    for line in replayed.state.story:  # what the corrected event says now
        if line.seq == fix.target:
            out.print(escape(line.text.say(lang)))
    for warning in status["warnings"]:
        out.print(f"[bold yellow]⚠ {escape(warning['message'])}[/] [dim]({warning['rule']})[/]")
    after_line = say("game.cli.next", lang, where=_where(status, lang), next=_next(status) or "-")
    print_hint(out, after_line, "dim")


def _ask_why(seq: int, lang: str) -> str:
    """Ask why the correction is made, on standard error; "" at the end of input."""
    from garou.core.catalogue import say

    sys.stderr.write(say("game.correct.ask-why", lang, seq=seq) + " ")
    sys.stderr.flush()
    line = sys.stdin.readline()
    if not line.endswith("\n"):  # the end of input: the refusal on a line of its own
        sys.stderr.write("\n")
    return line.strip()


# --- export, import, recap ---------------------------------------------------------------


def export_command(
    game_id: GameId = None,
    id_: GameIdOption = None,
    out: Annotated[
        str | None,
        typer.Option("--out", "-o", metavar="FILE"),
    ] = None,
    force: Annotated[bool, typer.Option("--force")] = False,
    every: Annotated[bool, typer.Option("--all")] = False,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Export a whole game as one YAML record (game, setup, agreement, events)."""
    from garou.core.writer import output_destination, write_file
    from garou.game.record import dump_record, game_record

    target = output_destination(out, folder=every)  # -o '' refused before the journal's read
    if every:
        _export_all(db, game_id if game_id is not None else id_, target, force, lang)
        return
    with _game_journal(db, game_id, id_, lang) as (journal, game_id, language):
        text = dump_record(game_record(journal, game_id), language)
        if target is None:
            sys.stdout.write(text)
            return
        write_file(target, text, force, option="-o")


def _export_all(
    db: Path | None, game_id: int | None, out: Path | None, force: bool, lang: str | None
) -> None:
    """Save every game still readable into the folder ``out``; fail naming the others."""
    from rich.markup import escape

    from garou.core.catalogue import say
    from garou.core.errors import GarouError
    from garou.game.journal import DamagedJournalError
    from garou.game.record import save_games

    language = _lang(lang)
    if game_id is not None:
        raise _usage("game.export.all-and-id", id=game_id)
    if out is None:  # no -o, or -o -
        raise _usage("game.export.all-needs-folder")
    with _open(db) as journal:
        saved = save_games(journal, out, force, language)
    console = _console()
    for one in saved:
        if one.file is not None:
            said = say("game.export.saved", language, id=one.game_id, file=str(one.file))
            console.print(escape(said))
        elif one.problem is not None:
            if isinstance(one.problem, DamagedJournalError):
                said = say("game.export.damaged", language, id=one.game_id)
            else:
                why = one.problem.message(language)
                said = say("game.export.not-saved", language, id=one.game_id, why=why)
            console.print(f"[yellow]{escape(said)}[/]")
    lost = [str(one.game_id) for one in saved if one.file is None]
    if lost:
        raise GarouError(
            "game.export.lost", count=len(lost), ids=", ".join(lost), saved=len(saved) - len(lost)
        )


def import_command(
    file: Annotated[Path, typer.Argument(metavar="FILE")],
    force: Annotated[
        bool,
        typer.Option("--force"),
    ] = False,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """Import a game record, replaying every event through the rules (help.game.import)."""
    from garou.core.catalogue import say
    from garou.game.record import import_record, read_game_record

    language = _lang(lang)
    record = read_game_record(file)  # a record that cannot be read makes no journal
    with _open(db, create=True) as journal:
        game_id = import_record(journal, _book(), record, force=force)
    if json_:
        from ..output import print_json

        print_json({"id": game_id})
        return
    print_hint(_console(), say("game.cli.imported", language, id=game_id, file=str(file)))


def recap_command(
    game_id: GameId = None,
    id_: GameIdOption = None,
    fmt: Annotated[
        str | None,
        typer.Option("--format", "-f"),
    ] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", metavar="FILE")] = None,
    force: Annotated[bool, typer.Option("--force")] = False,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """Give the evening back: timeline, night secrets, close calls, corrections."""
    from garou.game import session
    from garou.game.recap import build_recap, render_recap

    _check_output(fmt, out, json_)
    with _game_journal(db, game_id, id_, lang) as (journal, game_id, language):
        row = journal.game(game_id)
        replayed = session.load(journal, _book(), row.id, language)
    recap = build_recap(replayed, row.id, language)
    if json_:
        from ..output import print_json

        if _to_file(out):  # --json never drops -o: the file is written, its path said
            print_json(_emit(lambda chosen: render_recap(recap, chosen), fmt, out, force))
            return
        print_json(recap.to_dict())
        return
    if fmt is None and out is None:
        _print_recap(_console(), recap)
        return
    _emit(lambda chosen: render_recap(recap, chosen), fmt, out, force)


def _to_file(out: str | None) -> bool:
    """True when ``-o`` names a file (not standard output)."""
    from garou.core.writer import output_destination

    return output_destination(out) is not None


def _check_output(fmt: str | None, out: str | None, json_: bool) -> None:
    """Refuse, before the journal is read, what :func:`_emit` would: ``-o ''``, a format
    that is none, a PDF to standard output (``-f pdf`` without ``-o`` or with ``-o -``);
    ``--json`` without a file prints the data, whatever the format."""
    from garou.printables import choose_format

    if json_ and not _to_file(out):
        if fmt is not None:  # its name only: the data is printed, not the printable
            choose_format(fmt, "printable.html")
        return
    if fmt is not None or out is not None:
        choose_format(fmt, out)


def _emit(
    render: Callable[[str], str | bytes], fmt: str | None, out: str | None, force: bool
) -> dict[str, Any] | None:
    """Render a printable in the format asked (or that ``out`` ends with), then write it
    to ``out`` (never over a file without ``force``) or to standard output. Return the
    file written, its format and its pages (``{"path", "format", "pages"}``, what ``--json``
    prints, as ``garou print``'s: null but for a PDF), or None."""
    from garou.core.writer import output_destination
    from garou.printables import choose_format, write_output

    chosen = choose_format(fmt, out)  # never a PDF to standard output
    data = render(chosen)
    target = output_destination(out)
    if target is None:
        sys.stdout.write(str(data))
        return None
    written = write_output(data, target, force)
    return {"path": str(written), "format": chosen, "pages": getattr(data, "pages", None)}


def _print_recap(out: Console, recap: Any) -> None:
    from rich.markup import escape

    out.print(f"[bold]{escape(recap.title)}[/]")
    if recap.winner_line:
        out.print(f"[bold green]{escape(recap.winner_line)}[/]")
    for part in recap.timeline:
        out.print(f"\n[bold]{escape(part.title)}[/]")
        shown = 0  # each event's number once, before its first line (garou game correct N)
        for seq, line, hidden in zip(part.seqs, part.lines, part.hidden, strict=True):
            mark = f" [dim]{escape(recap.labels['hidden-mark'])}[/]" if hidden else ""
            number = f"#{seq}" if seq != shown else ""
            shown = seq
            out.print(f"  [dim]{number:>4}[/] {escape(line)}{mark}")
    for key, lines in (
        ("unseen", recap.unseen),
        ("close-calls", recap.close_calls),
        ("corrections", recap.corrections),
    ):
        out.print(f"\n[bold]{escape(recap.labels[key])}[/]")
        for line in lines or [recap.labels["none"]]:
            out.print(f"  - {escape(line)}")


# --- the interactive face ------------------------------------------------------------------


def play_command(
    game_id: GameId = None,
    id_: GameIdOption = None,
    countdown: Annotated[bool, typer.Option("--countdown/--no-countdown")] = True,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Walk the game step by step with prompts, from where it stopped (help.game.play)."""

    from .game_play import Session

    with _game_journal(db, game_id, id_, lang) as (journal, game_id, language):
        row = journal.game(game_id)
        journal.check_writable()  # before the first question, not after its answer
        if row.game == "mafia":
            from .mafia_play import MafiaSession as Session  # noqa: F811
        try:
            Session(journal, _book(), row.id, language, _console(), Clock, countdown).run()
        except KeyboardInterrupt:  # every answer so far is committed: say so, not "nothing"
            from garou.core.errors import Interrupted

            raise Interrupted("game.play.bye", id=row.id, option=journal.db_option()) from None


# --- Mafia: the protocol, the points, the fouls lookup -------------------------------------


def _mafia(journal: Journal, game_id: int | None, lang: str) -> Any:
    """The replayed state of a Mafia evening; refuse another game."""
    from garou.core.errors import UsageError
    from garou.game import session

    row = journal.game(game_id)
    if row.game != "mafia":
        known = _book().games.get(row.game)
        name = known.info.name if known is not None else row.game
        raise UsageError("mafia.cli.not-mafia", id=row.id, game=name)
    return row, session.load(journal, _book(), row.id, lang).state


def protocol_command(
    game_id: GameId = None,
    id_: GameIdOption = None,
    blank: Annotated[bool, typer.Option("--blank")] = False,
    fmt: Annotated[
        str | None,
        typer.Option("--format", "-f"),
    ] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", metavar="FILE")] = None,
    force: Annotated[bool, typer.Option("--force")] = False,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """The judge's sheet of a Mafia evening, on the terminal or one A4 page."""
    from garou.game.protocol import (
        blank_protocol,
        build_protocol,
        render_protocol,
    )

    language = _lang(lang)
    game_id = _which(game_id, id_)
    _check_output(fmt, out, json_)
    if blank:
        protocol = blank_protocol(_book().game("mafia"), language)
    else:
        with _open(db) as journal:
            _row, state = _mafia(journal, game_id, language)
        protocol = build_protocol(state, language)
    if json_:
        from ..output import print_json

        if _to_file(out):  # --json never drops -o: the file is written, its path said
            print_json(_emit(lambda chosen: render_protocol(protocol, chosen), fmt, out, force))
            return
        print_json(protocol.to_dict())
        return
    if fmt is None and out is None:
        _print_protocol(_console(), protocol)
        return
    _emit(lambda chosen: render_protocol(protocol, chosen), fmt, out, force)


def _print_protocol(out: Console, p: Any) -> None:
    from rich.markup import escape
    from rich.table import Table

    out.print(f"[bold]{escape(p.title)}[/] {escape(p.name)}")
    out.print(escape(" · ".join(p.meta)))
    cols = ("seat", "player", "role", "fouls", "technical", "out")
    grid = Table(*(p.labels[c] for c in cols), *p.systems)
    for r in p.rows:
        grid.add_row(
            str(r["seat"]),
            escape(r["name"]),
            escape(r["role"]),
            str(r["fouls"]),
            str(r["technical"]),
            escape(r["out"]),
            *r["points"].values(),
        )
    out.print(grid)
    for title, lines in (
        (p.labels["nights"], [n["line"] for n in p.nights]),
        (
            p.labels["days"],
            [x for d in p.days for x in [d["line"], *(r["line"] for r in d["rounds"])]],
        ),
        (p.labels["farewells"], [f["line"] for f in p.farewells]),
        (p.labels["sanctions"], p.sanctions),
    ):
        out.print(f"\n[bold]{escape(title)}[/]")
        for line in lines or [p.labels["none"]]:
            out.print(f"  - {escape(line)}")
    if p.winner:
        out.print(f"\n[bold green]{escape(p.fields['winner'])}[/]")
        out.print(f"\n[bold]{escape(p.labels['points'])}[/]")
        for r in p.rows:
            for lines in r["reasons"].values():
                for line in lines:
                    out.print(f"  - {escape(line)}")


def points_command(
    game_id: GameId = None,
    id_: GameIdOption = None,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """The points of a finished Mafia evening in both systems, each line with its reason."""
    from garou.game.mafia_points import points

    with _game_journal(db, game_id, id_, lang) as (journal, game_id, language):
        _row, state = _mafia(journal, game_id, language)
        scored = points(state, language)
    if json_:
        from ..output import print_json

        print_json(scored)
        return
    from garou.game.protocol import build_protocol

    _print_protocol_points(_console(), build_protocol(state, language), language)


def _print_protocol_points(out: Console, p: Any, lang: str) -> None:
    from rich.markup import escape

    from garou.core.catalogue import say

    for r in p.rows:
        totals = ", ".join(f"{s} {v}" for s, v in zip(p.systems, r["points"].values(), strict=True))
        label = f"[bold]{r['seat']}. {escape(r['name'])}[/] ({escape(r['role'])})"
        out.print(say("core.label-value", lang, label=label, value=escape(totals)))
        for lines in r["reasons"].values():
            for line in lines:
                out.print(f"  - {escape(line)}")


def fouls_command(
    player: Annotated[str, typer.Argument(metavar="PLAYER")],
    words: Annotated[
        list[str] | None,
        typer.Argument(metavar="[WORDS]..."),
    ] = None,
    game_id: Annotated[int | None, given("--id")] = None,
    db: Db = None,
    lang: Lang = None,
    json_: Json = False,
) -> None:
    """The fouls lookup of garou fouls inside a Mafia evening, the player's counts known."""
    from garou.game.mafia_fouls import foul_lookup, lookup

    language = _lang(lang)
    with _open(db) as journal:
        _row, state = _mafia(journal, game_id, language)
        query = " ".join(words or []) or None
        if json_:
            from ..output import print_json

            print_json(foul_lookup(state, player, query, language))
            return
        lines = lookup(state, player, query, language)
    from rich.markup import escape

    out = _console()
    for line in lines:
        out.print(escape(line))


def speak_command(
    game_id: GameId = None,
    id_: GameIdOption = None,
    db: Db = None,
    lang: Lang = None,
) -> None:
    """Time the next Mafia speech (or farewell) with a countdown, then record it."""
    from garou.core.catalogue import say

    from .mafia_play import MafiaSession

    with _game_journal(db, game_id, id_, lang) as (journal, game_id, language):
        row, state = _mafia(journal, game_id, language)
        journal.check_writable()  # before the countdown, not after it
        session = MafiaSession(journal, _book(), row.id, language, _console(), Clock, True)
        from garou.core.errors import GarouError

        if state.phase != "day":  # refused, as its --help says: exit 1, not a command line's
            raise GarouError("mafia.cli.no-speech")
        if state.farewell_due:
            import contextlib

            from .game_play import _Changed, _Quit

            # another screen recorded meanwhile (told by the session), or "q" typed, or the
            # end of the input: the answers given are kept in the journal's draft
            with contextlib.suppress(_Changed, _Quit):
                session.farewell(state, state.farewell_due[0])
            return
        speaker = state.speaker()
        if speaker is None:
            raise GarouError("mafia.cli.no-speech")
        session.show(say("mafia.cli.speech", language, name=speaker), "bold")
        from garou.game.mafia_script import timer_label

        since = max((e.seq for e in journal.events(row.id)), default=0)
        session.timer(state.speech_seconds(), timer_label(state))
        if session.theirs_since(since) and not _still_speaking(session, speaker, since):
            return
        session.record("speech", {"player": speaker, "seconds": state.speech_seconds()})


def _still_speaking(session: Any, speaker: str, since: int) -> bool:
    """After a countdown during which another screen recorded (told here, once): True when
    ``speaker``'s speech is still the one to record. False when another screen recorded it
    (the speech is in the journal: nothing more to say); raise GarouError when the day has
    moved on without it (an undo, a vote: nothing recorded, exit 1)."""
    from garou.core.errors import GarouError
    from garou.game import session as games

    session.told_elsewhere()
    replayed = games.load(session.journal, session.book, session.game_id, session.lang)
    if replayed.state.speaker() == speaker:
        return True
    if any(
        e.seq > since and e.kind == "speech" and e.data.get("player") == speaker
        for e in replayed.effective
    ):
        return False
    raise GarouError("mafia.cli.speech-gone", name=speaker)


def _usage(key: str, **values: Any) -> Exception:
    from garou.core.errors import UsageError

    return UsageError(key, **values)


def register(app: typer.Typer) -> None:
    """Add ``game new|play|add|undo|correct|status|list|recap|export|import`` to ``app``."""
    sub = typer.Typer(
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    for name, command in (
        ("new", new_command),
        ("play", play_command),
        ("add", add_command),
        ("undo", undo_command),
        ("correct", correct_command),
        ("status", status_command),
        ("list", list_command),
        ("recap", recap_command),
        ("export", export_command),
        ("import", import_command),
        ("protocol", protocol_command),
        ("points", points_command),
        ("fouls", fouls_command),
        ("speak", speak_command),
    ):
        sub.command(name)(command)
    app.add_typer(sub, name="game")
