"""Tests of ``garou/cli/search.py``."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("typed", ["", "\n", "le\n", "  \n"])
def test_search_json_without_a_question_is_a_json_error(garou, typed):
    run = garou("search", "--json", "--lang", "en", input=typed)
    assert run.exit_code != 0
    lines = [line for line in run.stdout.splitlines() if line.strip()]
    data = json.loads(run.stdout) if len(lines) != 1 else json.loads(lines[0])
    assert data["error"]["message"] and data["error"]["exit_code"] == run.exit_code


def test_search_json_answers_then_ends_with_the_refused_questions_code(garou):
    run = garou("search", "--json", "--lang", "en", input="vote tie\nle\n")
    answers = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    assert answers[0]["hits"] and "error" in answers[1]
    assert run.exit_code == answers[1]["error"]["exit_code"] != 0
