"""The setup verifier: is a planned distribution of cards sound, and why not if it is not.

Every threshold comes from the game's ``setup`` block (the player-count table, the fixed
composition, the minority and power-role rules, the first-group recommendation); this
module only compares counts with it. Every sentence is a key of the message catalogue
(``core/messages/setup.yaml``), said in French and English.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from garou.core.errors import DataFileError, GarouError, Problem, UnknownIdError, UsageError, shown
from garou.core.names import closest, fold, resolve_role, role_names
from garou.core.reader import LocatedDict, LocatedList
from garou.core.records import record

from .loader import Rulebook
from .model import Band, Game, Role, Status, Text
from .odds import MAX_PLAYERS as ODDS_MAX_PLAYERS
from .odds import village_win_chance
from .schema import Name

MAX_PLAYERS = 100
"""Most players (and most cards of one role) garou accepts: a sanity limit on input, not a
rule. The documents cover far fewer; anything between is reported against the rules."""

CheckStatus = Literal["pass", "fail", "advice"]
"""pass: a rule is respected; fail: a rule is broken; advice: not a rule, worth knowing."""

SETUP_KEYS = ("game", "players", "roles", "names")
"""The keys of a setup file."""


class NoSoundDistributionError(GarouError):
    """Raised when no sound distribution exists for the players and roles asked for."""


class UnsoundSetupError(GarouError):
    """Raised when a table's setup (a file, an agreement's, a sheet's) breaks a setup rule.

    It carries the failing checks, so that the command line says them in the user's
    language; houserules and printables raise this one class.
    """

    def __init__(self, failures: Sequence[Any], /, **values: Any):
        self.failures = tuple(failures)
        super().__init__("setup.unsound", **values)


# --- every message: the catalogue's setup.* keys (core/messages/setup.yaml) ----------


def _say(key: str, **fields: Any) -> Text:
    """Return catalogue message ``setup.key`` in every language, values said in each one."""
    from garou.core.catalogue import say

    return Text(fr=say(f"setup.{key}", "fr", **fields), en=say(f"setup.{key}", "en", **fields))


def _plural(key: str, n: int, **fields: Any) -> Text:
    """Return plural message ``setup.key`` for ``n`` (the catalogue's one plural rule)."""
    from garou.core.catalogue import say

    return Text(
        fr=say(f"setup.{key}", "fr", count=n, n=n, **fields),
        en=say(f"setup.{key}", "en", count=n, n=n, **fields),
    )


def _of(text: Text) -> Text:
    """Return "of" ``text`` in every language: "des loups-garous", "du village", "de la ville"."""
    fr = text.fr
    lowered = fr[:1].lower() + fr[1:]
    for article, contracted in (("les ", "des "), ("le ", "du ")):
        if lowered.startswith(article):
            return Text(fr=contracted + fr[len(article) :], en=f"of {text.en}")
    elision = (
        bool(fr) and fr[0].lower() in "aeiouyhéèêàâîôû" and not lowered.startswith(("la ", "l'"))
    )
    return Text(fr=("d'" if elision else "de ") + fr, en=f"of {text.en}")


def _plural_name(text: Text) -> bool:
    """Return True when the French name is plural ("Les loups-garous")."""
    return text.fr.lower().startswith("les ")


def _join(parts: list[Text], word: str = "and") -> Text:
    """Return ``parts`` as "a, b and c" in every language."""
    from garou.core.catalogue import join

    return Text(fr=join(parts, "fr", word), en=join(parts, "en", word))


def _players(n: int) -> Text:
    return _plural("players", n)


def _cards(n: int, role: Role | None = None) -> Text:
    if role is None:
        return _plural("cards", n)
    return _plural("role-cards", n, role=role.name)


def _card_list(game: Game, counts: Mapping[str, int]) -> Text:
    return _join([_cards(n, game.role(r)) for r, n in counts.items() if n])


def _band_label(low: int, high: int) -> Text:
    return _say("band.one", low=low) if low == high else _say("band", low=low, high=high)


def _rows_label(bands: tuple[Band, ...]) -> Text:
    """Return the players a table covers: "4 to 18 players", or its rows when they have gaps."""
    contiguous = all(a.max + 1 == b.min for a, b in zip(bands, bands[1:], strict=False))
    if contiguous:
        return _band_label(bands[0].min, bands[-1].max)
    return _join([_band_label(b.min, b.max) for b in bands], "or")


def _lowered(text: Text) -> Text:
    """Return ``text`` with a lowercase first letter, to sit inside a sentence."""
    return Text(fr=text.fr[:1].lower() + text.fr[1:], en=text.en[:1].lower() + text.en[1:])


def _percent(chance: Fraction) -> Text:
    """Return ``chance`` as a percentage in every language ("22 %" in French, "22%")."""
    from garou.core.catalogue import format_number

    value = float(chance) * 100
    if chance in (0, 1):
        digits, key = 0, "setup.percent"
    elif value < 0.1:
        value, digits, key = 0.1, 1, "setup.percent.below"
    elif value > 99.9:
        value, digits, key = 99.9, 1, "setup.percent.above"
    else:
        digits, key = (1 if value < 1 or value > 99 else 0), "setup.percent"
    return _said(key, value=lambda lang: format_number(value, lang, digits))


def _said(key: str, **fields: Any) -> Text:
    """Return ``key`` in every language, each field a function of the language."""
    from garou.core.catalogue import say

    def one(lang: str) -> str:
        return say(key, lang, **{k: f(lang) for k, f in fields.items()})

    return Text(fr=one("fr"), en=one("en"))


class _Joined:
    """Texts said one after the other with ``sep`` between them, in any language."""

    def __init__(self, texts: Iterable[Any], sep: str = "; "):
        self.texts, self.sep = list(texts), sep

    def get(self, lang: str) -> str:
        """Return the texts in ``lang``."""
        from garou.core.catalogue import render_value

        return self.sep.join(render_value(t, lang) for t in self.texts)


# --- records ---------------------------------------------------------------------------


@record
class Distribution:
    """A planned distribution of cards, before dealing."""

    game: str
    """Id of the game."""
    players: int
    """How many players sit at the table."""
    roles: dict[str, int]
    """Role id to number of cards, in the game's role order; roles of the game only."""
    unknown: dict[str, int] = field(default_factory=dict)
    """Names that are no role of the game, as written, to number of cards."""
    names: tuple[str, ...] = ()
    """The players' names, when given (one per player)."""
    where: dict[str, str] = field(default_factory=dict)
    """Role id or unknown name to "file:line" when the distribution was read from a file."""

    @property
    def cards(self) -> int:
        """Return how many cards the distribution deals, unknown names included."""
        return sum(self.roles.values()) + sum(self.unknown.values())


@record
class CheckResult:
    """The outcome of one check of a distribution."""

    id: str
    """Stable id of the check ("wolf-count", "power-limit")."""
    status: CheckStatus
    """pass, fail or advice."""
    message: Text
    """What was found, and the rule it is measured against."""
    entry: str | None
    """Id of the entry stating the rule (``garou show ID``)."""
    fix: Text | None = None
    """A concrete change that fixes it (or follows the advice); None when there is none."""

    def to_dict(self, lang: str) -> dict[str, Any]:
        """Return the result as a dictionary in ``lang``."""
        return {
            "id": self.id,
            "status": self.status,
            "message": self.message.get(lang),
            "entry": self.entry,
            "fix": self.fix.get(lang) if self.fix else None,
        }


@record
class Verdict:
    """Every check of a distribution, and the village's chance under random play."""

    distribution: Distribution
    """The distribution checked."""
    checks: tuple[CheckResult, ...]
    """Every check, rules first, then advice."""
    village_win: Fraction | None
    """Chance that the majority camp wins under random play; None when not computable."""
    baseline: Text
    """The baseline as a sentence (what it is, and that it is no prediction), or why not."""

    @property
    def ok(self) -> bool:
        """Return True when no rule is broken."""
        return not self.failures

    @property
    def failures(self) -> tuple[CheckResult, ...]:
        """Return the checks that failed."""
        return tuple(c for c in self.checks if c.status == "fail")

    @property
    def summary(self) -> Text:
        """Return the verdict in one sentence."""
        if self.ok:
            return _say("verdict.ok")
        return _plural("verdict.fail", len(self.failures))

    def to_dict(self, lang: str) -> dict[str, Any]:
        """Return the verdict as a dictionary in ``lang`` (the ``--json`` output)."""
        dist = self.distribution
        return {
            "ok": self.ok,
            "game": dist.game,
            "players": dist.players,
            "roles": dict(dist.roles),
            # the names that are no role, as written: "players" counts their cards too
            "unknown": dict(dist.unknown),
            "checks": [c.to_dict(lang) for c in self.checks],
            "village_win": None if self.village_win is None else float(self.village_win),
            "baseline": self.baseline.get(lang),
        }


def describe(game: Game, dist: Distribution) -> Text:
    """Return "Werewolf · 8 players · 2 × Werewolf, 1 × Seer, ..." in every language."""
    parts = [f"{n} × " for n in dist.roles.values()]

    def line(lang: str) -> str:
        cards = [p + game.role(r).name.get(lang) for p, r in zip(parts, dist.roles, strict=True)]
        cards += [f"{n} × '{name}'" for name, n in dist.unknown.items()]
        head = f"{game.info.name.get(lang)} · {_players(dist.players).get(lang)}"
        return f"{head} · {', '.join(cards)}" if cards else head

    return Text(fr=line("fr"), en=line("en"))


# --- reading a distribution ------------------------------------------------------------

_COUNT = re.compile(r"[0-9]+")
_NEGATIVE = re.compile(r"-[0-9]+")


def example_roles(game: Game, players: int | None = None) -> str:
    """Return a sound roles spec of ``game`` to show how cards are written.

    For ``players`` when a sound distribution exists for it; otherwise the fixed
    composition, or the smallest table whose suggestion deals several of the minority
    and every role recommended for a first group ("loup-garou=2,villageois=2,voyante,...").
    """
    setup = game.setup
    found: list[Distribution] = []
    sizes = [players] if players is not None else []
    sizes += range(setup.min_players, setup.max_players + 1)
    for size in sizes:
        try:
            found.append(suggest_distribution(game, size))
        except GarouError:
            continue
        if size == players:
            return format_roles(found[-1].roles)
    minority = {r.id for r in game.minority_roles()}
    recommended = set(setup.first_group.roles) if setup.first_group else set()
    for dist in found:
        if recommended <= set(dist.roles) and sum(dist.roles.get(r, 0) for r in minority) > 1:
            return format_roles(dist.roles)
    if found:
        return format_roles(found[0].roles)
    if setup.composition is not None:
        return format_roles(setup.composition.roles)
    return format_roles({r.id: 1 for r in game.roles[:2]})


def format_roles(roles: Mapping[str, int]) -> str:
    """Return ``roles`` as a spec: "loup-garou=2,voyante" (a single card without =1)."""
    return ",".join(role if n == 1 else f"{role}={n}" for role, n in roles.items())


def parse_roles(
    spec: str, game: Game | None = None, *, bare: int | None = 1
) -> list[tuple[str, int | None]]:
    """Return the (name, count) pairs of ``"loup-garou=2,voyante,villageois=4"``.

    A name without ``=N`` counts ``bare`` (1; None to let the caller decide). Raise
    UsageError on an empty name or a count that is not a whole number between 1 and
    MAX_PLAYERS; its examples are roles of ``game`` when given.
    """

    def example() -> str:
        return example_roles(game) if game is not None else "ROLE=2,ROLE"

    items = [item.strip() for item in spec.split(",")]
    if not any(items):
        raise UsageError("setup.spec.empty", example=example())
    pairs: list[tuple[str, int | None]] = []
    for position, item in enumerate(items, start=1):
        if not item:
            if position == len(items):
                continue  # a trailing comma
            raise UsageError("setup.spec.empty-name", position=position, spec=shown(spec))
        name, eq, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not name:
            one = example().split(",")[0].partition("=")[0]
            raise UsageError("setup.spec.no-name", item=shown(item), example=f"{one}=1")
        if not eq:
            pairs.append((name, bare))
            continue
        if _NEGATIVE.fullmatch(raw):
            raise UsageError(_count_of(name, _count_problem(int(raw))))
        if not _COUNT.fullmatch(raw):
            raise UsageError(
                "setup.spec.not-count", name=shown(name), raw=shown(raw), example=f"{name}=2"
            )
        pairs.append((name, _count(name, int(raw))))
    return pairs


def parse_role_counts(game: Game, spec: str) -> dict[str, int]:
    """Return role id to count from ``spec`` ("loup-garou=2,voyante,villageois=5"), strictly.

    A role without a count counts once; names are matched as players type them. Raise
    UsageError on a bad count or a role written twice, and UnknownIdError (with the
    closest roles, or why a status is no card) on a name that is no role of ``game``.
    """
    dist = make_distribution(game, parse_roles(spec, game))
    for name in dist.unknown:
        resolve_role(game, name)  # raises with the closest names, or explains a status
    return dict(dist.roles)


def _count(name: str, value: int) -> int:
    problem = _count_problem(value)
    if problem:
        raise UsageError(_count_of(name, problem))
    return value


def _count_of(name: str, problem: Any) -> Any:
    from garou.core.catalogue import phrase

    return phrase("setup.count-of", name=shown(name), problem=problem)


def _count_problem(value: object) -> Any:
    """Return what is wrong with a number of cards (a Phrase), or None."""
    from garou.core.catalogue import phrase

    if isinstance(value, bool) or not isinstance(value, int):
        return phrase("setup.count.not-int", value=shown(value))
    if value < 1:
        return phrase("setup.count.low", value=value)
    if value > MAX_PLAYERS:
        return phrase("setup.count.high", value=value, most=MAX_PLAYERS)
    return None


def _players_problem(value: object) -> Any:
    """Return what is wrong with a number of players (a Phrase), or None."""
    from garou.core.catalogue import phrase

    if isinstance(value, bool) or not isinstance(value, int):
        return phrase("setup.players.not-int", value=shown(value))
    if value < 1:
        return phrase("setup.players.low", value=value)
    if value > MAX_PLAYERS:
        return phrase("setup.players.high", value=value, most=MAX_PLAYERS)
    return None


def _option_problem(option: str, problem: Any) -> UsageError:
    return UsageError("setup.option-problem", option=option, problem=problem)


def parse_players(text: str) -> int:
    """Return the number of players written ``text``; raise UsageError if it is not one."""
    raw = text.strip()
    if not _COUNT.fullmatch(raw.lstrip("-")):
        raise UsageError("setup.players.option-not-int", value=shown(text))
    value = int(raw)
    problem = _players_problem(value)
    if problem:
        raise _option_problem("--players", problem)
    return value


def _lookup(game: Game, name: str) -> Role | None:
    """Return the role called ``name`` (any language, accents optional), or None."""
    try:
        return resolve_role(game, name)
    except UnknownIdError:
        return None


def _tally(
    game: Game, pairs: Iterable[tuple[str, object]]
) -> tuple[dict[str, int], dict[str, int], list[tuple[int, Any]]]:
    """Sort (name, count) pairs into known roles and unknown names.

    Return the known counts (by id), the unknown ones (by name) and the problems found, each
    with the index of the pair it is about: a bad count, or one role written twice.
    """
    known: dict[str, int] = {}
    unknown: dict[str, int] = {}
    first: dict[str, str] = {}  # role id (or folded unknown name) -> name as first written
    problems: list[tuple[int, Any]] = []
    from garou.core.catalogue import phrase

    for index, (name, count) in enumerate(pairs):
        if not isinstance(name, str) or not name.strip():
            problems.append((index, phrase("setup.tally.not-name", name=shown(name))))
            continue
        role = _lookup(game, name)
        key = role.id if role else fold(name)
        if key in first:
            if role:
                both = phrase("setup.tally.both", first=shown(first[key]), name=shown(name),
                              role=key)  # fmt: skip
            else:
                both = phrase("setup.tally.twice", name=shown(name))
            problems.append((index, phrase("setup.tally.once", both=both)))
            continue
        problem = _count_problem(count)
        if problem:
            problems.append((index, _count_of(name, problem)))
            continue
        assert isinstance(count, int)
        first[key] = name
        if role:
            known[role.id] = count
        else:
            unknown[name] = count
    ordered = {r.id: known[r.id] for r in game.roles if r.id in known}
    return ordered, unknown, problems


def make_distribution(
    game: Game,
    roles: Mapping[str, object] | Iterable[tuple[str, object]],
    players: int | None = None,
    names: Iterable[str] = (),
) -> Distribution:
    """Return the distribution of ``roles`` (names as typed, to counts) for ``players``.

    ``players`` defaults to the number of cards. Raise UsageError on a bad count, a role
    given twice, or a bad number of players.
    """
    pairs = list(roles.items()) if isinstance(roles, Mapping) else list(roles)
    if not pairs:
        raise UsageError("setup.no-roles")
    known, unknown, problems = _tally(game, pairs)
    if problems:
        raise UsageError(problems[0][1])
    total = sum(known.values()) + sum(unknown.values())
    count = total if players is None else players
    problem = _players_problem(count)
    if problem:
        if players is not None:
            raise _option_problem("--players", problem)
        raise UsageError("setup.file.cards-add-up", problem=problem)
    names = tuple(names)
    if names and len(names) != count:
        raise UsageError("setup.names-count", names=len(names), players=count)
    return Distribution(game.id, count, known, unknown, names)


@record
class SetupFile:
    """A setup file as written: the game, the cards, and optionally players and names."""

    game: str
    """The game, by id or name ("loup-garou", "Mafia")."""
    roles: dict[str, int | None]
    """Role (as typed) to number of cards."""
    players: int | None = None
    """How many players; the number of cards when left out."""
    names: tuple[Name, ...] = field(default=(), metadata={"invalid": "setup.file.bad-name"})
    """The players' names, one per player, when given."""


def read_setup(path: str | Path, book: Rulebook) -> tuple[Game, Distribution]:
    """Read a setup file (game, players, roles, names); raise DataFileError with file:line.

    The file is read by the schema-driven reader (:func:`~garou.rules.schema.read_record`)
    into a :class:`SetupFile`, then checked against the game: every problem is located.
    """
    from garou.core.catalogue import phrase
    from garou.core.errors import shown

    from .schema import INVALID, Collector, read_record

    file = str(path)
    out = Collector()
    record, data = read_record(path, SetupFile, out)
    from garou.core.reader import refuse_agreement

    refuse_agreement(file, data, "setup")
    problems = out.problems

    def add(line: int | None, key: str, message: Any) -> None:
        problems.append(Problem(file, line, key, message))

    if record is INVALID or not isinstance(data, LocatedDict):
        raise DataFileError(problems)
    assert isinstance(record, SetupFile)
    try:
        game = book.game(record.game)
    except GarouError as exc:
        add(data.line_of("game"), "game", exc.phrase or str(exc))
        raise DataFileError(problems) from None
    roles = data["roles"]
    assert isinstance(roles, LocatedDict)
    if record.players is not None:
        problem = _players_problem(record.players)
        if problem:
            add(data.line_of("players"), "players", problem)
    if not record.roles:
        add(data.line_of("roles"), "roles", phrase("setup.file.no-roles"))
    keys = [name for name in roles if record.roles.get(name) is not None]
    for name in roles:
        if record.roles.get(name) is None:
            add(roles.line_of(name), f"roles.{name}", phrase("setup.file.no-count", name=name))
    pairs = [(name, record.roles[name]) for name in keys]
    known, unknown, found = _tally(game, pairs)
    for index, message in found:
        add(roles.line_of(keys[index]), f"roles.{keys[index]}", message)
    incomplete = bool(found) or len(keys) < len(roles)  # the total would mislead
    total = sum(known.values()) + sum(unknown.values())
    count = record.players if record.players is not None else total
    if record.players is None and not incomplete and record.roles:
        problem = _players_problem(total)
        if problem:
            add(data.line_of("roles"), "roles", phrase("setup.file.cards-add-up", problem=problem))
    names = record.names
    seen: dict[str, int] = {}
    name_lines = data.get("names")
    for i, name in enumerate(names):
        line = name_lines.line_of(i) if isinstance(name_lines, LocatedList) else None
        if fold(name) in seen:
            add(line, f"names[{i}]", phrase("setup.file.name-twice", name=shown(name),
                                            player=seen[fold(name)] + 1))  # fmt: skip
        else:
            seen[fold(name)] = i
    if "names" in data and not incomplete and len(names) != count:
        add(data.line_of("names"), "names",
            phrase("setup.file.names-count", names=len(names), players=count))  # fmt: skip
    if problems:
        raise DataFileError(problems)
    where = {}
    for key in keys:
        role = _lookup(game, str(key))
        where[role.id if role else str(key)] = f"{file}:{roles.line_of(key)}"
    return game, Distribution(game.id, count, known, unknown, tuple(names), where)


# --- checking --------------------------------------------------------------------------


def check_distribution(game: Game, dist: Distribution) -> Verdict:
    """Check ``dist`` against every setup rule of ``game``; return the verdict."""
    setup = game.setup
    checks = [_check_known(game, dist), _check_sum(game, dist)]
    band = None
    if setup.count_table is not None:
        band, result = _check_table(game, dist)
        checks.append(result)
    if setup.composition is not None:
        checks += _check_composition(game, dist)
    if setup.minority_fewer is not None:
        checks.append(_check_minority(game, dist))
    if setup.power_limit is not None:
        checks.append(_check_power(game, dist))
    if band is not None and setup.count_table is not None:
        checks.append(
            CheckResult(
                "table-gives",
                "advice",
                _say("table-gives.advice", band=_band_label(band.min, band.max), gives=band.gives),
                setup.count_table.entry,
            )
        )
    if setup.first_group is not None:
        checks.append(_advise_first_group(game, dist))
    checks += _advise_night(game, dist)
    checks += _advise_copies(game, dist)
    checks += _advise_contested(game, dist)
    chance, baseline = _baseline(game, dist)
    return Verdict(dist, tuple(checks), chance, baseline)


def _minority_count(game: Game, dist: Distribution) -> int:
    minority = {r.id for r in game.minority_roles()}
    return sum(n for r, n in dist.roles.items() if r in minority)


def _filler(game: Game) -> Role:
    return game.role(game.setup.filler)


def _power_order(game: Game) -> list[str]:
    """Return the power roles to give up first: those a first group would not have, last first."""
    keep = set(game.setup.first_group.roles) if game.setup.first_group else set()
    power = [r.id for r in reversed(game.roles) if r.power]
    return [r for r in power if r not in keep] + [r for r in power if r in keep]


def _removal_order(game: Game, dist: Distribution, n: int) -> list[str]:
    """Return the roles to take ``n`` majority cards from without breaking the power limit."""
    filler = game.setup.filler
    minority = {r.id for r in game.minority_roles()}
    power = sum(k for r, k in dist.roles.items() if game.role(r).power)
    rest = [r.id for r in reversed(game.roles) if r.id not in minority and not r.power]
    rest = [filler] + [r for r in rest if r != filler]
    if game.setup.power_limit is None or power <= dist.roles.get(filler, 0) - n:
        return rest + _power_order(game)
    return _power_order(game) + rest


def _pick(game: Game, dist: Distribution, n: int, order: list[str]) -> Text:
    """Return ``n`` cards to take out of ``dist``, from the roles of ``order`` in that order."""
    taken: list[Text] = []
    for role_id in order:
        if n == 0:
            break
        k = min(n, dist.roles.get(role_id, 0))
        if k:
            taken.append(_cards(k, game.role(role_id)))
            n -= k
    if n:
        taken.append(_cards(n))
    return _join(taken)


def _check_known(game: Game, dist: Distribution) -> CheckResult:
    entry = game.setup.dealing.entry
    if not dist.unknown:
        return CheckResult(
            "known-roles", "pass", _say("known-roles.pass", game=game.info.name), entry
        )
    messages: list[Text] = []
    fixes: list[Text] = []
    for name in dist.unknown:
        where = f"{dist.where[name]}: " if name in dist.where else ""
        status = _status_named(game, name)
        if status is not None:
            entry = status.entry_id if len(messages) == 0 else entry
            messages.append(
                _say(
                    "known-roles.status",
                    where=where,
                    name=name,
                    status=status.name,
                    summary=status.summary,
                )
            )
            cards = _cards(dist.unknown[name], _filler(game))
            fixes.append(_say("known-roles.fix.status", name=name, status=status.name, cards=cards))
            continue
        roles = _join([Text(fr=_named(r, "fr"), en=_named(r, "en")) for r in game.roles], "or")
        foreign = _foreign_role(game, name)
        if foreign is not None:  # another game's card: say so, never a spelling neighbour
            other, role = foreign
            messages.append(
                _say(
                    "check.foreign",
                    where=where,
                    name=name,
                    role=role.name,
                    other=other.info.name,
                    game=game.info.name,
                )  # fmt: skip
            )
            fixes.append(_say("known-roles.fix.none", name=name, game=game.info.name, roles=roles))
            continue
        messages.append(_say("known-roles.unknown", where=where, name=name, game=game.info.name))
        near = _near_roles(game, name)
        if near:
            fixes.append(_say("known-roles.fix.near", name=name, near=_join(near, "or")))
        else:
            fixes.append(_say("known-roles.fix.none", name=name, game=game.info.name, roles=roles))
    return CheckResult("known-roles", "fail", _concat(messages), entry, _concat(fixes))


def _named(role: Role, lang: str) -> str:
    """A role as a setup file may name it: its name in ``lang`` and its id."""
    return f"{role.name.get(lang)} ({role.id})"


def _foreign_role(game: Game, name: str) -> tuple[Game, Role] | None:
    """The other game and its role ``name`` names exactly, if any (the games never mix)."""
    from .loader import load_rules

    try:
        book = load_rules()
    except Exception:  # the rules that do not load are said elsewhere
        return None
    wanted = fold(name)
    for other in book.games.values():
        if other.id == game.id:
            continue
        for role in other.roles:
            if wanted in role_names(role):
                return other, role
    return None


def _concat(texts: list[Text]) -> Text:
    return Text(fr=" ".join(t.fr for t in texts), en=" ".join(t.en for t in texts))


def _status_named(game: Game, name: str) -> Status | None:
    wanted = fold(name)
    for status in game.statuses:
        names = {status.id, status.name.fr, status.name.en, *status.aliases.all()}
        if wanted in {fold(n) for n in names}:
            return status
    return None


def _near_roles(game: Game, name: str) -> list[Text]:
    every = {n: r for r in game.roles for n in role_names(r)}
    near: list[Role] = []
    for match in closest(name, list(every), n=5):
        if every[match] not in near:
            near.append(every[match])
    return [Text(fr=f"{r.id} ({r.name.fr})", en=f"{r.id} ({r.name.en})") for r in near[:3]]


def _check_sum(game: Game, dist: Distribution) -> CheckResult:
    entry = game.setup.dealing.entry
    total, players = dist.cards, dist.players
    fields = {"cards": _cards(total), "players": _players(players)}
    if total == players:
        return CheckResult("roles-sum", "pass", _say("roles-sum.pass", **fields), entry)
    filler = _filler(game)
    gap = abs(total - players)
    if total < players:
        fix = _say("roles-sum.fix.add", add=_cards(gap, filler), total=_players(total))
    else:
        remove = _pick(game, dist, gap, _removal_order(game, dist, gap))
        fix = _say("roles-sum.fix.remove", remove=remove, total=_players(total))
    return CheckResult("roles-sum", "fail", _say("roles-sum.fail", **fields), entry, fix)


def find_band(game: Game, players: int) -> Band | None:
    """Return the row of the player-count table for ``players``, or None."""
    table = game.setup.count_table
    if table is None:
        return None
    for band in table.bands:
        if band.min <= players <= band.max:
            return band
    return None


def _check_table(game: Game, dist: Distribution) -> tuple[Band | None, CheckResult]:
    table = game.setup.count_table
    assert table is not None
    role = game.role(table.role)
    given = dist.roles.get(role.id, 0)
    band = find_band(game, dist.players)
    if band is None:
        rows = _rows_label(table.bands)
        low = table.bands[0].min
        message = _say(
            "wolf-count.outside", role=role.name, rows=rows, players=_players(dist.players)
        )
        if dist.players < low:
            fix = _say("wolf-count.fix.gather", low=low)
        else:
            fix = _split_fix(dist.players, table.bands, rows)
        return None, CheckResult("wolf-count", "fail", message, table.entry, fix)
    fields = {
        "players": _players(dist.players),
        "expected": _cards(band.count, role),
        "band": _band_label(band.min, band.max),
        "given": given,
    }
    if given == band.count:
        return band, CheckResult(
            "wolf-count", "pass", _say("wolf-count.pass", **fields), table.entry
        )
    gap = abs(given - band.count)
    if given < band.count:
        remove = _pick(game, dist, gap, _removal_order(game, dist, gap))
        fix = _say("wolf-count.fix.swap", remove=remove, add=_cards(gap, role))
    else:
        fix = _say("wolf-count.fix.swap", remove=_cards(gap, role), add=_cards(gap, _filler(game)))
    return band, CheckResult(
        "wolf-count", "fail", _say("wolf-count.fail", **fields), table.entry, fix
    )


def _split_fix(players: int, bands: tuple[Band, ...], rows: Text) -> Text:
    """Return "play as k tables of a and b players" when every table gets a row, else rows."""
    high = bands[-1].max
    tables = math.ceil(players / high)
    sizes = sorted({players // tables, math.ceil(players / tables)})
    if all(any(b.min <= s <= b.max for b in bands) for s in sizes):
        size_text = _join([Text(str(s), str(s)) for s in sizes], "or")
        return _say("wolf-count.fix.split", rows=rows, tables=tables, sizes=size_text)
    return _say("wolf-count.fix.rows", rows=rows)


def _check_composition(game: Game, dist: Distribution) -> list[CheckResult]:
    comp = game.setup.composition
    assert comp is not None
    total = sum(comp.roles.values())
    fields = {"total": _players(total), "players": _players(dist.players)}
    if dist.players == total:
        count = CheckResult("player-count", "pass", _say("player-count.pass", **fields), comp.entry)
    else:
        fix = _say("player-count.fix", total=_players(total))
        count = CheckResult(
            "player-count", "fail", _say("player-count.fail", **fields), comp.entry, fix
        )
    expected = {r.id: comp.roles[r.id] for r in game.roles if comp.roles.get(r.id)}
    given = _card_list(game, dist.roles) if dist.roles else _cards(0)
    if dist.roles == expected and not dist.unknown:
        return [
            count,
            CheckResult("composition", "pass", _say("composition.pass", given=given), comp.entry),
        ]
    more = {r: n - dist.roles.get(r, 0) for r, n in expected.items() if n > dist.roles.get(r, 0)}
    less = {r: n - expected.get(r, 0) for r, n in dist.roles.items() if n > expected.get(r, 0)}
    parts = []
    if more:
        parts.append(_say("composition.fix.add", cards=_card_list(game, more)))
    extra = [_card_list(game, less)] if less else []
    extra += [Text(f"« {n} » ×{k}", f"'{n}' ×{k}") for n, k in dist.unknown.items()]
    if extra:
        parts.append(_say("composition.fix.remove", cards=_join(extra)))
    message = _say("composition.fail", expected=_card_list(game, expected), given=given)
    return [count, CheckResult("composition", "fail", message, comp.entry, _concat(parts))]


def _check_minority(game: Game, dist: Distribution) -> CheckResult:
    rule = game.setup.minority_fewer
    assert rule is not None
    minority_roles = game.minority_roles()
    camp = game.camp(minority_roles[0].camp).name if minority_roles else Text("", "")
    minority = _minority_count(game, dist)
    others = dist.players - minority
    fields = {"camp": camp, "minority": minority, "others": others}
    if minority < others:
        return CheckResult("wolves-fewer", "pass", _say("wolves-fewer.pass", **fields), rule.entry)
    most = max((dist.players - 1) // 2, 0)
    remove = _pick(game, dist, minority - most, [r.id for r in reversed(minority_roles)])
    fix = _say(
        "wolves-fewer.fix",
        players=_players(dist.players),
        most=most,
        remove=remove,
        add=_cards(minority - most, _filler(game)),
    )
    return CheckResult("wolves-fewer", "fail", _say("wolves-fewer.fail", **fields), rule.entry, fix)


def _check_power(game: Game, dist: Distribution) -> CheckResult:
    rule = game.setup.power_limit
    assert rule is not None
    filler = _filler(game)
    power_roles = {r: n for r, n in dist.roles.items() if game.role(r).power}
    power = sum(power_roles.values())
    fillers = dist.roles.get(filler.id, 0)
    # The document names no power role; counting garou's own additions (Cupid) with the
    # document's cards is garou's reading of the threshold, and is said where it applies.
    added = {r: n for r, n in power_roles.items() if game.role(r).addition}
    fields = {
        "power": _plural("power", power),
        "filler": _cards(fillers, filler),
        "filler_name": filler.name,
        "apart": _Joined(
            (_say("power-limit.additions-counted", names=_card_list(game, added)),) if added else ()
        ),
    }
    if power <= fillers:
        return CheckResult("power-limit", "pass", _say("power-limit.pass", **fields), rule.entry)
    swap = math.ceil((power - fillers) / 2)
    remove = _pick(game, dist, swap, _power_order(game))
    fix = _say("power-limit.fix", remove=remove, add=_cards(swap, filler))
    names = _card_list(game, power_roles)
    return CheckResult(
        "power-limit", "fail", _say("power-limit.fail", names=names, **fields), rule.entry, fix
    )


def _advise_first_group(game: Game, dist: Distribution) -> CheckResult:
    group = game.setup.first_group
    assert group is not None
    roles = [game.role(r) for r in group.roles]
    names = _join([r.name for r in roles])
    missing = [r for r in roles if not dist.roles.get(r.id)]
    if not missing:
        return CheckResult(
            "first-group", "pass", _say("first-group.pass", roles=names), group.entry
        )
    filler = _filler(game)
    fillers = dist.roles.get(filler.id, 0)
    power = sum(n for r, n in dist.roles.items() if game.role(r).power)
    n = len(missing)
    fits = fillers >= n and power + n <= fillers - n
    if not fits and game.setup.power_limit is not None:
        return _first_group_without_room(game, dist, roles, missing, names)
    fix = _say(
        "first-group.fix", remove=_cards(n, filler), add=_join([_cards(1, r) for r in missing])
    )
    return CheckResult(
        "first-group", "advice", _say("first-group.advice", roles=names), group.entry, fix
    )


def _first_group_without_room(
    game: Game, dist: Distribution, roles: list[Role], missing: list[Role], names: Text
) -> CheckResult:
    """The first-group advice when the missing roles cannot take villagers' places: the
    number of players is blamed only when it is to blame (even one wolf and every other
    card a villager would leave no room); otherwise the other power cards dealt take the
    room, and swapping them (a second copy of a recommended role first) is the fix."""
    from garou.core.catalogue import say

    group = game.setup.first_group
    assert group is not None
    wanted = sum(1 for r in roles if r.power)
    if wanted > (dist.players - 1) // 2:  # one wolf at least: the size itself is too small
        message = _say("first-group.tight", roles=names, players=_players(dist.players))
        return CheckResult("first-group", "advice", message, group.entry)
    spare = {r: k - 1 for r, k in dist.roles.items() if r in group.roles and k > 1}
    spare |= {r: dist.roles.get(r, 0) for r in _power_order(game) if r not in group.roles}
    spare = {r: k for r, k in spare.items() if k > 0}

    def both(key: str, **fields: Any) -> Text:
        return Text(fr=say(key, "fr", **fields), en=say(key, "en", **fields))

    n = len(missing)
    if sum(spare.values()) < n:
        message = both("setup.first-group.crowded-no-swap", roles=names)
        return CheckResult("first-group", "advice", message, group.entry)
    taken = Distribution(dist.game, dist.players, spare)
    fix = _say(
        "first-group.fix",
        remove=_pick(game, taken, n, list(spare)),
        add=_join([_cards(1, r) for r in missing]),
    )
    message = both("setup.first-group.crowded", roles=names)
    return CheckResult("first-group", "advice", message, group.entry, fix)


def _advise_copies(game: Game, dist: Distribution) -> list[CheckResult]:
    """A role the documents describe as one card (neither the filler nor the minority's),
    dealt more than once: said, with how garou then plays it, which is garou's reading
    (the documents do not say whether two Witch cards are two witches or one)."""
    from garou.core.catalogue import say

    minority = {r.id for r in game.minority_roles()}
    found = []
    for role_id, count in dist.roles.items():
        if count < 2 or role_id == game.setup.filler or role_id in minority:
            continue
        role = game.role(role_id)
        fields: dict[str, Any] = {"role": role.name, "count": count}
        key = "setup.copies.advice" if role.night_action else "setup.copies.advice-day"
        message = Text(fr=say(key, "fr", **fields), en=say(key, "en", **fields))
        fix = _say(
            "first-group.fix", remove=_cards(count - 1, role), add=_cards(count - 1, _filler(game))
        )
        found.append(CheckResult("role-copies", "advice", message, role.entry_id or None, fix))
    return found


def _advise_night(game: Game, dist: Distribution) -> list[CheckResult]:
    rule = game.night.call_absent
    if rule is None:
        return []
    absent = [r for r in game.roles if r.night_action is not None and not dist.roles.get(r.id)]
    if not absent:
        return []
    names = _join([r.name for r in absent])
    return [
        CheckResult(
            "call-absent",
            "advice",
            _plural("call-absent.advice", len(absent), roles=names),
            rule.entry,
            _plural("call-absent.fix", len(absent), roles=names),
        )
    ]


def _advise_contested(game: Game, dist: Distribution) -> list[CheckResult]:
    dealt = {r for r, n in dist.roles.items() if n}
    cases = [e for e in game.entries if e.kind in ("contested", "setting") and dealt & set(e.roles)]
    if not cases:
        return []
    concerned = [game.role(r) for r in dist.roles if any(r in e.roles for e in cases)]
    listing = _join([Text(f"{e.id} ({e.title.fr})", f"{e.id} ({e.title.en})") for e in cases])
    message = _say(
        "settle-contested.advice", roles=_join([r.name for r in concerned]), cases=listing
    )
    return [
        CheckResult(
            "settle-contested", "advice", message, cases[0].id, _say("settle-contested.fix")
        )
    ]


def _baseline(game: Game, dist: Distribution) -> tuple[Fraction | None, Text]:
    if dist.unknown:
        return None, _say("baseline.none", reason=_say("baseline.none.unknown"))
    if dist.cards != dist.players:
        return None, _say("baseline.none", reason=_say("baseline.none.sum"))
    if dist.players > ODDS_MAX_PLAYERS:
        reason = _say("baseline.none.large", n=ODDS_MAX_PLAYERS)
        return None, _say("baseline.none", reason=reason)
    minority = _minority_count(game, dist)
    first_kill = game.night.regular_from
    chance = village_win_chance(dist.players - minority, minority, first_kill)
    minority_roles = game.minority_roles()
    minority_camp = game.camp(minority_roles[0].camp).name if minority_roles else Text("", "")
    first = _say("baseline.quiet", night=first_kill) if first_kill > 1 else Text("", "")
    camp = game.camp(game.info.players).name
    text = _say(
        "baseline",
        of_minority=_of(_lowered(minority_camp)),
        first=first,
        camp=_lowered(camp),
        would_win=_say(f"baseline.win.{'many' if _plural_name(camp) else 'one'}"),
        percent=_percent(chance),
    )
    return chance, text


# --- suggesting ------------------------------------------------------------------------


def suggest_distribution(
    game: Game,
    players: int,
    wanted: Mapping[str, object] | Iterable[tuple[str, object]] | None = None,
) -> Distribution:
    """Return a sound distribution for ``players``, with the ``wanted`` roles if they fit.

    Without ``wanted``, the roles recommended for a first group are used as far as they fit.
    A count of None means "as many as the rules ask": the player-count table's for its
    role, the fixed composition's, else 1. Raise NoSoundDistributionError with the reason
    when there is none, UsageError on bad counts, UnknownIdError on a role the game does
    not have.
    """
    problem = _players_problem(players)
    if problem:
        raise _option_problem("--players", problem)
    asked: dict[str, int] = {}
    if wanted is not None:
        pairs = list(wanted.items()) if isinstance(wanted, Mapping) else list(wanted)
        pairs = [(name, _rules_count(game, name, players) if n is None else n) for name, n in pairs]
        known, unknown, problems = _tally(game, pairs)
        if problems:
            raise UsageError(problems[0][1])
        if unknown:
            resolve_role(game, next(iter(unknown)))  # raises with the closest names
        asked = known
    setup = game.setup
    if setup.composition is not None:
        roles = _suggest_composition(game, players, asked)
    elif setup.count_table is not None:
        roles = _suggest_from_table(game, players, asked, wanted is None)
    else:
        raise NoSoundDistributionError("setup.none.no-table", game=game.info.name)
    dist = Distribution(
        game.id, players, {r.id: roles[r.id] for r in game.roles if roles.get(r.id)}
    )
    verdict = check_distribution(game, dist)
    if not verdict.ok:
        reasons = _Joined(c.message for c in verdict.failures)
        raise NoSoundDistributionError("setup.none.failures", players=players, reasons=reasons)
    return dist


def _rules_count(game: Game, name: object, players: int) -> int:
    """Return how many cards of the role ``name`` the rules ask for at ``players`` (else 1)."""
    role = _lookup(game, name) if isinstance(name, str) and name.strip() else None
    if role is None:
        return 1
    setup = game.setup
    if setup.composition is not None and setup.composition.roles.get(role.id):
        return setup.composition.roles[role.id]
    if setup.count_table is not None and setup.count_table.role == role.id:
        band = find_band(game, players)
        if band is not None:
            return band.count
    return 1


def _suggest_composition(game: Game, players: int, asked: dict[str, int]) -> dict[str, int]:
    comp = game.setup.composition
    assert comp is not None
    total = sum(comp.roles.values())
    classic = _card_list(game, comp.roles)
    if players != total:
        raise NoSoundDistributionError(
            "setup.none.classic-size", total=_players(total), classic=classic, players=players
        )
    for role_id, n in asked.items():
        if n > comp.roles.get(role_id, 0):
            have = _cards(comp.roles.get(role_id, 0), game.role(role_id))
            raise NoSoundDistributionError(
                "setup.none.classic-count", classic=classic, have=have, asked=n
            )
    return dict(comp.roles)


def _suggest_from_table(
    game: Game, players: int, asked: dict[str, int], default: bool
) -> dict[str, int]:
    table = game.setup.count_table
    assert table is not None
    role = game.role(table.role)
    band = find_band(game, players)
    if band is None:
        raise NoSoundDistributionError(
            "setup.none.outside", rows=_rows_label(table.bands), role=role.name, players=players
        )
    filler = _filler(game)
    minority = {r.id for r in game.minority_roles()}
    roles = {table.role: band.count}
    for role_id, n in asked.items():
        if role_id in minority and (role_id != table.role or n != band.count):
            raise NoSoundDistributionError(
                "setup.none.minority", players=_players(players), cards=_cards(band.count, role)
            )
    if default and game.setup.first_group is not None:
        asked = {r: 1 for r in game.setup.first_group.roles}
    seats = players - sum(roles.values())
    wanted_filler = asked.get(filler.id, 0)
    others = {r: n for r, n in asked.items() if r not in minority and r != filler.id}
    power = {r: n for r, n in others.items() if game.role(r).power}
    plain = sum(n for r, n in others.items() if not game.role(r).power)
    room = seats - plain
    if game.setup.power_limit is not None:
        most = max(room // 2, 0)
        if sum(power.values()) > most:
            if default:
                power = _first(power, most)
                others = {r: n for r, n in others.items() if not game.role(r).power} | power
            else:
                raise NoSoundDistributionError(
                    "setup.none.power",
                    players=_players(players),
                    cards=_cards(band.count, role),
                    seats=seats,
                    most=_plural("power", most),
                    filler=filler.name,
                    asked=_plural("power", sum(power.values())),
                    names=_card_list(game, power),
                )
    left = seats - sum(others.values())
    if left < wanted_filler or left < 0:
        raise NoSoundDistributionError(
            "setup.none.seats",
            players=_players(players),
            cards=_cards(band.count, role),
            seats=seats,
            asked=_cards(sum(others.values()) + wanted_filler),
        )
    roles |= others
    roles[filler.id] = left
    return roles


def _first(counts: dict[str, int], most: int) -> dict[str, int]:
    """Return the first ``most`` cards of ``counts``, in order."""
    kept: dict[str, int] = {}
    for role_id, n in counts.items():
        take = min(n, most - sum(kept.values()))
        if take > 0:
            kept[role_id] = take
    return kept
