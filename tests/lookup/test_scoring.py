"""BM25 straight from the postings: the field lengths stored at build time are Whoosh's own."""

from __future__ import annotations

from garou.lookup.index import TEXT_FIELDS


def test_the_lengths_stored_with_the_index_are_whoosh_s_per_document_lengths(searcher):
    reader = searcher._reader
    count = reader.doc_count_all()
    for name in TEXT_FIELDS:
        public = [reader.doc_field_length(d, name, 0) or 0 for d in range(count)]
        assert searcher._scorer.lengths[name] == public, name


def test_every_scored_field_has_its_lengths_stored(searcher):
    schema = searcher._opened.index.schema
    assert set(searcher._scorer.lengths) == set(schema.scorable_names())
    assert set(TEXT_FIELDS) <= set(searcher._scorer.lengths)
