"""The frame and the commands under hostile use: options anywhere, names with punctuation,
what the journal records and the recap says, Ctrl-C under --json, French typography in
Rich's wrapping."""

from __future__ import annotations

import json
import os

import pytest
import typer
from garou.rules.catalogue import say

from garou.cli import app, param_name

from .test_cli import ALL, DOMAIN_ERRORS, LEAVES, foreign_words

# --- 1. the global options, wherever they are typed ------------------------------------------


def _positions(path, options):
    """Every place ``options`` can be typed on the line of the command at ``path``: before
    the command, after each group's name, after the command's own name."""
    for depth in range(len(path) + 1):
        yield [*path[:depth], *options, *path[depth:]]


def _leaf_context(args):
    """Parse ``args`` down to the command they run (without running it) and return its
    context; a missing argument is not an error here (resilient parsing)."""
    command = typer.main.get_command(app)
    ctx = command.make_context("garou", list(args), resilient_parsing=True)
    while hasattr(ctx.command, "list_commands"):
        rest = [*ctx._protected_args, *ctx.args]
        name, command, rest = ctx.command.resolve_command(ctx, rest)
        ctx = command.make_context(name, rest, parent=ctx, resilient_parsing=True)
    return ctx


def _option(command, name):
    return next((p for p in command.params if param_name(p) == name), None)


@pytest.mark.parametrize("path", LEAVES, ids=" ".join)
def test_every_command_gets_the_global_options_typed_in_any_position(path):
    command = next(c for p, c, _ in ALL if p == path)
    has_json = _option(command, "json") is not None
    options = ["--lang", "en", *(["--json"] if has_json else [])]
    for args in _positions(path, options):
        ctx = _leaf_context(args)
        lang, js = _option(command, "lang"), _option(command, "json")
        assert ctx.params[lang.name] == "en", args
        if has_json:
            assert ctx.params[js.name] is True, args
    for args in _positions(path, ["-l", "en"]):
        assert _leaf_context([*args, "--lang", "fr"]).params["lang"] == "fr", args
    if not has_json:
        with pytest.raises(Exception, match="does not apply") as caught:
            _leaf_context(["--json", *path])
        assert type(caught.value).__name__ == "_FrameUsageError"


@pytest.mark.parametrize("path", [p for p, c, _ in ALL if hasattr(c, "list_commands")], ids=str)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_group_takes_the_global_options_and_says_them_in_its_help(garou, path, lang):
    other = "en" if lang == "fr" else "fr"
    lines = [
        [*path, "--help", "--lang", lang],
        [*path, "--lang", lang, "--help"],
        ["--lang", lang, *path, "--help"],
        [*path, "--json", "--help", "-l", lang],
    ]
    for args in lines:
        result = garou(*args, env={"GAROU_LANG": other})
        assert result.exit_code == 0, (args, result.stderr)
        assert "--lang" in result.stdout and "--json" in result.stdout
        assert say("help.option.lang", lang).split()[0] in result.stdout
        assert foreign_words(result.stdout, lang) == set(), args


@pytest.mark.parametrize("path", LEAVES, ids=" ".join)
def test_a_global_option_before_the_command_reaches_the_command(garou, path, tmp_path):
    """The same domain error, whichever position --lang and --json were typed in."""
    os.chdir(tmp_path)
    command = next(c for p, c, _ in ALL if p == path)
    args = [*path, *DOMAIN_ERRORS[path]]
    json_ = ["--json"] if _option(command, "json") is not None else []
    expected = garou(*args, "--lang", "en", *json_, env={"GAROU_LANG": "fr"})
    assert expected.exit_code in (1, 2)
    for depth in range(len(path)):
        line = [*path[:depth], "--lang", "en", *json_, *path[depth:], *DOMAIN_ERRORS[path]]
        result = garou(*line, env={"GAROU_LANG": "fr"})
        assert (result.exit_code, result.stdout, result.stderr) == (
            expected.exit_code, expected.stdout, expected.stderr), line  # fmt: skip
        if json_:
            assert json.loads(result.stdout)["error"]["type"] != "UsageError" or (
                "--lang" not in result.stdout and "--json" not in result.stdout
            )


def test_the_command_gets_the_value_typed_before_it(garou):
    """The command's own output (not only the frame's) is in the language given first."""
    shown = garou("--lang", "en", "show", "lg-vote-tie", "--json", env={"GAROU_LANG": "fr"})
    assert shown.exit_code == 0 and shown.json()["title"] == "Tied vote"
    mine = garou("--lang", "en", "show", "lg-vote-tie", "--lang", "fr", "--json")
    assert mine.json()["title"] != "Tied vote"
    listed = garou("house", "--lang", "en", "list", "--json", env={"GAROU_LANG": "fr"})
    assert listed.exit_code == 0 and isinstance(listed.json(), list)
