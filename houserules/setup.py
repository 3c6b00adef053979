"""The players and cards a table agrees on, checked by the setup verifier of ``rules``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from garou.rules.errors import GarouError, UsageError
from garou.rules.model import Game
from garou.rules.setup import check_distribution, example_roles, make_distribution
from garou.rules.setup import parse_players as _parse_players
from garou.rules.setup import parse_roles as _parse_spec

from .agreement import TableSetup

SETUP_CHECKED = True
"""True when agreed setups are checked by the rules' setup verifier (rules.setup)."""

Found = tuple[Any, Any, str, str]
"""A problem in a setup read from a file: container, key, key path, message."""


class SetupError(GarouError):
    """Raised when the players and cards a table agreed on break a setup rule."""


def parse_roles(game: Game, spec: str) -> dict[str, int]:
    """Return role id to count from ``spec`` ("loup-garou=2,voyante,villageois=5").

    A role without a count counts once; names are matched as players type them. Raise
    UsageError on a bad count and UnknownIdError (with the closest roles) on an unknown name.
    """
    from garou.rules.names import resolve_role

    dist = make_distribution(game, _parse_spec(spec, game))
    for name in dist.unknown:
        resolve_role(game, name)  # raises with the closest names, or explains a status
    return dict(dist.roles)


def verify(game: Game, players: int, roles: dict[str, int], lang: str = "en") -> list[str]:
    """Return every broken setup rule (with its fix) for ``roles`` at ``players`` players."""
    verdict = check_distribution(game, make_distribution(game, roles, players))
    return [
        c.message.get(lang) + (f" {c.fix.get(lang)}" if c.fix else "") + f" (garou show {c.entry})"
        if c.entry
        else c.message.get(lang)
        for c in verdict.failures
    ]


def make_setup(
    game: Game,
    players: int | None,
    roles_spec: str | None,
    names: Iterable[str] = (),
    lang: str = "en",
) -> TableSetup | None:
    """Return the checked setup for ``players`` and ``roles_spec``; None if nothing is given.

    ``players`` defaults to the number of cards. Raise UsageError on input
    that cannot be read and SetupError listing every rule the setup breaks.
    """
    names = tuple(n.strip() for n in names if n.strip())
    if players is None and roles_spec is None and not names:
        return None
    if players is not None:
        _parse_players(str(players))  # a bad count is reported as such, before the roles
    if roles_spec is None:
        raise UsageError(f"a setup needs --roles, e.g. --roles {example_roles(game, players)}")
    roles = parse_roles(game, roles_spec)
    dist = make_distribution(game, roles, players, names)
    problems = verify(game, dist.players, roles, lang)
    if problems:
        raise SetupError("this setup breaks the rules: " + " | ".join(problems))
    return TableSetup(dist.players, dict(dist.roles), dist.names)


def setup_problems(game: Game, given: dict) -> tuple[TableSetup | None, list[Found]]:
    """Return the setup read from an agreement file's ``setup`` mapping, and its problems."""
    from garou.rules.names import resolve_role

    found: list[Found] = []
    for key in given:
        if key not in ("players", "roles", "names"):
            found.append(
                (given, key, str(key), f"unknown key {key!r} (keys: players, roles, names)")
            )
    players = given.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        found.append((given, "players", "players", "'players' must be a whole number ≥ 1"))
        players = None
    roles: dict[str, int] = {}
    given_roles = given.get("roles")
    if not isinstance(given_roles, dict) or not given_roles:
        found.append((given, "roles", "roles", "'roles' must map each role to its count"))
    for name, count in given_roles.items() if isinstance(given_roles, dict) else ():
        path = f"roles.{name}"
        try:
            role = resolve_role(game, str(name))
        except GarouError as exc:
            found.append((given_roles, name, path, str(exc)))
            continue
        if count is None:
            found.append((given_roles, name, path, f"missing count, e.g. '{name}: 1'"))
        elif isinstance(count, bool) or not isinstance(count, int) or count < 1:
            found.append((given_roles, name, path, "a count must be a whole number ≥ 1"))
        elif role.id in roles:
            found.append((given_roles, name, path, f"{role.id} is listed twice"))
        else:
            roles[role.id] = count
    names: tuple[str, ...] = ()
    given_names = given.get("names")
    if given_names is not None:
        if not isinstance(given_names, list) or any(
            isinstance(n, dict | list) or n is None for n in given_names
        ):
            found.append((given, "names", "names", "'names' must be a list of the players' names"))
        else:
            names = tuple(str(n) for n in given_names)
            if players is not None and len(names) != players:
                found.append((given, "names", "names", f"{len(names)} names for {players} players"))
    if found or players is None:
        return None, found
    for message in verify(game, players, roles):
        found.append((given, "roles", "roles", message))
    return (None, found) if found else (TableSetup(players, roles, names), found)
