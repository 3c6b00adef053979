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
