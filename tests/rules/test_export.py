"""garou.rules.export: every reading of the data is marked in every --json output that
shows what it rests on."""

from __future__ import annotations

import pytest

from garou.rules import load_rules

BOOK = load_rules()
READ_ENTRIES = [(g.id, e) for g in BOOK.games.values() for e in g.entries if e.readings]
READ_ROLES = [(g.id, r) for g in BOOK.games.values() for r in g.roles if r.readings]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_rules_json_marks_every_reading_addition_and_default(garou, lang):
    shown = {e["id"]: e for e in garou("rules", "--json", "--lang", lang).json()}
    for game in BOOK.games.values():
        for entry in game.entries:
            readings = shown[entry.id]["readings"]
            texts = [r["text"] for r in readings if r["kind"] == "reading"]
            assert texts == [r.text.get(lang) for r in entry.readings], entry.id
            assert all(r["by"] == "garou" for r in readings if r["kind"] == "reading")
            added = any(r["kind"] == "addition" for r in readings)
            assert added == (entry.addition or entry.source.addition), entry.id
            if entry.default is not None:
                (default,) = [r for r in readings if r["kind"] == "default"]
                assert default["by"] == ("garou" if entry.default.addition else "document")


@pytest.mark.parametrize(("game", "entry"), READ_ENTRIES, ids=[e.id for _, e in READ_ENTRIES])
def test_show_json_carries_the_entrys_readings(garou, game, entry):
    shown = garou("show", entry.id, "--json", "--lang", "en").json()
    assert [r["text"] for r in shown["readings"] if r["kind"] == "reading"] == [
        r.text.en for r in entry.readings
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_roles_json_and_table_mark_every_roles_reading(garou, lang):
    shown = {(r["game"], r["id"]): r for r in garou("roles", "--json", "--lang", lang).json()}
    table = garou("roles", "--lang", lang).stdout
    for game, role in READ_ROLES:
        texts = [r["text"] for r in shown[(game, role.id)]["readings"]]
        assert [r.text.get(lang) for r in role.readings] == texts[: len(role.readings)]
        assert role.name.get(lang) in table
    assert ("(lecture)" if lang == "fr" else "(reading)") in table


def test_win_json_and_text_say_the_parity_reading_it_applies(garou):
    args = ("win", "-g", "loup-garou", "-p", "A=loup,B=loup,C=villageois,D=villageois")
    data = garou(*args, "--json", "--lang", "en").json()
    wolves = BOOK.game("loup-garou").entry("lg-win-wolves")
    marked = [r["text"] for r in data["readings"] if r["rule"] == "lg-win-wolves"]
    assert marked == [r.text.en for r in wolves.readings]
    assert [s["code"] for s in data["steps"]].count("win.reading") == len(wolves.readings)
    said = garou(*args, "--lang", "fr").stdout
    assert "Lecture de garou" in said


def test_cascade_and_vote_json_carry_readings(garou):
    table = "A=loup,B=villageois,C=villageois,D=sorciere,E=chasseur,F=villageois"
    cascade = garou("cascade", "-g", "loup-garou", "-p", table, "-x", "B:night", "--json")
    assert cascade.exit_code == 0 and isinstance(cascade.json()["readings"], list)
    vote = garou("vote", "-g", "loup-garou", "-p", table, "-v", "A=B,B=A,C=B,D=B", "--json")
    assert vote.exit_code == 0 and isinstance(vote.json()["readings"], list)


def test_search_json_hits_carry_their_entrys_readings(garou):
    run = garou("search", "what do the witch's potions do", "--json", "--lang", "en")
    hits = {h["id"]: h for h in run.json()["hits"]}
    witch = BOOK.game("loup-garou").entry("lg-role-sorciere")
    assert "lg-role-sorciere" in hits
    assert [r["text"] for r in hits["lg-role-sorciere"]["readings"] if r["kind"] == "reading"] == [
        r.text.en for r in witch.readings
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_sheriff_and_the_don_as_power_roles_are_garou_s_reading(garou, lang):
    roles = {r["id"]: r for r in garou("--lang", lang, "roles", "-g", "mafia", "--json").json()}
    assert roles["sherif"]["power_reading"] and roles["don"]["power_reading"]
    assert roles["citoyen"]["power_reading"] is None
    shown = garou("--lang", lang, "roles", "-g", "mafia").stdout
    mark = "lecture de garou" if lang == "fr" else "garou's reading"
    rows = {line.split("│")[1].strip(): line for line in shown.splitlines() if line.count("│") > 3}
    assert mark in rows["sherif"] and mark in rows["don"]
    assert mark not in rows["citoyen"]


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
