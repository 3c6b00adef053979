"""Tests of ``garou/cli/house.py``."""

from __future__ import annotations

import re
from pathlib import Path

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


def test_house_pick_never_writes_a_control_character_house_show_would_refuse(garou, tmp_path):
    out = tmp_path / "accord.yaml"
    # an option: refused before the first question, nothing written
    run = garou("house", "pick", "-g", "loup-garou", "--table", "T\x1b[31mable", "-o", str(out),
                "--lang", "en", input="\n" * 30)  # fmt: skip
    assert run.exit_code == 2 and "control character" in run.stderr
    assert "Choice" not in run.stdout and not out.exists()
    names = "A\x01na,Bob,Cid,Dee,Eve"
    run = garou("house", "pick", "-g", "loup-garou", "--defaults", "--players", "5", "--roles",
                "loup-garou=1,voyante,villageois=3", "--names", names, "-o", str(out),
                "--json")  # fmt: skip
    assert run.exit_code == 2 and "setup.names[0]" in run.json()["error"]["message"]
    assert not out.exists()
    # typed at a question (an arrow key): asked again, and what is written reads back
    answers = "\n" * 7 + "Qui\x1b[A ?\nQui ?\noui\nnon\n\n1\n\n" + "\n" * 10
    run = garou("house", "pick", "-g", "loup-garou", "-o", str(out), "--lang", "en",
                input=answers)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert "type it again" in run.stdout
    shown = garou("house", "show", str(out), "--json")
    assert shown.exit_code == 0, shown.stderr
    assert "Qui ?" in shown.stdout


def test_the_check_it_with_command_of_house_pick_pastes_for_any_file_name(garou, tmp_path):
    import os
    import subprocess

    out = os.fsdecode(os.fsencode(str(tmp_path)) + b"/acc\xfford l'an.yaml")
    run = garou("house", "pick", "-g", "loup-garou", "--defaults", "-o", out, "--lang", "en")
    assert run.exit_code == 0, run.stderr
    command = " ".join(run.stdout.split()).split("Check it with: ", 1)[1]
    assert command.isprintable() and "\\xff" in command
    assert command.startswith("garou house show $'")
    word = command.removeprefix("garou house show ")
    typed = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, check=True)
    assert typed.stdout == os.fsencode(out)
    text = Path(out).read_text(encoding="utf-8")
    comment = next(line for line in text.splitlines() if "house show" in line)
    assert comment.endswith("garou house show $'acc\\xfford l\\'an.yaml'")


@pytest.mark.parametrize("answer", ["²", "③", "٣"])
def test_house_pick_refuses_an_option_number_in_other_than_ascii_digits(garou, tmp_path, answer):
    out = tmp_path / "x.yaml"
    run = garou("house", "pick", "--game", "loup-garou", "--set",
                f"lg-setting-captain={answer}", "-o", str(out))  # fmt: skip
    assert run.exit_code == 2 and answer in run.stderr and not out.exists()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_house_pick_with_a_rules_folder_says_to_check_the_file_with_that_folder(
    garou, tmp_path, lang
):
    # A case of the folder is unknown without it: the command printed (and the file's own
    # comment) carries --rules-dir, given by option or by $GAROU_RULES_DIR alike.
    from garou.houserules.sheet import show_command
    from tests.helpers import HOUSE_ROLE, rules_folder

    folder = rules_folder(tmp_path, HOUSE_ROLE)
    out = tmp_path / "ua.yaml"
    command = show_command(out, folder)
    assert command == f"garou house show {out} --rules-dir {folder}"
    run = garou("house", "pick", "--game", "loup-garou", "--defaults", "--rules-dir",
                str(folder), "-o", str(out), "--lang", lang)  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert command in " ".join(run.stdout.split()), run.stdout
    assert f"--rules-dir {folder}" in out.read_text(encoding="utf-8").splitlines()[2]
    again = tmp_path / "ub.yaml"
    run = garou("house", "pick", "--game", "loup-garou", "--defaults", "-o", str(again),
                "--lang", lang, env={"GAROU_RULES_DIR": str(folder)})  # fmt: skip
    assert show_command(again, folder) in " ".join(run.stdout.split()), run.stdout
    plain = tmp_path / "plain.yaml"
    run = garou("house", "pick", "--game", "loup-garou", "--defaults", "-o", str(plain))
    assert "--rules-dir" not in run.stdout + plain.read_text(encoding="utf-8")
