"""Tests of ``garou/cli/house.py``."""

from __future__ import annotations

import re

import pytest

from tests.helpers import ODD_NAMES, _flat


def test_garou_s_own_role_is_marked_on_the_agreement_and_in_house_show(garou, tmp_path):
    with_cupid = tmp_path / "a.yaml"
    made = garou("--lang", "en", "house", "pick", "--game", "loup-garou", "--defaults",
                 "--players", "8", "--roles", "loup-garou=2,voyante,cupidon,villageois=4",
                 "-o", str(with_cupid))  # fmt: skip
    assert made.exit_code == 0, made.stderr
    for lang, cupid, note in (
        ("en", "Cupid", "garou addition"),
        ("fr", "Cupidon", "Ajout de garou"),
    ):
        sheet = garou("--lang", lang, "print", "agreement", str(with_cupid), "-f", "md", "-o", "-")
        assert sheet.exit_code == 0, sheet.stderr
        assert f"1 × {cupid}\\*" in sheet.stdout and note in sheet.stdout
        shown = garou("--lang", lang, "house", "show", str(with_cupid))
        assert f"{cupid}* × 1" in shown.stdout and note in " ".join(shown.stdout.split())
    plain = tmp_path / "b.yaml"
    garou("--lang", "en", "house", "pick", "--game", "loup-garou", "--defaults", "--players",
          "8", "--roles", "loup-garou=2,voyante,villageois=5", "-o", str(plain))  # fmt: skip
    shown = garou("--lang", "en", "house", "show", str(plain))
    assert "Seer × 1" in shown.stdout and "garou addition" not in shown.stdout


def test_house_pick_takes_names_holding_any_character(garou, book, tmp_path):
    from garou.core.lists import quote_names
    from garou.houserules import load_agreement

    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "--game", "loup-garou", "--defaults", "-o", str(out),
                   "--players", "8", "--roles", "loup-garou=2,voyante,villageois=5",
                   "--names", quote_names(ODD_NAMES))  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert list(load_agreement(out, book).setup.names) == ODD_NAMES


@pytest.mark.parametrize(
    ("args", "what"),
    [(["check", "{f}"], "not a setup"), (["cascade", "--state", "{f}"], "not a table state"),
     (["game", "import", "{f}"], "not a game record"),
     (["game", "new", "--setup", "{f}"], "not a setup")],
)  # fmt: skip
def test_an_agreement_given_for_another_file_is_said_to_be_one(garou, tmp_path, args, what):
    agreement = tmp_path / "accord.yaml"
    garou("house", "pick", "-g", "loup-garou", "--defaults", "-o", str(agreement))
    db = ["--db", str(tmp_path / "g.sqlite")] if args[0] == "game" else []
    run = garou(*[a.format(f=agreement) for a in args], *db, "--lang", "en")
    assert run.exit_code != 0
    said = " ".join(run.stderr.split())
    assert f"this file is a table agreement (garou house pick), {what}" in said
    assert "unknown key" not in said and said.count("Error") == 1


def test_house_pick_prompts_end_with_the_french_colon_and_a_refusal_with_its_full_stop(
    garou, tmp_path
):
    out = tmp_path / "accord.yaml"
    run = garou("house", "pick", "-g", "loup-garou", "-o", str(out), "--lang", "fr",
                input="9\n" + "\n" * 30)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert "Choix (1)\xa0: " in run.stdout and "Choix (1): " not in run.stdout
    assert re.search(r"\) Tapez un num", _flat(run.stdout)) is None  # « …(Jamais). Tapez »
    run = garou("house", "pick", "-g", "loup-garou", "-o", str(tmp_path / "en.yaml"),
                "--lang", "en", input="\n" * 30)  # fmt: skip
    assert "Choice (1): " in run.stdout


def test_another_game_s_question_is_said_so(garou):
    for lang in ("fr", "en"):
        other = "Mafia"
        run = garou("house", "pick", "-g", "loup-garou", "--set", "mf-setting-speech=turbo",
                    "--defaults", "-o", "x.yaml", "--lang", lang)  # fmt: skip
        # a bad --set value is the command line's: 2, as the README's table of exit codes
        assert run.exit_code == 2 and other in run.stderr and "--game mafia" in run.stderr
