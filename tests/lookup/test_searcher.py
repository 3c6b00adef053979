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
