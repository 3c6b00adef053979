"""The message catalogue: complete in both languages, one plural rule, French typography."""

from __future__ import annotations

import pytest

from garou.core import catalogue
from garou.core.catalogue import Phrase, check_catalogue, join, plural_form, say, typeset
from garou.core.errors import DataFileError, GarouError, Problem
from tests.conftest import REPO


def test_every_message_exists_in_both_languages_with_the_same_fields():
    assert check_catalogue() == []


def test_the_check_finds_a_missing_language_and_differing_fields(tmp_path, monkeypatch):
    (tmp_path / "a.yaml").write_text(
        "x.one-lang:\n  fr: bonjour\n"
        "x.fields:\n  fr: 'bonjour {name}'\n  en: 'hello {who}'\n"
        "x.forms:\n  fr: {one: un, many: plusieurs}\n  en: {one: one, other: many}\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogue, "catalogue_files", lambda: [tmp_path / "a.yaml"])
    problems = check_catalogue()
    assert any("x.one-lang" in p and "languages" in p for p in problems)
    assert any("x.fields" in p and "fields differ" in p for p in problems)
    assert any("x.forms.fr" in p and "plural forms" in p for p in problems)


@pytest.mark.parametrize(
    "count, lang, form",
    [(0, "fr", "one"), (1, "fr", "one"), (2, "fr", "other"),
     (0, "en", "other"), (1, "en", "one"), (2, "en", "other")],
)  # fmt: skip
def test_one_plural_rule_per_language(count, lang, form):
    assert plural_form(count, lang) == form


def test_plural_forms_are_picked_by_count():
    assert say("error.problems", "fr", count=1) == "1 problème dans les fichiers de données\u00a0:"
    assert say("error.problems", "en", count=3) == "3 problems in the data files:"


def test_french_typography_is_applied_in_one_place():
    assert typeset("Source : x ; vraiment ? oui ! « mot »", "fr") == (
        "Source\u00a0: x\u00a0; vraiment\u00a0? oui\u00a0! «\u00a0mot\u00a0»"
    )
    assert typeset("Source : x", "en") == "Source : x"


def test_elision_and_lists(monkeypatch):
    monkeypatch.setitem(
        catalogue.messages(), "t.death", {"fr": "la mort {name:de}", "en": "{name}'s death"}
    )
    assert say("t.death", "fr", name="Alice") == "la mort d'Alice"
    assert say("t.death", "fr", name="Bob") == "la mort de Bob"
    assert say("t.death", "en", name="Alice") == "Alice's death"
    assert join(["A", "B", "C"], "fr") == "A, B et C"
    assert join(["A", "B"], "en", "or") == "A or B"


def test_an_error_is_said_in_the_users_language():
    error = GarouError(Phrase("error.interrupted"))
    assert error.message("fr") == "Interrompu\u00a0: rien n'a été écrit."
    assert error.message("en") == "Interrupted: nothing was written."
    problems = DataFileError(
        [Problem("a.yaml", 3, "x", "bad"), Problem("b.yaml", None, "", "worse")]
    )
    assert problems.message("fr").splitlines()[0].startswith("2 problèmes")
    assert "a.yaml:3 (x): bad" in problems.message("en")


def test_the_catalogue_is_read_from_its_cache_and_a_damaged_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("GAROU_RULES_CACHE", raising=False)
    (tmp_path / "garou").mkdir()
    catalogue.messages.cache_clear()
    try:
        parsed = catalogue.messages()
        [cached] = (tmp_path / "garou").glob("messages-*")
        catalogue.messages.cache_clear()

        def no_yaml(sources):
            raise AssertionError("the YAML was parsed again")

        with monkeypatch.context() as patch:
            patch.setattr(catalogue, "_parse", no_yaml)
            assert catalogue.messages() == parsed
        for damage in (b"{not json", b"", cached.read_bytes()[:100], b"\xe9i\x01\x00\x00\x00"):
            cached.write_bytes(damage)
            catalogue.messages.cache_clear()
            assert catalogue.messages() == parsed
            assert cached.read_bytes() != damage  # rebuilt
        assert [p.name for p in (tmp_path / "garou").glob("messages-*")] == [cached.name]
        assert catalogue.messages() is catalogue.messages()
    finally:
        catalogue.messages.cache_clear()


def test_no_message_spells_a_plural_with_parentheses():
    """'1 joueur(s)': a number's wording is the plural forms' job (one/other), not '(s)'."""
    found = []
    for key, texts in catalogue.messages().items():
        for lang, forms in texts.items():
            for template in forms.values() if isinstance(forms, dict) else [forms]:
                if "(s)" in template:
                    found.append(f"{key}.{lang}")
    assert found == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_count_given_as_a_value_is_the_templates_count(lang):
    """``count`` is the plural selector of phrase()/say and also the template's {count}:
    however the message is built (an error's values, a Phrase, phrase()), it gets it."""
    from garou.core.catalogue import phrase
    from garou.game.errors import IllegalEventError

    error = IllegalEventError("game.refused.too-many-cards", role="X", count=1, rule="lg-dealing")
    assert "(1)" in error.message(lang)
    assert "(7)" in GarouError("game.refused.too-many-cards", role="X", count=7).message(lang)
    assert "(3)" in Phrase("game.refused.too-many-cards", {"role": "X", "count": 3}).say(lang)
    assert "(2)" in phrase("game.refused.too-many-cards", role="X", count=2).say(lang)
    assert say("error.problems", lang, count=4).startswith("4 ")


def _template_fields(key: str) -> set[str]:
    import re
    import string

    fields: set[str] = set()
    for forms in catalogue.messages()[key].values():
        for template in forms.values() if isinstance(forms, dict) else [forms]:
            for _, name, _, _ in string.Formatter().parse(template):
                if name:
                    fields.add(re.split(r"[.\[]", name)[0])
    return fields


def call_sites_missing_fields(files) -> list[str]:
    """Every call naming a catalogue key as its first argument (say, phrase, Phrase, an
    error) whose keywords do not give every field the key's templates fill in. A call
    passing ``**values`` is not judged (its fields are not known before it runs)."""
    import ast

    keys = catalogue.messages()
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and first.value in keys):
                continue
            if any(k.arg is None for k in node.keywords) or any(
                isinstance(a, ast.Starred) for a in node.args
            ):
                continue
            passed = {k.arg for k in node.keywords}
            called = ast.unparse(node.func).rsplit(".", 1)[-1]
            if called == "Phrase" and len(node.args) > 1:
                values = node.args[1]
                if not isinstance(values, ast.Dict) or not all(
                    isinstance(k, ast.Constant) for k in values.keys
                ):
                    continue
                passed |= {k.value for k in values.keys if isinstance(k, ast.Constant)}
                if len(node.args) > 2:
                    passed.add("count")
            if called == "say" and len(node.args) > 2:
                passed.add("count")
            missing = _template_fields(first.value) - passed
            if missing:
                found.append(f"{path.name}:{node.lineno}: {first.value} lacks {sorted(missing)}")
    return found


def test_every_call_site_gives_the_fields_its_message_fills_in():
    """A template field no call site passes is a KeyError the day the message is said:
    the source is scanned for every message named by its key."""

    folders = ("garou",)
    files = [p for folder in folders for p in sorted((REPO / folder).rglob("*.py"))]
    assert len(files) > 50
    assert call_sites_missing_fields(files) == []


def test_the_call_site_check_finds_a_field_nobody_passes(tmp_path):
    source = tmp_path / "x.py"
    source.write_text(
        "raise E('game.refused.too-many-cards', role=r)\n"
        "phrase('game.refused.too-many-cards', role=r, count=n)\n"
        "say('error.problems', lang)\n"
        "phrase('game.refused.too-many-cards', **values)\n",
        encoding="utf-8",
    )
    assert call_sites_missing_fields([source]) == [
        "x.py:1: game.refused.too-many-cards lacks ['count']",
        "x.py:3: error.problems lacks ['count']",
    ]


def test_the_check_finds_a_key_written_twice_in_one_file(tmp_path, monkeypatch):
    (tmp_path / "a.yaml").write_text(
        "x.twice:\n  fr: un\n  en: one\nx.other:\n  fr: b\n  en: b\nx.twice:\n  fr: '{n}'\n"
        "  en: '{n}'\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogue, "catalogue_files", lambda: [tmp_path / "a.yaml"])
    assert check_catalogue() == ["a.yaml:7: x.twice: written twice in the file"]
