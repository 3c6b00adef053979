"""garou.core.names: the one rule of a name and of a free text a person types."""

from __future__ import annotations

import pytest

from garou.core.names import MAX_NAME, MAX_TEXT, name_problem, text_problem


def test_a_name_up_to_the_bound_is_kept_and_one_past_it_is_said_with_its_length():
    assert name_problem("A" * MAX_NAME) is None
    said = name_problem("A" * (MAX_NAME + 1))
    assert said is not None
    message = said.say("en")
    assert f"{MAX_NAME + 1} characters long" in message and f"at most {MAX_NAME}" in message


def test_a_free_text_up_to_the_bound_is_kept_and_a_longer_one_names_its_field():
    assert text_problem("x" * MAX_TEXT, "--why") is None
    said = text_problem("x" * 100_000, "--why")
    assert said is not None
    for lang in ("en", "fr"):
        message = said.say(lang)
        assert message.startswith("--why") and "100000" in message and str(MAX_TEXT) in message
        assert len(message) < 300  # the text is shown by its beginning, never whole


@pytest.mark.parametrize("text", ["a\u200bb", "a\x1b[2Jb", "a\u202eb", "a\nb"])
def test_a_hidden_character_is_refused_in_a_name_and_in_a_free_text(text):
    for said in (name_problem(text), text_problem(text)):
        assert said is not None and "U+" in said.say("en")
        assert "\x1b" not in said.say("en") and "\u202e" not in said.say("fr")


@pytest.mark.parametrize("blank", ["", " ", "\u00a0", "   "])
def test_a_name_of_nothing_but_spaces_is_no_name(blank):
    from garou.core.names import name_problem

    said = name_problem(blank)
    assert said is not None and said.key == "core.name.blank"
    assert name_problem(" Ana ") is None


@pytest.mark.parametrize(
    "look_alike", ["Ana\u3164", "A\u034fna", "Ana\u2800", "\u115fAna", "Ana\uffa0"]
)
def test_a_letter_that_draws_nothing_is_hidden_so_no_second_ana(look_alike):
    from garou.core.names import hidden_character, name_problem

    assert hidden_character(look_alike) is not None
    said = name_problem(look_alike)
    assert said is not None and said.key == "game.refused.hidden-character"


def test_a_name_of_marks_alone_shows_nothing_and_is_no_name():
    from garou.core.names import name_problem

    said = name_problem("\u0301\u0300")
    assert said is not None and said.key == "core.name.blank"


def test_a_name_is_measured_as_it_shows_composed_or_not():
    import unicodedata

    from garou.core.names import MAX_NAME, name_problem

    composed = "é" * MAX_NAME
    decomposed = unicodedata.normalize("NFD", composed)
    assert len(decomposed) == 2 * MAX_NAME
    assert name_problem(composed) is None and name_problem(decomposed) is None
    assert name_problem(composed + "é") is not None
