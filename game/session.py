"""Start, record, undo and correct a live game: the functions the commands call.

Each one opens nothing itself: it takes an open :class:`~garou.game.journal.Journal` and
the rules, checks the event by replaying the whole game with it inside the journal's
write transaction, and commits it only when the replay accepts it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from garou.rules.loader import Rulebook
from garou.rules.setup import UnsoundSetupError

from .errors import IllegalEventError
from .journal import Event, Journal
from .replay import Replayed, replay


class RefusedSetupError(UnsoundSetupError):
    """Raised when a game is started from a setup ``garou check`` fails: every broken rule
    and its fix."""

    def message(self, lang: str) -> str:
        """Return the refusal, one broken rule a line, each with its fix and entry."""
        from garou.rules.catalogue import say

        lines = [
            say(
                "game.setup-refused",
                lang,
                setup=self.phrase.values.get("setup", "") if self.phrase else "",
            )
        ]
        for check in self.failures:
            line = check.message.get(lang)
            if check.fix is not None:
                line += f" → {check.fix.get(lang)}"
            if check.entry:
                line += f" ({check.entry})"
            lines.append(f"  - {line}")
        return "\n".join(lines)


def start_data(
    book: Rulebook,
    setup: str | Path,
    agreement: str | Path | None = None,
    *,
    name: str | None = None,
    names: Sequence[str] = (),
    deal: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Return the ``start`` event of a game: the checked setup and the table's agreement.

    Refuse (:class:`RefusedSetupError`) a setup that ``garou check`` fails, with the fixes.
    """
    from garou.houserules import build_agreement, load_agreement
    from garou.rules.names import resolve_role
    from garou.rules.setup import check_distribution, read_setup

    game, dist = read_setup(setup, book)
    verdict = check_distribution(game, dist)
    if not verdict.ok:
        error = RefusedSetupError(verdict.failures, setup=str(setup))
        raise error
    players = list(names) or list(dist.names)
    if not players:
        raise IllegalEventError("game.refused.no-names", setup=str(setup), players=dist.players)
    if len(players) != dist.players:
        raise IllegalEventError(
            "game.refused.names-count", count=len(players), players=dist.players
        )
    if agreement is not None:
        table = load_agreement(agreement, book)
        if table.game != game.id:
            raise IllegalEventError(
                "game.refused.agreement-game", path=str(agreement), game=table.game, setup=game.id
            )
    else:
        table = build_agreement(game)
    cards: dict[str, str] = {}
    for player, role in (deal or {}).items():
        cards[player] = (
            role if any(r.id == role for r in game.roles) else (resolve_role(game, role).id)
        )
    return {
        "game": game.id,
        "name": name,
        "players": players,
        "roles": {r: n for r, n in dist.roles.items() if n},
        "agreement": {d.case: d.option for d in table.decisions if not d.custom},
        "table": table.table,
        "date": table.date,
        "deal": cards,
    }


def new_game(journal: Journal, book: Rulebook, data: Mapping[str, Any]) -> int:
    """Create a game from its ``start`` event data; return its id."""

    def check(events: list[Event]) -> None:
        replay(book, events)

    return journal.create(str(data["game"]), data.get("name"), ("start", dict(data)), check)


def record(
    journal: Journal,
    book: Rulebook,
    game_id: int,
    kind: str,
    data: Mapping[str, Any],
    lang: str = "en",
) -> Replayed:
    """Record one event, checked by replaying the game with it; return the game after it."""
    done: list[Replayed] = []

    def check(events: list[Event]) -> None:
        done.append(replay(book, events, lang))

    journal.record(game_id, kind, dict(data), check)
    return done[-1]


def undo(journal: Journal, book: Rulebook, game_id: int, lang: str = "en") -> Replayed:
    """Cancel the latest event in effect, by recording an ``undo`` marker."""
    return record(journal, book, game_id, "undo", {}, lang)


def correct(
    journal: Journal,
    book: Rulebook,
    game_id: int,
    seq: int,
    why: str,
    event: Mapping[str, Any],
    lang: str = "en",
) -> Replayed:
    """Replace event ``seq`` by ``event`` (kind and values), saying ``why``."""
    return record(
        journal, book, game_id, "correct", {"seq": seq, "why": why, "event": dict(event)}, lang
    )


def load(journal: Journal, book: Rulebook, game_id: int | None, lang: str = "en") -> Replayed:
    """Return game ``game_id`` (the latest when None) replayed."""
    row = journal.game(game_id)
    return replay(book, journal.events(row.id), lang)


def status(journal: Journal, book: Rulebook, game_id: int | None, lang: str) -> dict[str, Any]:
    """Return the ``status --json`` data of a game."""
    return snapshot(journal, book, game_id, lang)[1]


def snapshot(
    journal: Journal, book: Rulebook, game_id: int | None, lang: str
) -> tuple[Replayed, dict[str, Any]]:
    """Return a game replayed once, and its ``status --json`` data."""
    from .table import to_dict

    row = journal.game(game_id)
    replayed = replay(book, journal.events(row.id), lang)
    data = {"id": row.id, **to_dict(replayed.state, lang), "events": len(replayed.effective)}
    return replayed, data


__all__ = [
    "RefusedSetupError",
    "correct",
    "load",
    "new_game",
    "record",
    "snapshot",
    "start_data",
    "status",
    "undo",
]
