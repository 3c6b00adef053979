"""The printables: the cheat sheet and the agreement sheet, by structure, in a browser, by CLI."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from garou import printables, rules
from garou.core import catalogue
from garou.houserules import load_agreement
from garou.printables import build_agreement_sheet, build_cheatsheet, escape_markdown
from garou.rules.distribution import Distribution, UnsoundSetupError, read_setup
from tests import helpers

CHROMIUM = Path("/usr/bin/chromium")


INITIALS_MM = 20
"""The least width, in millimetres, of the column where a player initials the agreement."""


HAS_WEASYPRINT = printables.rendering.pdf_available()  # installed, with Pango to run it


TEMPLATES = Path(printables.__file__).parent / "templates"


LANGS = ("fr", "en")


NASTY = "<script>alert('x')</script>"
"""A player name that must print as text."""


NAMES = [
    "Anne-Sophie Delacroix", "Bertrand Lefebvre", NASTY, "Dominique Marchand",
    "Éloïse Fontaine", "François *gras* _it_", "Gwendoline Rousseau", "Hippolyte Garnier",
    "Isabelle Chevalier", "Jean-Baptiste Moreau", "Katell Le Goff", "Léopold Vasseur",
    "Maximilien Aubert", "Noémie Beaumont", "Octave Guillaume", "Pénélope Laurent",
    "Quentin Deschamps", "Rosalie & | Co",
]  # fmt: skip


TABLE = "Les Loups <b>du jeudi</b> & Cie"


CUSTOM = "Peut-on <i>parler</i> la nuit ? Unmotinterminablesansaucuneespacenitiretdedans"
"""A table's own question, with markup and a word too long for a column."""


CUSTOMS = [
    CUSTOM,
    "Le meneur peut-il rappeler à voix haute qui a déjà parlé pendant le débat du jour ?",
    "Un joueur éliminé peut-il rester à la table, muet, jusqu'à la fin de la partie ?",
]
"""Three questions of the table's own: the worst case a sheet must fit on one page."""


CUSTOMS_YAML = "".join(
    f"  - question: {json.dumps(q, ensure_ascii=False)}\n    options: [oui, non]\n    answer: non\n"
    for q in CUSTOMS
)


LONG_NAME = ("Anne-Éloïse " + "X" * 40)[:40]
"""The longest player's name garou keeps (MAX_NAME, 40 characters): a word, then one that
fits no column."""


def _words(lang: str) -> dict[str, Any]:
    """The sheets' catalogue templates in ``lang`` (``sheet.call-anyway`` as "call_anyway"),
    and the tie steps the sheets say, from the one translation of the data's values."""
    found: dict[str, Any] = {  # spaces as the parsed page's text() gives them
        key.removeprefix("sheet.").replace("-", "_"): catalogue.template_of(key, lang).replace(
            "\u00a0", " "
        )
        for key in catalogue.messages()
        if key.startswith("sheet.") and not isinstance(catalogue.messages()[key][lang], dict)
    }
    found["tie_steps"] = {
        key.removeprefix("tie-step."): catalogue.template_of(key, lang).replace("\u00a0", " ")
        for key in catalogue.messages()
        if key.startswith("tie-step.")
    }
    return found


VOTES = {"revote-tied", "lift-vote"}
"""The tie steps that are a vote: what follows one applies only to a tie that persists."""


def _tie_path(steps: tuple[str, ...], lang: str, captain: str = "") -> str:
    """The tie steps as a sheet must say them: after a vote, "if still tied: ..."."""
    t = _words(lang)
    said = []
    for i, step in enumerate(steps):
        text = t["tie_steps"][step].format(status=captain)
        said.append(t["tie_still"].format(step=text) if i and steps[i - 1] in VOTES else text)
    return " → ".join(said)


def _quoted(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i, ensure_ascii=False) for i in items) + "]"


def _largest(book: rules.Rulebook) -> dict[str, int]:
    """Every Loup-Garou role, at the most players the rules cover."""
    game = book.game("loup-garou")
    players = game.setup.max_players
    table = game.setup.count_table
    assert table is not None
    roles = {table.role: table.bands[-1].count}
    roles |= {r.id: 1 for r in game.roles if r.id not in roles and r.id != game.setup.filler}
    roles[game.setup.filler] = players - sum(roles.values())
    return roles


def _roles_yaml(roles: dict[str, int]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in roles.items()) + "}"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory, book: rules.Rulebook) -> dict[str, Path]:
    """Setup and agreement files: the largest Loup-Garou table, a small one, a Mafia table."""
    folder = tmp_path_factory.mktemp("printables")
    largest = _largest(book)
    players = sum(largest.values())
    names = NAMES[:players] + [f"Joueur {i}" for i in range(len(NAMES), players)]
    lg = book.game("loup-garou")
    decisions = "\n".join(
        f"  {e.id}: {e.options[-1].id}" for e in (*lg.contested(), *lg.settings())
    )
    # Every case changed, but the statuses kept (the captain: his election, his track).
    keeping = "\n".join(
        f"  {e.id}: {[o for o in e.options if not o.without][-1].id}"
        for e in (*lg.contested(), *lg.settings())
    )
    mf = book.game("mafia")
    assert mf.setup.composition is not None
    mf_roles = _roles_yaml(dict(mf.setup.composition.roles))
    mf_decisions = "\n".join(
        f"  {e.id}: {e.options[0].id}" for e in (*mf.contested(), *mf.settings())
    )
    texts = {
        "setup-largest.yaml": (
            f"game: loup-garou\nplayers: {players}\nroles: {_roles_yaml(largest)}\n"
            f"names: {_quoted(names)}\n"
        ),
        "setup-small.yaml": "game: loup-garou\nroles: {loup-garou: 2, villageois: 4}\n",
        "setup-mafia.yaml": f"game: mafia\nroles: {mf_roles}\nnames: {_quoted(NAMES[:10])}\n",
        "setup-unknown.yaml": (
            "game: loup-garou\nroles: {loup-garou: 2, villageois: 4, salvateur: 1}\n"
        ),
        "accord-largest.yaml": (
            f"format: garou-agreement/1\ngame: loup-garou\ntable: {json.dumps(TABLE)}\n"
            f"date: 2025-03-14\ndecisions:\n{decisions}\n"
            f"custom:\n{CUSTOMS_YAML}"
            f"setup:\n  players: {players}\n  roles: {_roles_yaml(largest)}\n"
            f"  names: {_quoted(names)}\n"
        ),
        "accord-largest-captain.yaml": (
            f"format: garou-agreement/1\ngame: loup-garou\ntable: {json.dumps(TABLE)}\n"
            f"date: 2025-03-14\ndecisions:\n{keeping}\n"
            f"custom:\n{CUSTOMS_YAML}"
            f"setup:\n  players: {players}\n  roles: {_roles_yaml(largest)}\n"
            f"  names: {_quoted(names)}\n"
        ),
        "accord-plain.yaml": (
            f"format: garou-agreement/1\ngame: loup-garou\ndecisions:\n{decisions}\n"
        ),
        "accord-mafia.yaml": (
            f"format: garou-agreement/1\ngame: mafia\ntable: Mafia du mardi\ndecisions:\n"
            f"{mf_decisions}\nsetup:\n  players: 10\n  roles: {mf_roles}\n"
        ),
        "accord-mafia-plain.yaml": (
            f"format: garou-agreement/1\ngame: mafia\ndecisions:\n{mf_decisions}\n"
        ),
        "accord-long-name.yaml": (
            f"format: garou-agreement/1\ngame: loup-garou\ndecisions:\n{decisions}\n"
            "setup:\n  players: 6\n  roles: {loup-garou: 2, villageois: 4}\n"
            f"  names: {_quoted([LONG_NAME, *NAMES[:5]])}\n"
        ),
    }
    paths = {}
    for name, text in texts.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths[name.removesuffix(".yaml")] = path
    return paths


@dataclasses.dataclass
class Node:
    """An element of a parsed page, with its text."""

    tag: str
    attrs: dict[str, str]
    parent: Node | None
    children: list[Node] = dataclasses.field(default_factory=list)
    texts: list[str] = dataclasses.field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        parts = []
        for item in self.texts:
            parts.append(item)
        for child in self.children:
            parts.append(child.text())
        return " ".join(" ".join(parts).split())

    def walk(self) -> list[Node]:
        found = [self]
        for child in self.children:
            found += child.walk()
        return found

    def find(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> list[Node]:
        return [
            n
            for n in self.walk()[1:]
            if (tag is None or n.tag == tag)
            and (cls is None or cls in n.classes)
            and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())
        ]


_VOID = {"meta", "br", "img", "input", "link", "hr", "col", "wbr"}


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(node)
        if tag not in _VOID:
            self.current = node

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"unbalanced </{tag}>"
        self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.texts.append(data)


def parse(html: str) -> Node:
    """Parse ``html`` into a tree; fail on an unbalanced closing tag."""
    tree = _Tree()
    tree.feed(html)
    tree.close()
    assert tree.current is tree.root, f"unclosed <{tree.current.tag}>"
    return tree.root


def _sheet(book: rules.Rulebook, game: str, lang: str, setup: Path | None = None,
           agreement: Path | None = None) -> printables.CheatSheet:  # fmt: skip
    plan = read_setup(setup, book)[1] if setup else None
    accord = load_agreement(agreement, book) if agreement else None
    return build_cheatsheet(book.game(game), lang, plan, accord)


def _write_accord(folder: Path, game: rules.Game, choose: dict[str, str], name: str) -> Path:
    """Write an agreement for ``game``: the option ``choose`` gives, else the default."""
    lines = [
        f"  {e.id}: {choose.get(e.id, e.default.option)}"
        for e in (*game.contested(), *game.settings())
        if e.default is not None
    ]
    path = folder / name
    path.write_text(
        f"format: garou-agreement/1\ngame: {game.id}\ndecisions:\n" + "\n".join(lines) + "\n",
        encoding="utf-8",
    )
    return path


def _night_roles(game: rules.Game) -> list[str]:
    """Every role that acts at night, in the order the data calls them."""
    ordered = [r for s in (*game.night.first, *game.night.every) for r in s.roles]
    ordered += [r.id for r in game.roles if r.night_action and r.id not in ordered]
    return list(dict.fromkeys(ordered))


COMBOS = [
    ("loup-garou", None, None),
    ("loup-garou", "setup-largest", None),
    ("loup-garou", "setup-small", None),
    ("loup-garou", None, "accord-largest"),
    ("loup-garou", "setup-largest", "accord-largest"),
    ("loup-garou", "setup-small", "accord-plain"),
    ("loup-garou", None, "accord-plain"),
    ("mafia", None, None),
    ("mafia", None, "accord-mafia"),
    ("mafia", "setup-mafia", None),
    ("mafia", "setup-mafia", "accord-mafia"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "setup", "agreement"), COMBOS)
def test_every_combination_renders_in_html_and_markdown(
    book: rules.Rulebook,
    files: dict[str, Path],
    game: str,
    setup: str | None,
    agreement: str | None,
    lang: str,
) -> None:
    sheet = _sheet(
        book,
        game,
        lang,
        files[setup] if setup else None,
        files[agreement] if agreement else None,
    )
    html = printables.render(sheet, "html")
    assert isinstance(html, str)
    page = parse(html)
    assert page.find("html")[0].attrs["lang"] == lang
    assert book.game(game).info.name.get(lang) in page.find("h1")[0].text()
    dealt: Distribution | None = None
    if setup:
        dealt = read_setup(files[setup], book)[1]
    elif agreement:
        dealt = load_agreement(files[agreement], book).setup
    rows = [r.attrs["data-role"] for r in page.find("tr") if "data-role" in r.attrs]
    if dealt is not None:
        assert rows == [r.id for r in book.game(game).roles if dealt.roles.get(r.id)]
        assert [n.text() for n in page.find(cls="name")] == list(dealt.names)
    statuses = {r.attrs["data-status"] for r in page.find("tr", cls="case")}
    assert statuses == ({"table"} if agreement else {"default"})
    markdown = printables.render(sheet, "md")
    assert isinstance(markdown, str)
    assert markdown.startswith(f"# {escape_markdown(book.game(game).info.name.get(lang))}")
    for entry in book.game(game).entries:
        if entry.kind == "mistake":
            assert escape_markdown(entry.title.get(lang)) in markdown


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("agreement", ["accord-largest", "accord-plain", "accord-mafia"])
def test_every_agreement_sheet_renders_in_html_and_markdown(
    book: rules.Rulebook, files: dict[str, Path], agreement: str, lang: str
) -> None:
    accord = load_agreement(files[agreement], book)
    sheet = build_agreement_sheet(accord, book.game(accord.game), lang)
    page = parse(str(printables.render(sheet, "html")))
    rows = page.find("tr", cls="decision")
    assert [r.attrs["data-case"] for r in rows] == [d.case for d in accord.decisions]
    for row, decision in zip(rows, accord.decisions, strict=True):
        assert row.find(cls="answer")[0].text() == decision.answer.get(lang)
        assert decision.question.get(lang) in row.text()
    markdown = str(printables.render(sheet, "md"))
    for decision in accord.decisions:
        assert escape_markdown(decision.answer.get(lang)) in markdown


def test_templates_say_only_catalogue_keys_of_their_own() -> None:
    """Every word of the templates is a catalogue key; the sheets' own keys are sheet.*."""
    keys = set()
    for path in TEMPLATES.iterdir():
        if path.suffix in (".html", ".md"):
            keys |= set(re.findall(r"\bt\('([^']+)'", path.read_text(encoding="utf-8")))
    assert keys and all(catalogue.has(k) for k in keys), sorted(
        k for k in keys if not catalogue.has(k)
    )
    assert {k.split(".")[0] for k in keys} <= {"sheet", "unit"}
    assert not (TEMPLATES.parent / "labels.py").exists()


def test_templates_load_as_package_data_from_any_folder(
    book: rules.Rulebook, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    html = printables.render(build_cheatsheet(book.game("mafia"), "en"), "html")
    assert "<style>" in str(html) and "@page" in str(html)


def test_templates_hold_no_numbers_and_partials_are_named_with_underscore() -> None:
    names = sorted(p.name for p in TEMPLATES.iterdir() if p.suffix in (".html", ".md"))
    assert {
        "base.html",
        "cheatsheet.html",
        "agreement.html",
        "cheatsheet.md",
        "agreement.md",
    } <= set(names)
    printable = {"base.html", "cheatsheet.html", "agreement.html", "cheatsheet.md", "agreement.md"}
    printable |= {"recap.html", "recap.md", "protocol.html", "protocol.md"}
    assert all(n in printable or n.startswith("_") for n in names), names
    for name in names:
        text = (TEMPLATES / name).read_text(encoding="utf-8")
        text = re.sub(r"\{[{%#].*?[}%#]\}", " ", text, flags=re.S)  # Jinja code
        text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
        text = re.sub(r"<[^>]*>", " ", text)  # tags and their attributes
        assert not re.search(r"[0-9]", text), f"{name} writes a number: {text!r}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["loup-garou", "mafia"])
def test_night_script_calls_every_night_role_in_the_data_order(
    book: rules.Rulebook, game_id: str, lang: str
) -> None:
    game = book.game(game_id)
    page = parse(str(printables.render(build_cheatsheet(game, lang), "html")))
    calls = page.find("li", cls=None)
    calls = [c for c in calls if "data-roles" in c.attrs]
    called = [r for c in calls for r in c.attrs["data-roles"].split()]
    assert set(_night_roles(game)) <= set(called)
    steps = [s.id for s in (*game.night.first, *game.night.every)]
    assert [c.attrs["data-step"] for c in calls][: len(steps)] == steps
    for rule in game.night.constraints:
        last_after = max(i for i, c in enumerate(calls) if rule.after in c.attrs["data-roles"])
        first_role = min(i for i, c in enumerate(calls) if rule.role in c.attrs["data-roles"])
        assert first_role > last_after, f"{rule.role} must come after {rule.after}"
    firsts = [c.attrs["data-first"] for c in calls]
    assert firsts == ["yes"] * len(game.night.first) + ["no"] * (len(calls) - len(game.night.first))
    numbers = [c.find(cls="n")[0].text() for c in calls]
    start = 1 if game.night.regular_from > 1 else len(game.night.first) + 1
    expected = [f"{i}." for i in range(1, len(game.night.first) + 1)]
    expected += [f"{i}." for i in range(start, start + len(game.night.every))]
    assert numbers == expected


def test_roles_not_dealt_are_called_anyway(book: rules.Rulebook, files: dict[str, Path]) -> None:
    game = book.game("loup-garou")
    assert game.night.call_absent is not None
    dealt = read_setup(files["setup-small"], book)[1].roles
    page = parse(str(printables.render(_sheet(book, game.id, "en", files["setup-small"]), "html")))
    calls = [c for c in page.find("li") if "data-roles" in c.attrs]
    assert {r for c in calls for r in c.attrs["data-roles"].split()} >= set(_night_roles(game))
    anyway = _words("en")["call_anyway"]
    for call in calls:
        held = any(dealt.get(r, 0) for r in call.attrs["data-roles"].split())
        assert (anyway in call.text()) is (not held), call.attrs
        assert call.attrs["data-dealt"] == ("yes" if held else "no")
    roles_table = [r.attrs["data-role"] for r in page.find("tr") if "data-role" in r.attrs]
    assert roles_table == [r for r, n in dealt.items() if n]


def test_without_a_setup_nothing_is_marked_absent(book: rules.Rulebook) -> None:
    page = parse(str(printables.render(build_cheatsheet(book.game("loup-garou"), "fr"), "html")))
    calls = [c for c in page.find("li") if "data-roles" in c.attrs]
    assert {c.attrs["data-dealt"] for c in calls} == {"unknown"}
    assert _words("fr")["call_anyway"] not in page.text()
    rows = [r.attrs["data-role"] for r in page.find("tr") if "data-role" in r.attrs]
    assert rows == [r.id for r in book.game("loup-garou").roles]


@pytest.mark.parametrize("game_id", ["loup-garou", "mafia"])
def test_without_agreement_each_case_shows_its_default(book: rules.Rulebook, game_id: str) -> None:
    game = book.game(game_id)
    page = parse(str(printables.render(build_cheatsheet(game, "en"), "html")))
    rows = page.find("tr", cls="case")
    cases = [*game.contested(), *game.settings()]
    assert [r.attrs["data-case"] for r in rows] == [e.id for e in cases]
    for row, entry in zip(rows, cases, strict=True):
        if entry.default is None:
            assert row.attrs["data-status"] == "open"
            continue
        label = next(o.label.en for o in entry.options if o.id == entry.default.option)
        assert row.attrs["data-status"] == "default"
        assert row.find(cls="answer")[0].text() == label
        assert _words("en")["default"] in row.text()


def test_agreement_answers_replace_the_defaults(
    book: rules.Rulebook, files: dict[str, Path]
) -> None:
    accord = load_agreement(files["accord-largest"], book)
    sheet = _sheet(book, "loup-garou", "fr", agreement=files["accord-largest"])
    page = parse(str(printables.render(sheet, "html")))
    rows = page.find("tr", cls="case")
    assert [r.attrs["data-case"] for r in rows] == [d.case for d in accord.decisions]
    for row, decision in zip(rows, accord.decisions, strict=True):
        assert row.attrs["data-status"] == "table"
        assert row.find(cls="answer")[0].text() == decision.answer.fr
    assert CUSTOM in page.text()
    # The table changed the debate's length: the day shows its choice, not the rules' value.
    game = book.game("loup-garou")
    assert game.day.debate is not None
    debate = next(
        d for d in accord.decisions if game.day.debate.entry in book.entry(d.case).related
    )
    assert not debate.default
    facts = [p.text() for p in page.find("p", cls="facts")]
    assert any(debate.answer.fr in f and _words("fr")["by_table"] in f for f in facts)


def _options_without(book: rules.Rulebook) -> list[tuple[rules.Game, rules.Entry, Any]]:
    """Every option that takes a status or a role out of the game, with its game and case."""
    return [
        (game, entry, option)
        for game in book.games.values()
        for entry in (*game.contested(), *game.settings())
        for option in entry.options
        if option.without
    ]


def test_options_take_out_only_statuses_or_roles_of_their_game(book: rules.Rulebook) -> None:
    found = _options_without(book)
    assert found  # playing without a captain, at least
    for game, entry, option in found:
        holders = {r.id for r in game.roles} | {s.id for s in game.statuses}
        assert set(option.without) <= holders, (entry.id, option.id, option.without)
        assert entry.default is not None and entry.default.option != option.id


def _belonging(game: rules.Game, page: Node, gone: set[str], lang: str) -> list[str]:
    """Return what ``page`` shows that belongs only to the statuses or roles in ``gone``."""
    t = _words(lang)
    found = []
    tie = page.find(id="tie")[0]
    for node in page.walk():
        entry_id = node.attrs.get("data-entry")
        if node is tie or not entry_id:
            continue
        roles = set(game.entry(entry_id).roles)
        if roles and roles <= gone:
            found.append(f"rule {entry_id}")
    holders = {c.entry: c.holder for c in game.deaths.consequences}
    for cascade in page.find(cls="cascade"):
        if holders[cascade.attrs["data-entry"]] in gone:
            found.append(f"cascade {cascade.attrs['data-entry']}")
    for row in page.find("tr"):
        if row.attrs.get("data-role") in gone:
            found.append(f"role {row.attrs['data-role']}")
    for call in page.find("li"):
        if "data-roles" in call.attrs and set(call.attrs["data-roles"].split()) <= gone:
            found.append(f"night call {call.attrs['data-step']}")
    captain = next(c.holder for c in game.deaths.consequences if c.does == "name-successor")
    if captain in gone:
        name = next(s.name.get(lang) for s in game.statuses if s.id == captain).lower()
        decides = t["tie_steps"]["captain-decides"].format(status=name)
        found += [f"tie path {p.text()}" for p in tie.find("p", cls="tie") if p.find("b")]
        found += [f"tie step {p.text()}" for p in tie.find("p") if decides in p.text()]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_playing_without_a_status_drops_what_belongs_to_it(
    book: rules.Rulebook, tmp_path: Path, lang: str
) -> None:
    for game, entry, option in _options_without(book):
        gone = set(option.without)
        default = parse(str(printables.render(build_cheatsheet(game, lang), "html")))
        assert _belonging(game, default, gone, lang), "nothing to drop: the test proves nothing"
        accord = _write_accord(tmp_path, game, {entry.id: option.id}, f"{option.id}.yaml")
        sheet = build_cheatsheet(game, lang, None, load_agreement(accord, book))
        page = parse(str(printables.render(sheet, "html")))
        assert _belonging(game, page, gone, lang) == []
        kept = [c.entry for c in game.deaths.consequences if c.holder not in gone]
        assert [c.attrs["data-entry"] for c in page.find(cls="cascade")] == kept
        if set(game.day.vote.tie.with_captain) and sheet.day.vote.ties:
            (path,) = page.find(id="tie")[0].find("p", cls="tie")
            assert path.text() == _tie_path(game.day.vote.tie.without_captain, lang)
        markdown = str(printables.render(sheet, "md"))
        holder = next(s for s in game.statuses if s.id in gone)
        with_label = _words(lang)["with_captain"].format(status=holder.name.get(lang))
        assert escape_markdown(with_label.lower()) not in markdown.lower()


@pytest.mark.parametrize("lang", LANGS)
def test_night_calls_show_the_tables_answers_to_their_cases(
    book: rules.Rulebook, tmp_path: Path, lang: str
) -> None:
    for game in book.games.values():
        called = {r for s in (*game.night.first, *game.night.every) for r in s.roles}
        cases = [e for e in (*game.contested(), *game.settings()) if set(e.roles) & called]
        if not cases:
            continue
        other = {
            e.id: next(o.id for o in e.options if e.default and o.id != e.default.option)
            for e in cases
        }
        accord = load_agreement(_write_accord(tmp_path, game, other, f"{game.id}.yaml"), book)
        sheet = build_cheatsheet(game, lang, None, accord)
        page = parse(str(printables.render(sheet, "html")))
        markdown = str(printables.render(sheet, "md"))
        calls = [c for c in page.find("li") if "data-step" in c.attrs]
        annotated = 0
        for call in calls:
            roles = set(call.attrs["data-roles"].split())
            shown = {a.attrs["data-case"]: a.text() for a in call.find(cls="table-answer")}
            expected = [e.id for e in cases if set(e.roles) & roles]
            assert list(shown) == expected, call.attrs["data-step"]
            who = f". **{escape_markdown(call.find(cls='who')[0].text())}**"
            line = next(x for x in markdown.splitlines() if who in x)
            for case in expected:
                decision = accord.decision(case)
                assert decision is not None
                assert decision.answer.get(lang) in shown[case]
                assert escape_markdown(decision.answer.get(lang)) in line
            annotated += len(expected)
        assert annotated >= len(cases)
        # The table kept every default: the night script says nothing more.
        kept = load_agreement(_write_accord(tmp_path, game, {}, f"{game.id}-kept.yaml"), book)
        page = parse(str(printables.render(build_cheatsheet(game, lang, None, kept), "html")))
        assert not page.find(cls="table-answer")


def test_vote_tie_and_captain_paths_come_from_the_data(book: rules.Rulebook) -> None:
    game = book.game("loup-garou")
    page = parse(str(printables.render(build_cheatsheet(game, "en"), "html")))
    tie = page.find(id="tie")[0]
    paths = [p.text() for p in tie.find("p", cls="tie")]
    assert len(paths) == 2  # with and without a captain
    captain = game.statuses[0].name.en.lower()
    for path, steps in zip(paths, (game.day.vote.tie.with_captain,
                                   game.day.vote.tie.without_captain), strict=True):  # fmt: skip
        assert _tie_path(steps, "en", captain) in path
    mafia = book.game("mafia")
    page = parse(str(printables.render(build_cheatsheet(mafia, "en"), "html")))
    (path,) = [p.text() for p in page.find(id="tie")[0].find("p", cls="tie")]
    assert path == _tie_path(mafia.day.vote.tie.without_captain, "en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["loup-garou", "mafia"])
def test_a_tie_step_after_a_vote_applies_only_if_the_tie_persists(
    book: rules.Rulebook, game_id: str, lang: str
) -> None:
    """No "revote → nobody leaves": what follows a vote is said for a tie that persists."""
    game = book.game(game_id)
    t = _words(lang)
    sheet = build_cheatsheet(game, lang)
    paths = [p.steps for p in sheet.day.vote.ties]
    assert paths
    for steps in paths:
        for before, after in zip(steps, steps[1:], strict=False):
            if any(before == t["tie_steps"][v] for v in VOTES):
                prefix = t["tie_still"].split("{step}")[0]
                assert " ".join(after.split()).startswith(prefix), (before, after)
    markdown = " ".join(str(printables.render(sheet, "md")).split())
    html = parse(str(printables.render(sheet, "html"))).text()
    for vote in VOTES:
        for step in t["tie_steps"].values():
            bare = f"{t['tie_steps'][vote]} → {step}".format(status="")
            assert bare not in markdown and bare not in html


def test_deaths_show_every_cascade_and_resolve_first(book: rules.Rulebook) -> None:
    game = book.game("loup-garou")
    page = parse(str(printables.render(build_cheatsheet(game, "fr"), "html")))
    deaths = page.find(id="deaths")[0]
    shown = [p.attrs.get("data-entry") for p in deaths.find("p")]
    assert game.deaths.resolve_first is not None
    assert shown[0] == game.deaths.resolve_first.entry
    assert [c.entry for c in game.deaths.consequences] == [
        p.attrs["data-entry"] for p in deaths.find("p", cls="cascade")
    ]
    for condition in game.win.conditions:
        assert book.entry(condition.entry).text.fr in page.find(id="win")[0].text()
    assert game.win.same_camp_couple is not None
    assert book.entry(game.win.same_camp_couple.entry).text.fr in page.text()


def test_mafia_sheet_shows_fouls_scoring_timers_and_margin(book: rules.Rulebook) -> None:
    game = book.game("mafia")
    assert game.fouls and game.scoring and game.day.speech and game.win.margin
    page = parse(str(printables.render(build_cheatsheet(game, "en"), "html")))
    fouls = page.find(id="fouls")[0].text()
    assert f"{game.fouls.foul.limit} × " in fouls and f"{game.fouls.technical.limit} × " in fouls
    for behaviour in game.fouls.behaviours:
        assert behaviour.text.en in fouls
    scoring = page.find(id="scoring")[0]
    cells = [c.text() for c in scoring.find("td")]
    for system in game.scoring.systems:
        assert system.name.en in cells
        for points in system.win_points.values():
            assert f"{points:+.2f}" in cells
    day = page.find(id="day")[0].text()
    assert f"{game.day.speech.normal_seconds} s" in day
    assert f"{game.day.speech.turbo_seconds} s" in day
    assert str(game.win.margin.wrong_votes) in page.find(id="win")[0].text()
    assert book.entry(game.day.vote.abstention_entry or "").text.en in page.text()


def _label_texts(words: Any) -> list[str]:
    if isinstance(words, dict):
        return [t for v in words.values() for t in _label_texts(v)]
    return [str(words)]


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_agree_with_their_words(book: rules.Rulebook, lang: str) -> None:
    assert not [w for w in _label_texts(_words(lang)) if "(s)" in w]
    game = book.game("mafia")
    assert game.win.margin is not None
    values = {}
    for n in (1, 2):
        margin = dataclasses.replace(game.win.margin, wrong_votes=n)
        changed = dataclasses.replace(game, win=dataclasses.replace(game.win, margin=margin))
        fact = build_cheatsheet(changed, lang).win.margin
        assert fact is not None and str(n) in fact.value
        values[n] = fact.value.replace(str(n), "")
    assert values[1] != values[2]  # singular, then plural


@pytest.mark.parametrize("lang", LANGS)
def test_count_table_and_night_order_say_what_they_are(book: rules.Rulebook, lang: str) -> None:
    game = book.game("loup-garou")
    table = game.setup.count_table
    assert table is not None and game.night.constraints
    t = _words(lang)
    sheet = build_cheatsheet(game, lang)
    role = game.role(table.role).name.get(lang)
    assert role in sheet.count_heading  # as the data spells it, a card's name
    assert sheet.count_heading != f"Nombre de {role} selon les joueurs"  # no plural for a name
    page = parse(str(printables.render(sheet, "html")))
    (order,) = page.find("p", cls="order")
    assert order.find("b")[0].text() == " ".join(f"{t['order_required']}{t['colon']}".split())
    for rule in game.night.constraints:
        line = t["order_after"].format(
            role=game.role(rule.role).name.get(lang), after=game.role(rule.after).name.get(lang)
        )
        assert line in [tag.text() for tag in order.find(cls="tag")]
    markdown = str(printables.render(sheet, "md")).replace("\u00a0", " ")
    assert f"**{escape_markdown(t['order_required'])}{t['colon']}**" in markdown


def test_a_change_in_the_rules_changes_the_sheet(book: rules.Rulebook) -> None:
    game = book.game("loup-garou")
    assert game.day.debate is not None
    debate = dataclasses.replace(game.day.debate, first_day_minutes=11, later_minutes=7)
    every = tuple(reversed(game.night.every))
    changed = dataclasses.replace(
        game,
        day=dataclasses.replace(game.day, debate=debate),
        night=dataclasses.replace(game.night, every=every, regular_from=2),
    )
    page = parse(str(printables.render(build_cheatsheet(changed, "en"), "html")))
    assert "11 min" in page.find(id="day")[0].text()
    calls = [c.attrs["data-step"] for c in page.find("li") if "data-step" in c.attrs]
    assert calls == [s.id for s in (*game.night.first, *every)]
    assert _words("en")["every_night"].format(n=2) in page.text()


def test_additions_are_marked_with_a_footnote(book: rules.Rulebook) -> None:
    game = book.game("loup-garou")
    page = parse(str(printables.render(build_cheatsheet(game, "fr"), "html")))
    t = _words("fr")
    added = [r.id for r in game.roles if r.addition]
    assert added
    for role_id in added:
        row = next(r for r in page.find("tr") if r.attrs.get("data-role") == role_id)
        assert row.find(cls="mark")
    assert t["addition_note"] in page.find("footer")[0].text()
    plain = dataclasses.replace(
        game,
        roles=tuple(dataclasses.replace(r, addition=False) for r in game.roles),
        night=dataclasses.replace(
            game.night,
            usual_order_addition=False,
            first=tuple(dataclasses.replace(s, addition=False) for s in game.night.first),
            every=tuple(dataclasses.replace(s, addition=False) for s in game.night.every),
        ),
        entries=tuple(
            dataclasses.replace(
                e,
                addition=False,
                source=dataclasses.replace(e.source, addition=False),
                options=tuple(dataclasses.replace(o, addition=False) for o in e.options),
                default=e.default and dataclasses.replace(e.default, addition=False),
                readings=(),  # a step resting on a reading bears the proposal mark
            )
            for e in game.entries
        ),
    )
    page = parse(str(printables.render(build_cheatsheet(plain, "fr"), "html")))
    assert not page.find(cls="mark")
    assert t["addition_note"] not in page.text()


def _ancestor(node: Node, test: Callable[[Node], bool]) -> Node | None:
    parent = node.parent
    while parent is not None and not test(parent):
        parent = parent.parent
    return parent


def _why_marked(game: rules.Game, mark: Node) -> tuple[bool, bool]:
    """Return what the data says where ``mark`` stands: (a garou addition, garou's default)."""
    steps = {s.id: s for s in (*game.night.first, *game.night.every)}
    keys = {"data-role", "data-step", "data-case", "data-entry"}
    holder = _ancestor(mark, lambda n: bool(keys & set(n.attrs)) or n.tag == "h3")
    assert holder is not None, "a mark that stands for nothing"
    if holder.tag == "h3":  # the order of the calls
        assert _ancestor(mark, lambda n: "call-order" in n.classes), "the mark must name the order"
        return False, game.night.usual_order_addition
    if "data-role" in holder.attrs and "data-step" not in holder.attrs:
        return game.role(holder.attrs["data-role"]).addition, False
    if "data-step" in holder.attrs:
        step = steps[holder.attrs["data-step"]]
        added = any(game.role(r).addition for r in step.roles)
        part = "first" if step in game.night.first else "every"
        path = f"night.{part}[{getattr(game.night, part).index(step)}]"
        read = game.reading_of(path) is not None  # garou's reading of the step: proposed
        return added, (step.addition or read) and not added
    if "data-case" in holder.attrs:
        entry = game.entry(holder.attrs["data-case"])
        cell = _ancestor(mark, lambda n: n.tag == "td")
        assert cell is not None
        if cell is holder.find("td")[0]:  # on the question
            return entry.addition or entry.source.addition, False
        answer = holder.find(cls="answer")[0].text()
        option = next(o for o in entry.options if o.label.en == answer or o.label.fr == answer)
        proposed = bool(entry.default and entry.default.addition)
        return option.addition, proposed and option.id == entry.default.option  # type: ignore[union-attr]
    entry = game.entry(holder.attrs["data-entry"])
    return entry.addition or entry.source.addition, False


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["loup-garou", "mafia"])
def test_every_mark_says_something_true(
    book: rules.Rulebook, files: dict[str, Path], game_id: str, lang: str
) -> None:
    game = book.game(game_id)
    t = _words(lang)
    agreements = [None, files["accord-plain" if game_id == "loup-garou" else "accord-mafia"]]
    kinds: set[str] = set()
    for agreement in agreements:
        sheet = _sheet(book, game_id, lang, agreement=agreement)
        page = parse(str(printables.render(sheet, "html")))
        for mark in page.find(cls="mark"):
            if _ancestor(mark, lambda n: n.tag == "footer"):
                continue
            kind = mark.attrs["data-mark"]
            added, proposed = _why_marked(game, mark)
            where = _ancestor(mark, lambda n: n.tag in ("tr", "li", "h3", "p"))
            assert added if kind == "addition" else proposed, (kind, where and where.text())
            assert mark.text() == t[f"{kind}_mark"]
            kinds.add(kind)
        notes = {n.attrs["data-note"]: n.text() for n in page.find(cls="note")}
        marked = {m.attrs["data-mark"] for m in page.find(cls="mark") if "data-mark" in m.attrs}
        assert set(notes) == marked
        for kind, text in notes.items():
            assert t[f"{kind}_note"] in text
        markdown = str(printables.render(sheet, "md"))
        for kind in ("addition", "proposed"):
            assert (t[f"{kind}_note"] in markdown) is (kind in marked)
    assert t["addition_mark"] != t["proposed_mark"]
    assert kinds == {"addition", "proposed"}  # both kinds are on the sheets


def test_mistakes_are_a_checklist_of_the_mistake_entries(book: rules.Rulebook) -> None:
    for game in book.games.values():
        page = parse(str(printables.render(build_cheatsheet(game, "en"), "html")))
        items = page.find(id="mistakes")[0].find("li")
        mistakes = [e for e in game.entries if e.kind == "mistake"]
        assert [i.attrs["data-entry"] for i in items] == [e.id for e in mistakes]
        assert all(i.find(cls="check") for i in items)


def test_user_strings_are_escaped_in_html(book: rules.Rulebook, files: dict[str, Path]) -> None:
    for sheet in (
        _sheet(book, "loup-garou", "fr", files["setup-largest"], files["accord-largest"]),
        build_agreement_sheet(
            load_agreement(files["accord-largest"], book), book.game("loup-garou"), "fr"
        ),
    ):
        page = parse(str(printables.render(sheet, "html")))
        assert not page.find("script") and not page.find("i")
        body = page.find("body")[0]
        assert not body.find("b", cls=None) or all(b.text() != "du jeudi" for b in body.find("b"))
        assert TABLE in page.find(cls="meta")[0].text()
        assert NASTY in page.text()
    sheet = build_agreement_sheet(
        load_agreement(files["accord-largest"], book), book.game("loup-garou"), "en"
    )
    page = parse(str(printables.render(sheet, "html")))
    names = [n.text() for n in page.find("td", cls="name")]
    assert names == list(load_agreement(files["accord-largest"], book).setup.names)  # type: ignore[union-attr]


def test_user_strings_are_escaped_in_markdown(book: rules.Rulebook, files: dict[str, Path]) -> None:
    sheet = _sheet(book, "loup-garou", "en", files["setup-largest"], files["accord-largest"])
    markdown = str(printables.render(sheet, "md"))
    assert NASTY not in markdown and TABLE not in markdown
    assert escape_markdown(NASTY) in markdown
    assert "François \\*gras\\* \\_it\\_" in markdown
    assert "Rosalie \\& \\| Co" in markdown


_SPECIAL = set("\\`*_[]{}<>#|~!&")


@given(st.text(max_size=60))
def test_markdown_escaping_keeps_the_text_and_leaves_no_special_bare(text: str) -> None:
    escaped = escape_markdown(text)
    assert "\n" not in escaped
    assert re.sub(r"\\(.)", r"\1", escaped) == " ".join(text.split())
    bare = re.sub(r"\\.", "", escaped)
    assert not (set(bare) & _SPECIAL)
    assert not re.match(r"([-+=]|\d+[.)])", escaped)


def test_agreement_sheet_lines_to_initial(book: rules.Rulebook, files: dict[str, Path]) -> None:
    game = book.game("loup-garou")
    with_names = load_agreement(files["accord-largest"], book)
    plain = load_agreement(files["accord-plain"], book)
    mafia = load_agreement(files["accord-mafia"], book)
    mafia_plain = load_agreement(files["accord-mafia-plain"], book)
    mf_setup = book.game("mafia").setup
    assert game.setup.min_players < game.setup.max_players
    assert mf_setup.min_players == mf_setup.max_players  # Mafia has one table size
    for accord, expected in (
        (with_names, list(with_names.setup.names)),  # type: ignore[union-attr]
        (plain, [""] * printables.contexts.BLANK_SIGNATURES),
        (mafia, [""] * mafia.setup.players),  # type: ignore[union-attr]
        (mafia_plain, [""] * mf_setup.min_players),
    ):
        sheet = build_agreement_sheet(accord, book.game(accord.game), "fr")
        page = parse(str(printables.render(sheet, "html")))
        assert [n.text() for n in page.find("td", cls="name")] == expected
        assert len(page.find("td", cls="initials")) == len(expected)
    page = parse(str(printables.render(build_agreement_sheet(with_names, game, "en"), "html")))
    cards = {c.attrs["data-role"]: c.text() for c in page.find(cls="card")}
    assert cards.keys() == {r for r, n in with_names.setup.roles.items() if n}  # type: ignore[union-attr]
    assert with_names.table and with_names.date
    meta = page.find(cls="meta")[0].text()
    assert with_names.table in meta and with_names.date in meta


def _pdf_objects(pdf: bytes) -> bytes:
    """Return ``pdf`` with its compressed streams (object streams included) inflated."""
    parts = [pdf]
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        try:
            parts.append(zlib.decompress(stream))
        except zlib.error:
            continue
    return b"\n".join(parts)


def count_pages(pdf: bytes) -> int:
    """Return the number of pages of ``pdf``: its page objects, checked with pdfinfo if any."""
    pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", _pdf_objects(pdf)))
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True)
        found = re.search(r"^Pages:\s+(\d+)", info.stdout.decode(), re.M)
        assert found and int(found.group(1)) == pages
    return pages


def assert_a4(pdf: bytes) -> None:
    """Fail unless every page of ``pdf`` is A4 (595 × 842 points)."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*([\d.\s-]+)\]", _pdf_objects(pdf))
    assert boxes
    for box in boxes:
        x0, y0, x1, y1 = (float(v) for v in box.split())
        assert abs((x1 - x0) - 595.28) < 1.5 and abs((y1 - y0) - 841.89) < 1.5, box


@pytest.mark.slow
@pytest.mark.skipif(
    not HAS_WEASYPRINT,
    reason="WeasyPrint cannot run here (pip install garou[pdf]; it needs Pango)",
)
def test_weasyprint_prints_one_a4_page_per_sheet(
    book: rules.Rulebook, files: dict[str, Path]
) -> None:
    accord = load_agreement(files["accord-largest"], book)
    long_name = load_agreement(files["accord-long-name"], book)
    sheets: list[printables.CheatSheet | printables.AgreementSheet] = [
        _sheet(book, "loup-garou", "fr", files["setup-largest"], files["accord-largest"]),
        _sheet(book, "loup-garou", "en", files["setup-largest"], files["accord-largest"]),
        _sheet(book, "loup-garou", "fr", agreement=files["accord-largest-captain"]),
        _sheet(book, "loup-garou", "en", agreement=files["accord-largest-captain"]),
        _sheet(book, "mafia", "fr", agreement=files["accord-mafia"]),
        _sheet(book, "mafia", "en"),
        build_agreement_sheet(accord, book.game("loup-garou"), "fr"),
        build_agreement_sheet(long_name, book.game("loup-garou"), "en"),
    ]
    for sheet in sheets:
        pdf = printables.render(sheet, "pdf")
        assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF")
        assert count_pages(pdf) == 1, (sheet.header.game, sheet.lang, sheet.header.title)
        assert_a4(pdf)
    # The column to initial keeps its width next to the longest name. WeasyPrint has no
    # public layout API: its page boxes are read as its own tests do.
    import weasyprint

    html = printables.render_html(sheets[-1])
    page = weasyprint.HTML(string=html).render().pages[0]
    widths = [
        box.width * 25.4 / 96
        for box in page._page_box.descendants()
        if type(box).__name__ == "TableCellBox"
        and "initials" in (box.element.get("class") or "").split()
        and box.element.tag == "td"
    ]
    assert len(widths) == len(long_name.setup.names)  # type: ignore[union-attr]
    assert min(widths) >= INITIALS_MM, widths


OVERFLOW_PROBE = """<script>
(function () {
  var bad = [];
  var all = document.querySelectorAll(".page, .page *");
  for (var i = 0; i < all.length; i++) {
    var el = all[i];
    if (el.clientWidth === 0 && el.clientHeight === 0) continue;  // inline boxes
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      bad.push(el.tagName + "." + el.className + "#" + (el.id || "") + " " + el.scrollWidth
               + "x" + el.scrollHeight + ">" + el.clientWidth + "x" + el.clientHeight);
    }
  }
  var page = document.querySelector(".page");
  var style = getComputedStyle(page);
  var height = page.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  var initials = [];
  var cells = document.querySelectorAll("td.initials");
  for (var j = 0; j < cells.length; j++) {
    initials.push(cells[j].getBoundingClientRect().width * 25.4 / 96);
  }
  document.body.setAttribute("data-probe", JSON.stringify({
    overflow: bad, height_mm: height * 25.4 / 96, initials_mm: initials
  }));
})();
</script>
"""


CHROME_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-pdf-header-footer",
]


def _chromium(args: list[str], profile: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(CHROMIUM), *CHROME_FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        timeout=120,
        check=False,
    )


def _print_and_probe(html: str, folder: Path) -> tuple[bytes, dict[str, Any]]:
    """Print ``html`` to PDF with Chromium, and measure its layout with a probe script."""
    folder.mkdir(parents=True)
    page = folder / "sheet.html"
    page.write_text(html, encoding="utf-8")
    probe = folder / "probe.html"
    probe.write_text(html.replace("</body>", OVERFLOW_PROBE + "</body>"), encoding="utf-8")
    out = folder / "sheet.pdf"
    printed = _chromium([f"--print-to-pdf={out}", page.as_uri()], folder / "profile-print")
    assert out.exists(), printed.stderr.decode(errors="replace")[-2000:]
    dumped = _chromium(["--dump-dom", probe.as_uri()], folder / "profile-dump")
    body = next(n for n in parse(dumped.stdout.decode()).walk() if n.tag == "body")
    assert "data-probe" in body.attrs, dumped.stderr.decode(errors="replace")[-2000:]
    return out.read_bytes(), json.loads(body.attrs["data-probe"])


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=f"{CHROMIUM} is absent (apt install chromium)")
def test_chromium_prints_one_a4_page_per_sheet_with_nothing_overflowing(
    book: rules.Rulebook, files: dict[str, Path], tmp_path: Path
) -> None:
    accord = load_agreement(files["accord-largest"], book)
    sheets: dict[str, printables.CheatSheet | printables.AgreementSheet] = {}
    for lang in LANGS:
        sheets[f"lg-largest-{lang}"] = _sheet(
            book, "loup-garou", lang, files["setup-largest"], files["accord-largest"]
        )
        sheets[f"lg-captain-{lang}"] = _sheet(
            book, "loup-garou", lang, agreement=files["accord-largest-captain"]
        )
        sheets[f"mafia-{lang}"] = _sheet(book, "mafia", lang, agreement=files["accord-mafia"])
        sheets[f"agreement-{lang}"] = build_agreement_sheet(accord, book.game("loup-garou"), lang)
        sheets[f"agreement-long-name-{lang}"] = build_agreement_sheet(
            load_agreement(files["accord-long-name"], book), book.game("loup-garou"), lang
        )
    pages = {name: str(printables.render(sheet, "html")) for name, sheet in sheets.items()}
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = dict(
            zip(
                pages,
                pool.map(lambda n: _print_and_probe(pages[n], tmp_path / n), pages),
                strict=True,
            )
        )
    for name, (pdf, probe) in results.items():
        assert count_pages(pdf) == 1, name
        assert_a4(pdf)
        assert probe["overflow"] == [], (name, probe["overflow"])
        assert probe["height_mm"] <= 297 - 2 * 9, (name, probe["height_mm"])
        if name.startswith("agreement"):  # room to initial, however long the names
            assert min(probe["initials_mm"]) >= INITIALS_MM, (name, probe["initials_mm"])


def test_cli_cheatsheet_to_stdout_and_to_a_file(garou: Callable[..., Any], tmp_path: Path) -> None:
    r = garou("print", "cheatsheet", "--game", "mafia", "-o", "-")
    assert r.exit_code == 0, r.stderr
    assert parse(r.stdout).find("tr", cls="case")
    r = garou("print", "cheatsheet", "-g", "loup-garou", "-l", "en", "-f", "md", "-o", "-")
    assert r.exit_code == 0 and r.stdout.startswith("# Werewolf")
    out = tmp_path / "sheet.md"
    r = garou("print", "cheatsheet", "--game", "loup-garou", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    assert out.read_text(encoding="utf-8").startswith("# Loup-Garou")
    # The notice speaks the user's language, on one line however narrow the terminal.
    assert r.stdout.strip() == f"{out} écrit (md)" and "Wrote" not in r.stdout
    long = tmp_path / ("une-feuille-au-nom-bien-trop-long-pour-la-ligne" + "-x" * 20 + ".md")
    r = garou(
        "print", "cheatsheet", "-g", "mafia", "-l", "en", "-o", str(long), env={"COLUMNS": "40"}
    )
    assert r.stdout.strip() == f"Wrote {long} (md)"


def test_cli_never_overwrites_without_force(garou: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "mine.html"
    out.write_text("mine", encoding="utf-8")
    r = garou("print", "cheatsheet", "--game", "mafia", "-o", str(out))
    assert r.exit_code == 1 and "--force" in r.stderr
    assert out.read_text(encoding="utf-8") == "mine"
    r = garou("print", "cheatsheet", "--game", "mafia", "-o", str(out), "--force")
    assert r.exit_code == 0
    assert parse(out.read_text(encoding="utf-8")).find("tr", cls="case")


def test_cli_pdf_without_weasyprint_says_how_and_writes_nothing(
    garou: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import fails as if not installed
    out = tmp_path / "sheet.pdf"
    r = garou("print", "cheatsheet", "--game", "mafia", "-o", str(out))
    assert r.exit_code == 1
    assert "pip install 'garou[pdf]'" in r.stderr
    # the fixture's cache folder (XDG_CACHE_HOME) is made by the first command needing it
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name != "cache"] == []


def test_cli_usage_errors(
    monkeypatch, garou: Callable[..., Any], files: dict[str, Path], tmp_path: Path
) -> None:
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    r = garou("print", "cheatsheet", "--game", "mafia", "-f", "pdf", "-o", "-")
    assert r.exit_code == 2 and "standard output" in r.stderr
    r = garou("print", "cheatsheet", "-o", "-")
    assert r.exit_code == 2 and "--game" in r.stderr
    r = garou("print", "cheatsheet", "--game", "mafia", "--setup", str(files["setup-small"]))
    assert r.exit_code == 2 and "disagree" in r.stderr
    r = garou("print", "cheatsheet", "--game", "mafia", "-o", str(tmp_path / "sheet.txt"))
    assert r.exit_code == 2 and "--format" in r.stderr
    r = garou("print", "cheatsheet", "--game", "mafia", "-f", "docx", "-o", "-")
    assert r.exit_code == 2 and "docx" in r.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name != "cache"] == []  # cache: XDG


def test_cli_rejects_cards_that_are_no_role(
    garou: Callable[..., Any], files: dict[str, Path]
) -> None:
    r = garou("print", "cheatsheet", "--setup", str(files["setup-unknown"]))
    assert r.exit_code == 1
    assert f"{files['setup-unknown']}:2" in r.stderr and "salvateur" in r.stderr


def test_cli_game_comes_from_the_setup_or_agreement(
    garou: Callable[..., Any], files: dict[str, Path]
) -> None:
    r = garou("print", "cheatsheet", "--setup", str(files["setup-largest"]), "-o", "-")
    assert r.exit_code == 0, r.stderr
    assert len([t for t in parse(r.stdout).find("tr") if "data-role" in t.attrs]) == 6
    r = garou("print", "cheatsheet", "--agreement", str(files["accord-mafia"]), "-f", "md")
    assert r.exit_code == 0 and r.stdout.startswith("# Mafia")


def test_cli_agreement_sheet(
    garou: Callable[..., Any], files: dict[str, Path], tmp_path: Path
) -> None:
    r = garou("print", "agreement", str(files["accord-largest"]), "-o", "-")
    assert r.exit_code == 0, r.stderr
    page = parse(r.stdout)
    assert len(page.find("tr", cls="decision")) == len(
        [
            line
            for line in files["accord-largest"].read_text().splitlines()
            if line.startswith("  lg-")
        ]
    ) + len(CUSTOMS)
    assert NASTY in page.text() and not page.find("script")
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: garou-agreement/1\ngame: loup-garou\nbogus: 1\n", encoding="utf-8")
    r = garou("print", "agreement", str(broken), "-o", "-")
    assert r.exit_code == 1 and f"{broken}:3" in r.stderr
    assert garou("print", "agreement", "--help").exit_code == 0


BROKEN_SETUPS = {
    "more-players-than-cards": "players: 9\nroles: {loup-garou: 2, voyante: 1, villageois: 5}\n",
    "too-many-players": "players: 30\nroles: {loup-garou: 5, villageois: 25}\n",
    "too-few-players": "roles: {loup-garou: 1, villageois: 1}\n",
    "as-many-wolves": "roles: {loup-garou: 4, villageois: 4}\n",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", sorted(BROKEN_SETUPS))
def test_cli_refuses_a_setup_that_breaks_a_rule(
    garou: Callable[..., Any], book: rules.Rulebook, tmp_path: Path, case: str, lang: str
) -> None:
    setup = tmp_path / f"{case}.yaml"
    setup.write_text(f"game: loup-garou\n{BROKEN_SETUPS[case]}", encoding="utf-8")
    game, dist = read_setup(setup, book)
    failures = rules.check_distribution(game, dist).failures
    assert failures
    out = tmp_path / "sheet.html"
    r = garou("print", "cheatsheet", "--setup", str(setup), "-l", lang, "-o", str(out))
    assert r.exit_code == 1
    for check in failures:
        # The CLI says the error's message (in English until it says exc.message(lang)).
        assert check.message.en in r.stderr or check.message.get(lang) in r.stderr
    # The one setup error carries the failing checks and says each, with its fix, in
    # the user's language.
    with pytest.raises(UnsoundSetupError) as caught:
        printables.check_setup(game, dist, lang, str(setup))
    assert {c.id for c in caught.value.failures} == {c.id for c in failures}
    said = caught.value.message(lang)
    for check in failures:
        assert check.message.get(lang) in said
        assert check.fix is not None and check.fix.get(lang) in said
    assert f"garou check {setup}" in r.stderr
    assert not out.exists()


@settings(max_examples=15, deadline=None)  # two real commands per example
@given(
    wolves=st.integers(0, 6),
    seer=st.integers(0, 1),
    villagers=st.integers(0, 14),
    players=st.one_of(st.none(), st.integers(1, 24)),
)
def test_cli_prints_a_sheet_exactly_when_garou_check_passes(
    wolves: int, seer: int, villagers: int, players: int | None
) -> None:
    import tempfile

    from typer.testing import CliRunner

    from garou.cli.app import app

    roles = {"loup-garou": wolves, "voyante": seer, "villageois": villagers}
    roles = {k: v for k, v in roles.items() if v}
    if not roles:
        return
    with tempfile.TemporaryDirectory() as folder:
        setup = Path(folder) / "setup.yaml"
        count = "" if players is None else f"players: {players}\n"
        setup.write_text(f"game: loup-garou\n{count}roles: {_roles_yaml(roles)}\n", "utf-8")
        runner = CliRunner()
        env = {"GAROU_LANG": "en", "GAROU_RULES_DIR": None, "GAROU_AGREEMENT": None}
        check = runner.invoke(app, ["check", str(setup)], env=env)
        printed = runner.invoke(app, ["print", "cheatsheet", "--setup", str(setup)], env=env)
        if check.exit_code == 0:
            assert printed.exit_code == 0, printed.stderr
            assert parse(printed.stdout).find("tr", cls="total")
        else:
            assert check.exit_code == printed.exit_code == 1, (check.stdout, printed.stderr)
            assert printed.stdout == ""


def test_cli_says_which_input_names_which_game(
    monkeypatch, garou: Callable[..., Any], files: dict[str, Path]
) -> None:
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    r = garou("print", "cheatsheet", "--game", "mafia", "--setup", str(files["setup-small"]))
    assert r.exit_code == 2
    assert "--game says mafia" in r.stderr
    assert f"the setup {files['setup-small']} is for loup-garou" in r.stderr
    assert "agreement" not in r.stderr
    r = garou(
        "print", "cheatsheet", "--setup", str(files["setup-small"]),
        "--agreement", str(files["accord-mafia"]),
    )  # fmt: skip
    assert r.exit_code == 2
    assert f"the agreement {files['accord-mafia']} is for mafia" in r.stderr
    assert "--game says" not in r.stderr


def test_cli_output_is_a_regular_file_and_a_link_is_written_through(
    monkeypatch, garou: Callable[..., Any], tmp_path: Path
) -> None:
    monkeypatch.setenv("GAROU_LANG", "en")  # the messages checked are English
    folder = tmp_path / "sheets"
    folder.mkdir()
    for fmt in ((), ("-f", "html")):
        r = garou("print", "cheatsheet", "--game", "mafia", *fmt, "-o", str(folder))
        assert r.exit_code == 1 and "is a folder" in r.stderr, r.stderr
    assert not list(folder.iterdir())
    real = tmp_path / "real.md"
    real.write_text("mine", encoding="utf-8")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    r = garou("print", "cheatsheet", "--game", "mafia", "-o", str(link))
    assert r.exit_code == 1 and "--force" in r.stderr
    assert real.read_text(encoding="utf-8") == "mine"
    r = garou("print", "cheatsheet", "--game", "mafia", "-o", str(link), "--force")
    assert r.exit_code == 0, r.stderr
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert real.read_text(encoding="utf-8").startswith("# Mafia")
    pipe = tmp_path / "pipe.md"
    os.mkfifo(pipe)
    to_pipe = tmp_path / "to-pipe.md"
    to_pipe.symlink_to(pipe)
    for out in (pipe, to_pipe):
        r = garou("print", "cheatsheet", "--game", "mafia", "-o", str(out), "--force")
        assert r.exit_code == 1 and "not a regular file" in r.stderr, r.stderr
    assert stat.S_ISFIFO(pipe.lstat().st_mode) and to_pipe.is_symlink()
    assert not list(tmp_path.glob(".*.tmp"))


def _name_fragments(html: str) -> dict[str, list[str]]:
    """Return each player's name on a page laid out by WeasyPrint: its pieces, line by line."""
    import weasyprint

    pieces: dict[int, tuple[str, list[str]]] = {}
    for page in weasyprint.HTML(string=html).render().pages:
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if type(box).__name__ != "TextBox" or element is None:
                continue
            if "name" not in (element.get("class") or "").split():
                continue
            name = " ".join("".join(element.itertext()).split())
            pieces.setdefault(id(element), (name, []))[1].append(box.text)
    return dict(pieces.values())


@pytest.mark.slow
@pytest.mark.skipif(not HAS_WEASYPRINT, reason="WeasyPrint cannot run here (it needs Pango)")
@pytest.mark.parametrize("lang", LANGS)
def test_no_name_is_broken_mid_word(
    book: rules.Rulebook, files: dict[str, Path], lang: str
) -> None:
    accord = load_agreement(files["accord-largest"], book)
    sheets = (
        _sheet(book, "loup-garou", lang, files["setup-largest"], files["accord-largest"]),
        build_agreement_sheet(accord, book.game("loup-garou"), lang),
    )
    for sheet in sheets:
        found = _name_fragments(printables.render_html(sheet))
        assert len(found) >= len(NAMES) - 1  # every name of the table, NASTY as text too
        for name, fragments in found.items():
            if max(len(w) for w in name.split()) > 40:
                continue  # a word wider than any column has to break somewhere
            words = [w for piece in fragments for w in piece.split()]
            assert words == name.split(), (sheet.header.title, name, fragments)


def _changed_cases(game: rules.Game) -> list[tuple[rules.model.Entry, str]]:
    """Every (case, option) pair where the option is not the case's default."""
    return [
        (e, o.id)
        for e in (*game.contested(), *game.settings())
        for o in e.options
        if e.default is not None and o.id != e.default.option
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", ["loup-garou", "mafia"])
def test_every_ruling_a_changed_case_concerns_follows_the_agreement(
    book: rules.Rulebook, tmp_path: Path, game_id: str, lang: str
) -> None:
    """A night step a changed case concerns reads the agreed text (never the default's), and
    every printed ruling it concerns carries the table's answer."""
    game = book.game(game_id)
    steps = {s.id: s for s in (*game.night.first, *game.night.every)}
    plain = build_cheatsheet(game, lang)
    plain_actions = {c.id: c.action for c in (*plain.night.first, *plain.night.every)}
    checked = 0
    for entry, option in _changed_cases(game):
        accord = _write_accord(tmp_path, game, {entry.id: option}, f"{entry.id}-{option}.yaml")
        sheet = build_cheatsheet(game, lang, None, load_agreement(accord, book))
        for call in (*sheet.night.first, *sheet.night.every):
            if steps[call.id].entry in entry.related:
                assert call.by_table and call.action != plain_actions[call.id], (entry.id, option)
                assert call.action == catalogue.say(
                    f"sheet.as-agreed.{steps[call.id].entry}.{option}", lang
                )
                checked += 1
        printed = [*sheet.night.rules, *sheet.day.rules, sheet.day.vote.rule, *sheet.win.notes]
        for rule in printed:
            if rule.id in entry.related:
                assert entry.id in {a.case for a in rule.table}, (entry.id, option, rule.id)
                checked += 1
        page = parse(str(printables.render(sheet, "html")))
        for node in page.find(cls="rule"):
            if node.attrs.get("data-entry") in entry.related:
                answers = [a.attrs["data-case"] for a in node.find(cls="table-answer")]
                assert entry.id in answers, (entry.id, option, node.attrs["data-entry"])
    assert checked


def test_the_seer_seeing_the_camp_only_is_never_told_she_sees_the_card(
    book: rules.Rulebook, tmp_path: Path
) -> None:
    game = book.game("loup-garou")
    accord = _write_accord(tmp_path, game, {"lg-contested-seer-sees": "camp-only"}, "seer.yaml")
    for lang, card in (("fr", "sa carte"), ("en", "their card")):
        sheet = build_cheatsheet(game, lang, None, load_agreement(accord, book))
        (call,) = [c for c in sheet.night.every if "voyante" in c.roles]
        assert "camp" in call.action and f"voit {card}" not in call.action
        assert f"sees {card}" not in call.action
        markdown = str(printables.render(sheet, "md"))
        assert game.night.every[0].action.get(lang) not in markdown


@pytest.mark.parametrize("lang", LANGS)
def test_the_vote_tag_follows_the_tables_majority(
    book: rules.Rulebook, tmp_path: Path, lang: str
) -> None:
    game = book.game("mafia")
    accord = _write_accord(tmp_path, game, {"mf-contested-majority": "absolute-majority"}, "m.yaml")
    sheet = build_cheatsheet(game, lang, None, load_agreement(accord, book))
    plurality = catalogue.say(f"decision.{game.day.vote.decision}", lang)
    assert plurality not in sheet.day.vote.tags
    assert sheet.day.vote.rule.by_table
    assert plurality in build_cheatsheet(game, lang).day.vote.tags


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_master_has_room_to_note_what_happens(
    book: rules.Rulebook, files: dict[str, Path], tmp_path: Path, lang: str
) -> None:
    game = book.game("loup-garou")
    with_captain = _sheet(book, game.id, lang, files["setup-largest"])
    tracks = {t.id: t for t in with_captain.tracks}
    assert set(tracks) == {"captain", "lovers", "looks", "potions"}
    assert len(tracks["potions"].ticks) == 2 and tracks["lovers"].names == 2
    assert tracks["looks"].rows > 0 and tracks["captain"].names > 1
    assert with_captain.day.first_day is not None  # the election on the first day
    page = parse(str(printables.render(with_captain, "html")))
    assert len(page.find(id="track")[0].find(cls="check")) == 2
    assert page.find(cls="first-day")
    no_captain = _write_accord(tmp_path, game, {"lg-setting-captain": "without-captain"}, "n.yaml")
    small = _sheet(book, game.id, lang, files["setup-small"], no_captain)
    assert small.day.first_day is None
    assert {t.id for t in small.tracks} == set()  # no witch, seer, cupid or captain in play
    assert not parse(str(printables.render(small, "html"))).find(id="track")
    assert not _sheet(book, "mafia", lang).day.first_day


@pytest.mark.parametrize("lang", LANGS)
def test_the_agreement_marks_garous_additions_as_the_cheat_sheet_does(
    book: rules.Rulebook, files: dict[str, Path], lang: str
) -> None:
    accord = load_agreement(files["accord-largest"], book)
    game = book.game("loup-garou")
    cheat = {c.id: c for c in build_cheatsheet(game, lang, None, accord).cases}
    sheet = build_agreement_sheet(accord, game, lang)
    page = parse(str(printables.render(sheet, "html")))
    marked = 0
    for row in page.find("tr", cls="decision"):
        case = cheat.get(row.attrs["data-case"])
        if case is None:
            continue
        marks = {m.attrs["data-mark"] for m in row.find(cls="mark")}
        assert ("addition" in marks) == (case.addition or case.answer_addition), case.id
        assert ("proposed" in marks) == case.proposed, case.id
        marked += bool(marks)
    assert marked
    notes = {n.attrs["data-note"] for n in page.find(cls="note")}
    assert "addition" in notes
    assert _words(lang)["addition_note"] in " ".join(str(printables.render(sheet, "md")).split())


def _agreement(garou, tmp_path, option: str):
    path = tmp_path / f"{option}.yaml"
    made = garou("house", "pick", "-g", "mafia", "--defaults", "--set",
                 f"mf-contested-majority={option}", "-o", str(path))  # fmt: skip
    assert made.exit_code == 0, made.stderr
    return path


@helpers.needs_pdf()
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_agreement_sheet_says_what_the_table_decides_below_half(garou, book, tmp_path, lang):
    import html

    from garou.core.catalogue import say

    option = next(
        o for o in book.game("mafia").entry("mf-contested-majority").options
        if o.id == "absolute-majority"
    )  # fmt: skip
    assert option.during is not None and option.addition  # garou's, marked as such
    during = option.during.get(lang)
    # the sheet's words are the judge's: the decisions garou asks for during the game
    for word in ("nobody", "again"):
        assert say(f"mafia.play.word.{word}", lang) in during
    agreed = _agreement(garou, tmp_path, "absolute-majority")
    mark = say("sheet.addition-mark", lang)
    for fmt in ("html", "md"):
        run = garou("print", "agreement", str(agreed), "--format", fmt, "-o", "-", "--lang", lang)
        assert run.exit_code == 0, run.stderr
        text = html.unescape(re.sub(r"<[^>]+>", "", run.stdout)).replace("\\", "")
        assert " ".join(during.split()) + mark in " ".join(text.split()), fmt
    pdf = tmp_path / f"a-{lang}.pdf"
    run = garou("print", "agreement", str(agreed), "-o", str(pdf), "--lang", lang)
    assert run.exit_code == 0, run.stderr
    assert count_pages(pdf.read_bytes()) == 1
    plurality = _agreement(garou, tmp_path, "most-votes")
    run = garou("print", "agreement", str(plurality), "--format", "md", "-o", "-", "--lang", lang)
    assert during.split()[0] + " " + during.split()[1] not in run.stdout


def test_a_pdf_is_refused_to_standard_output_whichever_command_prints_it(garou, tmp_path):
    # choose_format is where every printable's format is chosen: print, game recap and
    # game protocol refuse -f pdf with -o - (or no -o) alike, before rendering anything.
    from garou.core.errors import UsageError
    from garou.printables import choose_format
    from tests.helpers import lg_setup

    for out in (None, "-"):
        with pytest.raises(UsageError) as caught:
            choose_format("pdf", out)
        assert caught.value.phrase.key == "sheet.pdf-to-stdout"
    assert choose_format("pdf", "a.pdf") == "pdf" and choose_format(None, "-") == "html"
    db = str(tmp_path / "g.db")
    setup = lg_setup(tmp_path, {"loup-garou": 2, "villageois": 6})
    assert garou("game", "new", "--setup", str(setup), "--db", db).exit_code == 0
    for command in (
        ["print", "cheatsheet", "--game", "loup-garou"],
        ["game", "recap", "1", "--db", db],
        ["game", "protocol", "--blank"],
    ):
        for out in (["-o", "-"], []):
            run = garou(*command, "-f", "pdf", *out, "--lang", "en")
            assert run.exit_code == 2 and run.stdout == "", (command, out, run.stdout[:80])
            assert "a PDF cannot go to standard output" in run.stderr, run.stderr
    recap = garou("game", "recap", "1", "--db", db, "-f", "pdf", "--json")
    assert recap.exit_code == 0 and recap.json()["id"] == 1  # the data, not the PDF
