"""Start a game: the checked setup and the table's agreement, as its ``start`` event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from garou.rules.distribution import UnsoundSetupError
from garou.rules.loader import Rulebook
from garou.rules.model import Game

from .errors import IllegalEventError
from .order import KEY, ORDER


class RefusedSetupError(UnsoundSetupError):
    """Raised when a game is started from a setup ``garou check`` fails: every broken rule
    and its fix."""

    def message(self, lang: str) -> str:
        """Return the refusal, one broken rule a line, each with its fix and entry."""
        from garou.core.catalogue import say

        setup = self.phrase.values.get("setup", "") if self.phrase else ""
        return "\n".join([say("game.setup-refused", lang, setup=setup), self.broken(lang)])

    def broken(self, lang: str) -> str:
        """Return the broken rules, one a line, each with its fix and entry."""
        lines = []
        for check in self.failures:
            line = check.message.get(lang)
            if check.fix is not None:
                line += f" → {check.fix.get(lang)}"
            if check.entry:
                line += f" ({check.entry})"
            lines.append(f"  - {line}")
        return "\n".join(lines)


def refused_setup(game: Game, dist: Any, where: str) -> RefusedSetupError | None:
    """Return why ``garou check`` refuses ``dist`` (read from ``where``), or None: the
    refusal without --force, the warning to show with it."""
    from garou.rules.distribution import check_distribution

    verdict = check_distribution(game, dist)
    return None if verdict.ok else RefusedSetupError(verdict.failures, setup=where)


def forced_setup(book: Rulebook, setup: str | Path | None) -> RefusedSetupError | None:
    """Return the checks the setup file ``setup`` fails, dealt anyway with --force, or None."""
    from garou.rules.distribution import read_setup

    if setup is None:
        return None
    game, dist = read_setup(setup, book)
    return refused_setup(game, dist, str(setup))


def start_data(
    book: Rulebook,
    setup: str | Path | None,
    agreement: str | Path | None = None,
    *,
    name: str | None = None,
    names: Sequence[str] = (),
    deal: Mapping[str, str] | None = None,
    force: bool = False,
    how: str = "game.hint.setup-differs",
    seed: int | None = None,
    turbo: bool = False,
    club: Mapping[str, Any] | None = None,
    date: str | None = None,
) -> dict[str, Any]:
    """Return the ``start`` event of a game: the checked setup and the table's agreement.

    Without ``setup``, the agreement's own (the players, cards and names the table signed).
    A setup (or ``names``) that contradicts the agreement's is refused, saying what differs
    and ``how`` to go on (a catalogue key: the command line's options or the web's fields),
    unless ``force``. Refuse (:class:`RefusedSetupError`) a setup that ``garou check``
    fails, with the fixes, unless ``force`` (the table insists: :func:`forced_setup` says
    what it breaks). A Mafia setup opens a Mafia evening (its cards ``deal``, or drawn from
    ``seed``; ``turbo``, ``club`` and ``date`` are the evening's), as ``--game mafia`` does.
    """
    from garou.core.names import resolve_role
    from garou.houserules import load_agreement
    from garou.rules.distribution import read_setup

    table = load_agreement(agreement, book) if agreement is not None else None
    if setup is not None:
        game, dist = read_setup(setup, book)
    elif table is not None and table.setup is not None and table.game != "mafia":
        game, dist = book.game(table.game), table.setup
    else:
        raise IllegalEventError("mafia.cli.setup-or-game")
    where = str(setup if setup is not None else agreement)
    refused = refused_setup(game, dist, where)
    if refused is not None and not force:
        raise refused
    players = list(names) or list(dist.names)
    if not players:
        raise IllegalEventError("game.refused.no-names", setup=where, players=dist.players)
    if len(players) != dist.players:
        raise IllegalEventError(
            "game.refused.names-count", count=len(players), players=dist.players
        )
    if table is not None:
        if table.game != game.id:
            raise IllegalEventError(
                "game.refused.agreement-game", path=str(agreement), game=table.game, setup=game.id
            )
        if table.setup is not None and not force:
            _same_setup(game, table.setup, dist, players, str(agreement), how)
    cards: dict[str, str] = {}
    for typed, role in (deal or {}).items():
        player = dealt_to(players, typed)
        if player in cards:
            raise IllegalEventError("game.refused.dealt-twice", name=player, typed=typed)
        cards[player] = (
            role if any(r.id == role for r in game.roles) else (resolve_role(game, role).id)
        )
    if game.id == "mafia":
        return _mafia_start(game, table, players, cards, name, seed, turbo, club, date)
    return {
        "game": game.id,
        "name": name,
        "players": players,
        "roles": {r: n for r, n in dist.roles.items() if n},
        # Only what the table agreed: without an agreement, every case is read from its
        # default, and says so (a start event written before this held every default).
        "agreement": {}
        if table is None
        else {d.case: d.option for d in table.decisions if not d.custom},
        "table": None if table is None else table.table,
        "date": None if table is None else table.date,
        "deal": cards,
        KEY: ORDER,
    }


def _mafia_start(
    game: Game,
    table: Any,
    players: Sequence[str],
    cards: Mapping[str, str],
    name: str | None,
    seed: int | None,
    turbo: bool,
    club: Mapping[str, Any] | None,
    date: str | None,
) -> dict[str, Any]:
    """The ``start`` event of a Mafia evening whose setup file ``garou check`` passed: the
    same event as ``garou game new --game mafia`` writes."""
    import datetime

    from .mafia import start_data as mafia_start

    choices = {} if table is None else {
        d.case: d.option for d in table.decisions if not d.custom
    }  # fmt: skip
    date = date or (table.date if table is not None else None)
    return mafia_start(
        game,
        players,
        roles=dict(cards) or None,
        seed=seed,
        agreement=choices,
        turbo=turbo,
        name=name,
        date=date or datetime.date.today().isoformat(),
        club=club,
    )


def _same_setup(
    game: Game, agreed: Any, dist: Any, players: Sequence[str], path: str, how: str
) -> None:
    """Refuse a game whose players, cards or names are not the ones the agreement at
    ``path`` signed (names compared as typed at a table: case, accents, seats aside)."""
    from garou.core.catalogue import phrase
    from garou.core.names import fold

    differs = []
    if dist.players != agreed.players:
        differs.append(
            phrase("game.setup-differs.players", given=dist.players, agreed=agreed.players)
        )
    given_roles = {r: n for r, n in dist.roles.items() if n}
    agreed_roles = {r: n for r, n in agreed.roles.items() if n}
    if given_roles != agreed_roles:
        differs.append(
            phrase("game.setup-differs.roles", given=_Cards(game, given_roles),
                   agreed=_Cards(game, agreed_roles))
        )  # fmt: skip
    if agreed.names and sorted(map(fold, players)) != sorted(map(fold, agreed.names)):
        differs.append(
            phrase("game.setup-differs.names", given=list(players), agreed=list(agreed.names))
        )
    if differs:
        raise IllegalEventError(
            "game.refused.setup-differs", path=path, parts=_Parts(differs), hint=phrase(how)
        )


class _Parts:
    """The parts of a setup that differ, said one after the other (« … ; … »)."""

    def __init__(self, parts: Sequence[Any]):
        self.parts = list(parts)

    def get(self, lang: str) -> str:
        from garou.core.catalogue import typeset

        return typeset(" ; " if lang == "fr" else "; ", lang).join(p.say(lang) for p in self.parts)


class _Cards:
    """A setup's cards said in a language: « 3 × Loup-Garou, 1 × Voyante »."""

    def __init__(self, game: Game, roles: Mapping[str, int]):
        self.game, self.roles = game, dict(roles)

    def get(self, lang: str) -> str:
        from garou.core.catalogue import join

        said = [f"{n} × {self.game.role(r).name.get(lang)}" for r, n in self.roles.items()]
        return join(said, lang)


def dealt_to(players: Sequence[str], typed: str) -> str:
    """Return the player a card of the deal is given to: ``typed`` whatever its case and
    accents, as every later event reads names (:func:`garou.game.record.named_as_players`);
    refuse a name that is no player's, with the nearest ones."""
    from garou.core.catalogue import phrase
    from garou.core.names import Either, closest

    from .record import named_as_players

    found = str(named_as_players(list(players), {"player": typed})["player"])
    if found in players:
        return found
    near = closest(typed, list(players))
    hint = phrase("game.play.did-you-mean", typed=typed, names=Either(near)) if near else None
    raise IllegalEventError("game.refused.no-player", name=typed, players=list(players), hint=hint)


def agreed_choices(game: Game, choices: Mapping[str, Any]) -> dict[str, str]:
    """Return what the table agreed, each case and option by its id: only the cases in
    ``choices``, never a default the table did not choose.

    Raise the agreement's own GarouError for an unknown case or option."""
    from garou.houserules import build_agreement, find_question

    given = {str(k): str(v) for k, v in choices.items()}
    table = build_agreement(game, given)  # checks and names each case and option by its id
    cases = {find_question(game, case).id for case in given}
    return {d.case: d.option for d in table.decisions if d.case in cases}


def table_rules_of(game: Game, agreed: Mapping[str, str]) -> Any:
    """Return the resolvers' :class:`~garou.rules.play.TableRules` of the cases the table
    agreed (``agreed``: case id → option id, a start event's ``agreement``); every other
    case is read from its default, and its reading says whose default it is.

    A start event written before games recorded only the agreed cases holds every
    default: it is read as it says, each case as agreed."""
    from garou.houserules import questions
    from garou.rules.play import table_rules

    cases = [q.id for q in questions(game)]
    return table_rules(game, table_agreement(game, agreed), cases)


def table_agreement(game: Game, agreed: Mapping[str, str]) -> Any:
    """Return the agreement holding only the cases in ``agreed`` (case id → option id)."""
    from garou.houserules import Agreement, build_agreement

    table = build_agreement(game, dict(agreed))
    decisions = tuple(d for d in table.decisions if d.case in agreed)
    return Agreement(game.id, None, None, decisions, None)
