"""Settle chains of events at the table: ``garou vote``, ``garou cascade``, ``garou win``,
``garou fouls``.

The four commands read the table the same way: from a state file (``--state``) or from
options (``--game``, ``--player NAME=ROLE``, ``--dead``, ``--lovers``, ``--captain``).
When the rules leave a choice to a player, the command asks on a terminal, takes it from
an option, or reports it as pending: garou never picks for a player.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from ..options import Game, Json, Lang, RulesDir

EPILOG = (
    "Exit codes: 0 settled, or a player's choice is pending (printed, and 'pending' in the "
    "JSON); 1 invalid state file or rule files; 2 bad command line, or an invalid table "
    "given in options."
)

StateFile = Annotated[
    Path | None,
    typer.Option(
        "--state",
        "-s",
        metavar="FILE",
        help="A table state file (YAML): game, players (NAME: ROLE, or NAME: {role, alive, "
        "fouls, technical_fouls}), lovers, captain, and optionally votes, tallies, "
        "nominations, round, tied, deaths. The event options below replace the file's.",
        show_default=False,
    ),
]
Players = Annotated[
    list[str] | None,
    typer.Option(
        "--player",
        "-p",
        metavar="NAME[=ROLE]",
        help="A player and their card, in seat order (French or English role names); "
        "repeat, or separate with commas: -p Alice=chasseur,Bob=loup.",
        show_default=False,
    ),
]
Dead = Annotated[
    list[str] | None,
    typer.Option(
        "--dead",
        "-d",
        metavar="NAME",
        help="A player already dead (commas allowed).",
        show_default=False,
    ),
]
Lovers = Annotated[
    str | None,
    typer.Option("--lovers", metavar="A,B", help="The two lovers.", show_default=False),
]
Captain = Annotated[
    str | None,
    typer.Option("--captain", "-c", metavar="NAME", help="The captain.", show_default=False),
]
NoInput = Annotated[
    bool,
    typer.Option(
        "--no-input", help="Never ask on the terminal: report a needed choice as pending."
    ),
]

_LABELS = {
    "fr": {"vote": "Vote", "cascade": "Cascade", "win": "Victoire", "fouls": "Fautes",
           "announce": "Annonce", "winner": "Vainqueur", "no-winner": "Pas encore de vainqueur",
           "pending": "En attente", "answer": "Répondre avec", "next": "Ensuite",
           "unused": "Option inutilisée (aucune question ne la demandait)",
           "no-win-check": "Victoire non vérifiée : il manque le rôle de certains joueurs en vie.",
           "nobody-alive": "Aucun vainqueur : plus personne n'est en vie",
           "captain": "capitaine", ":": " :"},
    "en": {"vote": "Vote", "cascade": "Cascade", "win": "Win check", "fouls": "Fouls",
           "announce": "Announcement", "winner": "Winner", "no-winner": "No winner yet",
           "pending": "Pending", "answer": "Answer with", "next": "Next",
           "unused": "Unused option (no question asked for it)",
           "no-win-check": "Win not checked: some living players' roles are not given.",
           "nobody-alive": "No winner: nobody is alive",
           "captain": "captain", ":": ":"},
}  # fmt: skip

_ANSWER_OPTION = {"shoot": "--hunter-shoots", "successor": "--successor",
                  "captain-pick": "--captain-picks"}  # fmt: skip


# --- answering a player's choice ----------------------------------------------------


def _interactive() -> bool:
    """True when a person can answer on the terminal."""
    return sys.stdin.isatty()


Answers = list[tuple[str | None, str]]
"""Answers given as options: (chooser or None, the player chosen)."""


def _read_answer(question: str) -> str:
    """Ask ``question`` on stderr and read one line; raise typer.Abort at end of input.

    Not ``typer.prompt``: it writes a space to stdout, which would land in front of the
    JSON of ``--json`` whenever stdout is redirected.
    """
    typer.echo(f"{question} ", nl=False, err=True)
    try:
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        raise typer.Abort() from None
    if not line:
        raise typer.Abort()
    return line.strip()


def _prompt(pending: Any) -> str:
    from garou.rules import fold

    by_folded = {fold(o): o for o in pending.options}
    while True:
        answer = _read_answer(pending.question)
        if answer in pending.options or fold(answer) in by_folded:
            return by_folded.get(fold(answer), answer)
        typer.echo(f"  → {', '.join(pending.options)}", err=True)


def _settle(
    compute: Callable[[list[Any]], Any],
    answers: dict[str, Answers],
    ask: bool,
) -> tuple[Any, list[str]]:
    """Run ``compute`` again with each answer until nothing is pending or nobody answers.

    Return the last result and the option values no question used.
    """
    choices: list[Any] = []
    while True:
        result = compute(choices)
        pending = result.pending
        if pending is None or any(
            c.kind == pending.kind and c.chooser == pending.chooser for c in choices
        ):
            break
        given = answers.get(pending.kind, [])
        match = next((a for a in given if a[0] == pending.chooser), None)
        match = match or next((a for a in given if a[0] is None), None)
        if match is not None:
            given.remove(match)
            choices.append(pending.answer(match[1]))
        elif ask:
            choices.append(pending.answer(_prompt(pending)))
        else:
            break
    unused = [
        f"{_ANSWER_OPTION[kind]} {who + ':' if who else ''}{name}"
        for kind, given in answers.items()
        for who, name in given
    ]
    return result, unused


# --- printing -----------------------------------------------------------------------


def _pending_dict(pending: Any) -> dict[str, Any] | None:
    if pending is None:
        return None
    option = _ANSWER_OPTION[pending.kind]
    chooser = "" if pending.kind == "captain-pick" else f"{pending.chooser}:"
    return {**pending.as_dict(), "answer_with": f"{option} {chooser}NAME"}


def _print(
    title: str,
    steps: Any,
    lang: str,
    *,
    pending: Any = None,
    lines: list[str] | None = None,
    unused: list[str] | None = None,
) -> None:
    from rich.markup import escape
    from rich.table import Table

    from ..output import console

    labels = _LABELS[lang]
    out = console()
    out.print(f"[bold]{escape(title)}[/]")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for step in steps:
        grid.add_row(escape(f"  [{step.rule}]"), escape(step.message))
    out.print(grid)
    for line in lines or []:
        out.print(line)
    if pending is not None:
        answer = _pending_dict(pending)["answer_with"]  # type: ignore[index]
        out.print(f"[bold yellow]{labels['pending']}{labels[':']}[/] {escape(pending.question)}")
        out.print(
            f"  {labels['answer']}{labels[':']} {escape(answer)}  [dim]({escape(pending.rule)})[/]"
        )
    for value in unused or []:
        typer.echo(f"{labels['unused']}{labels[':']} {value}", err=True)


# --- the commands -------------------------------------------------------------------


def vote_command(
    game: Game = None,
    state_file: StateFile = None,
    players: Players = None,
    dead: Dead = None,
    lovers: Lovers = None,
    captain: Captain = None,
    votes: Annotated[
        list[str] | None,
        typer.Option(
            "--vote",
            "-v",
            metavar="VOTER=TARGET",
            help="One ballot (lift vote: VOTER=yes or VOTER=no); commas allowed.",
            show_default=False,
        ),
    ] = None,
    tallies: Annotated[
        list[str] | None,
        typer.Option(
            "--tally",
            "-t",
            metavar="NAME=COUNT",
            help="Votes per player instead of the ballots (lift vote: yes=N,no=N).",
            show_default=False,
        ),
    ] = None,
    round: Annotated[
        str | None,
        typer.Option(
            "--round",
            "-r",
            metavar="ROUND",
            help="first (default), revote or lift.",
            show_default=False,
        ),
    ] = None,
    tied: Annotated[
        str | None,
        typer.Option(
            "--tied",
            metavar="A,B",
            help="The tied players, for a revote or a lift vote.",
            show_default=False,
        ),
    ] = None,
    nominated: Annotated[
        str | None,
        typer.Option(
            "--nominated",
            "-n",
            metavar="A,B",
            help="The nominees in the order they were named (Mafia: a player who "
            "does not vote counts against the last one).",
            show_default=False,
        ),
    ] = None,
    captain_picks: Annotated[
        str | None,
        typer.Option(
            "--captain-picks",
            metavar="NAME",
            help="The captain's choice when the vote is tied.",
            show_default=False,
        ),
    ] = None,
    no_input: NoInput = False,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Count a day vote and say what happens next: who leaves, or the tie step to run.

    A tie follows the game's procedure: the captain decides (asked, or --captain-picks,
    else reported as pending), a revote between the tied players (--round revote --tied),
    the Mafia lift vote (--round lift), or nobody leaves.

    Example: garou vote -g loup-garou -p Ana,Bob,Cid,Dee -v Ana=Bob,Bob=Ana,Cid=Bob,Dee=Ana
    """
    from garou.rules import resolve_language
    from garou.rules.play import count_votes, situation_from_options

    language = resolve_language(lang)
    situation = situation_from_options(
        state_file,
        game,
        players,
        dead,
        lovers,
        captain,
        votes=votes,
        tallies=tallies,
        round=round,
        tied=tied,
        nominations=nominated,
        rules_dir=rules_dir,
    )
    answers: dict[str, Answers] = {"captain-pick": [(None, captain_picks)] if captain_picks else []}
    result, unused = _settle(
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
        _interactive() and not no_input,
    )
    if json_:
        from ..output import print_json

        print_json(
            {
                "game": situation.state.game.id,
                **result.as_dict(),
                "pending": _pending_dict(result.pending),
            }
        )
        return
    labels = _LABELS[language]
    lines = []
    if result.next is not None:
        lines.append(
            f"[bold]{labels['next']}{labels[':']}[/] garou vote … --round {result.next.round} "
            f"--tied {','.join(result.next.tied)}"
        )
    elif result.deaths:
        dies = ",".join(f"{d.player}:{d.cause}" for d in result.deaths)
        lines.append(f"[bold]{labels['next']}{labels[':']}[/] garou cascade … --dies {dies}")
    _print(
        f"{labels['vote']} · {situation.state.game.info.name.get(language)}",
        result.steps,
        language,
        pending=result.pending,
        lines=lines,
        unused=unused,
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
        typer.Option(
            "--dies",
            "-x",
            metavar="NAME:CAUSE",
            help="Who dies and why: night, vote, poison, shot, lover, lift, "
            "disqualified (French words too); commas allowed. Each game takes only the "
            "causes its rules know of (an error lists them); a lover's death needs the "
            "lovers and the other lover's death.",
            show_default=False,
        ),
    ] = None,
    hunter_shoots: Annotated[
        list[str] | None,
        typer.Option(
            "--hunter-shoots",
            metavar="[HUNTER:]NAME",
            help="Whom the dying hunter shoots.",
            show_default=False,
        ),
    ] = None,
    successor: Annotated[
        list[str] | None,
        typer.Option(
            "--successor",
            metavar="[CAPTAIN:]NAME",
            help="Whom the dying captain names.",
            show_default=False,
        ),
    ] = None,
    no_input: NoInput = False,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Resolve a chain of deaths to its end, then give the one grouped announcement.

    The hunter shoots whatever the cause, a lover follows the other at once, a dying
    captain names a successor; the roles are revealed or kept hidden as the game says.
    Then the win check. A player's choice is asked, taken from an option, or reported as
    pending (nothing is announced until the chain is over).

    Example: garou cascade -g lg -p Ana=hunter,Bob=wolf,Cid=seer --lovers Ana,Bob -x Ana:vote
    """
    from garou.rules import resolve_language
    from garou.rules.play import (
        answers_from_options,
        check_win,
        resolve_cascade,
        situation_from_options,
    )

    language = resolve_language(lang)
    situation = situation_from_options(
        state_file, game, players, dead, lovers, captain, deaths=dies, rules_dir=rules_dir
    )
    answers = {
        "shoot": answers_from_options(hunter_shoots, "--hunter-shoots"),
        "successor": answers_from_options(successor, "--successor"),
    }
    result, unused = _settle(
        lambda choices: resolve_cascade(situation.state, situation.deaths, choices, language),
        answers,
        _interactive() and not no_input,
    )
    win = None
    if result.complete and all(p.role for p in result.state.living()):
        by_vote = all(d.cause in ("vote", "lift") for d in situation.deaths)
        win = check_win(result.state, language, "night" if by_vote else "vote")
    if json_:
        from ..output import print_json

        data = result.as_dict()
        data["steps"] += [s.as_dict() for s in win.steps] if win else []
        print_json(
            {
                "game": situation.state.game.id,
                **data,
                "winner": win.as_dict()["winner"] if win else None,
                "win": win.as_dict() if win else None,
                "pending": _pending_dict(result.pending),
            }
        )
        return
    labels = _LABELS[language]
    steps = list(result.steps) + (list(win.steps) if win else [])
    lines = _outcome(labels, result, win)
    _print(
        f"{labels['cascade']} · {situation.state.game.info.name.get(language)}",
        steps,
        language,
        pending=result.pending,
        lines=lines,
        unused=unused,
    )


def _outcome(labels: dict[str, str], result: Any, win: Any) -> list[str]:
    from rich.markup import escape

    lines = []
    if result.complete:
        shown = ", ".join(
            a.player + (f" ({a.role_name})" if a.role_name else "") for a in result.announcement
        )
        lines.append(f"[bold]{labels['announce']}{labels[':']}[/] {escape(shown)}")
        if result.state.captain:
            lines.append(f"  {labels['captain']}{labels[':']} {escape(result.state.captain)}")
        if win is None:
            lines.append(f"[dim]{labels['no-win-check']}[/]")
        else:
            lines.append(_winner_line(labels, win))
    return lines


def _winner_line(labels: dict[str, str], win: Any) -> str:
    """Return the last line of a win check: the winner, none yet, or nobody alive."""
    from rich.markup import escape

    from garou.rules.play.messages import inline

    if win.winner:
        return f"[bold green]{labels['winner']}{labels[':']}[/] {escape(inline(win.winner_name))}"
    if win.nobody_alive:
        return f"[bold]{labels['nobody-alive']}[/]"
    return f"[bold]{labels['no-winner']}[/]"


def win_command(
    game: Game = None,
    state_file: StateFile = None,
    players: Players = None,
    dead: Dead = None,
    lovers: Lovers = None,
    captain: Captain = None,
    next_: Annotated[
        str,
        typer.Option(
            "--next",
            metavar="vote|night",
            help="What comes next at the table, for the margin of error: the day's "
            "vote, or the night (the vote is over).",
        ),
    ] = "vote",
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Say who has won, if anyone, and (Mafia) how much margin of error the town has left.

    Example: garou win -g mafia -p 1=citoyen,2=citoyen,3=citoyen,4=mafia,5=don,6=sherif
    """
    from garou.rules import UsageError, resolve_language
    from garou.rules.play import check_win, situation_from_options

    language = resolve_language(lang)
    if next_ not in ("vote", "night"):
        raise UsageError(f"--next {next_!r}: use vote or night")
    situation = situation_from_options(
        state_file, game, players, dead, lovers, captain, rules_dir=rules_dir
    )
    result = check_win(situation.state, language, next_)  # type: ignore[arg-type]
    if json_:
        from ..output import print_json

        print_json({"game": situation.state.game.id, **result.as_dict(), "pending": None})
        return
    labels = _LABELS[language]
    _print(
        f"{labels['win']} · {situation.state.game.info.name.get(language)}",
        result.steps,
        language,
        lines=[_winner_line(labels, result)],
    )


def fouls_command(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[BEHAVIOUR]...",
            help="A behaviour id or words describing it (insulte, message...).",
            show_default=False,
        ),
    ] = None,
    game: Game = None,
    state_file: StateFile = None,
    players: Players = None,
    fouls: Annotated[
        list[str] | None,
        typer.Option(
            "--foul", "-f", metavar="NAME=COUNT", help="A player's fouls.", show_default=False
        ),
    ] = None,
    technical: Annotated[
        list[str] | None,
        typer.Option(
            "--technical",
            "-T",
            metavar="NAME=COUNT",
            help="A player's technical fouls.",
            show_default=False,
        ),
    ] = None,
    lang: Lang = None,
    json_: Json = False,
    rules_dir: RulesDir = None,
) -> None:
    """Say what fouls and technical fouls lead to, and what a behaviour draws (Mafia).

    Counts come from --foul/--technical or the state file's players; a behaviour is
    looked up by id or by words. With neither, every listed behaviour is shown.

    Example: garou fouls -g mafia --foul 7=3 --technical 2=1 insulte
    """
    from garou.rules import resolve_language
    from garou.rules.play import find_behaviours, foul_table_from_options, judge_fouls

    language = resolve_language(lang)
    the_game, table = foul_table_from_options(
        state_file, game, players, fouls, technical, rules_dir
    )
    behaviours = find_behaviours(the_game, " ".join(words)) if words else None
    result = judge_fouls(the_game, table, behaviours, language)
    if json_:
        from ..output import print_json

        print_json({"game": the_game.id, **result.as_dict(), "pending": None})
        return
    labels = _LABELS[language]
    _print(f"{labels['fouls']} · {the_game.info.name.get(language)}", result.steps, language)


def register(app: typer.Typer) -> None:
    """Add ``vote``, ``cascade``, ``win`` and ``fouls`` to ``app``."""
    app.command("vote", epilog=EPILOG)(vote_command)
    app.command("cascade", epilog=EPILOG)(cascade_command)
    app.command("win", epilog=EPILOG)(win_command)
    app.command("fouls", epilog=EPILOG)(fouls_command)
