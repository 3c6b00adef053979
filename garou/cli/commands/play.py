"""Settle chains of events at the table: ``garou vote``, ``garou cascade``, ``garou win``,
``garou fouls``.

The four commands read the table the same way: from a state file (``--state``) or from
options (``--game``, ``--player NAME=ROLE``, ``--dead``, ``--lovers``, ``--captain``).
When the rules leave a choice to a player, the command asks on a terminal, takes it from
an option, or reports it as pending: garou never picks for a player.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from garou.core.files import AGREEMENT_ENV
from garou.core.lists import shell_word
from garou.core.numbers import is_whole_number, too_large, too_large_said

from ..options import Game, Json, Lang, RulesDir, given

StateFile = Annotated[
    Path | None,
    given("--state", "-s", metavar="FILE"),
]
Players = Annotated[
    list[str] | None,
    given("--player", "-p", metavar="NAME[=ROLE]"),
]
Dead = Annotated[
    list[str] | None,
    given("--dead", "-d", metavar="NAME"),
]
Lovers = Annotated[
    str | None,
    given("--lovers", metavar="A,B"),
]
Captain = Annotated[
    str | None,
    given("--captain", "-c", metavar="NAME"),
]
AgreementFile = Annotated[
    Path | None,
    given("--agreement", "-a", metavar="FILE", envvar=AGREEMENT_ENV),
]
NoInput = Annotated[
    bool,
    typer.Option("--no-input"),
]

_ANSWER_OPTION = {"shoot": "--hunter-shoots", "successor": "--successor",
                  "captain-pick": "--captain-picks"}  # fmt: skip


# --- reading the options (one syntax for lists of names: garou.core.lists) -------------


def _items(values: Sequence[str] | None) -> list[str]:
    """Flatten repeated, comma-separated option values (quotes kept)."""
    from garou.core.lists import raw_items

    return raw_items(values)


def unquote(text: str) -> str:
    """Return the name ``text`` writes (see :func:`garou.core.lists.unquote`)."""
    from garou.core.lists import unquote as read

    return read(text)


def _pair(item: str, option: str, example: str) -> tuple[str, str | None]:
    """Split NAME=VALUE (or NAME:VALUE, outside quotes) into its two unquoted parts."""
    from garou.core.lists import read_pair
    from garou.rules import UsageError

    name, value = read_pair(item, "=:")
    if value is not None and (not name or not value):
        raise UsageError("play.option-form", option=option, value=item, example=example)
    return name, value


def _names(values: Sequence[str] | None, option: str) -> list[str]:
    from garou.core.lists import read_list
    from garou.rules import UsageError

    names = read_list(values)
    folded = [_fold(n) for n in names]
    for i, key in enumerate(folded):
        if key in folded[:i]:
            raise UsageError("play.option-twice", option=option, name=names[i])
    return names


def _mapping(values: Sequence[str] | None, option: str, example: str) -> dict[str, str] | None:
    from garou.core.lists import read_pairs

    if not values:
        return None
    return dict(read_pairs(values, "=:", option=option, example=example))


def _counts(values: Sequence[str] | None, option: str) -> dict[str, int] | None:
    from garou.rules import UsageError

    found = _mapping(values, option, f"{option} NAME=NUMBER")
    if found is None:
        return None
    counts = {}
    for key, value in found.items():
        if too_large(value):  # written right, beyond the one bound (garou.core.numbers)
            said = too_large_said(value)
            raise UsageError("core.text.field", field=f"{option} {key}", problem=said)
        if not is_whole_number(value):
            raise UsageError("play.option-count", option=option, value=f"{key}={value}")
        counts[key] = int(value)
    return counts


def _answers(values: Sequence[str] | None, kind: str) -> list[Any]:
    """Read answers NAME or CHOOSER:NAME (a name with ':' in double quotes)."""
    from garou.core.lists import read_pair
    from garou.rules.play import Answer

    found = []
    for item in _items(values):
        chooser, answer = read_pair(item, ":")
        if answer is None:
            found.append(Answer(kind, chooser))  # type: ignore[arg-type]
        else:
            found.append(Answer(kind, answer, chooser))  # type: ignore[arg-type]
    return found


def _fold(text: str) -> str:
    from garou.rules import fold

    return fold(text)


def _book(rules_dir: Any) -> Any:
    from garou.rules import load_rules

    return load_rules(rules_dir)


def _agreement(book: Any, path: Path | None, game: str | None) -> Any:
    """Return the agreement at ``path`` (None without one); refuse one for another game."""
    if path is None:
        return None
    from garou.houserules import load_agreement_option
    from garou.rules import UsageError

    agreement = load_agreement_option(path, book)
    if game is not None and book.game(game).id != agreement.game:
        raise UsageError("play.agreement-other-game", path=str(path), game=agreement.game)
    return agreement


def _situation(
    book: Any,
    state_file: Path | None,
    game: str | None,
    players: Sequence[str] | None,
    dead: Sequence[str] | None,
    lovers: str | None,
    captain: str | None,
    agreement_file: Path | None,
    events: dict[str, Any] | None = None,
) -> Any:
    """Return the situation described by a state file or by the table options."""
    from garou.core.reader import read_document
    from garou.rules import UsageError
    from garou.rules.play import make_situation, read_situation

    events = {k: v for k, v in (events or {}).items() if v is not None}
    if game is not None:
        book.game(game)  # a mistyped --game is the option's, not the table state's, problem
    if state_file is not None:
        if players or dead or lovers or captain:
            raise UsageError("play.state-and-table")
        written = game
        if agreement_file is not None and written is None:
            data = read_document(state_file)
            written = str(data.get("game")) if isinstance(data, dict) and data.get("game") else None
        agreement = _agreement(book, agreement_file, written)
        return read_situation(book, state_file, game=game, events=events, agreement=agreement)
    if game is None:
        raise UsageError("play.no-table")
    given = {"--player": players, "--dead": dead, "--lovers": [lovers], "--captain": [captain]}
    for option, values in given.items():
        for value in values or ():
            if value is not None and value.startswith("--"):  # an option read as the value
                raise UsageError("cli.option-as-value", option=option, value=value)
    pairs = []
    for item in _items(players):
        pairs.append(_pair(item, "--player", "--player NAME=ROLE"))
    if len({_fold(n) for n, _ in pairs}) != len(pairs):
        seen: set[str] = set()
        for name, _ in pairs:
            if _fold(name) in seen:
                raise UsageError("play.option-twice", option="--player", name=name)
            seen.add(_fold(name))
    return make_situation(
        book,
        game,
        pairs,
        dead=_names(dead, "--dead"),
        lovers=_names([lovers], "--lovers") if lovers is not None else None,
        captain=unquote(captain) if captain is not None else None,
        events=events,
        agreement=_agreement(book, agreement_file, game),
    )


# --- answering a player's choice ----------------------------------------------------


def _interactive() -> bool:
    """True when a person can answer on the terminal."""
    return sys.stdin.isatty()


def _read_answer(question: str) -> str:
    """Ask ``question`` on stderr and read one line; raise typer.Abort at end of input.

    Not ``typer.prompt``: it writes a space to stdout, which would land in front of the
    JSON of ``--json`` whenever stdout is redirected.
    """
    typer.echo(f"{clean(question)} ", nl=False, err=True)
    try:
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        raise typer.Abort() from None
    if not line:
        raise typer.Abort()
    return line.strip()


def _asker(no_input: bool) -> Any:
    """Return the function asking a pending question on the terminal, or None."""
    if no_input or not _interactive():
        return None
    from garou.rules.play.answers import matches

    def ask(pending: Any) -> str:
        while True:
            answer = _read_answer(pending.question)
            found = matches(pending, answer)
            if found is not None:
                return found
            typer.echo(f"  → {clean(', '.join(pending.options))}", err=True)

    return ask


# --- printing -----------------------------------------------------------------------


def clean(text: str) -> str:
    """Return ``text`` with control characters shown as \\xNN, never sent to the terminal."""
    return "".join(
        f"\\x{ord(c):02x}" if unicodedata.category(c) in ("Cc", "Cf") and c != "\n" else c
        for c in text
    )


def quote_name(name: str) -> str:
    """Return ``name`` as an option value reads it back (see garou.core.lists)."""
    from garou.core.lists import quote_name as quoted

    return quoted(name)


def _names_arg(names: Sequence[str]) -> str:
    return shell_word(",".join(quote_name(n) for n in names))


def _pending_dict(pending: Any) -> dict[str, Any] | None:
    if pending is None:
        return None
    return {**pending.to_dict(), "answer_with": _answer_with(pending)}


def _answer_with(pending: Any, lang: str = "en") -> str:
    option = _ANSWER_OPTION[pending.kind]
    chooser = "" if pending.kind == "captain-pick" else f"{quote_name(pending.chooser)}:"
    return f"{option} {shell_word(chooser + _label('name', lang))}"


def _label(key: str, lang: str, **values: Any) -> str:
    from garou.core.catalogue import say

    return say(f"play.label-{key}", lang, **values)


def _print(
    title: str,
    steps: Any,
    lang: str,
    *,
    pending: Any = None,
    lines: Sequence[str] = (),
    commands: Sequence[str] = (),
    unused: Sequence[Any] = (),
) -> None:
    from rich.markup import escape
    from rich.table import Table

    from ..output import console

    out = console()
    out.print(f"[bold]{escape(clean(title))}[/]")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for step in steps:
        grid.add_row(escape(f"  [{step.rule}]"), escape(clean(step.message)))
    out.print(grid)
    for line in lines:
        out.print(line)
    for command in commands:
        # A command to paste into a shell: never wrapped, whatever the terminal's width.
        out.print(
            f"[bold]{escape(_label('next', lang))}[/] {escape(clean(command))}",
            soft_wrap=True,
        )
    if pending is not None:
        out.print(
            f"[bold yellow]{escape(_label('pending', lang))}[/] {escape(clean(pending.question))}"
        )
        answer = escape(clean(_answer_with(pending, lang)))
        out.print(
            f"  [bold]{escape(_label('answer', lang))}[/] {answer}"
            f"  [dim]({escape(pending.rule)})[/]",
            soft_wrap=True,
        )
    for answer in unused:
        value = (
            _ANSWER_OPTION[answer.kind]
            + " "
            + (f"{quote_name(answer.chooser)}:" if answer.chooser else "")
            + quote_name(answer.answer)
        )
        typer.echo(clean(_label("unused", lang, value=value)), err=True)


def _table_args(state_file: Path | None) -> str:
    return f"--state {shell_word(state_file)}" if state_file is not None else "…"


# --- the commands -------------------------------------------------------------------
def _table_options(state_file: Path | None, situation: Any, agreement: Path | None) -> str:
    """Return the options that describe this table again, for a command to paste."""
    parts: list[str] = []
    if state_file is not None:
        parts.append(f"--state {shell_word(state_file)}")
    else:
        state = situation.state
        players = [quote_name(p.name) + (f"={p.role}" if p.role else "") for p in state.players]
        parts.append(f"-g {state.game.id} -p {shell_word(','.join(players))}")
        dead = [p.name for p in state.players if not p.alive]
        if dead:
            parts.append(f"--dead {_names_arg(dead)}")
        if state.lovers:
            parts.append(f"--lovers {_names_arg(state.lovers)}")
        if state.captain:
            parts.append(f"--captain {shell_word(quote_name(state.captain))}")
    if agreement is not None:
        parts.append(f"--agreement {shell_word(agreement)}")
    return " ".join(parts)


def vote_command(
    game: Game = None,
    state_file: StateFile = None,
    players: Players = None,
    dead: Dead = None,
    lovers: Lovers = None,
    captain: Captain = None,
    votes: Annotated[
        list[str] | None,
        given("--vote", "-v", metavar="VOTER=TARGET"),
    ] = None,
    tallies: Annotated[
        list[str] | None,
        given("--tally", "-t", metavar="NAME=COUNT"),
    ] = None,
    round: Annotated[
        str | None,
        given("--round", "-r", metavar="ROUND"),
    ] = None,
    tied: Annotated[
        list[str] | None,
        given("--tied", metavar="A,B"),
    ] = None,
    nominated: Annotated[
        list[str] | None,
        given("--nominated", "-n", metavar="A,B"),
    ] = None,
    captain_picks: Annotated[
        str | None,
        given("--captain-picks", metavar="NAME"),
    ] = None,
    agreement: AgreementFile = None,
    no_input: NoInput = False,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Count a day vote and say what happens next: who leaves, or the tie step to run."""
    from garou.rules import resolve_language
    from garou.rules.play import count_votes, readings_applied, settle

    language = resolve_language(lang)
    book = _book(rules_dir)
    events = {
        "votes": _mapping(votes, "--vote", "--vote VOTER=TARGET"),
        "tallies": _counts(tallies, "--tally"),
        "round": round,
        "tied": _names(tied, "--tied") if tied else None,
        "nominations": _names(nominated, "--nominated") if nominated else None,
    }
    situation = _situation(
        book, state_file, game, players, dead, lovers, captain, agreement, events
    )
    answers = _answers([captain_picks] if captain_picks else None, "captain-pick")
    settled = settle(
        lambda choices: count_votes(
            situation.state,
            votes=situation.votes,
            tallies=situation.tallies,
            round=situation.round,
            tied=situation.tied,
            nominations=situation.nominations,
            choices=choices,
            lang=language,
        ),
        answers,
        _asker(no_input),
    )
    result = settled.result
    if json_:
        from ..output import print_json

        print_json(
            {
                "game": situation.state.game.id,
                **result.to_dict(),
                "pending": _pending_dict(result.pending),
                "readings": readings_applied(situation.state, result.steps, language),
            }
        )
        return
    table = _table_options(state_file, situation, agreement)
    commands = []
    if result.next is not None:
        command = (
            f"garou vote {table} --round {result.next.round} --tied {_names_arg(result.next.tied)}"
        )
        if result.next.nominations:
            command += f" --nominated {_names_arg(result.next.nominations)}"
        ballot = "lift-ballot" if result.next.round == "lift" else "ballot"
        commands.append(command + " -v " + _label(ballot, language))
    elif result.deaths:
        dies = ",".join(f"{quote_name(d.player)}:{d.cause}" for d in result.deaths)
        commands.append(f"garou cascade {table} --dies {shell_word(dies)}")
    _print(
        _label("vote", language, game=situation.state.game.info.name),
        result.steps,
        language,
        pending=result.pending,
        commands=commands,
        unused=settled.unused,
    )


def cascade_command(
    game: Game = None,
    state_file: StateFile = None,
    players: Players = None,
    dead: Dead = None,
    lovers: Lovers = None,
    captain: Captain = None,
    dies: Annotated[
        list[str] | None,
        given("--dies", "-x", metavar="NAME:CAUSE"),
    ] = None,
    hunter_shoots: Annotated[
        list[str] | None,
        given("--hunter-shoots", metavar="[HUNTER:]NAME"),
    ] = None,
    successor: Annotated[
        list[str] | None,
        given("--successor", metavar="[CAPTAIN:]NAME"),
    ] = None,
    agreement: AgreementFile = None,
    no_input: NoInput = False,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Resolve a chain of deaths to its end, then give the one grouped announcement."""
    from garou.rules import resolve_language
    from garou.rules.play import readings_applied, resolve_cascade, settle, win_after

    language = resolve_language(lang)
    book = _book(rules_dir)
    events = {"deaths": _mapping(dies, "--dies", "--dies NAME:CAUSE")}
    situation = _situation(
        book, state_file, game, players, dead, lovers, captain, agreement, events
    )
    answers = _answers(hunter_shoots, "shoot") + _answers(successor, "successor")
    settled = settle(
        lambda choices: resolve_cascade(situation.state, situation.deaths, choices, language),
        answers,
        _asker(no_input),
    )
    result = settled.result
    win = win_after(result.state, situation.deaths, language) if result.complete else None
    if json_:
        from ..output import print_json

        data = result.to_dict()
        data["steps"] += [s.to_dict() for s in win.steps] if win else []
        print_json(
            {
                "game": situation.state.game.id,
                **data,
                "winner": win.to_dict()["winner"] if win else None,
                "win": win.to_dict() if win else None,
                "pending": _pending_dict(result.pending),
                "readings": readings_applied(
                    situation.state, [*result.steps, *(win.steps if win else ())], language
                ),
            }
        )
        return
    steps = list(result.steps) + (list(win.steps) if win else [])
    _print(
        _label("cascade", language, game=situation.state.game.info.name),
        steps,
        language,
        pending=result.pending,
        lines=_outcome(language, result, win),
        unused=settled.unused,
    )


def _outcome(lang: str, result: Any, win: Any) -> list[str]:
    from rich.markup import escape

    from garou.core.catalogue import join, phrase

    lines: list[str] = []
    if result.complete:
        shown = join(
            [
                phrase("cascade.announce-one", name=a.player, role=a.role_name)
                if a.role_name
                else a.player
                for a in result.announcement
            ],
            lang,
        )
        lines.append(f"[bold]{escape(_label('announce', lang))}[/] {escape(clean(shown))}")
        if result.state.captain:
            captain = _label("captain", lang, name=result.state.captain)
            lines.append(f"  {escape(clean(captain))}")
        if win is None:
            lines.append(f"[dim]{escape(_label('no-win-check', lang))}[/]")
        else:
            lines.append(_winner_line(lang, win))
    return lines


def _winner_line(lang: str, win: Any) -> str:
    """Return the last line of a win check: the winner, none yet, or nobody alive."""
    from rich.markup import escape

    from garou.rules.play.win import inline

    if win.winner:
        said = _label("winner", lang, camp=inline(win.winner_name))
        return f"[bold green]{escape(said)}[/]"
    if win.nobody_alive:
        return f"[bold]{escape(_label('nobody-alive', lang))}[/]"
    return f"[bold]{escape(_label('no-winner', lang))}[/]"


def win_command(
    game: Game = None,
    state_file: StateFile = None,
    players: Players = None,
    dead: Dead = None,
    lovers: Lovers = None,
    captain: Captain = None,
    next_: Annotated[
        str,
        typer.Option("--next", metavar="vote|night"),
    ] = "vote",
    agreement: AgreementFile = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Say who has won, if anyone, and how close the game is to parity."""
    from garou.rules import UsageError, resolve_language
    from garou.rules.play import check_win, readings_applied

    language = resolve_language(lang)
    if next_ not in ("vote", "night"):
        raise UsageError("play.option-next", value=next_)
    book = _book(rules_dir)
    situation = _situation(book, state_file, game, players, dead, lovers, captain, agreement)
    result = check_win(situation.state, language, next_)  # type: ignore[arg-type]
    if json_:
        from ..output import print_json

        readings = readings_applied(situation.state, result.steps, language)
        print_json(
            {
                "game": situation.state.game.id,
                **result.to_dict(),
                "pending": None,
                "readings": readings,
            }
        )
        return
    _print(
        _label("win", language, game=situation.state.game.info.name),
        result.steps,
        language,
        lines=[_winner_line(language, result)],
    )


def fouls_command(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[BEHAVIOUR]...",
            show_default=False,
        ),
    ] = None,
    game: Game = None,
    state_file: StateFile = None,
    players: Players = None,
    fouls: Annotated[
        list[str] | None,
        given("--foul", "-f", metavar="NAME=COUNT"),
    ] = None,
    technical: Annotated[
        list[str] | None,
        given("--technical", "-T", metavar="NAME=COUNT"),
    ] = None,
    by: Annotated[
        str | None,
        given("--by", metavar="NAME"),
    ] = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Say what fouls and technical fouls lead to, and what a behaviour draws (Mafia)."""
    from garou.rules import UsageError, resolve_language
    from garou.rules.play import find_behaviours, judge_fouls, with_counts

    language = resolve_language(lang)
    book = _book(rules_dir)
    if state_file is not None or players:
        situation = _situation(book, state_file, game, players, None, None, None, None)
        the_game, seated = situation.state.game, list(situation.state.players)
    elif game is None:
        raise UsageError("play.fouls-no-game")
    else:
        the_game, seated = book.game(game), []
    table = with_counts(seated, _counts(fouls, "--foul"), _counts(technical, "--technical"))
    lookup = find_behaviours(the_game, " ".join(words)) if words else None
    result = judge_fouls(the_game, table, lookup, language, by)
    if json_:
        from ..output import print_json

        print_json({"game": the_game.id, **result.to_dict(), "pending": None})
        return
    _print(_label("fouls", language, game=the_game.info.name), result.steps, language)


def register(app: typer.Typer) -> None:
    """Add ``vote``, ``cascade``, ``win`` and ``fouls`` to ``app``."""
    app.command("vote")(vote_command)
    app.command("cascade")(cascade_command)
    app.command("win")(win_command)
    app.command("fouls")(fouls_command)
