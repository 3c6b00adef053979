"""The rules and the search index, opened once for the server and shared by its threads.

The rule book is read-only once loaded, so one is shared. A search index reader is not
meant for several threads at once, so each server thread opens its own
:class:`garou.lookup.Searcher` (the same search as ``garou search``) on first use.
Changes to the rule files are seen on the next start of ``garou serve``.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from garou.lookup import Searcher, SearchResult
    from garou.rules import Rulebook


class Library:
    """The rules of the server (built-in, plus ``rules_dir``) and their search index."""

    def __init__(self, rules_dir: str | Path | None = None):
        self.rules_dir = rules_dir
        self._book: Rulebook | None = None
        self._lock = threading.Lock()
        self._local = threading.local()
        self._searchers: list[Searcher] = []

    def book(self) -> Rulebook:
        """Return the rule book (loaded on first use; DataFileError if the files are bad)."""
        if self._book is None:
            from garou.rules import load_rules

            with self._lock:
                if self._book is None:
                    self._book = load_rules(self.rules_dir)
        return self._book

    def searcher(self) -> Searcher:
        """Return this thread's searcher (opened on first use)."""
        found: Searcher | None = getattr(self._local, "searcher", None)
        if found is None:
            from garou.lookup import Searcher

            found = Searcher(self.rules_dir)
            self._local.searcher = found
            with self._lock:
                self._searchers.append(found)
        return found

    def search(
        self,
        query: str,
        game: str | None,
        kind: str | None,
        limit: int,
        lang: str,
        explain: bool = False,
    ) -> SearchResult:
        """Answer ``query`` as ``garou search`` does (UsageError for an empty query);
        ``explain``: with why each hit and the verdict (``garou search --explain``)."""
        return self.searcher().search(
            query, game=game, kind=kind, limit=limit, lang=lang, explain=explain
        )

    def say(self, key: str, lang: str, **values: Any) -> str:
        """Return the search's catalogue message ``key`` (``Searcher.say``)."""
        return self.searcher().say(key, lang, **values)

    def close(self) -> None:
        """Close every searcher opened (at the end of the server)."""
        with self._lock:
            searchers, self._searchers = self._searchers, []
        for searcher in searchers:
            with contextlib.suppress(Exception):  # closing at exit: nothing to tell the user
                searcher.close()
