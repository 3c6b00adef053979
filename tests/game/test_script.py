"""Tests of ``garou/game/script.py``."""

from __future__ import annotations

import pytest

from garou.game import script, session
from garou.game.journal import open_journal
from tests.helpers import ACTIONS, CASES, DEAL, LONE, LONE_DEAL, ROLES, TWO, _game, _twelve

# (the steps passed over, the later step recorded first): every order the document allows
# (the witch never before the wolves: lg-mistake-witch-first)
PASSED = [
    (("couple",), "voyante"),
    (("couple",), "loups"),
    (("voyante",), "loups"),
    (("couple", "voyante"), "loups"),
    (("couple", "voyante"), "sorciere"),
]


@pytest.mark.parametrize(("passed", "first"), PASSED, ids=lambda v: str(v))
@pytest.mark.parametrize("how", ["call", "action"])
def test_a_step_passed_over_is_called_late_and_the_warning_says_how(
    book, journal, passed, first, how
):
    from garou.game import script, session
    from garou.game.table import warnings

    game_id = _twelve(book, journal)
    steps = [s.id for s in session.load(journal, book, game_id).state.steps()]
    for step in steps[: steps.index(first)]:
        if step not in passed:
            session.record(journal, book, game_id, *ACTIONS[step])
    state = session.record(journal, book, game_id, *ACTIONS[first]).state
    warned = {w.code: w for w in warnings(state)}
    for step in passed:
        text = warned[f"skipped-{step}"].text.say("en")
        assert "call step=" in text and "before dawn" in text
    # the script offers the first step passed over, then the next, then goes on
    for step in passed:
        assert script.next_step(state).night_step.id == step
        if how == "call":
            state = session.record(journal, book, game_id, "call", {"step": step}).state
        else:
            state = session.record(journal, book, game_id, *ACTIONS[step]).state
        assert f"skipped-{step}" not in {w.code for w in warnings(state)}
        late = [line for line in state.story if line.text.key.startswith("game.story.late.")]
        assert late[-1].hidden and late[-1].seq == len(journal.events(game_id))
    done = set(state.done)
    left = [s for s in steps if s not in done]
    nxt = script.next_step(state)
    assert (nxt.night_step.id if nxt.night_step else None) == (left[0] if left else None)
    for step in left:
        state = session.record(journal, book, game_id, *ACTIONS[step]).state
    state = session.record(journal, book, game_id, "dawn", {}).state
    assert not [line for line in state.story if line.text.key == "game.story.skipped"]


@pytest.mark.parametrize(
    ("case", "option", "wolves", "events", "answers", "asked", "never", "recorded"), CASES
)
def test_the_script_says_what_the_agreement_allows(
    tmp_path, book, case, option, wolves, events, answers, asked, never, recorded
):
    roles, deal = (ROLES, DEAL) if wolves == "two" else (LONE, LONE_DEAL)
    game_id = _game(tmp_path / "g.sqlite", book, {case: option}, events, roles, deal)
    with open_journal(tmp_path / "g.sqlite") as journal:
        step = script.next_step(session.load(journal, book, game_id, "en").state)
    if recorded["kind"] == "kill":
        assert step.disagree == recorded.get("decided", None if wolves == "lone" else "wolves")
    else:
        assert step.can_save == ("save" in recorded)
        assert step.one_potion == (option == "one-per-night" or case != TWO)


@pytest.mark.parametrize(
    ("role", "cards", "fr"),
    [("sorciere", 1, "Morte : appelez-la"), ("chasseur", 1, "Mort : appelez-le"),
     ("loup-garou", 2, "Morts : appelez-les")],
)  # fmt: skip
def test_the_dead_roles_cue_agrees_with_the_role_and_its_cards(book, role, cards, fr):
    from garou.core.catalogue import say
    from garou.game.table import role_form

    form = role_form([book.game("loup-garou").role(role)], cards)
    assert fr in say(f"game.cue.dead.{form}", "fr").replace("\u00a0", " ")
    step = script.Step("call", cue=script.DEAD, form=form)
    assert step.cue_key == f"game.cue.dead.{form}"
