"""Tests of ``garou/game/recap.py``."""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO

GAMES = sorted((REPO / "tests" / "data" / "games").glob("*.yaml"))


ARTICLE_AFTER_LABEL = {
    "fr": re.compile(r"\S\s?[:;]\s(Le|La|Les|L['’])[\s\w]"),
    "en": re.compile(r"\S[:;]\s(The)\s"),
}
"""A capitalised article after a label's colon, mid-line: a value glued outside ``say``."""


def _text(page: str) -> list[str]:
    import html

    return [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in page.splitlines()]


@pytest.mark.parametrize("record", GAMES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_recap_label_line_keeps_its_value_s_capital_article(garou, tmp_path, record, lang):
    db = str(tmp_path / "g.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    shown = {}
    for fmt in ("terminal", "md", "html"):
        args = [] if fmt == "terminal" else ["--format", fmt, "-o", "-"]
        run = garou("game", "recap", *args, "--db", db, "--lang", lang)
        assert run.exit_code == 0, run.stderr
        shown[fmt] = _text(run.stdout)
    winner = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()["winner"]
    for fmt, lines in shown.items():
        wrong = [ln for ln in lines if ARTICLE_AFTER_LABEL[lang].search(ln)]
        assert not wrong, (fmt, wrong)
        if winner:  # the winner's line is there, in every format, the camp's name said
            article = re.match(r"(Le|La|Les|L'|The) ", winner)
            mid = winner[0].lower() + winner[1:] if article else winner
            assert any(mid in ln for ln in lines), (fmt, winner)
