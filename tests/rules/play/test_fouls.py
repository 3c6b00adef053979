"""Tests of ``garou/rules/play/fouls.py``."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MF


def _timed():
    from garou.rules.play.fouls import game_fouls

    timed = [b for b in game_fouls(MF).behaviours if b.seconds is not None]
    assert timed, "no behaviour with a time limit: the test would check nothing"
    return timed


FR_WORDS = {15: "quinze", 20: "vingt", 30: "trente", 60: "soixante", 10: "dix", 5: "cinq"}


EN_WORDS = {15: "fifteen", 20: "twenty", 30: "thirty", 60: "sixty", 10: "ten", 5: "five"}


@pytest.mark.parametrize(
    ("said", "offence"),
    [
        ("{id} plus de {n} secondes", True),
        ("{id} more than {n} seconds", True),
        ("{id} over {n} s", True),
        ("{id} {n} secondes", False),
        ("{id} plus de {below} s", None),  # more than less than the limit: not told
        ("{id} moins de {n} secondes", False),
        ("{id} {fr_above} secondes", True),
        ("{id} {en_above} seconds", True),
        ("{id} {fr_n} secondes", False),
        ("{id} une minute", True),
        ("{id} a minute", True),
    ],
)
def test_a_timed_behaviours_duration_is_read_with_its_bound_and_in_words(said, offence):
    from garou.rules.play import find_behaviours, judge_fouls

    for behaviour in _timed():
        n = int(behaviour.seconds)
        if offence is True and "minute" in said and n >= 60:
            continue
        above = min(k for k in FR_WORDS if k > n) if any(k > n for k in FR_WORDS) else None
        below = max(1, n // 2)
        if ("{fr_above}" in said or "{en_above}" in said) and above is None:
            continue
        if ("{fr_n}" in said) and n not in FR_WORDS:
            continue
        text = said.format(
            id=behaviour.id,
            n=n,
            below=below,
            fr_above=FR_WORDS.get(above or 0, ""),
            en_above=EN_WORDS.get(above or 0, ""),
            fr_n=FR_WORDS.get(n, ""),
        )
        result = judge_fouls(MF, (), find_behaviours(MF, text), "en")
        assert result.offence is offence, (text, [s.message for s in result.steps])


@pytest.mark.parametrize(
    ("said", "lang"),
    [("a montré sa carte", "fr"), ("showed his card", "en"), ("il a montré ses notes", "fr")],
)
def test_one_shared_word_alone_proposes_no_behaviour(garou, said, lang):
    from garou.rules import UnknownIdError
    from garou.rules.play import find_behaviours

    with pytest.raises(UnknownIdError):
        find_behaviours(MF, said)
    run = garou("fouls", "-g", "mafia", said, "--lang", lang, "--json")
    assert run.exit_code == 1 and "error" in json.loads(run.stdout)


@pytest.mark.parametrize(
    "query",
    ["interpeller hors de son tour", "Interpeller hors de son tour vaut une faute",
     "il a interpellé", "elle interpelle", "interpellation", "il interrompt", "a coupé la parole",
     "interrupting out of turn", "interrupt", "he interrupted", "she interrupts", "interruption",
     "spoke out of turn", "interpeller"],
)  # fmt: skip
def test_the_document_s_foul_is_found_by_its_words_and_inflections(query):
    from garou.rules import load_rules
    from garou.rules.play import find_behaviours, judge_fouls

    game = load_rules().game("mafia")
    found = find_behaviours(game, query)
    assert found.certain and [b.id for b in found.behaviours] == ["interrupt"]
    assert found.behaviours[0].sanction == "foul"
    step = judge_fouls(game, behaviours=found, lang="en").steps[0]
    assert step.rule == "mf-foul" and "technical" not in step.data["sanction"]


@pytest.mark.parametrize("word", ["hors", "outside", "avec", "from", "pendant", "without"])
def test_a_function_word_alone_names_no_behaviour(word):
    from garou.core.errors import UnknownIdError
    from garou.rules import load_rules
    from garou.rules.play import find_behaviours

    with pytest.raises(UnknownIdError):
        find_behaviours(load_rules().game("mafia"), word)
