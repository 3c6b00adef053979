"""The season: every Mafia evening of the journal, replayed, summed per player.

Never a stored total: each call replays every game from its events and scores it again
(:func:`garou.game.mafia_points.points`), so a correction or an undo shows at once.
"""

from __future__ import annotations

from typing import Any

from garou.core.catalogue import phrase
from garou.core.names import fold
from garou.houserules.agreement import iso_date
from garou.rules.loader import Rulebook

from .journal import Journal


def standings(
    journal: Journal,
    book: Rulebook,
    since: str | None = None,
    until: str | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """Return the finished Mafia games between ``since`` and ``until`` (YYYY-MM-DD, both
    included; a game's date is its table's, else the day it was created) summed per player:
    games, wins, points in each system, and the same per role. A player is one whatever
    the case and accents of each evening's spelling (:func:`garou.core.names.fold`, as a
    game's own names): shown as most evenings write it, every spelling in ``spellings``.

    A game that no longer replays (an event damaged or edited by hand) does not stop the
    season: it is left out and said in ``left_out`` (its id, name, the event and why), so
    that the judge gets the other games' ranking and knows which evening to repair (one bad
    evening among forty must not block the night's print, nor hide in it)."""
    from .errors import UnreplayableGameError
    from .journal import DamagedEventError
    from .mafia_points import points
    from .session import stored

    players: dict[str, dict[str, Any]] = {}
    counted: list[int] = []
    systems: list[str] = []
    names: dict[str, str] = {}
    left_out: list[dict[str, Any]] = []
    for row in journal.games():
        if row.game != "mafia":
            continue
        try:
            state = stored(journal, book, row, lang).state
        except (UnreplayableGameError, DamagedEventError) as exc:
            begun = _start_date(journal, row)
            if (since and begun < since) or (until and begun > until):
                continue
            left_out.append(
                {
                    "id": row.id,
                    "name": row.name,
                    "seq": exc.seq or None,
                    "kind": exc.event_kind if isinstance(exc, UnreplayableGameError) else exc.kind,
                    "message": exc.message(lang),
                }
            )
            continue
        if state.winner is None:
            continue
        written = str(state.date or row.created[:10])
        day = iso_date(written)  # a journal of an older garou may hold 15/12/2026
        if day is None:
            message = phrase("club.bad-date", id=row.id, date=written).say(lang)
            left_out.append(
                {"id": row.id, "name": row.name, "seq": 1, "kind": "start", "message": message}
            )
            continue
        if (since and day < since) or (until and day > until):
            continue
        counted.append(row.id)
        scored = points(state, lang)
        systems, names = scored["systems"], scored["names"]
        for player in scored["players"]:
            won = player["camp"] == state.winner
            # one player whatever the case and accents of the evening's spelling, as the
            # deal and a game's names already fold them ("ana" is Ana, "Bób" is Bob)
            entry = players.setdefault(
                fold(player["name"]),
                {
                    "name": player["name"],
                    "spellings": {},
                    "games": 0,
                    "wins": 0,
                    "points": {s: 0.0 for s in systems},
                    "roles": {},
                },
            )
            role = entry["roles"].setdefault(
                player["role"], {"games": 0, "wins": 0, "points": {s: 0.0 for s in systems}}
            )
            entry["spellings"][player["name"]] = entry["spellings"].get(player["name"], 0) + 1
            for bucket in (entry, role):
                bucket["games"] += 1
                bucket["wins"] += int(won)
                for system in systems:
                    total = bucket["points"][system] + player["points"][system]["total"]
                    bucket["points"][system] = round(total, 2)
    for entry in players.values():  # shown as most of its evenings write it
        counts = entry["spellings"]
        entry["name"] = max(counts, key=lambda n: counts[n])  # the first seen on a tie
        entry["spellings"] = sorted(counts, key=lambda n: -counts[n])
    first = systems[0] if systems else None
    ranked = sorted(
        players.values(),
        key=lambda p: (-(p["points"][first] if first else 0), -p["wins"], p["name"]),
    )
    return {
        "since": since,
        "until": until,
        "games": counted,
        "left_out": left_out,
        "systems": systems,
        "names": names,
        "players": ranked,
    }


def _start_date(journal: Journal, row: Any) -> str:
    """The date of a game that does not replay: its start's, else the day it was created."""
    from .journal import DamagedEventError

    try:
        events = journal.events(row.id)
    except DamagedEventError:
        events = []
    date = events[0].data.get("date") if events and events[0].kind == "start" else None
    written = str(date or row.created[:10])
    return iso_date(written) or written
