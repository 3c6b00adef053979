"""How garou writes the files a user asks for: the output option read in one place."""

from __future__ import annotations

from pathlib import Path

import pytest

from garou.core.errors import UsageError
from garou.core.writer import output_destination
from tests.helpers import ALL, lg_setup


def test_the_output_option_is_a_file_standard_output_or_an_empty_name_refused():
    assert output_destination(None) is None and output_destination("-") is None
    assert output_destination("a.html") == Path("a.html")
    for empty in ("", " ", "\t"):
        with pytest.raises(UsageError) as caught:
            output_destination(empty, "--out")
        said = caught.value.message("en")
        assert said == "the output file name is empty; give one with --out", said
        assert "est vide" in caught.value.message("fr")


def _with_output():
    """Every command that has a -o option, as its words after ``garou``."""
    return sorted(
        " ".join(path)
        for path, command, _ in ALL
        if any("-o" in getattr(p, "opts", ()) for p in getattr(command, "params", ()))
    )


# The arguments that bring each command with -o to its writing (a game 1 in --db).
ASKED = {
    "print cheatsheet": ["--game", "loup-garou"],
    "print agreement": ["{agreement}"],
    "house pick": ["--game", "loup-garou", "--defaults"],
    "game export": ["1", "--db", "{db}"],
    "game recap": ["1", "--db", "{db}"],
    "game protocol": ["--blank"],
}


@pytest.fixture
def asked(garou, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # where -o '' read as '.' would write
    db = str(tmp_path / "g.db")
    setup = lg_setup(tmp_path, {"loup-garou": 2, "villageois": 6})
    assert garou("game", "new", "--setup", str(setup), "--db", db).exit_code == 0
    agreement = tmp_path / "a.yaml"
    garou("house", "pick", "--game", "loup-garou", "--defaults", "-o", str(agreement))
    values = {"db": db, "agreement": str(agreement)}
    return {k: [a.format(**values) for a in v] for k, v in ASKED.items()}


def test_every_command_with_an_output_option_is_asked_here():
    assert _with_output() == sorted(ASKED)


@pytest.mark.parametrize("command", sorted(ASKED))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_command_refuses_an_empty_output_name_as_such(garou, asked, tmp_path, command, lang):
    # Typer reads -o '' as the path '.', the current folder: "is a folder", or an export
    # --all into the current folder. Every command says the name is empty instead.
    for empty in ("", " "):
        run = garou(*command.split(), *asked[command], "-o", empty, "--lang", lang)
        assert run.exit_code == 2, (command, run.stdout, run.stderr)
        said = {"en": "the output file name is empty", "fr": "le nom du fichier de sortie est vide"}
        said = said[lang]
        assert said in run.stderr and "folder" not in run.stderr, run.stderr
    every = garou("game", "export", "--all", "--db", asked["game export"][-1], "-o", "")
    assert every.exit_code == 2 and not list(tmp_path.glob("game-*.yaml")), every.stderr


@pytest.mark.parametrize("command", sorted(ASKED))
def test_an_output_name_ending_with_a_slash_is_a_folder_never_a_file(
    garou, asked, tmp_path, command
):
    (tmp_path / "there").mkdir()
    for name, said in (("missing/", "the folder missing does not exist"),
                       ("there/", "there is a folder")):  # fmt: skip
        run = garou(*command.split(), *asked[command], "-o", name, "--lang", "en")
        shown = " ".join(run.stderr.split())
        if "cannot tell the format" in shown:  # recap, protocol: the format asked first
            assert run.exit_code == 2, (command, name, run.stdout, run.stderr)
            continue
        assert run.exit_code == 1, (command, name, run.stdout, run.stderr)
        assert said in shown, run.stderr
        assert not (tmp_path / "missing").exists()
    saved = garou("game", "export", "--all", "--db", asked["game export"][-1], "-o", "there/")
    assert saved.exit_code == 0 and list((tmp_path / "there").glob("*.yaml")), saved.stderr
