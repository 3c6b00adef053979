"""The fouls lookup of ``garou fouls`` from inside a Mafia evening, the player already known."""

from __future__ import annotations

from typing import Any


def lookup(state: Any, name: str, query: str | None, lang: str) -> list[str]:
    """Return what ``name``'s fouls lead to and, with ``query``, what that behaviour draws
    for them: the resolver's steps (each citing its rule), from the game's own counts."""
    from garou.core.catalogue import has, say
    from garou.rules.play import Player, find_behaviours, judge_fouls

    seat = state.player(name)
    # only the player asked about: the others' counts are not the question
    players = [Player(seat.name, seat.role, seat.alive, seat.fouls, seat.technical_fouls)]
    if not seat.alive:  # gone: their counts, never a consequence still to come
        key = f"cause.{seat.out}"
        how = say(key, lang) if seat.out and has(key) else seat.out or "-"
        said = [say("mafia.fouls.out", lang, name=seat.name, how=how)]
        result = judge_fouls(state.game, players, None, lang, offender=seat.name)
        return said + [f"{s.message} ({s.rule})" for s in result.steps]
    behaviours = find_behaviours(state.game, query) if query else None
    result = judge_fouls(state.game, players, behaviours, lang, offender=seat.name)
    return [f"{s.message} ({s.rule})" for s in result.steps]


def foul_lookup(state: Any, name: str, query: str | None, lang: str) -> dict[str, Any]:
    """The same lookup as data (the resolver's ``to_dict``)."""
    from garou.rules.play import Player, find_behaviours, judge_fouls

    seat = state.player(name)
    players = [Player(seat.name, seat.role, seat.alive, seat.fouls, seat.technical_fouls)]
    behaviours = find_behaviours(state.game, query) if query else None
    return judge_fouls(state.game, players, behaviours, lang, offender=seat.name).to_dict()
