"""The ``garou`` command: a thin shell over the rules, lookup, houserules and printables.

Errors raised by the libraries are turned into one ``Error: ...`` line and an exit code
here, in :class:`GarouGroup`, and nowhere else.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import typer
from typer.core import TyperGroup

from garou.rules.errors import ExitCode, GarouError

from .commands import browse, check, club, game, house, play, printing, search, serve

EXIT_CODES_HELP = (
    "Exit codes: 0 success; 1 a check failed or the input (file, id, setup) is wrong; "
    "2 the command line is wrong; 130 interrupted."
)


class GarouGroup(TyperGroup):
    """The command group that reports every garou error in one place."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (GarouError, KeyboardInterrupt, typer.Abort) as exc:
            # typer.Abort is what a prompt raises on Ctrl-C or Ctrl-D (end of input).
            raise typer.Exit(report_error(exc)) from None


def report_error(exc: BaseException) -> int:
    """Print ``exc`` as one line on standard error and return the exit code it calls for."""
    if isinstance(exc, GarouError):
        typer.echo(f"Error: {exc}", err=True)
        return int(exc.exit_code)
    typer.echo("\nInterrupted: nothing was written.", err=True)
    return int(ExitCode.INTERRUPTED)


app = typer.Typer(
    cls=GarouGroup,
    name="garou",
    help=(
        "Rules lookup and disputes assistant for Loup-Garou (Werewolf) and sports Mafia.\n\n"
        "Example: garou search chasseur amoureux\n\n" + EXIT_CODES_HELP
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)

for module in (search, browse, check, house, play, printing, game, club, serve):
    module.register(app)


def main(argv: list[str] | None = None) -> None:
    """Run the ``garou`` command line."""
    args = list(argv) if argv is not None else sys.argv[1:]
    if sys.stdin is None:  # started with standard input closed: read it as empty
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115
    try:
        if args[:1] == ["search"]:
            # Fast path: a plain search runs without invoking the Typer app (a quicker
            # start, measured by bench/search.py); anything else is the Typer command's.
            try:
                code = search.fast_search(args[1:])
            except (GarouError, KeyboardInterrupt) as exc:
                code = report_error(exc)
            if code is not None:
                raise SystemExit(code)
        app(args=args, prog_name="garou")
    except OSError as exc:  # the output could not be written: a full disk, a closed pipe
        where = f" ({exc.filename})" if exc.filename else ""
        typer.echo(f"Error: cannot write the output{where}: {exc.strerror or exc}", err=True)
        raise SystemExit(int(ExitCode.FAILURE)) from None
