"""The page's language: ``?lang=fr|en``, else the one chosen before, else the browser's.

Every word a page shows comes from the catalogue (``core/messages/web.yaml``, keys
``web.*``), said in that language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from garou.core.catalogue import LANGUAGES, say

LANG_PARAM = "lang"
"""The query parameter that switches the language."""
LANG_COOKIE = "garou_lang"
"""The cookie remembering the language chosen with ``?lang=``."""
DEFAULT_LANG = "fr"
"""The language when nothing says otherwise (the documents are French)."""


def from_accept_language(header: str | None) -> str | None:
    """Return the first of our languages the browser's ``Accept-Language`` prefers."""
    if not header:
        return None
    weighted: list[tuple[float, int, str]] = []
    for position, item in enumerate(header.split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and quality > 0:
            weighted.append((-quality, position, base))
    return min(weighted)[2] if weighted else None


def choose(
    asked: str | None, cookie: str | None, accept: str | None, default: str = DEFAULT_LANG
) -> str:
    """Return the page's language: asked (already checked), cookie, browser, else
    ``default`` (the server's ``--lang``)."""
    for candidate in (asked, cookie):
        if candidate in LANGUAGES:
            return str(candidate)
    return from_accept_language(accept) or (default if default in LANGUAGES else DEFAULT_LANG)


def translator(lang: str) -> Callable[..., str]:
    """Return ``t(key, count=None, **values)``: a catalogue message said in ``lang``."""

    def t(key: str, count: int | None = None, **values: Any) -> str:
        return say(key, lang, count=count, **values)

    return t
