"""The rule data: it loads, it covers both documents, and bad files fail cleanly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from garou import rules
from garou.core.reader import read_yaml
from garou.rules import DataFileError, fold, load_rules, resolve_language, resolve_role
from garou.rules.model import LANGS
from tests.conftest import REPO, SOURCES
from tests.helpers import _document, rules_folder


@pytest.mark.parametrize(
    "name, marker",
    [("rules", "data/loup-garou.yaml"), ("lookup", "lexicon.yaml"),
     ("houserules", "agreement.py"), ("printables", "templates/cheatsheet.html")],
)  # fmt: skip
def test_the_capabilities_are_installed_under_garou(name, marker):
    """PyPI has unrelated packages called rules, lookup...: garou installs them as garou.X."""
    import importlib

    module = importlib.import_module(f"garou.{name}")
    here = Path(module.__file__).resolve().parent
    assert (here / marker).is_file()
    assert here.parent == REPO / "garou" or (here.parent / "cli.py").is_file()


def test_the_wheel_holds_one_import_package():
    """Every package the build installs is garou or inside it, found in the folder garou/."""
    import tomllib

    from setuptools import find_packages

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    include = config["setuptools"]["packages"]["find"]["include"]
    packages = find_packages(str(REPO), include=include)
    assert {p.split(".")[0] for p in packages} == {"garou"}
    assert {"garou.core", "garou.rules", "garou.lookup", "garou.game", "garou.web"} <= set(packages)
    assert "package-dir" not in config["setuptools"]


def test_python_m_garou_runs_from_the_checkout_root():
    """No folder of the checkout shadows the installed package: the root's garou/ is it."""
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "garou", "--help"], cwd=REPO,
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "search" in run.stdout


def test_every_shipped_file_loads(book):
    shipped = sorted(p.name for p in (REPO / "garou" / "rules" / "data").glob("*.yaml"))
    assert sorted(p.name for p in book.files) == shipped
    assert set(book.games) == {"loup-garou", "mafia"}


@pytest.mark.parametrize(
    "game, roles",
    [
        ("loup-garou", {"loup-garou", "villageois", "voyante", "sorciere", "chasseur"}),
        ("mafia", {"citoyen", "sherif", "mafia", "don"}),
    ],
)
def test_role_ids_are_the_stable_ascii_ones(book, game, roles):
    ids = {r.id for r in book.game(game).roles}
    assert roles <= ids
    assert all(i.isascii() for i in ids)
    # Anything beyond the document's roles is marked as garou's addition.
    for role in book.game(game).roles:
        if role.id not in roles:
            assert role.addition, role.id


def test_captain_and_lovers_are_statuses_not_roles(book):
    game = book.game("loup-garou")
    assert {s.id for s in game.statuses} == {"capitaine", "amoureux"}
    assert not {"capitaine", "amoureux"} & {r.id for r in game.roles}


def test_mafia_composition_and_camps(book):
    game = book.game("mafia")
    assert game.setup.composition is not None
    assert game.setup.composition.roles == {"citoyen": 6, "sherif": 1, "mafia": 2, "don": 1}
    camps = {r.id: r.camp for r in game.roles}
    assert camps == {"citoyen": "ville", "sherif": "ville", "mafia": "mafia", "don": "mafia"}


def test_wolf_table_matches_the_document(book):
    table = book.game("loup-garou").setup.count_table
    assert table is not None
    rows = [(b.min, b.max, b.count) for b in table.bands]
    assert rows == [(4, 5, 1), (6, 9, 2), (10, 13, 3), (14, 16, 4), (17, 18, 5)]


def test_the_games_differ_where_the_documents_differ(book):
    lg, mf = book.game("loup-garou"), book.game("mafia")
    assert (lg.day.reveal, mf.day.reveal) == ("on-death", "game-end")
    assert lg.day.vote.tie.with_captain == ("captain-decides",)
    assert lg.day.vote.tie.without_captain == ("revote-tied", "nobody-leaves")
    assert mf.day.vote.tie.without_captain == ("extra-time", "revote-tied", "lift-vote")
    assert (lg.night.regular_from, mf.night.regular_from) == (1, 2)


def test_every_entry_has_both_languages_and_a_source(book):
    for entry in book.entries():
        for lang in LANGS:
            assert entry.title.get(lang).strip(), entry.id
            assert entry.text.get(lang).strip(), entry.id
        assert entry.source.section, entry.id
        if not entry.source.addition:
            assert entry.source.document == book.game(entry.game).info.document


def test_contested_cases_have_options_and_a_default(book):
    lg = book.game("loup-garou")
    assert len(lg.contested()) >= 5
    for case in lg.contested():
        assert len(case.options) >= 2
        assert case.default is not None
        assert case.default.option in {o.id for o in case.options}


def test_entry_ids_are_unique_and_prefixed(book):
    ids = [e.id for e in book.entries()]
    assert len(ids) == len(set(ids))
    for entry in book.entries():
        assert entry.id.startswith(book.game(entry.game).info.prefix + "-"), entry.id


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(text).replace("'", " "))


def test_no_sentence_is_copied_from_the_documents(book):
    """Every text is in garou's own words: no run of 7 words is taken from a document."""
    window = 7
    if not SOURCES.is_dir():
        pytest.skip(f"the rule documents are not at {SOURCES} (they sit beside the repository)")
    runs = set()
    for path in SOURCES.glob("*.txt"):
        words = _words(path.read_text(encoding="utf-8"))
        runs |= {" ".join(words[i : i + window]) for i in range(len(words) - window + 1)}
    copied = []
    for entry in book.entries():
        for lang in LANGS:
            words = _words(entry.text.get(lang))
            for i in range(len(words) - window + 1):
                if " ".join(words[i : i + window]) in runs:
                    copied.append((entry.id, " ".join(words[i : i + window])))
                    break
    assert copied == []


@pytest.mark.parametrize("game", ["loup-garou", "mafia"])
def test_every_fact_of_the_document_is_in_the_data(book, game):
    facts = read_yaml(REPO / "tests" / "data" / f"facts-{game}.yaml")
    assert len(facts) >= 40
    ids = {e.id for e in book.game(game).entries}
    missing = []
    for fact in facts:
        assert set(fact["entries"]) <= ids, fact["fact"]
        texts = " ".join(
            fold(book.entry(i).text.fr + " " + book.entry(i).text.en + " "
                 + book.entry(i).title.fr + " " + book.entry(i).title.en)
            for i in fact["entries"]
        )  # fmt: skip
        for token in fact.get("mentions", []):
            if fold(str(token)) not in texts:
                missing.append((fact["fact"], token))
    assert missing == []


@pytest.mark.parametrize(
    "typed, expected",
    [("Sorcière", "sorciere"), ("sorciere", "sorciere"), ("witch", "sorciere"),
     ("LOUPS-GAROUS", "loup-garou"), ("wolf", "loup-garou"), ("seer", "voyante"),
     ("villageois", "villageois")],
)  # fmt: skip
def test_roles_are_found_as_people_type_them(book, typed, expected):
    assert resolve_role(book.game("loup-garou"), typed).id == expected


def test_the_captain_is_explained_as_a_status(book):
    with pytest.raises(rules.UnknownIdError, match="status"):
        resolve_role(book.game("loup-garou"), "capitaine")


def test_an_unknown_role_gets_the_closest_ones(book):
    # By their names in the message's language (a name is accepted as well as the id).
    with pytest.raises(rules.UnknownIdError, match="did you mean Witch") as raised:
        resolve_role(book.game("loup-garou"), "sorcire")
    assert "Sorcière" in raised.value.message("fr")


def test_language_resolution(monkeypatch):
    monkeypatch.delenv("GAROU_LANG", raising=False)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert resolve_language() == "fr"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert resolve_language() == "en"
    monkeypatch.setenv("GAROU_LANG", "fr")
    assert resolve_language() == "fr"
    assert resolve_language("English") == "en"
    with pytest.raises(rules.UnknownLanguageError):
        resolve_language("de")


GOOD_EXTENSION = """\
game: loup-garou
roles:
  - id: salvateur
    name: {fr: Salvateur, en: Protector}
    camp: village
    power: true
    section: additions
    addition: true
    summary: {fr: Protège un joueur chaque nuit., en: Protects a player each night.}
    night_action: {fr: Il désigne un joueur à protéger., en: He names a player to protect.}
entries:
  - id: lg-house-protector
    section: additions
    kind: rule
    addition: true
    title: {fr: Protection, en: Protection}
    text: {fr: Le protégé survit aux loups., en: The protected player survives the wolves.}
    related: [lg-role-salvateur]
"""


def _load_with(tmp_path: Path, text: str, name: str = "house.yaml") -> DataFileError:
    folder = rules_folder(tmp_path, text, name)
    with pytest.raises(DataFileError) as info:
        load_rules(folder)
    return info.value


def test_a_user_folder_extends_the_builtin_rules(tmp_path):
    folder = rules_folder(tmp_path, GOOD_EXTENSION)
    book = load_rules(folder)
    assert book.game("loup-garou").role("salvateur").addition
    assert book.entry("lg-role-salvateur").kind == "role"
    assert book.entry("lg-house-protector").source.addition


@pytest.mark.parametrize(
    "broken, line, words",
    [
        ("game: loup-garou\nentries:\n  - id: [unclosed\n", 4, "started on line 3"),
        ("game: loup-garou\nentries: []\nentries: []\n", 3, "duplicate key"),
        ("game: loup-garou\nroles:\n  - id: x\n    name: {fr: X}\n", 3, "missing"),
        ("game: loup-garou\nsetup:\n  min_players: 4\n", 2, "already defined"),
        ("game: loup-garou\nfoo: 1\n", 2, "unknown key 'foo'"),
        ("entries: []\n", 1, "missing 'game:'"),
    ],
)
def test_each_kind_of_bad_file_names_file_line_and_fix(tmp_path, broken, line, words):
    error = _load_with(tmp_path, broken)
    message = str(error)
    assert f"house.yaml:{line}" in message
    assert words in message


def test_all_problems_are_reported_at_once(tmp_path):
    text = GOOD_EXTENSION.replace("power: true", "power: maybe")
    text = text.replace("kind: rule", "kind: rumour")
    error = _load_with(tmp_path, text)
    messages = [str(p) for p in error.problems]
    assert any("expected yes or no" in m and "house.yaml:6" in m for m in messages)
    assert any("'rumour' is not allowed" in m and "house.yaml:14" in m for m in messages)


def test_a_missing_translation_is_located(tmp_path):
    text = GOOD_EXTENSION.replace(
        "title: {fr: Protection, en: Protection}", "title: {fr: Protection}"
    )
    error = _load_with(tmp_path, text)
    message = str(error)
    assert "missing the English text (en)" in message
    assert "house.yaml:16 (entries[0].title)" in message


def test_unknown_camp_and_related_id_are_located(tmp_path):
    text = GOOD_EXTENSION.replace("related: [lg-role-salvateur]", "related: [lg-nothing]")
    text = text.replace("camp: village", "camp: nowhere")
    error = _load_with(tmp_path, text)
    message = str(error)
    assert "unknown camp 'nowhere'" in message and "house.yaml:5" in message
    assert "'lg-nothing' is not an entry id" in message and "house.yaml:18" in message


def test_a_file_that_is_not_utf8_is_reported(tmp_path):
    folder = tmp_path / "my-rules"
    folder.mkdir()
    (folder / "latin1.yaml").write_bytes("game: loup-garou # é".encode("latin-1"))
    with pytest.raises(DataFileError, match="not UTF-8"):
        load_rules(folder)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("raw", "offset", "line"),
    [
        (b"game: loup-garou # \xe9\n", 19, 1),  # Latin-1
        (b"a: 1\nb: 2\nc: \xff\n", 13, 3),  # a byte that never starts a character
        (b"\xef\xbb\xbfa: 1\nb: \xc3", 11, 2),  # after a byte-order mark, cut short
        (b"\x80" * 3000, 0, 1),  # random bytes
    ],
)
def test_a_file_that_is_not_utf8_says_where_in_the_catalogue(garou, tmp_path, raw, offset,
                                                            line, lang):  # fmt: skip
    from garou.core.catalogue import phrase, say

    state = tmp_path / "bin.yaml"
    state.write_bytes(raw)
    result = garou("cascade", "--state", str(state), "--lang", lang, "--json")
    (problem,) = result.json()["error"]["where"]
    byte = f"0x{raw[offset]:02X}"
    assert problem["line"] == line
    assert problem["message"] == say("msgs.reader.not-utf8", lang, offset=str(offset), byte=byte)
    said = phrase("msgs.reader.not-utf8", offset=str(offset), byte=byte).say(lang)
    assert (
        f"bin.yaml:{line}: {said}" in garou("cascade", "--state", str(state), "--lang", lang).stderr
    )


def test_dates_stay_text_and_an_impossible_one_is_located(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("date: 2024-02-30\n", encoding="utf-8")
    assert read_yaml(good) == {"date": "2024-02-30"}
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: 1\ndate: !!timestamp 2024-02-30\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"bad.yaml:2: .*cannot read this value"):
        read_yaml(bad)


def test_a_reused_entry_id_names_both_places(tmp_path):
    text = GOOD_EXTENSION.replace("id: lg-house-protector", "id: lg-vote-tie")
    error = _load_with(tmp_path, text)
    message = str(error)
    assert "house.yaml:12" in message
    assert "already taken by" in message and "loup-garou.entries.yaml:" in message


def test_a_misspelt_game_gets_one_suggestion(tmp_path):
    error = _load_with(tmp_path, GOOD_EXTENSION.replace("game: loup-garou", "game: loup-garu"))
    assert len(error.problems) == 1
    assert "did you mean 'loup-garou'?" in str(error)


def test_user_entries_name_the_user_file_as_their_source(tmp_path):
    folder = rules_folder(tmp_path, GOOD_EXTENSION)
    entry = load_rules(folder).entry("lg-house-protector")
    assert entry.source.user and entry.source.document == "house.yaml"
    assert "your rules: house.yaml" in entry.source.label()


def test_shipped_files_parse_with_and_without_libyaml():
    """The pure-Python parser (used where PyYAML lacks libyaml) is stricter on flow maps."""
    import yaml

    for path in sorted((REPO / "garou" / "rules" / "data").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=yaml.SafeLoader) is not None, path.name


def test_an_option_can_only_take_out_a_known_role_or_status(tmp_path):
    text = GOOD_EXTENSION + (
        "  - id: lg-house-setting\n    section: additions\n    kind: setting\n"
        "    addition: true\n    title: {fr: Réglage, en: Setting}\n"
        "    text: {fr: Un réglage., en: A setting.}\n"
        "    options:\n"
        "      - {id: a, label: {fr: A, en: A}}\n"
        "      - {id: b, label: {fr: B, en: B}, without: [maire]}\n"
        "    default: {option: a, reason: {fr: Parce que., en: Because.}}\n"
    )
    error = _load_with(tmp_path, text)
    assert "option 'b' takes out 'maire'" in str(error)


def _not_files(tmp_path: Path) -> list[tuple[str, Path]]:
    import os

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:  # sparse: large on paper, nothing written
        out.truncate(64 * 1024 * 1024)
    return [("device", Path("/dev/zero")), ("pipe", fifo), ("folder", folder), ("large", big)]


@pytest.mark.parametrize("kind", ["device", "pipe", "folder", "large"])
def test_what_is_not_a_rule_sized_file_is_refused_before_reading(tmp_path, kind):
    """A device, a FIFO (no writer: it would block), a folder, a huge file: one message."""
    import threading

    from garou.core.catalogue import phrase
    from garou.rules.distribution import read_setup

    path = dict(_not_files(tmp_path))[kind]
    book = load_rules()
    for read in (read_yaml, lambda p: read_setup(p, book)):
        result: list[BaseException] = []
        worker = threading.Thread(
            target=lambda r=read, out=result: _catch(r, path, out), daemon=True
        )
        worker.start()
        worker.join(5)
        assert not worker.is_alive(), f"reading {kind} hangs"
        (error,) = result
        assert isinstance(error, DataFileError)
        (problem,) = error.problems
        assert problem.file == str(path)
        assert isinstance(problem.message, type(phrase("x")))
        en, fr = error.message("en"), error.message("fr")
        assert len(en) < 300 and ("give" in en or "split" in en)
        assert "donnez" in fr or "découpez" in fr


def _catch(read, path, result):
    try:
        read(path)
    except BaseException as exc:  # noqa: BLE001 - the test looks at what it was
        result.append(exc)


def _bomb(levels: int) -> str:
    anchors = ["&a0 [x, x, x, x, x, x, x, x, x, x]"]
    anchors += [f"&a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, levels)]
    return "[" + ", ".join(anchors) + "]"


def test_an_alias_bomb_is_refused_quickly(tmp_path):
    import time

    path = tmp_path / "bomb.yaml"
    path.write_text(f"game: loup-garou\nentries: {_bomb(9)}\n", encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(DataFileError) as info:
        read_yaml(path)
    assert time.monotonic() - started < 5
    message = info.value.message("en")
    assert "aliases" in message and len(message) < 400


def test_no_message_quotes_an_expanded_value(tmp_path):
    """Under the expansion limit, a wrong value built of aliases is quoted short."""
    folder = rules_folder(tmp_path, GOOD_EXTENSION.replace("power: true", f"power: {_bomb(5)}"))
    with pytest.raises(DataFileError) as info:
        load_rules(folder)
    for lang in LANGS:
        assert len(info.value.message(lang)) < 1000


def test_a_file_name_that_is_not_utf8_is_hashed_and_said_safely(tmp_path):
    import os

    from garou.core.files import fingerprint, user_files

    folder = tmp_path / "my-rules"
    folder.mkdir()
    bad = os.fsdecode(b"h\xffouse.yaml")
    (folder / bad).write_text(GOOD_EXTENSION.replace("camp: village", "camp: nowhere"), "utf-8")
    assert len(fingerprint(user_files(folder))) == 64
    with pytest.raises(DataFileError) as info:
        load_rules(folder)
    message = info.value.message("en")
    assert "h\\xffouse.yaml" in message
    message.encode("utf-8")  # printable: no lone surrogate left


def test_an_unreadable_rule_file_is_a_read_error(tmp_path, monkeypatch):
    """Not "cannot write the output": reading fails, and the message says which file."""
    import os

    from garou.core.errors import GarouError
    from garou.core.files import fingerprint

    path = tmp_path / "house.yaml"
    path.write_text(GOOD_EXTENSION, encoding="utf-8")
    real_open = os.open

    def refuse(name, *args, **kwargs):
        if str(name) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(GarouError) as info:
        fingerprint([path])
    assert not isinstance(info.value, OSError)
    assert str(path) in info.value.message("en")
    assert "cannot read this file" in info.value.message("en")
    assert "impossible de lire" in info.value.message("fr")


def _new_game(tmp_path: Path, edit=lambda text: text) -> DataFileError | None:
    """Write a new game 'wx' made from the Loup-Garou file, edited by ``edit``; load it."""
    text = (REPO / "garou" / "rules" / "data" / "loup-garou.yaml").read_text(encoding="utf-8")
    text = text.replace("game: loup-garou", "game: wx").replace("prefix: lg", "prefix: wx")
    text = re.sub(r"  aliases:\n    fr: \[loup-garou.*\n    en: \[werewolf.*\n", "", text)
    text = text.replace("document: loup-garou.txt", "document: wx.txt")
    folder = tmp_path / "wx-rules"
    folder.mkdir(exist_ok=True)
    (folder / "wx.yaml").write_text(edit(text), encoding="utf-8")
    try:
        load_rules(folder)
    except DataFileError as exc:
        return exc
    return None


def _bands(*rows: tuple[int, int, int]) -> str:
    lines = ["    bands:"]
    for low, high, count in rows:
        lines.append(
            f"      - {{min: {low}, max: {high}, count: {count}, gives: {{fr: x, en: x}}}}"
        )
    return "\n".join(lines) + "\n"


def _with_bands(text: str, bands: str) -> str:
    return re.sub(r"    bands:\n(      .*\n|        .*\n)+", bands, text, count=1)


@pytest.mark.parametrize(
    "rows, words",
    [((), "no rows"),
     (((4, 9, 1), (6, 12, 2)), "both cover"),
     (((4, 9, 1), (12, 10, 3)), "min is above its max"),
     (((4, 9, 1), (10, 14, 5)), "strictly fewer")],
)  # fmt: skip
def test_a_contradictory_player_count_table_is_refused(tmp_path, rows, words):
    error = _new_game(
        tmp_path, lambda t: _with_bands(t, _bands(*rows) if rows else "    bands: []\n")
    )
    assert error is not None, "the table was accepted"
    found = [p for p in error.problems if words in p.say("en")]
    assert found, error.message("en")
    assert all(p.file.endswith("wx.yaml") and p.line for p in found)
    assert all("setup.count_table.bands" in p.path for p in found)


def test_a_new_game_cannot_point_at_another_games_entries(tmp_path):
    """The wx copy still names lg-... entries: each reference is refused, located."""
    error = _new_game(tmp_path)
    assert error is not None
    others = [p for p in error.problems if "never mix" in p.say("en")]
    assert len(others) > 3
    assert all(p.file.endswith("wx.yaml") and p.line for p in others)


def test_an_entry_cannot_take_a_generated_role_entry_id(tmp_path):
    text = GOOD_EXTENSION.replace("id: lg-house-protector", "id: lg-role-chasseur")
    error = _load_with(tmp_path, text)
    (problem,) = [p for p in error.problems if "lg-role-chasseur" in p.say("en")]
    assert "house.yaml" in problem.file and problem.line == 12
    assert "generated entry of role chasseur" in problem.say("en")
    assert "loup-garou.yaml:" in problem.say("en")


def test_a_role_cannot_take_another_roles_name(tmp_path):
    text = GOOD_EXTENSION.replace(
        "name: {fr: Salvateur, en: Protector}",
        "name: {fr: Chasseur, en: Protector}\n    aliases: {fr: [voyante]}",
    )
    error = _load_with(tmp_path, text)
    (problem,) = error.problems
    assert "house.yaml" in problem.file and problem.line == 4
    assert "chasseur" in problem.say("en") and "voyante" in problem.say("en")


def test_a_role_defined_twice_is_reported_in_the_users_file(tmp_path):
    text = GOOD_EXTENSION.replace("id: salvateur", "id: voyante").replace(
        "related: [lg-role-salvateur]", "related: [lg-role-voyante]"
    )
    error = _load_with(tmp_path, text)
    (problem,) = error.problems
    assert "house.yaml" in problem.file and problem.line == 3
    assert "loup-garou.yaml:" in problem.say("en")


@pytest.mark.parametrize(
    "related, words",
    [("[lg-role-salvateur, lg-role-salvateur]", "listed twice"),
     ("[mf-composition]", "never mix")],
)  # fmt: skip
def test_related_ids_are_unique_and_of_the_same_game(tmp_path, related, words):
    error = _load_with(tmp_path, GOOD_EXTENSION.replace("[lg-role-salvateur]", related))
    (problem,) = error.problems
    assert words in problem.say("en") and "house.yaml" in problem.file and problem.line


def test_references_are_checked_even_when_another_record_is_broken(tmp_path):
    """Every problem at once: a broken text does not hide a bad section or a dangling id."""
    text = GOOD_EXTENSION + (
        "  - id: lg-house-two\n"
        "    section: nosuchsection\n"
        "    kind: rule\n"
        "    title: {fr: Deux, en: Two}\n"
        "    text: {fr: Deux.}\n"
        "    related: [lg-house-protector]\n"
        "  - id: lg-house-three\n"
        "    section: nosuchsection\n"
        "    kind: rule\n"
        "    title: {fr: Trois, en: Three}\n"
        "    text: {fr: Trois., en: Three.}\n"
        "    related: [lg-nothing, lg-house-two]\n"
    )
    error = _load_with(tmp_path, text)
    said = error.message("en")
    assert "missing the English text" in said
    assert "unknown section 'nosuchsection'" in said
    assert "'lg-nothing' is not an entry id" in said
    assert "'lg-house-two' is not" not in said


def _cached_books(cache: Path) -> list[Path]:
    return sorted((cache / "garou").glob("rules-*.pickle"))


def test_the_rules_are_loaded_from_a_cache_that_follows_the_files(tmp_path, monkeypatch):
    (tmp_path / "cache").mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("GAROU_RULES_CACHE", raising=False)
    folder = rules_folder(tmp_path, GOOD_EXTENSION)
    first = load_rules(folder)
    (stored,) = _cached_books(tmp_path / "cache")
    again = load_rules(folder)
    assert again == first and again is not first
    assert again.entry("lg-house-protector").title.en == "Protection"
    # A changed rule file is a new key: its new text is read, never the stale book.
    (folder / "house.yaml").write_text(
        GOOD_EXTENSION.replace("{fr: Protection, en: Protection}", "{fr: Garde, en: Guard}"),
        encoding="utf-8",
    )
    assert load_rules(folder).entry("lg-house-protector").title.en == "Guard"
    assert len(_cached_books(tmp_path / "cache")) == 2
    # A broken file is still reported, cache or not.
    (folder / "house.yaml").write_text(GOOD_EXTENSION.replace("camp: village", "camp: x"), "utf-8")
    with pytest.raises(DataFileError):
        load_rules(folder)
    assert stored.exists()


@pytest.mark.parametrize("damage", [b"", b"garou-rules\nnot the key\n", "flip"])
def test_a_damaged_rules_cache_is_rebuilt(tmp_path, monkeypatch, damage):
    (tmp_path / "cache").mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("GAROU_RULES_CACHE", raising=False)
    expected = load_rules(cache=False)
    load_rules()
    (stored,) = _cached_books(tmp_path / "cache")
    raw = stored.read_bytes()
    stored.write_bytes(
        raw[:-10] + bytes(b ^ 0xFF for b in raw[-10:]) if damage == "flip" else damage
    )
    assert load_rules() == expected
    assert stored.read_bytes() == raw  # written again, whole


def test_an_unwritable_cache_folder_only_means_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.delenv("GAROU_RULES_CACHE", raising=False)
    assert set(load_rules().games) == {"loup-garou", "mafia"}
    assert blocker.read_text(encoding="utf-8").startswith("a file")


def test_the_cache_folder_is_made_private_where_the_user_has_none(tmp_path, monkeypatch):
    """The user's cache folder is made when missing, mode 0700 (the XDG rule: issue 25)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "nowhere"))
    monkeypatch.delenv("GAROU_RULES_CACHE", raising=False)
    assert set(load_rules().games) == {"loup-garou", "mafia"}
    assert (tmp_path / "nowhere").stat().st_mode & 0o777 == 0o700


def test_type_hints_are_computed_once_per_record_class():
    from garou.rules import schema
    from garou.rules.model import Entry

    schema.type_hints.cache_clear()
    load_rules(cache=False)
    info = schema.type_hints.cache_info()
    assert info.misses < 40 and info.hits > 200
    assert schema.type_hints(Entry) is schema.type_hints(Entry)


def _errors_of_the_rules(tmp_path: Path) -> list[Exception]:
    """One error of each kind the rules capability raises, caught."""
    from garou.rules.distribution import (
        make_distribution,
        parse_players,
        parse_roles,
        read_setup,
        suggest_distribution,
    )

    book = load_rules()
    lg, mf = book.game("loup-garou"), book.game("mafia")
    setup = tmp_path / "setup.yaml"
    setup.write_text("game: loup-garou\nroles: {voyante: x, Voyante: 1}\ncolour: 1\n", "utf-8")
    bad_rules = tmp_path / "bad-rules"
    bad_rules.mkdir()
    (bad_rules / "h.yaml").write_text(
        GOOD_EXTENSION.replace("camp: village", "camp: nowhere")
        .replace("{fr: Protection, en: Protection}", "{fr: Protection}")
        .replace("[lg-role-salvateur]", "[mf-composition, lg-nothing]"),
        encoding="utf-8",
    )
    calls = [
        lambda: load_rules(bad_rules),
        lambda: load_rules(tmp_path / "nowhere"),
        lambda: read_setup(setup, book),
        lambda: read_yaml("/dev/zero"),
        lambda: parse_roles("loup-garou=x"),
        lambda: parse_roles("=2"),
        lambda: parse_players("lots"),
        lambda: make_distribution(lg, [("voyante", 1), ("seer", 1)]),
        lambda: suggest_distribution(mf, 8),
        lambda: suggest_distribution(lg, 30),
        lambda: suggest_distribution(lg, 5, [("voyante", 1), ("sorciere", 1), ("chasseur", 1)]),
        lambda: resolve_role(lg, "sorcerer"),
        lambda: resolve_role(lg, "capitaine"),
        lambda: book.entry("lg-vote-tx"),
        lambda: book.game("chess"),
        lambda: resolve_language("klingon"),
    ]
    caught = []
    for call in calls:
        with pytest.raises(rules.GarouError) as info:
            call()
        caught.append(info.value)
    return caught


_ENGLISH = re.compile(r"\b(the|is|not|give|with|of|cards?|missing|unknown)\b")


_FRENCH = re.compile(r"\b(le|la|les|est|pas|donnez|avec|cartes?|joueurs?|inconnue?)\b")


def test_every_error_of_the_rules_is_said_in_the_asked_language(tmp_path):
    for error in _errors_of_the_rules(tmp_path):
        if isinstance(error, DataFileError):
            assert all(not isinstance(p.message, str) for p in error.problems), error
        else:
            assert error.phrase is not None, f"a literal sentence: {error}"
        fr, en = error.message("fr"), error.message("en")
        fr_words = re.sub(r"'[^']*'|«[^»]*»|\([^)]*\.yaml[^)]*\)|\S*/\S*", "", fr)
        assert not _ENGLISH.search(fr_words), fr
        assert _FRENCH.search(fr), fr
        assert not _FRENCH.search(re.sub(r"'[^']*'|\S*/\S*", "", en)), en


def test_a_source_is_labelled_in_the_asked_language(book):
    addition = next(e for e in book.entries() if e.source.addition)
    assert "ajout de garou" in addition.source.label("fr")
    assert "garou addition" not in addition.source.label("fr")
    assert "garou addition" in addition.source.label("en")


@pytest.mark.parametrize(
    "game, path",
    [("mafia", "day.vote.tie.without_captain"),  # the revote between the tied players only
     ("mafia", "night.regular_from"),  # no Don or Sheriff check on the first night
     ("mafia", "night.every[0].roles"),  # the Don shoots
     ("mafia", "day.vote.lift_passes"),  # the lift: otherwise all stay
     ("loup-garou", "role:chasseur.power"),  # the hunter is a power role
     ("loup-garou", "setup.minority_fewer"),  # "villageois": every non-wolf
     ("loup-garou", "win.conditions[1].when"),  # parity: at least as many
     ("mafia", "win.conditions[1].when"),
     ("mafia", "night.every[1]"),  # the Don before the Sheriff
     ("loup-garou", "role:voyante.night_action"),  # the seer looks every night
     ("mafia", "scoring.systems[1].win_points"),  # Max Mafia values as win values
     ("mafia", "day.vote.abstention"),  # "the last candidate named": of the nominations
     ("mafia", "day.farewell"),  # the lift is a vote; no farewell when disqualified
     ("loup-garou", "day.vote.tie.with_captain")],  # the captain picks among the tied
)  # fmt: skip
def test_what_the_documents_leave_unsaid_is_marked_as_garous_reading(book, game, path):
    reading = book.game(game).reading_of(path)
    assert reading is not None, f"{path} is stated as the document's"
    holder = next(e for e in book.game(game).entries if reading in e.readings)
    for lang, mark in (("fr", "Lecture de garou"), ("en", "garou's reading")):
        label = holder.source.label(lang)
        # the reading's first word may be lowered mid-sentence (« Lecture de garou : le… »)
        said = reading.text.get(lang)
        assert mark in label and (said in label or said[0].lower() + said[1:] in label)


def test_the_documents_own_rules_carry_no_reading(book):
    assert book.game("loup-garou").reading_of("setup.count_table") is None
    assert book.game("mafia").reading_of("fouls.foul.limit") is None


def test_a_reading_must_name_a_structured_value_of_its_game(tmp_path):
    text = GOOD_EXTENSION.replace(
        "    related: [lg-role-salvateur]",
        "    related: [lg-role-salvateur]\n"
        "    readings:\n"
        '      - fields: ["day.vote.nothing"]\n'
        "        text: {fr: Lecture., en: Reading.}",
    )
    error = _load_with(tmp_path, text)
    (problem,) = error.problems
    assert "day.vote.nothing" in problem.say("en") and "house.yaml" in problem.file


@pytest.mark.parametrize(
    "text, words",
    [("a: !!python/object/apply:os.system [ls]\n", "the YAML tag"),
     ("a: !custom x\n", "the YAML tag"),
     ("? [a]\n: 1\n", "a key must be a plain value"),
     ("a: !!timestamp 2024-02-30\n", "write it as a text in quotes")],
)  # fmt: skip
def test_yaml_garou_does_not_read_gets_its_own_advice(tmp_path, text, words):
    """Not "check the indentation": the advice fits the problem, in both languages."""
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        read_yaml(path)
    assert words in info.value.message("en") and "indentation" not in info.value.message("en")
    assert "indentation" not in info.value.message("fr")


def test_any_user_file_reads_into_a_typed_record_with_located_problems(tmp_path):
    """read_record: the one reader of user files, the records' type hints as schema."""
    from dataclasses import dataclass

    from garou.rules import read_record

    @dataclass(frozen=True)
    class Seat:
        name: str
        seat: int
        notes: tuple[str, ...] = ()

    path = tmp_path / "seat.yaml"
    path.write_text("name: Ana\nseat: 3\n", encoding="utf-8")
    record, _data = read_record(path, Seat)
    assert record == Seat("Ana", 3)
    path.write_text("name:\nseat: three\ncolour: red\nnotes: [ok, {a: 7}]\n", encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        read_record(path, Seat)
    where = {(p.line, p.path) for p in info.value.problems}
    assert where == {(1, "name"), (2, "seat"), (3, "colour"), (4, "notes[1]")}


def test_a_text_with_terminal_escapes_is_refused(tmp_path):
    """A title that would repaint the terminal never reaches it, and is shown escaped."""
    text = GOOD_EXTENSION.replace("{fr: Protection, en: Protection}", '{fr: "\\e[31mRouge", en: X}')
    error = _load_with(tmp_path, text)
    (problem,) = error.problems
    said = problem.say("en")
    assert "control characters" in said and "\x1b" not in said and "\\x1b" in said


def test_the_label_without_a_language_is_the_old_english_one(book):
    """Callers that do not pass the language yet get no English reading in a French panel."""
    source = book.entry("mf-lift").source
    assert source.label() == "mafia.txt, Concepts clés > Lever (Lift)"
    assert "garou's reading" in source.label("en")


RETYPED = ["No", "no", "~", "null", "010", "1e3", "yes", "on", "2024-01-01", "12", "true", "0x1F"]
"""Plain scalars YAML 1.1 would turn into false, None, 8, a date, a number, true..."""


def _seat_record():
    from dataclasses import dataclass, field

    @dataclass(frozen=True)
    class Seat:
        name: str
        seat: int
        present: bool = True
        weight: float | None = None
        nick: str | None = None
        notes: tuple[str, ...] = ()
        tags: dict[str, str] = field(default_factory=dict)

    return Seat


@pytest.mark.parametrize("word", RETYPED)
def test_a_text_field_keeps_the_scalar_as_written(tmp_path, word):
    from garou.rules import read_record

    Seat = _seat_record()
    path = tmp_path / "seat.yaml"
    path.write_text(
        f"name: {word}\nseat: 1\nnick: {word}x\nnotes: [{word}]\ntags: {{{word}: {word}}}\n",
        encoding="utf-8",
    )
    record, _data = read_record(path, Seat)
    assert record.name == word and type(record.name) is str
    assert record.nick == f"{word}x" and record.notes == (word,) and record.tags == {word: word}


@pytest.mark.parametrize(
    "field, written, read",
    [
        ("seat", "010", 10),  # never YAML 1.1's octal eight
        ("seat", "+3", 3),
        ("seat", "1_000", 1000),
        ("present", "No", False),
        ("present", "yes", True),
        ("present", "off", False),
        ("present", "TRUE", True),
        ("weight", "1e3", 1000.0),
        ("weight", "2", 2.0),
        ("weight", "0.25", 0.25),
        ("weight", "~", None),
        ("weight", "null", None),
        ("weight", "", None),
        ("nick", "~", None),
        ("nick", "'~'", "~"),
        ("nick", '"null"', "null"),
        ("seat", "!!int 4", 4),
        ("nick", "!!str No", "No"),
    ],
)
def test_a_typed_field_reads_the_scalar_as_its_type(tmp_path, field, written, read):
    from garou.rules import read_record

    Seat = _seat_record()
    path = tmp_path / "seat.yaml"
    lines = {"name": "Ana", "seat": "1", field: written}
    path.write_text("".join(f"{k}: {v}\n" for k, v in lines.items()), encoding="utf-8")
    record, _data = read_record(path, Seat)
    assert getattr(record, field) == read and type(getattr(record, field)) is type(read)


@pytest.mark.parametrize(
    "field, written, en, fr",
    [
        ("seat", "'3'", "expected a whole number, got the quoted text '3'", "il faut un nombre"),
        ("seat", "0x1F", "expected a whole number, got '0x1F'", "il faut un nombre entier"),
        ("seat", "3.5", "expected a whole number, got '3.5'", "pas '3.5'"),
        ("seat", "yes", "expected a whole number, got 'yes'", "il faut un nombre entier"),
        ("present", "'yes'", "vrai/faux), got the quoted text 'yes'", "entre guillemets"),
        ("present", "maybe", "expected yes or no (true/false, yes/no", "il faut oui ou non"),
        ("present", "1", "vrai/faux), got '1'", "il faut oui ou non"),
        ("present", "si", "vrai/faux), got 'si'", "il faut oui ou non"),
        ("weight", ".inf", "expected a number, got '.inf'", "il faut un nombre"),
        ("weight", "abc", "expected a number, got 'abc'", "il faut un nombre"),
        ("name", "", "expected a non-empty text, got an empty value", "une valeur vide"),
        ("name", "[a, b]", "expected a non-empty text", "il faut un texte non vide"),
        ("notes", "text", "expected a list", "il faut une liste"),
        ("tags", "[a]", "expected a mapping", "il faut une table"),
    ],
)
def test_a_wrong_type_is_said_with_file_line_and_key_in_both_languages(
    tmp_path, field, written, en, fr
):
    from garou.rules import read_record

    Seat = _seat_record()
    path = tmp_path / "seat.yaml"
    lines = {"name": "Ana", "seat": "1", field: written}
    path.write_text("".join(f"{k}: {v}\n" for k, v in lines.items()), encoding="utf-8")
    line = list(lines).index(field) + 1
    with pytest.raises(DataFileError) as caught:
        read_record(path, Seat)
    (problem,) = caught.value.problems
    assert (problem.line, problem.path) == (line, field)
    assert problem.say("en").startswith(f"{path}:{line} ({field}): ") and en in problem.say("en")
    assert fr in problem.say("fr") and "expected" not in problem.say("fr")


@pytest.mark.parametrize(
    "text, line, path, en, fr",
    [
        ("name: Ana\nseat: 1\nsaet: 2\n", 3, "saet", "unknown key 'saet'", "clé inconnue 'saet'"),
        ("name: Ana\n", 1, "seat", "missing required key 'seat'", "il manque la clé obligatoire"),
        ("name: Ana\nseat: 1\nname: Bob\n", 3, "name", "duplicate key 'name'", "en double"),
        ("name: Ana\nseat: 1\ntags:\n  a: x\n  a: y\n", 5, "tags.a", "duplicate key", "double"),
        ("seat: [1\n", 2, "", "not valid YAML", "YAML"),
    ],
)
def test_a_key_problem_is_said_with_file_line_and_key_in_both_languages(
    tmp_path, text, line, path, en, fr
):
    from garou.rules import read_record

    file = tmp_path / "seat.yaml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        read_record(file, _seat_record())
    (problem,) = caught.value.problems
    assert (problem.line, problem.path) == (line, path)
    assert en in problem.say("en") and fr in problem.say("fr")
    assert en not in problem.say("fr")


def test_the_source_reader_keeps_every_guard_of_the_yaml_reader(tmp_path):
    """Aliases are expanded (and bounded), merges work, a tag garou does not know is refused."""
    from garou.core.reader import parse_yaml, untyped

    data = parse_yaml("a: &x {n: 1}\nb:\n  <<: *x\n  m: No\n", "x", source=True)
    assert untyped(data) == {"a": {"n": 1}, "b": {"n": 1, "m": "No"}}
    with pytest.raises(DataFileError, match="tag"):
        parse_yaml("a: !!python/name:os.system x\n", "x", source=True)
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n"
        for p, c in zip("abcdefg", "bcdefgh", strict=True)
    )
    with pytest.raises(DataFileError, match="aliases"):
        parse_yaml(bomb, "x", source=True)


def test_an_untyped_value_types_only_the_unambiguous_scalars():
    from garou.core.reader import parse_yaml, untyped

    text = "[No, yes, ~, null, '', 010, 1e3, 2024-01-01, true, False, 12, -3, 0.5, '12', 1.]"
    assert untyped(parse_yaml(text, "x", source=True)) == [
        "No", "yes", None, None, "", "010", "1e3", "2024-01-01", True, False, 12, -3, 0.5,
        "12", "1.",
    ]  # fmt: skip


def test_a_duplicate_key_is_located_by_its_whole_key_path():
    from garou.core.reader import parse_yaml

    for source in (False, True):
        with pytest.raises(DataFileError) as caught:
            parse_yaml("a:\n  - x: 1\n  - y: 1\n    b: {c: 1, c: 2}\n", "f", source=source)
        (problem,) = caught.value.problems
        assert (problem.line, problem.path) == (4, "a[1].b.c")


@pytest.mark.parametrize("word", ["No", "yes", "~", "010", "1e3", "2024-01-01"])
def test_a_users_rule_file_keeps_its_texts_as_written(tmp_path, word):
    """A user's rule folder is read like every user file: the field decides the type."""
    text = GOOD_EXTENSION.replace("title: {fr: Protection, en: Protection}",
                                  f"title: {{fr: {word}, en: {word}}}")  # fmt: skip
    folder = rules_folder(tmp_path, text.replace("power: true", "power: yes"))
    book = load_rules(folder, cache=False)
    entry = book.entry("lg-house-protector")
    assert entry.title.fr == entry.title.en == word
    role = next(r for r in book.game("loup-garou").roles if r.id == "salvateur")
    assert role.power is True


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20))
def test_any_text_garou_writes_reads_back_as_the_same_text(text):
    """garou writes its files with PyYAML's dumper (records, agreements, setups): whatever
    the text, the one reader gives back that exact text, whichever field it fills."""
    import yaml

    from garou.core.reader import parse_yaml, untyped

    written = yaml.safe_dump({"name": text, "list": [text], text: 1}, allow_unicode=True)
    read = parse_yaml(written, "x", source=True)
    assert str(read["name"]) == text and str(read["list"][0]) == text
    assert untyped(read)[text] == 1


DOCUMENT_DEFAULTS = [
    # entry, the default option, the document's own words for it
    ("lg-setting-debate", "advised", "Cinq minutes suffisent au premier jour, trois ensuite"),
    ("lg-setting-captain", "with-captain", "Le village l’élit au premier jour"),
    ("mf-setting-speech", "normal", "Chaque prise de parole dure 60 secondes (25 en mode turbo)"),
    ("mf-setting-scoring", "max-mafia", "Les cartes ci-dessous privilégient Max Mafia Scoring"),
]


@pytest.mark.parametrize("entry_id, option, words", DOCUMENT_DEFAULTS)
def test_a_default_the_document_states_is_not_marked_as_garous_proposal(entry_id, option, words):
    from garou.rules import load_rules

    entry = load_rules().entry(entry_id)
    document = _document(entry.source.document)
    assert words in document
    assert entry.default is not None and entry.default.option == option
    assert not entry.default.addition


def test_the_best_move_limit_is_the_datas_and_marked_as_garous_reading():
    from garou.rules import load_rules

    game = load_rules().game("mafia")
    most = game.deaths.best_move_most
    assert most is not None
    reading = game.reading_of("deaths.best_move_most")
    assert reading is not None  # garou's, shown as such wherever mf-farewell is
    assert str(most) in reading.text.fr and str(most) in reading.text.en
    farewell = _document("mafia.txt").split("Discours d’adieu", 1)[1][:400]
    assert "meilleur coup" in farewell and str(most) + " joueurs" not in farewell
