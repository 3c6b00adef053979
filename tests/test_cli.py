"""The command line as a whole: help, errors and exit codes, and the browsing commands."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
import typer
from garou.rules.model import LANGS

from garou.cli import app


def _commands(command, path=()):
    sub = getattr(command, "commands", None)
    if not sub:
        yield path, command
        return
    for name, child in sub.items():
        yield from _commands(child, (*path, name))


ALL_COMMANDS = [" ".join(p) for p, _ in _commands(typer.main.get_command(app))]


def test_the_main_commands_exist():
    assert {"rules", "show", "roles"} <= set(ALL_COMMANDS)


@pytest.mark.parametrize("command", ALL_COMMANDS)
def test_every_command_has_help_with_an_example(garou, command):
    result = garou(*command.split(), "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert "garou " + command.split()[0] in result.stdout
    assert "Exit codes" in result.stdout


def test_show_prints_an_entry_in_both_languages(garou, book):
    fr = garou("show", "lg-vote-tie", "--lang", "fr")
    en = garou("show", "lg-vote-tie", "--lang", "en")
    assert fr.exit_code == en.exit_code == 0
    entry = book.entry("lg-vote-tie")
    assert entry.title.fr in fr.stdout and entry.title.en in en.stdout


def test_show_json(garou, book):
    data = garou("show", "mf-vote-tie", "--json", "--lang", "en").json()
    assert data["id"] == "mf-vote-tie"
    assert data["game"] == "mafia"
    assert data["text"] == book.entry("mf-vote-tie").text.en
    assert data["source"]["document"] == "mafia.txt"


def test_every_entry_renders_in_every_language(book):
    from rich.console import Console

    from garou.render import entry_panel

    console = Console(file=open("/dev/null", "w"), width=100)  # noqa: SIM115
    for entry in book.entries():
        for lang in LANGS:
            console.print(entry_panel(book, entry, lang))


def test_rules_filters_by_game_and_kind(garou, book):
    data = garou("rules", "--game", "loup-garou", "--kind", "contested", "--json").json()
    assert [d["id"] for d in data] == [e.id for e in book.game("loup-garou").contested()]
    assert all(d["game"] == "loup-garou" for d in data)


def test_roles_json_lists_both_games(garou):
    data = garou("roles", "--json").json()
    assert {(d["game"], d["id"]) for d in data} >= {("mafia", "don"), ("loup-garou", "voyante")}


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["show", "lg-vote-tye"], 1, "did you mean lg-vote-tie"),
        (["rules", "--game", "poker"], 2, "unknown game 'poker'"),
        (["rules", "--lang", "de"], 2, "unknown language 'de'"),
        (["rules", "--kind", "rumour"], 2, "unknown kind 'rumour'"),
        (["rules", "--game", "mafia", "--section", "nowhere"], 2, "unknown section"),
        (["roles", "--gmae", "mafia"], 2, "No such option"),
        (["dance"], 2, "No such command"),
    ],
)
def test_bad_input_gives_one_clear_error(garou, args, code, words):
    result = garou(*args)
    assert result.exit_code == code
    assert words in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_broken_rules_dir_is_reported_with_file_and_line(garou, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "bad.yaml").write_text("game: mafia\nentries:\n  - id: [oops\n", encoding="utf-8")
    result = garou("rules", "--rules-dir", str(folder))
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")
    assert "bad.yaml:4" in result.stderr and "started on line 3" in result.stderr
    missing = garou("rules", "--rules-dir", str(tmp_path / "nope"))
    assert missing.exit_code == 1 and "no such folder" in missing.stderr


def test_python_dash_m_garou_runs():
    result = subprocess.run(
        [sys.executable, "-m", "garou", "show", "lg-vote-tie", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert '"id": "lg-vote-tie"' in result.stdout


def test_user_text_with_rich_markup_is_printed_as_typed(garou, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "m.yaml").write_text(
        "game: mafia\nentries:\n  - id: mf-house-x\n    section: additions\n    kind: rule\n"
        "    addition: true\n    title: {fr: '[/b] Truc [bold]x[/]', en: '[/b] Thing'}\n"
        "    text: {fr: Texte., en: Text.}\n",
        encoding="utf-8",
    )
    listing = garou("rules", "--game", "mafia", "--kind", "rule", "--rules-dir", str(folder))
    assert listing.exit_code == 0, listing.stderr
    assert "[/b] Truc [bold]x[/]" in listing.stdout
    shown = garou("show", "mf-house-x", "--rules-dir", str(folder))
    assert "[/b] Truc" in shown.stdout and "your rules: m.yaml" in shown.stdout


def test_ctrl_c_or_end_of_input_at_a_prompt_exits_130():
    from typer.testing import CliRunner

    from garou.cli import GarouGroup

    demo = typer.Typer(cls=GarouGroup)

    @demo.command()
    def ask() -> None:
        typer.prompt("Name")

    @demo.command()
    def other() -> None:
        pass

    result = CliRunner().invoke(demo, ["ask"], input="")
    assert result.exit_code == 130
    assert "Interrupted" in result.stderr


def test_the_readme_starts_with_the_two_setup_commands_and_ci_runs_the_second():
    from tests.conftest import REPO

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    first_screen = readme[: readme.index("## A tour")]
    blocks = [b.split("\n", 1)[1].strip() for b in first_screen.split("```")[1::2]]
    assert len(blocks) == 2
    install, test = blocks
    assert "pip install ." in install and "garou search" in install
    assert "'.[test]'" in test and "pytest" in test
    assert test in (REPO / ".ci" / "run").read_text(encoding="utf-8")


def test_search_marks_the_option_the_table_chose(garou):
    from tests.conftest import REPO

    agreement = REPO / "tests" / "data" / "agreements" / "good-loup-garou.yaml"
    result = garou("search", "sorciere", "se", "sauver", "--agreement", str(agreement))
    assert result.exit_code == 0, result.stderr
    chosen = [line for line in result.stdout.splitlines() if "← votre table" in line]
    assert len(chosen) == 1 and "never" in chosen[0]


def test_a_missing_agreement_names_the_option_and_the_variable(garou, tmp_path):
    missing = str(tmp_path / "nope.yaml")
    result = garou("search", "vote", env={"GAROU_AGREEMENT": missing})
    assert result.exit_code == 2
    assert "$GAROU_AGREEMENT" in result.stderr and "nope.yaml" in result.stderr


def test_a_rules_dir_that_is_a_file_is_called_a_file(garou, tmp_path):
    file = tmp_path / "rules.yaml"
    file.write_text("game: mafia\n", encoding="utf-8")
    result = garou("roles", "--rules-dir", str(file))
    assert result.exit_code == 1 and "is a file, not a folder" in result.stderr


def test_a_setup_file_given_as_an_agreement_is_recognised(garou, tmp_path):
    setup = tmp_path / "table.yaml"
    setup.write_text("game: mafia\nplayers: 10\nroles: {citoyen: 6, sherif: 1, mafia: 2, don: 1}\n")
    result = garou("house", "show", str(setup))
    assert result.exit_code == 1
    assert "table.yaml:3" in result.stderr and "this is a setup file" in result.stderr


def test_empty_and_yes_no_names_in_a_setup_are_described_in_yaml_words(garou, tmp_path):
    setup = tmp_path / "table.yaml"
    setup.write_text(
        "game: loup-garou\nroles: {loup-garou: 1, villageois: 3}\nnames: [Ana, null, true, Dee]\n"
    )
    result = garou("check", str(setup))
    assert result.exit_code == 1
    assert "an empty value is not a player's name" in result.stderr
    assert "true is not a player's name" in result.stderr
    assert "None" not in result.stderr and "True" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [["search"], ["house", "pick", "--game", "mafia", "-o", "x.yaml"],
     ["cascade", "-g", "lg", "-p", "Ana=chasseur,Bob=loup-garou,Cid=voyante", "-x", "Ana:vote"]],
)  # fmt: skip
def test_a_closed_standard_input_is_read_as_empty_not_a_traceback(args, tmp_path):

    result = subprocess.run(
        [sys.executable, "-m", "garou", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
        preexec_fn=lambda: os.close(0),  # noqa: PLW1509 - the child starts with stdin closed
        check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode in (0, 1)
    assert not (tmp_path / "x.yaml").exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["search", "vote", "--json"], ["rules", "--json"]])
def test_an_output_that_cannot_be_written_is_one_error_line(args, tmp_path):
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "garou", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
            check=False,
        )
    assert result.returncode == 1
    assert "Error: cannot write the output" in result.stderr
    assert "Traceback" not in result.stderr
