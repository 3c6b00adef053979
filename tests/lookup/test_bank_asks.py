"""The question bank: ``asks``, the questions players ask that an entry answers (garou's
wording), read like the keywords, refused with file:line:key when malformed, and searched."""

from __future__ import annotations

from pathlib import Path

import pytest

from garou.lookup import index as lookup_index
from garou.lookup.searcher import Searcher
from garou.rules import DataFileError, load_rules
from tests.helpers import builtin_searcher, rules_folder

HOUSE = """\
game: loup-garou
roles:
  - id: salvateur
    name: {fr: Salvateur, en: Protector}
    camp: village
    power: true
    section: additions
    addition: true
    summary: {fr: Protège un joueur chaque nuit., en: Protects a player each night.}
    asks:
      fr: [je protege qui cette nuit]
      en: [who do I shield tonight]
entries:
  - id: lg-house-protector
    section: additions
    kind: rule
    addition: true
    title: {fr: Protection, en: Protection}
    text: {fr: Le protégé survit aux loups., en: The protected player survives the wolves.}
    asks:
      fr: [est-ce que le zorglub quetzalcoatl tient]
      en: [does the frobnicated wibble hold]
"""


def test_asks_are_read_on_entries_and_carried_to_a_roles_entry(tmp_path):
    book = load_rules(rules_folder(tmp_path, HOUSE))
    entry = book.entry("lg-house-protector")
    assert entry.asks.en == ("does the frobnicated wibble hold",)
    assert entry.asks.fr == ("est-ce que le zorglub quetzalcoatl tient",)
    assert book.game("loup-garou").role("salvateur").asks.fr == ("je protege qui cette nuit",)
    assert book.entry("lg-role-salvateur").asks.en == ("who do I shield tonight",)


ENTRY_ASKS = """\
    asks:
      fr: [est-ce que le zorglub quetzalcoatl tient]
      en: [does the frobnicated wibble hold]
"""


@pytest.mark.parametrize(
    "old, new, line, path, words",
    [
        # the entry's asks: not one value per language, an unknown language, a language's
        # questions not a list, an empty question
        (ENTRY_ASKS, "    asks: does it hold\n", 20, "entries[0].asks", "fr: ..., en: ..."),
        (ENTRY_ASKS, ENTRY_ASKS + "      de: [wie bitte]\n", 23, "entries[0].asks.de", "'de'"),
        ("en: [does the frobnicated wibble hold]", "en: does it hold", 22,
         "entries[0].asks.en", "expected a list"),
        ("en: [does the frobnicated wibble hold]", "en: [ok, '']", 22,
         "entries[0].asks.en[1]", "non-empty text"),
        # a role's asks go through the same converter
        ("en: [who do I shield tonight]", "en: [[nested]]", 12,
         "roles[0].asks.en[0]", "non-empty text"),
    ],
)  # fmt: skip
def test_a_bad_asks_is_said_with_file_line_and_key(tmp_path, old, new, line, path, words):
    assert HOUSE.count(old) == 1
    with pytest.raises(DataFileError) as caught:
        load_rules(rules_folder(tmp_path, HOUSE.replace(old, new)))
    messages = [str(p) for p in caught.value.problems]
    assert any(f"house.yaml:{line}" in m and path in m and words in m for m in messages), messages


def test_a_question_made_only_of_words_of_one_entrys_asks_finds_that_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = rules_folder(tmp_path, HOUSE)
    book = load_rules(folder)
    for words in ("zorglub quetzalcoatl", "frobnicated wibble"):
        # nowhere else in the rules: only the asks can find the entry
        assert not any(
            w in f"{e.title.fr} {e.title.en} {e.text.fr} {e.text.en} {e.keywords.all()}".lower()
            for e in book.entries()
            for w in words.split()
        )
    with Searcher(folder) as searcher:
        for query, lang in (("zorglub quetzalcoatl", "fr"), ("frobnicated wibble", "en")):
            result = searcher.search(query, lang=lang)
            assert result.hits and result.hits[0].id == "lg-house-protector", query


def test_the_index_holds_the_asks_fields_and_its_format_is_part_of_the_key(monkeypatch):
    names = set(lookup_index.schema().names())
    assert {"asks_fr", "asks_en"} <= names
    assert {"asks_fr", "asks_en"} <= set(lookup_index.TEXT_FIELDS)
    files = [Path(lookup_index.__file__).resolve().parents[1] / "rules" / "data" / "mafia.yaml"]
    before = lookup_index.index_key(files)
    monkeypatch.setattr(lookup_index, "INDEX_FORMAT", "13")  # the format before the asks
    assert lookup_index.index_key(files) != before


def test_a_documents_asks_are_analysed_like_its_text(tmp_path):
    book = load_rules(rules_folder(tmp_path, HOUSE))
    (doc,) = [d for d in lookup_index.documents(book) if d["id"] == "lg-house-protector"]
    assert doc["asks_en"] == "does the frobnicated wibble hold"
    assert "zorglub" in doc["plain"]  # the typo correction knows the asks' words


def test_every_loup_garou_ruling_lists_the_questions_it_answers(book):
    """The bank covers every entry of loup-garou.entries.yaml (4 to 8 questions per
    language), and no question is listed under two entries: it would point at both."""
    game = book.game("loup-garou")
    generated = {item.entry_id for item in (*game.roles, *game.statuses)}
    owners: dict[str, str] = {}
    for entry in game.entries:
        if entry.id in generated or entry.source.user:
            continue
        for lang in ("fr", "en"):
            assert 4 <= len(entry.asks.get(lang)) <= 8, (entry.id, lang)
            for question in entry.asks.get(lang):
                said = " ".join(question.lower().split())
                assert owners.setdefault(said, entry.id) == entry.id, (question, owners[said])


def test_an_entrys_json_lists_its_asks_in_the_language_asked(book):

    entry = next(e for e in book.entries() if e.asks.fr and e.asks.en)
    assert entry.to_dict(book.game(entry.game), "fr")["asks"] == list(entry.asks.fr)
    assert entry.to_dict(book.game(entry.game), "en")["asks"] == list(entry.asks.en)


NICKNAMES = HOUSE.replace(
    "fr: [est-ce que le zorglub quetzalcoatl tient]",
    "fr: [la vovo a fait son boulot et ils tirent, est-ce que le zorglub quetzalcoatl tient]",
)


def test_a_word_only_the_asks_use_is_known_but_a_roles_nickname_is_still_the_role(
    tmp_path, monkeypatch
):
    """A player's word of the asks is no typo ("boulot" is not "bouton"); a nickname in
    them ("vovo") still stands for the role in every entry, not for these questions."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with Searcher(rules_folder(tmp_path, NICKNAMES)) as searcher:
        assert searcher.search("boulot").corrected is None
        nickname = searcher.search("la vovo voit quoi ?")
        assert nickname.corrected is not None and "voyante" in nickname.corrected
        # a plural verb of the asks is still the singular the texts say ("tire")
        from garou.lookup.analysis import concept_of

        assert searcher._known(concept_of(searcher._lexicon, "tire", []))
        assert not searcher._known(concept_of(searcher._lexicon, "tirent", []))


def test_the_not_covered_judgement_reads_the_rule_datas_words_not_the_asks(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with Searcher(rules_folder(tmp_path, HOUSE)) as searcher:
        assert searcher.search("zorglub quetzalcoatl").hits[0].id == "lg-house-protector"
        assert searcher.speaks_of("zorglub") == {}
        assert searcher.speaks_of("protégé")  # the entry's own text still speaks


def test_the_asks_of_the_entry_a_word_names_add_nothing_to_that_word_there(searcher_lg):
    """ "What does the GM do?" among the game master's asks repeats its name: a question
    naming the game master is not drawn to that entry by its asks."""
    from garou.lookup.analysis import concept_of

    searcher = searcher_lg
    numbers = searcher._lexicon.keys.get("mj", [])
    concept = concept_of(searcher._lexicon, "mj", numbers)
    docnum = searcher._scorer.docnum("lg-game-master")
    assert docnum is not None and "lg-game-master" in concept.defines
    assert any(searcher._scorer.has("asks_fr", t) for t in searcher.stems("mj", "fr"))
    with_asks = searcher._found.concept_scores(concept)[docnum]
    assert with_asks == searcher._found.concept_scores(concept, asks=False)[docnum]


@pytest.fixture(scope="module")
def searcher_lg(tmp_path_factory):
    with builtin_searcher(tmp_path_factory.mktemp("cache")) as opened:
        yield opened
