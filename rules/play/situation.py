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
    witch: {life: used, death: tonight, saved: Dan, night: 2}   # Loup-Garou, each optional

Every value is read as the text typed (:func:`~garou.rules.reader.read_document`: a player
called ``No``, ``~`` or ``010`` keeps that name, and a quoted ``"~"`` is a name where a
plain ``~`` means "none"); names match players whatever their case and accents. Every problem is
reported with its file, line and key; all of them at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any, cast

from ..catalogue import Phrase, phrase
from ..errors import DataFileError, GarouError
from ..loader import Rulebook
from ..model import Game
from ..names import fold, resolve_role
from ..reader import LocatedDict, LocatedList, Scalar, read_document
from ..records import record
from .cascade import check_deaths
from .state import (
    POTIONS,
    Cause,
    Death,
    Issue,
    Player,
    StateError,
    TableState,
    Witch,
    canonical,
    cause_issue,
    check_agreed,
    check_state,
    check_witch,
    issue,
    parse_cause,
    table_rules,
    unknown_player,
)
from .vote import VOTE_ROUNDS, VoteRound, check_vote


@record
class PlayerLine:
    """One player written as a mapping (``Bob: {role: loup-garou, alive: false}``)."""

    role: str | None = None
    """The card, French or English, accents optional; left out when not known."""
    alive: bool = True
    """true/false, yes/no, on/off, oui/non, vrai/faux."""
    fouls: int = 0
    technical_fouls: int = 0


@record
class WitchLine:
    """The witch's mapping: what she has left and what she did tonight."""

    life: str | None = None
    """unused, tonight or used (likewise ``death``)."""
    death: str | None = None
    saved: str | None = None
    """Whom the life potion saved tonight."""
    night: int | None = None
    """Which night it is (1 for the first)."""


@record
class StateFile:
    """The shape of a table state file (the keys and what each holds), read as typed.

    Its field names are the file's keys; :func:`read_situation` checks each value with the
    table's own messages (a name against the players, a role against the game's).
    """

    game: str | None = None
    players: dict[str, str | PlayerLine | None] | None = None
    """In seat order: NAME: ROLE, or NAME: {role, alive, fouls, technical_fouls}."""
    lovers: tuple[str, ...] | None = None
    captain: str | None = None
    witch: WitchLine | None = None
    votes: dict[str, str] | None = None
    """Voter to target (the lift vote: voter to yes/no)."""
    tallies: dict[str, int] | None = None
    nominations: tuple[str, ...] | None = None
    round: str | None = None
    """first, revote or lift."""
    tied: tuple[str, ...] | None = None
    deaths: dict[str, str] | None = None
    """Who dies, and why (a cause)."""


def _keys(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


STATE_KEYS = _keys(StateFile)[:5]
"""Keys that describe the table."""
EVENT_KEYS = _keys(StateFile)[5:]
"""Keys that describe what just happened; values given by the caller may replace them."""
PLAYER_KEYS = _keys(PlayerLine)
"""Keys of one player written as a mapping."""
WITCH_KEYS = _keys(WitchLine)
"""Keys of the witch's mapping."""

_TRUE = {"true", "yes", "oui", "vrai", "on"}
_FALSE = {"false", "no", "non", "faux", "off"}
_NULL = {"", "~", "null"}


@record
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
    agreement: Any = None,
) -> Situation:
    """Read the state file at ``path``; ``events`` (typed values: votes as a mapping,
    nominations as a list...) replace its event keys; ``agreement`` (a
    ``garou.houserules.Agreement``) says how the table settled the contested cases.

    Raise DataFileError listing every problem as file:line (key).
    """
    data = read_document(path)  # every check of a user file; each scalar the text typed
    return parse_situation(
        book, data, origin=str(path), game=game, events=events, agreement=agreement
    )


def make_situation(
    book: Rulebook,
    game: str,
    players: Mapping[str, str | None] | list[tuple[str, str | None]],
    *,
    dead: list[str] | tuple[str, ...] = (),
    lovers: list[str] | tuple[str, ...] | None = None,
    captain: str | None = None,
    events: Mapping[str, Any] | None = None,
    agreement: Any = None,
) -> Situation:
    """Return the checked :class:`Situation` of a table given as values: ``players`` maps
    each name (seat order) to a role name or None. Raise :class:`StateError`."""
    pairs = list(players.items()) if isinstance(players, Mapping) else list(players)
    table: dict[str, Any] = {}
    for name, role in pairs:
        if name in table:
            raise StateError([issue(("players", name), "state.named-twice", name=name)], "options")
        table[name] = {"role": role}
    names = list(table)
    for name in dead:
        found = canonical(names, name)
        if found not in table:
            raise StateError([Issue(("dead",), unknown_player(names, name))], "options")
        table[found]["alive"] = False
    data: dict[str, Any] = {"game": game, "players": table or None}
    if captain is not None:
        data["captain"] = captain
    if lovers is not None:
        data["lovers"] = list(lovers)
    data = {k: v for k, v in data.items() if v is not None}
    return parse_situation(book, data, events=events, agreement=agreement)


def parse_situation(
    book: Rulebook,
    data: Any,
    *,
    origin: str | None = None,
    game: str | None = None,
    events: Mapping[str, Any] | None = None,
    agreement: Any = None,
) -> Situation:
    """Check and convert ``data`` (the file's shape) into a :class:`Situation`.

    ``origin`` names the file ``data`` was read from; without one, the problems are
    raised as a :class:`StateError` (the values were given by a caller).
    """
    replaced = {k: v for k, v in (events or {}).items() if v is not None}
    reader = _Reader(origin, data, set(replaced))
    if not isinstance(data, dict):
        reader.add((), "state.not-a-mapping")
        reader.fail()
    if replaced.keys() & {"votes", "tallies"}:
        # The ballots and the tallies are two ways of giving one count: events replace both.
        data = {k: v for k, v in data.items() if k not in ("votes", "tallies")}
    data = {**data, **replaced}
    for key in data:
        if key not in STATE_KEYS + EVENT_KEYS:
            reader.add(
                (str(key),),
                "state.unknown-key",
                key=_shown(key),
                keys=list(STATE_KEYS + EVENT_KEYS),
            )
    the_game = reader.game(book, data.get("game"), game)
    if the_game is None:
        reader.fail()
    assert the_game is not None
    agreed = table_rules(the_game, agreement)
    players = reader.players(the_game, data.get("players"))
    names = [p.name for p in players]
    lovers = [canonical(names, n) for n in reader.names(data, "lovers")]
    captain = reader.name(data, "captain")
    captain = None if captain is None else canonical(names, captain)
    witch = reader.witch(data.get("witch"), names)
    if not reader.issues:
        reader.issues += check_state(
            the_game, players, lovers if "lovers" in data else None, captain
        )
    if not reader.issues:
        reader.issues += check_agreed(the_game, captain, agreed)
        reader.issues += check_witch(the_game, players, witch, agreed)
    if reader.issues:
        reader.fail()
    couple = (lovers[0], lovers[1]) if lovers else None
    state = TableState(the_game, tuple(players), couple, captain, witch, agreed)
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

    def add(self, path: tuple[str | int, ...], key: str, /, **values: Any) -> None:
        self.issues.append(issue(path, key, **values))

    def add_phrase(self, path: tuple[str | int, ...], message: Phrase) -> None:
        self.issues.append(Issue(path, message))

    def fail(self) -> None:
        if self.origin is None:
            raise StateError(self.issues)
        problems = []
        for found in self.issues:
            if found.path and found.path[0] in self.replaced:
                problems.append(found.problem("options", None))
            else:
                problems.append(found.problem(self.origin, _line(self.written, found.path)))
        raise DataFileError(problems)

    def game(self, book: Rulebook, written: Any, option: str | None) -> Game | None:
        if written is None and option is None:
            self.add(("game",), "state.no-game", games=list(book.games))
            return None
        if written is not None and option is not None:
            try:
                if book.game(str(written)).id != book.game(option).id:
                    self.add(("game",), "state.other-game", written=str(written), option=option)
                    return None
            except GarouError:
                pass
        try:
            return book.game(str(written if written is not None else option))
        except GarouError as exc:
            self.add_phrase(("game",), _said(exc))
            return None

    def players(self, game: Game, written: Any) -> list[Player]:
        if written is None:
            self.add(("players",), "state.players-missing")
            return []
        if not isinstance(written, dict):
            self.add(("players",), "state.players-not-mapping")
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
                            "state.unknown-key",
                            key=str(field_name),
                            keys=list(PLAYER_KEYS),
                        )
                fields = dict(value)
                role_path: tuple[str | int, ...] = (*path, "role")
            elif value is None or isinstance(value, str | int):
                fields = {"role": value}
                role_path = path
            else:
                self.add(path, "state.player-shape")
                continue
            role = None
            written_role = fields.get("role")
            if written_role is not None and not _none(written_role):
                try:
                    role = resolve_role(game, _text(written_role)).id
                except GarouError as exc:
                    self.add_phrase(role_path, _said(exc))
            alive = _flag(fields.get("alive", True))
            if alive is None:
                self.add((*path, "alive"), "state.not-a-flag", value=_shown(fields.get("alive")))
                alive = True
            counts = {}
            for attr in ("fouls", "technical_fouls"):
                count = _count(fields.get(attr, 0))
                if count is None:
                    self.add((*path, attr), "state.not-a-count", value=_shown(fields.get(attr)))
                    count = 0
                counts[attr] = count
            players.append(Player(name, role, alive, counts["fouls"], counts["technical_fouls"]))
        return players

    def name(self, data: Mapping[str, Any], key: str) -> str | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, dict | list):
            self.add((key,), "state.one-name")
            return None
        return None if _none(value) else _text(value)

    def names(self, data: Mapping[str, Any], key: str) -> list[str]:
        value = data.get(key)
        if value is None:
            return []
        if isinstance(value, tuple):
            value = list(value)
        if not isinstance(value, list) or any(isinstance(v, dict | list) for v in value):
            self.add((key,), "state.list-of-names", key=key)
            return []
        return [_text(v) for v in value]

    def mapping(self, data: Mapping[str, Any], key: str) -> dict[str, Any] | None:
        value = data.get(key)
        if value is None:
            return None
        if not isinstance(value, dict) or any(isinstance(v, dict | list) for v in value.values()):
            self.add((key,), "state.mapping-of", key=key)
            return None
        return {_text(k): v for k, v in value.items()}

    def witch(self, value: Any, names: list[str]) -> Witch:
        if value is None:
            return Witch()
        if not isinstance(value, dict):
            self.add(("witch",), "state.witch-shape")
            return Witch()
        found: dict[str, Any] = {}
        for key, item in value.items():
            key = _text(key)
            if key not in WITCH_KEYS:
                self.add(("witch", key), "state.unknown-key", key=key, keys=list(WITCH_KEYS))
            elif key in ("life", "death"):
                potion = fold(_text(item))
                if potion not in POTIONS:
                    self.add(
                        ("witch", key),
                        "state.bad-potion",
                        value=_shown(item),
                        potions=list(POTIONS),
                    )
                else:
                    found[key] = potion
            elif key == "night":
                night = _count(item)
                if night is None or night < 1:
                    self.add(("witch", key), "state.bad-night", value=_shown(item))
                else:
                    found[key] = night
            else:
                found[key] = canonical(names, _text(item))
        return Witch(**found)

    def events(self, state: TableState, data: Mapping[str, Any]) -> Situation:
        votes = self.mapping(data, "votes")
        tallies_written = self.mapping(data, "tallies")
        tallies: dict[str, Any] | None = None
        if tallies_written is not None:
            tallies = {}
            for key, value in tallies_written.items():
                count = _count(value)
                if count is None:
                    self.add(("tallies", key), "vote.not-a-count", value=_shown(value))
                    continue
                tallies[key] = count
        nominations = tuple(self.names(data, "nominations"))
        tied = tuple(self.names(data, "tied"))
        round = fold(_text(data.get("round", "first")))
        if round not in VOTE_ROUNDS:
            shown = _shown(data.get("round"))
            self.add(("round",), "vote.unknown-round", round=shown, rounds=list(VOTE_ROUNDS))
            round = "first"
        deaths = []
        for name, cause in (self.mapping(data, "deaths") or {}).items():
            cause_id = parse_cause(_text(cause)) if cause is not None else None
            if cause_id is None:
                problem = cause_issue(state.game, _shown(cause or ""))
                assert problem is not None
                self.add_phrase(("deaths", name), problem)
                continue
            deaths.append(Death(state.resolve(name), cast(Cause, cause_id)))
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
            state,
            votes,
            tallies,
            tuple(state.resolve(n) for n in nominations),
            cast(VoteRound, round),
            tuple(state.resolve(n) for n in tied),
            tuple(deaths),
        )


def _said(exc: GarouError) -> Phrase:
    """Return ``exc``'s message as a phrase (a legacy message stays as written)."""
    if exc.phrase is not None:
        return exc.phrase
    return phrase("state.as-written", message=str(exc))


def _shown(value: Any) -> str:
    """Return ``value`` as a message quotes it: short, a list or mapping never expanded
    (an alias bomb stays small)."""
    text = _text(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _text(value: Any) -> str:
    if isinstance(value, dict | list | tuple):
        return "…"  # never expanded: an alias bomb's value is not built
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value).strip()


def _none(value: Any) -> bool:
    """True when ``value`` means "none": empty, ``~`` or ``null``, unless written in quotes."""
    if isinstance(value, Scalar) and not value.plain:
        return False
    return _text(value) in _NULL


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    word = fold(_text(value))
    return True if word in _TRUE else False if word in _FALSE else None


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    text = _text(value)
    return int(text) if text.isdigit() else None


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
