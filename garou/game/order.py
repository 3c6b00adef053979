"""A game's rules of order: which order checks its events go through.

The engines became stricter about the order of events after games had been recorded
without the steps they now wait for. A game is played to the rules of order it was started
with: its ``start`` event says which (``order``), every new game is started with
:data:`ORDER`, and a ``start`` event without it (every journal and record written before)
is read as order 1. :func:`order_checks` is the one place deciding which checks apply;
the engines ask it, never the version number.

- order 1: the checks every game had at its first release.
- order 2 (Mafia; Loup-Garou gained no order check): the morning, the vote and the night
  are refused while the document's steps are still due (:data:`STEPS_DUE`: the mafiosi's
  shots, the Don's and the Sheriff's checks, the farewell, the speeches, the vote on the
  nominees; order 1 passed over them, a farewell not given by then being lost), and a
  revote waits for each tied player's extra time (:data:`EXTRA_TIME`; order 1 took a
  revote without it, and a tied player's extra time when recorded).
- order 3 (Mafia): an event's keys are checked as Loup-Garou's always were (:data:`FIELDS`:
  a misspelt or foreign key is refused, order 2 stored it and ignored it), and a
  farewell's seconds as a speech's; when the table's "majority" is more than half and
  nobody gets it, the day waits for what the table decides (:data:`TABLE_DECIDES`: a
  ``table-decision`` event; order 2 ended the vote with nobody out, deciding for the table).
- order 4 (Mafia): the Don and the Sheriff check on the first night too, after the mafia's
  meeting (:data:`FIRST_NIGHT_CHECKS`: mafia.txt « chaque nuit »), unless the table agreed
  otherwise (``mf-setting-first-night-checks``); order 3 refused any check before night 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import IllegalEventError

STEPS_DUE = "steps-due"
"""Mafia: a phase-ending event is refused while the phase's steps are still due."""
EXTRA_TIME = "extra-time"
"""Mafia: a revote is refused while a tied player's extra time is still due."""
FIELDS = "fields"
TABLE_DECIDES = "table-decides"
"""Mafia: a vote nobody wins by more than half waits for the table's decision."""
"""Mafia: an event key the event does not carry is refused, and its values are checked."""
FIRST_NIGHT_CHECKS = "first-night-checks"
"""Mafia: the Don and the Sheriff check on the first night, unless the table agreed not."""

CHECKS: dict[int, frozenset[str]] = {
    1: frozenset(),
    2: frozenset({STEPS_DUE, EXTRA_TIME}),
    3: frozenset({STEPS_DUE, EXTRA_TIME, FIELDS, TABLE_DECIDES}),
    4: frozenset({STEPS_DUE, EXTRA_TIME, FIELDS, TABLE_DECIDES, FIRST_NIGHT_CHECKS}),
}
"""The order checks of each rules-of-order version."""
ORDER = max(CHECKS)
"""The rules of order every new game is started with."""
KEY = "order"
"""The key of the version in a ``start`` event (and in a record's ``game`` mapping)."""


def order_of(start: Mapping[str, Any]) -> int:
    """Return the rules-of-order version of the game the ``start`` event opens: 1 when the
    event has none (written before garou recorded it); refuse one garou does not know."""
    value = start.get(KEY)
    if value is None:
        return 1
    if isinstance(value, bool) or not isinstance(value, int) or value not in CHECKS:
        raise IllegalEventError(
            "order.refused.unknown", value=str(value), orders=[str(o) for o in CHECKS]
        )
    return value


def order_checks(start: Mapping[str, Any]) -> frozenset[str]:
    """Return the order checks the events of the game ``start`` opens go through."""
    return CHECKS[order_of(start)]


__all__ = [
    "CHECKS",
    "EXTRA_TIME",
    "FIELDS",
    "FIRST_NIGHT_CHECKS",
    "KEY",
    "ORDER",
    "STEPS_DUE",
    "order_checks",
    "order_of",
]
