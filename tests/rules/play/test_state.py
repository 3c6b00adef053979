"""The game-state engine (rules.play) and its commands: vote, cascade, win, fouls.

Role ids, thresholds and procedures are read from the rule data wherever a test depends
on them, so that the tests check the engine applies the data, not a copy of it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from garou import rules
from garou.core.catalogue import has, join
from garou.rules import UnknownIdError
from garou.rules.play import (
    CAUSES,
    Choice,
    Death,
    Player,
    StateError,
    TableState,
    Witch,
    check_win,
    count_votes,
    find_behaviours,
    game_causes,
    judge_fouls,
    make_state,
    margin_left,
    resolve_cascade,
    settle,
    table_rules,
)
from garou.rules.play.cascade import check_night
from garou.rules.play.situation import parse_situation
from garou.rules.play.state import poisoner
from tests.conftest import REPO
from tests.helpers import _limits

STATES = REPO / "tests" / "data" / "states"


MAJORITY = "mf-contested-majority"


BOOK = rules.load_rules()


LG = BOOK.game("loup-garou")


MF = BOOK.game("mafia")


def agreement_of(game, *decided: str):
    """An agreement of ``game`` deciding each (case, option) pair given, in order."""
    from garou.houserules import build_agreement

    pairs = dict(zip(decided[::2], decided[1::2], strict=True))
    return build_agreement(game, pairs)


def _holder(game, does: str) -> str:
    return next(c.holder for c in game.deaths.consequences if c.does == does)


def _rule(game, does: str) -> str:
    return next(c.entry for c in game.deaths.consequences if c.does == does)


HUNTER = _holder(LG, "shoot")


WOLF = LG.minority_roles()[0].id


VILLAGER = LG.setup.filler


WITCH = poisoner(LG)


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


@pytest.mark.parametrize("missing", range(0, 10))
def test_every_seat_that_does_not_vote_counts_against_the_last_nominee(missing):
    # mafia.txt: a player who does not vote votes against the last nominee; one silent
    # seat counts as much as six. Loup-Garou lets them abstain, counted the same way.
    voters = [str(i) for i in range(1, 11 - missing)]
    result = count_votes(town(), votes=dict.fromkeys(voters, "3"), nominations=("3", "8"))
    assert dict(result.tally) == {k: v for k, v in {"3": 10 - missing, "8": missing}.items() if v}
    silent = [s for s in result.steps if s.code == "vote.abstain-last-nominee"]
    assert len(silent) == (1 if missing else 0)
    if missing:
        assert silent[0].data["count"] == missing and silent[0].data["nominee"] == "8"
    if missing < 6:
        lg_voters = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay"][: 6 - missing]
        lg = count_votes(village(), votes=dict.fromkeys(lg_voters, "Bob"))
        allowed = [s for s in lg.steps if s.code == "vote.abstain-allowed"]
        assert [s.data["count"] for s in allowed] == ([missing] if missing else [])


def test_tallies_may_count_every_living_player_and_no_more():
    assert count_votes(village(), tallies={"Bob": 4, "Fay": 2}).eliminated == ("Bob",)
    with pytest.raises(StateError, match="7 votes for 6 living players"):
        count_votes(village(), tallies={"Bob": 4, "Fay": 3})


def test_mafia_tie_extra_time_then_revote_then_lift():
    tie = MF.day.vote.tie
    votes = {str(i): ("3" if i % 2 else "8") for i in range(1, 11)}
    first = count_votes(town(), votes=votes, nominations=("3", "8"))
    tie_codes = [c for c in codes(first) if c.startswith("tie.")]
    # The steps follow the data's procedure up to the next vote it calls for.
    assert [c.split("-then-")[0] for c in tie_codes] == [
        f"tie.{s}" for s in tie.without_captain[:2]
    ]
    assert first.next.round == "revote"
    second = count_votes(town(), votes=votes, round="revote", tied=("3", "8"))
    assert second.next.round == "lift" and set(second.next.tied) == {"3", "8"}
    assert second.eliminated == ()


def test_a_revote_keeps_the_nomination_order_and_it_must_hold_every_tied_player():
    # mafia.txt: the nominees stay in the order they were named from round to round; a
    # revote between players the order does not hold is refused, naming them.
    votes = {str(i): ("3" if i % 2 else "8") for i in range(1, 11)}
    with pytest.raises(StateError, match="8 are not in the nomination order|8 is not in the"):
        count_votes(town(), votes=votes, round="revote", tied=("3", "8"), nominations=("3", "5"))
    kept = count_votes(town(), votes=votes, round="revote", tied=("3", "8"),
                       nominations=("5", "3", "8"))  # fmt: skip
    assert kept.next is not None and kept.next.round == "lift"
    # A first round has no tied players: its nominations alone are fine.
    first = count_votes(town(), votes={"1": "5", "2": "3"}, nominations=("5", "3"))
    assert first.tally


@pytest.mark.parametrize("reading", ["most-votes", "absolute-majority"])
def test_the_lift_vote_passes_by_the_tables_reading_of_the_majority(reading):
    state = replace(town(), agreed=table_rules(MF, agreement_of(MF, MAJORITY, reading)))
    alive = len(state.living())
    # 6 for, 3 against, 1 not voting: the silent vote counts against (garou's reading of
    # "no abstaining", mf-lift), and 6 for out of 10 passes under either reading.
    ballots = {str(i): "yes" for i in range(1, 7)} | {str(i): "no" for i in range(7, 10)}
    passed = count_votes(state, votes=ballots, round="lift", tied=("3", "8"))
    assert alive == 10 and passed.eliminated == ("3", "8")
    assert passed.deaths == (Death("3", "lift"), Death("8", "lift"))
    last = passed.steps[-1]
    assert (
        last.data["reading"] == reading
        and "the table's reading"
        in count_votes(state, votes=ballots, round="lift", tied=("3", "8"), lang="en")
        .steps[-1]
        .message
    )
    even = {str(i): "yes" for i in range(1, 4)} | {str(i): "no" for i in range(4, 7)}
    failed = count_votes(state, votes=even, round="lift", tied=("3", "8"))
    assert failed.eliminated == () and failed.over
    counted = count_votes(state, tallies={"oui": 6, "non": 4}, round="lift", tied=("3", "8"))
    assert counted.eliminated == ("3", "8")
    with pytest.raises(StateError, match="lift ballot"):
        count_votes(state, votes={"1": "maybe"}, round="lift", tied=("3", "8"))
    assert {s.rule for s in passed.steps if s.code.startswith("lift.")} == {MF.day.vote.lift_entry}


def test_without_an_agreement_each_majority_step_says_it_applied_the_default():
    ballots = {str(i): "yes" for i in range(1, 5)} | {str(i): "no" for i in range(5, 8)}
    lift = count_votes(town(), votes=ballots, round="lift", tied=("3", "8"), lang="en")
    votes = {str(i): "3" for i in range(1, 5)} | {str(i): "8" for i in range(5, 11)}
    day = count_votes(town(), votes=votes, nominations=("3", "8"), lang="en")
    for result in (lift, day):
        assert "the default reading" in result.steps[-1].message
        assert result.steps[-1].data["reading"] == MF.entry(MAJORITY).default.option


def test_the_day_vote_under_absolute_majority_needs_more_than_half():
    state = replace(town(), agreed=table_rules(MF, agreement_of(MF, MAJORITY, "absolute-majority")))
    # 4 for 3, 3 for 8, 3 for 5: 3 has the most votes but not more than half.
    votes = {str(i): "3" for i in (1, 2, 4, 6)} | {str(i): "8" for i in (7, 9, 10)}
    votes |= {str(i): "5" for i in (3, 5, 8)}
    result = count_votes(state, votes=votes, nominations=("3", "8", "5"), lang="en")
    assert result.eliminated == () and result.over
    assert "the table's reading" in result.steps[-1].message
    plural = count_votes(town(), votes=votes, nominations=("3", "8", "5"))
    assert plural.eliminated == ("3",)


def test_loup_garou_has_no_lift_vote():
    with pytest.raises(StateError, match="has no round 'lift vote'"):
        count_votes(village(), votes={}, round="lift", tied=("Ana", "Bob"))


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
    assert "cascade.announce-captain" in codes(done)
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
    result = resolve_cascade(state, [Death("Ana", "vote")])
    assert result.complete and "cascade.shoot-nobody" in codes(result)


def test_mafia_keeps_the_roles_hidden_until_the_end():
    assert MF.day.reveal == "game-end"
    result = resolve_cascade(town(), [Death("3", "lift"), Death("8", "lift")])
    assert [(a.player, a.role) for a in result.announcement] == [("3", None), ("8", None)]
    hidden = next(s for s in result.steps if s.code == "cascade.announce-hidden")
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
    valid = join(list(game_causes(table_.game)), "en")
    assert f"causes in {table_.game.info.name.en}: {valid}" in message


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
    assert result.to_dict()["nobody_alive"] is True
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
    assert step.code in ("win.margin-critical", "win.margin-critical-now")
    # The same table right after the wrong vote, before the night: critical too.
    assert check_win(town(dead=("1",)), next="night").margin.critical
    assert not check_win(town(dead=("1",)), next="vote").margin.critical


def _wrong_votes_affordable(majority, minority):
    """Play it out: each wrong elimination, then a night kill, takes two of the majority;
    the one after which the minority has parity (mafia.txt: the Mafia wins) is fatal."""
    wrong = 0
    while minority < majority - 2 * (wrong + 1):
        wrong += 1
    return wrong


@pytest.mark.parametrize("citizens_out", range(0, 7))
def test_the_margin_is_the_wrong_votes_before_the_mafia_reaches_parity(citizens_out):
    for majority in range(1, 16):
        for minority in range(1, majority):
            assert margin_left(majority, minority) == _wrong_votes_affordable(majority, minority)
    dead = [str(i) for i in range(1, citizens_out + 1)]  # seats 1 to 7 are the town's
    result = check_win(town(dead=dead))
    town_left, mafia = 7 - citizens_out, 3
    if town_left <= mafia:
        assert result.winner == _condition(MF, "parity").camp
        return
    assert result.winner is None
    assert result.margin.left == _wrong_votes_affordable(town_left, mafia)
    assert result.margin.critical == (result.margin.left == 0)


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
    assert find_behaviours(MF, behaviour.id).behaviours == (behaviour,)
    for keyword in behaviour.keywords.all():
        assert behaviour in find_behaviours(MF, keyword).behaviours
    step = judge_fouls(MF, behaviours=[behaviour]).steps[0]
    expected = {"foul": MF.fouls.foul.entry, "technical-foul": MF.fouls.technical_entry,
                "disqualification": MF.fouls.disqualifying_entry}[behaviour.sanction]  # fmt: skip
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
    assert find_behaviours(MF, query).behaviours[0].id == found


def test_no_match_lists_the_behaviours_and_what_to_type():
    with pytest.raises(UnknownIdError) as caught:
        find_behaviours(MF, "pétanque")
    message = str(caught.value)
    assert "pétanque" in message and "no words" in message
    for behaviour in MF.fouls.behaviours:
        assert f"{behaviour.id} ({behaviour.keywords.en[0]}" in message
        assert f"{behaviour.id} ({behaviour.keywords.fr[0]}" in caught.value.message("fr")


def test_behaviours_are_found_from_a_sentence():
    assert find_behaviours(MF, "il a insulté le joueur 4").behaviours[0].id == "insults"
    assert find_behaviours(MF, "he sent private messages").behaviours[0].id == "messages"
    with pytest.raises(UnknownIdError, match="no listed behaviour"):
        find_behaviours(MF, "xyzzy")


def test_loup_garou_has_no_fouls():
    with pytest.raises(StateError, match="no fouls"):
        judge_fouls(LG, [])


def test_every_step_says_a_catalogue_message():
    for lang in rules.LANGS:
        for result in _results_of_many_rulings(lang):
            for step in result.steps:
                assert has(step.code), step.code


def _messages_of_many_rulings(lang: str) -> list[str]:
    """Messages of rulings about one and about several players, in ``lang``."""
    return [plain(s.message) for r in _results_of_many_rulings(lang) for s in r.steps]


def plain(text: str) -> str:
    """Return ``text`` with French typography's non-breaking spaces as plain spaces."""
    return text.replace("\u00a0", " ")


def _results_of_many_rulings(lang: str) -> list:
    """Rulings about one and about several players, in ``lang``."""
    return [
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
    assert "Bob n'a pas voté : sa voix" in plain(vote.steps[0].message)
    hidden = resolve_cascade(town(), [Death("3", "vote")])
    assert "3 quitte la partie" in codes_message(hidden, "cascade.announce-hidden")
    both = resolve_cascade(town(), [Death("3", "lift"), Death("8", "lift")])
    assert "3 et 8 quittent la partie" in codes_message(both, "cascade.announce-hidden")


def test_an_all_zero_tally_says_nobody_received_a_vote_once():
    result = count_votes(village(), tallies={"Ana": 0, "Bob": 0})
    first, tally, last = (plain(s.message) for s in result.steps)
    assert first.startswith("6 joueurs en vie n'ont pas voté :")
    assert "personne n'a reçu de voix" in tally
    assert result.eliminated == () and "personne n'est éliminé" in last


def codes_message(result, code: str) -> str:
    return next(plain(s.message) for s in result.steps if s.code == code)


def test_both_languages_give_the_same_ruling():
    state = village(lovers=["Ana", "Bob"], captain="Cid")
    choices = [Choice("shoot", "Ana", "Cid"), Choice("successor", "Cid", "Dee")]
    fr = resolve_cascade(state, [Death("Ana", "vote")], choices, "fr")
    en = resolve_cascade(state, [Death("Ana", "vote")], choices, "en")
    assert [(s.rule, s.code) for s in fr.steps] == [(s.rule, s.code) for s in en.steps]
    assert [s.message for s in fr.steps] != [s.message for s in en.steps]


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


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_a_cascade_ends_kills_once_and_announces_every_death(data):
    state = data.draw(lg_tables())
    living = [p.name for p in state.living()]
    dying = data.draw(st.lists(st.sampled_from(living), min_size=1, unique=True))
    # A lover's death is set off by the partner's: the chain adds it, nobody starts with it.
    causes = [c for c in game_causes(LG) if c != "lover"]
    if not any(p.role == WITCH for p in state.living()):
        causes.remove("poison")  # the poison needs a living witch
    deaths = [Death(n, data.draw(st.sampled_from(causes))) for n in dying]
    assume(not check_night(state, deaths))  # a night or a vote some table can have
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


LG_OPTS = ["-g", "loup-garou", "-p", f"Ana={HUNTER},Bob={WOLF},Cid={VILLAGER}",
           "-p", f"Dee={WITCH},Eve={VILLAGER},Fay={WOLF}"]  # fmt: skip


def test_cli_vote_tie_without_captain_calls_for_a_revote(garou):
    run = garou("vote", *LG_OPTS, "-v", "Ana=Bob,Bob=Ana", "--json")
    assert run.exit_code == 0, run.stderr
    data = run.json()
    assert data["next"] == {
        "round": "revote",
        "tied": ["Ana", "Bob"],
        "rule": "lg-vote-tie",
        "nominations": [],
    }
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


def test_a_person_answers_each_question_in_turn_until_the_chain_is_over():
    state = village(lovers=["Ana", "Bob"], captain="Cid")
    asked: list[str] = []
    replies = iter(["cid", "Eve"])

    def ask(pending):
        asked.append(pending.kind)
        return next(replies)

    settled = settle(lambda c: resolve_cascade(state, [Death("Ana", "vote")], c), ask=ask)
    result = settled.result
    assert asked == ["shoot", "successor"]
    assert [d.player for d in result.deaths] == ["Ana", "Cid", "Bob"]
    assert result.state.captain == "Eve" and result.pending is None
    quiet = settle(lambda c: resolve_cascade(state, [Death("Ana", "vote")], c))
    assert quiet.result.pending.kind == "shoot"


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
        ("bad-keys.yaml", "win", ":3 (players.Alice.alive)", "expected yes or no"),
        ("bad-cause.yaml", "cascade", ":8 (deaths.Alice.cause)", "has no lift vote"),
        ("bad-cause.yaml", "cascade", ":9 (deaths.Carol.cause)", "no lovers are given"),
        ("missing.yaml", "win", "", "no such file"),
    ],
)
def test_cli_each_kind_of_bad_state_file_is_located(
    monkeypatch, garou, name, command, where, words
):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    run = garou(command, "--state", str(STATES / name))
    assert run.exit_code == 1
    assert run.stderr.startswith("Error: ")
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
         f"causes in Werewolf: {join(list(game_causes(LG)), 'en')}"),
        (["cascade", "-g", "lg", "-p", "Ana=loup,Bob=loup", "-x", "Ana:lover"],
         "no lovers are given"),
        (["cascade", "-g", "mafia", "-p", "1=citoyen,2=mafia", "-x", "1:poison"],
         f"causes in Mafia: {join(list(game_causes(MF)), 'en')}"),
        (["win", "-g", "mafia", "-p", "1=citoyen,2=mafia", "-d", "1,1"],
         "--dead: '1' is given twice"),
        (["win", "-g", "mafia", "-p", "1=citoyen,2=mafia", "-d", "1", "-d", "1"],
         "--dead: '1' is given twice"),
        (["vote", "-g", "mafia", "-p", "1,2,3", "--round", "revote", "--tied", "1,1",
          "-v", "3=1"], "--tied: '1' is given twice"),
        (["vote", "-g", "mafia", "-p", "1,2,3", "-n", "2,2", "-v", "3=2"],
         "--nominated: '2' is given twice"),
        (["cascade", "-g", "lg", "-p", "Ana=chasseur,Bob=loup", "-x", "Ana:vote",
          "--hunter-shoots", "Ana"], "dead or dying"),
        (["win", "-p", "Ana=loup"], "give the game"),
        (["win", "--state", str(STATES / "lg-tie.yaml"), "-p", "Ana"], "not both"),
        (["win", "--state", str(STATES / "lg-tie.yaml"), "-g", "mafia"], "--game says"),
    ],
)  # fmt: skip
def test_cli_bad_options_give_one_clear_error(monkeypatch, garou, args, words):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    run = garou(*args)
    assert run.exit_code in (1, 2)
    assert run.stderr.startswith("Error: ") and words in run.stderr
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
    assert f"Vainqueur : {name[0].lower()}{name[1:]}" in plain(run.stdout)


def test_cli_fouls_lists_what_to_type_when_nothing_matches(monkeypatch, garou):
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    run = garou("fouls", "-g", "mafia", "pétanque")
    assert run.exit_code == 1 and run.stderr.startswith("Error: ")
    phone = garou("fouls", "-g", "mafia", "téléphone", "--json").json()
    assert [b["id"] for b in phone["behaviours"]] == ["messages"]
    assert all(f"{b.id} (" in run.stderr for b in MF.fouls.behaviours)
    found = garou("fouls", "-g", "mafia", "vulgarité", "--json").json()
    assert [b["id"] for b in found["behaviours"]] == ["vulgarity"]


def test_cli_prints_in_both_languages(garou):
    fr = garou("vote", *LG_OPTS, "-v", "Ana=Bob", "--lang", "fr")
    en = garou("vote", *LG_OPTS, "-v", "Ana=Bob", "--lang", "en")
    assert "éliminé" in fr.stdout and "eliminated" in en.stdout
    assert "[lg-vote]" in fr.stdout and "[lg-vote]" in en.stdout


def test_values_give_the_same_situation_as_the_state_file(tmp_path):
    state = tmp_path / "table.yaml"
    state.write_text(
        "game: loup-garou\n"
        f"players: {{Ana: {HUNTER}, Bob: {WOLF}, Cid: {VILLAGER}, Dee: {{role: {WITCH}, "
        "alive: false}}\n"
        "lovers: [Ana, Bob]\ncaptain: Cid\nvotes: {Ana: Bob, Bob: Ana, Cid: Bob}\n",
        encoding="utf-8",
    )
    from_file = rules.play.read_situation(BOOK, state)
    from_values = rules.play.make_situation(
        BOOK,
        "loup-garou",
        {"Ana": HUNTER, "Bob": WOLF, "Cid": VILLAGER, "Dee": WITCH},
        dead=["dee"],
        lovers=["ana", "BOB"],
        captain="cid",
        events={"votes": {"Ana": "Bob", "Bob": "Ana", "Cid": "Bob"}},
    )
    assert from_values.state.players == from_file.state.players
    assert from_values.state.lovers == from_file.state.lovers == ("Ana", "Bob")
    assert from_values.state.captain == from_file.state.captain == "Cid"
    assert from_values.votes == from_file.votes == {"Ana": "Bob", "Bob": "Ana", "Cid": "Bob"}
    with_deaths = rules.play.read_situation(BOOK, state, events={"deaths": {"ana": "vote"}})
    assert with_deaths.deaths == (Death("Ana", "vote"),)
    assert with_deaths.votes == from_file.votes


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["-v", "Ana"], "--vote 'Ana': write it as --vote VOTER=TARGET"),
        (["-v", "Ana=Bob,Ana=Cid"], "--vote: 'Ana' is given twice"),
        (["-t", "Bob=three"], "--tally Bob=three: counts are whole numbers"),
        (["--round", "revote", "--tied", "Ana,ana"], "--tied: 'ana' is given twice"),
        (["-p", "Dan,Dan"], "--player: 'Dan' is given twice"),
        (["--dead", "Zed"], "'Zed' is not a player"),
        (["-p", "Dan="], "--player 'Dan=': write it as --player NAME=ROLE"),
        (["-p", '"Dan'], "unclosed double quote"),
    ],
)
def test_malformed_option_values_are_usage_errors(garou, args, words):
    run = garou("vote", "-g", "loup-garou", "-p", "Ana,Bob,Cid", *args, "--lang", "en")
    assert run.exit_code == 2, run.stdout
    assert words in run.stderr


def test_the_table_is_given_once_and_with_its_game(garou, tmp_path):
    state = tmp_path / "t.yaml"
    state.write_text("game: loup-garou\nplayers: {Ana: null, Bob: null}\n", encoding="utf-8")
    both = garou("win", "--state", str(state), "--captain", "Ana", "--lang", "en")
    assert both.exit_code == 2 and "either in --state or with --player" in both.stderr
    none = garou("win", "-p", "Ana", "--lang", "en")
    assert none.exit_code == 2 and "give the game and the players" in none.stderr


def test_an_invalid_table_given_as_values_is_a_state_error():
    with pytest.raises(StateError, match="'Zed' is not a player"):
        rules.play.make_situation(BOOK, "loup-garou", {"Ana": None, "Bob": None}, captain="Zed")


def test_foul_counts_alone_make_the_table(garou):
    run = garou("fouls", "-g", "mafia", "--foul", "7=3", "--technical", "2=1", "--json")
    data = run.json()
    assert [(p["player"], p["fouls"], p["technical_fouls"]) for p in data["players"]] == [
        ("7", 3, 0),
        ("2", 0, 1),
    ]
    bad = garou("fouls", "-g", "mafia", "--foul", "7=-1", "--lang", "en")
    assert bad.exit_code == 2 and "counts are whole numbers" in bad.stderr


def _mafia(tied_order=None) -> TableState:
    return town()


@pytest.mark.parametrize(
    "query",
    ["montre son téléphone", "shows his phone", "il montre sa montre", "regarde la table"],
)
def test_one_shared_word_never_sentences_a_behaviour(query):
    try:
        lookup = find_behaviours(MF, query)
    except UnknownIdError:
        return  # nothing matched: nobody is sentenced either
    result = judge_fouls(MF, behaviours=lookup, lang="en")
    if len(lookup.behaviours) > 1 or not lookup.certain:
        assert not result.certain and result.offence is None
        assert codes(result) == ["behaviour.unsure"]
        assert "cannot tell" in result.steps[0].message
        for behaviour in lookup.behaviours:
            assert behaviour.id in result.steps[0].message


def test_a_behaviour_named_plainly_is_sentenced():
    for behaviour in MF.fouls.behaviours:
        result = judge_fouls(MF, behaviours=find_behaviours(MF, behaviour.id))
        assert result.certain and f"behaviour.{behaviour.sanction}" in codes(result)


@pytest.mark.parametrize("behaviour", [b for b in MF.fouls.behaviours if b.seconds])
def test_a_duration_is_read_against_the_documents_limit(behaviour):
    keyword = behaviour.keywords.fr[0]
    for seconds, offence in ((behaviour.seconds - 5, False), (behaviour.seconds, False),
                             (behaviour.seconds + 5, True)):  # fmt: skip
        for unit in ("secondes", "s", "seconds"):
            lookup = find_behaviours(MF, f"{keyword} la table {seconds} {unit}")
            result = judge_fouls(MF, behaviours=lookup)
            assert result.offence is offence, (seconds, unit, codes(result))
            sentenced = f"behaviour.{behaviour.sanction}" in codes(result)
            assert sentenced is offence
    for said in (f"left the table for {behaviour.seconds + 5} seconds",
                 f"sorti de la table {behaviour.seconds + 5} s"):  # fmt: skip
        assert judge_fouls(MF, behaviours=find_behaviours(MF, said)).offence is True
    minutes = judge_fouls(MF, behaviours=find_behaviours(MF, f"{keyword} 1 minute"))
    assert minutes.offence is (behaviour.seconds < 60)


@pytest.mark.parametrize("already", range(MF.fouls.technical.limit))
def test_a_count_with_a_behaviour_says_what_the_total_leads_to(already):
    limit = MF.fouls.technical
    insult = find_behaviours(MF, "insults")
    result = judge_fouls(MF, [Player("2", technical_fouls=already)], insult, "en", "2")
    total = next(s for s in result.steps if s.code.startswith("technical.total"))
    assert total.data["count"] == already + 1
    reached = already + 1 >= limit.limit
    assert total.code == ("technical.total-reached" if reached else "technical.total-below")
    assert (total.data["consequence"] == limit.consequence) is reached


def test_the_cli_fouls_with_a_count_says_the_second_technical_foul_disqualifies(garou):
    run = garou("fouls", "-g", "mafia", "--technical", "2=1", "insulte", "--json")
    steps = run.json()["steps"]
    assert steps[-1]["code"] == "technical.total-reached"
    assert steps[-1]["consequence"] == "disqualification"


@pytest.mark.parametrize("lang", rules.LANGS)
def test_a_loup_garou_tie_without_captain_revotes_once_and_only_a_persisting_tie_saves(lang):
    first = count_votes(village(), votes={"Ana": "Bob", "Bob": "Ana"}, lang=lang)
    assert first.next is not None and first.next.round == "revote" and not first.over
    revote = next(s for s in first.steps if s.code.startswith("tie.revote-tied"))
    said = plain(revote.message)
    assert ("persists" in said) if lang == "en" else ("persiste" in said)
    assert revote.data["then"] == "nobody-leaves"
    # The revote's own tie, and only it, ends the day with nobody out.
    second = count_votes(
        village(),
        votes={"Ana": "Bob", "Bob": "Ana"},
        round="revote",
        tied=("Bob", "Ana"),
        lang=lang,
    )
    assert second.over and second.eliminated == () and codes(second)[-1] == "tie.nobody-leaves"
    settled = count_votes(
        village(), votes={"Ana": "Bob", "Bob": "Ana", "Cid": "Bob"}, round="revote",
        tied=("Ana", "Bob"), lang=lang,
    )  # fmt: skip
    assert settled.eliminated == ("Bob",)


def test_the_terminal_never_reads_revote_then_nobody_leaves(garou):
    for lang, word in (("fr", "persiste"), ("en", "persists")):
        run = garou("vote", *LG_OPTS, "-v", "Ana=Bob,Bob=Ana", "--lang", lang)
        text = plain(run.stdout)
        assert word in text
        assert "--round revote" in text


def _witch_table(**witch) -> TableState:
    base = village()
    return replace(base, witch=Witch(**witch))


def test_a_poison_needs_a_living_witch_with_her_death_potion():
    ok = resolve_cascade(_witch_table(death="tonight"), [Death("Bob", "poison")])
    assert ok.complete
    refusals = [
        (_witch_table(death="used"), "already spent"),
        (_witch_table(death="unused"), "did not use"),
        (_witch_table(life="tonight"), "one potion a night"),
        (village(dead=("Dee",)), "already dead"),
        (table(LG, {"Ana": VILLAGER, "Bob": WOLF, "Cid": VILLAGER}), "no player holds"),
    ]
    for state, words in refusals:
        with pytest.raises(StateError, match=re.escape(words)):
            resolve_cascade(state, [Death("Bob", "poison")])
    both = replace(
        _witch_table(life="tonight"),
        agreed=table_rules(LG, agreement_of(LG, "lg-contested-witch-two-potions", "both-allowed")),
    )
    assert resolve_cascade(both, [Death("Bob", "poison")]).complete


def test_a_poison_refusal_from_a_state_file_says_why(garou, tmp_path):
    state = tmp_path / "t.yaml"
    state.write_text(
        f"game: loup-garou\nplayers: {{Ana: {VILLAGER}, Bob: {WOLF}, Dee: {WITCH}}}\n"
        "witch:\n  death: used\ndeaths: {Bob: poison}\n",
        encoding="utf-8",
    )
    run = garou("cascade", "--state", str(state), "--lang", "en")
    assert run.exit_code == 1
    assert f"{state}:5 (deaths.Bob.cause)" in run.stderr and "already spent" in run.stderr


@pytest.mark.parametrize(
    "cause, speaks", [("vote", True), ("lift", True), ("night", True), ("disqualified", False)]
)
def test_the_farewell_goes_to_the_voted_out_and_the_shot_only(cause, speaks):
    deaths = [Death("3", cause), Death("8", cause)] if cause == "lift" else [Death("3", cause)]
    result = resolve_cascade(town(), deaths, lang="en")
    farewell = [s for s in result.steps if s.code == "cascade.announce-farewell"]
    silent = [s for s in result.steps if s.code == "cascade.announce-no-farewell"]
    assert bool(farewell) is speaks and bool(silent) is not speaks
    if speaks:
        assert farewell[0].data["farewell"] == [d.player for d in deaths]
    mixed = resolve_cascade(town(), [Death("3", "vote"), Death("5", "disqualified")])
    assert [s.data for s in mixed.steps if s.code == "cascade.announce-farewell"] == [
        {"farewell": ["3"]}
    ]


def test_the_revote_abstention_goes_to_the_last_nominee_of_the_days_order():
    # Nominated 8 first, then 3: in the revote a silent seat counts against 3.
    votes = {"1": "8", "2": "8", "4": "3", "5": "3"}
    for tied in (("3", "8"), ("8", "3")):
        result = count_votes(
            town(), votes=votes, round="revote", tied=tied, nominations=("8", "5", "3")
        )
        abstain = next(s for s in result.steps if s.code == "vote.abstain-last-nominee")
        assert abstain.data["nominee"] == "3"
        assert dict(result.tally)["3"] == 2 + len(town().living()) - len(votes)
    with pytest.raises(StateError, match="give the nomination order"):
        count_votes(town(), votes=votes, round="revote", tied=("3", "8"))


def test_the_nomination_order_survives_into_every_next_round():
    votes = {str(i): ("3" if i % 2 else "8") for i in range(1, 11)}
    first = count_votes(town(), votes=votes, nominations=("8", "3"))
    assert first.next.nominations == ("8", "3")
    second = count_votes(
        town(), votes=votes, round="revote", tied=first.next.tied, nominations=("8", "3")
    )
    assert second.next.round == "lift" and second.next.nominations == ("8", "3")


MF_TIE = ["-g", "mafia", "-p", ",".join(str(i) for i in range(1, 11)), "-n", "8,3",
          "-v", ",".join(f"{i}={3 if i % 2 else 8}" for i in range(1, 11))]  # fmt: skip


def test_every_next_command_carries_the_nomination_order(garou):
    data = garou("vote", *MF_TIE, "--json").json()
    assert data["next"]["nominations"] == ["8", "3"]
    run = garou("vote", *MF_TIE, "--lang", "en")
    nxt = next(line for line in run.stdout.splitlines() if line.startswith("Next:"))
    assert "--nominated 8,3" in nxt and "--round revote --tied 3,8" in nxt
    # Run again as printed (the ballots filled in), the revote keeps the order.
    again = garou("vote", *MF_TIE[:4], "--round", "revote", "--tied", "3,8", "--nominated",
                  "8,3", "-v", "1=8,2=8,3=8,4=8,5=8,6=3", "--json")  # fmt: skip
    assert again.json()["next"]["nominations"] == ["8", "3"]


@given(st.permutations(["1", "2", "4", "5", "6", "7"]), st.permutations(["3", "8"]))
@settings(max_examples=30, deadline=None)
def test_no_result_depends_on_the_order_options_were_typed(voters, tied):
    votes = {v: ("3" if int(v) % 2 else "8") for v in voters}
    result = count_votes(town(), votes=votes, round="revote", tied=tuple(tied),
                         nominations=("3", "8"))  # fmt: skip
    assert result.tally == count_votes(
        town(), votes=dict(sorted(votes.items())), round="revote", tied=("3", "8"),
        nominations=("3", "8"),
    ).tally  # fmt: skip


def test_the_successor_is_named_once_the_chain_is_over_among_the_living_then():
    state = village(captain="Cid")  # one victim a night: Ana dies of Dee's poison
    for order in ([Death("Cid", "night"), Death("Ana", "poison")],
                  [Death("Ana", "poison"), Death("Cid", "night")]):  # fmt: skip
        first = resolve_cascade(state, order)
        assert first.pending.kind == "shoot"  # the shot before the successor
        after_shot = resolve_cascade(state, order, [Choice("shoot", "Ana", "Eve")])
        assert after_shot.pending.kind == "successor"
        assert "Eve" not in after_shot.pending.options and "Ana" not in after_shot.pending.options
        with pytest.raises(StateError, match="dead or dying"):
            resolve_cascade(
                state, order, [Choice("shoot", "Ana", "Eve"), Choice("successor", "Cid", "Eve")]
            )
        done = resolve_cascade(
            state, order, [Choice("shoot", "Ana", "Eve"), Choice("successor", "Cid", "Dee")]
        )
        assert done.state.captain == "Dee"
        assert [d.player for d in done.deaths] == ["Ana", "Cid", "Eve"]


def test_with_two_dying_hunters_an_answer_must_say_which_hunter_shoots():
    from garou.rules.play import Answer

    # one victim a night (check_night): the second hunter dies of the witch's poison
    state = table(LG, {"Ana": HUNTER, "Bob": WOLF, "Cid": VILLAGER, "Dee": HUNTER,
                       "Eve": VILLAGER, "Fay": WOLF, "Gus": WITCH})  # fmt: skip
    for order in ([Death("Ana", "night"), Death("Dee", "poison")],
                  [Death("Dee", "poison"), Death("Ana", "night")]):  # fmt: skip
        with pytest.raises(StateError, match="does not say who chooses"):
            settle(lambda c, o=order: resolve_cascade(state, o, c), [Answer("shoot", "Bob")])
        named = [Answer("shoot", "bob", "ana"), Answer("shoot", "Fay", "DEE")]
        done = settle(lambda c, o=order: resolve_cascade(state, o, c), named).result
        assert done.complete and {d.player for d in done.deaths} == {"Ana", "Dee", "Bob", "Fay"}
    one = table(LG, {"Ana": HUNTER, "Bob": WOLF, "Cid": VILLAGER})
    alone = settle(
        lambda c: resolve_cascade(one, [Death("Ana", "vote")], c), [Answer("shoot", "Bob")]
    )
    assert alone.result.complete


def _lg_agreement(tmp_path, **decisions) -> Path:
    written = {
        "lg-contested-witch-self-save": "always",
        "lg-contested-witch-two-potions": "one-per-night",
        "lg-contested-seer-sees": "exact-role",
        "lg-contested-wolves-unanimous": "agree-or-gm",
        "lg-contested-dead-signs": "never",
        "lg-setting-debate": "advised",
        "lg-setting-captain": "with-captain",
        **decisions,
    }
    path = tmp_path / "accord.yaml"
    lines = "".join(f"  {k}: {v}\n" for k, v in written.items())
    path.write_text(f"game: loup-garou\ndecisions:\n{lines}", encoding="utf-8")
    return path


def test_vote_cascade_and_win_apply_the_agreement(garou, tmp_path):
    without = _lg_agreement(tmp_path, **{"lg-setting-captain": "without-captain"})
    captained = garou("vote", *LG_OPTS, "-c", "Cid", "-v", "Ana=Bob,Bob=Ana",
                      "--agreement", str(without), "--lang", "en")  # fmt: skip
    assert captained.exit_code == 2 and "without a captain" in captained.stderr
    env = garou("vote", *LG_OPTS, "-v", "Ana=Bob,Bob=Ana", "--json",
                env={"GAROU_AGREEMENT": str(without)})  # fmt: skip
    assert env.json()["next"]["round"] == "revote"
    never = _lg_agreement(tmp_path, **{"lg-contested-witch-self-save": "never"})
    state = tmp_path / "t.yaml"
    state.write_text(
        f"game: loup-garou\nplayers: {{Ana: {VILLAGER}, Bob: {WOLF}, Dee: {WITCH}, Eve: "
        f"{VILLAGER}}}\nwitch: {{saved: dee, life: tonight}}\n",
        encoding="utf-8",
    )
    for command in ("win", "cascade"):
        args = [command, "--state", str(state), "--agreement", str(never), "--lang", "en"]
        if command == "cascade":
            args += ["-x", "Bob:vote"]
        run = garou(*args)
        assert run.exit_code == 1 and f"{state}:3 (witch.saved)" in run.stderr, run.stderr
        assert "cannot save herself" in run.stderr
    assert garou("win", "--state", str(state), "--lang", "en").exit_code == 0


def test_the_mafia_agreement_reading_reaches_the_vote(garou, tmp_path):
    path = tmp_path / "mafia.yaml"
    path.write_text(
        "game: mafia\ndecisions:\n  mf-contested-majority: absolute-majority\n"
        "  mf-setting-speech: normal\n  mf-setting-scoring: max-mafia\n"
        "  mf-setting-first-night-checks: every-night\n",
        encoding="utf-8",
    )
    votes = "1=3,2=3,4=3,6=3,7=8,9=8,10=8,3=5,5=5,8=5"
    run = garou("vote", "-g", "mafia", "-p", ",".join(str(i) for i in range(1, 11)),
                "-v", votes, "-n", "3,8,5", "--agreement", str(path), "--json")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert run.json()["eliminated"] == [] and run.json()["steps"][-1]["reading"] == (
        "absolute-majority"
    )


def test_tonights_kill_giving_the_wolves_parity_is_warned_with_the_witchs_answer():
    state = table(LG, {"Ana": HUNTER, "Bob": WOLF, "Cid": VILLAGER, "Dee": WITCH, "Eve": WOLF})
    warned = check_win(state, "en", "night")
    assert "win.night-parity" in codes(warned) and "win.night-parity-witch-can-both" in codes(
        warned
    )
    spent = check_win(_with_witch(state, life="used", death="used"), "en", "night")
    assert "win.night-parity-potions-spent" in codes(spent)
    no_witch = check_win(village(dead=("Dee",)), "en", "night")
    assert "win.night-parity" in codes(no_witch) and "win.night-parity-no-witch" in codes(no_witch)
    assert "win.night-parity" not in codes(check_win(village(), "en", "night"))
    assert "win.night-parity" not in codes(check_win(state, "en", "vote"))


def _with_witch(state, **witch):
    return replace(state, witch=Witch(**witch))


def test_state_file_names_are_the_strings_typed():
    situation = rules.play.read_situation(BOOK, STATES / "lg-odd-names.yaml")
    assert situation.state.names() == ("No", "~", "010", "Yes", "Smith, J", "Dr: Who", "A=B")
    assert situation.state.captain == "Smith, J"


def test_names_holding_separators_are_answered_on_the_command_line(garou):
    state = str(STATES / "lg-odd-names.yaml")
    run = garou("cascade", "--state", state, "-x", '"Smith, J":vote,no:vote',
                "--hunter-shoots", '"No":"Dr: Who"', "--successor", '"smith, j":"A=B"',
                "--json")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    data = run.json()
    assert {d["player"] for d in data["deaths"]} == {"Smith, J", "No", "Dr: Who"}
    assert data["captain"] == "A=B" and data["pending"] is None
    vote = garou("vote", "--state", state, "-v", '"Smith, J"="A=B","A=B"="Smith, J"',
                 "--captain-picks", '"a=b"', "--lang", "en")  # fmt: skip
    nxt = next(line for line in vote.stdout.splitlines() if line.startswith("Next:"))
    assert "--dies '\"A=B\":vote'" in nxt


@pytest.mark.parametrize("columns", ["30", "50"])
def test_next_commands_are_never_hard_wrapped(garou, columns):
    run = garou("vote", *MF_TIE, "--lang", "en", env={"COLUMNS": columns})
    lines = run.stdout.splitlines()
    nxt = next(i for i, line in enumerate(lines) if line.startswith("Next:"))
    assert lines[nxt].rstrip().endswith("VOTER=TARGET")
    pending = garou("vote", *LG_OPTS, "-c", "Cid", "-v", "Ana=Bob,Bob=Ana", "--no-input",
                    "--lang", "en", env={"COLUMNS": columns})  # fmt: skip
    answer = next(line for line in pending.stdout.splitlines() if "Answer with:" in line)
    assert "--captain-picks NAME" in answer and answer.rstrip().endswith(")")


def test_terminal_control_sequences_in_names_are_neutralised(garou, tmp_path):
    state = tmp_path / "t.yaml"
    state.write_text(
        'game: loup-garou\nplayers:\n  "Ana\\e[31m": chasseur\n  "Bob\\a": loup-garou\n'
        '  Cid: villageois\ndeaths: {"Bob\\a": night}\n',
        encoding="utf-8",
    )
    run = garou("cascade", "--state", str(state), "--hunter-shoots", "Cid", "--lang", "en")
    assert run.exit_code == 0, run.stderr
    assert "\x1b" not in run.stdout and "\x07" not in run.stdout
    assert "\\x07" in run.stdout


def test_a_mafia_table_that_cannot_exist_is_refused(garou):
    run = garou("win", "--state", str(STATES / "mafia-eleven.yaml"), "--lang", "en")
    assert run.exit_code == 1 and "cannot exist" in run.stderr
    assert f"{STATES / 'mafia-eleven.yaml'}:3 (players)" in run.stderr
    partial = garou("win", "-g", "mafia", "-p", "1=citoyen,2=citoyen,3=mafia,4=don")
    assert partial.exit_code == 0  # the living seats only: a table that can exist


def test_player_names_match_whatever_their_case_and_accents():
    state = table(LG, {"Zoé": HUNTER, "Bob": WOLF, "Cid": VILLAGER, "Dee": WITCH})
    voted = count_votes(state, votes={"zoe": "BOB", "bob": "zoé", "CID": "bob"})
    assert voted.eliminated == ("Bob",)
    shot = resolve_cascade(state, [Death("ZOE", "vote")], [Choice("shoot", "zoe", "cid")])
    assert [d.player for d in shot.deaths] == ["Zoé", "Cid"]


_ENGLISH = re.compile(
    r"\b(the|and|nobody|dies|shoots?|leaves?|players?|alive|winner|"
    r"pending|answer|next|between|with|of|error|invalid|is|not)\b",
    re.IGNORECASE,
)


_FRENCH = re.compile(
    r"\b(le|la|les|et|voix|personne|meurt|tire|joueurs?|vivants?|vainqueur|"
    r"attente|répondre|ensuite|entre|avec|erreur|est|pas|une?)\b|[éèàçù]",
    re.IGNORECASE,
)


_RUNS = [
    ["vote", "--state", str(STATES / "mafia-tie.yaml")],
    ["vote", *LG_OPTS, "-c", "Cid", "-v", "Ana=Bob,Bob=Ana", "--no-input"],
    ["vote", *LG_OPTS, "-v", "Ana=Bob,Bob=Ana"],
    ["cascade", "--state", str(STATES / "lg-hunter-lover.yaml"), "--no-input"],
    ["cascade", *LG_OPTS, "-x", "Ana:vote", "--hunter-shoots", "Bob"],
    ["win", "-g", "mafia", "-p", "1=citoyen,2=citoyen,3=citoyen,4=mafia,5=don,6=sherif"],
    ["win", "-g", "lg", "-p", f"Ana={HUNTER},Bob={WOLF},Cid={VILLAGER},Dee={WITCH},Eve={WOLF}",
     "--next", "night"],
    ["fouls", "-g", "mafia", "--technical", "2=1", "insulte"],
    ["fouls", "-g", "mafia", "montre son téléphone"],
    ["fouls", "-g", "mafia", "quitte la table 10 secondes"],
]  # fmt: skip


def _words_said(text: str) -> str:
    """The words garou says, without ids, names, role/rule data and option syntax."""
    text = re.sub(r"\[[a-z0-9-]+\]", " ", text)  # [lg-vote]
    text = re.sub(r"(keys|clés)( here| possibles ici)?\s*:[^;\n]*", " ", text)  # key names
    text = re.sub(r"\([\w.]+\)", " ", text)  # key paths: (players.Alice.alive)
    text = re.sub(r"\b(true|false)\b", " ", text)  # YAML's words
    text = re.sub(r"(?<!\w)'[^']*'(?!\w)", " ", text)  # what the user typed, quoted
    text = re.sub(r"\b[a-z]+(-[a-z]+)+\b", " ", text)  # ids: out-of-game
    text = re.sub(r"\([a-z0-9-]+(,[^)]*)?\)", " ", text)  # (mf-composition), (insults, ...)
    text = re.sub(r"(--?[a-z-]+|garou \w+)( \S+)?", " ", text)  # options and their values
    text = re.sub(r"/\S+", " ", text)  # paths
    text = re.sub(r"[«“\"][^»”\"]*[»”\"]", " ", text)  # quoted data (behaviours' own text)
    return text


@pytest.mark.parametrize("args", _RUNS, ids=lambda a: " ".join(a[:3]))
def test_no_word_of_the_other_language(garou, args):
    for lang, other in (("fr", _ENGLISH), ("en", _FRENCH)):
        run = garou(*args, "--lang", lang)
        said = _words_said(run.stdout + run.stderr)
        found = other.findall(said)
        assert not found, (lang, found, said)


def _errors_of_many_kinds() -> list:
    """Errors of the readers, the engine and the answers, as the libraries raise them."""
    from garou.rules.play import Answer

    caught = []
    attempts = [
        lambda: rules.play.read_situation(BOOK, STATES / "bad-votes.yaml"),
        lambda: rules.play.read_situation(BOOK, STATES / "mafia-eleven.yaml"),
        lambda: rules.play.read_situation(BOOK, STATES / "bad-keys.yaml"),
        lambda: resolve_cascade(village(), [Death("Ana", "lift")]),
        lambda: resolve_cascade(village(dead=("Dee",)), [Death("Bob", "poison")]),
        lambda: count_votes(village(), votes={"Ana": "Zed"}),
        lambda: count_votes(town(), votes={"1": "3"}),
        lambda: count_votes(village(), votes={}, round="lift", tied=("Ana", "Bob")),
        lambda: judge_fouls(LG),
        lambda: find_behaviours(MF, "pétanque"),
        lambda: settle(
            lambda c: resolve_cascade(
                table(LG, {"Ana": HUNTER, "Bob": WOLF, "Dee": HUNTER, "Eve": VILLAGER}),
                [Death("Ana", "night"), Death("Dee", "night")],
                c,
            ),
            [Answer("shoot", "Bob")],
        ),
    ]
    for attempt in attempts:
        with pytest.raises(rules.GarouError) as error:
            attempt()
        caught.append(error.value)
    return caught


def test_errors_are_said_in_one_language():
    for exc in _errors_of_many_kinds():
        for lang, other in (("fr", _ENGLISH), ("en", _FRENCH)):
            said = _words_said(exc.message(lang))
            assert not other.findall(said), (lang, other.findall(said), said)


def test_what_the_witch_did_tonight_must_agree_with_the_deaths():
    saved = _witch_table(life="tonight", saved="Eve")
    with pytest.raises(StateError, match="saved by the witch tonight"):
        resolve_cascade(saved, [Death("eve", "night")])
    assert resolve_cascade(saved, [Death("Cid", "night")]).complete
    with pytest.raises(StateError, match="life potion is not used"):
        make_state(LG, village().players, witch=rules.play.Witch(life="unused", saved="Eve"))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_chains_outcome_never_depends_on_the_order_of_the_deaths(data):
    state = data.draw(lg_tables())
    living = [p.name for p in state.living()]
    dying = data.draw(st.lists(st.sampled_from(living), min_size=1, max_size=3, unique=True))
    causes = [c for c in game_causes(LG) if c not in ("lover", "poison")]
    deaths = [Death(n, data.draw(st.sampled_from(causes))) for n in dying]
    # Every possible chooser answers with the first living player not dying first.
    choices = [
        Choice(kind, p.name, next((q for q in living if q not in dying and q != p.name), p.name))
        for p in state.players
        for kind in ("shoot", "successor")
    ]
    outcomes = set()
    for order in (deaths, list(reversed(deaths))):
        try:
            result = resolve_cascade(state, order, choices)
        except StateError:
            outcomes.add("refused")
            continue
        outcomes.add(
            (
                frozenset((d.player, d.cause) for d in result.deaths),
                result.state.captain,
                result.pending and result.pending.kind,
            )  # fmt: skip
        )
    assert len(outcomes) == 1


@pytest.mark.parametrize(
    "template", ["round: {}", "witch: {{life: {}}}", "votes: {{A: {}}}", "extra: {}"]
)
def test_a_state_files_alias_bomb_is_never_expanded_in_a_message(garou, tmp_path, template):
    levels = ["&a0 [x,x,x,x,x,x,x,x,x,x]"]
    levels += [f"&a{i} [{','.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 8)]
    body = template.format("[" + ", ".join(levels) + "]")
    state = tmp_path / "bomb.yaml"
    state.write_text(
        f"game: loup-garou\nplayers: {{A: loup-garou, B: villageois, C: villageois}}\n{body}\n",
        encoding="utf-8",
    )
    run = garou("vote", "--state", str(state), "--lang", "en")
    assert run.exit_code == 1 and len(run.stderr) < 2000, run.stderr[:300]


def test_a_captain_choosing_outside_the_tie_is_told_both_names_with_and(book):
    """The tied players are listed with "and" (between Ana and Bob), not "or"."""
    game = book.game("loup-garou")
    state = rules.play.make_state(
        game,
        [rules.play.Player(n, r, True) for n, r in
         [("Ana", "loup-garou"), ("Bob", "villageois"), ("Cid", "villageois"),
          ("Dee", "villageois")]],
        captain="Dee",
    )  # fmt: skip
    with pytest.raises(rules.play.StateError) as caught:
        rules.play.count_votes(
            state,
            votes={"Ana": "Bob", "Bob": "Ana", "Cid": "Ana", "Dee": "Bob"},
            choices=[rules.play.Choice("captain-pick", "Dee", "Cid")],
            lang="en",
        )
    assert "between Ana and Bob" in caught.value.message("en")
    assert "entre Ana et Bob" in caught.value.message("fr")


RETYPED_NAMES = ["No", "~", "010", "1e3", "yes", "null", "true", "12"]
"""Player names YAML 1.1 would read as false, None, 8, a date, true, a number."""


def _odd_table(tmp_path, **lines):
    text = "game: loup-garou\nplayers:\n"
    text += "".join(f"  {name}: villageois\n" for name in RETYPED_NAMES[:-1])
    text += f"  {RETYPED_NAMES[-1]}: loup-garou\n"
    text += "".join(f"{k}: {v}\n" for k, v in lines.items())
    path = tmp_path / "odd.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_state_file_names_yaml_would_retype_survive_the_vote(garou, tmp_path):
    targets = ["~", "010", "No"]
    votes = ", ".join(f"{n}: {targets[i % 3]}" for i, n in enumerate(RETYPED_NAMES))
    path = _odd_table(tmp_path, votes="{" + votes + "}", captain="'~'")
    situation = rules.play.read_situation(BOOK, path)
    assert situation.state.names() == tuple(RETYPED_NAMES) and situation.state.captain == "~"
    assert set(situation.votes) == set(RETYPED_NAMES)
    run = garou("vote", "--state", str(path), "--json", "--lang", "en")
    assert run.exit_code == 0, run.stderr
    data = run.json()
    assert data["tally"] == {"~": 3, "010": 3, "No": 2}
    assert data["pending"]["chooser"] == "~" and data["pending"]["options"] == ["~", "010"]


def test_a_plain_tilde_is_no_captain_and_a_quoted_one_is_a_name(tmp_path):
    assert rules.play.read_situation(BOOK, _odd_table(tmp_path, captain="~")).state.captain is None
    quoted = rules.play.read_situation(BOOK, _odd_table(tmp_path, captain='"null"'))
    assert quoted.state.captain == "null"


@pytest.mark.parametrize(
    "lines, where, en, fr",
    [
        ({"captains": "No"}, ":11 (captains)", "unknown key 'captains'", "clé inconnue"),
        ({"tallies": "{No: many}"}, ":11 (tallies.No)", "expected a whole number", "nombre entier"),
        ({"round": "fourth"}, ":11 (round)", "fourth", "fourth"),
        ({"captain": "Zed"}, ":11 (captain)", "'Zed' is not a player", "n'est pas un joueur"),
        ({"lovers": "[No, 010]\nlovers: [No, yes]"}, ":12 (lovers)", "duplicate key", "double"),
    ],
)
def test_a_state_file_problem_is_said_with_file_line_and_key_in_both_languages(
    garou, tmp_path, lines, where, en, fr
):
    path = _odd_table(tmp_path, **lines)
    english = garou("win", "--state", str(path), "--lang", "en")
    french = garou("win", "--state", str(path), "--lang", "fr")
    assert english.exit_code == french.exit_code == 1
    assert f"odd.yaml{where}" in english.stderr and en in english.stderr
    assert f"odd.yaml{where}" in french.stderr and fr in french.stderr
    assert "Traceback" not in english.stderr + french.stderr
    data = garou("win", "--state", str(path), "--json", "--lang", "en").json()
    (problem,) = data["error"]["where"]
    assert problem["file"].endswith("odd.yaml") and f":{problem['line']}" in where
    assert en in problem["message"]


def test_a_state_file_without_players_says_the_missing_key(garou, tmp_path):
    path = tmp_path / "empty.yaml"
    path.write_text("game: loup-garou\ncaptain: No\n", encoding="utf-8")
    for lang, words in (("en", "players"), ("fr", "joueurs")):
        run = garou("win", "--state", str(path), "--lang", lang)
        assert run.exit_code == 1 and "empty.yaml" in run.stderr and words in run.stderr


def test_only_the_captains_pick_breaks_a_tie():
    # loup-garou.txt: "En cas d'égalité, c'est le capitaine qui tranche."
    votes = {"Ana": "Bob", "Bob": "Ana"}
    someone_else = Choice("captain-pick", "Cid", "Ana")
    result = count_votes(village(captain="Eve"), votes=votes, choices=[someone_else])
    assert result.eliminated == () and result.pending.chooser == "Eve"
    assert result.unused == (someone_else,)


def test_the_self_save_reading_only_concerns_the_witch_saving_herself():
    never = table_rules(LG, agreement_of(LG, "lg-contested-witch-self-save", "never"))
    players = village().players
    saved_other = make_state(LG, players, witch=rules.play.Witch(life="tonight", saved="Eve"),
                             agreed=never)  # fmt: skip
    assert saved_other.witch.saved == "Eve"
    with pytest.raises(StateError, match="cannot save herself"):
        make_state(LG, players, witch=rules.play.Witch(life="tonight", saved="Dee"), agreed=never)
    no_witch = [p for p in players if p.role != WITCH]
    make_state(LG, no_witch, witch=rules.play.Witch(life="tonight", saved="Eve"), agreed=never)


def test_two_words_only_one_behaviours_text_uses_make_it_a_candidate():
    from garou.core.names import fold
    from garou.rules.play import fouls as fouls_module

    behaviours = MF.fouls.behaviours
    words = {b.id: set(re.findall(r"\w{4,}", fold(f"{b.text.fr} {b.text.en}"))) for b in behaviours}
    checked = 0
    for behaviour in behaviours:
        others = set().union(*(w for bid, w in words.items() if bid != behaviour.id))
        # A function word ("from", "hors") says how, not what: never a candidate.
        own = sorted(words[behaviour.id] - others - fouls_module._FUNCTION_WORDS)
        for first, second in zip(own, own[1:], strict=False):
            assert behaviour in find_behaviours(MF, f"{first} {second}").behaviours, first
            checked += 1
    assert checked


@pytest.mark.parametrize("night", [1, 2, 3])
def test_a_self_save_on_the_first_night_only_is_allowed_on_night_one(night):
    # loup-garou.txt: "La sorcière peut-elle se sauver elle-même ? ... ou seulement la
    # première nuit."
    first = table_rules(LG, agreement_of(LG, "lg-contested-witch-self-save", "first-night-only"))
    witch = rules.play.Witch(life="tonight", saved="Dee", night=night)
    if night == 1:
        assert make_state(LG, village().players, witch=witch, agreed=first).witch.saved == "Dee"
    else:
        with pytest.raises(StateError, match="first night only"):
            make_state(LG, village().players, witch=witch, agreed=first)


_WITCH_CASES = [
    # (witch, agreement (case, option) or None, refusal or None)
    ({}, None, None),
    ({"life": "tonight", "saved": "Eve"}, None, None),
    ({"life": "used"}, None, None),
    ({"life": "used", "saved": "Eve"}, None, "life potion is already spent"),
    ({"life": "unused", "saved": "Eve"}, None, "life potion is not used"),
    ({"life": "tonight", "death": "tonight"},
     ("lg-contested-witch-two-potions", "one-per-night"), "both her potions in one night"),
    ({"life": "tonight", "death": "tonight"},
     ("lg-contested-witch-two-potions", "both-allowed"), None),
    ({"life": "tonight", "death": "used"},
     ("lg-contested-witch-two-potions", "one-per-night"), None),
]  # fmt: skip


@pytest.mark.parametrize("witch, decided, refusal", _WITCH_CASES)
def test_what_a_state_says_of_the_witchs_potions_is_checked(witch, decided, refusal):
    # loup-garou.txt: one life potion and one death potion, each used once; whether both may
    # go in one night is the table's reading.
    agreed = {} if decided is None else {"agreed": table_rules(LG, agreement_of(LG, *decided))}
    if refusal is None:
        assert make_state(LG, village().players, witch=Witch(**witch), **agreed).witch == Witch(
            **witch
        )
    else:
        with pytest.raises(StateError, match=re.escape(refusal)):
            make_state(LG, village().players, witch=Witch(**witch), **agreed)


def test_only_a_game_with_a_witch_takes_what_she_did():
    town_players = town().players
    assert make_state(MF, town_players, witch=Witch()).game is MF
    with pytest.raises(StateError, match="has no witch"):
        make_state(MF, town_players, witch=Witch(life="tonight"))


@pytest.mark.parametrize("option", ["with-captain", "without-captain"])
def test_a_captain_is_named_only_when_the_table_plays_with_one(option):
    agreed = table_rules(LG, agreement_of(LG, "lg-setting-captain", option))
    if option == "with-captain":
        assert make_state(LG, village().players, captain="Cid", agreed=agreed).captain == "Cid"
    else:
        with pytest.raises(StateError, match="without a captain"):
            make_state(LG, village().players, captain="Cid", agreed=agreed)
    assert make_state(LG, village().players, agreed=agreed).captain is None


def _expected_winner(game, others, minority):
    """Both documents: the majority wins when no minority player is left; the minority wins
    when it is at least as many as the others; otherwise nobody yet."""
    if minority == 0:
        return game.info.players
    if minority >= others:
        return game.role(game.minority_roles()[0].id).camp
    return None


def test_who_wins_for_every_count_of_the_living():
    plain, wolf = LG.setup.filler, LG.minority_roles()[0].id
    for others in range(0, 6):
        for wolves in range(0, 4):
            if others + wolves == 0:
                continue
            roles = {f"p{i}": plain for i in range(others)}
            roles |= {f"w{i}": wolf for i in range(wolves)}
            result = check_win(table(LG, roles))
            assert result.winner == _expected_winner(LG, others, wolves), (others, wolves)
    for town_out in range(0, 8):  # seats 1 to 7 are the town's, 8 to 10 the mafia's
        for mafia_out in range(0, 4):
            if town_out == 7 and mafia_out == 3:
                continue
            dead = [str(i) for i in range(1, town_out + 1)]
            dead += [str(i) for i in range(8, 8 + mafia_out)]
            result = check_win(town(dead=dead))
            expected = _expected_winner(MF, 7 - town_out, 3 - mafia_out)
            assert result.winner == expected, (town_out, mafia_out)
            # mafia.txt's margin of error is told while nobody has won.
            assert (result.margin is None) == (expected is not None), (town_out, mafia_out)


def test_a_duration_is_said_whole_when_it_is_and_with_its_fraction_when_not():
    # The judge reads "20 s" for twenty seconds, and a half second is not rounded away.
    steps = {}
    for query in ("left the table for 20 seconds", "sorti de la table 10,5 s"):
        result = judge_fouls(MF, behaviours=find_behaviours(MF, query), lang="en")
        steps[query] = next(s.message for s in result.steps if "limit" in s.code)
    assert re.search(r": 20 s, more than", steps["left the table for 20 seconds"]), steps
    assert re.search(r": 10\.50? s, not more", steps["sorti de la table 10,5 s"]), steps


@pytest.mark.parametrize("captain", [None, "Cid"])
def test_the_tie_procedure_is_the_documents_with_or_without_a_captain(captain):
    # loup-garou.txt: "En cas d'égalité, c'est le capitaine qui tranche."; without one, a
    # revote between the tied, then nobody leaves. mafia.txt has no captain: its procedure
    # (extra time, revote, lift vote) holds whatever is asked.
    from garou.rules.play.vote import tie_procedure

    lg_steps = ("captain-decides",) if captain else ("revote-tied", "nobody-leaves")
    assert tuple(tie_procedure(village(captain=captain))) == lg_steps
    assert tuple(tie_procedure(town())) == ("extra-time", "revote-tied", "lift-vote")


@pytest.mark.parametrize(("attr", "limit"), _limits())
@pytest.mark.parametrize("extra", [0, 1, 7])
def test_a_player_whose_counts_disqualify_is_not_alive_in_any_state(attr, limit, extra):
    counted = Player("1", "mafia", fouls=0, **{attr: limit + extra})
    below = Player("2", "mafia", **{attr: limit - 1})
    town = [Player(str(n), "citoyen") for n in (3, 4, 5)]
    state = make_state(MF, [counted, below, *town])
    assert [p.name for p in state.living()] == ["2", "3", "4", "5"]
    data = {
        "game": "mafia",
        "players": {"1": {"role": "mafia", attr: limit + extra}, "2": "mafia"}
        | {str(n): "citoyen" for n in (3, 4, 5)},
    }
    situation = parse_situation(BOOK, data, origin="s.yaml")
    assert [p.name for p in situation.state.living()] == ["2", "3", "4", "5"]
