"""The question bank's two sides (:mod:`garou.lookup.bank`): the questions an entry
answers (``asks``) and those it leaves open (``leaves_open``), read from the rule data,
checked with file:line:key, and weighed by the judgement as how near a query comes to
each side."""

from __future__ import annotations

import pytest

from garou.lookup import bank, verdict
from garou.lookup.searcher import Searcher
from garou.rules import DataFileError, load_rules
from tests.helpers import rules_folder

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
    leaves_open:
      fr: [le salvateur peut il se proteger deux nuits de suite]
      en: [can the protector shield the same player twice in a row]
entries:
  - id: lg-house-protector
    section: additions
    kind: rule
    addition: true
    title: {fr: Protection, en: Protection}
    text:
      fr: Le protégé survit aux loups.
      en: The protected player survives the frobnicated wolves.
    asks:
      fr: [est-ce que le protege survit aux loups]
      en: [does the protected player survive the wolves]
    leaves_open:
      fr: [combien de temps dure la protection du zorglub]
      en: [how long does the frobnicated protection last]
"""


def test_leaves_open_is_read_on_entries_and_carried_to_a_roles_entry(tmp_path):
    book = load_rules(rules_folder(tmp_path, HOUSE))
    entry = book.entry("lg-house-protector")
    assert entry.leaves_open.en == ("how long does the frobnicated protection last",)
    assert book.game("loup-garou").role("salvateur").leaves_open.fr == (
        "le salvateur peut il se proteger deux nuits de suite",
    )
    assert book.entry("lg-role-salvateur").leaves_open.en == (
        "can the protector shield the same player twice in a row",
    )


@pytest.mark.parametrize(
    "old, new, line, path, words",
    [
        ("en: [how long does the frobnicated protection last]", "en: how long", 30,
         "entries[0].leaves_open.en", "expected a list"),
        ("en: [how long does the frobnicated protection last]", "en: [ok, '']", 30,
         "entries[0].leaves_open.en[1]", "non-empty text"),
        ("en: [can the protector shield the same player twice in a row]", "en: [[x]]", 15,
         "roles[0].leaves_open.en[0]", "non-empty text"),
    ],
)  # fmt: skip
def test_a_bad_leaves_open_is_said_with_file_line_and_key(tmp_path, old, new, line, path, words):
    assert HOUSE.count(old) == 1
    with pytest.raises(DataFileError) as caught:
        load_rules(rules_folder(tmp_path, HOUSE.replace(old, new)))
    messages = [str(p) for p in caught.value.problems]
    assert any(f"house.yaml:{line}" in m and path in m and words in m for m in messages), messages


def test_an_entrys_json_lists_what_it_leaves_open(tmp_path):

    book = load_rules(rules_folder(tmp_path, HOUSE))
    entry = book.entry("lg-house-protector")
    assert entry.to_dict(book.game(entry.game), "en")["leaves_open"] == list(entry.leaves_open.en)


def _terms(text: str, lang: str) -> list[str]:
    return [w.strip("?").lower() for w in text.split() if len(w) > 2]


class _Book:
    """Two entries of one game, one of another: the bank's input."""

    def __init__(self, items):
        self.items = items

    def entries(self):
        return self.items


class _Entry:
    def __init__(self, id_, game, asks, open_):
        from garou.rules.model import Words

        self.id, self.game = id_, game
        self.asks = Words(en=tuple(asks))
        self.leaves_open = Words(en=tuple(open_))


BOOK = _Book([
    _Entry("a", "g", ["does the seer see the card"], ["can the seer see a dead card"]),
    _Entry("b", "g", ["who wins the vote tie"], ["how long does the vote last"]),
    _Entry("c", "h", ["how long does the speech last"], []),
])  # fmt: skip


def _near(words: list[set[str]], game="g", entry="a"):
    built = bank.build(BOOK, _terms)  # type: ignore[arg-type]
    return bank.Bank(built).match({"en": [frozenset(w) for w in words]}).near(game, entry)


def test_a_query_said_like_an_open_question_is_nearer_the_open_side():
    near = _near([{"seer"}, {"dead"}, {"card"}])
    assert near["open-near"] > near["asks-near"] > 0
    assert near["open-lead"] == pytest.approx(near["open-near"] - near["asks-near"])
    assert near["open-own"] == near["open-near"] and near["asks-own"] == near["asks-near"]


def test_a_query_said_like_an_answered_question_is_nearer_the_asks():
    near = _near([{"seer"}, {"see"}, {"card"}])
    assert near["asks-near"] > near["open-near"]
    assert near["open-lead"] < 0


def test_the_own_measures_are_the_first_hits_and_the_near_ones_its_games():
    # "how long ... last" is an open question of b, and an answered one of c's other game
    near = _near([{"long"}, {"last"}], entry="a")
    assert near["open-near"] > 0 and near["open-own"] == 0.0
    assert near["asks-near"] == 0.0  # c's question is the other game's
    other = _near([{"long"}, {"last"}], game="h", entry="c")
    assert other["asks-own"] == other["asks-near"] > 0 and other["open-near"] == 0.0


def test_a_concept_meets_a_question_by_any_of_its_synonyms():
    plain = _near([{"seer"}, {"dead"}])
    by_synonym = _near([{"seer"}, {"corpse", "dead"}])
    assert by_synonym["open-near"] == pytest.approx(plain["open-near"])


def test_a_word_no_question_says_moves_every_question_farther():
    near = _near([{"seer"}, {"dead"}, {"card"}])
    farther = _near([{"seer"}, {"dead"}, {"card"}, {"zorglub"}])
    assert 0 < farther["open-near"] < near["open-near"]


def test_nothing_shared_is_zero_and_an_empty_bank_has_no_open_side():
    assert _near([{"zorglub"}]) == dict.fromkeys(bank.NEAR, 0.0)
    assert not bank.Bank({}).has_open()
    assert bank.Bank(bank.build(BOOK, _terms)).has_open()  # type: ignore[arg-type]


def test_the_judgement_weighs_the_bank_of_the_rules_searched(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = rules_folder(tmp_path, HOUSE)
    with Searcher(folder) as searcher:
        result = searcher.search("how long does the frobnicated protection last", lang="en")
        assert result.hits[0].id == "lg-house-protector"
        features = result.verdict.features
        if features:  # the fitted judgement (the hand rules weigh no features)
            assert features["open-own"] > features["asks-own"]
            assert features["open-lead"] > 0
    assert set(bank.NEAR) <= set(verdict.FEATURES)
