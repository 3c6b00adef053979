"""The fixes of review 2's findings 8, 9, 12 and 13 (fixd): readings said, JSON for scripts,
the catalogue's typography and grammar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from garou.core.catalogue import say
from tests import helpers
from tests.conftest import REPO
from tests.helpers import lg_setup

LG_TABLE = ("-g", "loup-garou", "-p", "Ana=loup-garou,Bob=villageois,Cid=villageois,Dee=voyante")


def _agreement(garou, tmp_path, captain: str | None) -> tuple[str, ...]:
    if captain is None:
        return ()
    path = str(tmp_path / f"{captain}.yaml")
    args = ["house", "pick", "-g", "loup-garou", "--defaults", "-o", path, "--lang", "en"]
    picked = garou(*args, "--set", f"lg-setting-captain={captain}")
    assert picked.exit_code == 0, picked.stdout + picked.stderr
    return ("-a", path)


# --- finding 8: a Loup-Garou tie with no captain named says which reading applies ----------


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("captain", [None, "with-captain", "without-captain"])
def test_a_tie_without_a_captain_says_whose_reading_sends_it_to_the_revote(
    garou, tmp_path, lang, captain
):
    # loup-garou.txt: "En cas d'égalité, c'est le capitaine qui tranche. Sans capitaine, on
    # revote une fois …": taking a missing --captain as "no captain" is garou's reading,
    # unless the table's agreement plays without one.
    table = (*LG_TABLE, *_agreement(garou, tmp_path, captain))
    args = ("vote", *table, "-v", "Ana=Bob,Bob=Ana", "--no-input", "--lang", lang)
    data = garou(*args, "--json").json()
    said = [s for s in data["steps"] if s["code"].startswith("tie.no-captain")]
    assert len(said) == 1, data["steps"]
    expected = "agreement" if captain == "without-captain" else "garou"
    assert said[0]["reading"] == expected and said[0]["case"] == "lg-setting-captain"
    assert ("garou" in said[0]["message"]) == (expected == "garou")
    assert data["next"]["round"] == "revote"
    human = garou(*args)
    assert human.exit_code == 0
    flat = " ".join(human.stdout.split())
    assert " ".join(said[0]["message"].split()[:6]) in flat


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_tie_with_a_captain_named_or_a_revote_says_no_captain_reading(garou, lang):
    tie = ("vote", *LG_TABLE, "--no-input", "--lang", lang, "--json")
    with_captain = garou(*tie, "-v", "Ana=Bob,Bob=Ana", "-c", "Cid").json()
    revote = garou(*tie, "-v", "Ana=Bob,Bob=Ana", "--round", "revote", "--tied", "Ana,Bob").json()
    for data in (with_captain, revote):
        assert not [s for s in data["steps"] if s["code"].startswith("tie.no-captain")]


# --- finding 9: the Mafia extra time, its length and order garou's readings ----------------

MF_DEAL = (
    "1=citoyen,2=citoyen,3=citoyen,4=citoyen,5=citoyen,6=citoyen,7=sherif,8=mafia,9=mafia,10=don"
)
GAROUS = {"fr": "lecture de garou", "en": "garou's reading"}


def _mafia_tie(garou, tmp_path) -> str:
    """A Mafia day 1 whose vote ties 3 and 8, 8 nominated first (8 sits after 3)."""
    db = str(tmp_path / "mafia.sqlite")
    names = ",".join(str(n) for n in range(1, 11))
    assert garou("game", "new", "--game", "mafia", "--names", names, "--deal", MF_DEAL,
                 "--db", db).exit_code == 0  # fmt: skip
    events = [["day"], *(["speech", f"player={n}", "seconds=60"] for n in range(1, 11))]
    events += [["nominate", "by=1", "nominee=8"], ["nominate", "by=2", "nominee=3"]]
    events.append(["vote", "votes={1: 8, 2: 8, 3: 8, 4: 8, 5: 8, 6: 3, 7: 3, 8: 3, 9: 3, 10: 3}"])
    for event in events:
        added = garou("game", "add", *event, "--db", db)
        assert added.exit_code == 0, added.stdout + added.stderr
    return db


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_mafia_extra_time_length_and_order_are_said_as_garous_reading(garou, tmp_path, lang):
    # mafia.txt: "ils reçoivent d'abord un temps supplémentaire pour argumenter": no length,
    # no order. Every place that gives the length (the story, the next step, the refusal of
    # a vote before it) says it is garou's; the tied are called in nomination order.
    db = _mafia_tie(garou, tmp_path)
    recap = " ".join(garou("game", "recap", "--db", db, "--lang", lang).stdout.split())
    status = garou("game", "status", "--db", db, "--lang", lang, "--json").json()
    early = garou("game", "add", "vote", "votes={1: 8}", "--db", db, "--lang", lang)
    assert early.exit_code != 0
    refused = " ".join((early.stdout + early.stderr).split())
    for said in (recap, status["next"], refused):
        assert GAROUS[lang] in said, said
    assert re.search(r"\b8\b", status["next"]) and not re.search(r"\b3\b", status["next"])
    assert garou("game", "add", "speech", "player=8", "seconds=60", "--db", db).exit_code == 0
    after = garou("game", "status", "--db", db, "--lang", lang, "--json").json()["next"]
    assert re.search(r"\b3\b", after) and GAROUS[lang] in after


# --- finding 12: --json where a script reads the output ---------------------------------


@pytest.mark.parametrize("sheet", ["agreement", "cheatsheet"])
@pytest.mark.parametrize("fmt", [pytest.param("pdf", marks=helpers.needs_pdf()), "md", "html"])
def test_print_json_says_the_file_written_its_format_and_pages(garou, tmp_path, sheet, fmt):
    if fmt == "pdf":
        pytest.importorskip("weasyprint")
    source = _agreement(garou, tmp_path, "with-captain")[1]
    args = ["print", sheet, source] if sheet == "agreement" else ["print", sheet, "-g", "mafia"]
    out = tmp_path / f"sheet.{fmt}"
    written = garou(*args, "-o", str(out), "--json")
    assert written.exit_code == 0, written.stdout
    data = written.json()
    assert data["path"] == str(out) and data["format"] == fmt and out.exists()
    if fmt == "pdf":
        assert data["pages"] == 1
        assert out.read_bytes().count(b"/Type /Page") in (0, 1)  # compressed, or one page
    else:
        assert data["pages"] is None
    again = garou(*args, "-o", str(out), "--json")  # never over a file without --force
    assert again.exit_code == 1 and again.json()["error"]["type"] == "OutputExistsError"
    if fmt != "pdf":
        to_stdout = garou(*args, "-o", "-", "-f", fmt, "--json").json()
        assert to_stdout["path"] == "-" and to_stdout["content"] == out.read_text()


@pytest.mark.parametrize("args", [["print", "cheatsheet"], ["print", "agreement", "nowhere.yaml"]])
def test_print_errors_are_json_with_json(garou, args):
    failed = garou(*args, "--json")
    assert failed.exit_code != 0
    assert failed.json()["error"]["exit_code"] == failed.exit_code


FIVE_ROLES = {"loup-garou": 1, "voyante": 1, "villageois": 3}


def _five_players(garou, tmp_path: Path, roles: dict[str, int], *options: str) -> str:
    """A Loup-Garou game of Ana, Bob, Cid, Dee and Eve holding ``roles``, made by ``garou game
    new`` (with ``options``) in the journal ``tmp_path/lg.sqlite``; returns its path."""
    db = str(tmp_path / "lg.sqlite")
    setup = lg_setup(tmp_path, roles, ["Ana", "Bob", "Cid", "Dee", "Eve"])
    assert garou("game", "new", "--setup", str(setup), *options, "--db", db).exit_code == 0
    return db


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_undo_json_says_what_it_undid(garou, tmp_path, lang):
    db = _five_players(garou, tmp_path, FIVE_ROLES, "--deal", "Ana=loup-garou")
    for event in (["look", "target=Cid", "role=villageois"], ["kill", "victim=Bob"]):
        assert garou("game", "add", *event, "--db", db).exit_code == 0
    data = garou("game", "undo", "--db", db, "--json", "--lang", lang).json()
    assert data["undone"]["seq"] == 3 and data["undone"]["kind"] == "kill"
    assert "Bob" in data["undone"]["sentence"]
    text = garou("game", "undo", "--db", db, "--lang", lang)  # the look, event 2
    assert text.exit_code == 0
    assert garou("game", "add", "look", "target=Cid", "role=villageois", "--db", db).exit_code == 0
    looked = garou("game", "undo", "--db", db, "--json", "--lang", lang).json()["undone"]
    assert looked["kind"] == "look" and "Cid" in looked["sentence"]
    assert " ".join(looked["sentence"].split()) in " ".join(text.stdout.split())


@pytest.mark.parametrize("lan", [False, True])
def test_serve_json_prints_one_line_with_the_address_then_serves(tmp_path, lan):
    import json
    import os
    import signal
    import subprocess
    import sys
    import urllib.request
    from pathlib import Path

    pytest.importorskip("waitress")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "GAROU_LANG": "en"}
    garou_bin = Path(sys.executable).with_name("garou")
    args = [str(garou_bin), "serve", "--port", "0", "--json", "--db", str(tmp_path / "j.sqlite")]
    process = subprocess.Popen(
        [*args, *(["--lan"] if lan else [])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        line = json.loads(process.stdout.readline())
        assert line["lan"] is lan and line["port"] > 0
        assert line["listening"].endswith(f":{line['port']}/")
        assert (line["key"] is not None) is lan
        local = f"http://127.0.0.1:{line['port']}/"
        if lan:
            local += f"?key={line['key']}"
            assert line["url"] is None or line["url"].endswith(
                f":{line['port']}/?key={line['key']}"
            )
        else:
            assert line["url"] == local
        # The key comes once in the address, then is kept in a cookie (web/security.py).
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(local, timeout=20) as page:
            assert page.status == 200
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert out == "", out  # one line, then nothing: no QR code, no notices on stdout


def test_serve_errors_are_json_with_json(garou):
    import socket

    pytest.importorskip("waitress")
    bad = garou("serve", "--port", "70000", "--json")
    assert bad.exit_code == 2 and bad.json()["error"]["exit_code"] == 2
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = garou("serve", "--port", str(port), "--json", "--lang", "en")
    assert busy.exit_code == 1 and str(port) in busy.json()["error"]["message"]


# --- French percent: a narrow no-break space before % ---------------------------------------


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


@pytest.mark.parametrize(
    "chance, fr, en",
    [((1, 2000), "moins de 0,1\u202f%", "< 0.1%"), ((1, 3), "33\u202f%", "33%"),
     ((1, 200), "0,5\u202f%", "0.5%"), ((1, 1), "100\u202f%", "100%")],
)  # fmt: skip
def test_a_setup_chance_is_written_the_french_way(chance, fr, en):
    from fractions import Fraction

    from garou.rules.setup import _percent

    said = _percent(Fraction(*chance))
    assert (said.get("fr"), said.get("en")) == (fr, en)


# --- finding 13: the classes of cosmetic slips, catalogue-wide where a test can see them -----


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


def test_no_python_repr_of_a_mapping_or_a_list_reaches_a_message():
    # « il faut un texte non vide, pas {'cause': 'noyade'} »: a value the user wrote in YAML is
    # said as YAML ({cause: noyade}), whatever message it goes in.
    from garou.core.errors import shown

    for value in ({"cause": "noyade"}, [{"cause": "noyade"}, ["a", {"b": None}]]):
        for key, lang, text in _say_all(value):
            assert "{'" not in text and "['" not in text and "None" not in text, (key, lang, text)
    assert shown({"cause": "noyade", "by": ["Ana", "Bob"]}) == "{cause: noyade, by: [Ana, Bob]}"
    assert shown({"a": "x: y", "b": None}) == "{a: 'x: y', b: null}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_mapping_where_a_text_is_expected_is_said_as_written(garou, tmp_path, lang):
    state = tmp_path / "d.yaml"
    state.write_text("game: loup-garou\nplayers:\n  Ana: loup-garou\n  Bob: {role: villageois, "
                     "alive: no}\n  Cid: villageois\ndeaths: {Bob: {cause: noyade}}\n")  # fmt: skip
    said = garou("win", "--state", str(state), "--lang", lang)
    assert said.exit_code == 1 and "{cause: noyade}" in said.stderr and "{'" not in said.stderr


def test_no_value_ending_a_sentence_gets_a_second_full_stop():
    # "…to a disqualified player.. garou's reading": a template's full stop after a value
    # that already ends one. Every message, every field a sentence.
    for key, lang, text in _say_all("Une phrase."):
        assert not re.search(r"(?<!\.)\.\.(?!\.)", text), (key, lang, text)


def test_no_source_label_of_the_rules_has_a_double_full_stop(book):
    for game in book.games.values():
        for entry in game.entries:
            for lang in ("fr", "en"):
                label = entry.source.label(lang)
                assert not re.search(r"(?<!\.)\.\.(?!\.)", label), (entry.id, lang, label)


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


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_missing_game_of_a_state_file_offers_one_game_or_the_other(garou, tmp_path, lang):
    state = tmp_path / "s.yaml"
    state.write_text("players:\n  Ana: loup-garou\n  Bob: villageois\n")
    said = garou("win", "--state", str(state), "--lang", lang).stderr
    assert {"fr": "loup-garou ou mafia", "en": "loup-garou or mafia"}[lang] in said


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


@pytest.mark.parametrize("dealt", [1, 7])
def test_a_mafia_deal_off_the_composition_agrees_with_its_count(garou, tmp_path, dealt):
    names = ",".join(str(n) for n in range(1, 11))
    roles = ["citoyen"] * dealt + ["sherif"] + ["mafia"] * (9 - dealt - 1) + ["don"]
    roles = (roles + ["citoyen"] * 10)[:10]
    deal = ",".join(f"{n}={r}" for n, r in zip(range(1, 11), roles, strict=True))
    db = str(tmp_path / "m.sqlite")
    said = garou("game", "new", "--game", "mafia", "--names", names, "--deal", deal, "--db", db)
    assert said.exit_code != 0
    text = " ".join(said.stderr.split())
    assert f"{dealt} × Citoyen distribué{'s' if dealt > 1 else ''}," in text


TYPED_KINDS = {"game.refused.kind", "mafia.refused.kind", "fixes.event.other", "game.refused.field"}
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


def test_every_event_kind_has_its_name_in_both_languages():
    from garou.core.catalogue import Phrase
    from garou.game import mafia, table
    from garou.game.sentences import event_kind

    for kind in {*table.KINDS, *mafia.KINDS}:
        said = event_kind(kind)
        assert isinstance(said, Phrase), kind
        assert said.say("fr") != kind and f"({kind})" in said.say("fr")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_dawn_names_the_event_in_the_language(garou, tmp_path, lang):
    db = _five_players(garou, tmp_path, FIVE_ROLES)
    said = garou("game", "add", "dawn", "--db", db, "--lang", lang)
    assert said.exit_code == 1
    assert {"fr": "pour l'aube (dawn),", "en": "dawn needs"}[lang] in said.stderr


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_unknown_role_lists_the_roles_by_their_names(garou, lang):
    said = garou("win", "-g", "loup-garou", "-p", "Ana=sorcire,Bob=loup-garou", "--lang", lang)
    text = " ".join(said.stderr.split())
    assert {"fr": "Sorcière", "en": "Witch"}[lang] in text and "sorciere" not in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_unknown_role_in_a_game_event_lists_the_roles_by_their_names(garou, tmp_path, lang):
    db = _five_players(
        garou, tmp_path, {"loup-garou": 1, "voyante": 1, "sorciere": 1, "villageois": 2}
    )
    said = garou("game", "add", "roles", "roles={Cid: vampyre}", "--db", db, "--lang", lang)
    text = " ".join(said.stderr.split())
    assert said.exit_code == 1 and "vampyre" in text
    assert {"fr": "Sorcière", "en": "Witch"}[lang] in text and "sorciere" not in text


def test_the_help_of_game_add_names_every_event_kind_in_both_languages():
    from garou.core.catalogue import say
    from garou.game import mafia, table

    added = {*table.KINDS, *mafia.KINDS} - {"start"}  # the start is written by game new
    for lang in ("fr", "en"):
        listed = say("help.game.add.kind", lang)
        missing = [k for k in added if not re.search(rf"\b{k}\b", listed)]
        assert missing == [], (lang, missing)
