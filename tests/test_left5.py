"""The leftovers of session left5: a mistyped game refused the same way wherever a game is
read, the Mafia lift vote's "nobody", a Mafia vote recorded on another screen told, and the
documented exit codes of every command checked against what it returns."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.usefixtures("private_cache")

# --- 1: a mistyped game ------------------------------------------------------------------

TYPOS = [("mafai", "mafia"), ("loup", "loup-garou"), ("werwolf", "loup-garou")]
"""A game name as a user mistypes it, and the game garou should offer."""

GAME_COMMANDS = [
    ["search", "égalité"],
    ["rules"],
    ["roles"],
    ["check", "--players", "8", "--roles", "loup-garou=2,villageois=6"],
    ["suggest", "--players", "8"],
    ["vote", "--vote", "A=B"],
    ["cascade"],
    ["win"],
    ["fouls"],
    ["house", "pick"],
    ["house", "list"],
    ["print", "cheatsheet"],
    ["game", "new"],
]
"""Every command that takes ``--game``, with what else it needs to get that far."""

QUOTES = {"fr": ("« ", " »"), "en": ("'", "'")}


def _names(text: str, typed: str, near: str, lang: str) -> None:
    """``text`` refuses the game ``typed``, offers ``near`` and lists the accepted games."""
    left, right = QUOTES[lang]
    text = text.replace("\u00a0", " ")
    said = {"fr": "vouliez-vous dire", "en": "did you mean"}[lang]
    assert f"{said} {left}{near}{right}" in text, text
    assert f"{left}{typed}{right}" in text and "loup-garou, mafia" in text, text


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("typed,near", TYPOS)
@pytest.mark.parametrize("command", GAME_COMMANDS, ids=" ".join)
def test_a_mistyped_game_option_is_refused_with_the_closest_game(garou, command, typed, near, lang):
    run = garou(*command, "--game", typed, "--lang", lang, input="")
    assert run.exit_code == 2, (run.stdout, run.stderr)
    _names(run.stderr, typed, near, lang)
    assert "table" not in run.stderr  # the option's problem, not a table state's
    shown = garou(*command, "-g", typed, "--lang", lang, "--json", input="")
    assert shown.exit_code == 2
    error = json.loads(shown.stdout)["error"]
    assert error["exit_code"] == 2 and error["type"] == "UnknownGameError"
    _names(error["message"], typed, near, lang)


def test_a_game_name_players_use_is_still_accepted(garou):
    for name in ("Werewolf", "loups-garous", "LG", "Mafia"):
        assert garou("rules", "--game", name).exit_code == 0, name


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


@pytest.mark.parametrize("typed,near", TYPOS)
def test_an_agreement_of_the_environment_with_a_mistyped_game(garou, tmp_path, typed, near):
    path = tmp_path / "accord.yaml"
    path.write_text(f"format: garou-agreement/1\ngame: {typed}\ndecisions: {{}}\n", "utf-8")
    for command in (["search", "égalité"], ["win", "-g", "loup-garou", "-p", "A=loup-garou"]):
        run = garou(*command, "--lang", "en", env={"GAROU_AGREEMENT": str(path)})
        assert run.exit_code == 1, (command, run.stdout, run.stderr)
        assert f"{path}:2 (game)" in run.stderr
        _names(run.stderr, typed, near, "en")


@pytest.mark.parametrize("typed,near", TYPOS)
def test_a_game_record_with_a_mistyped_game_is_refused_at_its_line(garou, tmp_path, typed, near):
    db = str(tmp_path / "games.db")
    names = "A,B,C,D,E,F,G,H,I,J"
    made = garou("game", "new", "-g", "mafia", "--names", names, "--seed", "1", "--db", db)
    assert made.exit_code == 0
    record = tmp_path / "record.yaml"
    assert garou("game", "export", "--db", db, "-o", str(record)).exit_code == 0
    text = record.read_text("utf-8").replace("  id: mafia\n", f"  id: {typed}\n", 1)
    record.write_text(text, "utf-8")
    line = text.splitlines().index(f"  id: {typed}") + 1
    run = garou("game", "import", str(record), "--db", str(tmp_path / "other.db"), "--lang", "en")
    assert run.exit_code == 1
    assert f"{record}:{line} (game.id)" in run.stderr
    _names(run.stderr, typed, near, "en")


@pytest.mark.parametrize("typed,near", TYPOS)
def test_a_mistyped_game_in_a_web_form_offers_the_closest(typed, near):
    from garou.web import create_app

    client = create_app().test_client()
    for path in ("/search?q=vote", "/setup?players=8&action=suggest", "/house"):
        response = client.get(f"{path}&game={typed}&lang=en".replace("/house&", "/house?"))
        assert response.status_code == 400, path
        text = response.get_data(as_text=True)
        _names(html.unescape(text), typed, near, "en")


# --- 2: the Mafia lift vote says "nobody" -------------------------------------------------

NOBODY = {"fr": "personne", "en": "nobody"}


def _lift_table(book, tmp_path, yes: list[str] | None):
    """A Mafia evening at the lift vote (Bob and Hal tied twice), with ``yes`` kept as the
    lift's draft (the phone's ballots) unless None."""
    from garou.game.mafia_script import DRAFT, draft_data, lift_ballots
    from tests.test_leftovers import _to_lift
    from tests.test_mafia_review3 import Table

    t = Table(book, tmp_path)
    _to_lift(t)
    if yes is not None:
        state = t.state()
        t.journal.save_draft(t.id, DRAFT, draft_data(state, lift_ballots(state, yes)))
    return t


def _lift_play(garou, t, answers: list[str], lang: str) -> tuple[str, dict[str, str]]:
    """Play the lift vote with ``answers``; what the screen showed, the lift's ballots."""
    db = str(t.journal.path)
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join([*answers, "q"]) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    votes = [e for e in t.journal.events(t.id) if e.kind == "vote"]
    return run.stdout.replace("\u00a0", " "), votes[-1].data["votes"]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("kept", [None, [], ["Ana", "Jon"]], ids=["none", "all-no", "yes"])
def test_the_lift_vote_says_and_takes_nobody(garou, book, tmp_path, lang, kept):
    t = _lift_table(book, tmp_path, kept)
    shown, votes = _lift_play(garou, t, [NOBODY[lang].upper()], lang)
    asked = re.search(r"(?:Vote de levée sur|Lift vote on)[^\[]*\[[^\]]*\]", shown)
    assert asked, shown
    # Enter's answer is said: the yes voters kept, else nobody
    default = "Ana, Jon" if kept else NOBODY[lang]
    assert f"[{default}]" in asked.group(0), asked.group(0)
    if kept:  # Enter keeps names: the question says how to say nobody
        assert f"{QUOTES[lang][0]}{NOBODY[lang]}{QUOTES[lang][1]}" in asked.group(0)
    assert votes and all(v == "no" for v in votes.values()), votes  # "nobody" typed: no yes


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_enter_at_the_lift_vote_without_yes_voters_is_nobody(garou, book, tmp_path, lang):
    t = _lift_table(book, tmp_path, [])
    _, votes = _lift_play(garou, t, [""], lang)
    assert votes and all(v == "no" for v in votes.values())
    t = _lift_table(book, tmp_path / "2", ["Ana"])
    _, votes = _lift_play(garou, t, [""], lang)
    assert [n for n, v in votes.items() if v == "yes"] == ["Ana"]


# --- 3: a Mafia vote recorded on another screen is told ---------------------------------

ELSEWHERE = {"fr": "Enregistré sur un autre écran", "en": "Recorded on another screen"}


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_mafia_vote_recorded_on_another_screen_is_told_and_the_judges_own_foul_is_not(
    garou, book, tmp_path, monkeypatch, lang
):
    from garou.cli.commands import game_play
    from garou.core.catalogue import say
    from garou.game import session
    from tests.test_mafia_review3 import Table

    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Cid", nominee="Hal")
    t.add("close-nominations")
    question = say("mafia.play.votes", lang, name="Bob")
    real, asked = game_play.Session.ask, []

    def ask(self, text, default=None):
        if text.startswith(question):
            asked.append(text)
            if len(asked) == 2:  # the phone counts the vote while the terminal asks again
                votes = {n: "Bob" for n in ("Ana", "Cid", "Dan", "Eve", "Fay", "Gus")}
                t.add("vote", votes=votes)
        return real(self, text, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    foul = {"fr": "faute", "en": "foul"}[lang]
    typed = [f"{foul} Cid", "Ana, Cid", "q"]  # the judge's own foul, then a ballot
    db = str(t.journal.path)
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join(typed) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    out = _flat(run.stdout)
    assert out.count(ELSEWHERE[lang]) == 1, out  # the vote, never the judge's own foul
    told = out.split(ELSEWHERE[lang], 1)[1]
    kinds = [e.kind for e in t.journal.events(t.id)]
    assert kinds.count("vote") == 1 and kinds.count("foul") == 1  # no second vote recorded
    assert _flat(say("error.prefix", lang, message="")).strip() not in out  # nothing refused
    replayed = session.load(t.journal, book, t.id, lang)
    [vote] = [e for e in replayed.effective if e.kind == "vote"]
    lines = [_flat(line.text.say(lang)) for line in replayed.state.story if line.seq == vote.seq]
    assert lines and all(line in told for line in lines), (lines, told)  # its read-aloud
    [mine] = [e for e in replayed.effective if e.kind == "foul"]
    from garou.game.sentences import event_said

    said = _flat(event_said(replayed, mine).say(lang))
    assert said not in told.split(".")[0], told


# --- 4: every command returns the exit code its help documents --------------------------

KINDS = {
    "malformed": "unknown option",  # an option written wrong, or missing its argument
    "bad value": "bad value",  # well written, but naming what the rules do not have
    "no file": "a file",
    "bad file": "a file",
    "unknown id": "an id",
    "refused": "a check failed",
}
"""Each kind of bad input, and the words of its row in the README's table of exit codes."""

MAFIA_NAMES = "A,B,C,D,E,F,G,H,I,J"
LG = ["-g", "loup-garou", "-p", "A=loup-garou,B=villageois,C=villageois"]
ROLES = ["--players", "8", "-g", "loup-garou", "--roles"]

EXIT_CASES = [
    ("search", "malformed", ["search", "tie", "--limit", "abc"]),
    ("search", "bad value", ["search", "tie", "--kind", "bogus"]),
    ("search", "bad value", ["search", "tie", "-g", "mafai"]),
    ("search", "no file", ["search", "tie", "--agreement", "{missing}"]),
    ("search", "bad file", ["search", "tie", "--agreement", "{bad}"]),
    ("index", "malformed", ["index", "--bogus"]),
    ("rules", "malformed", ["rules", "--bogus"]),
    ("rules", "bad value", ["rules", "--kind", "bogus"]),
    ("rules", "bad value", ["rules", "--section", "bogus"]),
    ("show", "malformed", ["show"]),
    ("show", "unknown id", ["show", "lg-nothing-such"]),
    ("roles", "bad value", ["roles", "-g", "mafai"]),
    ("check", "malformed", ["check", "--players", "abc", "-g", "loup-garou", "--roles", "x=1"]),
    ("check", "malformed", [*["check", *ROLES], "villageois=x"]),
    ("check", "bad value", ["check", "--players", "8", "-g", "mafai", "--roles", "x=1"]),
    ("check", "no file", ["check", "{missing}"]),
    ("check", "bad file", ["check", "{bad}"]),
    ("check", "refused", ["check", *ROLES, "villageois=8"]),
    ("suggest", "malformed", ["suggest", "--players", "abc", "-g", "loup-garou"]),
    ("suggest", "bad value", ["suggest", "--players", "8", "-g", "loup-garou", "--with", "bogus"]),
    ("suggest", "bad value", ["suggest", "--players", "500", "-g", "loup-garou"]),
    ("suggest", "refused", ["suggest", "--players", "2", "-g", "loup-garou"]),
    ("vote", "malformed", ["vote", *LG, "--vote", "A"]),
    ("vote", "bad value", ["vote", *LG, "--vote", "A=Z"]),
    ("vote", "bad value", ["vote", *LG, "--round", "bogus", "--vote", "A=B"]),
    ("vote", "no file", ["vote", "--state", "{missing}", "--vote", "A=B"]),
    ("vote", "no file", ["vote", *LG, "--agreement", "{missing}", "--vote", "A=B"]),
    ("vote", "bad file", ["vote", "--state", "{bad}", "--vote", "A=B"]),
    ("cascade", "malformed", ["cascade", *LG, "--dies", "A"]),
    ("cascade", "bad value", ["cascade", *LG, "--dies", "A:bogus"]),
    ("cascade", "no file", ["cascade", "--state", "{missing}"]),
    ("cascade", "bad file", ["cascade", "--state", "{bad}"]),
    ("win", "bad value", ["win", *LG, "--dead", "Z"]),
    ("win", "no file", ["win", "--state", "{missing}"]),
    ("fouls", "malformed", ["fouls", "-g", "mafia", "--bogus"]),
    ("fouls", "no file", ["fouls", "--state", "{missing}"]),
    ("house pick", "malformed", ["house", "pick", "-g", "loup-garou", "--set", "witch-self-save",
                                 "--defaults", "-o", "{new}"]),
    ("house pick", "bad value", ["house", "pick", "-g", "loup-garou", "--set",
                                 "witch-self-save=sometimes", "--defaults", "-o", "{new}"]),
    ("house pick", "bad value", ["house", "pick", "-g", "loup-garou", "--set", "no-such-case=1",
                                 "--defaults", "-o", "{new}"]),
    ("house pick", "bad value", ["house", "pick", *ROLES, "bogus=8", "--defaults", "-o", "{new}"]),
    ("house pick", "bad value", ["house", "pick", "-g", "loup-garou", "--set",
                                 "mf-setting-speech=turbo", "--defaults", "-o", "{new}"]),
    ("house pick", "no file", ["house", "pick", "--from", "{missing}", "--defaults",
                               "-o", "{new}"]),
    ("house pick", "bad file", ["house", "pick", "--from", "{bad}", "--defaults", "-o", "{new}"]),
    ("house pick", "refused", ["house", "pick", *ROLES, "villageois=8", "--defaults",
                               "-o", "{new}"]),
    ("house pick", "refused", ["house", "pick", "-g", "loup-garou", "--defaults", "-o", "{out}"]),
    ("house show", "no file", ["house", "show", "{missing}"]),
    ("house show", "bad file", ["house", "show", "{bad}"]),
    ("house diff", "no file", ["house", "diff", "{missing}", "{bad}"]),
    ("print", "bad value", ["print", "cheatsheet", "-g", "loup-garou", "--format", "bogus",
                            "-o", "{new}"]),
    ("print", "no file", ["print", "cheatsheet", "--setup", "{missing}", "-o", "{new}"]),
    ("print", "bad file", ["print", "agreement", "{bad}", "-o", "{new}"]),
    ("print", "refused", ["print", "cheatsheet", "-g", "loup-garou", "-o", "{out}"]),
    ("game", "malformed", ["game", "new", "-g", "mafia", "--names", MAFIA_NAMES, "--seed", "x",
                           "--db", "{db}"]),
    ("game", "bad value", ["game", "new", "-g", "mafia", "--names", MAFIA_NAMES, "--date",
                           "2020-13-45", "--db", "{db}"]),
    ("game", "bad value", ["game", "new", "-g", "mafia", "--names", MAFIA_NAMES, "--deal",
                           "A=bogus", "--db", "{db}"]),
    ("game", "no file", ["game", "new", "--setup", "{missing}", "--db", "{db}"]),
    ("game", "bad file", ["game", "new", "--setup", "{bad}", "--db", "{db}"]),
    ("game", "refused", ["game", "new", "-g", "mafia", "--names", "A,B", "--db", "{db}"]),
    ("game", "malformed", ["game", "status", "abc", "--db", "{db}"]),
    ("game", "no file", ["game", "status", "--db", "{missing}"]),
    ("game", "bad file", ["game", "status", "--db", "{bad}"]),
    ("game", "refused", ["game", "status", "99", "--db", "{db}"]),
    ("game", "malformed", ["game", "add", "vote", "votes=[", "--db", "{db}"]),
    ("game", "refused", ["game", "add", "speech", "--db", "{db}"]),
    ("game import", "no file", ["game", "import", "{missing}", "--db", "{db}"]),
    ("game import", "bad file", ["game", "import", "{bad}", "--db", "{db}"]),
    ("game speak", "refused", ["game", "speak", "--db", "{db}"]),
    ("game recap", "bad value", ["game", "recap", "--format", "bogus", "--db", "{db}"]),
    ("game protocol", "bad value", ["game", "protocol", "--format", "bogus", "--db", "{db}"]),
    ("game protocol", "refused", ["game", "protocol", "--db", "{db}", "-o", "{out}"]),
    ("game", "bad value", ["game", "new", "-g", "mafai", "--names", MAFIA_NAMES, "--db", "{db}"]),
    ("game export", "refused", ["game", "export", "--db", "{db}", "-o", "{out}"]),
    ("club", "bad value", ["club", "standings", "--from", "2020-13-45", "--db", "{db}"]),
    ("club", "no file", ["club", "standings", "--db", "{missing}"]),
    ("serve", "malformed", ["serve", "--port", "abc"]),
    ("serve", "bad value", ["serve", "--port", "99999"]),
]  # fmt: skip
"""(the command whose help documents the codes, the kind of bad input, the command line)."""


def _readme_codes() -> dict[str, int]:
    """Each kind of bad input → the code the README's table of exit codes gives it."""

    text = (REPO / "README.md").read_text("utf-8").split("## Exit codes", 1)[1]
    rows = re.findall(r"^\| (\d+) \| (.*) \|$", text.split("\n## ", 1)[0], re.M)
    found = {kind: [int(c) for c, said in rows if words in said] for kind, words in KINDS.items()}
    assert all(len(codes) == 1 for codes in found.values()), found
    return {kind: codes[0] for kind, codes in found.items()}


def _documented(command: str) -> dict[int, str]:
    """The exit codes ``help.<command>.exits`` documents (in English), code → what it says."""
    from garou.cli.app import _exits_key
    from garou.core.catalogue import say

    text = say(_exits_key(command.split()), "en").removeprefix("Exit codes: ")  # as --help
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"(\d+) ([^;]*)", text)}


@pytest.mark.parametrize("command,kind,args", EXIT_CASES, ids=[
    f"{args[0]} {' '.join(args[1:3])}…{kind}" for _, kind, args in EXIT_CASES
])  # fmt: skip
def test_every_command_returns_the_exit_code_its_help_and_the_readme_document(
    garou, tmp_path, command, kind, args
):
    expected = _readme_codes()[kind]
    documented = _documented(command)
    assert expected in documented, (command, documented)
    if kind in ("malformed", "bad value"):
        assert "command line" in documented[expected]
    files = {
        "missing": tmp_path / "nothing-here.yaml",
        "bad": tmp_path / "bad.yaml",
        "new": tmp_path / "new.html",
        "out": tmp_path / "already.html",
        "db": tmp_path / "games.db",
    }
    files["bad"].write_text("game: loup-garou\nplayers: [\n", "utf-8")
    files["out"].write_text("mine\n", "utf-8")
    if "{db}" in args:  # a Mafia evening at its first night
        made = garou("game", "new", "-g", "mafia", "--names", MAFIA_NAMES, "--seed", "1",
                     "--db", str(files["db"]))  # fmt: skip
        assert made.exit_code == 0, made.stderr
    typed = [a.format(**files) for a in args]
    run = garou(*typed, "--lang", "en", input="")
    assert run.exit_code == expected, (typed, run.stdout[-300:], run.stderr[-300:])
    assert "Traceback" not in run.stderr and (run.stderr + run.stdout).strip()
    if kind == "refused" and "{out}" in args:
        assert files["out"].read_text("utf-8") == "mine\n"  # nothing overwritten
    shown = garou(*typed, "--lang", "en", "--json", input="")
    said = json.loads(shown.stdout) if shown.stdout.strip() else {}
    if "--json" in said.get("error", {}).get("message", ""):
        return  # a command without --json (game speak, game export)
    assert shown.exit_code == expected, (shown.stdout[-300:], shown.stderr[-300:])
    if "error" in said or kind != "refused":  # a check's verdict is the JSON, not an error
        assert said["error"]["exit_code"] == expected


def test_game_speak_tells_what_another_screen_recorded_during_the_farewell(
    garou, book, tmp_path, monkeypatch
):
    from garou.cli.commands import game_play, mafia_play
    from garou.core.catalogue import say
    from tests.test_mafia_review3 import Table

    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Cid", nominee="Hal")
    t.add("close-nominations")
    t.add("vote", votes={n: "Bob" for n in ("Ana", "Cid", "Dan", "Eve", "Fay", "Gus")})
    assert t.status()["farewell_due"] == ["Bob"]
    real = game_play.Session.ask
    question = say("mafia.play.best-move", "en", most=3).split(":")[0]

    def ask(self, text, default=None):
        if text.startswith(question) and t.journal.events(t.id)[-1].kind != "foul":
            t.add("foul", player="Cid")  # the phone records a foul meanwhile
        return real(self, text, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    monkeypatch.setattr(mafia_play.MafiaSession, "timer", lambda self, *a, **k: None)
    run = garou("game", "speak", "--db", str(t.journal.path), "--lang", "en", input="Ana\n")
    assert run.exit_code == 0, (run.stdout, run.stderr)
    out = _flat(run.stdout)
    assert out.count(ELSEWHERE["en"]) == 1 and "Cid" in out.split(ELSEWHERE["en"])[1]
