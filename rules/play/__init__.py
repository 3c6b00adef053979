"""The game-state engine: settle votes, death chains, wins and fouls from the rule data.

Pure functions over a small :class:`TableState`; every threshold and procedure is read
from the :class:`~rules.model.Game`. Where the rules leave a choice to a player, a result
carries a :class:`Pending` question instead of an answer; pass the answer back as a
:class:`Choice`.
"""

from .cascade import Announced, CascadeResult, check_deaths, resolve_cascade
from .fouls import FoulCount, FoulsResult, find_behaviours, judge_fouls
from .situation import (
    EVENT_KEYS,
    STATE_KEYS,
    Situation,
    answers_from_options,
    foul_table_from_options,
    parse_situation,
    read_situation,
    situation_from_options,
)
from .state import (
    CAUSES,
    Cause,
    Choice,
    ChoiceKind,
    Death,
    Issue,
    Pending,
    Player,
    StateError,
    Step,
    TableState,
    check_state,
    game_causes,
    make_state,
    parse_cause,
)
from .vote import VOTE_ROUNDS, NextVote, VoteResult, VoteRound, count_votes, lift_ballot
from .win import MarginInfo, NextEvent, WinResult, check_win, margin_left

__all__ = [
    "CAUSES",
    "EVENT_KEYS",
    "STATE_KEYS",
    "VOTE_ROUNDS",
    "Announced",
    "CascadeResult",
    "Cause",
    "Choice",
    "ChoiceKind",
    "Death",
    "FoulCount",
    "FoulsResult",
    "Issue",
    "MarginInfo",
    "NextEvent",
    "NextVote",
    "Pending",
    "Player",
    "Situation",
    "StateError",
    "Step",
    "TableState",
    "VoteResult",
    "VoteRound",
    "WinResult",
    "answers_from_options",
    "check_deaths",
    "check_state",
    "check_win",
    "count_votes",
    "find_behaviours",
    "foul_table_from_options",
    "game_causes",
    "judge_fouls",
    "lift_ballot",
    "make_state",
    "margin_left",
    "parse_cause",
    "parse_situation",
    "read_situation",
    "resolve_cascade",
    "situation_from_options",
]
