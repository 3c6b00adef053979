"""How commands print: rich for people, JSON for scripts, and how an error is said.

Rich is imported only by :func:`console`, so that a command printing JSON never loads it.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


NO_BREAK_SPACES = "\u00a0\u202f\u2007"
"""The spaces a line never breaks at: French typography's no-break space before ``: ; ? !``
and inside « » (the catalogue's), the narrow one, the figure space."""


def console(*, stderr: bool = False) -> Console:
    """Return a console on standard output (or error), plain text when it is not a
    terminal, that never breaks a line at a no-break space (:func:`keep_no_break_spaces`)."""
    from .loading import Loading

    with Loading():  # Rich, loaded for the rest of the run
        from rich.console import Console

    keep_no_break_spaces()
    look_up_emoji_only_when_named()
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def print_line(text: str) -> None:
    """Print ``text`` as one line on standard output, unwrapped and not read as markup,
    exactly as ``console().print(text, markup=False, soft_wrap=True)`` prints it, without
    loading Rich for it where Rich would print it as it is.

    Rich would print such a line unchanged when it holds no control character (Rich drops
    some, expands tabs) and no ``:name:`` emoji code (Rich replaces known names): such a
    line is written here directly; any other goes to Rich. A command whose only words are
    one line of this kind (``garou print``: "sheet.html written") so never imports Rich.
    """
    import re

    plain = all(" " <= ch != "\x7f" for ch in text) and re.search(_EMOJI_CODE, text) is None
    if not plain:
        console().print(text, markup=False, soft_wrap=True)
        return
    sys.stdout.write(text + "\n")


def print_hint(out: Console, text: str, style: str = "") -> None:
    """Print a line that holds a command for the user to type (``next: garou game add …``)
    as one line, never wrapped at the terminal's (or 80 columns') width, nor read as markup:
    what garou prints to be typed is copied whole (docs/index.md)."""
    from rich.text import Text

    out.print(Text(text, style=style), soft_wrap=True)


def keep_no_break_spaces() -> None:
    """Make Rich's line wrapping treat the :data:`NO_BREAK_SPACES` as part of a word.

    Rich cuts a text into words at ``\\s``, which matches U+00A0 and U+202F, so a panel or
    a table cell could start a line with the ':' or '?' that French typography binds to the
    word before, or end one with '«'; a text that reaches the console with an ordinary
    space there (the rule data's, typeset by the web and the sheets only) is kept whole
    too. Rich reads its word pattern from ``rich._wrap``
    (``re_word``) for every wrap (Text.wrap → divide_line): it is replaced once, here, by
    the same pattern whose spaces are the breakable ones only. Idempotent; a Rich without
    that pattern is left alone (tests/test_fixes.py renders French panels and fails then).
    """
    import re

    from rich import _wrap

    breakable = f"[^\\S{NO_BREAK_SPACES}]"
    # A text written with ordinary spaces (the rule data's) keeps them, never broken
    # either: a space before : ; ? ! » or after « belongs to the word beside it.
    glued = rf"{breakable}+(?=[:;?!»])|(?<=«){breakable}+"
    pattern = re.compile(rf"{breakable}*(?:[^\s]|[{NO_BREAK_SPACES}]|{glued})+{breakable}*")
    if isinstance(getattr(_wrap, "re_word", None), re.Pattern):
        _wrap.re_word = pattern


_EMOJI_CODE = r":\S*?:"
r"""What any emoji code (``:smile:``, ``:smile-emoji:``) matches: Rich's own pattern,
``(:(\S*?)(?:(?:\-)(emoji|text))?:)``, matches nothing a text without this holds."""


def look_up_emoji_only_when_named() -> None:
    """Make Rich load its table of emoji names only for a text that holds an emoji code.

    Rich replaces ``:name:`` codes in every text it renders from markup (and every string
    printed), and loads its 3,600-name table (``rich._emoji_codes``, about 2% of a start)
    to do so even when the text holds no code at all. Its replacement function
    (``rich.markup._emoji_replace``, also ``rich.console``'s) is wrapped, once, by one that
    returns a text without any ``:…:`` as it is, as Rich would, and hands every other text
    to Rich's: the same output, without the table where there is nothing to look up.
    Idempotent; a Rich without that function is left alone.
    """
    import re

    from rich import console as rich_console
    from rich import markup

    real = getattr(markup, "_emoji_replace", None)
    if real is None or getattr(real, "garou_wrapped", False):
        return
    search = re.compile(_EMOJI_CODE).search

    def emoji_replace(text: str, *args: Any, **kwargs: Any) -> str:
        return text if search(text) is None else str(real(text, *args, **kwargs))

    emoji_replace.garou_wrapped = True  # type: ignore[attr-defined]
    markup._emoji_replace = emoji_replace
    if getattr(rich_console, "_emoji_replace", None) is real:
        rich_console._emoji_replace = emoji_replace  # type: ignore[attr-defined]


def json_text(data: Any, indent: int | None = 2) -> str:
    """Return ``data`` as the command line writes JSON: strict (``allow_nan=False``: never
    ``NaN`` nor ``Infinity``, which no JSON reader reads; such a value is refused, as every
    reader of numbers refuses it first), UTF-8 text, indented."""
    from garou.core.errors import GarouError

    try:
        return json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False)
    except ValueError:
        raise GarouError("cli.json-not-finite") from None


def print_json(data: Any) -> None:
    """Print ``data`` as indented UTF-8 JSON on standard output (:func:`json_text`)."""
    sys.stdout.write(json_text(data) + "\n")


def _said(value: Any, lang: str) -> str | None:
    if value is None:
        return None
    say = getattr(value, "say", None)
    return say(lang) if callable(say) else str(value)


def error_lines(exc: BaseException, lang: str) -> list[str]:
    """Return a :class:`~garou.rules.GarouError` as the lines garou prints on standard
    error: ``Error: message`` (``Erreur : …`` in French), then the hint if it has one."""
    from garou.core.catalogue import say

    message = exc.message(lang) if hasattr(exc, "message") else str(exc)
    lines = [say("error.prefix", lang, message=message)]
    hint = _said(getattr(exc, "hint", None), lang)
    if hint and hint not in message:  # a message that says its hint already: said once
        lines.append(say("cli.hint", lang, hint=hint))
    return lines


def error_json(
    exc: BaseException, lang: str, exit_code: int | None = None, **extra: Any
) -> dict[str, Any]:
    """Return an error as the JSON object garou prints with ``--json``:
    ``{"error": {"message", "where", "hint", "exit_code", "type", …}}``.

    ``where`` lists the located problems of a data file (file, line, key path, message);
    it is empty for other errors.
    """
    from garou.core.errors import DataFileError

    where: list[dict[str, Any]] = []
    if isinstance(exc, DataFileError):
        for problem in exc.problems:
            message = problem.message
            where.append(
                {
                    "file": problem.file,
                    "line": problem.line,
                    "path": problem.path or None,
                    "message": message if isinstance(message, str) else message.say(lang),
                }
            )
    if exit_code is None:
        exit_code = int(getattr(exc, "exit_code", 1))
    message = exc.message(lang) if hasattr(exc, "message") else str(exc)
    if getattr(exc, "event_kind", None):  # an earlier event a correction made illegal
        where.append(
            {
                "file": None,
                "line": None,
                "path": None,
                "event": exc.seq,  # type: ignore[attr-defined]
                "kind": exc.event_kind,  # type: ignore[attr-defined]
                "message": message,
            }
        )
    error = {
        "message": message,
        "where": where,
        "hint": _said(getattr(exc, "hint", None), lang),
        "exit_code": exit_code,
        "type": type(exc).__name__,
    }
    error.update(extra)
    return {"error": error}
