"""The CLI reference of the manual, written from the help the commands show.

``python -m garou.cli.reference`` (from the checkout root) writes ``docs/cli-reference.md``:
every command's ``--help`` in English, built by :mod:`garou.cli.app` from ``help.yaml`` as
a terminal of 80 columns shows it. ``tests/cli/test_reference.py`` fails when the
file is not what this writes.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REFERENCE = Path("docs") / "cli-reference.md"
"""Where the reference is written, from the checkout root."""

WIDTH = 78
"""The width the help is wrapped to, as a terminal of 80 columns or more shows it (click's
default), so that the file is the same on every machine."""

LANG = "en"


def commands() -> Iterator[tuple[list[str], Any, Any]]:
    """Yield (path, command, context) for ``garou`` and every command below it, in the
    order of ``garou --help``."""
    import typer
    from typer._click import Context

    from garou.cli.app import app

    root = typer.main.get_command(app)
    settings = {**root.context_settings, "terminal_width": WIDTH}
    yield from _walk([], root, Context(root, info_name="garou", **settings))


def _walk(path: list[str], command: Any, ctx: Any) -> Iterator[tuple[list[str], Any, Any]]:
    from typer._click import Context

    yield path, command, ctx
    if hasattr(command, "list_commands"):
        for name in command.list_commands(ctx):
            child = command.get_command(ctx, name)
            yield from _walk([*path, name], child, Context(child, info_name=name, parent=ctx))


def reference() -> str:
    """Return the text of ``docs/cli-reference.md``."""
    from garou.cli import app as frame
    from garou.cli.app import _short_help

    before, frame._frame.lang = frame._frame.lang, LANG
    try:
        found = list(commands())
        lines = [
            "# CLI reference",
            "",
            "<!-- Written by `python -m garou.cli.reference` from garou/core/messages/help.yaml:"
            " edit the help there, then run it. -->",
            "",
            "Every command's `--help`, in English (`--lang fr` gives it in French). The manual's",
            "other pages say what the commands are for; this one lists every option.",
            "",
            "| command | what it does |",
            "| --- | --- |",
        ]
        for path, _, _ in found[1:]:
            name = " ".join(["garou", *path])
            lines.append(f"| [`{name}`](#{_anchor(name)}) | {_short_help(path)} |")
        for path, command, ctx in found:
            name = " ".join(["garou", *path])
            text = command.get_help(ctx).rstrip("\n")
            lines += ["", f"## {name}", "", "```text", text, "```"]
        return "\n".join(lines) + "\n"
    finally:
        frame._frame.lang = before


def _anchor(title: str) -> str:
    """Return the id MkDocs (Python-Markdown's toc) gives a heading such as ``garou game add``."""
    return "-".join(title.split())


def main(argv: list[str] | None = None) -> int:
    """Write the reference to ``argv[0]`` (default: docs/cli-reference.md)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else REFERENCE
    target.write_text(reference(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
