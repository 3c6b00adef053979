"""The message catalogue: complete in both languages, one plural rule, French typography."""

from __future__ import annotations

import re

import pytest

from garou.core import catalogue
from garou.core.catalogue import Phrase, check_catalogue, join, plural_form, say, typeset
from garou.core.errors import DataFileError, GarouError, Problem
from tests.conftest import REPO
from tests.helpers import _say_all, _templates_of


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


def _templates(lang: str):
    """Every template of the catalogue in ``lang``, as written (each plural form)."""
    from garou.core.catalogue import messages

    for key, texts in messages().items():
        forms = texts[lang]
        for form, template in forms.items() if isinstance(forms, dict) else [("", forms)]:
            yield key, form, template


def test_every_french_percent_is_said_with_a_narrow_no_break_space():
    from garou.core.catalogue import template_of

    # A percentage: a number or a field, then %; « % » quotes the sign itself.
    percents = [(k, f) for k, f, t in _templates("fr") if re.search(r"[\d}]\s%", t)]
    assert percents  # the setup's chances at least
    for key, form in percents:
        said = template_of(key, "fr", {"one": 1, "other": 2}.get(form))
        assert not re.search(r"[\d}][ \u00a0]%", said) and "\u202f%" in said, (key, said)


def test_no_value_ending_a_sentence_gets_a_second_full_stop():
    # "…to a disqualified player.. garou's reading": a template's full stop after a value
    # that already ends one. Every message, every field a sentence.
    for key, lang, text in _say_all("Une phrase."):
        assert not re.search(r"(?<!\.)\.\.(?!\.)", text), (key, lang, text)


def _calls(folders=("garou",)):
    """Every call in garou's source whose first argument is a catalogue key: (key, call)."""
    import ast

    from garou.core.catalogue import messages

    keys = messages()
    for path in (p for folder in folders for p in sorted((REPO / folder).rglob("*.py"))):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):  # the key first, or after a path (Issue, add)
                named = [a.value for a in node.args[:2] if isinstance(a, ast.Constant)]
                if named and named[0] in keys:
                    yield named[0], node


def test_a_list_offered_as_a_choice_is_said_with_or():
    # "write the game: loup-garou and mafia": a choice among alternatives is "A or B"; a plain
    # list value is said "A, B and C". A call that passes a bare list where its message asks
    # to pick one must pass an Either.
    import ast

    choice = re.compile(r"(did you mean|could be|write the \w+|one of|either)[^{.;]*\{(\w+)", re.I)
    wrong = []
    for key, node in _calls():
        fields = {m.group(2) for _, _, t in _templates_of(key) for m in choice.finditer(t)}
        for keyword in node.keywords:
            value = keyword.value
            listed = isinstance(value, ast.List | ast.ListComp) or (
                isinstance(value, ast.Call) and ast.unparse(value.func) in ("list", "sorted")
            )
            if keyword.arg in fields and listed:
                wrong.append(f"{key}: {keyword.arg}={ast.unparse(value)}")
    assert wrong == []


def test_a_french_message_never_puts_a_list_before_a_singular_verb():
    # « 7 × Citoyen distribué », « Eve et Fay est mort·e »: a number or a list of names said
    # with a singular agreement; such a message needs plural forms chosen by count.
    from garou.core.catalogue import messages

    listed = r"\{(names|roles|players|dead|tied|lovers|cards|victims)\}"
    singular = re.compile(
        rf"{listed}\s+(est|a|n'est|n'a|meurt|part|sera)\b|\{{\w+\}} × \{{\w+\}} \w+é\b"
    )
    used = {key for key, _ in _calls()}
    wrong = [
        k
        for k in used
        if isinstance(messages()[k]["fr"], str) and singular.search(messages()[k]["fr"])
    ]
    assert wrong == []


TYPED_KINDS = {"game.refused.kind", "mafia.refused.kind", "game.event.other", "game.refused.field"}
"""The messages that name an event by the id typed on purpose: an unknown kind echoed back,
the sentence of a kind that has none, "l'événement {kind}" (the event called so)."""


def test_no_event_id_is_said_bare_in_a_french_sentence():
    # « pour dawn, il faut la carte… »: an event kind goes into a sentence through event_kind
    # (« l'aube (dawn) »); quoted (« {kind} ») or in brackets it is the id typed, and fine.
    import ast

    wrong = []
    for key, node in _calls(("game",)):
        for _, _, template in _templates_of(key):
            quoted = r"« \{kind\} »|'\{kind\}'|\"\{kind\}\"|“\{kind\}”|\(\{kind\}\)"
            if "{kind}" not in re.sub(quoted, "", template):
                continue
            for keyword in node.keywords:
                raw = isinstance(keyword.value, ast.Name | ast.Constant | ast.Attribute)
                if keyword.arg == "kind" and raw and key not in TYPED_KINDS:
                    wrong.append(f"{key}: kind={ast.unparse(keyword.value)}")
    assert sorted(set(wrong)) == [], wrong


_PEOPLE = ("name", "partner", "chooser", "target", "by", "captain", "victim", "player", "voter",
           "old", "shooter", "a", "b")  # fmt: skip


_UNELIDED = re.compile(r"\b(?:de|que) \{(" + "|".join(_PEOPLE) + r")\}")


@pytest.mark.parametrize("file", ["game.yaml", "play.yaml", "cli.yaml"])
def test_a_french_message_elides_before_a_players_name(file):
    """« amoureux d'Emma », « Choix d'Emma » : a name after de/que goes through {x:de}."""
    import yaml

    path = REPO / "garou" / "core" / "messages" / file
    found = []
    for key, langs in yaml.safe_load(path.read_text(encoding="utf-8")).items():
        forms = langs["fr"] if isinstance(langs["fr"], dict) else {"": langs["fr"]}
        found += [key for text in forms.values() if _UNELIDED.search(str(text))]
    assert found == []
    assert say("game.play.choice", "fr", chooser="Emma").startswith("Choix d'Emma")


NAMED = {"name", "names", "target", "voter", "player", "players", "by", "shooter", "chooser",
         "who", "captain", "nominee", "lover", "partner", "a", "b", "club", "role", "roles",
         "deaths", "old", "seat", "suspects"}  # fmt: skip
"""The fields that hold a name a person typed or a role's name (any may start with a vowel)."""


def unelided(messages) -> list[str]:
    """Every French template writing « de {name} » (a name field) instead of {name:de}."""
    import re

    found = []
    for key, texts in messages.items():
        forms = texts.get("fr")
        for template in forms.values() if isinstance(forms, dict) else [forms]:
            for match in re.finditer(r"(?<![\w'’])de \{(\w+)\}", template):
                if match.group(1) in NAMED:
                    found.append(f"{key}: {match.group(0)}")
    return found


def test_no_french_template_puts_de_before_a_name_without_elision():
    from garou.core import catalogue

    assert unelided(catalogue.messages()) == []


def test_the_elision_check_finds_de_before_a_name():
    messages = {"x.a": {"fr": "les bulletins de {names}", "en": "-"},
                "x.b": {"fr": {"one": "le tir {name:de}", "other": "de {count}"}, "en": "-"},
                "x.c": {"fr": "le tir de {name}", "en": "-"}}  # fmt: skip
    assert unelided(messages) == ["x.a: de {names}", "x.c: de {name}"]


@pytest.mark.parametrize(
    ("value", "fr"),
    [("Alice", "les bulletins d'Alice"), ("Bruno", "les bulletins de Bruno"),
     (["Émile", "Bruno"], "les bulletins d'Émile et Bruno")],
)  # fmt: skip
def test_the_ballots_kept_are_said_with_de_elided(value, fr):
    from garou.core.catalogue import say

    said = say("game.play.ballots-kept", "fr", count=2, names=value).replace("\u00a0", " ")
    assert fr in said


def test_a_camps_article_is_lowercase_and_contracted_mid_sentence(book):
    from garou.core.catalogue import say

    village = book.game("loup-garou").camp("village").name
    wolves = book.game("loup-garou").camp("loups").name
    said = say("win.no-minority-left", "fr", minority=wolves, camp=village)
    assert said.startswith("Plus aucun joueur des loups-garous") and "victoire du village" in said
    assert say("game.play.winner", "fr", camp=village).endswith("Victoire\u00a0: le village\u00a0!")
    assert say("game.play.winner", "en", camp=village).endswith("Victory: the village!")
    assert say("game.story.winner", "fr", camp=village) == "Victoire\u00a0: le village."
    assert say("game.story.winner", "fr", camp="Le village") == "Victoire\u00a0: le village."
    assert say("game.story.winner", "en", camp=village) == "Victory: the village."


def test_every_table_column_header_starts_with_a_capital_in_both_games():
    from garou.core import catalogue

    headers = [k for k in catalogue.messages() if k.startswith("game.cli.col.")]
    headers += [f"protocol.label.{c}" for c in ("seat", "player", "role")]  # Mafia's status
    assert len(headers) > 7
    for key in headers:
        for lang in ("fr", "en"):
            text = catalogue.say(key, lang)
            assert text[:1].isupper() or not text[:1].isalpha(), (key, lang, text)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_mafia_deal_placeholder_names_the_role_in_the_language(book, lang):
    from garou.core.catalogue import say

    name, role = (
        say("judge.new.deal-help", lang).replace("\xa0", " ").split(" : " if lang == "fr" else ": ")
    )
    assert role == book.game("mafia").role("sherif").name.get(lang)


def test_no_french_text_writes_evenement_with_a_grave_accent():
    from garou.core.catalogue import messages

    bad = [k for k, v in messages().items() if "évènement" in str(v.get("fr", ""))]
    assert bad == []
