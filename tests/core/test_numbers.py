"""The one whole-number rule for what a person types: ASCII digits only."""

from __future__ import annotations

import pytest

from garou.core.numbers import is_whole_number, too_large, whole_number


@pytest.mark.parametrize("text", ["0", "7", "010", "123456789"])
def test_ascii_digits_are_a_whole_number(text):
    assert is_whole_number(text) and whole_number(text) == int(text)


@pytest.mark.parametrize("text", ["²", "③", "٣", "1²", "", " 3", "-3", "+3", "3.0", "1e3", "0x2"])
def test_other_digits_signs_and_spaces_are_not_a_whole_number(text):
    assert not is_whole_number(text) and whole_number(text) is None


def test_a_number_longer_than_the_digits_allowed_is_none():
    assert whole_number("1234567890", max_digits=9) is None
    assert whole_number("123456789", max_digits=9) == 123456789


def test_a_whole_number_beyond_the_bound_is_too_large_never_a_whole_number():
    from garou.core.numbers import MAX_INT

    assert is_whole_number(str(MAX_INT)) and not too_large(str(MAX_INT))
    for text in (str(MAX_INT + 1), "9" * 5000):  # int() of 5000 digits is a Python error
        assert too_large(text) and not is_whole_number(text) and whole_number(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "99999999999999999999",
        "-99999999999999999999",
        "1e19",
        "1_0000000000000000000",
        "-1e400",
        "1e99999999999999999999",
        "9223372036854775807.5",
    ],  # fmt: skip
)
def test_a_number_written_right_but_too_large_is_said_with_the_bound(text):
    from garou.core.numbers import MAX_INT, too_large_said

    assert too_large(text)
    for lang in ("en", "fr"):
        said = too_large_said(text).say(lang)
        assert str(MAX_INT) in said and len(said) < 120


@pytest.mark.parametrize("text", ["1e18", "-5", "0e999999999", "1e-999999999", "x", "inf", "٣"])
def test_a_number_within_the_bound_or_no_number_is_not_too_large(text):
    assert not too_large(text)
