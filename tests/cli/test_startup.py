"""What a command's start loads, and that the start-up shortcuts keep every output the same.

Speed itself is measured by ``bench/startup.py``, never here: these tests check what a run
imports (``sys.modules`` at its exit) and that each shortcut behaves as what it replaces.
"""

from __future__ import annotations

import gc
import io
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

PROBE = """\
import atexit, gc, json, sys
def _report():
    sys.__stderr__.write("PROBE " + json.dumps(
        {"modules": sorted(sys.modules), "collecting": gc.isenabled()}) + "\\n")
atexit.register(_report)
from garou.cli.app import main
main(sys.argv[1:])
"""


def _run(args, tmp_path, lang="fr"):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "GAROU_LANG": lang,
           "COLUMNS": "100"}  # fmt: skip
    env.pop("GAROU_RULES_DIR", None)
    done = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, cwd=tmp_path,
                          capture_output=True, text=True, check=False)  # fmt: skip
    line = next(x for x in done.stderr.splitlines() if x.startswith("PROBE "))
    return done, json.loads(line[len("PROBE ") :])


def _loaded(modules, name):
    return any(m == name or m.startswith(name + ".") for m in modules)


RICH_RUNS = [
    ["show", "lg-vote-tie"],
    ["rules", "--game", "mafia"],
    ["roles"],
    ["check", "-g", "loup-garou", "-r", "loup-garou=2,voyante,sorciere,villageois=4"],
    ["search", "égalité", "au", "vote"],
]


@pytest.mark.parametrize("args", RICH_RUNS, ids=lambda a: a[0])
def test_a_rich_command_loads_no_emoji_table_markdown_jinja_or_logging(args, tmp_path):
    done, probe = _run(args, tmp_path)
    assert done.returncode == 0, done.stderr
    modules = probe["modules"]
    assert _loaded(modules, "rich.console")  # it does print with Rich
    heavy = ["rich._emoji_codes", "rich.markdown", "jinja2", "pydantic"]
    if args[0] != "search":  # Whoosh itself loads logging (and asyncio): the search's floor
        heavy.append("logging")
    for name in heavy:
        assert not _loaded(modules, name), name


def test_printing_an_html_sheet_loads_neither_rich_nor_logging(tmp_path):
    args = ["print", "cheatsheet", "-g", "mafia", "-f", "html", "-o", "sheet.html"]
    done, probe = _run(args, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "sheet.html écrit (html)\n"
    assert (tmp_path / "sheet.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    for heavy in ("rich", "logging", "pydantic"):
        assert not _loaded(probe["modules"], heavy), heavy


@pytest.mark.parametrize("args", [["show", "lg-vote-tie"], ["--help"], ["rules", "--json"]])
def test_the_cycle_collector_runs_again_once_garou_is_loaded(args, tmp_path):
    _, probe = _run(args, tmp_path)
    assert probe["collecting"] is True


def test_loading_pauses_the_collector_and_gives_it_back_as_it_was():
    from garou.cli.app import _Loading

    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with _Loading():
        assert not gc.isenabled()
        with _Loading():  # nested: one pause
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen
    gc.disable()
    try:
        with _Loading():
            pass
        assert not gc.isenabled()  # paused before: left paused
    finally:
        gc.enable()


@pytest.mark.parametrize("collecting", [True, False])
def test_reading_the_cached_rules_leaves_the_collector_as_it_was(collecting, tmp_path,
                                                                 monkeypatch):  # fmt: skip
    from garou.rules import load_rules

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    load_rules()  # writes the cache
    (gc.enable if collecting else gc.disable)()
    try:
        book = load_rules()  # reads it
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
    assert book.entry("lg-vote-tie").id == "lg-vote-tie"


# --- the emoji shortcut: Rich's replacement, only where there is something to replace ---------

TEXTS = [
    "",
    "Égalité au vote : le capitaine tranche ; sinon, on revote.",
    ":smile: bonjour",
    "a :thumbs_up: b :nope: c",
    "::",
    ":smile-emoji: :smile-text: :-emoji:",
    "10:30:00",
    "« Vote : » : fin :",
    "mot:smile:mot",
    ":SMILE:",
]


def _real_emoji_replace():
    from rich import _emoji_replace

    return _emoji_replace._emoji_replace


@pytest.mark.parametrize("text", TEXTS)
def test_the_emoji_shortcut_replaces_exactly_what_rich_replaces(text):
    from rich import markup

    from garou.cli.output import look_up_emoji_only_when_named

    look_up_emoji_only_when_named()
    assert markup._emoji_replace(text) == _real_emoji_replace()(text)
    assert markup._emoji_replace(text, "text") == _real_emoji_replace()(text, "text")


@given(st.text(alphabet=st.sampled_from(list(":- smiletxhu_pomj\u00a0é")), max_size=30))
def test_the_emoji_shortcut_matches_rich_on_any_text(text):
    from rich import markup

    from garou.cli.output import look_up_emoji_only_when_named

    look_up_emoji_only_when_named()
    assert markup._emoji_replace(text) == _real_emoji_replace()(text)


def test_the_emoji_shortcut_is_installed_once_and_used_by_markup_and_console():
    from rich import console as rich_console
    from rich import markup
    from rich.text import Text

    from garou.cli.output import console, look_up_emoji_only_when_named

    look_up_emoji_only_when_named()
    first = markup._emoji_replace
    look_up_emoji_only_when_named()
    assert markup._emoji_replace is first and rich_console._emoji_replace is first
    assert Text.from_markup(":smile: [b]ok[/b]").plain == "😄 ok"
    out = console()
    out.file = io.StringIO()
    out.print(":thumbs_up: vote : oui", markup=False)
    assert out.file.getvalue() == "👍 vote : oui\n"


# --- print_line: one line, as Rich prints it ----------------------------------------------------

LINES = [
    "sheet.html écrit (html)",
    "accord\u202f: écrit",
    "x:smile:y.html written (html)",
    "tab\there",
    "bell\x07 and \r return",
    "[bold]not markup[/bold]",
    "x" * 300,
    "",
]


@pytest.mark.parametrize("text", LINES)
def test_print_line_prints_what_rich_prints(text, capsys):
    from garou.cli.output import console, print_line

    print_line(text)
    ours = capsys.readouterr().out
    console().print(text, markup=False, soft_wrap=True)
    assert ours == capsys.readouterr().out
