"""What JSON output of the rules shares: the readings an entry or a role rests on, and the
entries a listing shows (each record says itself with its own ``to_dict``)."""

from __future__ import annotations

from typing import Any

from .loader import Rulebook
from .model import Entry, Role

ReadingBy = str
"""Whose a reading is: "garou" (garou's reading or addition), "document" (the document's
own default of a case it leaves open), or "agreement" (the table's agreement)."""


def readings_of(item: Entry | Role, lang: str) -> list[dict[str, Any]]:
    """Return the marks of an entry or a role as plain data, each saying whose it is: garou's
    readings of what the document leaves unsaid, garou's additions, and whose default a
    contested case proposes. Every ``--json`` output that shows the item carries them."""
    from garou.core.catalogue import say

    found: list[dict[str, Any]] = [
        {"by": "garou", "kind": "reading", "text": r.text.get(lang), "fields": list(r.fields)}
        for r in item.readings
    ]
    addition = item.addition or (isinstance(item, Entry) and item.source.addition)
    if addition:
        found.append(
            {"by": "garou", "kind": "addition", "text": say("rules.reading.addition", lang)}
        )
    if isinstance(item, Entry) and item.default is not None:
        option = next((o for o in item.options if o.id == item.default.option), None)
        label = option.label.get(lang) if option is not None else item.default.option
        found.append(
            {
                "by": "garou" if item.default.addition else "document",
                "kind": "default",
                "text": say("rules.reading.default", lang, option=label),
                "option": item.default.option,
            }
        )
    return found


def filter_entries(
    book: Rulebook,
    game: str | None = None,
    kind: str | None = None,
    section: str | None = None,
) -> list[Entry]:
    """Return the entries of ``game`` (all games if None), of ``kind``, in ``section``."""
    games = [book.game(game)] if game else list(book.games.values())
    found = []
    for g in games:
        if section is not None and section not in {s.id for s in g.info.sections}:
            from garou.core.errors import UsageError, shown

            raise UsageError(
                "rules.unknown-section",
                section=shown(section),
                game=g.info.name,
                sections=", ".join(s.id for s in g.info.sections),
            )
        found += [
            e
            for e in g.entries
            if (kind is None or e.kind == kind) and (section is None or e.section == section)
        ]
    return found
