"""The command line's one JSON printer is strict: never NaN nor Infinity."""

from __future__ import annotations

import json

import pytest

from garou.cli.output import json_text
from garou.core.errors import GarouError


@pytest.mark.parametrize("value", [float("inf"), float("nan"), -float("inf")])
def test_json_output_refuses_a_number_that_is_not_finite(value):
    with pytest.raises(GarouError) as caught:
        json_text({"standings": [{"points": value}]})
    assert "finite" in caught.value.message("en")


def test_json_output_is_read_back_by_a_strict_reader():
    text = json_text({"points": 1.35, "name": "Gaëlle"})
    assert json.loads(text, parse_constant=lambda c: pytest.fail(c)) == {
        "points": 1.35,
        "name": "Gaëlle",
    }
