"""Search the rulings of both games: a Whoosh index, cached per rule set, and its queries.

Whoosh objects never leave this package: callers get :class:`SearchResult` and
:class:`Hit` records (``SearchResult.answered``: do the rules answer this?), and
:class:`IndexStatus` for the cache. The names are loaded on first use: importing
the package imports no search engine.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from .index import IndexStatus, SearchIndexError, cache_root, status
    from .searcher import Hit, HitOption, Related, Searcher, SearchResult
    from .vocabulary import Outside

_WHERE = {
    "IndexStatus": "index", "SearchIndexError": "index", "cache_root": "index",
    "status": "index", "Hit": "searcher", "HitOption": "searcher", "Related": "searcher",
    "Searcher": "searcher", "SearchResult": "searcher", "Outside": "vocabulary",
}  # fmt: skip


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def rebuild(
    rules_dir: str | Path | None = None, notify: Callable[[Any], None] | None = None
) -> IndexStatus:
    """Rebuild the index of the current rules in the cache now; return its status, with
    the time it took. ``notify`` is told (a catalogue phrase) when another process holds
    the cache's lock. Raise SearchIndexError (where and why) when the cache cannot hold
    it, DataFileError when the rule files are invalid."""
    import time

    from .index import IndexStatus, rebuild_cached

    start = time.perf_counter()
    opened = rebuild_cached(rules_dir, notify)
    seconds = time.perf_counter() - start
    opened.close()
    return IndexStatus(opened.path, True, opened.entries, seconds=seconds)


__all__ = [
    "Hit",
    "HitOption",
    "IndexStatus",
    "Outside",
    "Related",
    "SearchIndexError",
    "SearchResult",
    "Searcher",
    "cache_root",
    "rebuild",
    "status",
]
