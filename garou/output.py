"""How commands print: rich for people, JSON for scripts, and how an error is said.

Rich is imported only by :func:`console`, so that a command printing JSON never loads it.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


def console() -> Console:
    """Return a console on standard output (plain text when it is not a terminal)."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def print_json(data: Any) -> None:
    """Print ``data`` as indented UTF-8 JSON on standard output."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _said(value: Any, lang: str) -> str | None:
    if value is None:
        return None
    say = getattr(value, "say", None)
    return say(lang) if callable(say) else str(value)


def error_lines(exc: BaseException, lang: str) -> list[str]:
    """Return a :class:`~garou.rules.GarouError` as the lines garou prints on standard
    error: ``Error: message`` (``Erreur : …`` in French), then the hint if it has one."""
    from garou.rules.catalogue import say

    message = exc.message(lang) if hasattr(exc, "message") else str(exc)
    lines = [say("error.prefix", lang, message=message)]
    hint = _said(getattr(exc, "hint", None), lang)
    if hint:
        lines.append(say("cli.hint", lang, hint=hint))
    return lines


def error_to_dict(
    exc: BaseException, lang: str, exit_code: int | None = None, **extra: Any
) -> dict[str, Any]:
    """Return an error as the JSON object garou prints with ``--json``:
    ``{"error": {"message", "where", "hint", "exit_code", "type", …}}``.

    ``where`` lists the located problems of a data file (file, line, key path, message);
    it is empty for other errors.
    """
    from garou.rules.errors import DataFileError

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
    error = {
        "message": message,
        "where": where,
        "hint": _said(getattr(exc, "hint", None), lang),
        "exit_code": exit_code,
        "type": type(exc).__name__,
    }
    error.update(extra)
    return {"error": error}
