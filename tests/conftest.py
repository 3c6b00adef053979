"""Shared fixtures: the built-in rules, and a runner for the real ``garou`` command."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from garou import rules
from garou.cli.app import app


def pytest_configure(config: pytest.Config) -> None:
    """Give the tests Ctrl-C back when they were started with it ignored.

    A shell runs a job put in the background (``pytest &`` in a script) with SIGINT
    ignored, and an ignored signal stays ignored across ``exec``: every ``garou`` the tests
    start would then ignore the Ctrl-C they send it (``garou serve`` never stops, the
    interruption tests time out). A handled signal is reset to the default at ``exec``."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


REPO = Path(__file__).resolve().parent.parent
"""The repository root."""
SOURCES = REPO.parent / "shared" / "sources"
"""The two rule documents the data encodes."""


@pytest.fixture(scope="session")
def book() -> rules.Rulebook:
    """The built-in rules, loaded once."""
    return rules.load_rules()


@pytest.fixture
def journal(tmp_path: Path):
    """A new games journal, ``tmp_path/games.sqlite``, open for the test."""
    from garou.game.journal import open_journal

    with open_journal(tmp_path / "games.sqlite") as opened:
        yield opened


@dataclass
class Run:
    """What one run of the command gave."""

    exit_code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        """Parse standard output as JSON."""
        return json.loads(self.stdout)


@pytest.fixture(scope="module")
def private_cache(tmp_path_factory: pytest.TempPathFactory):
    """A cache folder of the module's own and no user rules, for the modules that ask."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        mp.delenv("GAROU_RULES_DIR", raising=False)
        yield


@pytest.fixture
def garou(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[..., Run]:
    """Run ``garou`` with the given arguments (no user rules, French, a private cache)."""
    monkeypatch.delenv("GAROU_RULES_DIR", raising=False)
    monkeypatch.delenv("GAROU_AGREEMENT", raising=False)
    monkeypatch.setenv("GAROU_LANG", "fr")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("COLUMNS", "120")
    runner = CliRunner()

    def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Run:
        result = runner.invoke(app, list(args), input=input, env=env, catch_exceptions=False)
        return Run(result.exit_code, result.stdout, result.stderr)

    return run


def play_then_stop(garou, monkeypatch, db: str, answers: list[str], more: str, stop: str) -> None:
    """Play ``garou game play`` in English with ``answers`` typed, then stop: with Ctrl-C at
    the next question (``stop == "ctrl-c"``; ``more`` is typed input never read), or at
    the end of the input."""
    from garou.cli.commands import game_play

    if stop != "ctrl-c":
        garou("game", "play", "--db", db, "--lang", "en", input="\n".join(answers) + "\n")
        return
    real, answered = game_play.Session.ask, []

    def ask(self, question, default=None):
        if len(answered) == len(answers):
            raise KeyboardInterrupt
        answered.append(question)
        return real(self, question, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    garou("game", "play", "--db", db, "--lang", "en", input="\n".join(answers) + "\n" + more)
    monkeypatch.setattr(game_play.Session, "ask", real)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The path of a games journal not made yet, ``tmp_path/games.sqlite``."""
    return tmp_path / "games.sqlite"


@pytest.fixture
def clock():
    """The web's fake clock (:class:`tests.web.test_mafia.FakeClock`), at its start."""
    from tests.web.test_mafia import FakeClock

    return FakeClock()
