"""Tests of ``garou/game/mafia_script.py``."""

from __future__ import annotations

import pytest

from tests.helpers import Table, _play, _to_lift
from tests.helpers import _new_evening_in as _new_evening

# (the events typed in the middle of the vote, the ballots that must be dropped, the
# voters out of the game): each kind of event that changes who votes or who is voted on
SINCE = {
    "foul": ([("foul", {"player": "3"})], set(), set()),
    "silenced": ([("foul", {"player": "3"})] * 3, set(), set()),  # 3 fouls: still votes
    "technical": (
        [("technical-foul", {"player": "2", "behaviour": "insults"})] * 2,
        {"2"},
        {"2"},
    ),
    "voter-out": ([("disqualify", {"player": "1", "behaviour": "threats"})], {"1"}, {"1"}),
    "nominee-out": (
        [("disqualify", {"player": "8", "behaviour": "threats"})],
        {"1", "2", "3"},
        {"8"},
    ),  # fmt: skip
    "undo": ([("foul", {"player": "9"}), ("undo", {})], set(), set()),
}


def _mafia_vote(book, journal):
    from garou.game import session

    names = [str(n) for n in range(1, 11)]
    game_id = _new_evening(book, journal)
    session.record(journal, book, game_id, "day", {})
    for p in names:
        session.record(journal, book, game_id, "speech", {"player": p})
    for by, nominee in (("1", "8"), ("2", "3"), ("4", "5")):
        session.record(journal, book, game_id, "nominate", {"by": by, "nominee": nominee})
    session.record(journal, book, game_id, "close-nominations", {})
    return game_id


@pytest.mark.parametrize("case", sorted(SINCE))
def test_the_ballot_draft_is_checked_against_the_events_recorded_since(book, journal, case):
    from garou.game import mafia_script, session

    game_id = _mafia_vote(book, journal)
    state = session.load(journal, book, game_id).state
    typed = {"1": "8", "2": "8", "3": "8", "4": "3"}
    draft = mafia_script.draft_data(state, typed, ["8"])
    journal.save_draft(game_id, mafia_script.DRAFT, draft)
    events, dropped, out = SINCE[case]
    for kind, data in events:
        if kind == "undo":
            session.undo(journal, book, game_id)
        else:
            session.record(journal, book, game_id, kind, data)
    assert journal.draft(game_id, mafia_script.DRAFT) is None  # stale by the journal's word
    ballots = session.mafia_ballots(journal, book, game_id)
    assert set(ballots.votes) == set(typed) - dropped
    assert all(ballots.votes[v] == typed[v] for v in ballots.votes)
    told = [p.say("en") for p in ballots.told]
    assert told and told[0].startswith("Recorded since these ballots were typed")
    for voter in dropped:
        assert any(t.startswith(f"{voter}'s ballot") and "dropped" in t for t in told), told
    assert all("dropped" not in t for t in told) or dropped
    if out - {"8"}:
        assert any("players vote now" in t for t in told)
    assert ("8" in ballots.done) == ("8" not in out)
    # told once: the draft is kept again as it now stands, what the other face reads too
    again = session.mafia_ballots(journal, book, game_id)
    assert again.votes == ballots.votes and not again.told
    french = [p.say("fr") for p in ballots.told]
    assert all("ballot" not in t and "Recorded" not in t for t in french)
    # the vote counts with what was kept
    after = session.record(journal, book, game_id, "vote", {"votes": ballots.votes}).state
    assert after.days[-1]["rounds"][-1]["votes"] == ballots.votes


def test_the_lift_vote_takes_the_phones_ballots_checked_against_what_came_since(
    garou, book, tmp_path
):
    from garou.game.mafia_script import DRAFT, draft_data, lift_ballots

    t = Table(book, tmp_path)
    _to_lift(t)
    state = t.state()
    t.journal.save_draft(t.id, DRAFT, draft_data(state, lift_ballots(state, ["Ana", "Jon"])))
    t.add("foul", player="Cid")
    t.add("disqualify", player="Jon", behaviour="threats")
    shown = _play(garou, t, [""])  # Enter: the ballots kept
    assert "Recorded since these ballots were typed" in shown
    assert "Jon's ballot (against yes) is dropped" in shown
    lift = [e for e in t.journal.events(t.id) if e.kind == "vote"][-1].data["votes"]
    assert "Jon" not in lift and lift["Ana"] == "yes"
    assert sum(v == "yes" for v in lift.values()) == 1


def test_a_player_may_nominate_as_many_candidates_as_the_document_allows(book, tmp_path):
    from garou.game.mafia_script import nominators

    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    for nominee in ("Ana", "Cid", "Hal"):  # mf-nominations sets no number: neither does garou
        t.add("nominate", by="Ana", nominee=nominee)
        assert "Ana" in nominators(t.state())
    assert t.state().nominations == ["Ana", "Cid", "Hal"]
    assert t.refused("nominate", by="Bob", nominee="Cid").phrase.key == "mafia.refused.nominated"
    t.add("vote", votes={"Ana": "Cid"})
    assert not t.state().player("Hal").alive  # the silent ballots to the last nominee
