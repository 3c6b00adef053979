"""Read a table state (a YAML file, or the same shape built from command-line options).

The format, the same for every command::

    game: loup-garou
    players:                 # in seat order; NAME: ROLE, or NAME: {role:, alive:, ...}
      Alice: chasseur
      Bob: {role: loup-garou}
      Carol: {role: villageois, alive: false}
      Dan: sorciere
    lovers: [Alice, Bob]
    captain: Dan
    # what just happened (each optional):
    votes: {Alice: Bob, Bob: Alice}   # voter: target (lift vote: voter: yes/no)
    tallies: {Bob: 3}                 # or the counts instead of the votes
    nominations: [Bob, Alice]         # Mafia: in the order they were named
    round: first                      # first, revote or lift
    tied: [Alice, Bob]                # the tied players of a revote or lift vote
    deaths: {Alice: vote}             # who dies, and why

Every problem is reported with its file, line and key; all of them at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from ..errors import DataFileError, GarouError
from ..loader import Rulebook
from ..model import Game
from ..names import resolve_role
from ..reader import LocatedDict, LocatedList, read_yaml
from .cascade import check_deaths
from .state import (
    Cause,
    Death,
    Issue,
    Player,
    StateError,
    TableState,
    cause_issue,
    check_state,
    parse_cause,
)
from .vote import VOTE_ROUNDS, VoteRound, check_vote

STATE_KEYS = ("game", "players", "lovers", "captain")
"""Keys that describe the table."""
EVENT_KEYS = ("votes", "tallies", "nominations", "round", "tied", "deaths")
"""Keys that describe what just happened; command-line options may replace them."""
PLAYER_KEYS = ("role", "alive", "fouls", "technical_fouls")
"""Keys of one player written as a mapping."""


@dataclass(frozen=True)
class Situation:
    """A table state and what just happened at the table."""

    state: TableState
    """The table."""
    votes: dict[str, str] | None = None
    """Voter to target (lift vote: voter to yes/no), if given."""
    tallies: dict[str, int] | None = None
    """Votes per player (lift vote: per yes/no), if given instead of the votes."""
    nominations: tuple[str, ...] = ()
    """The nominees, in the order they were named."""
    round: VoteRound = "first"
    """Which vote of the day."""
    tied: tuple[str, ...] = ()
    """The tied players of a revote or lift vote."""
    deaths: tuple[Death, ...] = ()
    """Who dies, and why."""


def read_situation(
    book: Rulebook,
    path: str | Path,
    *,
    game: str | None = None,
    events: Mapping[str, Any] | None = None,
) -> Situation:
    """Read the state file at ``path``; ``events`` (from options) replace its event keys.

    Raise DataFileError listing every problem as file:line (key).
    """
    data = read_yaml(path)
    return parse_situation(book, data, origin=str(path), game=game, events=events)


def parse_situation(
    book: Rulebook,
    data: Any,
    *,
    origin: str | None = None,
    game: str | None = None,
    events: Mapping[str, Any] | None = None,
) -> Situation:
    """Check and convert ``data`` (the file's shape) into a :class:`Situation`.

    ``origin`` names the file ``data`` was read from; without one, the problems are
    raised as a :class:`StateError` (the values came from the command line).
    """
    replaced = {k: v for k, v in (events or {}).items() if v is not None}
    reader = _Reader(origin, data, set(replaced))
    if not isinstance(data, dict):
        reader.add((), "a table state is a mapping with 'game:' and 'players:' keys")
        reader.fail()
    if replaced.keys() & {"votes", "tallies"}:
        # The ballots and the tallies are two ways of giving one count: options replace both.
        data = {k: v for k, v in data.items() if k not in ("votes", "tallies")}
    data = {**data, **replaced}
    for key in data:
        if key not in STATE_KEYS + EVENT_KEYS:
            reader.add((key,), f"unknown key {key!r}; keys: {', '.join(STATE_KEYS + EVENT_KEYS)}")
    the_game = reader.game(book, data.get("game"), game)
    if the_game is None:
        reader.fail()
    assert the_game is not None
    players = reader.players(the_game, data.get("players"))
    lovers = reader.names(data, "lovers")
    captain = reader.name(data, "captain")
    if not reader.issues:
        reader.issues += check_state(
            the_game, players, lovers if "lovers" in data else None, captain
        )
    if reader.issues:
        reader.fail()
    couple = (lovers[0], lovers[1]) if lovers else None
    state = TableState(the_game, tuple(players), couple, captain)
    situation = reader.events(state, data)
    if reader.issues:
        reader.fail()
    return situation


class _Reader:
    """Converts the values one by one and collects every issue."""

    def __init__(self, origin: str | None, written: Any, replaced: set[str]):
        self.origin = origin
        self.written = written
        self.replaced = replaced
        self.issues: list[Issue] = []

    def add(self, path: tuple[str | int, ...], message: str) -> None:
        self.issues.append(Issue(path, message))

    def fail(self) -> None:
        if self.origin is None:
            raise StateError(self.issues)
        problems = []
        for issue in self.issues:
            if issue.path and issue.path[0] in self.replaced:
                problems.append(issue.problem("options", None))
            else:
                problems.append(issue.problem(self.origin, _line(self.written, issue.path)))
        raise DataFileError(problems)

    def game(self, book: Rulebook, written: Any, option: str | None) -> Game | None:
        if written is None and option is None:
            self.add(("game",), f"missing; write the game: {', '.join(book.games)}")
            return None
        if written is not None and option is not None:
            try:
                if book.game(str(written)).id != book.game(option).id:
                    self.add(("game",), f"the file is for {written!r} but --game says {option!r}")
                    return None
            except GarouError:
                pass
        try:
            return book.game(str(written if written is not None else option))
        except GarouError as exc:
            self.add(("game",), str(exc))
            return None

    def players(self, game: Game, written: Any) -> list[Player]:
        if written is None:
            self.add(("players",), "missing; list the players, e.g. Alice: chasseur")
            return []
        if not isinstance(written, dict):
            self.add(("players",), "write the players as a mapping, one per line: NAME: ROLE")
            return []
        players = []
        for key, value in written.items():
            name = _text(key)
            path: tuple[str | int, ...] = ("players", name)
            fields: dict[str, Any] = {}
            if isinstance(value, dict):
                for field_name in value:
                    if field_name not in PLAYER_KEYS:
                        self.add(
                            (*path, str(field_name)),
                            f"unknown key {field_name!r}; keys: {', '.join(PLAYER_KEYS)}",
                        )
                fields = dict(value)
                role_path: tuple[str | int, ...] = (*path, "role")
            elif value is None or isinstance(value, str | int):
                fields = {"role": value}
                role_path = path
            else:
                self.add(path, "write NAME: ROLE, or NAME: {role: ROLE, alive: false}")
                continue
            role = None
            if fields.get("role") is not None:
                try:
                    role = resolve_role(game, str(fields["role"])).id
                except GarouError as exc:
                    self.add(role_path, str(exc))
            alive = fields.get("alive", True)
            if not isinstance(alive, bool):
                self.add((*path, "alive"), f"{alive!r} is not true or false")
                alive = True
            counts = {}
            for attr in ("fouls", "technical_fouls"):
                count = fields.get(attr, 0)
                if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                    self.add((*path, attr), f"{count!r} is not a count (0 or more)")
                    count = 0
                counts[attr] = count
            players.append(Player(name, role, alive, counts["fouls"], counts["technical_fouls"]))
        return players

    def name(self, data: Mapping[str, Any], key: str) -> str | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, dict | list):
            self.add((key,), "write one player's name")
            return None
        return _text(value)

    def names(self, data: Mapping[str, Any], key: str) -> list[str]:
        value = data.get(key)
        if value is None:
            return []
        if not isinstance(value, list) or any(isinstance(v, dict | list) for v in value):
            self.add((key,), f"write a list of names: {key}: [Alice, Bob]")
            return []
        return [_text(v) for v in value]

    def mapping(self, data: Mapping[str, Any], key: str) -> dict[str, Any] | None:
        value = data.get(key)
        if value is None:
            return None
        if not isinstance(value, dict) or any(isinstance(v, dict | list) for v in value.values()):
            self.add((key,), f"write {key} as a mapping, one per line: NAME: VALUE")
            return None
        return {_text(k): v for k, v in value.items()}

    def events(self, state: TableState, data: Mapping[str, Any]) -> Situation:
        votes = self.mapping(data, "votes")
        tallies = self.mapping(data, "tallies")
        nominations = tuple(self.names(data, "nominations"))
        tied = tuple(self.names(data, "tied"))
        round = _text(data.get("round", "first"))
        if round not in VOTE_ROUNDS:
            self.add(("round",), f"unknown round {round!r}; rounds: {', '.join(VOTE_ROUNDS)}")
            round = "first"
        deaths = []
        for name, cause in (self.mapping(data, "deaths") or {}).items():
            cause_id = parse_cause(_text(cause)) if cause is not None else None
            if cause_id is None:
                self.add(("deaths", name), str(cause_issue(state.game, _text(cause or ""))))
                continue
            deaths.append(Death(name, cast(Cause, cause_id)))
        if votes is not None:
            votes = {k: _text(v) for k, v in votes.items()}
        if votes is not None or tallies is not None or tied or nominations or "round" in data:
            self.issues += check_vote(
                state,
                votes=votes,
                tallies=tallies,
                round=round,
                tied=tied,
                nominations=nominations,
                ballots_required=False,
            )
        if deaths:
            self.issues += check_deaths(state, deaths)
        return Situation(
            state, votes, tallies, nominations, cast(VoteRound, round), tied, tuple(deaths)
        )


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).strip()


def _line(data: Any, path: tuple[str | int, ...]) -> int | None:
    """Return the line of the deepest key of ``path`` that ``data`` remembers."""
    line = getattr(data, "line", None)
    node = data
    for key in path:
        if isinstance(node, LocatedDict):
            match = next((k for k in node if k == key or _text(k) == str(key)), None)
            if match is None:
                break
            line = node.line_of(match)
            node = node[match]
        elif isinstance(node, LocatedList) and isinstance(key, int):
            line = node.line_of(key)
            node = node[key] if key < len(node) else None
        else:
            break
    return line
