"""Tests of ``garou/web/views.py``."""

from __future__ import annotations


def test_every_source_line_quotes_the_document_s_heading_as_written():
    from garou.core.catalogue import phrase
    from garou.rules import load_rules
    from garou.web.views import source_label

    book = load_rules()
    capitalised = 0
    for entry in book.entries():
        section = entry.source.section
        if not section:
            continue
        capitalised += section[:4] in ("Les ", "Le d", "Le r", "La s", "L'es")
        for lang in ("fr", "en"):
            assert section in entry.source.label(lang), (entry.id, lang)
            assert section in source_label(entry.source, lang), (entry.id, lang)
    assert capitalised  # the documents have headings starting with an article
    title = "La sorcière se sauve-t-elle ?"
    said = phrase("house.file.missing-decision", case="lg-x", title=title, options=["a"]).say("fr")
    assert title.removesuffix(" ?") in said
