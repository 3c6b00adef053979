"""Tests of ``garou/core/errors.py``."""

from __future__ import annotations

from tests.helpers import _say_all


def test_no_python_repr_of_a_mapping_or_a_list_reaches_a_message():
    # « il faut un texte non vide, pas {'cause': 'noyade'} »: a value the user wrote in YAML is
    # said as YAML ({cause: noyade}), whatever message it goes in.
    from garou.core.errors import shown

    for value in ({"cause": "noyade"}, [{"cause": "noyade"}, ["a", {"b": None}]]):
        for key, lang, text in _say_all(value):
            assert "{'" not in text and "['" not in text and "None" not in text, (key, lang, text)
    assert shown({"cause": "noyade", "by": ["Ana", "Bob"]}) == "{cause: noyade, by: [Ana, Bob]}"
    assert shown({"a": "x: y", "b": None}) == "{a: 'x: y', b: null}"
