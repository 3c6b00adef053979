"""Tests of ``garou/rules/play/vote.py``."""

from __future__ import annotations

import pytest

from tests.helpers import _agreement

LG_TABLE = ("-g", "loup-garou", "-p", "Ana=loup-garou,Bob=villageois,Cid=villageois,Dee=voyante")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("captain", [None, "with-captain", "without-captain"])
def test_a_tie_without_a_captain_says_whose_reading_sends_it_to_the_revote(
    garou, tmp_path, lang, captain
):
    # loup-garou.txt: "En cas d'égalité, c'est le capitaine qui tranche. Sans capitaine, on
    # revote une fois …": taking a missing --captain as "no captain" is garou's reading,
    # unless the table's agreement plays without one.
    table = (*LG_TABLE, *_agreement(garou, tmp_path, captain))
    args = ("vote", *table, "-v", "Ana=Bob,Bob=Ana", "--no-input", "--lang", lang)
    data = garou(*args, "--json").json()
    said = [s for s in data["steps"] if s["code"].startswith("tie.no-captain")]
    assert len(said) == 1, data["steps"]
    expected = "agreement" if captain == "without-captain" else "garou"
    assert said[0]["reading"] == expected and said[0]["case"] == "lg-setting-captain"
    assert ("garou" in said[0]["message"]) == (expected == "garou")
    assert data["next"]["round"] == "revote"
    human = garou(*args)
    assert human.exit_code == 0
    flat = " ".join(human.stdout.split())
    assert " ".join(said[0]["message"].split()[:6]) in flat


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_tie_with_a_captain_named_or_a_revote_says_no_captain_reading(garou, lang):
    tie = ("vote", *LG_TABLE, "--no-input", "--lang", lang, "--json")
    with_captain = garou(*tie, "-v", "Ana=Bob,Bob=Ana", "-c", "Cid").json()
    revote = garou(*tie, "-v", "Ana=Bob,Bob=Ana", "--round", "revote", "--tied", "Ana,Bob").json()
    for data in (with_captain, revote):
        assert not [s for s in data["steps"] if s["code"].startswith("tie.no-captain")]


# --- the captain's tie question shows the count --------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Count: A (2 votes) and B (2 votes). A tie. Captain C"),
     ("fr", "Décompte : A (2 voix) et B (2 voix). Égalité. Capitaine C")],
)  # fmt: skip
def test_the_captains_question_shows_the_count_first(garou, lang, said):
    run = garou("vote", "-g", "loup-garou", "-p", "A,B,C,D", "-c", "C",
                "-v", "A=B,B=A,C=B,D=A", "--no-input", "--json", "--lang", lang)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    question = run.json()["pending"]["question"].replace("\u00a0", " ")
    assert question.startswith(said)
