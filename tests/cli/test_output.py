"""Tests of ``garou/cli/output.py``."""

from __future__ import annotations

import json
import re

import pytest

from garou.cli.output import json_text
from garou.core.errors import GarouError

_BAD_START = re.compile(r"^[│|]?\s*[:;?!»]")


_BAD_END = re.compile(r"«\s*[│|]?$")


def _bad_lines(text):
    return [line for line in text.splitlines() if _BAD_START.search(line) or _BAD_END.search(line)]


def _long_french():
    from garou.core.catalogue import typeset

    words = ["Attention : le vote ; est-ce juste ? Oui ! « voilà » (« réponse »)"] * 8
    return typeset(" ".join(words), "fr")


@pytest.mark.parametrize("width", range(24, 90, 3))
def test_a_french_panel_never_starts_a_line_with_its_punctuation(width):
    import io

    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from garou.cli.output import console

    out = console()
    out.file, out.width = io.StringIO(), width
    text = _long_french()
    out.print(Panel(Text(text), title="Règle"))
    out.print(text)
    table = Table("id", "texte")
    table.add_row("lg-x", text)
    out.print(table)
    out.print(Panel(Text(text.replace("\u00a0", " "))))  # the data's ordinary spaces
    rendered = out.file.getvalue()
    assert "\u00a0" in rendered  # the no-break spaces are kept, not replaced
    assert _bad_lines(rendered) == [], rendered


@pytest.mark.parametrize("columns", ["40", "57", "63", "80"])
def test_the_commands_french_panels_and_tables_keep_the_punctuation_with_its_word(garou, columns):
    env = {"COLUMNS": columns, "GAROU_LANG": "fr"}
    for args in (["show", "lg-vote-tie"], ["show", "mf-contested-majority"],
                 ["search", "chasseur", "amoureux"], ["roles", "--game", "loup-garou"],
                 ["house", "list", "--game", "mafia"]):  # fmt: skip
        result = garou(*args, env=env)
        assert result.exit_code == 0, (args, result.stderr)
        assert _bad_lines(result.stdout) == [], (args, result.stdout)


@pytest.mark.parametrize("command", ["recap", "protocol"])
@pytest.mark.parametrize("name, fmt", [("out.html", "html"), ("out.md", "md")])
def test_json_with_an_output_file_writes_it_and_says_its_path(garou, tmp_path, finished_mafia,
                                                              command, name, fmt):  # fmt: skip
    out = tmp_path / name
    run = garou("game", command, "1", "-o", str(out), "--db", finished_mafia, "--json")
    assert run.exit_code == 0, run.stderr
    assert run.json() == {"path": str(out), "format": fmt, "pages": None}  # as garou print's
    assert out.exists() and out.stat().st_size > 0
    again = garou("game", command, "1", "-o", str(out), "--db", finished_mafia, "--json")
    assert again.exit_code == 1 and "error" in again.json()  # never over a file without --force


def test_json_without_an_output_file_is_still_the_commands_json(garou, finished_mafia):
    run = garou("game", "recap", "1", "--db", finished_mafia, "--json")
    assert run.exit_code == 0 and run.json()["id"] == 1


@pytest.mark.parametrize(
    "args",
    [["game", "export", "1"]],  # print cheatsheet has --json since review 2 (tests/test_fixd.py)
)
def test_a_command_whose_json_cannot_say_a_file_refuses_the_pair(garou, tmp_path, finished_mafia,
                                                                 args):  # fmt: skip
    out = tmp_path / "out.html"
    extra = ["--db", finished_mafia] if args[0] == "game" else []
    run = garou(*args, "-o", str(out), *extra, "--json")
    assert run.exit_code == 2 and not out.exists()


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
