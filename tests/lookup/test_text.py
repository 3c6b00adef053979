"""The word lists the search reads from lexicon.yaml, and their parsed copy in the cache."""

from __future__ import annotations

import yaml

from garou.lookup import text


def _leaves(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def test_every_word_and_synonym_of_the_lexicon_is_text():
    # YAML reads no, on, y, n unquoted as booleans: every one must have been written as text.
    data = yaml.safe_load(text.LEXICON_FILE.read_text(encoding="utf-8"))
    for section in ("words", "synonyms"):
        odd = [v for v in _leaves(data[section]) if not isinstance(v, str)]
        assert odd == [], section
    assert {"no", "on"} <= text.NEGATIONS | text.ENGLISH_STOPS | text.FRENCH_STOPS


def test_the_lexicon_is_read_from_its_cached_copy_once_parsed(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("GAROU_RULES_CACHE", raising=False)
    text.lexicon.cache_clear()
    try:
        first = text.lexicon()
        copies = list(tmp_path.rglob("lexicon-*.marshal"))
        assert len(copies) == 1
        text.lexicon.cache_clear()
        assert text.lexicon() == first == yaml.safe_load(text.LEXICON_FILE.read_text("utf-8"))
    finally:
        text.lexicon.cache_clear()
