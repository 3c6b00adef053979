"""Wave fixe, item 4, in a real browser at a phone's size: the ballots picked on the vote's
form are kept in the journal's draft as they are picked; a reloaded page (a phone that
slept) shows them again, and the terminal's ``garou game play`` reads the same draft."""

from __future__ import annotations

import pytest

from tests.web.test_pages_in_browser import (
    MAFIA_NAMES,
    MAFIA_ROLES,
    browser,
    choose,
    downloads,
    mafia_server,
    pytestmark,
    screenshot,
    step_of,
    until,
)

__all__ = ["browser", "downloads", "mafia_server"]  # the fixtures, used by name
pytestmark = pytestmark  # the browser mark and its skips


def _value(driver, voter: str) -> str:
    return driver.execute_script(
        f"return document.querySelector('select[data-voter=\"{voter}\"]').value"
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_ballots_picked_survive_a_reload_and_reach_the_terminal(
    browser, mafia_server, lang, book
):
    from garou.game import mafia_script, session
    from garou.game.journal import open_journal
    from garou.game.mafia import start_data

    base, clock, db = mafia_server
    with open_journal(db) as journal:
        game_id = session.new_game(journal, book, start_data(
            book.game("mafia"), MAFIA_NAMES, roles=MAFIA_ROLES, name=f"Draft {lang}"))  # fmt: skip
        session.record(journal, book, game_id, "day", {})
        for name in MAFIA_NAMES:
            session.record(journal, book, game_id, "speech", {"player": name})
        session.record(journal, book, game_id, "nominate", {"by": "Ana", "nominee": "Bob"})
        session.record(journal, book, game_id, "nominate", {"by": "Cid", "nominee": "Hal"})
        session.record(journal, book, game_id, "close-nominations", {})
    browser.get(f"{base}/game/{game_id}?lang={lang}")
    assert step_of(browser)[0] == "vote"
    picks = {"Ana": "Bob", "Cid": "Bob", "Eve": "Hal"}
    for voter, nominee in picks.items():
        before = browser.execute_script("return document.querySelector('form[data-draft]')"
                                        ".dataset.saved || ''")  # fmt: skip
        choose(browser, f'select[data-voter="{voter}"]', nominee)
        until(browser, lambda d, b=before: d.execute_script(
            "return document.querySelector('form[data-draft]').dataset.saved || ''") != b,
            f"the pick of {voter} kept")  # fmt: skip
    browser.refresh()  # the phone slept, the page was reloaded
    until(browser, lambda d: _value(d, "Ana") == "Bob", "Ana's ballot shown again")
    assert {v: _value(browser, v) for v in picks} == picks
    assert _value(browser, "Dan") == ""  # not picked: silent, against the last nominee
    screenshot(browser, f"fixe-ballot-draft-{lang}")
    with open_journal(db) as journal:
        ballots = session.mafia_ballots(journal, book, game_id, lang)
        assert ballots.votes == picks and not ballots.told
        assert journal.kept_draft(game_id, mafia_script.DRAFT) is not None
