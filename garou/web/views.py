"""What the templates show, built from the rules in one language: plain records, no logic
left for the templates but layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from garou.core.catalogue import say, typeset
from garou.core.records import record

if TYPE_CHECKING:
    from garou.rules import Entry, Rulebook
    from garou.rules.model import Source


@record
class OptionView:
    """One answer of a contested case or a setting."""

    id: str
    label: str
    text: str | None
    default: bool
    addition: bool


@record
class Link:
    """A related entry: its id and title."""

    id: str
    title: str


@record
class Ruling:
    """One entry of the rules as a page shows it."""

    id: str
    game: str
    game_name: str
    section: str
    kind: str
    kind_label: str
    title: str
    text: str
    options: tuple[OptionView, ...]
    default_reason: str | None
    default_by_garou: bool
    related: tuple[Link, ...]
    source: str
    addition: bool


def source_label(source: Source, lang: str) -> str:
    """Return where a ruling comes from, in ``lang``."""
    from garou.core.catalogue import verbatim

    section = verbatim(source.section or "")  # the document's heading, quoted as written
    if source.user:
        return say("web.source.user", lang, file=source.document, section=section)
    if source.addition:
        if source.section:
            return say("web.source.addition-in", lang, section=section)
        return say("web.source.addition", lang)
    return say("web.source.document", lang, document=source.document, section=section)


def kind_label(kind: str, lang: str) -> str:
    """Return the name of an entry kind in ``lang`` (``kind.*`` of the catalogue)."""
    from garou.core.catalogue import has

    return say(f"kind.{kind}", lang) if has(f"kind.{kind}") else kind


def ruling(book: Rulebook, entry: Entry, lang: str) -> Ruling:
    """Return ``entry`` as a page shows it in ``lang``."""
    game = book.game(entry.game)
    default = entry.default
    related = []
    for rel in entry.related:
        try:
            related.append(Link(rel, book.entry(rel).title.get(lang)))
        except Exception:  # noqa: BLE001 - the loader checks references; never fail a page
            related.append(Link(rel, rel))
    return Ruling(
        id=entry.id,
        game=entry.game,
        game_name=game.info.name.get(lang),
        section=game.section(entry.section).title.get(lang),
        kind=entry.kind,
        kind_label=kind_label(entry.kind, lang),
        title=typeset(entry.title.get(lang), lang),
        text=typeset(entry.text.get(lang), lang),
        options=tuple(
            OptionView(
                o.id,
                typeset(o.label.get(lang), lang),
                typeset(o.text.get(lang), lang) if o.text is not None else None,
                default is not None and default.option == o.id,
                o.addition,
            )
            for o in entry.options
        ),
        default_reason=typeset(default.reason.get(lang), lang) if default is not None else None,
        default_by_garou=bool(default is not None and default.addition),
        related=tuple(related),
        source=source_label(entry.source, lang),
        addition=entry.addition or entry.source.addition,
    )
