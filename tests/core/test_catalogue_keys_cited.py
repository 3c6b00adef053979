"""Every message key the code cites exists in the catalogue: a rename never shows a raw key."""

import ast
import re

from garou.core import catalogue
from tests.conftest import REPO

KEYLIKE = re.compile(r"^[a-z][\w-]*(?:\.[\w-]+)+\.?$")
"""A dotted word, maybe ending in a dot: a key, or the start of keys built at run time."""
NOT_KEYS = re.compile(r"\.(?:yaml|yml|py|html|js|css|json|md|txt|db|pdf|png|svg|ttf|marshal)$")
TEMPLATE_KEY = re.compile(r"""\b(?:t|say|has)\(\s*["']([a-z][\w.-]+)["']""")
"""A key a template or a script says: t("web.nav.home")."""


NOT_KEYS_CITED = {
    "game.id": "a key of a game record's YAML, named in a problem (game/record.py)",
    "game.date": "a key of a game record's YAML, named in a problem (game/record.py)",
    "game.order": "a key of a game record's YAML, named in a problem (game/record.py)",
    "setup.count_table.bands": "a key path of the rule data, named in a problem (rules/build.py)",
    "garou.cli.commands.": "a module's name (cli/app.py imports the command's module)",
    "tie.no-captain.": "a step's code; its message is vote.<code> (rules/play/vote.py)",
    "baseline.win.": "said through _say, which puts setup. before it (rules/setup.py)",
}
"""Dotted words in the code that read as keys and are not: what each is."""


def _prefixes(keys):
    return {key.split(".", 1)[0] for key in keys}


def _cited_in_python(path, prefixes):
    """(line, text, whole) for each string in ``path`` that reads as a key of the catalogue:
    whole is False for the start of a key built at run time (an f-string's first part, or a
    constant ending in a dot)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                parts.add(id(first))
                if len(node.values) > 1 and KEYLIKE.match(first.value.rstrip(".") + "."):
                    yield node.lineno, first.value, False
    for node in ast.walk(tree):
        if id(node) in parts or not isinstance(node, ast.Constant):
            continue
        text = node.value
        if not isinstance(text, str) or not KEYLIKE.match(text) or NOT_KEYS.search(text):
            continue
        if text.split(".", 1)[0] in prefixes:
            yield node.lineno, text, not text.endswith(".")


def missing_keys(files, keys, root=REPO):
    """Every key cited in ``files`` that the catalogue lacks, as 'file:line: key'."""
    prefixes = _prefixes(keys)
    found = []
    for path in files:
        if path.suffix == ".py":
            cited = _cited_in_python(path, prefixes)
        else:
            text = path.read_text(encoding="utf-8")
            cited = (
                (text.count("\n", 0, m.start()) + 1, m.group(1), not m.group(1).endswith("."))
                for m in TEMPLATE_KEY.finditer(text)
            )
        for line, key, whole in cited:
            if whole:  # a key, or the stem of keys a table completes (sheet.as-agreed)
                known = key in keys or any(k.startswith(key + ".") for k in keys)
            else:
                known = any(k.startswith(key) for k in keys)
            if not known and key not in NOT_KEYS_CITED:
                found.append((str(path.relative_to(root)), line, key))
    return [f"{file}:{line}: {key}" for file, line, key in sorted(found)]


def _code_files():
    return [
        p
        for p in sorted((REPO / "garou").rglob("*"))
        if p.suffix in (".py", ".html", ".js") and "__pycache__" not in p.parts
    ]


def test_every_key_the_code_cites_is_in_the_catalogue():
    files = _code_files()
    assert len(files) > 100
    assert missing_keys(files, catalogue.messages()) == []


def test_a_key_missing_from_the_catalogue_is_found(tmp_path):
    source = tmp_path / "x.py"
    source.write_text(
        "say('game.story.no-such-message', lang)\n"
        "say(f'game.kind.{kind}', lang)\n"
        "say(f'game.nowhere.{kind}', lang)\n"
        "path = 'game.yaml'\n",
        encoding="utf-8",
    )
    template = tmp_path / "x.html"
    template.write_text("{{ t('web.nav.nowhere') }}", encoding="utf-8")
    found = missing_keys([source, template], catalogue.messages(), root=tmp_path)
    assert found == [
        "x.html:1: web.nav.nowhere",
        "x.py:1: game.story.no-such-message",
        "x.py:3: game.nowhere.",
    ]
