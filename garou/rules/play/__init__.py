"""The game-state engine: settle votes, death chains, wins and fouls from the rule data.

Pure functions over a small :class:`TableState`; every threshold and procedure is read
from the :class:`~garou.rules.model.Game`, and the table's agreement (:func:`table_rules`)
says how the contested cases are read. Where the rules leave a choice to a player, a
result carries a :class:`Pending` question instead of an answer; pass the answer back as
a :class:`Choice`, or route answers given in advance with :func:`settle`.
"""

from .answers import Answer, Settled, settle
from .cascade import Announced, CascadeResult, check_deaths, grouped, resolve_cascade
from .fouls import (
    BehaviourLookup,
    FoulCount,
    FoulsResult,
    find_behaviours,
    foul_costs_speech,
    judge_fouls,
    with_counts,
)
from .situation import (
    EVENT_KEYS,
    STATE_KEYS,
    Situation,
    make_situation,
    parse_situation,
    read_situation,
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
    TableRules,
    TableState,
    Witch,
    check_state,
    game_causes,
    make_state,
    parse_cause,
    readings_applied,
    table_rules,
)
from .vote import (
    VOTE_ROUNDS,
    NextVote,
    VoteResult,
    VoteRound,
    count_votes,
    lift_ballot,
    silent_lift_ballot,
)
from .win import MarginInfo, NextEvent, WinResult, check_win, margin_left, win_after

__all__ = [
    "CAUSES",
    "EVENT_KEYS",
    "STATE_KEYS",
    "VOTE_ROUNDS",
    "Announced",
    "Answer",
    "BehaviourLookup",
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
    "Settled",
    "Situation",
    "StateError",
    "Step",
    "TableRules",
    "TableState",
    "VoteResult",
    "VoteRound",
    "WinResult",
    "Witch",
    "check_deaths",
    "check_state",
    "grouped",
    "check_win",
    "count_votes",
    "find_behaviours",
    "foul_costs_speech",
    "game_causes",
    "judge_fouls",
    "lift_ballot",
    "silent_lift_ballot",
    "make_situation",
    "make_state",
    "margin_left",
    "parse_cause",
    "readings_applied",
    "parse_situation",
    "read_situation",
    "resolve_cascade",
    "settle",
    "table_rules",
    "win_after",
    "with_counts",
]
