"""Mafia readings the data presents are marked as garou's (garou.rules.export, roles)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_sheriff_and_the_don_as_power_roles_are_garou_s_reading(garou, lang):
    roles = {r["id"]: r for r in garou("--lang", lang, "roles", "-g", "mafia", "--json").json()}
    assert roles["sherif"]["power_reading"] and roles["don"]["power_reading"]
    assert roles["citoyen"]["power_reading"] is None
    shown = garou("--lang", lang, "roles", "-g", "mafia").stdout
    assert shown.count("lecture de garou" if lang == "fr" else "garou's reading") == 2


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_don_s_card_marks_that_he_shoots_as_garou_s_reading(garou, lang):
    shown = " ".join(garou("--lang", lang, "show", "mf-role-don").stdout.split())
    assert "mf-night-shots" in shown


def test_a_speech_has_a_fixed_length_as_the_document_gives_it(book):
    game = book.game("mafia")
    speech = game.entry("mf-speech")
    assert "au plus" not in speech.text.fr and "at most" not in speech.text.en
    for option in game.entry("mf-setting-speech").options:
        assert "au plus" not in option.text.fr and "at most" not in option.text.en
