"""Helpers shared by several test modules (the fixtures are in conftest.py)."""

from __future__ import annotations

import importlib.util
import re
import sqlite3
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import typer
import yaml
from typer._click import Context

from garou import rules
from garou.cli.app import app
from garou.core.catalogue import say
from garou.game import session
from garou.game.journal import open_journal
from garou.houserules import questions
from tests.conftest import REPO


def rules_folder(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    """A user rules folder, ``tmp_path/my-rules``, holding ``text`` (dedented) as ``name``;
    the folder may already exist (a second file, or the same file written again)."""
    folder = tmp_path / "my-rules"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


HOUSE_ROLE = """\
game: loup-garou
roles:
  - id: idiot
    name: {fr: Idiot du village, en: Village idiot}
    camp: village
    power: false
    section: additions
    addition: true
    summary: {fr: Un villageois sans pouvoir de plus., en: One more villager without a power.}
"""
"""A user rules file: a house role of Loup-Garou (``idiot``), no power."""

HOUSE_ROLE_AND_CASE = (
    HOUSE_ROLE
    + """\
entries:
  - id: lg-house-night-talk
    section: contested
    kind: contested
    addition: true
    title: {fr: "Parler la nuit ?", en: "Talking at night?"}
    text: {fr: "Les morts parlent-ils la nuit ?", en: "May the dead talk at night?"}
    options:
      - id: yes-talk
        label: {fr: "Oui", en: "Yes"}
      - id: no-talk
        label: {fr: "Non", en: "No"}
    default:
      option: no-talk
      reason: {fr: "Plus simple.", en: "Simpler."}
      addition: true
"""
)
"""A user rules file: a house role of Loup-Garou (``idiot``) and a house case
(``lg-house-night-talk``), which the built-in rules do not have."""


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


def _root():
    group = typer.main.get_command(app)
    return group, Context(group, info_name="garou")


def _walk(command, ctx, path=()):
    yield path, command, ctx
    if hasattr(command, "list_commands"):
        for name in command.list_commands(ctx):
            child = command.get_command(ctx, name)
            yield from _walk(child, Context(child, info_name=name, parent=ctx), (*path, name))


def _all():
    group, ctx = _root()
    return list(_walk(group, ctx))


ALL = _all()

ALL_PATHS = [path for path, _, _ in ALL]

# Unmistakable words of each language, for the check that nothing of the other one shows.
ENGLISH = {"the", "with", "without", "and", "this", "that", "which", "your", "file", "folder",
           "error", "usage", "example", "default", "required", "missing", "such", "exit",
           "interrupted", "try", "invalid", "when", "each", "every", "is", "are",
           "not", "of", "to", "for", "show"}  # fmt: skip

FRENCH = {"le", "la", "les", "des", "du", "une", "avec", "sans", "fichier", "dossier", "erreur",
          "utilisation", "exemple", "défaut", "obligatoire", "commande", "votre", "quand",
          "chaque", "est", "pour", "pas", "ou", "et", "de", "essayez", "aide", "sortie",
          "afficher", "quitter", "il", "manque", "n'existe"}  # fmt: skip

FOREIGN = {"fr": ENGLISH, "en": FRENCH}


def foreign_words(text: str, lang: str) -> set[str]:
    """Return the words of ``text`` that belong to the other language than ``lang``.

    Command lines are not words of a language: options, the names of the commands and
    what follows ``garou`` on an example line are left out.
    """
    text = re.sub(r"(?m)^(Exemple|Example) ?: .*$", "", text)
    text = re.sub(r'"[\w-]+"', " ", text)  # a JSON key: {"error": …}
    text = re.sub(r"(?<![\w-])--?[\w-]+", " ", text)
    names = {"garou", *(name for path in ALL_PATHS for name in path)}
    words = {w.lower() for w in re.findall(r"[\w']+", text)}
    return (words - names) & FOREIGN[lang]


GAMES = REPO / "tests" / "data" / "games"

RECORD = GAMES / "mafia-town-wins.yaml"


def _season(garou, tmp_path, count=3):
    """A journal of ``count`` finished Mafia evenings (the same record, forced in)."""
    db = str(tmp_path / "club.sqlite")
    for _ in range(count):
        made = garou("game", "import", str(RECORD), "--db", db, "--force")
        assert made.exit_code == 0, made.stderr
    return db


def _edit(db, game_id, seq, column, value):
    with sqlite3.connect(db) as c:
        c.execute(
            f"UPDATE events SET {column} = ? WHERE game_id = ? AND seq = ?", (value, game_id, seq)
        )


MAFIA_NAMES_TYPED = "Ana,Bob,Cid,Dan,Eve,Fay,Gus,Hal,Ivy,Jon"

LG_RECORDS = sorted(p for p in GAMES.glob("*.yaml") if not p.name.startswith("mafia-"))

NIGHT_WORDS = {"en": ("Tonight", "wakes up", "died tonight"), "fr": ("Cette nuit", "se réveille")}

VOTE_WORDS = {"en": "has voted", "fr": "a voté"}


def _load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


TABLE6 = {"loup-garou": 1, "voyante": 1, "villageois": 3}

DEAL6 = "Alice=loup-garou,Bruno=voyante"

MAFIA_GAME_ARGS = ["--game", "mafia", "--names", "1,2,3,4,5,6,7,8,9,10", "--deal", MAFIA_DEAL]

STEPS12 = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "cupidon": 1, "villageois": 3}

BOOK = rules.load_rules()

MF = BOOK.game("mafia")


def _limits() -> list[tuple[str, int]]:
    """Every count of Mafia whose limit disqualifies, with that limit (from the data)."""
    assert MF.fouls is not None
    pairs = (("fouls", MF.fouls.foul), ("technical_fouls", MF.fouls.technical))
    found = [(attr, lim.limit) for attr, lim in pairs if lim.consequence == "disqualification"]
    assert found, "the data gives no disqualifying count: the test would check nothing"
    return found


def _agreement(garou, tmp_path, captain: str | None) -> tuple[str, ...]:
    if captain is None:
        return ()
    path = str(tmp_path / f"{captain}.yaml")
    args = ["house", "pick", "-g", "loup-garou", "--defaults", "-o", path, "--lang", "en"]
    picked = garou(*args, "--set", f"lg-setting-captain={captain}")
    assert picked.exit_code == 0, picked.stdout + picked.stderr
    return ("-a", path)


def _fields(key: str) -> set[str]:
    from garou.core.catalogue import placeholders

    return {
        f.split(".")[0].split("[")[0] for _, _, t in _templates_of(key) for f in placeholders(t)
    }


def _templates_of(key: str):
    from garou.core.catalogue import messages

    for lang, forms in messages()[key].items():
        for form, template in forms.items() if isinstance(forms, dict) else [("", forms)]:
            yield lang, form, template


def _say_all(value):
    """Every message in both languages, every field given ``value``: (key, lang, text)."""
    from garou.core.catalogue import messages

    for key, texts in messages().items():
        values = {f: value for f in _fields(key) if f != "count"}
        for lang in ("fr", "en"):
            plural = isinstance(texts[lang], dict)
            counted = plural or "count" in _fields(key)
            for count in (1, 2) if counted else (None,):
                try:
                    yield key, lang, say(key, lang, count=count, **values)
                except (ValueError, TypeError):  # a numeric format spec: not a text field
                    continue


TWELVE = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Léa"]

CARDS12 = {"loup-garou": 3, "voyante": 1, "sorciere": 1, "chasseur": 1, "cupidon": 1}
CARDS12 |= {"villageois": 5}

DEAL12 = {"Ana": "cupidon", "Bob": "voyante", "Cid": "sorciere", "Dee": "chasseur"}
DEAL12 |= {"Eve": "loup-garou", "Fay": "loup-garou", "Gus": "loup-garou"}

ACTIONS = {  # each night-1 step's own event (by its step id)
    "couple": ("couple", {"lovers": ["Ivy", "Jon"]}),
    "voyante": ("look", {"target": "Eve"}),
    "loups": ("kill", {"victim": "Hal"}),
    "sorciere": ("potions", {}),
}


def _twelve(book, journal):
    from garou.game import session

    start = {"game": "loup-garou", "players": TWELVE, "roles": CARDS12, "deal": DEAL12}
    return session.new_game(journal, book, start)


def _events(garou, db: str) -> list[dict]:
    return yaml.safe_load(garou("game", "export", "--db", db).stdout)["events"]


def _new_evening_in(book, journal) -> int:
    """The :data:`MAFIA_DEAL` evening of players ``1`` to ``10``, started in ``journal``."""
    from garou.game import mafia, session

    names = [str(n) for n in range(1, 11)]
    roles = dict(pair.split("=") for pair in MAFIA_DEAL.split(","))
    return session.new_game(journal, book, mafia.start_data(book.game("mafia"), names,
                                                            roles=roles))  # fmt: skip


class _Phone:
    """The judge's page through Flask's test client: its form fields, a tap that sends."""

    def __init__(self, db: str, lang: str = "en"):
        from garou.web import WebConfig, create_app

        self.client = create_app(WebConfig(db=Path(db))).test_client()
        self.lang = lang

    def page(self) -> str:
        response = self.client.get(f"/game/1?lang={self.lang}")
        assert response.status_code == 200
        return response.get_data(as_text=True)

    def step(self) -> str:
        found = re.search(r'data-step="([^"]+)"', self.page())
        assert found
        return found.group(1)

    def post(self, path: str, data: dict) -> object:
        page = self.page()
        token = re.search(r'name="csrf" value="([^"]+)"', page)
        form_id = re.search(r'name="form_id" value="([^"]+)"', page)
        seen = re.search(r'name="seen" value="([^"]+)"', page)
        assert token and form_id and seen
        fields = {"csrf": token.group(1), "form_id": form_id.group(1), "seen": seen.group(1)}
        fields.update(data)
        return self.client.post(
            f"/game/1/{path}?lang={self.lang}", data=fields, headers={"Origin": "http://localhost"}
        )


ODD_NAMES = ["Jean, fils", "x=y", "a:b", "Dé;Li", 'Zoé "la" Grande', "Éloïse Martin", "Ana", "Bob"]
"""Eight players: each special character, accents, spaces, and plain names."""


def _game_of(path):
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))["game"]["id"]


# The games whose recordings keep only what applies (replay.TRIMMED: Loup-Garou; Mafia's
# events may carry note-like values its state does not store, and are kept as given).
LG_GAME_FILES = [
    path
    for path in sorted((REPO / "tests" / "data" / "games").glob("*.yaml"))
    if _game_of(path) in ("loup-garou",)
]


def _imported(book, path, tmp_path):
    from garou.game.journal import open_journal
    from garou.game.record import import_record

    journal = open_journal(tmp_path / f"{path.stem}.sqlite")
    return journal, import_record(journal, book, path)


SIX_NAMES = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay"]

ROLES = {"loup-garou": 2, "voyante": 1, "sorciere": 1, "villageois": 2}

DEAL = {"Ana": "voyante", "Bob": "loup-garou", "Eve": "loup-garou", "Cid": "sorciere"}

LONE = {"loup-garou": 1, "voyante": 1, "sorciere": 1, "villageois": 3}

LONE_DEAL = {"Ana": "voyante", "Bob": "loup-garou", "Cid": "sorciere"}

NIGHT1 = [("call", {"step": "couple"}), ("look", {"target": "Dee", "role": "villageois"})]

TO_WITCH = [*NIGHT1, ("kill", {"victim": "Fay"})]

TO_SELF = [*NIGHT1, ("kill", {"victim": "Cid"})]

WITCH_KILLED_NIGHT_2 = [
    *NIGHT1,
    ("kill", {"victim": "Fay"}),
    ("potions", {}),
    ("dawn", {}),
    ("election", {"captain": "Ana"}),
    ("vote", {"votes": {}}),
    ("look", {"target": "Dee"}),
    ("kill", {"victim": "Cid"}),
]


def _start(agreement: dict[str, str], roles=ROLES, deal=DEAL) -> dict[str, Any]:
    return {"game": "loup-garou", "name": None, "players": SIX_NAMES, "roles": roles,
            "agreement": agreement, "table": None, "date": None, "deal": deal}  # fmt: skip


def _game(db: Path, book, agreement, events, roles=ROLES, deal=DEAL) -> int:
    with open_journal(db) as journal:
        game_id = session.new_game(journal, book, _start(agreement, roles, deal))
        for kind, data in events:
            session.record(journal, book, game_id, kind, data, "en")
    return game_id


WOLVES = "lg-contested-wolves-unanimous"

TWO = "lg-contested-witch-two-potions"

SELF = "lg-contested-witch-self-save"

# (case, option, setup, events, answers, asked, never asked, the event recorded)
CASES = [
    (WOLVES, "agree-or-gm", "two", NIGHT1, ["Fay", "no"], "you decided", "their majority",
     {"kind": "kill", "victim": "Fay", "decided": "game-master"}),
    (WOLVES, "wolf-majority", "two", NIGHT1, ["Fay", "no"], "their majority", "you decided",
     {"kind": "kill", "victim": "Fay", "decided": "majority"}),
    (WOLVES, "agree-or-gm", "lone", NIGHT1, ["Fay"], "Which victim", "wolves agree",
     {"kind": "kill", "victim": "Fay"}),
    (WOLVES, "wolf-majority", "lone", NIGHT1, ["Fay"], "Which victim", "wolves agree",
     {"kind": "kill", "victim": "Fay"}),
    (TWO, "one-per-night", "two", TO_WITCH, ["yes"], "save Fay", "she poison",
     {"kind": "potions", "save": True}),
    (TWO, "both-allowed", "two", TO_WITCH, ["yes", "Dee"], "she poison", "no poison",
     {"kind": "potions", "save": True, "poison": "Dee"}),
    (SELF, "never", "two", TO_SELF, [""], "she poison", "save Cid",
     {"kind": "potions"}),
    (SELF, "first-night-only", "two", TO_SELF, ["yes"], "save Cid", "she poison",
     {"kind": "potions", "save": True}),
    (SELF, "first-night-only", "two", WITCH_KILLED_NIGHT_2, [""], "she poison", "save Cid",
     {"kind": "potions"}),
    (SELF, "always", "two", WITCH_KILLED_NIGHT_2, ["yes"], "save Cid", "she poison",
     {"kind": "potions", "save": True}),
]  # fmt: skip

WITHOUT = lambda *names: {k: v for k, v in DEAL.items() if k not in names}  # noqa: E731

TYPOS = [("mafai", "mafia"), ("loup", "loup-garou"), ("werwolf", "loup-garou")]
"""A game name as a user mistypes it, and the game garou should offer."""

QUOTES = {"fr": ("« ", " »"), "en": ("'", "'")}


def _names(text: str, typed: str, near: str, lang: str) -> None:
    """``text`` refuses the game ``typed``, offers ``near`` and lists the accepted games."""
    left, right = QUOTES[lang]
    text = text.replace("\u00a0", " ")
    said = {"fr": "vouliez-vous dire", "en": "did you mean"}[lang]
    assert f"{said} {left}{near}{right}" in text, text
    assert f"{left}{typed}{right}" in text and "loup-garou, mafia" in text, text


ELSEWHERE = {"fr": "Enregistré sur un autre écran", "en": "Recorded on another screen"}


def _play(garou, t: Table, lines: list[str], lang: str = "en") -> str:
    db = str(t.journal.path)
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join([*lines, "q"]) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    return run.stdout.replace("\n", " ")


def _to_lift(t: Table) -> None:
    """Bob and Hal tied twice: the lift vote."""
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Cid", nominee="Hal")
    half = {n: "Bob" for n in ("Ana", "Cid", "Dan", "Eve", "Fay")}
    t.add("vote", votes=half)
    t.speeches()
    t.add("vote", votes=half)
    assert t.state().vote_round == "lift"


LG_SETUP = {
    "game": "loup-garou",
    "players": 6,
    "roles": {"loup-garou": 2, "voyante": 1, "villageois": 3},
    "names": ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay"],
}


def _lg_day(garou, tmp_path):
    """A Loup-Garou game at its first day's vote (Cid killed in the night)."""
    import yaml

    setup = tmp_path / "t6.yaml"
    setup.write_text(yaml.safe_dump(LG_SETUP))
    db = str(tmp_path / "lg.sqlite")
    new = garou("game", "new", "--setup", str(setup), "--deal",
                "Ana=voyante,Bob=loup-garou,Eve=loup-garou", "--db", db)  # fmt: skip
    assert new.exit_code == 0, new.stderr
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    night = (("look", "target=Bob"), ("kill", "victim=Cid"), ("dawn",))
    for args in (*night, ("election", "captain=Ana")):
        done = add(*args)
        assert done.exit_code == 0, done.stderr
    return db


Table = MafiaTable


def _new_evening(garou, tmp_path, *options: str) -> str:
    """``garou game new`` of the MAFIA_NAMES evening dealt MAFIA_ROLES (with ``options``) in
    the journal ``tmp_path/g.sqlite``; returns its path."""
    db = str(tmp_path / "g.sqlite")
    deal = ",".join(f"{p}={r}" for p, r in MAFIA_ROLES.items())
    garou("game", "new", "--game", "mafia", "--names", ",".join(MAFIA_NAMES), "--deal", deal,
          *options, "--db", db)  # fmt: skip
    return db


ABSOLUTE = {"mf-contested-majority": "absolute-majority"}

BELOW_HALF = {
    "Ana": "Bob", "Cid": "Bob", "Eve": "Bob", "Gus": "Bob",
    "Dan": "Hal", "Ivy": "Hal", "Jon": "Hal",
}  # fmt: skip
"""Bob 4, Hal 3, and the three silent ballots to Fay, the last nominee: nobody above half."""


def _below_half(t):
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
        t.add("nominate", by=by, nominee=nominee)
    t.add("vote", votes=BELOW_HALF)


SIX = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay"]

SIX_DEAL = "Ana=loup-garou,Bob=loup-garou,Cid=voyante,Dee=villageois,Eve=villageois,Fay=villageois"

FIRST_NIGHT = ("call step=couple", "look target=Ana", "kill victim=Dee", "call step=witch", "dawn")


def _setup(tmp_path: Path, names: list[str] = SIX, roles: str = "", file: str = "t.yaml") -> Path:
    path = tmp_path / file
    roles = roles or "{loup-garou: 2, voyante: 1, villageois: 3}"
    path.write_text(
        f"game: loup-garou\nplayers: {len(names)}\nroles: {roles}\nnames: [{', '.join(names)}]\n",
        encoding="utf-8",
    )
    return path


def _day_one(garou, tmp_path: Path) -> str:
    """A game of six at day 1's vote, Cid elected captain: the database's path."""
    db = str(tmp_path / "g.sqlite")
    setup = str(_setup(tmp_path))
    assert garou("game", "new", "--setup", setup, "--deal", SIX_DEAL, "--db", db).exit_code == 0
    for event in (*FIRST_NIGHT, "election captain=Cid"):
        assert garou("game", "add", *event.split(), "--db", db).exit_code == 0
    return db


def _flat(text: str) -> str:
    """``text`` with its spaces (line breaks, non-breaking ones) as single spaces."""
    return " ".join(text.split())


def _kinds(db: str) -> list[str]:
    with open_journal(db) as journal:
        return [e.kind for e in journal.events(1)]


AGREED_NAMES = ["Alice", "Bruno", "Chloé", "David", "Émile", "Fanny", "Gaël", "Hugo"]


def _signed_agreement(garou, tmp_path: Path) -> Path:
    """An agreement of the defaults signed with its setup: 8 players, their names."""
    path = tmp_path / "accord.yaml"
    run = garou("house", "pick", "-g", "loup-garou", "--defaults", "--players", "8",
                "--roles", "loup-garou=2,voyante=1,sorciere=1,villageois=4",
                "--names", ",".join(AGREED_NAMES), "-o", str(path))  # fmt: skip
    assert run.exit_code == 0, run.stderr
    return path


def _document(name: str) -> str:
    """The text of a rule document (beside the repository, or beside the worktrees)."""
    from tests.conftest import SOURCES

    for folder in (SOURCES, REPO.parent.parent / "shared" / "sources"):
        if (folder / name).exists():
            return (folder / name).read_text(encoding="utf-8")
    pytest.skip(f"the rule document {name} is not here")


MAFIA_SEATS_TYPED = ",".join(str(n) for n in range(1, 11))

FINISHED_ROLES = ["citoyen"] * 6 + ["don", "sherif", "mafia", "mafia"]
"""The cards of :func:`finished_mafia`'s players, in the order of their names."""

ORIGIN = "http://localhost"


def token_of(client, path: str = "/house?game=loup-garou") -> str:
    """Open a form page and return its cross-site token (the session cookie is kept)."""
    html = client.get(path).get_data(as_text=True)
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found, "the form carries a token"
    return found.group(1)


def picked_form(game, token: str, **extra: str) -> dict[str, str]:
    form = {"csrf": token, "game": game.id}
    for question in questions(game):
        if question.default is not None:
            form[f"case.{question.id}"] = question.default.option
    form.update(extra)
    return form


def new_game(db: Path, book, record: dict[str, Any]) -> int:
    """Start a game as the terminal does (garou game new/import): the same journal."""
    with open_journal(db) as journal:
        return session.new_game(journal, book, lg_start_of(record))


class GameMaster:
    """A phone on the game master's page: reads the page's form, taps, sends it."""

    def __init__(self, client, game_id: int, lang: str = "en"):
        self.client, self.game_id, self.lang = client, game_id, lang

    def page(self) -> str:
        response = self.client.get(f"/game/{self.game_id}?lang={self.lang}")
        assert response.status_code == 200, response.text
        return response.text

    def fields(self, html: str | None = None) -> dict[str, str]:
        html = html or self.page()
        token = re.search(r'name="csrf" value="([^"]+)"', html)
        form_id = re.search(r'name="form_id" value="([^"]+)"', html)
        seen = re.search(r'name="seen" value="([^"]+)"', html)
        assert token and form_id and seen
        return {"csrf": token.group(1), "form_id": form_id.group(1), "seen": seen.group(1)}

    def step(self, html: str | None = None) -> tuple[str, str | None]:
        html = html or self.page()
        found = re.search(r'data-step="([^"]+)"(?: data-night-step="([^"]+)")?', html)
        assert found
        return found.group(1), found.group(2)

    def post(self, path: str, data: dict[str, Any]):
        return self.client.post(
            f"/game/{self.game_id}/{path}", data=data, headers={"Origin": ORIGIN}
        )

    def send(self, kind: str, values: dict[str, Any], fields: dict[str, str] | None = None):
        form = {**(fields or self.fields()), "kind": kind, **values}
        return self.post("record", form)


def form_values(event: dict[str, Any]) -> dict[str, Any]:
    """The form fields the game master's page sends for one event of a record."""
    kind = event["kind"]
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key == "kind":
            continue
        if key in ("lovers", "by"):
            out[key] = list(value)
        elif key == "save":
            out["save"] = "yes" if value else "no"
        elif key == "decided":
            out["disagreed"] = "yes"
        elif key == "votes":
            out.update({f"vote.{voter}": target for voter, target in value.items()})
        elif key == "tallies":
            out["how"] = "tallies"
            out.update({f"tally.{name}": str(n) for name, n in value.items()})
        elif key in ("shoot", "successor", "roles"):
            prefix = "role" if key == "roles" else key
            out.update({f"{prefix}.{who}": what for who, what in value.items()})
        else:
            out[key] = value
    if kind == "vote" and not event.get("votes") and "tallies" not in event:
        out.setdefault("how", "ballots")
    return out


def play(gm: GameMaster, events: list[dict[str, Any]], after_each=None) -> None:
    """Play a whole record by tapping through the script: each role called in order (the
    ones with nothing to record too), each of the record's events sent by its form."""
    for event in events:
        for _ in range(30):
            kind, night_step = gm.step()
            if kind == event["kind"] and (kind != "call" or night_step == event.get("step")):
                break
            assert kind == "call", f"the page waits for {kind}, the record has {event}"
            response = gm.send("call", {"step": night_step})
            assert response.status_code == 303, response.text
            if after_each:
                after_each()
        response = gm.send(event["kind"], form_values(event))
        assert response.status_code == 303, response.text
        if after_each:
            after_each()


def load(path: Path) -> dict[str, Any]:
    """The game record ``path`` (an export of ``garou game``), as YAML reads it."""
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))
