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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from ..errors import DataFileError, GarouError, UsageError
from ..loader import Rulebook, load_rules
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
    unknown_player,
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


def situation_from_options(
    state_file: str | Path | None,
    game: str | None,
    players: Sequence[str] | None = None,
    dead: Sequence[str] | None = None,
    lovers: str | None = None,
    captain: str | None = None,
    *,
    votes: Sequence[str] | None = None,
    tallies: Sequence[str] | None = None,
    round: str | None = None,
    tied: str | None = None,
    nominations: str | None = None,
    deaths: Sequence[str] | None = None,
    rules_dir: str | Path | None = None,
) -> Situation:
    """Return the checked :class:`Situation` from a state file or from option values.

    The values are as typed on the command line: ``players`` NAME[=ROLE] (commas
    allowed, repeatable), ``votes`` VOTER=TARGET, ``tallies`` NAME=COUNT, ``deaths``
    NAME:CAUSE, ``lovers``/``tied``/``nominations`` A,B. Event values replace the state
    file's. Raise :class:`UsageError` for a malformed value, :class:`StateError` for an
    invalid table given in options, DataFileError for an invalid state file.
    """
    events = {
        "votes": _mapping(votes, "--vote", "--vote VOTER=TARGET"),
        "tallies": _counts(tallies, "--tally"),
        "round": round,
        "tied": _unique(_items([tied]), "--tied") if tied else None,
        "nominations": _unique(_items([nominations]), "--nominated") if nominations else None,
        "deaths": _mapping(deaths, "--dies", "--dies NAME:CAUSE"),
    }
    book = load_rules(rules_dir)
    if state_file is not None:
        if players or dead or lovers or captain:
            raise UsageError(
                "describe the table either in --state or with --player, --dead, "
                "--lovers and --captain, not both"
            )
        return read_situation(book, state_file, game=game, events=events)
    if game is None:
        raise UsageError(
            "give the game and the players (--game loup-garou -p Alice=chasseur,"
            "...), or a state file (--state FILE)"
        )
    data = _table(game, players, dead, lovers, captain)
    return parse_situation(book, {k: v for k, v in data.items() if v is not None}, events=events)


def foul_table_from_options(
    state_file: str | Path | None,
    game: str | None,
    players: Sequence[str] | None = None,
    fouls: Sequence[str] | None = None,
    technical: Sequence[str] | None = None,
    rules_dir: str | Path | None = None,
) -> tuple[Game, list[Player]]:
    """Return the game and its players with the fouls given as NAME=COUNT option values.

    Without a state file or ``players``, the players are those the counts name; with
    none of them either, the table is empty. Raise :class:`UsageError` for a bad count
    or a name that is no player.
    """
    foul_counts = _counts(fouls, "--foul") or {}
    technical_counts = _counts(technical, "--technical") or {}
    if state_file is None and not players:
        named = list(dict.fromkeys([*foul_counts, *technical_counts]))
        players = [",".join(named)] if named else None
    if state_file is None and not players:
        if game is None:
            raise UsageError("give the game: --game mafia")
        return load_rules(rules_dir).game(game), []
    situation = situation_from_options(state_file, game, players, rules_dir=rules_dir)
    return situation.state.game, _with_counts(situation.state, foul_counts, technical_counts)


def answers_from_options(values: Sequence[str] | None, option: str) -> list[tuple[str | None, str]]:
    """Read a player's answers as typed after ``option``: NAME, or CHOOSER:NAME.

    Return (chooser or None, the player chosen) pairs; commas separate answers.
    """
    found: list[tuple[str | None, str]] = []
    for item in _items(values):
        chooser, target = _pair(item, option, f"{option} NAME or {option} CHOOSER:NAME")
        found.append((None, chooser) if target is None else (chooser, target))
    return found


def _items(values: Sequence[str] | None) -> list[str]:
    """Flatten repeated, comma-separated option values."""
    return [part.strip() for value in values or [] for part in value.split(",") if part.strip()]


def _unique(names: list[str], option: str) -> list[str]:
    """Return ``names``; raise UsageError when a player is named twice in them."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise UsageError(f"{option}: {name!r} is named twice; name each player once")
        seen.add(name)
    return names


def _pair(item: str, option: str, example: str) -> tuple[str, str | None]:
    """Split NAME=VALUE (or NAME:VALUE) into its two parts."""
    for sep in ("=", ":"):
        if sep in item:
            left, right = item.split(sep, 1)
            if not left.strip() or not right.strip():
                break
            return left.strip(), right.strip()
    else:
        return item, None
    raise UsageError(f"{option} {item!r}: write it as {example}")


def _mapping(values: Sequence[str] | None, option: str, example: str) -> dict[str, str] | None:
    if not values:
        return None
    found: dict[str, str] = {}
    for item in _items(values):
        key, value = _pair(item, option, example)
        if value is None:
            raise UsageError(f"{option} {item!r}: write it as {example}")
        if key in found:
            raise UsageError(f"{option}: {key!r} is given twice; give it once")
        found[key] = value
    return found


def _counts(values: Sequence[str] | None, option: str) -> dict[str, int] | None:
    found = _mapping(values, option, f"{option} NAME=NUMBER")
    if found is None:
        return None
    try:
        return {k: int(v) for k, v in found.items()}
    except ValueError:
        raise UsageError(f"{option}: counts are whole numbers, e.g. {option} Bob=3") from None


def _table(
    game: str | None,
    players: Sequence[str] | None,
    dead: Sequence[str] | None,
    lovers: str | None,
    captain: str | None,
) -> dict[str, Any]:
    """Return the table described by options, in the state file's shape."""
    table: dict[str, Any] = {}
    for item in _items(players):
        name, role = _pair(item, "--player", "--player NAME=ROLE")
        if name in table:
            raise UsageError(f"--player: {name!r} is given twice; name each player once")
        table[name] = {"role": role}
    for name in _unique(_items(dead), "--dead"):
        if name not in table:
            raise UsageError(f"--dead: {unknown_player(list(table), name)}")
        table[name]["alive"] = False
    data: dict[str, Any] = {"game": game, "players": table or None, "captain": captain}
    if lovers is not None:
        data["lovers"] = _items([lovers])
    return data


def _with_counts(
    state: TableState, fouls: dict[str, int], technical: dict[str, int]
) -> list[Player]:
    for option, counts in (("--foul", fouls), ("--technical", technical)):
        for name, count in counts.items():
            if name not in state.names():
                raise UsageError(f"{option}: {unknown_player(state.names(), name)}")
            if count < 0:
                raise UsageError(f"{option} {name}={count}: a count is 0 or more")
    return [
        replace(
            p,
            fouls=fouls.get(p.name, p.fouls),
            technical_fouls=technical.get(p.name, p.technical_fouls),
        )
        for p in state.players
    ]


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
