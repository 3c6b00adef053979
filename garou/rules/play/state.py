"""The table state the engine works on, and the small records every result is made of.

A :class:`TableState` says who plays, with which card, who is alive, who the lovers and
the captain are. It is checked once (:func:`make_state`); the engine then only reads it.
Nothing here decides for a player: a choice the rules leave to someone is a
:class:`Pending` question, answered by a :class:`Choice` passed back in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field, replace
from typing import Any, Literal

from garou.core.catalogue import Phrase, join, phrase, say
from garou.core.errors import DataFileError, Problem, UsageError
from garou.core.names import closest, fold
from garou.core.records import record

from ..model import Game, Trigger

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

    def __init__(self, issues: Sequence[Issue], what: str = "table"):
        self.issues = list(issues)
        self.what = what
        super().__init__(phrase(f"state.what-{what}"))

    def message(self, lang: str) -> str:
        """Return every issue in ``lang``, one a line after a count when there are several."""
        what = say(f"state.what-{self.what}", lang)
        if len(self.issues) == 1:
            return say("state.invalid", lang, what=what, issue=self.issues[0].say(lang))
        lines = [say("state.problems", lang, count=len(self.issues), what=what)]
        lines += [f"  - {issue.say(lang)}" for issue in self.issues]
        return "\n".join(lines)


@record
class Issue:
    """One thing wrong with a state or its events, and where (a key path) it is."""

    path: tuple[str | int, ...]
    """Keys from the top of the state ("players", "Alice", "role")."""
    message: Phrase
    """What is wrong and how to fix it (a catalogue phrase)."""

    def where(self) -> str:
        """Return the path as "players.Alice.role"."""
        return ".".join(str(p) for p in self.path)

    def say(self, lang: str) -> str:
        """Return the issue in ``lang``, after its key path."""
        text = self.message.say(lang)
        return say("state.at", lang, where=self.where(), text=text) if self.path else text

    def __str__(self) -> str:
        return self.say("en")

    def problem(self, file: str, line: int | None) -> Problem:
        """Return this issue as a :class:`Problem` of ``file`` at ``line``."""
        return Problem(file, line, self.where(), self.message)


@record
class Either:
    """Names said as alternatives, in the language of the message: "A, B or C"."""

    items: tuple[str, ...]
    """The names."""

    def get(self, lang: str) -> str:
        """Return the names joined with "or" in ``lang``."""
        return join(self.items, lang, "or")


def issue(
    path: tuple[str | int, ...], key: str, /, count: int | None = None, **values: Any
) -> Issue:
    """Return the :class:`Issue` at ``path`` saying catalogue message ``key``."""
    return Issue(path, phrase(key, count=count, **values))


@record
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


CAPTAIN_CASE = "lg-setting-captain"
"""The setting: playing with or without a captain."""
MAJORITY_CASE = "mf-contested-majority"
"""The contested case: "the majority" as the most votes or more than half."""
SELF_SAVE_CASE = "lg-contested-witch-self-save"
"""The contested case: may the witch save herself."""
POTIONS_CASE = "lg-contested-witch-two-potions"
"""The contested case: both potions in one night."""
APPLIED_CASES = (CAPTAIN_CASE, MAJORITY_CASE, SELF_SAVE_CASE, POTIONS_CASE)
"""The table's decisions the engine applies."""


@record
class TableRules:
    """How the table settled the cases the engine applies: the agreement's choice where
    the table made one, else the game's default."""

    chosen: Mapping[str, str] = field(default_factory=dict)
    """Case id to option id, as the table's agreement says."""
    defaults: Mapping[str, str] = field(default_factory=dict)
    """Case id to the option the game proposes by default."""
    labels: Mapping[str, Any] = field(default_factory=dict)
    """Case id to the label (a ``Text``) of the option that applies."""
    proposed: frozenset[str] = frozenset()
    """The cases whose default is garou's proposal (``default.addition``), not the
    documents'."""

    def option(self, case: str) -> str | None:
        """Return the option that applies to ``case``, or None when the game has no such case."""
        return self.chosen.get(case, self.defaults.get(case))

    def agreed(self, case: str) -> bool:
        """True when the table's agreement decided ``case``."""
        return case in self.chosen

    def reading(self, case: str) -> Phrase:
        """Return the phrase saying which reading applies and where it comes from."""
        label = self.labels.get(case, self.option(case) or "-")
        if self.agreed(case):
            key = "state.reading-agreed"
        elif case in self.proposed:
            key = "state.reading-garou"
        else:
            key = "state.reading-default"
        return phrase(key, option=label, case=case)


def table_rules(
    game: Game, agreement: Any = None, cases: Iterable[str] = APPLIED_CASES
) -> TableRules:
    """Return the :class:`TableRules` of ``game`` under ``agreement`` (a
    ``garou.houserules.Agreement``, or None for the game's defaults), for ``cases`` (the
    ones the resolvers apply unless told)."""
    defaults: dict[str, str] = {}
    proposed: set[str] = set()
    options: dict[str, dict[str, Any]] = {}
    ids = {e.id for e in game.entries}
    for case in cases:
        if case not in ids:
            continue
        entry = game.entry(case)
        if entry.default is not None:
            defaults[case] = entry.default.option
            if entry.default.addition:
                proposed.add(case)
        options[case] = {o.id: o.label for o in entry.options}
    chosen: dict[str, str] = {}
    if agreement is not None and getattr(agreement, "game", game.id) == game.id:
        for case in options:
            decision = agreement.decision(case)
            if decision is not None and decision.option in options[case]:
                chosen[case] = decision.option
    labels = {}
    for case, labelled in options.items():
        option = chosen.get(case, defaults.get(case))
        if option in labelled:
            labels[case] = labelled[option]
    return TableRules(chosen, defaults, labels, frozenset(proposed))


Potion = Literal["unused", "tonight", "used"]
"""Where one of the witch's potions stands: not used, used tonight, used on a past night."""

POTIONS: tuple[str, ...] = Potion.__args__  # type: ignore[attr-defined]


@record
class Witch:
    """What the state says of the witch's potions (Loup-Garou); None: not said."""

    life: Potion | None = None
    """The life potion."""
    death: Potion | None = None
    """The death potion."""
    saved: str | None = None
    """Whom the life potion saved tonight."""
    night: int | None = None
    """Which night it is (1 for the first)."""


@record
class StateSource:
    """Where a table state was read from: its file, and its data as written (for the lines)."""

    file: str
    """The state file's path, as given."""
    written: Any = field(compare=False, repr=False)
    """The file's data as :func:`~garou.core.reader.read_document` read it."""

    def problems(self, issues: Iterable[Issue]) -> DataFileError:
        """Return ``issues`` as the file's problems, each at the line of its value."""
        return DataFileError(
            [i.problem(self.file, path_line(self.written, i.path) or 1) for i in issues]
        )


def path_line(data: Any, path: tuple[str | int, ...]) -> int | None:
    """Return the line of the value at ``path`` in ``data`` (read by
    :func:`~garou.core.reader.read_document`): the line of the deepest key ``data``
    remembers, or of the value itself when it is a scalar written on its own line."""
    from garou.core.reader import LocatedDict, LocatedList, Scalar

    line = getattr(data, "line", None)
    node = data
    for key in path:
        if isinstance(node, LocatedDict):
            match = next((k for k in node if k == key or str(k).strip() == str(key)), None)
            if match is None:
                break
            line = node.line_of(match)
            node = node[match]
        elif isinstance(node, LocatedList) and isinstance(key, int):
            line = node.line_of(key)
            node = node[key] if key < len(node) else None
        else:
            break
    else:
        if isinstance(node, Scalar) and node.line:
            line = node.line
    return line


@record
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
    witch: Witch = Witch()
    """What the witch did, as far as the state says."""
    agreed: TableRules = TableRules()
    """How the table settled the cases the engine applies."""
    source: StateSource | None = field(default=None, compare=False, repr=False)
    """The state file it was read from, if any: a problem found later (a role the engine
    needs) is then said at the file's line, not as an option."""

    def resolve(self, name: str) -> str:
        """Return the player ``name`` designates, spelled as the table spells it."""
        return canonical(self.names(), name)

    def player(self, name: str) -> Player:
        """Return the player called ``name``; raise KeyError if there is none."""
        name = self.resolve(name)
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


@record
class Death:
    """A player who dies or leaves, and why."""

    player: str
    """Who."""
    cause: Cause
    """Why."""
    by: str | None = None
    """The player whose death set this one off (the shooter, the other lover)."""


@record
class Choice:
    """A choice a player made: whom the hunter shoots, who succeeds the captain..."""

    kind: ChoiceKind
    """What was chosen."""
    chooser: str
    """Who chose (the dying hunter, the dying captain, the captain breaking a tie)."""
    answer: str
    """The player chosen."""


@record
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

    def to_dict(self) -> dict[str, Any]:
        """Return the question as plain data."""
        return {
            "kind": self.kind,
            "chooser": self.chooser,
            "options": list(self.options),
            "rule": self.rule,
            "question": self.question,
        }


@record
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

    def to_dict(self) -> dict[str, Any]:
        """Return the step as plain data."""
        return {"rule": self.rule, "code": self.code, "message": self.message, **self.data}


# --- which status is which ---------------------------------------------------------


def readings_applied(state: TableState, steps: Iterable[Step], lang: str) -> list[dict[str, Any]]:
    """Return the readings a ruling applies, each with its entry and whose it is: those of
    every entry its ``steps`` cite (:func:`garou.rules.export.readings_of`), and how the
    table reads each case a step applies ("agreement", "garou", "document"). Every
    resolver's ``--json`` carries them."""
    from garou.rules.export import readings_of

    steps = list(steps)
    found: list[dict[str, Any]] = []
    seen: set[str] = set()
    ids = {e.id for e in state.game.entries}
    for step in steps:
        if step.rule in seen or step.rule not in ids:
            continue
        seen.add(step.rule)
        entry = state.game.entry(step.rule)
        found += [
            {"rule": step.rule, **r} for r in readings_of(entry, lang) if r["kind"] != "default"
        ]
    agreed = state.agreed
    for case in APPLIED_CASES:
        if case not in ids or not any(case == s.rule or case in s.message for s in steps):
            continue
        by = (
            "agreement"
            if agreed.agreed(case)
            else "garou"
            if case in agreed.proposed
            else "document"
        )
        label = agreed.labels.get(case)
        found.append(
            {
                "rule": case,
                "by": by,
                "kind": "case",
                "text": label.get(lang) if label is not None else agreed.option(case),
                "option": agreed.option(case),
            }
        )
    return found


def lovers_status(game: Game) -> str | None:
    """Return the id of the status lovers hold (the holder of a follow-partner rule)."""
    return _status_that(game, "follow-partner")


def captain_status(game: Game) -> str | None:
    """Return the id of the captain's status (the holder of a name-successor rule)."""
    return _status_that(game, "name-successor")


def _status_that(game: Game, does: Trigger) -> str | None:
    """Return the id of the first status that holds a death consequence doing ``does``."""
    ids = {s.id for s in game.statuses}
    for consequence in game.deaths.consequences:
        if consequence.does == does and consequence.holder in ids:
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


def unknown_player(state_names: Sequence[str], name: str) -> Phrase:
    """Return the message for a name that is no player, with the closest names."""
    near = closest(name, list(state_names))
    if near:
        return phrase(
            "state.unknown-player-near",
            name=name,
            near=Either(tuple(near)),
            players=list(state_names),
        )
    return phrase("state.unknown-player", name=name, players=list(state_names))


def canonical(state_names: Sequence[str], name: str) -> str:
    """Return the player ``name`` designates, as the table spells it (case and accents
    do not matter), or ``name`` itself when it is no player."""
    if name in state_names:
        return name
    wanted = fold(name)
    matches = [n for n in state_names if fold(n) == wanted]
    return matches[0] if len(matches) == 1 else name


def check_state(
    game: Game,
    players: Sequence[Player],
    lovers: Sequence[str] | None = None,
    captain: str | None = None,
) -> list[Issue]:
    """Return every problem of a state: names, roles, lovers, captain, composition."""
    issues: list[Issue] = []
    if not players:
        issues.append(issue(("players",), "state.no-players"))
    seen: dict[str, str] = {}
    role_ids = {r.id for r in game.roles}
    for player in players:
        where: tuple[str | int, ...] = ("players", player.name)
        key = fold(player.name)
        if not player.name.strip():
            issues.append(issue(where, "state.no-name"))
        elif key in seen:
            if seen[key] == player.name:
                issues.append(issue(where, "state.named-twice", name=player.name))
            else:
                issues.append(
                    issue(where, "state.named-twice-as", name=player.name, other=seen[key])
                )
        else:
            seen[key] = player.name
        if player.role is not None and player.role not in role_ids:
            issues.append(
                issue(
                    (*where, "role"),
                    "state.unknown-role",
                    role=player.role,
                    game=game.info.name,
                    roles=[r.name for r in game.roles],  # by name: a name is accepted too
                )
            )
        for attr in ("fouls", "technical_fouls"):
            if getattr(player, attr) < 0:
                issues.append(issue((*where, attr), "state.negative-count"))
    names = [p.name for p in players]
    alive = {p.name: p.alive for p in players}
    if lovers is not None:
        issues += _check_lovers(game, names, alive, lovers)
    if captain is not None:
        if not has_captain(game):
            issues.append(issue(("captain",), "state.no-captain-in-game", game=game.info.name))
        elif captain not in alive:
            issues.append(Issue(("captain",), unknown_player(names, captain)))
        elif not alive[captain]:
            issues.append(issue(("captain",), "state.dead-captain", name=captain))
    if not issues:
        issues += _check_composition(game, players)
    return issues


def _check_composition(game: Game, players: Sequence[Player]) -> list[Issue]:
    """Return an issue when the game has one fixed composition and the cards differ."""
    composition = game.setup.composition
    if composition is None or any(p.role is None for p in players):
        return []
    dealt: dict[str, int] = {}
    for player in players:
        assert player.role is not None
        dealt[player.role] = dealt.get(player.role, 0) + 1
    wanted = {r: n for r, n in composition.roles.items() if n}
    # A table may list fewer seats (the living only, say), never more than the one
    # composition holds, nor more of one card.
    if len(players) <= sum(wanted.values()) and all(
        n <= wanted.get(r, 0) for r, n in dealt.items()
    ):
        return []
    described = [
        phrase("state.cards", count=n, role=game.role(r).name) for r, n in sorted(wanted.items())
    ]
    return [
        issue(
            ("players",),
            "state.impossible-table",
            game=game.info.name,
            players=len(players),
            composition=described,
            rule=composition.entry,
        )
    ]


def _check_lovers(
    game: Game, names: list[str], alive: dict[str, bool], lovers: Sequence[str]
) -> list[Issue]:
    where: tuple[str | int, ...] = ("lovers",)
    if not has_lovers(game):
        return [issue(where, "state.no-lovers-in-game", game=game.info.name)]
    if len(lovers) != 2:
        return [issue(where, "state.couple-of-two", count=len(lovers))]
    issues = [Issue(where, unknown_player(names, n)) for n in lovers if n not in alive]
    if issues:
        return issues
    if lovers[0] == lovers[1]:
        return [issue(where, "state.self-love", name=lovers[0])]
    if alive[lovers[0]] != alive[lovers[1]]:
        dead, living = (lovers[0], lovers[1]) if alive[lovers[1]] else (lovers[1], lovers[0])
        return [issue(where, "state.lover-half-dead", dead=dead, living=living)]
    return []


def disqualified(game: Game, player: Player) -> bool:
    """Return True when ``player``'s fouls or technical fouls reach a limit of ``game``
    whose consequence is disqualification (Mafia: 4 fouls, 2 technical fouls)."""
    fouls = game.fouls
    if fouls is None:
        return False
    return any(
        limit.consequence == "disqualification" and count >= limit.limit
        for count, limit in (
            (player.fouls, fouls.foul),
            (player.technical_fouls, fouls.technical),
        )
    )


def count_out(game: Game, players: Iterable[Player]) -> tuple[Player, ...]:
    """Return ``players`` with every disqualified one (:func:`disqualified`) no longer
    alive: the counts decide who is still playing, in every command alike."""
    return tuple(
        replace(p, alive=False) if p.alive and disqualified(game, p) else p for p in players
    )


def make_state(
    game: Game,
    players: Iterable[Player],
    lovers: Sequence[str] | None = None,
    captain: str | None = None,
    *,
    witch: Witch | None = None,
    agreed: TableRules | None = None,
) -> TableState:
    """Return a checked table state; raise :class:`StateError` listing every problem."""
    players = tuple(players)
    names = [p.name for p in players]
    lovers = None if lovers is None else [canonical(names, n) for n in lovers]
    captain = None if captain is None else canonical(names, captain)
    agreed = agreed or table_rules(game)
    issues = check_state(game, players, lovers, captain)
    if witch is not None and witch.saved is not None:
        witch = replace(witch, saved=canonical(names, witch.saved))
    if not issues:
        issues += check_agreed(game, captain, agreed)
        issues += check_witch(game, players, witch or Witch(), agreed)
    if issues:
        raise StateError(issues)
    couple = (lovers[0], lovers[1]) if lovers is not None else None
    players = count_out(game, players)
    return TableState(game, players, couple, captain, witch or Witch(), agreed)


def check_agreed(game: Game, captain: str | None, agreed: TableRules) -> list[Issue]:
    """Return an issue when the state names a captain the table agreed to play without."""
    if captain is not None and agreed.option(CAPTAIN_CASE) == "without-captain":
        return [issue(("captain",), "state.captain-not-agreed", name=captain, case=CAPTAIN_CASE)]
    return []


def check_witch(
    game: Game, players: Sequence[Player], witch: Witch, agreed: TableRules
) -> list[Issue]:
    """Return every problem of what the state says the witch did tonight."""
    issues: list[Issue] = []
    role = poisoner(game)
    if witch == Witch():
        return []
    if role is None:
        return [issue(("witch",), "state.no-witch-in-game", game=game.info.name)]
    if (
        witch.life == "tonight"
        and witch.death == "tonight"
        and agreed.option(POTIONS_CASE) == "one-per-night"
    ):
        issues.append(
            issue(
                ("witch",),
                "state.two-potions",
                reading=agreed.reading(POTIONS_CASE),
                case=POTIONS_CASE,
            )
        )
    if witch.saved is not None:
        names = [p.name for p in players]
        if witch.saved not in names:
            issues.append(Issue(("witch", "saved"), unknown_player(names, witch.saved)))
            return issues
        if witch.life == "used":
            issues.append(issue(("witch", "saved"), "state.life-spent", name=witch.saved))
        elif witch.life == "unused":
            issues.append(issue(("witch", "saved"), "state.life-unused", name=witch.saved))
        saver = next((p for p in players if p.role == role), None)
        if saver is not None and saver.name == witch.saved:
            rule = agreed.option(SELF_SAVE_CASE)
            reading = agreed.reading(SELF_SAVE_CASE)
            if rule == "never" or (
                rule == "first-night-only" and witch.night is not None and witch.night > 1
            ):
                issues.append(
                    issue(
                        ("witch", "saved"),
                        f"state.self-save-{rule}",
                        name=saver.name,
                        reading=reading,
                        case=SELF_SAVE_CASE,
                    )
                )
    return issues


# --- which causes of death a game knows of -------------------------------------------


def poisoner(game: Game) -> str | None:
    """Return the role whose night step may poison a player, if the game has one."""
    for step in (*game.night.first, *game.night.every):
        if step.does == "save-or-poison" and step.roles:
            return step.roles[0]
    return None


def _cause_reasons(game: Game) -> dict[str, str | None]:
    """Map each cause to None when ``game`` knows of it, else to the key saying why not."""
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
        "night": None if night else "state.why-no-night",
        "vote": None,
        "poison": None if poisoner(game) else "state.why-no-poison",
        "shot": None
        if "shoot" in does
        else ("state.why-no-shot-night" if night else "state.why-no-shot"),
        "lover": None if has_lovers(game) else "state.why-no-lover",
        "lift": None
        if "lift-vote" in (*tie.with_captain, *tie.without_captain)
        else "state.why-no-lift",
        "disqualified": None if disqualifies else "state.why-no-disqualified",
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


def cause_issue(game: Game, cause: str) -> Phrase | None:
    """Return why ``cause`` cannot be a cause of death in ``game``, or None when it can."""
    valid = list(game_causes(game))
    if cause not in CAUSES:
        return phrase("state.unknown-cause", cause=cause, game=game.info.name, causes=valid)
    reason = _cause_reasons(game)[cause]
    if reason is None:
        return None
    return phrase(
        "state.cause-not-in-game",
        cause=cause,
        game=game.info.name,
        why=phrase(reason),
        causes=valid,
    )


def parse_cause(text: str) -> str | None:
    """Return the cause id ``text`` names (French or English, accents optional), or None."""
    word = fold(text)
    for cause_id, words in _CAUSE_WORDS.items():
        if word == cause_id or word in words:
            return cause_id
    return None


def require_roles(state: TableState, names: Iterable[str], why: str) -> None:
    """Raise :class:`StateError` when one of ``names`` has no card given; ``why`` is the
    catalogue key saying what the role is needed for."""
    missing = [n for n in names if state.player(n).role is None]
    if missing and state.source is not None:
        raise state.source.problems(
            issue(("players", n), "reader.state.role-needed", why=phrase(why), name=n)
            for n in missing
        )
    if missing:
        raise StateError(
            [issue(("players", n, "role"), "state.role-needed", why=phrase(why)) for n in missing]
        )
