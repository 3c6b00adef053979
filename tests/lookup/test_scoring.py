"""BM25 straight from the postings: the field lengths it reads at once are Whoosh's own."""

from __future__ import annotations

from garou.lookup.index import TEXT_FIELDS
from garou.lookup.scoring import field_lengths


def test_the_lengths_read_at_once_are_the_public_per_document_lengths(searcher):
    reader = searcher._reader
    count = reader.doc_count_all()
    for name in TEXT_FIELDS:
        public = [reader.doc_field_length(d, name, 0) or 0 for d in range(count)]
        assert field_lengths(reader, name) == public, name


def test_without_whoosh_s_private_column_the_lengths_come_from_the_public_call(
    searcher, monkeypatch
):
    from garou.lookup import scoring

    def renamed(*args):
        raise ImportError("cannot import name '_lenfield'")  # a Whoosh that renamed it

    reader = searcher._reader
    fast = {name: field_lengths(reader, name) for name in TEXT_FIELDS}
    monkeypatch.setattr(scoring, "_column_lengths", renamed)
    for name in TEXT_FIELDS:
        lengths = field_lengths(reader, name)
        assert lengths == fast[name] and all(isinstance(n, int) for n in lengths), name
