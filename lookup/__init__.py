"""Search the rulings of both games: a Whoosh index, cached per rule set, and its queries.

Whoosh objects never leave this package: callers get :class:`SearchResult` and
:class:`Hit` records, and :class:`IndexStatus` for the cache.
"""

from pathlib import Path

from .index import IndexStatus, SearchIndexError, cache_root, status
from .searcher import Hit, HitOption, Related, Searcher, SearchResult, search


def rebuild(rules_dir: str | Path | None = None) -> IndexStatus:
    """Rebuild the index of the current rules now; return its status."""
    from .index import open_index

    open_index(rules_dir, rebuild=True).close()
    return status(rules_dir)


__all__ = [
    "Hit",
    "HitOption",
    "IndexStatus",
    "Related",
    "SearchIndexError",
    "SearchResult",
    "Searcher",
    "cache_root",
    "rebuild",
    "search",
    "status",
]
