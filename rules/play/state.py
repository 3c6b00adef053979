"""The table state the engine works on, and the small records every result is made of.

A :class:`TableState` says who plays, with which card, who is alive, who the lovers and
the captain are. It is checked once (:func:`make_state`); the engine then only reads it.
Nothing here decides for a player: a choice the rules leave to someone is a
:class:`Pending` question, answered by a :class:`Choice` passed back in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..errors import Problem, UsageError
from ..model import Game
from ..names import closest, fold

Cause = Literal["night", "vote", "poison", "shot", "lover", "lift", "disqualified"]
"""Why a player dies or leaves: killed at night, voted out, poisoned, shot, following a
lover, removed by the lift vote, disqualified."""

CAUSES: tuple[str, ...] = Cause.__args__  # type: ignore[attr-defined]

_CAUSE_WORDS: dict[str, tuple[str, ...]] = {
    "night": ("nuit", "kill", "killed", "eaten", "devore", "mange", "tue", "wolves", "loups",
              "mafia", "shot-at-night", "night-kill"),
    "vote": ("voted", "lynch", "lynched", "elimine", "day", "jour"),
    "poison": ("poisoned", "empoisonne", "potion", "witch", "sorciere"),
    "shot": ("tir", "tire", "abattu", "hunter", "chasseur"),
    "lover": ("lovers", "amoureux", "amoureuse", "love", "couple", "heartbreak", "chagrin"),
    "lift": ("lever", "levee", "lifted"),
    "disqualified": ("disqualification", "dq", "disqualifie"),
}  # fmt: skip

ChoiceKind = Literal["shoot", "successor", "captain-pick"]
"""What a player must choose: whom to shoot, who succeeds the captain, who leaves a tie."""

CHOICE_OF: dict[str, ChoiceKind] = {"shoot": "shoot", "name-successor": "successor"}
"""The choice each kind of death consequence asks for (consequences with no chooser
ask nothing)."""


class StateError(UsageError):
    """Raised when a table state, or the events given with it, cannot be used."""

    def __init__(self, issues: Sequence[Issue], what: str = "table state"):
        self.issues = list(issues)
        if len(self.issues) == 1:
            message = f"invalid {what}: {self.issues[0]}"
        else:
            lines = [f"{len(self.issues)} problems in the {what}:"]
            lines += [f"  - {issue}" for issue in self.issues]
            message = "\n".join(lines)
        super().__init__(message)


@dataclass(frozen=True)
class Issue:
    """One thing wrong with a state or its events, and where (a key path) it is."""

    path: tuple[str | int, ...]
    """Keys from the top of the state ("players", "Alice", "role")."""
    message: str
    """What is wrong and how to fix it."""

    def where(self) -> str:
        """Return the path as "players.Alice.role"."""
        return ".".join(str(p) for p in self.path)

    def __str__(self) -> str:
        return f"{self.where()}: {self.message}" if self.path else self.message

    def problem(self, file: str, line: int | None) -> Problem:
        """Return this issue as a :class:`Problem` of ``file`` at ``line``."""
        return Problem(file, line, self.where(), self.message)


@dataclass(frozen=True)
class Player:
    """One seat at the table."""

    name: str
    """The name the table uses, as written."""
    role: str | None = None
    """Id of the player's card; None when not given (enough for a vote)."""
    alive: bool = True
    """False once the player has died or left."""
    fouls: int = 0
    """Ordinary fouls (Mafia)."""
    technical_fouls: int = 0
    """Technical fouls (Mafia)."""


@dataclass(frozen=True)
class TableState:
    """Who plays which card, who is alive, the lovers and the captain."""

    game: Game
    """The game being played."""
    players: tuple[Player, ...]
    """Every player, in seat order."""
    lovers: tuple[str, str] | None = None
    """The two lovers, if a couple was formed."""
    captain: str | None = None
    """The captain, if the table has one."""

    def player(self, name: str) -> Player:
        """Return the player called ``name``; raise KeyError if there is none."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def names(self) -> tuple[str, ...]:
        """Return every player's name, in seat order."""
        return tuple(p.name for p in self.players)

    def living(self) -> tuple[Player, ...]:
        """Return the players still alive, in seat order."""
        return tuple(p for p in self.players if p.alive)

    def camp(self, name: str) -> str | None:
        """Return the camp of ``name``'s card, or None when the card is not known."""
        role = self.player(name).role
        return None if role is None else self.game.role(role).camp

    def role_name(self, name: str, lang: str) -> str:
        """Return the display name of ``name``'s card, or "?" when it is not known."""
        role = self.player(name).role
        return "?" if role is None else self.game.role(role).name.get(lang)

    def partner(self, name: str) -> str | None:
        """Return the other lover when ``name`` is a lover, else None."""
        if self.lovers and name in self.lovers:
            return self.lovers[1] if self.lovers[0] == name else self.lovers[0]
        return None

    def without(self, dead: Iterable[str], captain: str | None) -> TableState:
        """Return the state once ``dead`` have died, with ``captain`` as the captain."""
        gone = set(dead)
        players = tuple(replace(p, alive=False) if p.name in gone else p for p in self.players)
        return replace(self, players=players, captain=captain)


@dataclass(frozen=True)
class Death:
    """A player who dies or leaves, and why."""

    player: str
    """Who."""
    cause: Cause
    """Why."""
    by: str | None = None
    """The player whose death set this one off (the shooter, the other lover)."""


@dataclass(frozen=True)
class Choice:
    """A choice a player made: whom the hunter shoots, who succeeds the captain..."""

    kind: ChoiceKind
    """What was chosen."""
    chooser: str
    """Who chose (the dying hunter, the dying captain, the captain breaking a tie)."""
    answer: str
    """The player chosen."""


@dataclass(frozen=True)
class Pending:
    """A choice the rules leave to a player: garou stops and asks, it never picks."""

    kind: ChoiceKind
    """What must be chosen."""
    chooser: str
    """Who must choose."""
    options: tuple[str, ...]
    """The players that may be chosen."""
    rule: str
    """Id of the entry that gives the choice to that player."""
    question: str
    """The question, in the chosen language."""

    def answer(self, name: str) -> Choice:
        """Return the choice answering this question with ``name``."""
        return Choice(self.kind, self.chooser, name)

    def as_dict(self) -> dict[str, Any]:
        """Return the question as plain data."""
        return {
            "kind": self.kind,
            "chooser": self.chooser,
            "options": list(self.options),
            "rule": self.rule,
            "question": self.question,
        }


@dataclass(frozen=True)
class Step:
    """One step of a ruling: the rule applied, and what it means here."""

    rule: str
    """Id of the entry stating the rule applied."""
    code: str
    """Stable id of the message (see :mod:`rules.play.messages`)."""
    message: str
    """What happens, in the chosen language."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """The players and numbers the message speaks of, for programs."""

    def as_dict(self) -> dict[str, Any]:
        """Return the step as plain data."""
        return {"rule": self.rule, "code": self.code, "message": self.message, **self.data}


# --- which status is which ---------------------------------------------------------


def lovers_status(game: Game) -> str | None:
    """Return the id of the status lovers hold (the holder of a follow-partner rule)."""
    ids = {s.id for s in game.statuses}
    for consequence in game.deaths.consequences:
        if consequence.does == "follow-partner" and consequence.holder in ids:
            return consequence.holder
    return None


def captain_status(game: Game) -> str | None:
    """Return the id of the captain's status (the holder of a name-successor rule)."""
    ids = {s.id for s in game.statuses}
    for consequence in game.deaths.consequences:
        if consequence.does == "name-successor" and consequence.holder in ids:
            return consequence.holder
    return None


def has_lovers(game: Game) -> bool:
    """Return True when the rules of ``game`` know of lovers."""
    return lovers_status(game) is not None or any(
        c.when == "lovers-last-two-opposite-camps" for c in game.win.conditions
    )


def has_captain(game: Game) -> bool:
    """Return True when the rules of ``game`` know of a captain."""
    return captain_status(game) is not None or bool(game.day.vote.tie.with_captain)


def holds(state: TableState, name: str, holder: str, captain: str | None) -> bool:
    """Return True when ``name`` holds ``holder`` (a role id, or the lovers' or captain's
    status), ``captain`` being the captain at that moment."""
    if state.player(name).role == holder:
        return True
    if holder == lovers_status(state.game):
        return state.partner(name) is not None
    if holder == captain_status(state.game):
        return captain == name
    return False


# --- checking a state ---------------------------------------------------------------


def unknown_player(state_names: Sequence[str], name: str) -> str:
    """Return the message for a name that is no player, with the closest names."""
    near = closest(name, list(state_names))
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    return f"{name!r} is not a player{hint} (players: {', '.join(state_names)})"


def check_state(
    game: Game,
    players: Sequence[Player],
    lovers: Sequence[str] | None = None,
    captain: str | None = None,
) -> list[Issue]:
    """Return every problem of a state: names, roles, lovers, captain."""
    issues: list[Issue] = []
    if not players:
        issues.append(Issue(("players",), "no players; name every player of the table"))
    seen: dict[str, str] = {}
    role_ids = {r.id for r in game.roles}
    for player in players:
        where: tuple[str | int, ...] = ("players", player.name)
        key = fold(player.name)
        if not player.name.strip():
            issues.append(Issue(where, "a player needs a name"))
        elif key in seen:
            same = "" if seen[key] == player.name else f" (as {seen[key]!r})"
            issues.append(
                Issue(
                    where,
                    f"player {player.name!r} is named twice{same}; give each player one entry",
                )
            )
        else:
            seen[key] = player.name
        if player.role is not None and player.role not in role_ids:
            issues.append(
                Issue(
                    (*where, "role"),
                    f"unknown role {player.role!r} in {game.id}; "
                    f"roles: {', '.join(sorted(role_ids))}",
                )
            )
        for attr in ("fouls", "technical_fouls"):
            if getattr(player, attr) < 0:
                issues.append(Issue((*where, attr), "must be 0 or more"))
    names = [p.name for p in players]
    alive = {p.name: p.alive for p in players}
    if lovers is not None:
        issues += _check_lovers(game, names, alive, lovers)
    if captain is not None:
        if not has_captain(game):
            issues.append(
                Issue(("captain",), f"{game.id} has no captain in its rules; leave the captain out")
            )
        elif captain not in alive:
            issues.append(Issue(("captain",), unknown_player(names, captain)))
        elif not alive[captain]:
            issues.append(
                Issue(
                    ("captain",),
                    f"the captain {captain!r} is dead; a dying captain "
                    "names a successor: give the successor instead",
                )
            )
    return issues


def _check_lovers(
    game: Game, names: list[str], alive: dict[str, bool], lovers: Sequence[str]
) -> list[Issue]:
    where: tuple[str | int, ...] = ("lovers",)
    if not has_lovers(game):
        return [Issue(where, f"{game.id} has no lovers in its rules; leave them out")]
    if len(lovers) != 2:
        return [Issue(where, f"a couple is exactly two players, not {len(lovers)}")]
    issues = [Issue(where, unknown_player(names, n)) for n in lovers if n not in alive]
    if issues:
        return issues
    if lovers[0] == lovers[1]:
        return [Issue(where, f"{lovers[0]!r} cannot be in love with themselves; name two players")]
    if alive[lovers[0]] != alive[lovers[1]]:
        dead, living = (lovers[0], lovers[1]) if alive[lovers[1]] else (lovers[1], lovers[0])
        return [
            Issue(
                where,
                f"{dead!r} is dead but their lover {living!r} is alive; lovers "
                "die together: mark both dead",
            )
        ]
    return []


def make_state(
    game: Game,
    players: Iterable[Player],
    lovers: Sequence[str] | None = None,
    captain: str | None = None,
) -> TableState:
    """Return a checked table state; raise :class:`StateError` listing every problem."""
    players = tuple(players)
    issues = check_state(game, players, lovers, captain)
    if issues:
        raise StateError(issues)
    couple = (lovers[0], lovers[1]) if lovers is not None else None
    return TableState(game=game, players=players, lovers=couple, captain=captain)


# --- which causes of death a game knows of -------------------------------------------


def _poisoner(game: Game) -> str | None:
    """Return the role whose night step may poison a player, if the game has one."""
    for step in (*game.night.first, *game.night.every):
        if step.does == "save-or-poison" and step.roles:
            return step.roles[0]
    return None


def _cause_reasons(game: Game) -> dict[str, str | None]:
    """Map each cause to None when ``game`` knows of it, else to why it does not."""
    does = {c.does for c in game.deaths.consequences}
    steps = (*game.night.first, *game.night.every)
    tie = game.day.vote.tie
    fouls = game.fouls
    disqualifies = fouls is not None and (
        "disqualification" in (fouls.foul.consequence, fouls.technical.consequence)
        or any(b.sanction == "disqualification" for b in fouls.behaviours)
    )
    night = any(step.does == "kill" for step in steps)
    return {
        "night": None if night else "nobody kills at night",
        "vote": None,
        "poison": None if _poisoner(game) else "no role poisons",
        "shot": None
        if "shoot" in does
        else "no dying player shoots"
        + (" (a kill of the night is the cause 'night')" if night else ""),
        "lover": None if has_lovers(game) else "there are no lovers",
        "lift": None
        if "lift-vote" in (*tie.with_captain, *tie.without_captain)
        else "the tie procedure has no lift vote",
        "disqualified": None if disqualifies else "nobody is disqualified",
    }


def game_causes(game: Game) -> tuple[str, ...]:
    """Return the causes of death the rules of ``game`` know of, in :data:`CAUSES` order.

    Each is read from the data: ``night`` when a night step kills, ``vote`` always,
    ``shot`` when a death consequence shoots, ``lover`` when the game has lovers,
    ``lift`` when a tie procedure has a lift vote, ``disqualified`` when a foul limit or a
    listed behaviour disqualifies, ``poison`` when a night step is ``save-or-poison``.
    """
    reasons = _cause_reasons(game)
    return tuple(c for c in CAUSES if reasons[c] is None)


def cause_issue(game: Game, cause: str) -> str | None:
    """Return why ``cause`` cannot be a cause of death in ``game``, or None when it can."""
    valid = ", ".join(game_causes(game))
    if cause not in CAUSES:
        return f"unknown cause {cause!r}; causes in {game.id}: {valid}"
    reason = _cause_reasons(game)[cause]
    if reason is None:
        return None
    return f"{cause!r} is not a cause of death in {game.id}: {reason}; causes in {game.id}: {valid}"


def parse_cause(text: str) -> str | None:
    """Return the cause id ``text`` names (French or English, accents optional), or None."""
    word = fold(text)
    for cause_id, words in _CAUSE_WORDS.items():
        if word == cause_id or word in words:
            return cause_id
    return None


def require_roles(state: TableState, names: Iterable[str], why: str) -> None:
    """Raise :class:`StateError` when one of ``names`` has no card given."""
    missing = [n for n in names if state.player(n).role is None]
    if missing:
        raise StateError(
            [
                Issue(("players", n, "role"), f"the role is needed {why}; give it as NAME=ROLE")
                for n in missing
            ]
        )
