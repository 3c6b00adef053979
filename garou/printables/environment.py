"""The one Jinja environment of garou's printables, and the filters its templates use."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from jinja2 import (
    BytecodeCache,
    Environment,
    PackageLoader,
    StrictUndefined,
    pass_context,
    select_autoescape,
)
from jinja2.runtime import Context

from garou.core.catalogue import say

FONTS = Path(__file__).parent / "fonts"
"""The fonts the sheets are laid out with (package data, with their licence)."""

_MD_SPECIAL = re.compile(r"([\\`*_\[\]{}<>#|~!&])")
_MD_LINE_START = re.compile(r"^([-+=]|\d+(?=[.)]))")


def escape_markdown(value: object) -> str:
    """Return ``value`` as Markdown text that shows as written: specials escaped, one line.

    Line breaks become spaces, so that a value never starts a list or breaks a table row.
    """
    text = " ".join(str(value).split())
    text = _MD_SPECIAL.sub(r"\\\1", text)
    # A value must not open a list or a heading underline where it starts a line.
    start = _MD_LINE_START.match(text)
    if start is None:
        return text
    if text[0].isdigit():  # "1." opens a list; "1\." does not ("\1" is no escape)
        return text[: start.end()] + "\\" + text[start.end() :]
    return "\\" + text


def font_url(name: str) -> str:
    """Return the ``file:`` URL of the packaged font ``name``, for ``@font-face``.

    The URL is resolved from the installed package, wherever it is, so that WeasyPrint and a
    browser opening the written page load the same font files.
    """
    path = (FONTS / name).resolve()
    if path.parent != FONTS.resolve() or not path.is_file():
        raise ValueError(f"no packaged font {name!r}")
    return path.as_uri()


@pass_context
def say_in_context(context: Context, key: str, count: int | None = None, **values: object) -> str:
    """Return catalogue message ``key`` in the language of the page (its ``lang``)."""
    return say(key, context["lang"], count=count, **values)


def _bytecode_cache() -> BytecodeCache | None:
    """Return a cache of the compiled templates in garou's cache folder, or None.

    Compiling the sheets' templates is most of a ``garou print`` run; Jinja keys each
    compiled template by its name and a checksum of its source, so an edited template is
    compiled again. Like the rules cache, garou's folder is only made inside an existing
    user cache folder, and an unusable one means compiling on each run.
    """
    from jinja2 import FileSystemBytecodeCache

    from garou.core.files import caching, made_cache_folder

    if not caching():
        return None
    try:
        folder = made_cache_folder("templates")
    except OSError:
        return None
    return FileSystemBytecodeCache(str(folder))


@lru_cache(maxsize=1)
def make_environment() -> Environment:
    """Return the Jinja environment of the printables (templates are package data).

    HTML templates are autoescaped; Markdown templates escape every value with ``|md``.
    Any undefined name is an error, never an empty string. Every word comes from the
    message catalogue: ``{{ t('sheet.night') }}`` (a global) says a key in the page's
    ``lang``, which every render passes.
    """
    env = Environment(
        loader=PackageLoader("garou.printables", "templates"),
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=_bytecode_cache(),
    )
    env.filters["md"] = escape_markdown
    env.globals["font_url"] = font_url
    env.globals["t"] = say_in_context
    return env
