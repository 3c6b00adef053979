"""The project's exceptions and exit codes.

Every package raises a subclass of :class:`GarouError`; the command line turns it into
one ``Error: ...`` line and the exit code it carries, in one place (``garou.cli``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class ExitCode(IntEnum):
    """Exit codes of every ``garou`` command."""

    OK = 0
    #: A check failed, or the input (a file, an id, a setup) is wrong.
    FAILURE = 1
    #: The command line itself is wrong: unknown option, bad value, missing argument.
    USAGE = 2
    #: The user pressed Ctrl-C; nothing was written.
    INTERRUPTED = 130


class GarouError(Exception):
    """Base class of every error garou reports to a user."""

    exit_code: ExitCode = ExitCode.FAILURE


class UsageError(GarouError):
    """Raised when a value given on the command line cannot be used."""

    exit_code = ExitCode.USAGE


class UnknownGameError(UsageError):
    """Raised when a game id names no loaded game."""


class UnknownLanguageError(UsageError):
    """Raised when a language is neither French nor English."""


class UnknownIdError(GarouError):
    """Raised when an entry, role or option id is not in the rules."""


@dataclass(frozen=True)
class Problem:
    """One problem found in a data file: where it is, what it is, how to fix it."""

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        key = f" ({self.path})" if self.path else ""
        return f"{where}{key}: {self.message}"


class DataFileError(GarouError):
    """Raised when one or more data files (rules, setup, agreement, state) are invalid."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__(self._summary())

    def _summary(self) -> str:
        if len(self.problems) == 1:
            return str(self.problems[0])
        lines = [f"{len(self.problems)} problems in the data files:"]
        lines += [f"  - {p}" for p in self.problems]
        return "\n".join(lines)
