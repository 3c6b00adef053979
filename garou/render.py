"""Rich renderables shared by several commands (an entry as a panel)."""

from __future__ import annotations

from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from rules import Entry, Rulebook

_LABELS = {
    "fr": {"source": "Source :", "related": "Voir aussi :", "options": "Options",
           "default": "par défaut :", "addition": "ajout de garou"},
    "en": {"source": "Source:", "related": "See also:", "options": "Options",
           "default": "default:", "addition": "garou addition"},
}  # fmt: skip


def entry_panel(book: Rulebook, entry: Entry, lang: str, note: str | None = None) -> Panel:
    """Return ``entry`` as a panel: title, game and section, ruling, options, source."""
    labels = _LABELS[lang]
    game = book.game(entry.game)
    parts: list = []
    if note:
        parts.append(Text.from_markup(note))
    parts.append(Text(entry.text.get(lang)))
    if entry.options:
        lines = [f"\n[bold]{labels['options']}[/]"]
        for option in entry.options:
            mark = " ★" if entry.default and entry.default.option == option.id else "  "
            extra = f" [dim]({labels['addition']})[/]" if option.addition else ""
            label = escape(option.label.get(lang))
            lines.append(f"{mark} [cyan]{escape(option.id)}[/]: {label}{extra}")
        if entry.default:
            reason = escape(entry.default.reason.get(lang))
            lines.append(f"   ★ {labels['default']} {reason}")
        parts.append(Text.from_markup("\n".join(lines)))
    if entry.related:
        titles = []
        for rel in entry.related:
            try:
                titles.append(f"{rel} ({book.entry(rel).title.get(lang)})")
            except Exception:  # a related id is validated at load time
                titles.append(rel)
        parts.append(
            Text.from_markup(f"\n[bold]{labels['related']}[/] " + escape(", ".join(titles)))
        )
    source = entry.source.label()
    parts.append(Text.from_markup(f"[dim]{labels['source']} {escape(source)}[/]"))
    section = game.section(entry.section).title.get(lang)
    title = f"[bold]{escape(entry.title.get(lang))}[/]"
    subtitle = escape(f"{game.info.name.get(lang)} · {section} · {entry.kind} · {entry.id}")
    return Panel(
        Group(*parts),
        title=title,
        subtitle=subtitle,
        title_align="left",
        subtitle_align="right",
        expand=True,
    )
