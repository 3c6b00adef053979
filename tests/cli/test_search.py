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


@pytest.mark.parametrize(
    "command",
    [["search", "vote"], ["cascade", "-g", "lg", "-p", "Ana=loup-garou"],
     ["win", "-g", "lg", "-p", "Ana=loup-garou"],
     ["vote", "-g", "lg", "-p", "Ana,Bob", "--vote", "Ana=Bob"]],
)  # fmt: skip
def test_every_agreement_option_says_a_folder_is_a_folder_and_a_missing_file_missing(
    garou, tmp_path, command
):
    folder = tmp_path / "accords"
    folder.mkdir()
    from_env = {"GAROU_AGREEMENT": str(folder)}
    for given, env in ((["--agreement", str(folder)], None), ([], from_env)):
        run = garou(*command, *given, "--lang", "en", "--json", env=env)
        error = run.json()["error"]
        assert run.exit_code == 1 and "is a folder" in error["message"], error
    run = garou(*command, "--agreement", str(tmp_path / "none.yaml"), "--lang", "en")
    assert run.exit_code == 1 and "no agreement file at" in run.stderr
    assert "GAROU_AGREEMENT" in run.stderr


def test_search_json_is_strict_json_even_for_a_value_that_is_not_finite(garou, monkeypatch):
    from garou.lookup.searcher import SearchResult

    real = SearchResult.to_dict

    def with_nan(self):
        return {**real(self), "score": float("nan")}

    monkeypatch.setattr(SearchResult, "to_dict", with_nan)
    run = garou("search", "vote", "--json", "--lang", "en")
    assert run.exit_code == 1 and ": NaN" not in run.stdout
    assert "not a finite number" in run.json()["error"]["message"]


def _dicts(data):
    """Every dictionary in ``data``, however deep."""
    if isinstance(data, dict):
        yield data
        data = list(data.values())
    if isinstance(data, list):
        for item in data:
            yield from _dicts(item)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_json_gives_each_game_s_answer_whole_and_its_why_beyond_the_limit(garou, lang):
    data = garou("search", "vote", "-n", "1", "--json", "--explain", "--lang", lang).json()
    assert len(data["per_game"]) == 2 and len(data["hits"]) == 1  # the other game's: beyond
    for entry_id in data["per_game"].values():
        found = [d for d in _dicts(data) if d.get("id") == entry_id]
        assert any("text" in d and "why" in d for d in found), (entry_id, found)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_explain_numbers_each_listed_hit_as_the_list_does(garou, lang):
    import re

    from garou.core.catalogue import say

    run = garou("search", "what", "does", "the", "seer", "do", "-n", "4", "--explain",
                "--lang", lang)  # fmt: skip
    listed, why = run.stdout.split(say("search.explain.heading", lang))
    numbers = dict(re.findall(r"^(\d+)\. .*?· (\S+)\s*$", listed, re.M))
    numbers = {entry_id: number for number, entry_id in numbers.items()}
    explained = {entry_id: n for n, entry_id in re.findall(r"^(\d+)\. .*\((\S+)\)$", why, re.M)}
    assert numbers and all(explained[e] == n for e, n in numbers.items()), (numbers, explained)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_explain_says_why_a_role_of_other_editions_is_not_covered(garou, lang):
    from garou.core.catalogue import say

    run = garou("search", "le", "salvateur", "--explain", "--lang", lang)
    assert run.exit_code == 1
    assert say("search.explain.verdict", lang) in run.stdout
    data = garou("search", "le", "salvateur", "--explain", "--json", "--lang", lang).json()
    assert data["reason"] == "outside" and data["why"]["reason"] == "outside", data
