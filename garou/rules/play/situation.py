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

Every value is read as the text typed (:func:`~garou.core.reader.read_document`: a player
called ``No``, ``~`` or ``010`` keeps that name, and a quoted ``"~"`` is a name where a
plain ``~`` means "none"), then typed by the schema converter (:mod:`rules.schema`) from
:class:`StateFile`, as every user file: ``alive`` takes the yes/no words of every file,
the counts whole numbers of 0 or more, ``round`` and the potions one of their values.
Names match players whatever their case and accents. Every problem is reported with its
file, line and key path; all of them at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any, cast, get_args

from garou.core.catalogue import Phrase, phrase
from garou.core.errors import DataFileError, GarouError, Problem
from garou.core.names import resolve_role
from garou.core.reader import LocatedDict, read_document
from garou.core.records import record

from ..loader import Rulebook
from ..model import Game
from ..schema import INVALID, Collector, Count, Positive, Where, convert, type_hints, unknown_key
from .cascade import check_deaths
from .state import (
    Cause,
    Death,
    Either,
    Issue,
    Player,
    Potion,
    StateError,
    StateSource,
    TableState,
    Witch,
    canonical,
    cause_issue,
    check_agreed,
    check_state,
    check_witch,
    count_out,
    issue,
    parse_cause,
    path_line,
    table_rules,
    unknown_player,
)
from .vote import VoteRound, check_vote


@record
class PlayerLine:
    """One player written as a mapping (``Bob: {role: loup-garou, alive: false}``)."""

    role: str | None = None
    """The card, French or English, accents optional; left out when not known."""
    alive: bool = True
    """yes or no, as every yes/no of a user file (true/false, yes/no, on/off, oui/non,
    vrai/faux)."""
    fouls: Count = 0
    technical_fouls: Count = 0


@record
class WitchLine:
    """The witch's mapping: what she has left and what she did tonight."""

    life: Potion | None = None
    """unused, tonight or used (likewise ``death``)."""
    death: Potion | None = None
    saved: str | None = None
    """Whom the life potion saved tonight."""
    night: Positive | None = None
    """Which night it is (1 for the first)."""


@record
class StateFile:
    """The shape of a table state file: its keys and the type of each, the schema the
    converter (:mod:`rules.schema`) reads the file with.

    Its field names are the file's keys; :func:`read_situation` then checks what needs
    the table (a name against the players, a role against the game's) with the lines of
    the values.
    """

    game: str | None = None
    players: dict[str, str | PlayerLine | None] | None = None
    """In seat order: NAME: ROLE, or NAME: {role, alive, fouls, technical_fouls}."""
    lovers: tuple[str, ...] | None = None
    captain: str | None = None
    witch: WitchLine | None = None
    votes: dict[str, str] | None = None
    """Voter to target (the lift vote: voter to yes/no)."""
    tallies: dict[str, Count] | None = None
    nominations: tuple[str, ...] | None = None
    round: VoteRound | None = None
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
    from garou.core.reader import refuse_agreement

    refuse_agreement(str(path), data, "state")
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

    Each value is typed by the schema converter (:mod:`rules.schema`, the
    :class:`StateFile` record), as every user file; then what needs the table is checked
    (names against the players, roles against the game's, the vote, the deaths). Every
    problem is collected and raised at once. ``origin`` names the file ``data`` was read
    from; without one, the problems are raised as a :class:`StateError` (the values were
    given by a caller).
    """
    replaced = {k: v for k, v in (events or {}).items() if v is not None}
    reader = _Reader(origin, data, set(replaced))
    if not isinstance(data, dict):
        reader.add((), "state.not-a-mapping")
        reader.fail()
    if replaced.keys() & {"votes", "tallies"}:
        # The ballots and the tallies are two ways of giving one count: events replace both.
        data = {k: v for k, v in data.items() if k not in ("votes", "tallies")}
    file = reader.read({**data, **replaced})
    the_game = reader.game(book, file, game)
    if the_game is None:
        reader.fail()
    assert the_game is not None
    agreed = table_rules(the_game, agreement)
    players = reader.players(the_game, file)
    names = [p.name for p in players]
    lovers = [canonical(names, n) for n in file.get("lovers") or ()]
    captain = file.get("captain")
    captain = None if captain is None else canonical(names, captain)
    witch = reader.witch(file.get("witch"), names)
    if not reader.failed():
        reader.issues += check_state(
            the_game, players, lovers if "lovers" in file else None, captain
        )
    if not reader.failed():
        reader.issues += check_agreed(the_game, captain, agreed)
        reader.issues += check_witch(the_game, players, witch, agreed)
    if reader.failed():
        reader.fail()
    couple = (lovers[0], lovers[1]) if lovers else None
    source = None if origin is None else StateSource(origin, reader.written)
    state = TableState(
        the_game, count_out(the_game, players), couple, captain, witch, agreed, source
    )
    situation = reader.events(state, file)
    if reader.failed():
        reader.fail()
    return situation


_HINTS = type_hints(StateFile)
_PLAYER = get_args(get_args(_HINTS["players"])[0])[1]
"""The type of one player's value: ``str | PlayerLine | None``."""


class _Reader:
    """Types the values with the schema converter, checks them against the table, and
    collects every problem: the converter's (located by it) and the table's issues."""

    def __init__(self, origin: str | None, written: Any, replaced: set[str]):
        self.origin = origin
        self.written = written
        self.replaced = replaced
        self.issues: list[Issue] = []
        self.typed = Collector()
        """The converter's problems (a value of the wrong type, an unknown key)."""
        self.bad: set[str] = set()
        """The keys whose value did not convert."""

    def add(self, path: tuple[str | int, ...], key: str, /, **values: Any) -> None:
        self.issues.append(issue(path, key, **values))

    def add_phrase(self, path: tuple[str | int, ...], message: Phrase) -> None:
        self.issues.append(Issue(path, message))

    def failed(self) -> bool:
        return bool(self.issues or self.typed.problems)

    def fail(self) -> None:
        if self.origin is None:
            typed = [Issue(tuple(p.path.split(".")), _message(p)) for p in self.typed.problems]
            raise StateError(typed + self.issues)
        problems = list(self.typed.problems)
        for found in self.issues:
            if found.path and found.path[0] in self.replaced:
                problems.append(found.problem("options", None))
            else:
                line = path_line(self.written, found.path) or 1
                problems.append(found.problem(self.origin, line))
        problems.sort(key=lambda p: (p.file == "options", p.line or 0))
        raise DataFileError(problems)

    def where(self, key: str) -> Where:
        """Where the top-level ``key`` is: its file and line, or the caller's options."""
        if key in self.replaced:
            return Where("options", None, key)
        written = self.written
        line = written.line_of(key) if isinstance(written, LocatedDict) else None
        return Where(self.origin or "", line, key)

    def read(self, data: Mapping[Any, Any]) -> dict[str, Any]:
        """Return the values of ``data`` typed as :class:`StateFile` says, by key; a value
        that does not convert is left out (its problem recorded), and ``players`` is a
        list of (name, line) pairs, each player's line typed on its own."""
        typed: dict[str, Any] = {}
        for key, value in data.items():
            where = self.where(str(key))
            if key not in _HINTS:
                self.typed.add(where, unknown_key(key, list(_HINTS)))
                continue
            if isinstance(value, tuple):  # a caller's names
                value = list(value)
            if key == "players" and isinstance(value, dict):
                result: Any = [
                    (str(name).strip(), convert(_PLAYER, line, where.key(value, name), self.typed))
                    for name, line in value.items()
                ]
            else:
                result = convert(_HINTS[key], value, where, self.typed)
            if result is INVALID:
                self.bad.add(key)
            else:
                typed[key] = result
        return typed

    def game(self, book: Rulebook, file: Mapping[str, Any], option: str | None) -> Game | None:
        if "game" in self.bad:
            return None
        written = file.get("game")
        if written is None and option is None:
            self.add(("game",), "state.no-game", games=Either(tuple(book.games)))
            return None
        if written is not None and option is not None:
            try:
                if book.game(written).id != book.game(option).id:
                    self.add(("game",), "state.other-game", written=written, option=option)
                    return None
            except GarouError:
                pass
        try:
            return book.game(written if written is not None else cast(str, option))
        except GarouError as exc:
            self.add_phrase(("game",), _said(exc))
            return None

    def players(self, game: Game, file: Mapping[str, Any]) -> list[Player]:
        if "players" in self.bad:
            return []
        written = file.get("players")
        if written is None:
            self.add(("players",), "state.players-missing")
            return []
        players = []
        for name, line in written:
            path: tuple[str | int, ...] = ("players", name)
            if line is INVALID:  # said by the converter; the name still counts as a player
                players.append(Player(name))
                continue
            if isinstance(line, PlayerLine):
                role_path: tuple[str | int, ...] = (*path, "role")
                written_role, alive = line.role, line.alive
                fouls, technical = line.fouls, line.technical_fouls
            else:
                role_path, written_role, alive, fouls, technical = path, line, True, 0, 0
            role = None
            if written_role is not None:
                try:
                    role = resolve_role(game, written_role).id
                except GarouError as exc:
                    self.add_phrase(role_path, _said(exc))
            players.append(Player(name, role, alive, fouls, technical))
        return players

    def witch(self, line: WitchLine | None, names: list[str]) -> Witch:
        if line is None:
            return Witch()
        saved = None if line.saved is None else canonical(names, line.saved)
        return Witch(life=line.life, death=line.death, saved=saved, night=line.night)

    def events(self, state: TableState, file: Mapping[str, Any]) -> Situation:
        votes = file.get("votes")
        tallies = file.get("tallies")
        nominations = tuple(file.get("nominations") or ())
        tied = tuple(file.get("tied") or ())
        round = file.get("round") or "first"
        deaths = []
        for name, cause in (file.get("deaths") or {}).items():
            cause_id = parse_cause(cause)
            if cause_id is None:
                problem = cause_issue(state.game, _shown(cause))
                assert problem is not None
                self.add_phrase(("deaths", name), problem)
                continue
            deaths.append(Death(state.resolve(name), cast(Cause, cause_id)))
        if votes is not None or tallies is not None or tied or nominations or "round" in file:
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


def _message(problem: Problem) -> Phrase:
    message = problem.message
    return message if isinstance(message, Phrase) else phrase("state.as-written", message=message)


def _said(exc: GarouError) -> Phrase:
    """Return ``exc``'s message as a phrase (a legacy message stays as written)."""
    if exc.phrase is not None:
        return exc.phrase
    return phrase("state.as-written", message=str(exc))


def _shown(value: str) -> str:
    """Return the text ``value`` as a message quotes it: at most 60 characters."""
    text = value.strip()
    return text if len(text) <= 60 else text[:59] + "…"
