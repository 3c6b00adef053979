"""The project's exceptions and exit codes.

Every package raises a subclass of :class:`GarouError`; the command line turns it into
one ``Error: ...`` line and the exit code it carries, in one place (``garou.cli.app``).
"""

from __future__ import annotations

import re
import reprlib
import unicodedata
from collections.abc import Mapping
from enum import IntEnum
from itertools import islice
from typing import TYPE_CHECKING, Any

from .records import record

if TYPE_CHECKING:
    from .catalogue import Phrase


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
    """Base class of every error garou reports to a user.

    Raise it with a catalogue key and its values, ``UnknownIdError("error.unknown-entry",
    id=x)``, or with a :class:`~garou.core.catalogue.Phrase`; the command line says it in
    the user's language with :meth:`message`. ``hint`` says how to fix it.
    """

    exit_code: ExitCode = ExitCode.FAILURE

    def __init__(self, key: str | Phrase = "", /, *, hint: Phrase | None = None, **values: Any):
        from .catalogue import Phrase, has, phrase

        if isinstance(key, Phrase):
            self.phrase: Phrase | None = key
        elif key and has(key):
            # phrase() takes a ``count`` value as the plural selector and the {count} field.
            self.phrase = phrase(key, **values)
        else:
            # A literal English sentence: the old way, left only where the catalogue does
            # not reach yet (tests/test_catalogue.py lists what remains).
            self.phrase = None
        self.hint = hint
        super().__init__(key if self.phrase is None else self.phrase.key)

    def message(self, lang: str) -> str:
        """Return the error's message in ``lang``."""
        if self.phrase is None:
            return str(self.args[0]) if self.args else ""
        return self.phrase.say(lang)

    def __str__(self) -> str:
        return self.message("en")


class Interrupted(GarouError):
    """Raised when the user pressed Ctrl-C, with what a command has to say about it (what
    was kept): reported by the command line like any error, as one line on standard error
    or, with ``--json``, as the JSON error object, and exit code 130. Without a key it says
    ``error.interrupted``."""

    exit_code = ExitCode.INTERRUPTED

    def __init__(self, key: str | Phrase = "error.interrupted", /, **values: Any):
        super().__init__(key, **values)


class UsageError(GarouError):
    """Raised when a value given on the command line cannot be used."""

    exit_code = ExitCode.USAGE


class UnknownGameError(UsageError):
    """Raised when a game id names no loaded game."""


class UnknownLanguageError(UsageError):
    """Raised when a language is neither French nor English."""


class UnknownIdError(GarouError):
    """Raised when an entry, role or option id is not in the rules."""


class ReadError(GarouError):
    """Raised when a file or folder garou must read cannot be read (permissions, a device)."""


def safe_text(text: str) -> str:
    """Return ``text`` fit to print: undecodable bytes of a file name as ``\\xff``, control
    characters (newlines, terminal escapes) as ``\\x1b``; everything else unchanged."""
    out = []
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (os.fsdecode's escape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0xD800 <= code <= 0xDFFF or unicodedata.category(char) == "Cc":
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


class _Flow(reprlib.Repr):
    """A value as YAML's flow style writes it (``{cause: noyade}``, ``[a, b]``, ``null``),
    the way the user typed it in their file, not Python's repr (``{'cause': 'noyade'}``);
    bounded like any :class:`reprlib.Repr` (so many items, so many levels, then ``…``)."""

    _FIRST = r"[^\s'\"{}\[\],:#&*!|>%@`-]"  # what a plain scalar may not start with
    _PLAIN = re.compile(rf"{_FIRST}[^{{}}\[\],:#]*(?<=\S)|{_FIRST}")

    def repr1(self, x: Any, level: int) -> str:
        if x is None:
            return "null"
        if isinstance(x, bool):
            return "true" if x else "false"
        if isinstance(x, str):
            text = x if len(x) <= self.maxstring else x[: self.maxstring - 1] + "…"
            return text if self._PLAIN.fullmatch(text) else "'" + text.replace("'", "''") + "'"
        if isinstance(x, Mapping):
            if not x:
                return "{}"
            if level <= 0:
                return "{…}"
            pairs = [
                f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}"
                for k, v in islice(x.items(), self.maxdict)
            ]
            return "{" + ", ".join(pairs + (["…"] if len(x) > self.maxdict else [])) + "}"
        if isinstance(x, list | tuple):
            if not x:
                return "[]"
            if level <= 0:
                return "[…]"
            items = [self.repr1(v, level - 1) for v in islice(x, self.maxlist)]
            return "[" + ", ".join(items + (["…"] if len(x) > self.maxlist else [])) + "]"
        return super().repr1(x, level)


_SHORT = _Flow()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 2, 4, 4, 4
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 60, 60, 40


def shown(value: Any, width: int = 60) -> str:
    """Return ``value`` as quoted in a message: its repr, at most ``width`` characters.

    Built without expanding the value (a YAML alias bomb is a small object that repr would
    turn into gigabytes), and printable: control characters are escaped.
    """
    text = value if isinstance(value, str) else _SHORT.repr(value)
    if isinstance(value, str):
        text = repr(value if len(value) <= width else value[: width - 1] + "…")
    if len(text) > width + 2:
        text = text[: width - 1] + "…"
    return safe_text(text)


@record
class Problem:
    """One problem found in a data file: where it is, what it is, how to fix it."""

    file: str
    line: int | None
    path: str
    message: str | Phrase

    @property
    def where(self) -> str:
        """Return "file:line (key path)"."""
        file = safe_text(self.file)
        where = file if self.line is None else f"{file}:{self.line}"
        return where + (f" ({self.path})" if self.path else "")

    def say(self, lang: str) -> str:
        """Return the problem in ``lang``: where, then what."""
        text = self.message if isinstance(self.message, str) else self.message.say(lang)
        return f"{self.where}: {text}"

    def __str__(self) -> str:
        return self.say("en")


class DataFileError(GarouError):
    """Raised when one or more data files (rules, setup, agreement, state) are invalid."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__()

    def message(self, lang: str) -> str:
        """Return every problem in ``lang``, one a line after a count when there are several."""
        from .catalogue import say

        if len(self.problems) == 1:
            return self.problems[0].say(lang)
        lines = [say("error.problems", lang, count=len(self.problems))]
        lines += [f"  - {p.say(lang)}" for p in self.problems]
        return "\n".join(lines)
