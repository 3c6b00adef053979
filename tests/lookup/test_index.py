"""The search index cache: a lock held by another process never holds a search up."""

from __future__ import annotations

import subprocess
import sys
import time

from garou.lookup import Searcher
from garou.lookup import index as lookup_index


def test_a_search_waits_a_couple_of_seconds_at_most_behind_a_held_lock_then_answers_quietly(
    tmp_path, monkeypatch
):
    from filelock import FileLock

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("GAROU_RULES_DIR", raising=False)
    root = lookup_index.cache_root()
    root.mkdir(parents=True)
    told: list = []
    held = subprocess.Popen(
        [sys.executable, "-c", "import time; from filelock import FileLock; "
         f"lock = FileLock({str(root / '.index.lock')!r}); lock.acquire(); print(1, flush=True); "
         "time.sleep(60)"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert held.stdout is not None and held.stdout.readline().strip() == "1"
        start = time.monotonic()
        with Searcher(notify=told.append) as opened:
            assert opened.search("vote").hits
            notices = list(opened.notices)
            private = opened.path
        waited = time.monotonic() - start
        assert waited < lookup_index.SEARCH_WAIT + 5  # the wait, then a private build
        assert told == [] and notices == []  # nothing alarming: the cache is not at fault
        assert not private.exists()  # the temporary index is gone with the search
    finally:
        held.kill()
        held.wait()
    assert FileLock(str(root / ".index.lock")).acquire(timeout=1)
