"""Tests of ``garou/game/sentences.py``."""

from __future__ import annotations

import re

import pytest

from garou.core.catalogue import say
from tests.helpers import LG_GAME_FILES as GAMES
from tests.helpers import _imported, foreign_words


def test_every_event_kind_has_its_name_in_both_languages():
    from garou.core.catalogue import Phrase
    from garou.game import mafia, table
    from garou.game.sentences import event_kind

    for kind in {*table.KINDS, *mafia.KINDS}:
        said = event_kind(kind)
        assert isinstance(said, Phrase), kind
        assert said.say("fr") != kind and f"({kind})" in said.say("fr")


_REPR = re.compile(r"[{}\[\]]|(?<![^\W\d_])'|'(?![^\W\d_])|\\x|None|True|False")
"""What Python data looks like in a text: brackets, a quote not inside a word (French
elision, d'Alice, stays), a None/True/False."""


def _recap_texts(garou, db, lang):
    texts = [garou("game", "recap", "--db", db, "--lang", lang, env={"COLUMNS": "200"}).stdout]
    texts.append(garou("game", "recap", "--db", db, "--lang", lang, "-f", "md").stdout)
    data = garou("game", "recap", "--db", db, "--lang", lang, "--json").json()
    texts += [
        *data["corrections"],
        *(line["text"] for p in data["timeline"] for line in p["lines"]),
    ]
    return texts


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_recap_says_every_corrected_and_undone_event_in_words(
    garou, book, path, lang, tmp_path
):
    from garou.game import session

    journal, game_id = _imported(book, path, tmp_path)
    with journal:
        events = journal.events(game_id)
        for event in events[1:]:  # each event corrected into itself: its sentence, twice
            session.correct(journal, book, game_id, event.seq, "typo", event.to_dict())
        session.undo(journal, book, game_id)
    db = str(journal.path)
    import yaml

    name = yaml.safe_load(path.read_text(encoding="utf-8"))["game"]["name"]
    for text in _recap_texts(garou, db, lang):
        assert not _REPR.search(text), (_REPR.search(text), text)
        assert foreign_words(text.replace(name, ""), lang) == set(), text
    data = garou("game", "recap", "--db", db, "--lang", lang, "--json").json()
    assert len(data["corrections"]) == len(events)  # every correction, and the undo


SAMPLES = {
    "start": {"players": ["Ana", "Bob"]},
    "roles": {"roles": {"Ana": "voyante", "Bob": "loup"}},
    "couple": {"lovers": ["Ana", "Bob"], "by": ["Cid"]},
    "look": {"target": "Ana", "by": "Bob", "role": "chasseur"},
    "kill": {"victim": "Ana", "by": ["Bob", "Cid"], "decided": "majority"},
    "potions": {"save": True, "poison": "Bob", "by": "Cid"},
    "call": {"step": "sorciere", "why": "dead"},
    "dawn": {"shoot": {"Ana": "Bob"}, "successor": {"Cid": "Dan"}, "roles": {"Eve": "villageois"}},
    "election": {"captain": "Ana"},
    "vote": {"votes": {"Ana": "Bob", "Bob": "Ana"}, "captain_pick": "Bob", "tallies": {"Ana": 3}},
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_event_kind_has_a_sentence_with_its_values_in_words(book, lang):
    from garou.game.sentences import event_sentence
    from garou.game.table import FIELDS, KINDS

    game = book.game("loup-garou")
    assert set(SAMPLES) == set(KINDS)
    for kind, data in SAMPLES.items():
        assert set(data) <= set(FIELDS[kind]), kind
        text = event_sentence(game, kind, data).say(lang)
        assert not _REPR.search(text), text
        assert foreign_words(text, lang) == set(), text
        for name in ("Ana", "Bob", "Cid", "Dan", "Eve"):
            assert kind == "start" or (name in text) == (name in str(data)), (kind, name, text)
    seer = event_sentence(game, "roles", SAMPLES["roles"]).say(lang)
    assert book.game("loup-garou").role("voyante").name.get(lang) in seer


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_tie_the_captain_settles_is_said_in_the_recap(garou, book, lang, tmp_path):
    from garou.game import session

    journal, game_id = _imported(
        book, GAMES[[p.stem for p in GAMES].index("hunter-lover")], tmp_path
    )
    with journal:
        session.undo(journal, book, game_id)  # the day's vote, cast again as a tie
        votes = {"Alice": "Farid", "Chloé": "Alice", "Farid": "Alice", "Gaëlle": "Farid",
                 "Hugo": "Chloé"}  # fmt: skip
        session.record(journal, book, game_id, "vote", {"votes": votes, "captain_pick": "Alice"})
    data = garou("game", "recap", "--db", str(journal.path), "--lang", lang, "--json").json()
    lines = [line["text"] for p in data["timeline"] for line in p["lines"]]
    settled = say("game.story.captain-settles", lang, names=["Alice", "Farid"], captain="Farid",
                  name="Alice")  # fmt: skip
    assert settled in lines, lines
