"""Options shared by several commands, so that they read and behave the same everywhere.

No help text here: every option's help is in ``garou/core/messages/help.yaml``
(``help.option.<name>`` for the shared ones), which ``garou --help`` shows."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer


def given(*flags: str, metavar: str | None = None, envvar: str | None = None) -> Any:
    """An option that is None until the user gives it, no default shown in the help: the
    declaration every command's optional value shares (``typer.Option`` with
    ``show_default=False``). Its help text is in help.yaml, as every option's."""
    return typer.Option(*flags, metavar=metavar, envvar=envvar, show_default=False)


Json = Annotated[bool, typer.Option("--json")]
Lang = Annotated[
    str | None,
    given("--lang", "-l"),
]
RulesDir = Annotated[
    Path | None,
    given("--rules-dir", envvar="GAROU_RULES_DIR"),
]
Game = Annotated[
    str | None,
    given("--game", "-g"),
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


def option_date(value: str | None, option: str = "--date") -> str | None:
    """The ISO date of a date option (``--date``, ``--from``, ``--to``), read as every date of
    garou (``2026-12-15`` or ``15/12/2026``), or None when the option is not given; a value
    that is no date is the command line's error (exit 2), saying how to write one."""
    if value is None:
        return None
    from garou.core.errors import UsageError
    from garou.houserules.agreement import iso_date

    date = iso_date(value)
    if date is None:
        raise UsageError("core.date.option", value=value, option=option)
    return date
