"""Tests of ``garou/cli/render.py``: the rule data as Rich tables."""

from __future__ import annotations

import pytest
from rich.console import Console


def _text(*renderables) -> str:
    out = Console(width=200, record=True, color_system=None)
    for r in renderables:
        out.print(r)
    return out.export_text()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_roles_view_lists_every_role_and_marks_additions_and_readings(book, lang):
    from garou.cli.render import roles_view

    game = book.game("loup-garou")
    text = _text(*roles_view(game, lang))
    for role in game.roles:
        assert role.name.get(lang) in text
    added = [r for r in game.roles if r.addition]
    read = [r for r in game.roles if r.readings]
    assert added and read  # the data has both: Cupid is garou's, the witch's potions a reading
    from garou.core.catalogue import say

    for role in read:  # one line per reading, naming the role
        for reading in role.readings:
            line = say("browse.reading-line", lang, name=role.name.get(lang),
                       reading=reading.text.get(lang))  # fmt: skip
            assert line[:60] in text
    for status in game.statuses:  # « Capitaine (capitaine) : … », the catalogue's field
        label = f"{status.name.get(lang)} ({status.id})"
        assert say("core.label-value", lang, label=label, value="")[: len(label) + 2] in text


def test_entries_table_marks_garous_additions(book):
    from garou.cli.render import entries_table
    from garou.core.catalogue import say
    from garou.rules.export import filter_entries

    entries = filter_entries(book, game="loup-garou")
    text = _text(entries_table(book, entries, "en"))
    mark = say("browse.addition-mark", "en")
    added = [e for e in entries if e.source.addition]
    assert added and text.count(mark) == len(added)
    assert say("browse.entries", "en", count=len(entries)) in text
