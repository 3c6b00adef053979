"""Tests of ``garou/rules/model.py``."""

from __future__ import annotations

import re


def test_no_source_label_of_the_rules_has_a_double_full_stop(book):
    for game in book.games.values():
        for entry in game.entries:
            for lang in ("fr", "en"):
                label = entry.source.label(lang)
                assert not re.search(r"(?<!\.)\.\.(?!\.)", label), (entry.id, lang, label)
