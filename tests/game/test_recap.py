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


@pytest.mark.parametrize(("lang", "said"), [("en", "Nobody is left alive"),
                                            ("fr", "Plus personne n'est en vie")])  # fmt: skip
def test_a_game_that_ends_with_nobody_alive_is_over_in_the_recap(book, tmp_path, lang, said):
    """The wolf's victim, the hunter, shoots the wolf: nobody is left, the game is over
    without a winner, never "the game goes on"."""
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.recap import build_recap

    start = {"game": "loup-garou", "name": None, "players": ["Ana", "Bob"], "table": None,
             "date": None, "roles": {"loup-garou": 1, "chasseur": 1}, "agreement": {},
             "deal": {"Ana": "loup-garou", "Bob": "chasseur"}}  # fmt: skip
    with open_journal(tmp_path / "g.sqlite", create=True) as journal:
        game_id = session.new_game(journal, book, start)
        session.record(journal, book, game_id, "kill", {"victim": "Bob"})
        session.record(journal, book, game_id, "dawn", {"shoot": {"Bob": "Ana"}})
        recap = build_recap(session.load(journal, book, game_id, lang), game_id, lang)
    assert recap.over and recap.winner is None
    assert recap.winner_line is not None and recap.winner_line.startswith(said)
