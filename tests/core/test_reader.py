"""One reader for every user file: the same types, the same yes/no words, the same problems.

Each file kind (table state, agreement, setup, game record, rule folder) is read by the
schema converter (``rules.schema``); a bad value of each class (wrong type, unknown key,
a value outside its set, a duplicate key, an empty file) is said as ``file:line (key
path): what; how to fix it``, in both languages, all the problems of a file at once.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

from garou import rules
from garou.core.reader import FALSE_WORDS, MAX_INT, TRUE_WORDS, Scalar, as_float, as_int, read_json
from garou.game.record import read_game_record
from garou.houserules import load_agreement
from garou.rules import DataFileError, play
from garou.rules.distribution import read_setup
from tests.conftest import REPO
from tests.helpers import TYPOS, _names

DATA = REPO / "tests" / "data"


BOOK = rules.load_rules()


STATE = """\
game: loup-garou
players:
  Ana: {role: chasseur, alive: true}
  Bob: loup-garou
  Cid: villageois
  Dee: villageois
captain: Cid
"""


KINDS = {
    "state": (STATE, lambda path: play.read_situation(BOOK, path)),
    "agreement": (
        (DATA / "agreements" / "good-loup-garou.yaml").read_text(encoding="utf-8"),
        lambda path: load_agreement(path, BOOK),
    ),
    "setup": (
        (DATA / "setups" / "first-game.yaml").read_text(encoding="utf-8"),
        lambda path: read_setup(path, BOOK),
    ),
    "record": (
        (DATA / "games" / "parity.yaml").read_text(encoding="utf-8"),
        read_game_record,
    ),
}


def _problems(tmp_path, kind: str, text: str) -> list:
    path = tmp_path / f"{kind}.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        KINDS[kind][1](path)
    return caught.value.problems


def _said(problem, lang: str) -> str:
    """The problem in ``lang``, its non-breaking spaces (French typography) as spaces."""
    return re.sub("[\u00a0\u202f]", " ", problem.say(lang))


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_good_file_reads(tmp_path, kind):
    path = tmp_path / f"{kind}.yaml"
    path.write_text(KINDS[kind][0], encoding="utf-8")
    assert KINDS[kind][1](path) is not None


# (kind, the line changed, what it becomes, the key path, English words, French words)
BAD_VALUES = [
    # a value of the wrong type
    ("state", "Ana: {role: chasseur, alive: true}", "Ana: {role: chasseur, alive: maybe}",
     "players.Ana.alive", "expected yes or no", "il faut oui ou non"),
    ("state", "captain: Cid", "captain: [Cid, Dee]", "captain", "non-empty text", "texte"),
    ("state", "  Bob: loup-garou", "  Bob: [loup-garou]", "players.Bob",
     "expected a text or a mapping (key: value), got", "il faut un texte ou une table clé"),
    ("agreement", "  players: 8", "  players: huit", "setup.players", "whole number",
     "nombre entier"),
    ("agreement", "table: Les Loups du jeudi", "table: {a: b}", "table", "non-empty text",
     "texte non vide"),
    ("setup", "players: 8", "players: huit", "players", "whole number", "nombre entier"),
    ("record", "  players: [Alice,", "  players: Alice", "setup.players", "expected a list",
     "il faut une liste"),
    # an unknown key, the nearest one suggested
    ("state", "captain: Cid", "captian: Cid", "captian", "did you mean 'captain'",
     "vouliez-vous dire « captain »"),
    ("state", "Ana: {role: chasseur, alive: true}", "Ana: {role: chasseur, alvie: true}",
     "players.Ana.alvie", "did you mean 'alive'", "vouliez-vous dire « alive »"),
    ("agreement", "table: Les Loups du jeudi", "tabel: Les Loups du jeudi", "tabel",
     "did you mean 'table'", "vouliez-vous dire « table »"),
    ("agreement", "  players: 8", "  player: 8", "setup.player", "did you mean 'players'",
     "vouliez-vous dire « players »"),
    ("setup", "players: 8", "player: 8", "player", "did you mean 'players'",
     "vouliez-vous dire « players »"),
    ("record", "agreement:", "agrement:", "agrement", "did you mean 'agreement'",
     "vouliez-vous dire « agreement »"),
    # a value outside its set (an enumeration, or the game's own names)
    ("state", "captain: Cid", "round: fourth", "round", "'fourth' is not allowed",
     "n'est pas accepté"),
    ("state", "captain: Cid", "witch: {life: drunk}", "witch.life", "'drunk' is not allowed",
     "unused, tonight, used"),
    ("state", "  Bob: loup-garou", "  Bob: vampire", "players.Bob", "unknown role", "vampire"),
    ("agreement", "  lg-setting-debate: advised", "  lg-setting-debate: sometimes",
     "decisions.lg-setting-debate", "unknown option 'sometimes'", "option inconnue"),
    ("setup", "game: loup-garou", "game: poker", "game", "unknown game 'poker'",
     "jeu inconnu"),
    # a number below its least value
    ("state", "Ana: {role: chasseur, alive: true}", "Ana: {role: chasseur, fouls: -1}",
     "players.Ana.fouls", "must be 0 or more", "0 ou plus"),
    ("agreement", "  players: 8", "  players: 0", "setup.players", "must be 1 or more",
     "1 ou plus"),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "old", "new", "path", "en", "fr"), BAD_VALUES)
def test_a_bad_value_is_said_with_file_line_and_key_path_in_both_languages(
    tmp_path, kind, old, new, path, en, fr
):
    good = KINDS[kind][0]
    assert old in good
    text = good.replace(old, new, 1)
    problems = _problems(tmp_path, kind, text)
    said = [p for p in problems if p.path == path]
    assert said, [str(p) for p in problems]
    (problem,) = said
    assert problem.file.endswith(f"{kind}.yaml") and problem.line == _line(text, new.strip())
    english, french = _said(problem, "en"), _said(problem, "fr")
    assert en in english, english
    assert fr in french, french
    assert f"{kind}.yaml:{problem.line} ({path}): " in english


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_duplicate_key_is_said_with_both_lines(tmp_path, kind):
    good = KINDS[kind][0]
    first = _line(good, "game:")
    text = good + good.splitlines()[first - 1] + "\n"
    (problem,) = _problems(tmp_path, kind, text)
    assert problem.line == len(text.splitlines()) and problem.path == "game"
    assert f"line {first}" in problem.say("en") and f"ligne {first}" in problem.say("fr")
    assert "duplicate key" in problem.say("en") and "en double" in problem.say("fr")


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("text", ["", "# nothing yet\n", "- a list\n"])
def test_an_empty_file_or_one_that_is_no_mapping_says_what_the_file_is(tmp_path, kind, text):
    (problem,) = _problems(tmp_path, kind, text)
    assert problem.file.endswith(f"{kind}.yaml") and problem.line == 1
    english, french = problem.say("en"), problem.say("fr")
    assert re.search(r"\bmapping\b", english), english
    assert re.search(r"dictionnaire|tableau|table clé", french), french


@pytest.mark.parametrize("kind", ["state", "agreement"])
def test_every_problem_of_a_file_is_reported_together(tmp_path, kind):
    good = KINDS[kind][0]
    changes = {
        "state": [("captain: Cid", "captian: Cid\nround: fourth"),
                  ("alive: true", "alive: maybe"), ("  Bob: loup-garou", "  Bob: vampire")],
        "agreement": [("table: Les", "tabel: Les"), ("  players: 8", "  players: huit"),
                      ("lg-setting-debate: advised", "lg-setting-debate: sometimes")],
    }[kind]  # fmt: skip
    text = good
    for old, new in changes:
        text = text.replace(old, new, 1)
    problems = _problems(tmp_path, kind, text)
    assert len(problems) >= len(changes), [str(p) for p in problems]
    assert [p.line for p in problems] == sorted(p.line for p in problems)


YES = ["true", "yes", "on", "oui", "vrai", "Oui", "TRUE", "Vrai"]


NO = ["false", "no", "off", "non", "faux", "Non", "NO", "Faux"]


def test_the_yes_no_words_are_one_list():
    assert {w.lower() for w in YES} == TRUE_WORDS and {w.lower() for w in NO} == FALSE_WORDS


@pytest.mark.parametrize(("word", "meaning"), [(w, True) for w in YES] + [(w, False) for w in NO])
def test_a_yes_no_word_means_the_same_in_every_file_kind(tmp_path, word, meaning):
    state = tmp_path / "state.yaml"
    state.write_text(STATE.replace("alive: true", f"alive: {word}"), encoding="utf-8")
    situation = play.read_situation(BOOK, state)
    assert situation.state.player("Ana").alive is meaning

    record = tmp_path / "record.yaml"
    text = (DATA / "games" / "mafia-town-wins.yaml").read_text(encoding="utf-8")
    record.write_text(text.replace("  deal: {}", f"  deal: {{}}\n  turbo: {word}"), "utf-8")
    assert read_game_record(record).record.setup.turbo is meaning

    folder = tmp_path / "my-rules"
    folder.mkdir()
    (folder / "house.yaml").write_text(
        textwrap.dedent(f"""\
            game: loup-garou
            roles:
              - id: salvateur
                name: {{fr: Salvateur, en: Protector}}
                camp: village
                power: {word}
                section: additions
                addition: true
                summary: {{fr: Protège un joueur., en: Protects a player.}}
            """),
        encoding="utf-8",
    )
    book = rules.load_rules(folder, cache=False)
    assert book.game("loup-garou").role("salvateur").power is meaning


@pytest.mark.parametrize("word", ['"yes"', "'oui'", "maybe", "1", "si", "ja"])
def test_anything_else_is_no_yes_no_in_any_file_kind(tmp_path, word):
    state = _problems(tmp_path, "state", STATE.replace("alive: true", f"alive: {word}"))
    assert [p.path for p in state] == ["players.Ana.alive"]
    assert "oui/non" in state[0].say("fr") and "yes/no" in state[0].say("en")
    text = (DATA / "games" / "mafia-town-wins.yaml").read_text(encoding="utf-8")
    text = text.replace("  deal: {}", f"  deal: {{}}\n  turbo: {word}")
    record = _problems(tmp_path, "record", text)
    assert [p.path for p in record] == ["setup.turbo"]
    assert record[0].line == _line(text, "turbo:")


COMMANDS = {
    "state": [["win", "--state"], ["vote", "--state"], ["cascade", "--state"],
              ["fouls", "--state"]],
    "agreement": [["house", "show"], ["print", "agreement"], ["house", "pick", "--defaults",
                  "-o", "out.yaml", "--from"]],
    "setup": [["check"]],
    "record": [["game", "import"]],
}  # fmt: skip


def _bad_files():
    for kind, old, new, path, _en, _fr in BAD_VALUES:
        for command in COMMANDS[kind]:
            yield pytest.param(kind, old, new, command, id=f"{' '.join(command[:2])}-{path}")
    for kind, commands in COMMANDS.items():
        for command in commands:
            yield pytest.param(kind, "", "", command, id=f"{' '.join(command[:2])}-empty")


@pytest.mark.parametrize(("kind", "old", "new", "command"), list(_bad_files()))
def test_a_file_problem_of_every_command_reading_it_is_said_in_one_language(
    garou, tmp_path, monkeypatch, kind, old, new, command
):
    from tests.helpers import foreign_words

    monkeypatch.chdir(tmp_path)
    text = KINDS[kind][0].replace(old, new, 1) if old else ""
    path = tmp_path / f"{kind}.yaml"
    path.write_text(text, encoding="utf-8")
    extra = ["--db", str(tmp_path / "g.sqlite")] if command[0] == "game" else []
    for lang in ("fr", "en"):
        run = garou(*command, str(path), *extra, "--lang", lang)
        assert run.exit_code == 1, (lang, run.stdout, run.stderr)
        assert f"{kind}.yaml:" in run.stderr and "Traceback" not in run.stderr
        said = run.stderr.replace(str(tmp_path), "")  # the folder is named after the test
        assert foreign_words(said, lang) == set(), run.stderr
        if command[0] in ("print",) or command[:2] == ["house", "pick"]:
            continue  # no --json
        data = garou(*command, str(path), *extra, "--json", "--lang", lang).json()["error"]
        messages = [data["message"], *(w["message"] for w in data.get("where") or [])]
        said = " ".join(messages).replace(str(tmp_path), "")
        assert foreign_words(said, lang) == set(), messages


ROOT = REPO / "garou"


LIBRARIES = ("core", "rules", "lookup", "houserules", "printables", "game", "web")


def _sources(*folders: str) -> dict[Path, str]:
    return {
        path: path.read_text(encoding="utf-8")
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*.py"))
    }


def test_each_thing_has_one_name_in_the_code():
    code = _sources(".")  # every module of the package, the command line too
    said = "\n".join(code.values())
    for retired in ("TableSetup", "SeatPlan", "def as_dict", ".as_dict(", "class SetupError"):
        assert retired not in said, retired
    for one in ("def parse_roles(", "def fold(", "class Distribution", "class UnsoundSetupError"):
        holders = [str(p.relative_to(ROOT)) for p, text in code.items() if one in text]
        assert len(holders) == 1, (one, holders)


def test_no_library_imports_the_command_line():
    for path, text in _sources(*LIBRARIES).items():
        assert not re.search(r"^\s*(import|from) (typer|click)\b", text, re.M), path
        assert not re.search(r"^\s*(import|from) garou\.(cli|commands)\b", text, re.M), path


def test_no_test_monkeypatches_the_command_line_code():
    for path, text in _sources("../tests").items():
        cli_names = set(re.findall(r"from garou\.cli\.commands import (\w+)", text))
        cli_names |= set(re.findall(r"from garou\.cli import (\w+)", text))
        for name in cli_names:
            assert not re.search(rf"monkeypatch\.setattr\(\s*{name}\s*,", text), (path, name)
        assert not re.search(r"monkeypatch\.setattr\(\s*[\"']garou\.cli\b", text), path


def test_the_state_reader_takes_values_not_flag_strings(book):
    """rules.play reads the table as values (names, roles, dead, lovers): no option text."""
    situation = play.make_situation(
        book, "loup-garou", {"Ana": "chasseur", "Bob": "loup-garou", "Cid": None},
        dead=["Cid"], lovers=("Ana", "Bob"), events={"round": "first"},
    )  # fmt: skip
    assert situation.state.player("Cid").alive is False and situation.state.lovers == (
        "Ana",
        "Bob",
    )
    with pytest.raises(play.StateError) as caught:
        play.make_situation(book, "loup-garou", {"Ana": "chasseur"}, events={"round": "4th"})
    assert "round" in caught.value.message("en") and "not allowed" in caught.value.message("en")
    code = _sources("rules/play")
    assert not any(re.search(r"[\"']--[a-z]", text) for text in code.values())


BROKEN_YAML = [
    ("a: b: c\n", 1),
    ("a:\n  - x\n  y: 1\n", 3),
    ("a: [1, 2\n", 2),
    ("a: {b: 1\n", 2),
    ("a: 'x\n", 2),
    ("a: *nope\n", 1),
    ("a:\n\t- x\n", 2),
    ('a: "\\q"\n', 1),
    ("a: &x 1\nb: &x 2\n", 2),
    ("a: @x\n", 1),
    ("key\nother: 1\n", 2),
    ("a: 1\nb\n", 3),
]


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(("text", "line"), BROKEN_YAML)
def test_a_yaml_syntax_error_is_said_in_one_language_with_its_line(tmp_path, kind, text, line):
    from tests.helpers import foreign_words

    (problem,) = _problems(tmp_path, kind, text)
    assert problem.line == line
    for lang in ("fr", "en"):
        said = problem.say(lang).replace(str(tmp_path), "")
        assert "YAML" in said and foreign_words(said, lang) == set(), said
    assert "not valid YAML" in problem.say("en") and "YAML valide" in problem.say("fr")


def test_a_role_the_engine_needs_is_asked_at_the_state_files_line(garou, tmp_path):
    """A state file leaving out a role the rules need is a problem of the file (exit 1,
    file:line, the fix written as the file writes it), not of the command line."""
    path = tmp_path / "state.yaml"
    path.write_text(
        "game: loup-garou\nplayers:\n  Alice: chasseur\n  Bob:\n  Carol: loup-garou\n"
        "  Dan: {alive: true}\ndeaths: {Alice: vote}\n",
        encoding="utf-8",
    )
    situation = play.read_situation(BOOK, path)
    for check in (
        lambda: play.resolve_cascade(situation.state, list(situation.deaths)),
        lambda: play.check_win(situation.state),
    ):
        with pytest.raises(DataFileError) as caught:
            check()
        assert [(p.line, p.path) for p in caught.value.problems] == [
            (4, "players.Bob"),
            (6, "players.Dan"),
        ]
        assert "'Bob: ROLE'" in caught.value.message("en")
        assert "« Bob: RÔLE »" in _said(caught.value.problems[0], "fr")
    for command in ("cascade", "win"):
        run = garou(command, "--state", str(path), "--lang", "en")
        assert run.exit_code == 1 and "state.yaml:4 (players.Bob)" in run.stderr, run.stderr
    given = play.make_situation(BOOK, "loup-garou", {"Alice": "chasseur", "Bob": None})
    with pytest.raises(play.StateError, match="NAME=ROLE"):
        play.check_win(given.state)


def test_an_agreed_setup_breaking_a_rule_is_said_in_the_users_language(tmp_path):
    from tests.helpers import foreign_words

    good = KINDS["agreement"][0]
    old = "  roles: {loup-garou: 2, voyante: 1, villageois: 5}"
    assert old in good
    text = good.replace(old, "  roles: {voyante: 1, villageois: 7}")
    problems = _problems(tmp_path, "agreement", text)
    assert problems and all(p.path == "setup.roles" for p in problems)
    assert {p.line for p in problems} == {_line(text, "  roles:")}
    for problem in problems:
        for lang in ("fr", "en"):
            said = problem.say(lang).replace(str(tmp_path), "")
            assert foreign_words(said, lang) == set(), said
        assert "garou show" in problem.say("fr")


@pytest.mark.parametrize(
    ("text", "line", "path", "near"),
    [
        ("game: loup-garou\nrols: []\n", 2, "rols", "roles"),
        ("game: loup-garou\nroles:\n  - id: x\n    nmae: {fr: X, en: X}\n", 4, "roles[0].nmae",
         "name"),
    ],
)  # fmt: skip
def test_a_rule_folders_unknown_key_suggests_the_nearest(tmp_path, text, line, path, near):
    folder = tmp_path / "my-rules"
    folder.mkdir()
    (folder / "house.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        rules.load_rules(folder, cache=False)
    found = [p for p in caught.value.problems if p.path == path]
    assert [p.line for p in found] == [line], [str(p) for p in caught.value.problems]
    assert f"did you mean '{near}'" in found[0].say("en")
    assert f"vouliez-vous dire « {near} »" in _said(found[0], "fr")


FILES = {
    "setup": ("check", "game: {game}\nplayers: 8\nroles: {{loup-garou: 2, villageois: 6}}\n"),
    "state": ("cascade", "players:\n  A: loup-garou\n  B: villageois\ngame: {game}\n"),
    "agreement": ("house show", "format: garou-agreement/1\ndecisions: {{}}\ngame: {game}\n"),
}
"""A file kind, the command that reads it, and a file whose ``game:`` is the typed one."""


def _file_command(kind: str, path: Path) -> list[str]:
    command, _ = FILES[kind]
    if kind == "state":
        return [command, "--state", str(path)]
    return [*command.split(), str(path)]


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("typed,near", TYPOS)
@pytest.mark.parametrize("kind", list(FILES))
def test_a_mistyped_game_in_a_file_is_refused_at_its_line(garou, tmp_path, kind, typed, near, lang):
    path = tmp_path / f"{kind}.yaml"
    text = FILES[kind][1].format(game=typed)
    path.write_text(text, encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("game:"))
    run = garou(*_file_command(kind, path), "--lang", lang, "--json")
    assert run.exit_code == 1, run.stdout
    error = json.loads(run.stdout)["error"]
    [where] = [w for w in error["where"] if w["path"] == "game"]
    assert where["line"] == line and where["file"] == str(path)
    _names(where["message"], typed, near, lang)


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("typed,near", TYPOS)
def test_an_agreement_of_the_environment_with_a_mistyped_game(garou, tmp_path, typed, near):
    path = tmp_path / "accord.yaml"
    path.write_text(f"format: garou-agreement/1\ngame: {typed}\ndecisions: {{}}\n", "utf-8")
    for command in (["search", "égalité"], ["win", "-g", "loup-garou", "-p", "A=loup-garou"]):
        run = garou(*command, "--lang", "en", env={"GAROU_AGREEMENT": str(path)})
        assert run.exit_code == 1, (command, run.stdout, run.stderr)
        assert f"{path}:2 (game)" in run.stderr
        _names(run.stderr, typed, near, "en")


@pytest.mark.parametrize("text", ["1e309", "-1e309", ".inf", "nan", "1" * 30, "1e19"])
def test_a_number_beyond_finite_or_bounded_is_no_number(text):
    assert as_float(Scalar(text)) is None


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 10**400, -(2**64)])
def test_a_typed_value_beyond_finite_or_bounded_is_no_number(value):
    assert as_float(value) is None


def test_a_whole_number_beyond_sqlite_integers_is_none_even_with_five_thousand_digits():
    assert as_int(Scalar("9" * 5000)) is None
    assert as_int(Scalar(str(MAX_INT))) == MAX_INT
    assert as_int(Scalar(str(MAX_INT + 1))) is None
    assert as_int(Scalar("0" * 40 + "12")) == 12


@pytest.mark.parametrize(
    "text",
    ['{"at": NaN}', '{"at": Infinity}', '{"at": 1e309}', '{"n": ' + "9" * 30 + "}",
     "[" * 5000 + "]" * 5000, '{"a":' * 40 + "1" + "}" * 40, "not json"],
)  # fmt: skip
def test_a_json_field_that_is_not_finite_bounded_and_shallow_reads_as_none(text):
    assert read_json(text) is None


def test_a_json_field_of_an_event_reads_as_it_was_written():
    assert read_json('{"votes": {"Ana": "Bob"}, "at": 1.5, "n": 3}') == {
        "votes": {"Ana": "Bob"},
        "at": 1.5,
        "n": 3,
    }


@pytest.mark.parametrize(
    "text, line",
    [
        ("a: " + "[" * 100 + "]" * 100 + "\n", 1),  # under libyaml's limit, past garou's
        ("a: " + "[" * 2000 + "]" * 2000 + "\n", 1),  # past libyaml's own limit
        ("game: x\nroles:\n" + "".join("  " * i + "-\n" for i in range(1, 80)), 66),
        # aliases stacking levels: each list holds the one before twice
        (
            "x0: &x0 [1]\n"
            + "".join(f"x{i}: &x{i} [*x{i - 1}, *x{i - 1}]\n" for i in range(1, 70)),
            63,
        ),  # fmt: skip
    ],
)
def test_values_nested_too_deeply_are_said_as_such_at_their_line(tmp_path, text, line):
    from garou.core.reader import MAX_DEPTH, read_document, read_yaml

    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    for read in (read_document, read_yaml):
        with pytest.raises(DataFileError) as caught:
            read(path)
        problem = caught.value.problems[0]
        assert problem.line == line, str(caught.value)
        said = str(caught.value)
        assert "nested too deeply" in said and str(MAX_DEPTH) in said and "syntax" not in said


def test_a_file_nested_to_the_bound_is_read():
    from garou.core.reader import MAX_DEPTH, parse_yaml

    def nested(levels: int) -> str:  # the mapping holding "a" is the first level
        return "a: " + "[" * (levels - 1) + "]" * (levels - 1) + "\n"

    assert parse_yaml(nested(MAX_DEPTH), "f.yaml", source=True)["a"] is not None
    with pytest.raises(DataFileError):
        parse_yaml(nested(MAX_DEPTH + 1), "f.yaml", source=True)


def test_a_recursive_alias_is_said_as_such_never_as_a_tab():
    from garou.core.reader import parse_yaml

    with pytest.raises(DataFileError) as caught:
        parse_yaml("a: &a [*a]\n", "f.yaml", source=True)
    assert "anchor" in str(caught.value) and "tab" not in str(caught.value)


def test_a_number_too_large_for_garou_stays_the_text_as_written_in_an_untyped_field():
    from garou.core.reader import parse_yaml, untyped

    text = "a: " + "9" * 5000 + "\nb: 1" + "0" * 400 + ".5\nc: 12\n"
    data = untyped(parse_yaml(text, "f", source=True))
    assert data == {"a": "9" * 5000, "b": "1" + "0" * 400 + ".5", "c": 12}
