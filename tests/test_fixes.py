"""The frame and the commands under hostile use: options anywhere, names with punctuation,
what the journal records and the recap says, Ctrl-C under --json, French typography in
Rich's wrapping."""

from __future__ import annotations

import json
import os

import pytest
import typer

from garou.cli.app import app, param_name
from garou.core.catalogue import say
from tests.cli.test_app import ALL, DOMAIN_ERRORS, LEAVES, foreign_words
from tests.conftest import REPO

# --- 1. the global options, wherever they are typed ------------------------------------------


def _positions(path, options):
    """Every place ``options`` can be typed on the line of the command at ``path``: before
    the command, after each group's name, after the command's own name."""
    for depth in range(len(path) + 1):
        yield [*path[:depth], *options, *path[depth:]]


def _leaf_context(args):
    """Parse ``args`` down to the command they run (without running it) and return its
    context; a missing argument is not an error here (resilient parsing)."""
    command = typer.main.get_command(app)
    ctx = command.make_context("garou", list(args), resilient_parsing=True)
    while hasattr(ctx.command, "list_commands"):
        rest = [*ctx._protected_args, *ctx.args]
        name, command, rest = ctx.command.resolve_command(ctx, rest)
        ctx = command.make_context(name, rest, parent=ctx, resilient_parsing=True)
    return ctx


def _option(command, name):
    return next((p for p in command.params if param_name(p) == name), None)


@pytest.mark.parametrize("path", LEAVES, ids=" ".join)
def test_every_command_gets_the_global_options_typed_in_any_position(path):
    command = next(c for p, c, _ in ALL if p == path)
    has_json = _option(command, "json") is not None
    options = ["--lang", "en", *(["--json"] if has_json else [])]
    for args in _positions(path, options):
        ctx = _leaf_context(args)
        lang, js = _option(command, "lang"), _option(command, "json")
        assert ctx.params[lang.name] == "en", args
        if has_json:
            assert ctx.params[js.name] is True, args
    for args in _positions(path, ["-l", "en"]):
        assert _leaf_context([*args, "--lang", "fr"]).params["lang"] == "fr", args
    if not has_json:
        with pytest.raises(Exception, match="does not apply") as caught:
            _leaf_context(["--json", *path])
        assert type(caught.value).__name__ == "_FrameUsageError"


@pytest.mark.parametrize("path", [p for p, c, _ in ALL if hasattr(c, "list_commands")], ids=str)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_group_takes_the_global_options_and_says_them_in_its_help(garou, path, lang):
    other = "en" if lang == "fr" else "fr"
    lines = [
        [*path, "--help", "--lang", lang],
        [*path, "--lang", lang, "--help"],
        ["--lang", lang, *path, "--help"],
        [*path, "--json", "--help", "-l", lang],
    ]
    for args in lines:
        result = garou(*args, env={"GAROU_LANG": other})
        assert result.exit_code == 0, (args, result.stderr)
        assert "--lang" in result.stdout and "--json" in result.stdout
        assert say("help.option.lang", lang).split()[0] in result.stdout
        assert foreign_words(result.stdout, lang) == set(), args


@pytest.mark.parametrize("path", LEAVES, ids=" ".join)
def test_a_global_option_before_the_command_reaches_the_command(garou, path, tmp_path):
    """The same domain error, whichever position --lang and --json were typed in."""
    os.chdir(tmp_path)
    command = next(c for p, c, _ in ALL if p == path)
    args = [*path, *DOMAIN_ERRORS[path]]
    json_ = ["--json"] if _option(command, "json") is not None else []
    expected = garou(*args, "--lang", "en", *json_, env={"GAROU_LANG": "fr"})
    assert expected.exit_code in (1, 2)
    for depth in range(len(path)):
        line = [*path[:depth], "--lang", "en", *json_, *path[depth:], *DOMAIN_ERRORS[path]]
        result = garou(*line, env={"GAROU_LANG": "fr"})
        assert (result.exit_code, result.stdout, result.stderr) == (
            expected.exit_code, expected.stdout, expected.stderr), line  # fmt: skip
        if json_:
            assert json.loads(result.stdout)["error"]["type"] != "UsageError" or (
                "--lang" not in result.stdout and "--json" not in result.stdout
            )


def test_the_command_gets_the_value_typed_before_it(garou):
    """The command's own output (not only the frame's) is in the language given first."""
    shown = garou("--lang", "en", "show", "lg-vote-tie", "--json", env={"GAROU_LANG": "fr"})
    assert shown.exit_code == 0 and shown.json()["title"] == "Tied vote"
    mine = garou("--lang", "en", "show", "lg-vote-tie", "--lang", "fr", "--json")
    assert mine.json()["title"] != "Tied vote"
    listed = garou("house", "--lang", "en", "list", "--json", env={"GAROU_LANG": "fr"})
    assert listed.exit_code == 0 and isinstance(listed.json(), list)


# --- 2. names holding , = : ; " : one syntax for every list of names -----------------------

ODD_NAMES = ["Jean, fils", "x=y", "a:b", "Dé;Li", 'Zoé "la" Grande', "Éloïse Martin", "Ana", "Bob"]
"""Eight players: each special character, accents, spaces, and plain names."""


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_quoted_name_reads_back_whole_in_a_list_and_a_pair(name):
    from garou.core.lists import quote_name, quote_names, read_list, read_pair, read_pairs

    assert read_list(quote_names([name, "Zed"])) == [name, "Zed"]
    assert read_list(quote_names(["Zed", name], "; "), ",;") == ["Zed", name]
    assert read_pair(f"{quote_name(name)}={quote_name(name)}") == (name, name)
    assert read_pair(f"{quote_name(name)}:Zed", ":") == (name, "Zed")
    line = f"{quote_name(name)}=loup,Zed={quote_name(name)}"
    assert read_pairs(line, option="--deal", example="") == [(name, "loup"), ("Zed", name)]


def test_a_list_refuses_an_open_quote_a_pair_without_value_and_a_name_twice():
    from garou.core.errors import UsageError
    from garou.core.lists import read_list, read_pairs

    for bad in ('"Jean, fils', ""):
        if bad:
            with pytest.raises(UsageError):
                read_list(bad)
    for line in ("Ana=loup,Bob", "Ana=loup,ana=voyante", "=loup", '"Jean, fils"='):
        with pytest.raises(UsageError):
            read_pairs(line, option="--deal", example="--deal NAME=ROLE")


def _odd_setup(tmp_path):
    setup = tmp_path / "s.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 8\n"
        "roles: {loup-garou: 2, voyante: 1, cupidon: 1, villageois: 4}\n",
        encoding="utf-8",
    )
    return setup


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_game_new_takes_names_and_a_deal_holding_any_character(garou, tmp_path, lang):
    from garou.core.lists import quote_name, quote_names

    db = str(tmp_path / "g.sqlite")
    deal = {ODD_NAMES[0]: "cupidon", ODD_NAMES[1]: "loup-garou", ODD_NAMES[3]: "voyante",
            ODD_NAMES[4]: "loup-garou"}  # fmt: skip
    made = garou("game", "new", "--setup", str(_odd_setup(tmp_path)), "--db", db,
                 "--names", quote_names(ODD_NAMES),
                 "--deal", ",".join(f"{quote_name(k)}={v}" for k, v in deal.items()),
                 "--lang", lang)  # fmt: skip
    assert made.exit_code == 0, made.stderr
    status = garou("game", "status", "--db", db, "--json").json()
    assert [p["name"] for p in status["players"]] == ODD_NAMES
    roles = {p["name"]: p["role"] for p in status["players"]}
    assert {name: roles[name] for name in deal} == deal
    # The lovers, typed at the prompt as the prompt shows the names: quoted, ';' between.
    answer = f"{quote_name(ODD_NAMES[4])}; {quote_name(ODD_NAMES[2])}"
    garou("game", "play", "--db", db, "--lang", lang, input=answer + "\n")
    status = garou("game", "status", "--db", db, "--json").json()
    assert {p["name"] for p in status["players"] if p["lover"]} == {ODD_NAMES[4], ODD_NAMES[2]}


@pytest.mark.parametrize(
    "deal", ["Ana=voyante,Bob", "Ana=voyante,ana=loup-garou", '"Jean, fils=voyante']
)
def test_game_new_refuses_a_deal_it_cannot_read_instead_of_dropping_it(garou, tmp_path, deal):
    from garou.core.lists import quote_names

    db = tmp_path / "g.sqlite"
    made = garou("game", "new", "--setup", str(_odd_setup(tmp_path)), "--db", str(db),
                 "--names", quote_names(ODD_NAMES), "--deal", deal, "--lang", "en")  # fmt: skip
    assert made.exit_code == 2 and made.stderr.startswith("Error: "), made.stderr
    assert not db.exists() or garou("game", "list", "--db", str(db), "--json").json() == []


def test_house_pick_takes_names_holding_any_character(garou, book, tmp_path):
    from garou.core.lists import quote_names
    from garou.houserules import load_agreement

    out = tmp_path / "accord.yaml"
    result = garou("house", "pick", "--game", "loup-garou", "--defaults", "-o", str(out),
                   "--players", "8", "--roles", "loup-garou=2,voyante,villageois=5",
                   "--names", quote_names(ODD_NAMES))  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert list(load_agreement(out, book).setup.names) == ODD_NAMES


def test_the_play_prompts_read_quoted_names_and_whole_names():
    from garou.cli.commands.game_play import _picked
    from garou.core.names import fold

    known = {fold(n) for n in ODD_NAMES}
    assert _picked('"Jean, fils"; "a:b"', known) == ["Jean, fils", "a:b"]
    assert _picked("Jean, fils", known) == ["Jean, fils"]  # one name, typed whole
    assert _picked("Ana, Bob", known) == ["Ana", "Bob"]
    assert _picked('"Jean, fils', known) == []


# --- 3. an event records only the values that apply -------------------------------------------


def _game_of(path):
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))["game"]["id"]


# The games whose recordings keep only what applies (replay.TRIMMED: Loup-Garou; Mafia's
# events may carry note-like values its state does not store, and are kept as given).
GAMES = [
    path
    for path in sorted((REPO / "tests" / "data" / "games").glob("*.yaml"))
    if _game_of(path) in ("loup-garou",)
]


def _imported(book, path, tmp_path):
    from garou.game.journal import open_journal
    from garou.game.record import import_record

    journal = open_journal(tmp_path / f"{path.stem}.sqlite")
    return journal, import_record(journal, book, path)


def _state_after(book, events):
    from garou.game.replay import replay

    return replay(book, events).state


def _holds_only_what_applies(book, events, index):
    """Assert that no value of event ``index`` can be left out with the same game after it:
    each key, and each entry of a mapping, either changes the state or is required."""
    from garou.game.errors import IllegalEventError
    from garou.game.journal import Event

    event = events[index]
    before, after = events[:index], _state_after(book, events[: index + 1])

    def same_without(data):
        try:
            trial = _state_after(book, [*before, Event(event.seq, event.kind, data)])
        except IllegalEventError:
            return False
        return trial == after

    for key, value in event.data.items():
        less = {k: v for k, v in event.data.items() if k != key}
        assert not same_without(less), (event.kind, key, event.data)
        for sub in value if isinstance(value, dict) else ():
            less = {**event.data, key: {k: v for k, v in value.items() if k != sub}}
            assert not same_without(less), (event.kind, key, sub, event.data)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_event_of_the_example_games_holds_only_values_that_apply(book, path, tmp_path):
    import yaml

    journal, game_id = _imported(book, path, tmp_path)
    with journal:
        events = journal.events(game_id)
    for index in range(1, len(events)):
        _holds_only_what_applies(book, events, index)
    # The files themselves show the shape of a record: nothing that did not happen.
    written = yaml.safe_load(path.read_text(encoding="utf-8"))["events"]
    assert [{"kind": e.kind, **e.data} for e in events[1:]] == written


# Values that only apply in some games, added to every event they could belong to.
NOT_HAPPENED = {
    "dawn": {"shoot": {"Hugo": "Alice"}, "successor": {"Gaëlle": "Alice"}},
    "vote": {"captain_pick": "Alice", "shoot": {"Hugo": "Alice"}},
    "kill": {"decided": "wolves"},
    "potions": {"save": False},
    "call": {"why": "absent"},
    "look": {"by": None},
}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_value_given_that_did_not_happen_is_not_recorded(book, path, tmp_path):
    from garou.game import session
    from garou.game.errors import IllegalEventError

    journal, game_id = _imported(book, path, tmp_path)
    with journal:
        events = journal.events(game_id)
    tried = 0
    for index, event in enumerate(events[1:], start=1):
        extra = NOT_HAPPENED.get(event.kind, {})
        data = dict(event.data)
        for key, value in extra.items():
            if isinstance(value, dict):
                data[key] = {**value, **data.get(key, {})}
            else:
                data.setdefault(key, value)
        if data == event.data:
            continue
        with open_journal_copy(tmp_path / f"{index}.sqlite", events[:index]) as (copy, new_id):
            try:
                session.record(copy, book, new_id, event.kind, data)
            except IllegalEventError:
                continue  # refused as a whole: nothing recorded either
            assert copy.events(new_id)[-1].data == event.data, (event.kind, data)
            tried += 1
    assert tried >= 3


def open_journal_copy(path, events):
    """A new journal holding ``events`` (a game's first events), and its game id."""
    from contextlib import contextmanager

    from garou.game.journal import open_journal

    @contextmanager
    def made():
        with open_journal(path) as journal:
            game_id = journal.create("loup-garou", None, (events[0].kind, events[0].data))
            for event in events[1:]:
                journal.record(game_id, event.kind, event.data)
            yield journal, game_id

    return made()


def test_a_dawn_without_deaths_keeps_no_shot_and_the_command_says_nothing_of_it(garou, tmp_path):
    path = REPO / "tests" / "data" / "games" / "hunter-lover.yaml"
    db = str(tmp_path / "g.sqlite")
    assert garou("game", "import", str(path), "--db", db).exit_code == 0
    corrected = garou("game", "correct", "6", "dawn", "shoot={Driss: Bruno, Hugo: Alice}",
                      "successor={Bruno: Alice}", "--why", "typo", "--db", db)  # fmt: skip
    assert corrected.exit_code == 0, corrected.stderr
    exported = garou("game", "export", "--db", db).stdout
    line = next(x for x in exported.splitlines() if "kind: correct" in x)
    assert "successor" not in line and "Hugo" not in line and "Driss: Bruno" in line, line
    added = garou("game", "add", "election", "captain=Farid", "--db", db)
    assert added.exit_code == 1  # the election is done: refused, as ever


# --- 4. the recap says every event in words, in the user's language ------------------------

import re  # noqa: E402

_REPR = re.compile(r"[{}\[\]]|(?<![^\W\d_])'|'(?![^\W\d_])|\\x|None|True|False")
"""What Python data looks like in a text: brackets, a quote not inside a word (French
elision, d'Alice, stays), a None/True/False."""


def _recap_texts(garou, db, lang):
    texts = [garou("game", "recap", "--db", db, "--lang", lang, env={"COLUMNS": "200"}).stdout]
    texts.append(garou("game", "recap", "--db", db, "--lang", lang, "-f", "md").stdout)
    data = garou("game", "recap", "--db", db, "--lang", lang, "--json").json()
    texts += [
        *data["corrections"],
        *(line["text"] for p in data["timeline"] for line in p["lines"]),
    ]
    return texts


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_recap_says_every_corrected_and_undone_event_in_words(
    garou, book, path, lang, tmp_path
):
    from garou.game import session

    journal, game_id = _imported(book, path, tmp_path)
    with journal:
        events = journal.events(game_id)
        for event in events[1:]:  # each event corrected into itself: its sentence, twice
            session.correct(journal, book, game_id, event.seq, "typo", event.to_dict())
        session.undo(journal, book, game_id)
    db = str(journal.path)
    import yaml

    name = yaml.safe_load(path.read_text(encoding="utf-8"))["game"]["name"]
    for text in _recap_texts(garou, db, lang):
        assert not _REPR.search(text), (_REPR.search(text), text)
        assert foreign_words(text.replace(name, ""), lang) == set(), text
    data = garou("game", "recap", "--db", db, "--lang", lang, "--json").json()
    assert len(data["corrections"]) == len(events)  # every correction, and the undo


SAMPLES = {
    "start": {"players": ["Ana", "Bob"]},
    "roles": {"roles": {"Ana": "voyante", "Bob": "loup"}},
    "couple": {"lovers": ["Ana", "Bob"], "by": ["Cid"]},
    "look": {"target": "Ana", "by": "Bob", "role": "chasseur"},
    "kill": {"victim": "Ana", "by": ["Bob", "Cid"], "decided": "majority"},
    "potions": {"save": True, "poison": "Bob", "by": "Cid"},
    "call": {"step": "sorciere", "why": "dead"},
    "dawn": {"shoot": {"Ana": "Bob"}, "successor": {"Cid": "Dan"}, "roles": {"Eve": "villageois"}},
    "election": {"captain": "Ana"},
    "vote": {"votes": {"Ana": "Bob", "Bob": "Ana"}, "captain_pick": "Bob", "tallies": {"Ana": 3}},
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_event_kind_has_a_sentence_with_its_values_in_words(book, lang):
    from garou.game.sentences import event_sentence
    from garou.game.table import FIELDS, KINDS

    game = book.game("loup-garou")
    assert set(SAMPLES) == set(KINDS)
    for kind, data in SAMPLES.items():
        assert set(data) <= set(FIELDS[kind]), kind
        text = event_sentence(game, kind, data).say(lang)
        assert not _REPR.search(text), text
        assert foreign_words(text, lang) == set(), text
        for name in ("Ana", "Bob", "Cid", "Dan", "Eve"):
            assert kind == "start" or (name in text) == (name in str(data)), (kind, name, text)
    seer = event_sentence(game, "roles", SAMPLES["roles"]).say(lang)
    assert book.game("loup-garou").role("voyante").name.get(lang) in seer


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_tie_the_captain_settles_is_said_in_the_recap(garou, book, lang, tmp_path):
    from garou.game import session

    journal, game_id = _imported(
        book, GAMES[[p.stem for p in GAMES].index("hunter-lover")], tmp_path
    )
    with journal:
        session.undo(journal, book, game_id)  # the day's vote, cast again as a tie
        votes = {"Alice": "Farid", "Chloé": "Alice", "Farid": "Alice", "Gaëlle": "Farid",
                 "Hugo": "Chloé"}  # fmt: skip
        session.record(journal, book, game_id, "vote", {"votes": votes, "captain_pick": "Alice"})
    data = garou("game", "recap", "--db", str(journal.path), "--lang", lang, "--json").json()
    lines = [line["text"] for p in data["timeline"] for line in p["lines"]]
    settled = say("fixes.story.captain-settles", lang, names=["Alice", "Farid"], captain="Farid",
                  name="Alice")  # fmt: skip
    assert settled in lines, lines


# --- 5. Ctrl-C under --json: the JSON error object, exit 130 ------------------------------------


def _interrupted(args, env, *, when, stdin=""):
    """Run garou in a process, send SIGINT once ``when(stdout, stderr)`` says it waits;
    return the exit code, standard output and standard error."""
    import signal
    import subprocess
    import sys
    import threading
    import time

    process = subprocess.Popen([sys.executable, "-m", "garou", *args], env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)  # fmt: skip
    got = {"out": [], "err": []}

    def read(stream, into):
        for line in iter(lambda: stream.read(1), ""):
            into.append(line)

    readers = [
        threading.Thread(target=read, args=(stream, into), daemon=True)
        for stream, into in ((process.stdout, got["out"]), (process.stderr, got["err"]))
    ]
    for reader in readers:
        reader.start()
    process.stdin.write(stdin)
    process.stdin.flush()
    deadline = time.monotonic() + 60
    while not when("".join(got["out"]), "".join(got["err"])) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # into the wait itself
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    for reader in readers:
        reader.join(timeout=10)
    return process.returncode, "".join(got["out"]), "".join(got["err"])


def _env(tmp_path, lang):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GAROU_")}
    return {**env, "GAROU_LANG": lang, "XDG_CACHE_HOME": str(tmp_path / "cache"), "COLUMNS": "80"}


def _last_json(out):
    """The last JSON object of ``out`` (a prompt under --json prints one per answer)."""
    start = out.rstrip().rfind("\n{")
    return json.loads(out[start + 1 :] if start >= 0 else out)


def _assert_json_interrupted(code, out, lang):
    assert code == 130, out
    error = _last_json(out)["error"]
    assert error["exit_code"] == 130 and error["type"] == "Interrupted"
    assert error["message"] == say("error.interrupted", lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_ctrl_c_at_a_prompt_under_json_prints_the_json_error(tmp_path, lang):
    env = _env(tmp_path, lang)

    def answered_once(out, err):
        return '"hits"' in out and out.rstrip().endswith("}")

    answered = _interrupted(["search", "--json"], env, stdin="vote\n", when=answered_once)
    _assert_json_interrupted(*answered[:2], lang)
    out = tmp_path / "a.yaml"
    picked = _interrupted(["house", "pick", "-g", "loup-garou", "-o", str(out), "--json"], env,
                          when=lambda out, err: "1/7" in err)  # fmt: skip
    _assert_json_interrupted(*picked[:2], lang)
    assert "Traceback" not in answered[2] + picked[2] and not out.exists()


@pytest.mark.parametrize("args", [["search", "vote", "--json"], ["index", "--rebuild", "--json"]])
def test_ctrl_c_while_waiting_for_the_index_lock_prints_the_json_error(tmp_path, args):
    from filelock import FileLock

    env = _env(tmp_path, "en")
    root = tmp_path / "cache" / "garou"
    root.mkdir(parents=True)
    with FileLock(str(root / ".index.lock")):  # another garou builds the index
        waiting = say("index.waiting", "en", path=str(root), seconds=120).split(" (")[0]
        code, out, err = _interrupted(args, env, when=lambda out, err: waiting[:30] in err)
    _assert_json_interrupted(code, out, "en")
    assert "Traceback" not in err


def test_every_command_with_json_reports_an_interruption_as_json(garou, monkeypatch, tmp_path):
    """Ctrl-C anywhere in a command (here: where it reads its language) is the frame's to
    report: no command swallows it into a silent exit."""
    import garou.rules as rules_package
    from garou.core import names

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(rules_package, "resolve_language", interrupted)
    monkeypatch.setattr(names, "resolve_language", interrupted)
    os.chdir(tmp_path)
    checked = 0
    for path in LEAVES:
        command = next(c for p, c, _ in ALL if p == path)
        if _option(command, "json") is None:
            continue
        result = garou(*path, *DOMAIN_ERRORS[path], "--json", "--lang", "en")
        if result.exit_code != 130:
            continue  # refused before it reads its language (a usage error): not this case
        assert json.loads(result.stdout)["error"]["type"] == "Interrupted", path
        checked += 1
    assert checked >= 15


# --- 6. Rich never breaks a line at French typography's no-break spaces ------------------------

_BAD_START = re.compile(r"^[│|]?\s*[:;?!»]")
_BAD_END = re.compile(r"«\s*[│|]?$")


def _bad_lines(text):
    return [line for line in text.splitlines() if _BAD_START.search(line) or _BAD_END.search(line)]


def _long_french():
    from garou.core.catalogue import typeset

    words = ["Attention : le vote ; est-ce juste ? Oui ! « voilà » (« réponse »)"] * 8
    return typeset(" ".join(words), "fr")


@pytest.mark.parametrize("width", range(24, 90, 3))
def test_a_french_panel_never_starts_a_line_with_its_punctuation(width):
    import io

    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from garou.cli.output import console

    out = console()
    out.file, out.width = io.StringIO(), width
    text = _long_french()
    out.print(Panel(Text(text), title="Règle"))
    out.print(text)
    table = Table("id", "texte")
    table.add_row("lg-x", text)
    out.print(table)
    out.print(Panel(Text(text.replace("\u00a0", " "))))  # the data's ordinary spaces
    rendered = out.file.getvalue()
    assert "\u00a0" in rendered  # the no-break spaces are kept, not replaced
    assert _bad_lines(rendered) == [], rendered


@pytest.mark.parametrize("columns", ["40", "57", "63", "80"])
def test_the_commands_french_panels_and_tables_keep_the_punctuation_with_its_word(garou, columns):
    env = {"COLUMNS": columns, "GAROU_LANG": "fr"}
    for args in (["show", "lg-vote-tie"], ["show", "mf-contested-majority"],
                 ["search", "chasseur", "amoureux"], ["roles", "--game", "loup-garou"],
                 ["house", "list", "--game", "mafia"]):  # fmt: skip
        result = garou(*args, env=env)
        assert result.exit_code == 0, (args, result.stderr)
        assert _bad_lines(result.stdout) == [], (args, result.stdout)


# --- 7. more of the same kinds -------------------------------------------------------------------


def test_the_web_picker_takes_names_one_a_line_whole(book, tmp_path, private_cache):
    from garou.houserules import load_agreement
    from garou.web import create_app
    from tests.web.test_app import ORIGIN, picked_form, token_of

    client = create_app().test_client()
    game = book.game("loup-garou")
    cards = {"n.loup-garou": "2", "n.voyante": "1", "n.villageois": "5"}
    # One name a line, taken whole (web.names-rule): commas and '=' belong to the name; a
    # line that is one quoted name is read without its quotes.
    names = '"Jean, fils"\nx=y\nDé, Li\nÉloïse Martin\nAna\n"Bob ""B"""\nCid\nDan'
    form = picked_form(game, token_of(client), players="8", names=names, **cards)
    response = client.post("/house/agreement", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 200, response.text
    (tmp_path / "a.yaml").write_bytes(response.data)
    setup = load_agreement(tmp_path / "a.yaml", book).setup
    expected = ("Jean, fils", "x=y", "Dé, Li", "Éloïse Martin", "Ana", 'Bob "B"', "Cid", "Dan")
    assert setup.names == expected


_PEOPLE = ("name", "partner", "chooser", "target", "by", "captain", "victim", "player", "voter",
           "old", "shooter", "a", "b")  # fmt: skip
_UNELIDED = re.compile(r"\b(?:de|que) \{(" + "|".join(_PEOPLE) + r")\}")


@pytest.mark.parametrize("file", ["game.yaml", "play.yaml", "fixes.yaml", "cli.yaml"])
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


ODD_GAME = """game: {id: loup-garou, name: x, table: null, date: null}
setup:
  players: ["Jean, fils", "D'Artagnan", Chloé, "a:b", Emma, Farid, "010", Hugo]
  roles: {loup-garou: 2, cupidon: 1, chasseur: 1, villageois: 4}
  deal: {"Jean, fils": loup-garou, "D'Artagnan": loup-garou, Chloé: cupidon, "a:b": chasseur}
agreement: {}
events:
  - {kind: couple, lovers: ["a:b", Emma]}
  - {kind: call, step: voyante}
  - {kind: kill, victim: "a:b"}
  - {kind: call, step: sorciere}
"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_hint_naming_players_can_be_typed_back_as_it_is_printed(garou, tmp_path, lang):
    import shlex

    record = tmp_path / "odd.yaml"
    record.write_text(ODD_GAME, encoding="utf-8")
    db = str(tmp_path / "g.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    refused = garou("game", "add", "dawn", "--db", db, "--lang", lang)
    assert refused.exit_code == 1
    assert refused.stderr.count(say("fixes.word.name", lang)) == 1  # the hint, said once
    (word,) = shlex.split(re.search(r"'shoot=[^']*'", refused.stderr)[0])
    answer = word.replace(say("fixes.word.name", lang), '"Jean, fils"')
    done = garou("game", "add", "dawn", answer, "--db", db, "--json")
    assert done.exit_code == 0, done.stdout
    dead = {p["name"] for p in done.json()["players"] if not p["alive"]}
    assert dead == {"a:b", "Emma", "Jean, fils"}
