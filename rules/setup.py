"""The setup verifier: is a planned distribution of cards sound, and why not if it is not.

Every threshold comes from the game's ``setup`` block (the player-count table, the fixed
composition, the minority and power-role rules, the first-group recommendation); this
module only compares counts with it. Messages are written in French and English, all in
:data:`_MESSAGES`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from .errors import DataFileError, GarouError, Problem, UnknownIdError, UsageError
from .loader import Rulebook
from .model import Band, Game, Role, Status, Text
from .names import closest, fold, resolve_role, role_names
from .odds import MAX_PLAYERS as ODDS_MAX_PLAYERS
from .odds import village_win_chance
from .reader import LocatedDict, LocatedList, read_yaml

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


# --- every message, French then English ----------------------------------------------

_MESSAGES: dict[str, tuple[str, str]] = {
    # small pieces
    "players.one": ("{n} joueur", "{n} player"),
    "players.many": ("{n} joueurs", "{n} players"),
    "cards.one": ("{n} carte", "{n} card"),
    "cards.many": ("{n} cartes", "{n} cards"),
    "role-cards.one": ("{n} carte {role}", "{n} {role} card"),
    "role-cards.many": ("{n} cartes {role}", "{n} {role} cards"),
    "power.one": ("{n} rôle à pouvoir", "{n} power role"),
    "power.many": ("{n} rôles à pouvoir", "{n} power roles"),
    "and": (" et ", " and "),
    "or": (" ou ", " or "),
    "band": ("{low} à {high} joueurs", "{low} to {high} players"),
    "band.one": ("{low} joueurs", "{low} players"),
    # known-roles
    "known-roles.pass": (
        "Toutes les cartes sont des rôles de {game}.",
        "Every card is a role of {game}.",
    ),
    "known-roles.unknown": (
        "{where}« {name} » n'est pas un rôle de {game}.",
        "{where}'{name}' is not a role of {game}.",
    ),
    "known-roles.status": (
        "{where}« {name} » n'est pas une carte : {status} est un statut. {summary}",
        "{where}'{name}' is not a card: {status} is a status. {summary}",
    ),
    "known-roles.fix.near": (
        "Pour « {name} », vouliez-vous dire {near} ?",
        "For '{name}', did you mean {near}?",
    ),
    "known-roles.fix.none": (
        "Remplacez « {name} » par un rôle de {game} : {roles}.",
        "Replace '{name}' with a role of {game}: {roles}.",
    ),
    "known-roles.fix.status": (
        "Remplacez « {name} » par {cards} : {status} n'est pas une carte.",
        "Replace '{name}' with {cards}: {status} is not a card.",
    ),
    # roles-sum
    "roles-sum.pass": (
        "{cards} pour {players} : une carte chacun.",
        "{cards} for {players}: one card each.",
    ),
    "roles-sum.fail": (
        "{cards} pour {players} : chaque joueur reçoit exactement une carte.",
        "{cards} for {players}: every player gets exactly one card.",
    ),
    "roles-sum.fix.add": (
        "Ajoutez {add}, ou annoncez {total}.",
        "Add {add}, or set the player count to {total}.",
    ),
    "roles-sum.fix.remove": (
        "Retirez {remove}, ou annoncez {total}.",
        "Remove {remove}, or set the player count to {total}.",
    ),
    # wolf-count (the player-count table)
    "wolf-count.pass": (
        "Avec {players}, le tableau demande {expected} (ligne {band}) : c'est ce qui est prévu.",
        "With {players} the table asks for {expected} (row {band}): that is what you deal.",
    ),
    "wolf-count.fail": (
        "Avec {players}, le tableau demande {expected} (ligne {band}) ; vous en prévoyez {given}.",
        "With {players} the table asks for {expected} (row {band}); you deal {given}.",
    ),
    "wolf-count.outside": (
        "Le tableau ne donne le nombre de cartes {role} que pour {rows} : rien pour {players}.",
        "The table gives the number of {role} cards only for {rows}: nothing for {players}.",
    ),
    "wolf-count.fix.swap": (
        "Remplacez {remove} par {add}.",
        "Replace {remove} with {add}.",
    ),
    "wolf-count.fix.gather": (
        "Réunissez au moins {low} joueurs.",
        "Gather at least {low} players.",
    ),
    "wolf-count.fix.split": (
        "Restez dans le tableau ({rows}) : par exemple en {tables} tables de {sizes} joueurs.",
        "Play with {rows}: for example as {tables} tables of {sizes} players.",
    ),
    "wolf-count.fix.rows": ("Restez dans le tableau ({rows}).", "Play with {rows}."),
    # wolves-fewer (the minority strictly fewer at the start)
    "wolves-fewer.pass": (
        "{camp} : {minority} contre {others} pour les autres, strictement moins au départ.",
        "{camp}: {minority} against {others} for the others, strictly fewer at the start.",
    ),
    "wolves-fewer.fail": (
        "{camp} : {minority} contre {others} pour les autres ; ce camp doit être strictement "
        "moins nombreux au départ.",
        "{camp}: {minority} against {others} for the others; they must be strictly fewer at "
        "the start.",
    ),
    "wolves-fewer.fix": (
        "Avec {players}, prévoyez au plus {most} : remplacez {remove} par {add}.",
        "With {players}, deal at most {most}: replace {remove} with {add}.",
    ),
    # power-limit
    "power-limit.pass": (
        "{power} pour {filler} : pas plus de rôles à pouvoir que de cartes {filler_name}.",
        "{power} for {filler}: no more power roles than {filler_name} cards.",
    ),
    "power-limit.fail": (
        "{power} ({names}) pour seulement {filler} : il ne doit pas y avoir plus de rôles à "
        "pouvoir que de cartes {filler_name}.",
        "{power} ({names}) for only {filler}: there must be no more power roles than "
        "{filler_name} cards.",
    ),
    "power-limit.fix": ("Remplacez {remove} par {add}.", "Replace {remove} with {add}."),
    # player-count and composition (a fixed distribution)
    "player-count.pass": (
        "La distribution classique est prévue pour {total} : vous êtes {players}.",
        "The classic distribution is for {total}: you have {players}.",
    ),
    "player-count.fail": (
        "La distribution classique est prévue pour {total} ; vous êtes {players}, et les "
        "documents n'en donnent pas d'autre.",
        "The classic distribution is for {total}; you have {players}, and the documents give "
        "no other.",
    ),
    "player-count.fix": ("Jouez à exactement {total}.", "Play with exactly {total}."),
    "composition.pass": (
        "{given} : la distribution classique.",
        "{given}: the classic distribution.",
    ),
    "composition.fail": (
        "La distribution classique est {expected} ; vous prévoyez {given}.",
        "The classic distribution is {expected}; you deal {given}.",
    ),
    "composition.fix.add": ("Ajoutez {cards}.", "Add {cards}."),
    "composition.fix.remove": ("Retirez {cards}.", "Remove {cards}."),
    # advice
    "table-gives.advice": (
        "Ce que le tableau dit de {band} : {gives}",
        "What the table says of {band}: {gives}",
    ),
    "first-group.pass": (
        "Vous prévoyez {roles}, les rôles recommandés pour un premier groupe.",
        "You deal {roles}, the roles recommended for a first group.",
    ),
    "first-group.advice": (
        "Pour un premier groupe, les documents recommandent {roles}.",
        "For a first group, the documents recommend {roles}.",
    ),
    "first-group.tight": (
        "Pour un premier groupe, les documents recommandent {roles} ; avec {players}, ils ne "
        "tiennent pas tous sous le seuil des rôles à pouvoir.",
        "For a first group, the documents recommend {roles}; with {players} they do not all "
        "fit under the power-role threshold.",
    ),
    "first-group.fix": ("Remplacez {remove} par {add}.", "Replace {remove} with {add}."),
    "call-absent.advice.one": (
        "{roles} : pas distribué, mais appelé à son tour la nuit comme les autres, "
        "sinon la table comprend que ce rôle n'est pas en jeu.",
        "{roles}: not dealt, but called at its turn in the night like the others, "
        "or the table learns it is not in play.",
    ),
    "call-absent.advice.many": (
        "{roles} : pas distribués, mais appelés à leur tour la nuit comme les autres, "
        "sinon la table comprend que ces rôles ne sont pas en jeu.",
        "{roles}: not dealt, but called at their turn in the night like the others, "
        "or the table learns they are not in play.",
    ),
    "call-absent.fix.one": (
        "Appelez {roles} à son tour, même si personne ne tient cette carte.",
        "Call {roles} at its turn even though nobody holds this card.",
    ),
    "call-absent.fix.many": (
        "Appelez {roles} à leur tour, même si personne ne tient ces cartes.",
        "Call {roles} at their turn even though nobody holds these cards.",
    ),
    "settle-contested.advice": (
        "Avec {roles} en jeu, ces cas font débat : {cases}.",
        "With {roles} in play, these cases are contested: {cases}.",
    ),
    "settle-contested.fix": (
        "Tranchez-les avec la table avant de distribuer, pas quand le cas se présente.",
        "Settle them with the table before dealing, not when the case comes up.",
    ),
    # the baseline and the verdict
    "baseline": (
        "Référence : si tout le monde jouait au hasard (vote au hasard le jour, une victime "
        "{of_minority} par nuit{first}), {camp} {would_win} {percent} des parties. C'est une "
        "base pour comparer des distributions, pas une prédiction pour une vraie table ; "
        "les rôles à pouvoir n'y changent rien.",
        "Baseline: if everybody played at random (a random vote by day, one victim "
        "{of_minority} a night{first}), {camp} {would_win} {percent} of games. A baseline for "
        "comparing setups, not a prediction for a real table; power roles do not change it.",
    ),
    "baseline.win.one": ("gagnerait", "would win"),
    "baseline.win.many": ("gagneraient", "would win"),
    "baseline.quiet": (
        ", à partir de la nuit {night}",
        ", from night {night} on",
    ),
    "baseline.none": (
        "Référence (jeu au hasard) non calculée : {reason}.",
        "Baseline (random play) not computed: {reason}.",
    ),
    "baseline.none.sum": (
        "les cartes ne correspondent pas aux joueurs",
        "the cards do not match the players",
    ),
    "baseline.none.unknown": (
        "certaines cartes ne sont pas des rôles du jeu",
        "some cards are not roles of the game",
    ),
    "baseline.none.large": (
        "elle est calculée jusqu'à {n} joueurs",
        "it is computed for up to {n} players",
    ),
    "verdict.ok": (
        "Distribution saine : toutes les règles sont respectées, vous pouvez distribuer.",
        "Sound: every rule is respected; ready to deal.",
    ),
    "verdict.fail.one": (
        "Distribution à revoir : 1 règle n'est pas respectée ; corrigez-la avant de distribuer.",
        "Not sound: 1 rule is broken; fix it before dealing.",
    ),
    "verdict.fail.many": (
        "Distribution à revoir : {n} règles ne sont pas respectées ; corrigez-les avant de "
        "distribuer.",
        "Not sound: {n} rules are broken; fix them before dealing.",
    ),
}


def _say(key: str, **fields: Any) -> Text:
    """Return message ``key`` in every language, ``Text`` fields taken in that language."""
    fr, en = _MESSAGES[key]

    def fill(template: str, lang: str) -> str:
        values = {k: v.get(lang) if isinstance(v, Text) else v for k, v in fields.items()}
        return template.format(**values)

    return Text(fr=fill(fr, "fr"), en=fill(en, "en"))


def _plural(key: str, n: int, **fields: Any) -> Text:
    """Return message ``key``.one or .many for ``n``: French puts 0 and 1 in the singular."""
    fr = _say(f"{key}.{'one' if abs(n) <= 1 else 'many'}", n=n, **fields).fr
    en = _say(f"{key}.{'one' if n == 1 else 'many'}", n=n, **fields).en
    return Text(fr=fr, en=en)


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
    glue = _MESSAGES[word]

    def joined(lang: str, sep: str) -> str:
        texts = [p.get(lang) for p in parts]
        if len(texts) < 2:
            return "".join(texts)
        return ", ".join(texts[:-1]) + sep + texts[-1]

    return Text(fr=joined("fr", glue[0]), en=joined("en", glue[1]))


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


def _percent(chance: Fraction) -> str:
    value = float(chance) * 100
    if chance in (0, 1):
        return f"{value:.0f}%"
    if value < 0.1:
        return "< 0.1%"
    if value > 99.9:
        return "> 99.9%"
    return f"{value:.1f}%" if value < 1 or value > 99 else f"{value:.0f}%"


# --- records ---------------------------------------------------------------------------


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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
        raise UsageError(f'no roles given; write them like "{example()}"')
    pairs: list[tuple[str, int | None]] = []
    for position, item in enumerate(items, start=1):
        if not item:
            if position == len(items):
                continue  # a trailing comma
            raise UsageError(f"empty role name at position {position} of {spec!r}")
        name, eq, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not name:
            one = example().split(",")[0].partition("=")[0]
            raise UsageError(f"{item!r} has a count but no role name; write it like {one}=1")
        if not eq:
            pairs.append((name, bare))
            continue
        if _NEGATIVE.fullmatch(raw):
            raise UsageError(f"the count of {name!r} {_count_problem(int(raw))}")
        if not _COUNT.fullmatch(raw):
            raise UsageError(
                f"the count of {name!r} is {raw!r}, not a whole number; write it like {name}=2"
            )
        pairs.append((name, _count(name, int(raw))))
    return pairs


def _count(name: str, value: int) -> int:
    problem = _count_problem(value)
    if problem:
        raise UsageError(f"the count of {name!r} {problem}")
    return value


def _count_problem(value: object) -> str | None:
    """Return what is wrong with a number of cards, or None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"is {value!r}, not a whole number"
    if value < 1:
        return f"is {value}: a count is at least 1 (to deal none of a role, leave the role out)"
    if value > MAX_PLAYERS:
        return f"is {value}: garou checks tables of up to {MAX_PLAYERS} players"
    return None


def _players_problem(value: object) -> str | None:
    """Return what is wrong with a number of players, or None."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{value!r} is not a whole number of players"
    if value < 1:
        return f"{value} players: a game needs players"
    if value > MAX_PLAYERS:
        return f"{value} players is not a table: garou checks tables of up to {MAX_PLAYERS} players"
    return None


def parse_players(text: str) -> int:
    """Return the number of players written ``text``; raise UsageError if it is not one."""
    raw = text.strip()
    if not _COUNT.fullmatch(raw.lstrip("-")):
        raise UsageError(f"--players must be a whole number, not {text!r}")
    value = int(raw)
    problem = _players_problem(value)
    if problem:
        raise UsageError(f"--players: {problem}")
    return value


def _lookup(game: Game, name: str) -> Role | None:
    """Return the role called ``name`` (any language, accents optional), or None."""
    try:
        return resolve_role(game, name)
    except UnknownIdError:
        return None


def _tally(
    game: Game, pairs: Iterable[tuple[str, object]]
) -> tuple[dict[str, int], dict[str, int], list[tuple[int, str]]]:
    """Sort (name, count) pairs into known roles and unknown names.

    Return the known counts (by id), the unknown ones (by name) and the problems found, each
    with the index of the pair it is about: a bad count, or one role written twice.
    """
    known: dict[str, int] = {}
    unknown: dict[str, int] = {}
    first: dict[str, str] = {}  # role id (or folded unknown name) -> name as first written
    problems: list[tuple[int, str]] = []
    for index, (name, count) in enumerate(pairs):
        if not isinstance(name, str) or not name.strip():
            problems.append((index, f"{name!r} is not a role name"))
            continue
        role = _lookup(game, name)
        key = role.id if role else fold(name)
        if key in first:
            both = f"{first[key]!r} and {name!r} are both {key}" if role else f"{name!r} twice"
            problems.append((index, f"{both}: give each role once, with its total count"))
            continue
        problem = _count_problem(count)
        if problem:
            problems.append((index, f"the count of {name!r} {problem}"))
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
        raise UsageError("no roles given")
    known, unknown, problems = _tally(game, pairs)
    if problems:
        raise UsageError(problems[0][1])
    total = sum(known.values()) + sum(unknown.values())
    count = total if players is None else players
    problem = _players_problem(count)
    if problem:
        origin = "--players" if players is not None else "the cards add up to"
        raise UsageError(f"{origin}: {problem}")
    names = tuple(names)
    if names and len(names) != count:
        raise UsageError(f"{len(names)} names for {count} players; give one name per player")
    return Distribution(game.id, count, known, unknown, names)


def read_setup(path: str | Path, book: Rulebook) -> tuple[Game, Distribution]:
    """Read a setup file (game, players, roles, names); raise DataFileError with file:line."""
    data = read_yaml(path)
    file = str(path)
    problems: list[Problem] = []

    def add(line: int | None, key: str, message: str) -> None:
        problems.append(Problem(file, line, key, message))

    if not isinstance(data, LocatedDict):
        add(
            getattr(data, "line", 1) or 1,
            "",
            "a setup file is a mapping with 'game:', 'roles:' and optionally 'players:' and "
            "'names:'",
        )
        raise DataFileError(problems)
    for key in data:
        if key not in SETUP_KEYS:
            add(data.line_of(key), str(key), f"unknown key; valid keys: {', '.join(SETUP_KEYS)}")
    game: Game | None = None
    if "game" not in data:
        add(data.line, "game", "missing 'game:' (loup-garou or mafia)")
    elif not isinstance(data["game"], str):
        add(data.line_of("game"), "game", f"{data['game']!r} is not a game name")
    else:
        try:
            game = book.game(data["game"])
        except GarouError as exc:
            add(data.line_of("game"), "game", str(exc))
    players = data.get("players")
    if players is not None:
        problem = _players_problem(players)
        if problem:
            add(data.line_of("players"), "players", problem)
            players = None
    roles = data.get("roles")
    if "roles" not in data:
        add(data.line, "roles", "missing 'roles:' (a mapping such as 'loup-garou: 2')")
    elif not isinstance(roles, LocatedDict) or not roles:
        add(
            data.line_of("roles"),
            "roles",
            "'roles' must map each role to its number of cards, e.g. 'voyante: 1'",
        )
        roles = None
    names = _read_names(data, add)
    if game is None or not isinstance(roles, LocatedDict):
        raise DataFileError(problems)
    keys = list(roles)
    for name in keys:
        if roles[name] is None:
            add(
                roles.line_of(name),
                f"roles.{name}",
                f"missing count: write how many cards, e.g. '{name}: 1'",
            )
    pairs = [(str(name), count) for name, count in roles.items() if count is not None]
    keys = [name for name in keys if roles[name] is not None]
    known, unknown, found = _tally(game, pairs)
    for index, message in found:
        add(roles.line_of(keys[index]), f"roles.{keys[index]}", message)
    incomplete = bool(found) or len(keys) < len(roles)  # the total would mislead
    total = sum(known.values()) + sum(unknown.values())
    count = players if isinstance(players, int) else total
    if players is None and "players" not in data and not incomplete:
        problem = _players_problem(total)
        if problem:
            add(data.line_of("roles"), "roles", f"the cards add up to {problem}")
    if names is not None and not incomplete and len(names) != count:
        add(
            data.line_of("names"),
            "names",
            f"{len(names)} names for {count} players; give one name per player, or leave "
            "'names' out",
        )
    if problems:
        raise DataFileError(problems)
    where = {}
    for key in keys:
        role = _lookup(game, str(key))
        where[role.id if role else str(key)] = f"{file}:{roles.line_of(key)}"
    return game, Distribution(game.id, count, known, unknown, tuple(names or ()), where)


def _read_names(data: LocatedDict, add: Any) -> list[str] | None:
    if "names" not in data:
        return None
    names = data["names"]
    if not isinstance(names, LocatedList):
        add(data.line_of("names"), "names", "'names' must be a list of the players' names")
        return None
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if not isinstance(name, str | int) or isinstance(name, bool) or not str(name).strip():
            written = "an empty value" if name is None else f"{name!r}".lower()
            add(names.line_of(i), f"names[{i}]", f"{written} is not a player's name; write a name")
        elif fold(str(name)) in seen:
            add(
                names.line_of(i),
                f"names[{i}]",
                f"{name!r} is already the name of player {seen[fold(str(name))] + 1}; "
                "give every player a different name",
            )
        else:
            seen[fold(str(name))] = i
    return [str(n) for n in names]


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
        messages.append(_say("known-roles.unknown", where=where, name=name, game=game.info.name))
        near = _near_roles(game, name)
        if near:
            fixes.append(_say("known-roles.fix.near", name=name, near=_join(near, "or")))
        else:
            roles = ", ".join(r.id for r in game.roles)
            fixes.append(_say("known-roles.fix.none", name=name, game=game.info.name, roles=roles))
    return CheckResult("known-roles", "fail", _concat(messages), entry, _concat(fixes))


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
    fields = {
        "power": _plural("power", power),
        "filler": _cards(fillers, filler),
        "filler_name": filler.name,
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
        message = _say("first-group.tight", roles=names, players=_players(dist.players))
        return CheckResult("first-group", "advice", message, group.entry)
    fix = _say(
        "first-group.fix", remove=_cards(n, filler), add=_join([_cards(1, r) for r in missing])
    )
    return CheckResult(
        "first-group", "advice", _say("first-group.advice", roles=names), group.entry, fix
    )


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
        raise UsageError(f"--players: {problem}")
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
        raise NoSoundDistributionError(
            f"the rules of {game.id} give neither a player-count table nor a fixed "
            "distribution to build one from"
        )
    dist = Distribution(
        game.id, players, {r.id: roles[r.id] for r in game.roles if roles.get(r.id)}
    )
    verdict = check_distribution(game, dist)
    if not verdict.ok:
        reasons = "; ".join(c.message.en for c in verdict.failures)
        raise NoSoundDistributionError(f"no sound distribution for {players} players: {reasons}")
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
    classic = _card_list(game, comp.roles).en
    if players != total:
        raise NoSoundDistributionError(
            f"the classic distribution is for {total} players ({classic}); the documents give "
            f"none for {players}"
        )
    for role_id, n in asked.items():
        if n > comp.roles.get(role_id, 0):
            raise NoSoundDistributionError(
                f"the classic distribution ({classic}) has {comp.roles.get(role_id, 0)} "
                f"{game.role(role_id).name.en} card(s), not {n}"
            )
    return dict(comp.roles)


def _suggest_from_table(
    game: Game, players: int, asked: dict[str, int], default: bool
) -> dict[str, int]:
    table = game.setup.count_table
    assert table is not None
    band = find_band(game, players)
    if band is None:
        low, high = table.bands[0].min, table.bands[-1].max
        raise NoSoundDistributionError(
            f"the player-count table covers {low} to {high} players and gives no number of "
            f"{game.role(table.role).name.en} cards for {players}"
        )
    filler = _filler(game)
    minority = {r.id for r in game.minority_roles()}
    roles = {table.role: band.count}
    for role_id, n in asked.items():
        if role_id in minority and (role_id != table.role or n != band.count):
            raise NoSoundDistributionError(
                f"with {players} players the table asks for {band.count} "
                f"{game.role(table.role).name.en} card(s); the minority comes from the table"
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
                names = ", ".join(f"{r}={n}" for r, n in power.items())
                raise NoSoundDistributionError(
                    f"with {players} players the table asks for {band.count} "
                    f"{game.role(table.role).name.en} card(s), leaving {seats} seats: at most "
                    f"{most} power role(s) fit, since there must be no more power roles than "
                    f"{filler.name.en} cards; you asked for {sum(power.values())} ({names})"
                )
    left = seats - sum(others.values())
    if left < wanted_filler or left < 0:
        raise NoSoundDistributionError(
            f"with {players} players and {band.count} {game.role(table.role).name.en} card(s), "
            f"{seats} seats are left: not enough for the {sum(others.values()) + wanted_filler} "
            "cards asked for"
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
