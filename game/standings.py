"""The season: every Mafia evening of the journal, replayed, summed per player.

Never a stored total: each call replays every game from its events and scores it again
(:func:`garou.game.mafia_points.points`), so a correction or an undo shows at once.
"""

from __future__ import annotations

from typing import Any

from garou.rules.loader import Rulebook

from .journal import Journal
from .replay import replay


def standings(
    journal: Journal,
    book: Rulebook,
    since: str | None = None,
    until: str | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """Return the finished Mafia games between ``since`` and ``until`` (YYYY-MM-DD, both
    included; a game's date is its table's, else the day it was created) summed per player:
    games, wins, points in each system, and the same per role."""
    from .mafia_points import points

    players: dict[str, dict[str, Any]] = {}
    counted: list[int] = []
    systems: list[str] = []
    names: dict[str, str] = {}
    for row in journal.games():
        if row.game != "mafia":
            continue
        state = replay(book, journal.events(row.id), lang).state
        if state.winner is None:
            continue
        date = str(state.date or row.created[:10])
        if (since and date < since) or (until and date > until):
            continue
        counted.append(row.id)
        scored = points(state, lang)
        systems, names = scored["systems"], scored["names"]
        for player in scored["players"]:
            won = player["camp"] == state.winner
            entry = players.setdefault(
                player["name"],
                {
                    "name": player["name"],
                    "games": 0,
                    "wins": 0,
                    "points": {s: 0.0 for s in systems},
                    "roles": {},
                },
            )
            role = entry["roles"].setdefault(
                player["role"], {"games": 0, "wins": 0, "points": {s: 0.0 for s in systems}}
            )
            for bucket in (entry, role):
                bucket["games"] += 1
                bucket["wins"] += int(won)
                for system in systems:
                    total = bucket["points"][system] + player["points"][system]["total"]
                    bucket["points"][system] = round(total, 2)
    first = systems[0] if systems else None
    ranked = sorted(
        players.values(),
        key=lambda p: (-(p["points"][first] if first else 0), -p["wins"], p["name"]),
    )
    return {
        "since": since,
        "until": until,
        "games": counted,
        "systems": systems,
        "names": names,
        "players": ranked,
    }
