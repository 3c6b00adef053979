"""The game-state engine (rules.play) and its commands: vote, cascade, win, fouls.

Role ids, thresholds and procedures are read from the rule data wherever a test depends
on them, so that the tests check the engine applies the data, not a copy of it.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from garou.rules import UnknownIdError
from garou.rules.play import (
    CAUSES,
    Choice,
    Death,
    Player,
    StateError,
    TableState,
    check_win,
    count_votes,
    find_behaviours,
    game_causes,
    judge_fouls,
    make_state,
    margin_left,
    resolve_cascade,
)
from garou.rules.play.messages import TEMPLATES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garou import rules

STATES = Path(__file__).parent / "data" / "states"
BOOK = rules.load_rules()
LG = BOOK.game("loup-garou")
MF = BOOK.game("mafia")


def _holder(game, does: str) -> str:
    return next(c.holder for c in game.deaths.consequences if c.does == does)


def _rule(game, does: str) -> str:
    return next(c.entry for c in game.deaths.consequences if c.does == does)


HUNTER = _holder(LG, "shoot")
WOLF = LG.minority_roles()[0].id
VILLAGER = LG.setup.filler
WITCH = next(r.id for r in LG.roles if r.power and r.camp == LG.info.players and r.id != HUNTER)
TOWN = MF.setup.filler
MAFIA = MF.minority_roles()[0].id
SHOT_RULE = _rule(LG, "shoot")
LOVERS_RULE = _rule(LG, "follow-partner")
SUCCESSION_RULE = _rule(LG, "name-successor")


def table(game, roles: dict[str, str | None], dead=(), lovers=None, captain=None) -> TableState:
    """A checked state: name -> role id, with the given players dead."""
    players = [Player(n, r, alive=n not in dead) for n, r in roles.items()]
    return make_state(game, players, lovers, captain)


def village(**extra) -> TableState:
    """Six Loup-Garou players: Ana the hunter, Bob and Fay wolves, the rest villagers."""
    roles = {"Ana": HUNTER, "Bob": WOLF, "Cid": VILLAGER, "Dee": WITCH, "Eve": VILLAGER,
             "Fay": WOLF}  # fmt: skip
    return table(LG, roles, **extra)


def town(dead=()) -> TableState:
    """The ten Mafia seats of the data's composition, numbered 1 to 10."""
    roles = [r for r, n in MF.setup.composition.roles.items() for _ in range(n)]
    roles.sort(key=lambda r: MF.role(r).camp != MF.info.players)
    return table(MF, {str(i + 1): r for i, r in enumerate(roles)}, dead=dead)


def assert_steps_cite_the_rules(result, game) -> None:
    """Every step names an entry of the game and says something."""
    ids = {e.id for e in game.entries}
    for step in result.steps:
        assert step.rule in ids, step
        assert step.message.strip()


def codes(result) -> list[str]:
    return [s.code for s in result.steps]


# --- the table state ---------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"players": [Player("Ana"), Player("ana")]}, "named twice"),
        ({"players": [Player("Ana"), Player("Bob")], "lovers": ["Ana", "Zoe"]}, "'Zoe' is not a"),
        ({"players": [Player("Ana"), Player("Bob"), Player("Cid")],
          "lovers": ["Ana", "Bob", "Cid"]}, "exactly two"),
        ({"players": [Player("Ana"), Player("Bob")], "lovers": ["Ana", "Ana"]}, "themselves"),
        ({"players": [Player("Ana", alive=False), Player("Bob")], "lovers": ["Ana", "Bob"]},
         "die together"),
        ({"players": [Player("Ana", alive=False), Player("Bob")], "captain": "Ana"}, "is dead"),
        ({"players": [Player("Ana"), Player("Bob")], "captain": "Zed"}, "'Zed' is not a"),
        ({"players": [Player("Ana", "vampire")]}, "unknown role 'vampire'"),
        ({"players": []}, "no players"),
    ],
)  # fmt: skip
def test_a_bad_state_is_refused_with_the_reason(kwargs, words):
    with pytest.raises(StateError, match=re.escape(words)):
        make_state(LG, **kwargs)


def test_mafia_has_neither_lovers_nor_captain():
    players = [Player("1"), Player("2")]
    with pytest.raises(StateError, match="no lovers"):
        make_state(MF, players, lovers=["1", "2"])
    with pytest.raises(StateError, match="no captain"):
        make_state(MF, players, captain="1")


def test_every_problem_of_a_state_is_reported_at_once():
    with pytest.raises(StateError) as caught:
        make_state(LG, [Player("Ana", "vampire"), Player("ana")], lovers=["Ana"], captain="Zed")
    assert len(caught.value.issues) == 4


# --- the vote ----------------------------------------------------------------------


def test_loup_garou_plurality_eliminates_the_most_voted():
    result = count_votes(village(), votes={"Ana": "Bob", "Cid": "Bob", "Dee": "Eve"})
    assert result.eliminated == ("Bob",)
    assert result.deaths == (Death("Bob", "vote"),)
    assert result.over and result.pending is None
    assert dict(result.tally) == {"Bob": 2, "Eve": 1}
    assert result.steps[-1].rule == LG.day.vote.entry
    assert_steps_cite_the_rules(result, LG)


def test_a_tie_goes_to_the_captain_who_is_asked_not_decided_for():
    votes = {"Ana": "Bob", "Bob": "Ana", "Cid": "Bob", "Dee": "Ana"}
    result = count_votes(village(captain="Eve"), votes=votes)
    assert LG.day.vote.tie.with_captain == ("captain-decides",)
    assert result.eliminated == () and not result.over
    assert result.pending.kind == "captain-pick"
    assert result.pending.chooser == "Eve"
    assert set(result.pending.options) == {"Ana", "Bob"}
    assert result.pending.rule == LG.day.vote.tie.entry
    assert result.next is None


def test_the_captains_choice_settles_the_tie():
    votes = {"Ana": "Bob", "Bob": "Ana"}
    state = village(captain="Eve")
    result = count_votes(state, votes=votes, choices=[Choice("captain-pick", "Eve", "Ana")])
    assert result.eliminated == ("Ana",) and result.over
    assert "tie.captain-decided" in codes(result)
    with pytest.raises(StateError, match="between"):
        count_votes(state, votes=votes, choices=[Choice("captain-pick", "Eve", "Cid")])


def test_without_captain_one_revote_between_the_tied_then_nobody():
    tie = LG.day.vote.tie
    assert tie.without_captain == ("revote-tied", "nobody-leaves")
    votes = {"Ana": "Bob", "Bob": "Ana", "Cid": "Bob", "Dee": "Ana", "Eve": "Cid"}
    first = count_votes(village(), votes=votes)
    assert first.next.round == "revote" and set(first.next.tied) == {"Ana", "Bob"}
    assert first.eliminated == () and first.pending is None
    still = count_votes(village(), votes={"Ana": "Bob", "Bob": "Ana"}, round="revote",
                        tied=first.next.tied)  # fmt: skip
    assert still.eliminated == () and still.over
    assert codes(still)[-1] == "tie.nobody-leaves"
    settled = count_votes(village(), votes={"Ana": "Bob", "Cid": "Bob", "Bob": "Ana"},
                          round="revote", tied=("Ana", "Bob"))  # fmt: skip
    assert settled.eliminated == ("Bob",)


def test_a_revote_only_counts_the_tied_players():
    with pytest.raises(StateError, match="not among the tied"):
        count_votes(village(), votes={"Ana": "Cid"}, round="revote", tied=("Ana", "Bob"))


def test_no_revote_when_the_captain_decides():
    with pytest.raises(StateError, match="captain decides"):
        count_votes(village(captain="Eve"), votes={"Ana": "Bob"}, round="revote",
                    tied=("Ana", "Bob"))  # fmt: skip


def test_nobody_is_eliminated_without_votes():
    result = count_votes(village(), votes={})
    assert result.eliminated == () and result.over
    assert "vote.no-votes" in codes(result)


@pytest.mark.parametrize(
    "votes, words",
    [
        ({"Gus": "Bob"}, "'Gus' is not a player"),
        ({"Ana": "Zed"}, "'Zed' is not a player"),
        ({"Cid": "Bob"}, "voter 'Cid' is dead"),
        ({"Ana": "Cid"}, "target 'Cid' is dead"),
    ],
)
def test_votes_from_the_dead_or_for_strangers_are_refused(votes, words):
    with pytest.raises(StateError, match=re.escape(words)):
        count_votes(village(dead=("Cid",)), votes=votes)


def test_votes_and_tallies_are_not_both_given():
    with pytest.raises(StateError, match="not both"):
        count_votes(village(), votes={"Ana": "Bob"}, tallies={"Bob": 1})
    with pytest.raises(StateError, match="6 living"):
        count_votes(village(), tallies={"Bob": 9})


def test_mafia_majority_and_abstention_against_the_last_nominee():
    rules_ = MF.day.vote
    assert rules_.abstention == "last-nominee"
    votes = {"1": "3", "2": "3", "4": "8", "5": "3"}  # six seats do not vote
    result = count_votes(town(), votes=votes, nominations=("3", "8"))
    assert dict(result.tally) == {"8": 7, "3": 3}
    assert result.eliminated == ("8",)
    step = next(s for s in result.steps if s.code == "vote.abstain-last-nominee")
    assert step.rule == rules_.abstention_entry
    assert step.data["nominee"] == "8" and step.data["count"] == 6
    with pytest.raises(StateError, match="nomination order"):
        count_votes(town(), votes=votes)
    with pytest.raises(StateError, match="not among the nominees"):
        count_votes(town(), votes={"1": "5"}, nominations=("3", "8"))


def test_mafia_tie_extra_time_then_revote_then_lift():
    tie = MF.day.vote.tie
    votes = {str(i): ("3" if i % 2 else "8") for i in range(1, 11)}
    first = count_votes(town(), votes=votes, nominations=("3", "8"))
    tie_codes = [c for c in codes(first) if c.startswith("tie.")]
    # The steps follow the data's procedure up to the next vote it calls for.
    assert tie_codes == [f"tie.{s}" for s in tie.without_captain[:2]]
    assert first.next.round == "revote"
    second = count_votes(town(), votes=votes, round="revote", tied=("3", "8"))
    assert second.next.round == "lift" and set(second.next.tied) == {"3", "8"}
    assert second.eliminated == ()


def test_the_lift_vote_passes_by_a_majority_of_the_living():
    alive = len(town().living())
    need = alive // 2 + 1
    yes = {str(i): "yes" for i in range(1, need + 1)}
    passed = count_votes(town(), votes=yes, round="lift", tied=("3", "8"))
    assert passed.eliminated == ("3", "8")
    assert passed.deaths == (Death("3", "lift"), Death("8", "lift"))
    short = dict(list(yes.items())[:-1])
    failed = count_votes(town(), votes=short, round="lift", tied=("3", "8"))
    assert failed.eliminated == () and failed.over
    counted = count_votes(town(), tallies={"oui": need, "non": alive - need}, round="lift",
                          tied=("3", "8"))  # fmt: skip
    assert counted.eliminated == ("3", "8")
    with pytest.raises(StateError, match="lift ballot"):
        count_votes(town(), votes={"1": "maybe"}, round="lift", tied=("3", "8"))
    assert {s.rule for s in passed.steps if s.code.startswith("lift.")} == {MF.day.vote.lift_entry}


def test_loup_garou_has_no_lift_vote():
    with pytest.raises(StateError, match="no lift round"):
        count_votes(village(), votes={}, round="lift", tied=("Ana", "Bob"))


# --- the cascade -------------------------------------------------------------------


@pytest.mark.parametrize("cause", ["night", "vote", "poison"])
def test_the_hunter_shoots_whatever_the_cause(cause):
    state = village()
    waiting = resolve_cascade(state, [Death("Ana", cause)])
    assert waiting.pending.kind == "shoot" and waiting.pending.chooser == "Ana"
    assert "Ana" not in waiting.pending.options
    assert waiting.pending.rule == SHOT_RULE
    assert waiting.announcement == ()
    assert codes(waiting)[-1] == "cascade.wait"
    done = resolve_cascade(state, [Death("Ana", cause)], [waiting.pending.answer("Cid")])
    assert done.complete
    assert done.deaths == (Death("Ana", cause), Death("Cid", "shot", by="Ana"))
    assert {a.player for a in done.announcement} == {"Ana", "Cid"}
    assert_steps_cite_the_rules(done, LG)


@pytest.mark.parametrize("partner", ["Bob", "Cid", "Dee"])
def test_a_lover_follows_at_once_whatever_the_role(partner):
    state = village(lovers=["Eve", partner])
    result = resolve_cascade(state, [Death("Eve", "night")])
    assert result.complete
    assert result.deaths == (Death("Eve", "night"), Death(partner, "lover", by="Eve"))
    assert any(s.rule == LOVERS_RULE and s.code == "cascade.follow" for s in result.steps)


def test_a_hunter_in_love_shoots_and_takes_the_partner():
    state = village(lovers=["Ana", "Bob"])
    result = resolve_cascade(state, [Death("Ana", "vote")], [Choice("shoot", "Ana", "Fay")])
    assert [d.player for d in result.deaths] == ["Ana", "Fay", "Bob"]
    assert [s.rule for s in result.steps if s.code in ("cascade.shoot", "cascade.follow")] == [
        SHOT_RULE, LOVERS_RULE]  # fmt: skip
    # Announced together in seat order, roles revealed (Loup-Garou reveals on death).
    assert LG.day.reveal == "on-death"
    assert [(a.player, a.role) for a in result.announcement] == [
        ("Ana", HUNTER), ("Bob", WOLF), ("Fay", WOLF)]  # fmt: skip
    assert check_win(result.state).winner == LG.info.players


def test_a_shot_lover_takes_the_hunter_lover_along():
    state = village(lovers=["Ana", "Cid"])
    result = resolve_cascade(state, [Death("Cid", "night")], [Choice("shoot", "Ana", "Bob")])
    assert [d.player for d in result.deaths] == ["Cid", "Ana", "Bob"]
    assert result.deaths[1] == Death("Ana", "lover", by="Cid")
    # Ana's death, itself set off by Cid's, sets off the shot: the chain rule applies.
    chained = [s for s in result.steps if s.code == "cascade.chain"]
    assert [s.data["player"] for s in chained] == ["Ana"]
    assert chained[0].rule == LG.deaths.chain.entry


def test_the_chain_rule_is_cited_only_where_a_death_sets_off_more():
    hunter_lover = resolve_cascade(
        village(lovers=["Ana", "Bob"]), [Death("Ana", "vote")], [Choice("shoot", "Ana", "Fay")]
    )
    # One death (the hunter in love) sets off two consequences: the document's own example.
    assert [s.data["player"] for s in hunter_lover.steps if s.code == "cascade.chain"] == ["Ana"]
    plain = resolve_cascade(village(lovers=["Eve", "Bob"]), [Death("Eve", "night")])
    assert "cascade.chain" not in codes(plain)


def test_a_dying_captain_names_the_successor():
    state = village(captain="Cid")
    waiting = resolve_cascade(state, [Death("Cid", "night")])
    assert waiting.pending.kind == "successor" and waiting.pending.chooser == "Cid"
    assert waiting.pending.rule == SUCCESSION_RULE
    assert waiting.state.captain == "Cid"
    done = resolve_cascade(state, [Death("Cid", "night")], [Choice("successor", "Cid", "Eve")])
    assert done.state.captain == "Eve"
    assert "announce.captain" in codes(done)
    with pytest.raises(StateError, match="dead or dying"):
        resolve_cascade(state, [Death("Cid", "night")], [Choice("successor", "Cid", "Cid")])


def test_a_captain_shot_by_the_hunter_still_names_a_successor():
    state = village(captain="Cid", lovers=["Ana", "Bob"])
    shot = [Choice("shoot", "Ana", "Cid")]
    waiting = resolve_cascade(state, [Death("Ana", "vote")], shot)
    assert waiting.pending.kind == "successor" and waiting.pending.chooser == "Cid"
    assert set(waiting.pending.options) == {"Dee", "Eve", "Fay"}
    done = resolve_cascade(state, [Death("Ana", "vote")], [*shot, waiting.pending.answer("Dee")])
    assert done.state.captain == "Dee"
    assert [d.player for d in done.deaths] == ["Ana", "Cid", "Bob"]


def test_two_lovers_dying_together_die_once():
    state = village(lovers=["Cid", "Eve"])
    result = resolve_cascade(state, [Death("Cid", "night"), Death("Eve", "poison")])
    assert [d.player for d in result.deaths] == ["Cid", "Eve"]
    assert "cascade.follow-already" in codes(result)


def test_the_last_hunter_standing_has_nobody_to_shoot():
    state = table(LG, {"Ana": HUNTER, "Bob": WOLF}, dead=("Bob",))
    result = resolve_cascade(state, [Death("Ana", "night")])
    assert result.complete and "cascade.shoot-nobody" in codes(result)


def test_mafia_keeps_the_roles_hidden_until_the_end():
    assert MF.day.reveal == "game-end"
    result = resolve_cascade(town(), [Death("3", "lift"), Death("8", "lift")])
    assert [(a.player, a.role) for a in result.announcement] == [("3", None), ("8", None)]
    hidden = next(s for s in result.steps if s.code == "announce.hidden")
    assert hidden.rule == MF.day.reveal_entry
    assert any(s.rule == MF.day.farewell.entry for s in result.steps)


@pytest.mark.parametrize(
    "deaths, words",
    [
        ([], "no deaths"),
        ([Death("Zed", "vote")], "'Zed' is not a player"),
        ([Death("Gus", "vote")], "already dead"),
        ([Death("Ana", "vote"), Death("Ana", "night")], "dies twice"),
        ([Death("Ana", "boredom")], "unknown cause"),  # type: ignore[arg-type]
    ],
)
def test_bad_deaths_are_refused(deaths, words):
    state = table(LG, {"Ana": VILLAGER, "Bob": WOLF, "Gus": VILLAGER}, dead=("Gus",))
    with pytest.raises(StateError, match=re.escape(words)):
        resolve_cascade(state, deaths)


def _tie_steps(game) -> set[str]:
    return {*game.day.vote.tie.with_captain, *game.day.vote.tie.without_captain}


@pytest.mark.parametrize("game", [LG, MF], ids=lambda g: g.id)
def test_each_game_takes_only_the_causes_its_rules_know_of(game):
    causes = set(game_causes(game))
    does = {c.does for c in game.deaths.consequences}
    assert ("lift" in causes) == ("lift-vote" in _tie_steps(game))
    assert ("shot" in causes) == ("shoot" in does)
    assert ("lover" in causes) == ("follow-partner" in does)
    assert ("disqualified" in causes) == (game.fouls is not None)
    night = any(s.does == "kill" for s in (*game.night.first, *game.night.every))
    assert ("night" in causes) == night and "vote" in causes
    assert causes <= set(CAUSES)


def test_the_witch_poisons_in_loup_garou_and_nobody_in_mafia():
    assert "poison" in game_causes(LG) and "poison" not in game_causes(MF)


@pytest.mark.parametrize(
    "state, cause, words",
    [
        (village, "lift", "no lift vote"),
        (village, "disqualified", "nobody is disqualified"),
        (town, "poison", "no role poisons"),
        (town, "shot", "no dying player shoots"),
        (town, "lover", "no lovers"),
    ],
)
def test_a_cause_from_the_other_game_is_refused_with_the_valid_ones(state, cause, words):
    table_ = state()
    with pytest.raises(StateError, match=re.escape(words)) as caught:
        resolve_cascade(table_, [Death(table_.names()[0], cause)])
    message = str(caught.value)
    assert f"causes in {table_.game.id}: {', '.join(game_causes(table_.game))}" in message


@pytest.mark.parametrize(
    "lovers, deaths, words",
    [
        (None, [Death("Eve", "lover")], "no lovers are given"),
        (["Ana", "Bob"], [Death("Eve", "lover")], "'Eve' is not a lover"),
        (["Eve", "Bob"], [Death("Eve", "lover")], "who is not dying"),
        (["Eve", "Bob"], [Death("Eve", "lover"), Death("Bob", "lover")], "both die"),
    ],
)
def test_a_lovers_death_needs_the_lovers_and_the_partners_death(lovers, deaths, words):
    with pytest.raises(StateError, match=re.escape(words)):
        resolve_cascade(village(lovers=lovers), deaths)


def test_a_lover_given_with_the_partners_death_follows_once():
    result = resolve_cascade(
        village(lovers=["Eve", "Bob"]), [Death("Eve", "lover"), Death("Bob", "night")]
    )
    assert result.complete and sorted(d.player for d in result.deaths) == ["Bob", "Eve"]


def test_a_choice_nobody_asked_for_is_returned_unused():
    extra = Choice("shoot", "Cid", "Bob")
    result = resolve_cascade(village(), [Death("Eve", "night")], [extra])
    assert result.unused == (extra,)


# --- winning -----------------------------------------------------------------------


def _condition(game, when: str):
    return next(c for c in game.win.conditions if c.when == when)


def test_the_village_wins_when_no_wolf_is_left():
    result = check_win(village(dead=("Bob", "Fay")))
    assert result.winner == _condition(LG, "no-minority-left").camp
    assert result.rule == _condition(LG, "no-minority-left").entry
    assert_steps_cite_the_rules(result, LG)


@pytest.mark.parametrize(
    "dead", [("Ana", "Cid"), ("Ana", "Cid", "Dee"), ("Ana", "Cid", "Dee", "Eve")]
)
def test_the_wolves_win_at_parity(dead):
    result = check_win(village(dead=dead))
    wolves, others = 2, 6 - 2 - len(dead)
    expected = _condition(LG, "parity").camp if wolves >= others else None
    assert result.winner == expected


def test_the_lovers_alone_win_as_the_last_two_from_opposite_camps():
    result = check_win(village(dead=("Ana", "Cid", "Dee", "Fay"), lovers=["Bob", "Eve"]))
    couple = _condition(LG, "lovers-last-two-opposite-camps")
    assert result.winner == couple.camp
    # The wolves have parity too (one against one): the lovers' win outranks it.
    assert "win.alone-outranks" in codes(result)


def test_same_camp_lovers_win_with_their_camp():
    state = village(dead=("Ana", "Bob", "Dee", "Fay"), lovers=["Cid", "Eve"])
    result = check_win(state)
    assert result.winner == LG.info.players
    same = next(s for s in result.steps if s.code == "win.same-camp")
    assert same.rule == LG.win.same_camp_couple.entry


def test_nobody_has_won_yet():
    result = check_win(village())
    assert result.winner is None and "win.none" in codes(result)
    assert result.margin is None  # Loup-Garou has no margin of error


def test_mafia_town_wins_and_mafia_wins_at_parity():
    mafia = [p.name for p in town().players if p.role in {r.id for r in MF.minority_roles()}]
    assert check_win(town(dead=mafia)).winner == MF.info.players
    citizens = [p.name for p in town().players if p.name not in mafia]
    at_parity = check_win(town(dead=citizens[: len(citizens) - len(mafia)]))
    assert at_parity.winner == _condition(MF, "parity").camp
    assert "win.reveal-end" in codes(at_parity)


@pytest.mark.parametrize("state", [town, village], ids=["mafia", "loup-garou"])
def test_nobody_wins_when_nobody_is_alive(state):
    everyone = state().names()
    result = check_win(state(dead=everyone))
    # "No minority left" holds literally, but the documents do not cover an empty table.
    assert result.winner is None and result.nobody_alive
    assert codes(result)[-1] == "win.nobody-alive"
    assert "win.no-minority-left" not in codes(result) and result.margin is None
    assert result.as_dict()["nobody_alive"] is True
    assert_steps_cite_the_rules(result, state().game)


def test_the_margin_at_the_start_is_the_documents():
    composition = MF.setup.composition.roles
    minority = sum(n for r, n in composition.items() if MF.role(r).camp != MF.info.players)
    majority = sum(composition.values()) - minority
    assert margin_left(majority, minority) == MF.win.margin.wrong_votes
    result = check_win(town())
    assert result.margin.left == MF.win.margin.wrong_votes and not result.margin.critical


def test_a_wrong_vote_and_a_night_kill_make_the_game_critical():
    state = town(dead=("1", "2"))  # one citizen voted out, one shot at night
    result = check_win(state)
    assert result.winner is None
    assert result.margin.critical and result.margin.left == 0
    step = next(s for s in result.steps if s.rule == MF.win.margin.entry)
    assert step.code in ("margin.critical", "margin.critical-now")
    # The same table right after the wrong vote, before the night: critical too.
    assert check_win(town(dead=("1",)), next="night").margin.critical
    assert not check_win(town(dead=("1",)), next="vote").margin.critical


# --- fouls -------------------------------------------------------------------------


def test_foul_limits_come_from_the_data():
    fouls = MF.fouls
    players = [
        Player("1", fouls=fouls.foul.limit),
        Player("2", fouls=fouls.foul.limit - 1),
        Player("3", technical_fouls=fouls.technical.limit),
        Player("4", technical_fouls=fouls.technical.limit - 1),
    ]
    result = judge_fouls(MF, players)
    by_name = {c.player: c for c in result.counts}
    assert by_name["1"].loses_next_speech and not by_name["1"].disqualified
    assert not by_name["2"].loses_next_speech
    assert by_name["3"].disqualified and not by_name["4"].disqualified
    assert [s.rule for s in result.steps] == [
        fouls.foul.entry,
        fouls.foul.entry,
        fouls.technical.entry,
        fouls.technical.entry,
    ]
    assert_steps_cite_the_rules(result, MF)


@pytest.mark.parametrize("behaviour", MF.fouls.behaviours, ids=lambda b: b.id)
def test_every_behaviour_is_found_by_id_and_by_its_keywords(behaviour):
    assert find_behaviours(MF, behaviour.id) == (behaviour,)
    for keyword in behaviour.keywords.all():
        assert behaviour in find_behaviours(MF, keyword)
    step = judge_fouls(MF, behaviours=[behaviour]).steps[0]
    expected = (MF.fouls.technical_entry if behaviour.sanction == "technical-foul"
                else MF.fouls.disqualifying_entry)  # fmt: skip
    assert step.rule == expected


@pytest.mark.parametrize(
    "query, found",
    [
        ("vulgarité", "vulgarity"),  # accents folded
        ("il l'a menacé", "threats"),
        ("insultes", "insults"),  # plural, feminine, -ing: the stem
        ("insulting", "insults"),
        ("mess", "messages"),  # a prefix of four letters or more
        ("swear", "religious-terms"),  # one word of a keyword of several
        ("nue", "nudity"),
    ],
)
def test_behaviour_words_match_by_stem_and_prefix(query, found):
    assert find_behaviours(MF, query)[0].id == found


def test_no_match_lists_the_behaviours_and_what_to_type():
    with pytest.raises(UnknownIdError) as caught:
        find_behaviours(MF, "pétanque")
    message = str(caught.value)
    assert "pétanque" in message and "no words" in message
    for behaviour in MF.fouls.behaviours:
        assert f"{behaviour.id}: {behaviour.keywords.all()[0]}" in message


def test_behaviours_are_found_from_a_sentence():
    assert find_behaviours(MF, "il a insulté le joueur 4")[0].id == "insults"
    assert find_behaviours(MF, "he sent private messages")[0].id == "messages"
    with pytest.raises(UnknownIdError, match="no listed behaviour"):
        find_behaviours(MF, "xyzzy")


def test_loup_garou_has_no_fouls():
    with pytest.raises(StateError, match="no fouls"):
        judge_fouls(LG, [])


# --- messages ----------------------------------------------------------------------


def test_every_message_exists_in_both_languages_with_the_same_fields():
    fields = string.Formatter()
    singular = {f"{lang}:1" for lang in rules.LANGS}
    for code, texts in TEMPLATES.items():
        # Every language, and a singular form either in every language or in none.
        assert set(texts) in (set(rules.LANGS), set(rules.LANGS) | singular), code
        names = [{f for _, f, _, _ in fields.parse(t) if f} for t in texts.values()]
        assert all(n == names[0] for n in names), code


def _messages_of_many_rulings(lang: str) -> list[str]:
    """Messages of rulings about one and about several players, in ``lang``."""
    results = [
        count_votes(
            village(),
            votes={"Ana": "Bob", "Cid": "Bob", "Dee": "Eve", "Eve": "Bob", "Fay": "Eve"},
            lang=lang,
        ),
        count_votes(village(), votes={"Ana": "Bob"}, lang=lang),
        count_votes(village(), tallies={"Ana": 0, "Bob": 0}, lang=lang),
        count_votes(town(), votes={"1": "3"}, nominations=("3",), lang=lang),
        count_votes(
            town(), votes={str(i): "3" for i in range(1, 10)}, nominations=("3",), lang=lang
        ),
        count_votes(town(), tallies={"yes": 9}, round="lift", tied=("3", "8"), lang=lang),
        resolve_cascade(village(), [Death("Eve", "night")], lang=lang),
        resolve_cascade(town(), [Death("3", "vote")], lang=lang),
        resolve_cascade(town(), [Death("3", "lift"), Death("8", "lift")], lang=lang),
        check_win(table(LG, {"Ana": VILLAGER, "Bob": WOLF}), lang),
        check_win(village(dead=("Bob", "Fay")), lang),
        check_win(town(dead=("1", "2", "3", "4")), lang),
        check_win(town(dead=("1", "2")), lang),
        check_win(town(dead=tuple(str(i) for i in range(1, 11))), lang),
        judge_fouls(
            MF,
            [Player("1", fouls=1), Player("2", technical_fouls=1), Player("3", fouls=3)],
            lang=lang,
        ),
        judge_fouls(MF, lang=lang),
    ]
    return [s.message for r in results for s in r.steps]


_BAD_GRAMMAR = [
    r"\(s\)",  # "faute(s)": the count is known, say it
    r"\b(de|à) les? ",  # contractions: du, des, au, aux
    r"\b[01] (joueurs|autres|fautes|players|fouls|wrong eliminations)\b",
    r"\b(loups-garous|werewolves) (gagne|wins)\b",
    r"\b(?:[2-9]|\d\d) (joueur|autre|faute) ",
    r" -\.",  # an empty tally shown as "-"
    r"n'ont pas voté\. n'ont pas voté",
]


@pytest.mark.parametrize("lang", rules.LANGS)
def test_messages_agree_in_number_and_contract_their_articles(lang):
    for message in _messages_of_many_rulings(lang):
        for pattern in _BAD_GRAMMAR:
            assert not re.search(pattern, message), (pattern, message)


def test_one_player_is_spoken_of_in_the_singular():
    ballots = {"Ana": "Bob", "Cid": "Bob", "Dee": "Eve", "Eve": "Bob", "Fay": "Eve"}
    vote = count_votes(village(), votes=ballots)
    assert "Bob n'a pas voté : sa voix" in vote.steps[0].message
    hidden = resolve_cascade(town(), [Death("3", "vote")])
    assert "3 quitte la partie" in codes_message(hidden, "announce.hidden")
    both = resolve_cascade(town(), [Death("3", "lift"), Death("8", "lift")])
    assert "3 et 8 quittent la partie" in codes_message(both, "announce.hidden")


def test_an_all_zero_tally_says_nobody_received_a_vote_once():
    result = count_votes(village(), tallies={"Ana": 0, "Bob": 0})
    first, tally, last = (s.message for s in result.steps)
    assert first.startswith("6 joueurs en vie n'ont pas voté :")
    assert "personne n'a reçu de voix" in tally
    assert result.eliminated == () and "personne n'est éliminé" in last


def codes_message(result, code: str) -> str:
    return next(s.message for s in result.steps if s.code == code)


def test_both_languages_give_the_same_ruling():
    state = village(lovers=["Ana", "Bob"], captain="Cid")
    choices = [Choice("shoot", "Ana", "Cid"), Choice("successor", "Cid", "Dee")]
    fr = resolve_cascade(state, [Death("Ana", "vote")], choices, "fr")
    en = resolve_cascade(state, [Death("Ana", "vote")], choices, "en")
    assert [(s.rule, s.code) for s in fr.steps] == [(s.rule, s.code) for s in en.steps]
    assert [s.message for s in fr.steps] != [s.message for s in en.steps]


# --- properties --------------------------------------------------------------------

_ROLE_IDS = [r.id for r in LG.roles]


@st.composite
def lg_tables(draw) -> TableState:
    count = draw(st.integers(3, 9))
    names = [f"P{i}" for i in range(count)]
    roles = {n: draw(st.sampled_from(_ROLE_IDS)) for n in names}
    alive = {n: draw(st.booleans()) or i == 0 for i, n in enumerate(names)}
    lovers = None
    if draw(st.booleans()):
        lovers = draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
        both = alive[lovers[0]] and alive[lovers[1]]
        alive[lovers[0]] = alive[lovers[1]] = both or lovers[0] == "P0" or lovers[1] == "P0"
    living = [n for n in names if alive[n]]
    captain = draw(st.sampled_from(living)) if draw(st.booleans()) else None
    players = [Player(n, roles[n], alive[n]) for n in names]
    return make_state(LG, players, lovers, captain)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_cascade_ends_kills_once_and_announces_every_death(data):
    state = data.draw(lg_tables())
    living = [p.name for p in state.living()]
    dying = data.draw(st.lists(st.sampled_from(living), min_size=1, unique=True))
    # A lover's death is set off by the partner's: the chain adds it, nobody starts with it.
    causes = [c for c in game_causes(LG) if c != "lover"]
    deaths = [Death(n, data.draw(st.sampled_from(causes))) for n in dying]
    choices: list[Choice] = []
    for _ in range(2 * len(state.players) + 2):
        result = resolve_cascade(state, deaths, choices)
        if result.pending is None:
            break
        assert result.announcement == ()
        choices.append(result.pending.answer(data.draw(st.sampled_from(result.pending.options))))
    else:
        pytest.fail("the cascade kept asking")
    chain = [d.player for d in result.deaths]
    assert len(chain) == len(set(chain)), "somebody died twice"
    assert set(dying) <= set(chain) <= set(living)
    announced = [a.player for a in result.announcement]
    assert sorted(announced) == sorted(chain)
    assert all(not result.state.player(n).alive for n in chain)
    assert result.state.captain is None or result.state.player(result.state.captain).alive
    win = check_win(result.state)
    winner_steps = [s for s in win.steps
                    if s.code in ("win.no-minority-left", "win.parity", "win.couple")]  # fmt: skip
    assert len(winner_steps) == (win.winner is not None)
    wolves = sum(1 for p in result.state.living() if p.role == WOLF)
    if win.winner == LG.info.players:
        assert wolves == 0
    if win.winner == _condition(LG, "parity").camp:
        assert 0 < wolves >= len(result.state.living()) - wolves


@st.composite
def ballots(draw, state: TableState, pool: list[str]) -> dict[str, str]:
    voters = draw(st.lists(st.sampled_from([p.name for p in state.living()]), unique=True))
    return {v: draw(st.sampled_from(pool)) for v in voters}


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_a_vote_never_eliminates_someone_without_votes(data):
    if data.draw(st.booleans()):
        state = data.draw(lg_tables())
        pool = [p.name for p in state.living()]
        nominations: tuple[str, ...] = ()
    else:
        dead = data.draw(st.lists(st.sampled_from([str(i) for i in range(1, 11)]), max_size=4,
                                  unique=True))  # fmt: skip
        state = town(dead=dead)
        alive = [p.name for p in state.living()]
        nominations = tuple(data.draw(st.lists(st.sampled_from(alive), min_size=1, unique=True)))
        pool = list(nominations)
    votes = data.draw(ballots(state, pool))
    result = count_votes(state, votes=votes, nominations=nominations)
    tally = dict(result.tally)
    assert len(result.eliminated) <= 1
    for name in result.eliminated:
        assert tally.get(name, 0) > 0
        assert tally[name] == max(tally.values())
    if result.pending is not None:
        top = max(tally.values())
        assert set(result.pending.options) == {n for n, c in tally.items() if c == top}


# --- the commands ------------------------------------------------------------------

LG_OPTS = ["-g", "loup-garou", "-p", f"Ana={HUNTER},Bob={WOLF},Cid={VILLAGER}",
           "-p", f"Dee={WITCH},Eve={VILLAGER},Fay={WOLF}"]  # fmt: skip


def test_cli_vote_tie_without_captain_calls_for_a_revote(garou):
    run = garou("vote", *LG_OPTS, "-v", "Ana=Bob,Bob=Ana", "--json")
    assert run.exit_code == 0, run.stderr
    data = run.json()
    assert data["next"] == {"round": "revote", "tied": ["Ana", "Bob"], "rule": "lg-vote-tie"}
    assert data["eliminated"] == [] and data["pending"] is None
    assert all(s["rule"] and s["message"] for s in data["steps"])


def test_cli_pending_captain_choice_is_printed_with_exit_0(garou):
    run = garou("vote", *LG_OPTS, "-c", "Eve", "-v", "Ana=Bob,Bob=Ana", "--lang", "en")
    assert run.exit_code == 0
    assert "Pending:" in run.stdout and "Captain Eve" in run.stdout
    assert "--captain-picks NAME" in run.stdout
    data = garou("vote", *LG_OPTS, "-c", "Eve", "-v", "Ana=Bob,Bob=Ana", "--json").json()
    assert data["pending"]["kind"] == "captain-pick"
    assert data["pending"]["answer_with"] == "--captain-picks NAME"
    picked = garou("vote", *LG_OPTS, "-c", "Eve", "-v", "Ana=Bob,Bob=Ana", "--captain-picks",
                   "Bob", "--json").json()  # fmt: skip
    assert picked["eliminated"] == ["Bob"] and picked["pending"] is None


def test_cli_asks_on_a_terminal(garou, monkeypatch):
    monkeypatch.setattr("garou.commands.play._interactive", lambda: True)
    run = garou("cascade", *LG_OPTS, "--lovers", "Ana,Bob", "-c", "Cid", "-x", "Ana:vote",
                "--json", input="Nobody\nCid\nEve\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert "doit tirer" in run.stderr  # the question goes to stderr, the JSON stays clean
    data = run.json()
    assert [d["player"] for d in data["deaths"]] == ["Ana", "Cid", "Bob"]
    assert data["captain"] == "Eve" and data["pending"] is None
    quiet = garou("cascade", *LG_OPTS, "-x", "Ana:vote", "--no-input", "--json")
    assert quiet.json()["pending"]["kind"] == "shoot"


def test_cli_hunter_lover_chain_with_choices_given(garou):
    run = garou("cascade", *LG_OPTS, "--lovers", "Ana,Bob", "-c", "Cid", "--dies", "Ana:vote",
                "--hunter-shoots", "Ana:Cid", "--successor", "Dee", "--json")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    data = run.json()
    assert [(d["player"], d["cause"]) for d in data["deaths"]] == [
        ("Ana", "vote"), ("Cid", "shot"), ("Bob", "lover")]  # fmt: skip
    assert [a["player"] for a in data["announcement"]] == ["Ana", "Bob", "Cid"]
    assert data["announcement"][0]["role"] == HUNTER
    assert data["captain"] == "Dee"
    assert data["winner"] is None and data["win"]["alive"]


def test_cli_cascade_from_a_state_file_reports_the_pending_shot(garou):
    run = garou("cascade", "--state", str(STATES / "lg-hunter-lover.yaml"), "--lang", "en")
    assert run.exit_code == 0
    assert "Pending:" in run.stdout and "--hunter-shoots Alice:NAME" in run.stdout
    assert "[lg-hunter-shot]" in run.stdout
    done = garou("cascade", "--state", str(STATES / "lg-hunter-lover.yaml"),
                 "--hunter-shoots", "Fay", "--json").json()  # fmt: skip
    assert done["winner"]["camp"] == LG.info.players


def test_cli_warns_about_an_answer_nobody_needed(garou):
    run = garou("cascade", *LG_OPTS, "-x", "Eve:night", "--successor", "Dee")
    assert run.exit_code == 0
    assert "--successor Dee" in run.stderr


def test_cli_mafia_tie_file_and_vote_override(garou):
    path = str(STATES / "mafia-tie.yaml")
    data = garou("vote", "--state", path, "--json").json()
    assert data["eliminated"] == ["8"]
    assert any(s["code"] == "vote.abstain-last-nominee" for s in data["steps"])
    tie = garou("vote", "--state", path, "-t", "3=5,8=5", "--json").json()
    assert tie["next"]["round"] == "revote"
    lift = garou("vote", "--state", path, "--round", "lift", "--tied", "3,8", "-t", "yes=6,no=4",
                 "--json").json()  # fmt: skip
    assert lift["eliminated"] == ["3", "8"]


def test_cli_win_and_margin(garou):
    seats = "1=citoyen,2=citoyen,3=citoyen,4=citoyen,5=citoyen,6=sherif,7=mafia,8=mafia,9=don"
    data = garou("win", "-g", "mafia", "-p", seats, "--next", "night", "--json").json()
    assert data["winner"] is None and data["margin"]["critical"] is True
    human = garou("win", "-g", "mafia", "-p", seats, "--lang", "en")
    assert human.exit_code == 0 and "[mf-margin]" in human.stdout
    assert garou("win", "-g", "mafia", "-p", seats, "--next", "noon").exit_code == 2


def test_cli_fouls(garou):
    data = garou("fouls", "--state", str(STATES / "mafia-fouls.yaml"), "--json").json()
    players = {p["player"]: p for p in data["players"]}
    assert players["1"]["loses_next_speech"] and players["3"]["disqualified"]
    assert "4" not in players
    words = garou("fouls", "-g", "mafia", "insulte", "--json").json()
    assert words["behaviours"] == [{"id": "insults", "sanction": "technical-foul"}]
    counts = garou("fouls", "-g", "mafia", "--technical", "7=2", "--json").json()
    assert counts["players"][0]["disqualified"] is True
    everything = garou("fouls", "-g", "mafia", "--json").json()
    assert len(everything["behaviours"]) == len(MF.fouls.behaviours)
    assert garou("fouls", "-g", "loup-garou").exit_code == 2


@pytest.mark.parametrize(
    "name, command, where, words",
    [
        ("bad-duplicate-player.yaml", "win", ":5 (players.alice)", "named twice"),
        ("bad-duplicate-key.yaml", "win", ":5", "duplicate key 'Alice'"),
        ("bad-lovers.yaml", "win", ":6 (lovers)", "exactly two"),
        ("bad-lover-unknown.yaml", "win", ":6 (lovers)", "'Zoe' is not a player"),
        ("bad-dead-captain.yaml", "win", ":6 (captain)", "is dead"),
        ("bad-votes.yaml", "vote", ":9 (votes.Carol)", "is dead"),
        ("bad-votes.yaml", "vote", ":10 (votes.Dan)", "'Zed' is not a player"),
        ("bad-role.yaml", "win", ":4 (players.Bob)", "unknown role 'vampire'"),
        ("bad-game.yaml", "cascade", ":1 (game)", "unknown game 'poker'"),
        ("bad-yaml.yaml", "vote", ":5", "not valid YAML"),
        ("bad-keys.yaml", "win", ":5 (captains)", "unknown key 'captains'"),
        ("bad-keys.yaml", "win", ":3 (players.Alice.alive)", "not true or false"),
        ("bad-cause.yaml", "cascade", ":8 (deaths.Alice.cause)", "has no lift vote"),
        ("bad-cause.yaml", "cascade", ":9 (deaths.Carol.cause)", "no lovers are given"),
        ("missing.yaml", "win", "", "no such file"),
    ],
)
def test_cli_each_kind_of_bad_state_file_is_located(garou, name, command, where, words):
    run = garou(command, "--state", str(STATES / name))
    assert run.exit_code == 1
    assert run.stderr.startswith("Erreur\u00a0: ")
    assert f"{name}{where}" in run.stderr and words in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["win", "-g", "loup-garou", "-p", "Ana=vampire"], "unknown role 'vampire'"),
        (["win", "-g", "loup-garou", "-p", "Ana=loup", "-p", "Ana=loup"], "given twice"),
        (["win", "-g", "poker", "-p", "Ana=loup"], "unknown game 'poker'"),
        (["win", "-g", "lg", "-p", "Ana=loup,Bob=loup", "-d", "Zoe"], "'Zoe' is not a player"),
        (["win", "-g", "lg", "-p", "Ana=loup,Bob=loup", "--lovers", "Ana"], "exactly two"),
        (["win", "-g", "lg", "-p", "Ana=loup,Bob=loup", "-d", "Bob", "-c", "Bob"], "is dead"),
        (["vote", "-g", "lg", "-p", "Ana,Bob", "-v", "Ana"], "--vote VOTER=TARGET"),
        (["vote", "-g", "lg", "-p", "Ana,Bob", "-d", "Bob", "-v", "Bob=Ana"], "is dead"),
        (["vote", "-g", "lg", "-p", "Ana,Bob", "-v", "Ana=Zed"], "'Zed' is not a player"),
        (["cascade", "-g", "lg", "-p", "Ana=loup", "-x", "Ana"], "--dies NAME:CAUSE"),
        (["cascade", "-g", "lg", "-p", "Ana=loup", "-x", "Ana:boredom"], "unknown cause"),
        (["cascade", "-g", "lg", "-p", "Ana=loup,Bob=loup", "-x", "Ana:lift"],
         f"causes in loup-garou: {', '.join(game_causes(LG))}"),
        (["cascade", "-g", "lg", "-p", "Ana=loup,Bob=loup", "-x", "Ana:lover"],
         "no lovers are given"),
        (["cascade", "-g", "mafia", "-p", "1=citoyen,2=mafia", "-x", "1:poison"],
         f"causes in mafia: {', '.join(game_causes(MF))}"),
        (["win", "-g", "mafia", "-p", "1=citoyen,2=mafia", "-d", "1,1"],
         "--dead: '1' is named twice"),
        (["win", "-g", "mafia", "-p", "1=citoyen,2=mafia", "-d", "1", "-d", "1"],
         "--dead: '1' is named twice"),
        (["vote", "-g", "mafia", "-p", "1,2,3", "--round", "revote", "--tied", "1,1",
          "-v", "3=1"], "--tied: '1' is named twice"),
        (["vote", "-g", "mafia", "-p", "1,2,3", "-n", "2,2", "-v", "3=2"],
         "--nominated: '2' is named twice"),
        (["cascade", "-g", "lg", "-p", "Ana=chasseur,Bob=loup", "-x", "Ana:vote",
          "--hunter-shoots", "Ana"], "dead or dying"),
        (["win", "-p", "Ana=loup"], "give the game"),
        (["win", "--state", str(STATES / "lg-tie.yaml"), "-p", "Ana"], "not both"),
        (["win", "--state", str(STATES / "lg-tie.yaml"), "-g", "mafia"], "--game says"),
    ],
)  # fmt: skip
def test_cli_bad_options_give_one_clear_error(garou, args, words):
    run = garou(*args)
    assert run.exit_code in (1, 2)
    assert run.stderr.startswith("Erreur\u00a0: ") and words in run.stderr
    assert "Traceback" not in run.stderr + run.stdout


def test_cli_win_with_nobody_alive_names_no_winner(garou):
    args = ["win", "-g", "mafia", "-p", f"1={TOWN},2={MAFIA}", "-d", "1,2"]
    data = garou(*args, "--json").json()
    assert data["winner"] is None and data["nobody_alive"] is True
    human = garou(*args)
    assert human.exit_code == 0
    assert "Vainqueur" not in human.stdout and "personne n'est en vie" in human.stdout


def test_cli_winner_is_written_lowercase_after_the_colon(garou):
    run = garou("win", "-g", "lg", "-p", f"Ana={VILLAGER},Bob={WOLF}", "-d", "Bob")
    name = LG.camp(LG.info.players).name.fr
    assert f"Vainqueur : {name[0].lower()}{name[1:]}" in run.stdout


def test_cli_fouls_lists_what_to_type_when_nothing_matches(garou):
    run = garou("fouls", "-g", "mafia", "pétanque")
    assert run.exit_code == 1 and run.stderr.startswith("Erreur\u00a0: ")
    phone = garou("fouls", "-g", "mafia", "téléphone", "--json").json()
    assert [b["id"] for b in phone["behaviours"]] == ["messages"]
    assert all(f"  {b.id}: " in run.stderr for b in MF.fouls.behaviours)
    found = garou("fouls", "-g", "mafia", "vulgarité", "--json").json()
    assert [b["id"] for b in found["behaviours"]] == ["vulgarity"]


def test_cli_questions_stay_off_stdout_with_json(garou, monkeypatch):
    monkeypatch.setattr("garou.commands.play._interactive", lambda: True)
    run = garou("cascade", *LG_OPTS, "-x", "Ana:vote", "--json", input="Cid\n")
    assert run.exit_code == 0, run.stderr
    assert "doit tirer" in run.stderr
    assert run.json()["deaths"][1] == {"player": "Cid", "cause": "shot", "by": "Ana"}


def test_cli_end_of_input_at_a_question_aborts_without_output(garou, monkeypatch):
    monkeypatch.setattr("garou.commands.play._interactive", lambda: True)
    run = garou("cascade", *LG_OPTS, "-x", "Ana:vote", "--json", input="")
    assert run.exit_code == rules.errors.ExitCode.INTERRUPTED
    # No verdict: with --json, standard output holds only the error (garou/cli.py).
    assert json.loads(run.stdout)["error"]["exit_code"] == 130


def test_cli_prints_in_both_languages(garou):
    fr = garou("vote", *LG_OPTS, "-v", "Ana=Bob", "--lang", "fr")
    en = garou("vote", *LG_OPTS, "-v", "Ana=Bob", "--lang", "en")
    assert "éliminé" in fr.stdout and "eliminated" in en.stdout
    assert "[lg-vote]" in fr.stdout and "[lg-vote]" in en.stdout


# --- the table from command-line values (rules.play.situation_from_options) ---------


def test_options_give_the_same_situation_as_the_state_file(tmp_path):
    state = tmp_path / "table.yaml"
    state.write_text(
        "game: loup-garou\n"
        f"players: {{Ana: {HUNTER}, Bob: {WOLF}, Cid: {VILLAGER}, Dee: {{role: {WITCH}, "
        "alive: false}}\n"
        "lovers: [Ana, Bob]\ncaptain: Cid\nvotes: {Ana: Bob, Bob: Ana, Cid: Bob}\n",
        encoding="utf-8",
    )
    from_file = rules.play.read_situation(BOOK, state)
    from_options = rules.play.situation_from_options(
        None,
        "loup-garou",
        [f"Ana={HUNTER},Bob={WOLF}", f"Cid={VILLAGER}", f"Dee={WITCH}"],
        ["Dee"],
        "Ana,Bob",
        "Cid",
        votes=["Ana=Bob,Bob=Ana", "Cid=Bob"],
    )
    assert from_options.state.players == from_file.state.players
    assert from_options.state.lovers == from_file.state.lovers == ("Ana", "Bob")
    assert from_options.state.captain == from_file.state.captain == "Cid"
    assert from_options.votes == from_file.votes == {"Ana": "Bob", "Bob": "Ana", "Cid": "Bob"}
    with_deaths = rules.play.situation_from_options(state, None, deaths=["Ana:vote"])
    assert with_deaths.deaths == (Death("Ana", "vote"),)
    assert with_deaths.votes == from_file.votes


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"votes": ["Ana"]}, "--vote 'Ana': write it as --vote VOTER=TARGET"),
        ({"votes": ["Ana=Bob,Ana=Cid"]}, "--vote: 'Ana' is given twice"),
        ({"tallies": ["Bob=three"]}, "--tally: counts are whole numbers"),
        ({"tied": "Ana,Ana"}, "--tied: 'Ana' is named twice"),
        ({"players": ["Ana", "Ana"]}, "--player: 'Ana' is given twice"),
        ({"players": ["Ana"], "dead": ["Zed"]}, "--dead: 'Zed' is not a player"),
        ({"players": ["Ana="]}, "--player 'Ana=': write it as --player NAME=ROLE"),
        ({"game": None}, "give the game and the players"),
        ({"state_file": "x.yaml", "captain": "Ana"}, "either in --state or with --player"),
    ],
)
def test_malformed_option_values_are_usage_errors(kwargs, words):
    values = {"state_file": None, "game": "loup-garou", "players": ["Ana,Bob,Cid"], **kwargs}
    with pytest.raises(rules.UsageError) as caught:
        rules.play.situation_from_options(**values)
    assert words in str(caught.value)


def test_an_invalid_table_from_options_is_a_state_error():
    with pytest.raises(StateError):
        rules.play.situation_from_options(None, "loup-garou", ["Ana,Bob"], captain="Zed")


def test_answers_name_the_chosen_player_and_maybe_the_chooser():
    answers = rules.play.answers_from_options(["Cid", "Ana:Bob,Dee=Eve"], "--successor")
    assert answers == [(None, "Cid"), ("Ana", "Bob"), ("Dee", "Eve")]
    with pytest.raises(rules.UsageError, match="--successor NAME or --successor CHOOSER:NAME"):
        rules.play.answers_from_options([":Bob"], "--successor")


def test_foul_counts_alone_make_the_table():
    game, table = rules.play.foul_table_from_options(None, "mafia", None, ["7=3"], ["2=1"])
    assert game.id == MF.id
    assert [(p.name, p.fouls, p.technical_fouls) for p in table] == [("7", 3, 0), ("2", 0, 1)]
    assert rules.play.foul_table_from_options(None, "mafia") == (MF, [])
    with pytest.raises(rules.UsageError, match="a count is 0 or more"):
        rules.play.foul_table_from_options(None, "mafia", None, ["7=-1"])
