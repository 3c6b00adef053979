"""The question bank's roles, statuses and Mafia entries: a role's or a status's asks reach
its generated entry's search, and the shipped bank covers every block it is written for."""

from __future__ import annotations

import pytest

from garou.lookup.searcher import Searcher
from garou.rules import load_rules
from tests.helpers import rules_folder

HOUSE = """\
game: loup-garou
roles:
  - id: veilleur
    name: {fr: Veilleur, en: Watcher}
    camp: village
    power: true
    section: additions
    addition: true
    summary: {fr: Il observe la nuit., en: He watches at night.}
    asks:
      fr: [le zorglub quetzalcoatl voit quoi]
      en: [what does the frobnicated wibble see]
statuses:
  - id: veuf
    name: {fr: Veuf, en: Widower}
    section: additions
    addition: true
    summary: {fr: Un statut de garou., en: A garou status.}
    asks:
      fr: [le brontoplume grizzlifou survit]
      en: [does the snorkelwump gribbleton survive]
"""


def test_a_roles_or_statuses_asks_find_its_generated_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = rules_folder(tmp_path, HOUSE)
    book = load_rules(folder)
    cases = [
        ("zorglub quetzalcoatl", "fr", "lg-role-veilleur"),
        ("frobnicated wibble", "en", "lg-role-veilleur"),
        ("brontoplume grizzlifou", "fr", "lg-status-veuf"),
        ("snorkelwump gribbleton", "en", "lg-status-veuf"),
    ]
    for query, _, _ in cases:
        # Only the asks hold these words: nothing else can find the entry.
        assert not any(
            w in f"{e.title.fr} {e.title.en} {e.text.fr} {e.text.en} {e.keywords.all()}".lower()
            for e in book.entries()
            for w in query.split()
        )
    with Searcher(folder) as searcher:
        for query, lang, wanted in cases:
            result = searcher.search(query, lang=lang)
            assert result.hits and result.hits[0].id == wanted, (query, result.hits[:3])


def _blocks():
    book = load_rules()
    for game in ("mafia", "loup-garou"):
        rules = book.game(game)
        for item in (*rules.roles, *rules.statuses):
            yield item.entry_id, item.asks
    for entry in book.game("mafia").entries:
        if entry.kind not in ("role", "status"):
            yield entry.id, entry.asks


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_role_status_and_mafia_entry_lists_the_questions_it_answers(lang):
    # The bank is written per block (COMMON to both banks: 4 to 8 questions a language);
    # a block left without asks is one the search reaches only through the rules' wording.
    for block, asks in _blocks():
        questions = asks.get(lang)
        assert 4 <= len(questions) <= 8, (block, lang, len(questions))
        assert len(set(questions)) == len(questions), (block, lang)
        assert all(q.rstrip().endswith("?") for q in questions), (block, lang)


def test_no_question_of_the_bank_is_listed_under_two_entries():
    # A question listed twice points at both entries: the bank says which one answers it.
    owners: dict[tuple[str, str], str] = {}
    for entry in load_rules().entries():
        for lang in ("fr", "en"):
            for question in entry.asks.get(lang):
                said = (lang, " ".join(question.lower().split()))
                assert owners.setdefault(said, entry.id) == entry.id, (question, owners[said])
