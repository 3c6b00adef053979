"""The one whole-number rule for what a person types: ASCII digits only."""

from __future__ import annotations

import pytest

from garou.core.numbers import is_whole_number, whole_number


@pytest.mark.parametrize("text", ["0", "7", "010", "123456789"])
def test_ascii_digits_are_a_whole_number(text):
    assert is_whole_number(text) and whole_number(text) == int(text)


@pytest.mark.parametrize("text", ["²", "③", "٣", "1²", "", " 3", "-3", "+3", "3.0", "1e3", "0x2"])
def test_other_digits_signs_and_spaces_are_not_a_whole_number(text):
    assert not is_whole_number(text) and whole_number(text) is None


def test_a_number_longer_than_the_digits_allowed_is_none():
    assert whole_number("1234567890", max_digits=9) is None
    assert whole_number("123456789", max_digits=9) == 123456789
