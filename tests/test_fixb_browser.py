"""Finding 20 of the fixb wave, in a real browser at a phone's size: the nav bar fits."""

from __future__ import annotations

import pytest

from tests.web.test_pages_in_browser import (
    PHONE,
    browser,
    downloads,
    pytestmark,
    screenshot,
    server,
    until,
)

__all__ = ["browser", "downloads", "server"]  # the fixtures, used by name
pytestmark = pytestmark  # the browser mark and its skips

PAGES = ["/search", "/cheatsheet?game=mafia", "/setup", "/house", "/game"]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("path", PAGES)
def test_every_nav_link_is_whole_on_a_phone(browser, server, path, lang):
    joiner = "&" if "?" in path else "?"
    browser.get(f"{server}{path}{joiner}lang={lang}")
    boxes = until(browser, lambda d: d.execute_script(
        "const nav = document.querySelector('.bar nav');"
        "return [...nav.querySelectorAll('a')].map(a => {const r = a.getBoundingClientRect();"
        " return {text: a.textContent, left: r.left, right: r.right, top: r.top,"
        " visible: document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)"
        " === a || a.contains(document.elementFromPoint((r.left + r.right) / 2,"
        " (r.top + r.bottom) / 2))};});"
    ), "the nav links' boxes")  # fmt: skip
    assert len(boxes) == 5
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box
        assert box["visible"], box  # not hidden under another element, nor scrolled away
    screenshot(browser, f"fixb-nav-{path.strip('/').split('?')[0]}-{lang}")
