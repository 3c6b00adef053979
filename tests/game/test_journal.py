"""Tests of ``garou/game/journal.py``."""

from __future__ import annotations

import pytest

pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")

from garou.game.journal import open_journal  # noqa: E402
from tests.web import test_mafia as mf  # noqa: E402

pytestmark = pytest.mark.usefixtures("private_cache")


def test_two_forms_of_one_page_sent_at_once_record_only_the_first(db, book, clock):
    """The check is inside the journal's write: a form whose page count was right when the
    route looked, but wrong by the time it is recorded, is refused there too."""
    from garou.game import session
    from garou.game.errors import StaleFormError

    game_id = mf.new_game(db, book, mf.load(mf.GAMES / "mafia-town-wins.yaml"))
    with open_journal(db) as journal:
        seen = len(journal.events(game_id))
        session.record_form(journal, book, game_id, "a", "day", {}, "en", seen=seen)
        with pytest.raises(StaleFormError):
            session.record_form(
                journal, book, game_id, "b", "speech", {"player": "Ana", "seconds": 60}, "en",
                seen=seen,
            )  # fmt: skip
        assert [e.kind for e in journal.events(game_id)][-1] == "day"
