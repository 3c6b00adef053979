"""One searcher on the built-in rules per test module of the search."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import builtin_searcher


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A searcher on the built-in rules, its index in the module's own cache folder."""
    with builtin_searcher(tmp_path_factory.mktemp("cache")) as opened:
        yield opened
