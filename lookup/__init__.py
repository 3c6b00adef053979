"""Search the rulings of both games: a Whoosh index, cached per rule set, and its queries.

Whoosh objects never leave this package: callers get :class:`SearchResult` and
:class:`Hit` records, and :class:`IndexStatus` for the cache.
"""

from pathlib import Path

from .index import IndexStatus, SearchIndexError, cache_root, status
from .searcher import Hit, HitOption, Judgement, Related, Searcher, SearchResult, judge, search
from .vocabulary import Outside, outside_of


def rebuild(rules_dir: str | Path | None = None) -> IndexStatus:
    """Rebuild the index of the current rules in the cache now; return its status, with
    the time it took. Raise SearchIndexError (where and why) when the cache cannot hold
    it, DataFileError when the rule files are invalid."""
    import time

    from .index import rebuild_cached

    start = time.perf_counter()
    opened = rebuild_cached(rules_dir)
    seconds = time.perf_counter() - start
    opened.close()
    return IndexStatus(opened.path, True, opened.entries, seconds=seconds)


__all__ = [
    "Hit",
    "HitOption",
    "IndexStatus",
    "Judgement",
    "Outside",
    "Related",
    "SearchIndexError",
    "SearchResult",
    "Searcher",
    "cache_root",
    "judge",
    "outside_of",
    "rebuild",
    "search",
    "status",
]
