"""The one reader of numbers and of a client's JSON: finite, bounded, never a traceback."""

from __future__ import annotations

import pytest

from garou.core.reader import MAX_INT, Scalar, as_float, as_int, read_json


@pytest.mark.parametrize("text", ["1e309", "-1e309", ".inf", "nan", "1" * 30, "1e19"])
def test_a_number_beyond_finite_or_bounded_is_no_number(text):
    assert as_float(Scalar(text)) is None


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 10**400, -(2**64)])
def test_a_typed_value_beyond_finite_or_bounded_is_no_number(value):
    assert as_float(value) is None


def test_a_whole_number_beyond_sqlite_integers_is_none_even_with_five_thousand_digits():
    assert as_int(Scalar("9" * 5000)) is None
    assert as_int(Scalar(str(MAX_INT))) == MAX_INT
    assert as_int(Scalar(str(MAX_INT + 1))) is None
    assert as_int(Scalar("0" * 40 + "12")) == 12


@pytest.mark.parametrize(
    "text",
    ['{"at": NaN}', '{"at": Infinity}', '{"at": 1e309}', '{"n": ' + "9" * 30 + "}",
     "[" * 5000 + "]" * 5000, '{"a":' * 40 + "1" + "}" * 40, "not json"],
)  # fmt: skip
def test_a_json_field_that_is_not_finite_bounded_and_shallow_reads_as_none(text):
    assert read_json(text) is None


def test_a_json_field_of_an_event_reads_as_it_was_written():
    assert read_json('{"votes": {"Ana": "Bob"}, "at": 1.5, "n": 3}') == {
        "votes": {"Ana": "Bob"},
        "at": 1.5,
        "n": 3,
    }
