"""Options shared by several commands, so that they read and behave the same everywhere."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer


def given(*flags: str, help: str, metavar: str | None = None, envvar: str | None = None) -> Any:
    """An option that is None until the user gives it, no default shown in the help: the
    declaration every command's optional value shares (``typer.Option`` with
    ``show_default=False``)."""
    return typer.Option(*flags, metavar=metavar, envvar=envvar, help=help, show_default=False)


Json = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of tables.")]
Lang = Annotated[
    str | None,
    given("--lang", "-l", help="fr or en. Default: $GAROU_LANG, else the locale, else fr."),
]
RulesDir = Annotated[
    Path | None,
    given(
        "--rules-dir",
        envvar="GAROU_RULES_DIR",
        help="A folder of your own rule files (YAML) that extends the built-in rules.",
    ),
]
Game = Annotated[
    str | None,
    given("--game", "-g", help="loup-garou or mafia."),
]


@contextmanager
def option_values() -> Iterator[None]:
    """Read a command line option's values: an id the rules do not know in one (a role of
    ``--with`` or ``--roles``, a case or option of ``--set``, a card of ``--deal``) is a bad
    value of the command line, exit 2 as docs/files-and-exit-codes.md says, with the same
    message."""
    from garou.core.errors import UnknownIdError, UsageError

    try:
        yield
    except UnknownIdError as exc:
        raise UsageError(exc.phrase or str(exc), hint=exc.hint) from None
