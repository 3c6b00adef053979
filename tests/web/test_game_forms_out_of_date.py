"""Tests of ``garou/web/game_forms_out_of_date.py``."""

from __future__ import annotations

import html as html_module
from pathlib import Path

import pytest

pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")

from garou.game.journal import open_journal  # noqa: E402
from garou.web import (
    WebConfig,  # noqa: E402
    create_app,  # noqa: E402
)
from tests import helpers as lg  # noqa: E402
from tests.web import test_mafia as mf  # noqa: E402

pytestmark = pytest.mark.usefixtures("private_cache")


STALE = {"en": "This page was out of date", "fr": "Cette page n’était plus à jour"}


def kinds(db: Path, game_id: int) -> list[str]:
    with open_journal(db) as journal:
        return [e.kind for e in journal.events(game_id)]


def said(response) -> str:
    return html_module.unescape(response.get_data(as_text=True)).replace("\u202f", " ")


def stale_said(response, lang: str) -> bool:
    text = said(response).replace("'", "’")
    return response.status_code == 409 and STALE[lang] in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_stale_first_vote_is_never_taken_as_the_revote(db, book, lang):
    """F21: the second phone's ballots, drawn for the first vote, arrive after the first
    phone's vote made a tie: refused, the revote still to be held, nothing recorded."""
    record = lg.load(lg.GAMES / "tie-without-captain.yaml")
    game_id = lg.new_game(db, book, record)
    app = create_app(WebConfig(db=db))
    a, b = (
        lg.GameMaster(app.test_client(), game_id, lang),
        lg.GameMaster(app.test_client(), game_id, lang),
    )
    votes = [i for i, e in enumerate(record["events"]) if e["kind"] == "vote"]
    lg.play(a, record["events"][: votes[0]])
    stale = b.fields()
    assert a.send("vote", lg.form_values(record["events"][votes[0]])).status_code == 303
    before = kinds(db, game_id)
    # The revote's own ballots, legal for the revote, sent from the first vote's page.
    sent = b.send("vote", lg.form_values(record["events"][votes[1]]), stale)
    assert stale_said(sent, lang), sent.text
    assert kinds(db, game_id) == before
    assert b.step(sent.get_data(as_text=True))[0] == "vote"  # the current step is shown
    # Its ballots are not kept as the revote's draft either.
    draft = b.post("draft", {**stale, "vote.Alice": "Chloé"})
    assert draft.get_json() == {"saved": False, "stale": True}
    with open_journal(db) as journal:
        assert journal.draft(game_id, "ballot") is None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_stale_undo_undoes_nothing_and_an_undo_says_what_it_undid(db, book, clock, lang):
    """F20: two phones tapping Undo for one mistake undo one event, and the page names it."""
    game_id = mf.new_game(db, book, mf.load(mf.GAMES / "mafia-town-wins.yaml"))
    app = create_app(WebConfig(db=db, clock=clock))
    a, b = mf.Judge(app.test_client(), game_id, lang), mf.Judge(app.test_client(), game_id, lang)
    a.send("day", {})
    a.send("speech", {"player": "Ana", "seconds": "60"})
    a.send("speech", {"player": "Bob", "seconds": "60"})
    page = a.page()
    assert ("Annule" if lang == "fr" else "Undoes") in said(
        a.client.get(f"/game/{game_id}?lang={lang}")
    )
    stale = b.fields()
    done = a.post("undo", {}, a.fields(page))
    assert done.status_code == 303 and "undone=" in done.headers["Location"]
    shown = said(a.client.get(done.headers["Location"] + f"&lang={lang}"))
    assert ("Annulé" if lang == "fr" else "Undone") in shown and "Bob" in shown
    before = kinds(db, game_id)
    sent = b.post("undo", {}, stale)
    assert stale_said(sent, lang), sent.text
    assert kinds(db, game_id) == before  # Ana's speech is still in effect
    assert "Bob" in said(sent)  # the page is the current step: Bob speaks


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_stale_start_never_restarts_a_running_countdown(db, book, clock, lang):
    """F12: the second phone's Start, drawn before the first phone started the speech."""
    game_id = mf.new_game(db, book, mf.load(mf.GAMES / "mafia-town-wins.yaml"))
    app = create_app(WebConfig(db=db, clock=clock))
    a, b = mf.Judge(app.test_client(), game_id, lang), mf.Judge(app.test_client(), game_id, lang)
    a.send("day", {})
    stale = b.fields()
    assert a.timer("start").status_code == 303
    clock.advance(8)
    sent = b.post("timer", {"action": "start", "label": ""}, stale)
    assert stale_said(sent, lang), sent.text
    timer = app.test_client().get(f"/game/{game_id}/table.json").get_json()["timer"]
    assert timer["state"] == "running" and timer["left"] == 52
    # Nor does a Start sent on a running countdown from an up-to-date page.
    assert a.post("timer", {"action": "start", "label": ""}).status_code == 400
    assert kinds(db, game_id).count("timer") == 1


@pytest.mark.parametrize("form", ["record", "correct", "timer", "undo"])
def test_every_form_without_its_page_count_or_from_an_older_page_is_refused(db, book, clock, form):
    """The mechanism itself, for every recording route: a form that does not say which
    state of the game it was drawn for, or says an older one, records nothing."""
    game_id = mf.new_game(db, book, mf.load(mf.GAMES / "mafia-town-wins.yaml"))
    app = create_app(WebConfig(db=db, clock=clock))
    judge = mf.Judge(app.test_client(), game_id)
    judge.send("day", {})
    judge.send("speech", {"player": "Ana", "seconds": "60"})
    values = {
        "record": {"kind": "speech", "player": "Bob", "seconds": "60"},
        "correct": {"seq": "3", "kind": "speech", "values": "player=Ana\nseconds=50", "why": "x"},
        "timer": {"action": "start", "label": ""},
        "undo": {},
    }[form]
    fields = judge.fields()
    before = kinds(db, game_id)
    for seen in (None, str(int(fields["seen"]) - 1), "x"):
        sent = {k: v for k, v in fields.items() if k != "seen"}
        if seen is not None:
            sent["seen"] = seen
        response = judge.post(form, values, sent)
        assert stale_said(response, "en"), response.text
        assert kinds(db, game_id) == before
    # The same form from the page as it is now is recorded.
    assert judge.post(form, values, fields).status_code == 303
    assert len(kinds(db, game_id)) == len(before) + 1
