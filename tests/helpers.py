"""Helpers shared by several test modules (the fixtures are in conftest.py)."""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.conftest import REPO


def rules_folder(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    """A user rules folder, ``tmp_path/my-rules``, holding ``text`` (dedented) as ``name``;
    the folder may already exist (a second file, or the same file written again)."""
    folder = tmp_path / "my-rules"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


@contextmanager
def builtin_searcher(cache: Path, *unset: str) -> Iterator[Any]:
    """A ``Searcher`` on the built-in rules, its index in the cache folder ``cache`` (built
    there when missing), opened and used with ``XDG_CACHE_HOME`` set to it and no user rules
    folder (nor the environment variables ``unset``) while the block lasts."""
    from garou.lookup import Searcher

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(cache))
        mp.delenv("GAROU_RULES_DIR", raising=False)
        for name in unset:
            mp.delenv(name, raising=False)
        with Searcher() as opened:
            yield opened


def load_bench(name: str) -> ModuleType:
    """Load ``bench/<name>.py`` as the module ``bench_<name>`` (the benches are scripts, not a
    package): registered in ``sys.modules`` (its dataclasses need it), with ``bench/`` on the
    import path for the benches that import each other."""
    if str(REPO / "bench") not in sys.path:
        sys.path.insert(0, str(REPO / "bench"))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", REPO / "bench" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def lg_start_of(record: dict[str, Any]) -> dict[str, Any]:
    """The ``start`` event of an exported Loup-Garou game record."""
    setup = record["setup"]
    return {
        "game": "loup-garou",
        "name": record["game"].get("name"),
        "players": setup["players"],
        "roles": setup["roles"],
        "agreement": record.get("agreement") or {},
        "table": None,
        "date": None,
        "deal": setup.get("deal") or {},
    }


MAFIA_DEAL = ",".join(
    [f"{n}=citoyen" for n in range(1, 7)] + ["7=sherif", "8=mafia", "9=mafia", "10=don"]
)
"""The deal of the ten-player Mafia evening the tests play: players ``1`` to ``10``."""


def mafia_at_the_vote(garou, tmp_path: Path, nominees=(("1", "8"), ("2", "3"), ("4", "5"))) -> str:
    """A Mafia evening (:data:`MAFIA_DEAL`) in the journal ``tmp_path/games.sqlite``, on its
    first day: every player has spoken and the ``(by, nominee)`` nominations are made, so that
    the next step is closing the nominations and the vote. Returns the journal's path."""
    db = str(tmp_path / "games.sqlite")
    names = ",".join(str(n) for n in range(1, 11))
    garou("game", "new", "--game", "mafia", "--names", names, "--deal", MAFIA_DEAL, "--db", db)
    garou("game", "add", "day", "--db", db)
    for p in range(1, 11):
        garou("game", "add", "speech", f"player={p}", "seconds=60", "--db", db)
    for by, nominee in nominees:
        garou("game", "add", "nominate", f"by={by}", f"nominee={nominee}", "--db", db)
    return db


NAMES = ["Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid", "Gaëlle", "Hugo"]
"""The eight players of the Loup-Garou tables the tests write."""


def lg_setup(tmp_path: Path, roles: dict[str, int], names: list[str] = NAMES) -> Path:
    """A Loup-Garou setup file, ``tmp_path/table.yaml``: ``roles`` (role id: count) dealt to
    ``names``."""
    path = tmp_path / "table.yaml"
    lines = ["game: loup-garou", f"players: {len(names)}", "roles:"]
    lines += [f"  {role}: {count}" for role, count in roles.items()]
    lines.append(f"names: [{', '.join(names)}]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


MAFIA_NAMES = ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
"""The ten players of the Mafia evenings played through the session API."""
MAFIA_ROLES = {
    "Ana": "citoyen", "Bob": "mafia", "Cid": "citoyen", "Dan": "sherif", "Eve": "citoyen",
    "Fay": "don", "Gus": "citoyen", "Hal": "mafia", "Ivy": "citoyen", "Jon": "citoyen",
}  # fmt: skip
"""Their cards."""


class MafiaTable:
    """One Mafia evening in a fresh journal (``tmp_path/g.sqlite``), recorded through the
    session API: :data:`MAFIA_NAMES` dealt :data:`MAFIA_ROLES` unless ``players`` and
    ``roles`` say otherwise; the other keywords go to ``start_data``, but ``start``, a mapping
    added to the start event as it is."""

    def __init__(self, book, tmp_path: Path, **start: Any):
        from garou.game import session
        from garou.game.journal import open_journal
        from garou.game.mafia import start_data

        self.book = book
        self.journal = open_journal(tmp_path / "g.sqlite", create=True)
        game = book.game("mafia")
        more = start.pop("start", {})
        data = start_data(game, start.pop("players", MAFIA_NAMES),
                          roles=start.pop("roles", MAFIA_ROLES), **start)  # fmt: skip
        data.update(more)
        self.id = session.new_game(self.journal, book, data)

    def add(self, kind: str, lang: str = "en", **data: Any) -> Any:
        """Record the event; return the evening's state after it."""
        from garou.game import session

        return session.record(self.journal, self.book, self.id, kind, data, lang).state

    def refused(self, kind: str, **data: Any) -> Any:
        """Try the event, which must be refused with nothing recorded; return the error."""
        from garou.game.errors import IllegalEventError

        before = len(self.journal.events(self.id))
        with pytest.raises(IllegalEventError) as caught:
            self.add(kind, **data)
        assert len(self.journal.events(self.id)) == before
        return caught.value

    def status(self, lang: str = "en") -> dict[str, Any]:
        from garou.game import session

        return session.status(self.journal, self.book, self.id, lang)

    def state(self) -> Any:
        from garou.game import session

        return session.load(self.journal, self.book, self.id).state

    def speeches(self) -> None:
        """Record the speech of every player due to speak, in turn."""
        while (speaker := self.status()["speaker"]) is not None:
            self.add("speech", player=speaker)


class TableScreen:
    """The table's shared screen of the web game ``game_id``, looked at in ``lang``: a client
    of its own (no session, no key), reading the game's state from the journal ``db``."""

    def __init__(self, client, db: Path, book, game_id: int, lang: str):
        self.table = client.application.test_client()
        self.db, self.book, self.game_id, self.lang = db, book, game_id, lang
        self.looks = 0
        """How many times :meth:`look` was called."""

    def state(self) -> Any:
        """The game's state now, replayed from the journal."""
        from garou.game import session
        from garou.game.journal import open_journal

        with open_journal(self.db) as journal:
            return session.load(journal, self.book, self.game_id, self.lang).state

    def page(self) -> str:
        """The screen's page."""
        return str(self.table.get(f"/game/{self.game_id}/table?lang={self.lang}").text)

    def look(self, secrets_of: Callable[[Any], list[str]]) -> tuple[Any, str]:
        """Look at the page and its poll (``table.json``): unless the game is over, neither
        holds any of ``secrets_of(state)`` (the page read as its text). Returns the state and
        the page."""
        import html
        import re

        state = self.state()
        page = self.page()
        poll = self.table.get(f"/game/{self.game_id}/table.json").text
        self.looks += 1
        if state.phase != "over":
            text = re.sub(r"\s+", " ", html.unescape(page))
            for secret in secrets_of(state):
                assert secret not in text, (secret, state.phase, state.night, state.day)
                assert secret not in poll
        return state, page


def needs_pdf() -> pytest.MarkDecorator:
    """Skip a test that prints a PDF where WeasyPrint cannot run (not installed, or no Pango:
    the README's test command on a bare machine)."""
    from garou import printables

    return pytest.mark.skipif(
        not printables.rendering.pdf_available(),
        reason="WeasyPrint cannot run here (pip install garou[pdf]; it needs Pango)",
    )
