"""garou.rules.play.vote: the captain settles a tie once the count is shown."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Count: A (2 votes) and B (2 votes). A tie: captain C"),
     ("fr", "Décompte : A (2 voix) et B (2 voix). Égalité : capitaine C")],
)  # fmt: skip
def test_the_captains_question_shows_the_count_first(garou, lang, said):
    run = garou("vote", "-g", "loup-garou", "-p", "A,B,C,D", "-c", "C",
                "-v", "A=B,B=A,C=B,D=A", "--no-input", "--json", "--lang", lang)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    question = run.json()["pending"]["question"].replace("\u00a0", " ")
    assert question.startswith(said)
