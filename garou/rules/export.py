"""Plain dictionaries of entries and roles, for JSON output and other programs."""

from __future__ import annotations

from typing import Any

from .loader import Rulebook
from .model import Entry, Game, Role

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


def entry_to_dict(book: Rulebook, entry: Entry, lang: str) -> dict[str, Any]:
    """Return ``entry`` as a dictionary in ``lang``."""
    game = book.game(entry.game)
    data: dict[str, Any] = {
        "id": entry.id,
        "game": entry.game,
        "kind": entry.kind,
        "section": game.section(entry.section).title.get(lang),
        "section_id": entry.section,
        "title": entry.title.get(lang),
        "text": entry.text.get(lang),
        "keywords": list(entry.keywords.get(lang)),
        "aliases": list(entry.aliases.get(lang)),
        "asks": list(entry.asks.get(lang)),
        "leaves_open": list(entry.leaves_open.get(lang)),
        "related": list(entry.related),
        "roles": list(entry.roles),
        "addition": entry.addition or entry.source.addition,
        "source": {
            "document": entry.source.document,
            "section": entry.source.section,
            "addition": entry.source.addition,
        },
        "readings": readings_of(entry, lang),
    }
    if entry.options:
        data["options"] = [
            {
                "id": o.id,
                "label": o.label.get(lang),
                "text": o.text.get(lang) if o.text else None,
                "addition": o.addition,
                "default": entry.default is not None and entry.default.option == o.id,
            }
            for o in entry.options
        ]
        if entry.default is not None:
            data["default"] = {
                "option": entry.default.option,
                "reason": entry.default.reason.get(lang),
                "addition": entry.default.addition,
            }
    return data


def _reading(game: Game, path: str, lang: str) -> str | None:
    """Return garou's reading the value at ``path`` rests on, in ``lang``, or None."""
    found = game.reading_of(path)
    return found.text.get(lang) if found is not None else None


def role_to_dict(game: Game, role: Role, lang: str) -> dict[str, Any]:
    """Return ``role`` as a dictionary in ``lang``."""
    return {
        "id": role.id,
        "game": game.id,
        "name": role.name.get(lang),
        "camp": role.camp,
        "camp_name": game.camp(role.camp).name.get(lang),
        "power": role.power,
        # garou's reading when the document has no such notion (Mafia) or does not say
        "power_reading": _reading(game, f"role:{role.id}.power", lang),
        "night_action": role.night_action.get(lang) if role.night_action else None,
        "summary": role.summary.get(lang),
        "aliases": list(role.aliases.all()),
        "addition": role.addition,
        "entry": role.entry_id,
        "readings": readings_of(role, lang),
    }
