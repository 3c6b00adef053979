"""Rich renderables of the rule data: a ruling as a panel, the entries and the roles as
tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from garou.core.records import record

from .loading import Loading

with Loading():  # Rich, loaded for the rest of the run
    from rich.console import Group
    from rich.markup import escape
    from rich.panel import Panel
    from rich.text import Text

if TYPE_CHECKING:  # search shows panels without loading the rules (no YAML on its path)
    from rich.console import RenderableType

    from garou.rules import Entry, Game, Rulebook

_LABELS = ("source", "related", "options", "default", "addition", "yours")
"""The words of a panel: catalogue keys ``panel.<word>``."""


@record
class PanelOption:
    """One answer of a contested case or setting, as shown in a panel."""

    id: str
    """Option id."""
    label: str
    """The answer, in the display language."""
    addition: bool
    """True when garou adds the option beyond the document."""
    default: bool
    """True for the option proposed by default."""


def ruling_panel(
    *,
    lang: str,
    title: str,
    text: str,
    game_name: str,
    section: str,
    kind: str,
    entry_id: str,
    source: str,
    options: Sequence[PanelOption] = (),
    default_reason: str | None = None,
    related: Sequence[tuple[str, str]] = (),
    note: str | None = None,
    chosen: str | None = None,
    labelled: bool = False,
) -> Panel:
    """Return a ruling as a panel: an optional note (rich markup), the text, the options
    (``chosen`` marked as the table's), related entries (id, title) and the source."""
    from garou.core.catalogue import has, say, typeset, verbatim

    from .output import look_up_emoji_only_when_named

    look_up_emoji_only_when_named()  # the panel's texts are rendered from markup
    # The rule data's texts get the language's typography here, as on the web and the
    # sheets (the catalogue's messages have it already).
    title, text, source = typeset(title, lang), typeset(text, lang), typeset(source, lang)
    options = [replace(o, label=typeset(o.label, lang)) for o in options]
    default_reason = typeset(default_reason, lang) if default_reason else default_reason
    related = [(rel_id, typeset(rel_title, lang)) for rel_id, rel_title in related]
    labels = {word: say(f"panel.{word}", lang) for word in _LABELS}
    kind = say(f"kind.{kind}", lang) if has(f"kind.{kind}") else kind
    parts: list[Text] = []
    if note:
        parts.append(Text.from_markup(note))
    parts.append(Text(text))
    if options:
        lines = [f"\n[bold]{labels['options']}[/]"]
        for option in options:
            mark = " ★" if option.default else "  "
            extra = f" [dim]({labels['addition']})[/]" if option.addition else ""
            if option.id == chosen:
                extra += f" [bold green]← {labels['yours']}[/]"
            said = say("core.label-value", lang, label=f"[cyan]{escape(option.id)}[/]",
                       value=verbatim(escape(option.label)))  # fmt: skip
            lines.append(f"{mark} {said}{extra}")
        if default_reason:
            lines.append(f"   ★ {labels['default']} {escape(default_reason)}")
        parts.append(Text.from_markup("\n".join(lines)))
    if related:
        listed = ", ".join(f"{rel_id} ({rel_title})" for rel_id, rel_title in related)
        parts.append(Text.from_markup(f"\n[bold]{labels['related']}[/] {escape(listed)}"))
    parts.append(Text.from_markup(f"[dim]{labels['source']} {escape(source)}[/]"))
    heading = f"[bold]{escape(title)}[/]"
    if labelled:
        heading = f"[bold reverse] {escape(game_name)} [/] {heading}"
    subtitle = escape(f"{game_name} · {section} · {kind} · {entry_id}")
    return Panel(
        Group(*parts),
        title=heading,
        subtitle=subtitle,
        title_align="left",
        subtitle_align="right",
        expand=True,
    )


def entry_panel(book: Rulebook, entry: Entry, lang: str, note: str | None = None) -> Panel:
    """Return ``entry`` as a panel: title, game and section, ruling, options, source."""
    game = book.game(entry.game)
    default = entry.default.option if entry.default else None
    return ruling_panel(
        lang=lang,
        title=entry.title.get(lang),
        text=entry.text.get(lang),
        game_name=game.info.name.get(lang),
        section=game.section(entry.section).title.get(lang),
        kind=entry.kind,
        entry_id=entry.id,
        source=entry.source.label(lang),
        options=[
            PanelOption(o.id, o.label.get(lang), o.addition, o.id == default) for o in entry.options
        ],
        default_reason=entry.default.reason.get(lang) if entry.default else None,
        related=[(rel, book.entry(rel).title.get(lang)) for rel in entry.related],
        note=note,
    )


def entries_table(book: Rulebook, entries: Sequence[Entry], lang: str) -> RenderableType:
    """The entries as one table: id, game, kind, section, title (garou's additions marked)."""
    from rich.table import Table

    from garou.core.catalogue import say

    table = Table(title=say("browse.entries", lang, count=len(entries)))
    for column in ("id", "game", "kind", "section", "title"):
        table.add_column(say(f"browse.column.{column}", lang), overflow="fold")
    mark = f" [dim]{escape(say('browse.addition-mark', lang))}[/]"
    for e in entries:
        section_title = book.game(e.game).section(e.section).title.get(lang)
        title = escape(e.title.get(lang)) + (mark if e.source.addition else "")
        kind = say(f"kind.{e.kind}", lang)
        table.add_row(escape(e.id), e.game, kind, escape(section_title), title)
    return table


def roles_view(game: Game, lang: str) -> list[RenderableType]:
    """A game's roles as a table (id, name, camp, power role, night action; garou's
    additions and readings marked), then each role's readings and the game's statuses."""
    from rich.table import Table

    from garou.core.catalogue import say, verbatim

    table = Table(title=escape(game.info.name.get(lang)), title_justify="left")
    for column in ("id", "name", "camp", "power", "night"):
        table.add_column(say(f"browse.column.{column}", lang), overflow="fold")
    yes, no = say("word.yes", lang), say("word.no", lang)
    added = f" [dim]{escape(say('browse.addition-mark', lang))}[/]"
    read = f" [dim]{escape(say('browse.reading-mark', lang))}[/]"
    for r in game.roles:
        name = escape(r.name.get(lang)) + (added if r.addition else "")
        name += read if r.readings else ""
        night = escape(r.night_action.get(lang)) if r.night_action else "-"
        power = yes if r.power else no
        if game.reading_of(f"role:{r.id}.power") is not None:  # garou's, not the document's
            power += read
        table.add_row(escape(r.id), name, escape(game.camp(r.camp).name.get(lang)), power, night)
    lines: list[RenderableType] = [table]
    for r in game.roles:
        for reading in r.readings:
            said = say("browse.reading-line", lang, name=r.name.get(lang),
                       reading=reading.text.get(lang))  # fmt: skip
            lines.append(f"  {escape(said)}")
    for s in game.statuses:
        label = f"[bold]{escape(s.name.get(lang))}[/] ({escape(s.id)})"
        summary = verbatim(escape(s.summary.get(lang)))
        lines.append("  " + say("core.label-value", lang, label=label, value=summary))
    return lines
