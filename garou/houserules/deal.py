"""The players and cards a table agrees on, checked by the setup verifier of ``rules``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from garou.core.catalogue import phrase
from garou.core.errors import GarouError, UsageError
from garou.core.names import fold
from garou.rules.distribution import (
    Distribution,
    UnsoundSetupError,
    check_distribution,
    example_roles,
    make_distribution,
    parse_players,
    parse_roles,
)
from garou.rules.model import Game

Found = tuple[Any, Any, str, Any]
"""A problem in a setup read from a file: container, key, key path, message."""


def make_setup(
    game: Game,
    players: int | None,
    roles_spec: str | Mapping[str, int | None] | Iterable[tuple[str, int | None]] | None,
    names: Iterable[str] = (),
    lang: str = "en",
) -> Distribution | None:
    """Return the checked setup for ``players`` and ``roles_spec``; None if nothing is given.

    ``roles_spec`` is the cards as values (role name to count, or (name, count) pairs; a
    count of None is one card), or as the text a person types (``"loup-garou=2,voyante"``).
    ``players`` defaults to the number of cards. Raise UsageError on input that cannot be
    read (a role that is none of the game's, with the closest names) and
    :class:`~garou.rules.distribution.UnsoundSetupError`, carrying the failing checks, when the
    setup breaks a rule. ``lang`` is kept for callers; the errors are said later.
    """
    names = tuple(n.strip() for n in names if n.strip())
    if players is None and roles_spec is None and not names:
        return None
    from garou.core.names import resolve_role

    if players is not None:
        parse_players(str(players))  # a bad count is reported as such, before the roles
    if roles_spec is None:
        raise UsageError("house.setup-needs-roles", example=example_roles(game, players))
    _same_names(names)
    if isinstance(roles_spec, str):
        pairs = parse_roles(roles_spec, game)
    else:
        given = roles_spec.items() if isinstance(roles_spec, Mapping) else roles_spec
        pairs = [(name, 1 if count is None else count) for name, count in given]
    dist = make_distribution(game, pairs, players, names)
    for name in dist.unknown:
        resolve_role(game, name)  # raises with the closest names, or explains a status
    failures = check_distribution(game, dist).failures
    if failures:
        raise unsound_setup(failures, "house.setup-unsound")
    return Distribution(game.id, dist.players, dict(dist.roles), names=dist.names)


class CheckLines:
    """The failing checks of a setup, said one a line with their fix (a message value)."""

    def __init__(self, failures: Iterable[Any]):
        self.failures = tuple(failures)

    def get(self, lang: str) -> str:
        return "\n".join(f"  - {CheckLine(check).get(lang)}" for check in self.failures)


class CheckLine:
    """One failing setup check said in a language: the rule → its fix (garou show entry)."""

    def __init__(self, check: Any):
        self.check = check

    def get(self, lang: str) -> str:
        check = self.check
        line = check.message.get(lang)
        if check.fix is not None:
            line += f" → {check.fix.get(lang)}"
        if check.entry:
            line += f" (garou show {check.entry})"
        return line


def unsound_setup(failures: Iterable[Any], key: str, **values: Any) -> UnsoundSetupError:
    """Return the UnsoundSetupError of ``failures``, its message ``key`` saying each check.

    The error carries the failing checks (``failures``); its message, in any language,
    lists them one a line (the template's ``{checks}``) with ``values``.
    """
    failures = tuple(failures)
    error = UnsoundSetupError(failures)
    error.phrase = phrase(key, count=len(failures), checks=CheckLines(failures), **values)
    return error


def _same_names(names: tuple[str, ...]) -> None:
    """Raise UsageError when two names are one player's, as players type them."""
    twice = same_name(names)
    if twice is not None:
        raise UsageError("house.same-name", first=twice[0], second=twice[1])


def same_name(names: tuple[str, ...]) -> tuple[str, str] | None:
    """Return the first two of ``names`` that name one player (case and accents aside)."""
    seen: dict[str, str] = {}
    for name in names:
        key = fold(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def setup_problems(game: Game, line: Any, given: Any) -> tuple[Distribution | None, list[Found]]:
    """Return the setup an agreement file's ``setup`` says, and its problems.

    ``line`` is the ``SetupLine`` the schema converter typed (the counts whole numbers of
    1 or more, the names texts); ``given`` the mapping as written, for the lines. What is
    checked here needs the game: each role against the game's, a role given twice, the
    names against the count, and the setup rules (:mod:`rules.distribution`).
    """
    from garou.core.names import resolve_role

    found: list[Found] = []
    written_roles = given.get("roles") if isinstance(given, dict) else None
    roles: dict[str, int] = {}
    if not line.roles:
        found.append((given, "roles", "roles", phrase("house.file.setup-roles")))
    for name, count in line.roles.items():
        path = f"roles.{name}"
        try:
            role = resolve_role(game, str(name))
        except GarouError as exc:
            found.append((written_roles, name, path, exc.phrase or str(exc)))
            continue
        if count is None:
            found.append(
                (written_roles, name, path, phrase("house.file.setup-no-count", name=name))
            )
        elif role.id in roles:
            found.append(
                (written_roles, name, path, phrase("house.file.setup-twice", role=role.id))
            )
        else:
            roles[role.id] = count
    players = line.players
    names: tuple[str, ...] = tuple(line.names)
    if names:
        if len(names) != players:
            said = phrase("house.file.setup-name-count", names=len(names), players=players)
            found.append((given, "names", "names", said))
        twice = same_name(names)
        if twice is not None:
            said = phrase("house.same-name", first=twice[0], second=twice[1])
            found.append((given, "names", "names", said))
    if found:
        return None, found
    for check in check_distribution(game, make_distribution(game, roles, players)).failures:
        said = phrase("house.file.setup-check", check=CheckLine(check))
        found.append((given, "roles", "roles", said))
    return (None, found) if found else (Distribution(game.id, players, roles, names=names), found)


def draft_agreement(
    book: Any,
    game: Game,
    choices: Mapping[str, str],
    *,
    base: Any = None,
    table: str | None = None,
    date: str | None = None,
    players: int | None = None,
    roles: Any = None,
    names: Iterable[str] = (),
    lang: str = "en",
) -> Any:
    """The agreement a table is picking, before its questions are walked: ``choices`` (case
    → option) on top of ``base``'s, the setup of ``players``, ``roles`` and ``names``
    checked (:func:`make_setup`), its table's name and date. The one draft of every face
    (``garou house pick``, the web's house form).

    Refuse a case of another game, naming it (the games never mix), and a text the
    agreement file could not hold (a control character in the table's name), before
    anything is asked or written."""
    from .agreement import build_agreement, find_question
    from .sheet import render_agreement

    for case in choices:  # a case of this game, or said as the other game's
        try:
            find_question(game, case)
        except GarouError:  # another game's: said so; else build_agreement says why
            _refuse_other_games_case(book, game, case)
    setup = make_setup(game, players, roles, names, lang)
    agreement = build_agreement(
        game, dict(choices), base=base, table=table, date=date, setup=setup, lang=lang
    )
    render_agreement(agreement)  # what the file could not hold, said now
    return agreement


def _refuse_other_games_case(book: Any, game: Game, case: str) -> None:
    """Raise UsageError when ``case`` is a question of another game than ``game``."""
    from .agreement import find_question

    for other in book.games.values():
        if other.id == game.id:
            continue
        try:
            find_question(other, case)
        except GarouError:
            continue
        raise UsageError(
            "house.case-of.other-game",
            case=case,
            game=game.info.name,
            other=other.info.name,
            other_id=other.id,
        )
