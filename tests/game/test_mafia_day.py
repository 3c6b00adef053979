"""Tests of ``garou/game/mafia_day.py``."""

from __future__ import annotations

import pytest

from tests.helpers import ABSOLUTE, Table, _below_half


def _day_one_vote_out(t, name="Ana", by="Bob"):
    t.add("day")
    t.speeches()
    t.add("nominate", by=by, nominee=name)
    t.add("vote", votes={})


@pytest.mark.parametrize("kind", list(__import__("garou.game.mafia").game.mafia.FIELDS))
def test_a_key_the_mafia_event_does_not_carry_is_refused_with_the_near_one(book, tmp_path, kind):
    from garou.game.mafia import FIELDS

    t = Table(book, tmp_path)
    known = {k: "Ana" for k in FIELDS[kind]}
    for wrong in ("whatever", "role", "victim"):  # nonsense, a Loup-Garou key, another's
        error = t.refused(kind, **known, **{wrong: "Bob"})
        assert f"'{wrong}'" in error.message("en")
        assert "«\u00a0" + wrong in error.message("fr")
    for key in (k for k in FIELDS[kind] if len(k) > 3):
        typo = key[:2] + key[3:]  # a letter left out: crown → crwn, player → plyer
        error = t.refused(kind, **{typo: "Bob"})
        assert error.hint is not None and f"'{key}'" in error.hint.say("en"), error.message("en")


@pytest.mark.parametrize("seconds", [-5, 99999999999999999999999, "long", True, 3601])
def test_a_farewell_length_is_checked_as_a_speech_s(book, tmp_path, seconds):
    t = Table(book, tmp_path)
    t.add("day")
    assert t.refused("speech", player="Ana", seconds=seconds).phrase.key == "mafia.refused.seconds"
    t.speeches()
    t.add("nominate", by="Bob", nominee="Ana")
    t.add("vote", votes={})
    refused = t.refused("farewell", player="Ana", seconds=seconds)
    assert refused.phrase.key == "mafia.refused.seconds"
    t.add("farewell", player="Ana", seconds=60)


def test_an_evening_recorded_before_the_key_check_replays_as_it_was(book, tmp_path):
    t = Table(book, tmp_path, start={"order": 2})
    _day_one_vote_out(t)
    t.add("farewell", player="Ana", suspect="Bob", seconds=-5)  # stored and ignored, as then
    assert t.state().farewells[0]["suspects"] == []


@pytest.mark.parametrize("then", ["nobody", "again", "leader"])
def test_a_vote_nobody_wins_by_more_than_half_waits_for_the_table(book, tmp_path, then):
    t = Table(book, tmp_path, agreement=ABSOLUTE)
    _below_half(t)
    status = t.status()
    assert status["vote_round"] == "table" and "table-decision" in status["next"]
    assert all(s.alive for s in t.state().seats)
    for kind, data in (("night", {}), ("vote", {"votes": {}})):
        assert t.refused(kind, **data).phrase.key == "mafia.refused.table-decides"
    assert t.refused("table-decision", then="maybe").phrase.key == "mafia.refused.table-decision"
    t.add("table-decision", then=then)
    state = t.state()
    assert state.player("Bob").alive == (then != "leader")
    assert state.farewell_due == (["Bob"] if then == "leader" else [])
    if then == "again":
        assert t.status()["vote_round"] == "first"
        t.add("vote", votes={n: "Bob" for n in ("Ana", "Cid", "Eve", "Gus", "Dan", "Ivy")})
        assert not t.state().player("Bob").alive
    else:
        assert t.refused("table-decision", then=then).phrase.key == (
            "mafia.refused.no-table-decision"
        )


def test_an_evening_recorded_before_the_table_decides_still_ends_its_day(book, tmp_path):
    t = Table(book, tmp_path, agreement=ABSOLUTE, start={"order": 2})
    _below_half(t)
    assert t.state().vote_round is None  # as order 2 recorded it: nobody out
    t.add("night")
