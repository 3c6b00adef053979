"""The search's pipeline: what it refuses to answer before any entry is judged."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    "query",
    [
        "1=1",
        "<script>alert(1)</script>",
        "SELECT * FROM users WHERE id=1; DROP TABLE games;--",
        "' OR '1'='1",
        "1 2 3",
        "{{7*7}}",
        "<b>42</b>",
        "UPDATE users SET admin=1 WHERE name='x'",
    ],
)
def test_a_query_with_no_word_of_the_rules_is_not_answered_and_says_why(searcher, query):
    result = searcher.search(query, lang="en")
    assert not result.answered
    assert result.hits == []
    assert result.verdict is not None and result.verdict.reason == "no-words"


@pytest.mark.parametrize(
    "query", ["vote", "nuit 1", "12 joueurs", "<b>vote</b> tie", "2 loups", "the witch"]
)
def test_a_query_with_a_word_of_the_rules_among_numbers_or_markup_is_searched(searcher, query):
    result = searcher.search(query, lang="en")
    assert result.hits
    assert result.verdict is not None and result.verdict.reason != "no-words"


def test_the_command_says_a_wordless_query_is_not_a_question_about_the_game(garou):
    from garou.core.catalogue import say

    done = garou("search", "1=1", "--lang", "en")
    assert done.exit_code == 1
    assert say("search.why.no-words", "en") in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    data = garou("search", "<script>alert(1)</script>", "--json").json()
    assert data["answered"] is False and data["hits"] == [] and data["reason"] == "no-words"


CLOSE = "Que se passe-t-il si la mafia vise deux cibles différentes ?"


@pytest.mark.parametrize(
    "query", [CLOSE, "loups unanimes", "scoring classic", "chasseur amoureux", "vote", "lynch tie"]
)
def test_the_first_two_hits_are_a_close_call_when_the_ranking_s_logits_are_near(searcher, query):
    import math

    from garou.lookup.searcher import CLOSE_CALL

    result = searcher.search(query, lang="fr")
    first, second = (math.log(h.score / (1 - h.score)) for h in result.hits[:2])
    near = first - second <= CLOSE_CALL
    assert bool(result.close) == (near and result.answered and not result.per_game)
    if result.close:
        assert result.close == result.hits[:2]
        assert result.to_dict()["close_call"] == [h.id for h in result.hits[:2]]


def test_a_close_call_is_shown_in_full_both_rulings_and_says_the_question_may_be_either(
    searcher, garou
):
    from garou.core.catalogue import say

    result = searcher.search(CLOSE, lang="en")
    assert len(result.close) == 2
    done = garou("search", CLOSE, "--lang", "en")
    out = " ".join(done.stdout.split())
    assert say("search.close-call", "en") in out
    for hit in result.close:
        assert " ".join(hit.text.split())[:60] in out  # each ruling in full, not one line


def test_the_web_shows_a_close_call_s_two_rulings(private_cache):
    from urllib.parse import quote

    from garou.core.catalogue import say
    from garou.web import create_app

    html = create_app().test_client().get(f"/search?q={quote(CLOSE)}&lang=en").text
    assert say("web.search.close-call", "en") in html
