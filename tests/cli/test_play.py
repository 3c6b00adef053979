"""Tests of ``garou/cli/play.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import _limits


def test_win_and_cascade_count_a_disqualified_mafioso_out(garou, tmp_path: Path):
    attr, limit = _limits()[0]
    path = tmp_path / "f.yaml"
    path.write_text(
        f'game: mafia\nplayers:\n  "1": {{role: mafia, {attr}: {limit}}}\n  "2": mafia\n'
        '  "3": citoyen\n  "4": citoyen\n  "5": citoyen\n',
        encoding="utf-8",
    )
    win = json.loads(garou("win", "--state", str(path), "--json").stdout)
    assert win["winner"] is None
    assert sorted(win["alive"].values()) == [1, 3]
    cascade = json.loads(garou("cascade", "--state", str(path), "-x", "3:vote", "--json").stdout)
    assert cascade.get("winner") is None, cascade.get("winner")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_mapping_where_a_text_is_expected_is_said_as_written(garou, tmp_path, lang):
    state = tmp_path / "d.yaml"
    state.write_text("game: loup-garou\nplayers:\n  Ana: loup-garou\n  Bob: {role: villageois, "
                     "alive: no}\n  Cid: villageois\ndeaths: {Bob: {cause: noyade}}\n")  # fmt: skip
    said = garou("win", "--state", str(state), "--lang", lang)
    assert said.exit_code == 1 and "{cause: noyade}" in said.stderr and "{'" not in said.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_missing_game_of_a_state_file_offers_one_game_or_the_other(garou, tmp_path, lang):
    state = tmp_path / "s.yaml"
    state.write_text("players:\n  Ana: loup-garou\n  Bob: villageois\n")
    said = garou("win", "--state", str(state), "--lang", lang).stderr
    assert {"fr": "loup-garou ou mafia", "en": "loup-garou or mafia"}[lang] in said


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_unknown_role_lists_the_roles_by_their_names(garou, lang):
    said = garou("win", "-g", "loup-garou", "-p", "Ana=sorcire,Bob=loup-garou", "--lang", lang)
    text = " ".join(said.stderr.split())
    assert {"fr": "Sorcière", "en": "Witch"}[lang] in text and "sorciere" not in text


@pytest.mark.parametrize(
    "args",
    [
        ["-p", "--json"],
        ["-p", "Ana=loup", "--dead", "--json"],
        ["-p", "Ana=loup", "--captain", "--json"],
    ],
)
def test_an_option_given_no_value_does_not_take_the_next_one(garou, args):
    run = garou("win", "-g", "lg", *args, "--lang", "en")
    assert run.exit_code == 2
    assert "takes a value, not the option --json" in run.stdout + run.stderr
    assert "players.--json" not in run.stdout + run.stderr


def test_garou_win_says_the_death_potion_can_prevent_the_parity(garou, tmp_path):
    state = tmp_path / "w.yaml"
    state.write_text(
        "game: loup-garou\nplayers: {Ana: loup-garou, Bob: loup-garou, Cid: sorciere,"
        " Dee: villageois, Eve: villageois}\nwitch: {life: used, death: unused}\n",
        encoding="utf-8",
    )
    run = garou("win", "--state", str(state), "--next", "night", "--lang", "en", "--json")
    assert run.exit_code == 0, run.stderr
    step = next(s for s in run.json()["steps"] if s["code"].startswith("win.night-parity-"))
    assert step["code"] == "win.night-parity-witch-can-poison"
    assert "no longer" not in step["message"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_garou_fouls_counts_an_interruption_as_an_ordinary_foul(garou, lang):
    word = {"fr": "interpelle", "en": "interrupted"}[lang]
    run = garou("fouls", "-g", "mafia", "--foul", "3=2", word, "--lang", lang, "--json")
    assert run.exit_code == 0, run.stderr
    result = run.json()
    assert [b["id"] for b in result["behaviours"]] == ["interrupt"] and result["certain"]
    total = [s for s in result["steps"] if s["code"] == "fouls.total-reached"]
    assert total and total[0]["rule"] == "mf-foul" and total[0]["count"] == 3


@pytest.mark.parametrize("count", ["²", "③", "٣"])
def test_a_tally_in_other_than_ascii_digits_is_refused_with_a_message(garou, count):
    run = garou("vote", "--game", "loup-garou", "-p", "Ana", "-p", "Bob", "-p", "Cid",
                "--tally", f"Ana={count}")  # fmt: skip
    assert run.exit_code == 2
    assert f"Ana={count}" in run.stderr and "Traceback" not in run.stderr
