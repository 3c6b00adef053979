"""Tests of ``garou/rules/play/vote.py``."""

from __future__ import annotations

import pytest

from garou.rules.play import Player, count_votes, make_state, silent_lift_ballot
from tests.helpers import MAFIA_NAMES, MAFIA_ROLES, MafiaTable, _agreement, _to_lift

LG_TABLE = ("-g", "loup-garou", "-p", "Ana=loup-garou,Bob=villageois,Cid=villageois,Dee=voyante")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("captain", [None, "with-captain", "without-captain"])
def test_a_tie_without_a_captain_says_whose_reading_sends_it_to_the_revote(
    garou, tmp_path, lang, captain
):
    # loup-garou.txt: "En cas d'égalité, c'est le capitaine qui tranche. Sans capitaine, on
    # revote une fois …": taking a missing --captain as "no captain" is garou's reading,
    # unless the table's agreement plays without one.
    table = (*LG_TABLE, *_agreement(garou, tmp_path, captain))
    args = ("vote", *table, "-v", "Ana=Bob,Bob=Ana", "--no-input", "--lang", lang)
    data = garou(*args, "--json").json()
    said = [s for s in data["steps"] if s["code"].startswith("tie.no-captain")]
    assert len(said) == 1, data["steps"]
    expected = "agreement" if captain == "without-captain" else "garou"
    assert said[0]["reading"] == expected and said[0]["case"] == "lg-setting-captain"
    assert ("garou" in said[0]["message"]) == (expected == "garou")
    assert data["next"]["round"] == "revote"
    human = garou(*args)
    assert human.exit_code == 0
    flat = " ".join(human.stdout.split())
    assert " ".join(said[0]["message"].split()[:6]) in flat


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_tie_with_a_captain_named_or_a_revote_says_no_captain_reading(garou, lang):
    tie = ("vote", *LG_TABLE, "--no-input", "--lang", lang, "--json")
    with_captain = garou(*tie, "-v", "Ana=Bob,Bob=Ana", "-c", "Cid").json()
    revote = garou(*tie, "-v", "Ana=Bob,Bob=Ana", "--round", "revote", "--tied", "Ana,Bob").json()
    for data in (with_captain, revote):
        assert not [s for s in data["steps"] if s["code"].startswith("tie.no-captain")]


# --- one reading of a silent lift ballot (issue 24) ----------------------------------------


PLAYERS = ["-p", ",".join(f"{n}={r}" for n, r in MAFIA_ROLES.items())]
YES, NO = ["Ana", "Cid", "Dan", "Eve"], ["Fay", "Gus", "Ivy"]  # Bob, Hal, Jon silent


def _table(book):
    game = book.game("mafia")
    return make_state(game, [Player(n, MAFIA_ROLES[n]) for n in MAFIA_NAMES])


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    ("yes", "no", "leave"),
    [(4, 3, False), (6, 0, True), (5, 0, False), (5, 4, False), (6, 4, True), (0, 0, False)],
)
def test_a_silent_lift_ballot_counts_against_the_lift_and_says_it_is_garou_s(
    book, lang, yes, no, leave
):
    result = count_votes(
        _table(book), tallies={"yes": yes, "no": no}, round="lift", tied=["Bob", "Hal"], lang=lang
    )
    assert dict(result.tally) == {"yes": yes, "no": 10 - yes}
    assert bool(result.eliminated) is leave
    silent = [s for s in result.steps if s.code == "lift.silent-against"]
    if yes + no < 10:
        assert silent[0].data["reading"] == "garou"
        assert ("lecture de garou" if lang == "fr" else "garou's reading") in silent[0].message
    else:
        assert not silent


def test_the_silent_lift_ballot_is_the_game_s_data(book):
    assert silent_lift_ballot(book.game("mafia")) == "no"
    assert book.game("mafia").reading_of("day.vote.lift_silent") is not None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_vote_command_keeps_both_at_four_for_three_against_three_silent(garou, lang):
    run = garou("--lang", lang, "vote", "-g", "mafia", *PLAYERS, "--round", "lift",
                "--tied", "Bob,Hal", "--tally", "yes=4,no=3", "--json")  # fmt: skip
    assert run.exit_code == 0, run.stdout
    data = run.json()
    assert data["eliminated"] == []
    assert data["tally"] == {"yes": 4, "no": 6}
    assert any(s.get("reading") == "garou" for s in data["steps"])


def test_the_live_game_with_silent_voters_agrees_with_the_vote_command(book, tmp_path):
    t = MafiaTable(book, tmp_path)
    _to_lift(t)
    ballots = {**dict.fromkeys(YES, "yes"), **dict.fromkeys(NO, "no")}
    state = t.add("vote", votes=ballots)  # the phone sends only the ballots given
    assert all(s.alive for s in state.seats)
    last = state.today()["rounds"][-1]
    assert last["tally"] == {"yes": 4, "no": 6}
    assert last["counted"]["Jon"] == "no"


def test_the_terminal_s_lift_ballots_count_as_the_phone_s(book, tmp_path):
    from garou.game.mafia_script import lift_ballots

    t = MafiaTable(book, tmp_path)
    _to_lift(t)
    state = t.add("vote", votes=lift_ballots(t.state(), YES))
    assert all(s.alive for s in state.seats)
    assert state.today()["rounds"][-1]["tally"] == {"yes": 4, "no": 6}


# --- the captain's tie question shows the count --------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Count: A (2 votes) and B (2 votes). A tie. Captain C"),
     ("fr", "Décompte : A (2 voix) et B (2 voix). Égalité. Capitaine C")],
)  # fmt: skip
def test_the_captains_question_shows_the_count_first(garou, lang, said):
    run = garou("vote", "-g", "loup-garou", "-p", "A,B,C,D", "-c", "C",
                "-v", "A=B,B=A,C=B,D=A", "--no-input", "--json", "--lang", lang)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    question = run.json()["pending"]["question"].replace("\u00a0", " ")
    assert question.startswith(said)
