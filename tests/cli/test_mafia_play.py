"""Tests of ``garou/cli/mafia_play.py``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")

from garou.game import session  # noqa: E402
from garou.game.journal import open_journal  # noqa: E402
from tests.conftest import (
    REPO,  # noqa: E402
    play_then_stop,  # noqa: E402
)
from tests.helpers import (
    BELOW_HALF,  # noqa: E402
    ELSEWHERE,  # noqa: E402
    MAFIA_ROLES,  # noqa: E402
    QUOTES,  # noqa: E402
    MafiaTable,  # noqa: E402
    Table,  # noqa: E402
    _events,  # noqa: E402
    _flat,  # noqa: E402
    _kinds,  # noqa: E402
    _new_evening,  # noqa: E402
    _Phone,  # noqa: E402
    _play,  # noqa: E402
    _to_lift,  # noqa: E402
    mafia_at_the_vote,  # noqa: E402
)
from tests.helpers import MAFIA_NAMES as MAFIA  # noqa: E402
from tests.helpers import MAFIA_NAMES as NAMES  # noqa: E402
from tests.web import test_mafia as mf  # noqa: E402


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("when", ["at-the-prompt", "while-it-runs"])
def test_the_terminal_never_times_a_speech_recorded_on_another_screen(db, book, when):
    """F16: ``garou game play`` asks for Ana's speech; the phone records it (before Enter,
    or while the countdown runs): the terminal says so and goes on to Bob's speech, with
    no countdown for Ana written after her speech, and no refusal at the end."""
    import contextlib
    import io

    from rich.console import Console

    from garou.cli.commands.game_play import _Changed
    from garou.cli.commands.mafia_play import MafiaSession
    from garou.game import session

    game_id = mf.new_game(db, book, mf.load(mf.GAMES / "mafia-town-wins.yaml"))
    elsewhere = open_journal(db)  # the phone's connection to the same journal

    def phone_ends_the_speech() -> None:
        session.record(elsewhere, book, game_id, "speech", {"player": "Ana", "seconds": 60})

    class Clock:
        now_at = 1_000_000.0

        @classmethod
        def now(cls) -> float:
            return cls.now_at

        wall = now

        @classmethod
        def sleep(cls, seconds: float) -> None:
            cls.now_at += seconds
            if when == "while-it-runs" and cls.now_at - 1_000_000.0 == 5:
                phone_ends_the_speech()

    out = io.StringIO()
    with open_journal(db) as journal:
        session.record(journal, book, game_id, "day", {})
        terminal = MafiaSession(journal, book, game_id, "en", Console(file=out, width=200),
                                Clock, True)  # fmt: skip

        def ask(question: str, default: str | None = None) -> str:
            if when == "at-the-prompt":
                phone_ends_the_speech()
            return ""

        terminal.ask = ask  # type: ignore[method-assign]
        # Told, then the play loop asks the step anew from the state (left5's _Changed).
        with contextlib.suppress(_Changed):
            terminal.day(terminal.state())
        events = journal.events(game_id)
    elsewhere.close()
    speech = next(e.seq for e in events if e.kind == "speech")
    after = [e for e in events if e.seq > speech]
    text = out.getvalue()
    assert "Recorded on another screen" in text and "already spoken" not in text
    assert after == []  # nothing written for Ana once her speech was recorded
    timers = [e.data["action"] for e in events if e.kind == "timer"]
    assert timers == ([] if when == "at-the-prompt" else ["start"])
    assert Clock.now_at - 1_000_000.0 <= 5  # the countdown never ran on
    assert [e.kind for e in events].count("speech") == 1


@pytest.mark.parametrize("stop", ["eof", "ctrl-c"])
def test_the_mafia_ballots_typed_before_a_stop_are_kept_and_the_vote_resumes(
    garou, tmp_path, monkeypatch, stop
):
    db = mafia_at_the_vote(garou, tmp_path, [("1", "8"), ("2", "3"), ("4", "5")])
    first = ["", "1,2,3"]  # no more nominations; the votes against 8; then the stop
    play_then_stop(garou, monkeypatch, db, first, "4\n", stop)
    exported = yaml.safe_load(garou("game", "export", "--db", db).stdout)
    assert exported["events"][-1]["kind"] == "close-nominations"  # no vote yet
    run = garou("game", "play", "--db", db, "--lang", "en", "--no-countdown", input="4,5\n")
    out = " ".join(run.stdout.split())
    assert "votes against 8" not in out and "votes against 3" in out  # resumed
    events = yaml.safe_load(garou("game", "export", "--db", db).stdout)["events"]
    vote = [e for e in events if e["kind"] == "vote"][-1]
    against = {voter: nominee for voter, nominee in vote["votes"].items()}
    assert {v for v, n in against.items() if n == "8"} == {"1", "2", "3"}
    assert {v for v, n in against.items() if n == "3"} == {"4", "5"}


@pytest.mark.parametrize("stop", ["eof", "ctrl-c"])
@pytest.mark.parametrize("typed", [0, 1])
def test_a_vote_stopped_and_resumed_never_asks_for_nominations_again(
    garou, tmp_path, monkeypatch, stop, typed
):
    """Stopped in the vote after ``typed`` nominees' ballots: the closing is in the
    journal, the resumed session asks the next nominee's ballots, not the nominations."""
    from tests.conftest import play_then_stop

    db = mafia_at_the_vote(garou, tmp_path)
    answers = ["", "1,2,3", "4,5"][: typed + 1]
    play_then_stop(garou, monkeypatch, db, answers, "6\n", stop)
    assert _events(garou, db)[-1]["kind"] == "close-nominations"
    rest = ["1,2,3", "4,5"][typed:]
    answers = "\n".join([*rest, "q"]) + "\n"
    run = garou("game", "play", "--db", db, "--lang", "en", "--no-countdown", input=answers)
    out = " ".join(run.stdout.split())
    assert "Nomination" not in out  # the prompt "Nomination "WHO NOMINEE"" never comes back
    vote = [e for e in _events(garou, db) if e["kind"] == "vote"][-1]
    assert {v for v, n in vote["votes"].items() if n == "8"} == {"1", "2", "3"}
    assert {v for v, n in vote["votes"].items() if n == "3"} == {"4", "5"}


@pytest.mark.parametrize("stop", ["eof", "ctrl-c"])
def test_a_foul_typed_in_the_vote_keeps_the_ballots_across_a_stop(
    garou, tmp_path, monkeypatch, stop
):
    """The reported case: a foul typed at a ballot prompt, then a stop before the next
    answer: the resumed vote keeps the ballots, says the foul, asks the next nominee."""
    from tests.conftest import play_then_stop

    db = mafia_at_the_vote(garou, tmp_path)
    play_then_stop(garou, monkeypatch, db, ["", "1,2,3", "foul 3"], "4\n", stop)
    kinds = [e["kind"] for e in _events(garou, db)]
    assert kinds[-2:] == ["close-nominations", "foul"]
    run = garou("game", "play", "--db", db, "--lang", "en", "--no-countdown", input="4,5\nq\n")
    out = " ".join(run.stdout.split())
    assert "Recorded since these ballots were typed: a foul for 3" in out
    assert "the ballots of 1, 2 and 3 are kept" in out
    vote = [e for e in _events(garou, db) if e["kind"] == "vote"][-1]
    assert vote["votes"] == {"1": "8", "2": "8", "3": "8", "4": "3", "5": "3"}


def test_the_phone_and_the_terminal_share_the_mafia_ballot_draft(garou, tmp_path, monkeypatch):
    """Picked on the phone, kept without "Count the vote": a reloaded page shows them, the
    terminal resumes with them; typed in the terminal then stopped: the phone shows them."""
    from tests.conftest import play_then_stop

    db = mafia_at_the_vote(garou, tmp_path)
    garou("game", "add", "close-nominations", "--db", db)
    phone = _Phone(db)
    assert phone.step() == "vote"
    sent = phone.post("draft", {"kind": "vote", "ballot.1": "8", "ballot.2": "8", "ballot.4": "3"})
    assert sent.status_code == 200 and sent.get_json()["saved"] is True
    page = phone.page()
    for voter, nominee in (("1", "8"), ("2", "8"), ("4", "3")):
        shown = re.search(rf'name="ballot\.{voter}"[^>]*>(.*?)</select>', page, re.S)
        assert shown and f'value="{nominee}" selected' in shown.group(1)
    assert 'name="ballot.3"' in page and 'value="8" selected' not in re.search(
        r'name="ballot\.3"[^>]*>(.*?)</select>', page, re.S
    ).group(1)
    run = garou("game", "play", "--db", db, "--lang", "en", "--no-countdown", input="3\nq\n")
    out = " ".join(run.stdout.split())
    assert "the ballots of 1, 2 and 4 are kept" in out
    # the terminal asked the nominees not answered yet; its answers are in the same draft
    vote = [e for e in _events(garou, db) if e["kind"] == "vote"]
    assert not vote or vote[-1]["votes"]["1"] == "8"
    # the other way: typed in the terminal, stopped; the phone shows them
    db2 = mafia_at_the_vote(garou, tmp_path / "b")
    play_then_stop(garou, monkeypatch, db2, ["", "1,2,3"], "4\n", "ctrl-c")
    page = _Phone(db2).page()
    for voter in ("1", "2", "3"):
        shown = re.search(rf'name="ballot\.{voter}"[^>]*>(.*?)</select>', page, re.S)
        assert shown and 'value="8" selected' in shown.group(1)
    # counted on the phone: the draft is gone with it
    phone2 = _Phone(db2)
    assert phone2.post("record", {"kind": "vote", "ballot.1": "8"}).status_code == 303
    from garou.game.journal import open_journal
    from garou.game.mafia_script import DRAFT

    with open_journal(db2) as journal:
        assert journal.kept_draft(1, DRAFT) is None


def test_the_crown_asks_for_one_player_and_says_so():
    from garou.cli.commands.mafia_play import MafiaSession

    session = MafiaSession.__new__(MafiaSession)
    session.lang, shown = "en", []
    answers = iter(["Ana, Cal", "Cla", "Cal"])
    session.show = lambda text, style="": shown.append(text)  # type: ignore[method-assign]
    session.prompt = lambda question, default=None: next(answers)  # type: ignore[method-assign]
    session.seat_numbers = lambda options: {}  # type: ignore[method-assign]
    assert session.name("Crown", ["Ana", "Cal"], empty=True) == "Cal"
    assert not any("one or more" in s for s in shown), shown
    assert sum("Choose among" in s for s in shown) == 2 and "'Cla': did you mean Cal?" in shown


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Victory: the Town!"), ("fr", "Victoire : la Ville !")]
)
def test_the_end_of_a_mafia_evening_is_a_sentence_to_read(garou, tmp_path, lang, said):
    db = str(tmp_path / "g.sqlite")
    garou("game", "import", str(REPO / "tests/data/games/mafia-town-wins.yaml"), "--db", db)
    # the last vote's player gives the farewell first (three questions: Enter for none)
    out = garou("game", "play", "--db", db, "--lang", lang, input="\n\n\nq\n").stdout
    read = [line for line in out.splitlines() if said.split()[0] in line]
    out = " ".join(out.split()).replace("\xa0", " ")
    assert said in out and "finie, victoire" not in out
    assert read and not any("won by" in line for line in read)


NOBODY = {"fr": "personne", "en": "nobody"}


def _lift_table(book, tmp_path, yes: list[str] | None):
    """A Mafia evening at the lift vote (Bob and Hal tied twice), with ``yes`` kept as the
    lift's draft (the phone's ballots) unless None."""
    from garou.game.mafia_script import DRAFT, draft_data, lift_ballots
    from tests.helpers import Table, _to_lift

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


@pytest.mark.usefixtures("private_cache")
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


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_enter_at_the_lift_vote_without_yes_voters_is_nobody(garou, book, tmp_path, lang):
    t = _lift_table(book, tmp_path, [])
    _, votes = _lift_play(garou, t, [""], lang)
    assert votes and all(v == "no" for v in votes.values())
    t = _lift_table(book, tmp_path / "2", ["Ana"])
    _, votes = _lift_play(garou, t, [""], lang)
    assert [n for n, v in votes.items() if v == "yes"] == ["Ana"]


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_mafia_vote_recorded_on_another_screen_is_told_and_the_judges_own_foul_is_not(
    garou, book, tmp_path, monkeypatch, lang
):
    from garou.cli.commands import game_play
    from garou.core.catalogue import say
    from garou.game import session
    from tests.helpers import Table

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


def _after(shown: str, said: str) -> str:
    """What the screen shows after the sentence ``said`` (the command's, recorded)."""
    assert said in shown, shown
    return shown.split(said, 1)[1]


def _next_prompt(shown: str) -> str:
    """The first question asked in ``shown`` (up to its question mark or its options)."""
    found = re.search(r"(\S+'s speech|Who [^?]*\?|Which [^?]*\?|[^.]*\(yes or no[^)]*\))", shown)
    assert found, shown
    return found.group(0)


SANCTIONS = {
    "dq": lambda name: [f"dq {name} threats"],
    "second technical foul": lambda name: [f"tech {name} insult"] * 2,
    "third foul": lambda name: [f"foul {name}"] * 3,  # the speech lost, not the seat
    "french dq": lambda name: [f"exclure {name} menaces"],
}


@pytest.mark.parametrize("how", list(SANCTIONS))
def test_a_speaker_removed_at_their_speech_prompt_gives_no_speech(garou, book, tmp_path, how):
    t = Table(book, tmp_path)
    t.add("day")
    speaker = t.status()["speaker"]
    shown = _play(garou, t, [*SANCTIONS[how](speaker), ""])
    state = t.state()
    assert state.player(speaker).alive == (how == "third foul")
    # the next prompt names the next living speaker, and their speech is the one recorded
    nxt = t.status()["speaker"]
    spoken = [e.data.get("player") for e in t.journal.events(t.id) if e.kind == "speech"]
    assert speaker not in spoken and len(spoken) == 1 and spoken[0] != speaker
    assert spoken[0] != nxt
    last = max(e.seq for e in t.journal.events(t.id) if e.kind != "speech")
    said = [ln.text.say("en") for ln in state.story if ln.seq == last][-1]
    rest = _after(shown, said)
    assert f"{speaker}'s speech" not in rest
    assert _next_prompt(rest) == f"{spoken[0]}'s speech"


def test_a_nominee_removed_at_the_vote_prompt_is_no_longer_voted_on(garou, book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
        t.add("nominate", by=by, nominee=nominee)
    t.add("close-nominations")
    shown = _play(garou, t, ["dq Bob threats"])
    rest = _after(shown, "leaves the game")
    prompt = _next_prompt(rest)
    assert "Bob" not in prompt and prompt.startswith("Who votes")
    options = rest.split(prompt, 1)[1].split(")", 1)[0]
    assert "Bob" not in options


def test_a_voter_removed_at_the_vote_prompt_is_no_longer_offered(garou, book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal")):
        t.add("nominate", by=by, nominee=nominee)
    t.add("close-nominations")
    shown = _play(garou, t, ["dq Jon threats"])
    rest = _after(shown, "leaves the game")
    options = rest.split(_next_prompt(rest), 1)[1].split(")", 1)[0]
    assert "Jon" not in options and "Ana" in options


def test_a_player_removed_at_the_farewell_is_not_offered_the_crown(garou, book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Bob", nominee="Ana")
    t.add("vote", votes={})
    assert t.status()["farewell_due"] == ["Ana"]
    shown = _play(garou, t, ["Bob", "Bob, Hal", "dq Cid threats"])
    rest = _after(shown, "leaves the game")
    assert "farewell" in rest
    crown = re.search(r"Crown left to a living player \(Enter: none\) \(([^)]*)\)", rest)
    assert crown and "Cid" not in crown.group(1) and "Jon" in crown.group(1), rest


def test_a_tied_player_removed_at_the_lift_prompt_leaves_the_lift(garou, book, tmp_path):
    t = Table(book, tmp_path)
    _to_lift(t)
    shown = _play(garou, t, ["dq Bob threats"])
    rest = _after(shown, "leaves the game")
    assert all("Bob" not in pool for pool in re.findall(r"Lift vote on ([^:]*):", rest)), rest
    assert "Bob" not in re.search(r"\? \(([^)]*)\)", rest).group(1) if "?" in rest else True


def test_the_game_over_at_a_prompt_asks_nothing_more(garou, book, tmp_path):
    t = Table(book, tmp_path)
    t.add("day")
    shown = _play(garou, t, ["ov Jon"])
    rest = _after(shown, "Jon")
    assert "'s speech" not in rest
    assert t.state().phase == "over"


ABSOLUTE = {"mf-contested-majority": "absolute-majority"}


FOLLOWS = {"fr": ("la table décide", "à la table de trancher"), "en": ("the table decides",)}
"""The words that say what follows a vote nobody won by more than half (in lower case)."""


def _below_half(t: Table) -> None:
    t.add("day")
    t.speeches()
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
        t.add("nominate", by=by, nominee=nominee)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_vote_nobody_wins_says_once_that_the_table_decides(garou, book, tmp_path, lang):
    t = Table(book, tmp_path, agreement=ABSOLUTE)
    _below_half(t)
    t.add("vote", votes=BELOW_HALF)
    seq = t.journal.events(t.id)[-1].seq
    from garou.game import session

    state = session.load(t.journal, book, t.id, lang).state  # the count said in ``lang``
    lines = [ln.text.say(lang) for ln in state.story if ln.seq == seq]
    # what follows is the table's, said in one line of the vote (the count's) and nowhere else
    said = [sum(w in line.lower() for w in FOLLOWS[lang]) for line in lines]
    assert sum(said) == 1, lines
    db = str(t.journal.path)
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang, input="q\n")
    shown = run.stdout.replace("\n", " ").lower()
    assert not any(w in shown for w in FOLLOWS[lang])  # the prompt asks, it does not tell


def test_the_terminal_asks_the_last_vote_s_farewell_before_the_points(garou, tmp_path):
    db = _new_evening(garou, tmp_path)
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    add("day")
    for name in ("Ana", "Cid", "Eve"):
        add("disqualify", f"player={name}", "behaviour=threats")
    for name in ("Bob", "Dan", "Fay", "Gus", "Hal", "Ivy", "Jon"):
        assert add("speech", f"player={name}").exit_code == 0
    add("nominate", "by=Bob", "nominee=Gus")
    assert add("vote", "votes={}").exit_code == 0
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", "en",
                input="Bob\nBob, Hal, Fay\n\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    # the farewell is given, then the points are listed (the status line may say who won)
    assert run.stdout.index("Gus's farewell recorded") < run.stdout.index("Classic ")
    status = garou("game", "status", "--db", db, "--json").json()
    assert status["farewell_due"] == []


def test_the_terminal_asks_what_the_table_decided_in_either_language(garou, tmp_path):
    agreement = tmp_path / "a.yaml"
    made = garou("house", "pick", "-g", "mafia", "--defaults", "--set",
                 "mf-contested-majority=absolute-majority", "-o", str(agreement))  # fmt: skip
    assert made.exit_code == 0, made.stderr
    db = _new_evening(garou, tmp_path, "--agreement", str(agreement))
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    add("day")
    for name in NAMES:
        add("speech", f"player={name}")
    for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay")):
        add("nominate", f"by={by}", f"nominee={nominee}")
    votes = ", ".join(f"{k}: {v}" for k, v in BELOW_HALF.items())
    assert add("vote", f"votes={{{votes}}}").exit_code == 0
    for lang, word in (("fr", "nobody"), ("en", "personne")):  # each language's word, both
        run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                    input=f"peut-être\n{word}\nq\n")  # fmt: skip
        assert run.exit_code == 0, run.stderr
        status = garou("game", "status", "--db", db, "--json").json()
        assert status["vote_round"] is None and all(p["alive"] for p in status["players"])
        assert garou("game", "undo", "--db", db).exit_code == 0


@pytest.mark.parametrize("stop", ["ctrl-c", "eof"])
def test_a_farewell_stopped_midway_keeps_its_answers_and_its_countdown(
    garou, monkeypatch, tmp_path, stop
):
    from garou.cli.commands import mafia_play
    from tests.conftest import play_then_stop

    db = _new_evening(garou, tmp_path)
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    add("day")
    for name in NAMES:
        add("speech", f"player={name}")
    add("nominate", "by=Bob", "nominee=Ana")
    add("vote", "votes={}")
    timed: list[int] = []
    monkeypatch.setattr(
        mafia_play.MafiaSession, "timer", lambda self, s, label=None: timed.append(s)
    )
    play_then_stop(garou, monkeypatch, db, ["Bob, Hal", "Bob, Hal, Fay"], "Jon\n", stop)
    assert garou("game", "status", "--db", db, "--json").json()["farewell_due"] == ["Ana"]
    run = garou("game", "play", "--db", db, "--lang", "en", input="Jon\nq\n")
    assert "Ana's farewell resumed" in run.stdout
    assert "Best move" not in run.stdout and "Testament" not in run.stdout
    assert timed == [60]  # the countdown ran once, not again on resume
    events = garou("game", "export", "--db", db, "-o", "-").stdout
    farewell = [line for line in events.splitlines() if "kind: farewell" in line]
    assert len(farewell) == 1 and "best_move: [Bob, Hal]" in farewell[0]
    assert "suspects: [Bob, Hal, Fay]" in farewell[0] and "crown: Jon" in farewell[0]


def _words(command):
    from garou.core.catalogue import say

    return [
        w.strip() for lang in ("fr", "en") for w in say(f"mafia.command.{command}", lang).split(",")
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_judges_day_commands_are_taken_in_either_language(garou, tmp_path, lang):
    from garou.core.catalogue import say
    from garou.core.names import fold

    db = _new_evening(garou, tmp_path)
    garou("game", "add", "day", "--db", db)
    lines = [f"{w} Ana" for w in _words("foul")]
    lines += [
        f"{w.upper()} {p} insult"
        for w, p in zip(_words("tech"), ["Bob", "Cid", "Dan"], strict=True)
    ]
    lines += [
        f"{fold(w)} {p} threats" for w, p in zip(_words("dq"), ["Eve", "Fay", "Gus"], strict=True)
    ]
    lines += [f"{w} Ana" for w in _words("fouls")]
    other = "en" if lang == "fr" else "fr"  # the other language's word ends the evening
    lines += [f"{say('mafia.command.ov', other).split(',')[0]} Jon"]
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join([*lines, "q"]) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    events = garou("game", "export", "--db", db, "-o", "-").stdout
    counts = {k: events.count(f"kind: {k},") for k in ("foul", "technical-foul", "disqualify")}
    assert counts == {"foul": 2, "technical-foul": 3, "disqualify": 3}
    assert "kind: opponent-victory, player: Jon" in events
    shown = run.stdout.replace("\n", " ")
    assert f"{say('mafia.command.foul', lang)} " in shown  # the prompt names the lang's word


def _mafia_at_vote(book, tmp_path: Path) -> tuple[str, int]:
    from garou.game.mafia import start_data

    db = tmp_path / "m.sqlite"
    with open_journal(db, create=True) as journal:
        data = start_data(book.game("mafia"), MAFIA, roles=MAFIA_ROLES)
        game_id = session.new_game(journal, book, data)

        def add(kind, **data):
            return session.record(journal, book, game_id, kind, data, "en").state

        add("day")
        while (speaker := session.status(journal, book, game_id, "en")["speaker"]) is not None:
            add("speech", player=speaker)
        for by, nominee in (("Ana", "Bob"), ("Cid", "Hal"), ("Eve", "Fay"), ("Ivy", "Gus")):
            add("nominate", by=by, nominee=nominee)
        add("close-nominations")
    return str(db), game_id


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_undo_inside_the_mafia_vote_takes_back_the_last_nominee_s_ballots(garou, tmp_path, lang):
    from garou.core.catalogue import say
    from garou.rules import load_rules

    book = load_rules()
    undo = "annuler" if lang == "fr" else "undo"
    db, game_id = _mafia_at_vote(book, tmp_path)
    before = _kinds(db)
    typed = ["Ana, Cid", "Dan", undo, "q"]  # Bob, Hal typed, then undo at Fay
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join(typed) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert _kinds(db) == before
    assert _flat(say("game.play.votes-back", lang, name="Hal")) in _flat(run.stdout)
    with open_journal(db) as journal:
        kept = journal.kept_draft(game_id, "mafia-vote")
    assert kept is not None and kept[1]["done"] == ["Bob"]
    assert kept[1]["votes"] == {"Ana": "Bob", "Cid": "Bob"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_farewell_leaves_out_a_disqualified_player_and_says_who_has_left(garou, tmp_path, lang):
    from garou.core.catalogue import say

    db = str(tmp_path / "m.sqlite")
    deal = ",".join(f"{p}={r}" for p, r in MAFIA_ROLES.items())
    garou("game", "new", "--game", "mafia", "--names", ",".join(MAFIA), "--deal", deal,
          "--db", db)  # fmt: skip
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    add("day")
    assert add("disqualify", "player=Gus", "behaviour=threats").exit_code == 0
    for name in MAFIA:
        if name != "Gus":
            assert add("speech", f"player={name}").exit_code == 0
    add("nominate", "by=Bob", "nominee=Hal")
    assert add("vote", "votes={}").exit_code == 0
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="Bob\nBob\nGus\n\nq\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    out = _flat(run.stdout)
    best = _flat(say("mafia.play.best-move", lang, most=3))
    offered = out.split(best)[1].split(")")[0]
    assert "Gus" not in offered and "Ana" in offered
    assert _flat(say("cause.disqualified", lang)) in out.split("Gus", 1)[-1]
    assert "Ida" not in out.split(_flat(say("mafia.play.crown", lang)))[-1].split("Gus")[0]


# --- a prompt never records into a game that moved; the judge's own foul is not another
# screen's; the export speaks the language (issue 24) ------------------------------------


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_prompt_drawn_before_another_screen_recorded_asks_anew(
    garou, book, tmp_path, monkeypatch, lang
):
    from garou.cli.commands import game_play
    from garou.game import session
    from garou.game.journal import open_journal

    t = MafiaTable(book, tmp_path, agreement={"mf-setting-first-night-checks": "from-night-2"})
    real, asked = game_play.Session.ask, []

    def ask(self, question, default=None):
        asked.append(question)
        if len(asked) == 1:  # the meeting's countdown question: the phone ends the night
            with open_journal(t.journal.path) as phone:
                session.record(phone, book, t.id, "day", {}, lang)
        return real(self, question, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    run = garou("game", "play", "--db", str(t.journal.path), "--lang", lang, input="n\nq\n")
    assert run.exit_code == 0, run.stderr
    assert [e.kind for e in t.journal.events(t.id)].count("day") == 1
    assert ELSEWHERE[lang] in run.stdout
    assert "Erreur" not in run.stdout and "Error" not in run.stdout


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_foul_typed_at_a_speech_prompt_is_the_judge_s_own_and_enter_still_counts(
    garou, book, tmp_path, lang
):
    t = MafiaTable(book, tmp_path)
    t.add("don-check", target="Ana")
    t.add("sheriff-check", target="Bob")
    t.add("day")
    word = "faute" if lang == "fr" else "foul"
    run = garou("game", "play", "--db", str(t.journal.path), "--no-countdown", "--lang", lang,
                input=f"{word} Ana\n\nq\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    assert ELSEWHERE[lang] not in run.stdout
    kinds = [(e.kind, e.data.get("player")) for e in t.journal.events(t.id)]
    assert kinds[-2:] == [("foul", "Ana"), ("speech", "Ana")]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "garou game import FICHIER la rejoue"), ("en", "garou game import FILE replays it")],
)
def test_the_export_s_comments_follow_the_language(garou, book, tmp_path, lang, said):
    t = MafiaTable(book, tmp_path)
    out = tmp_path / "record.yaml"
    run = garou("game", "export", "--db", str(t.journal.path), "--lang", lang, "-o", str(out))
    assert run.exit_code == 0, run.stderr
    text = out.read_text(encoding="utf-8")
    assert said in text.splitlines()[0]
    events = next(line for line in text.splitlines() if line.startswith("events:"))
    assert ("1 est le début" if lang == "fr" else "1 is the start") in events


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_ballots_the_judges_phone_types_during_the_vote_are_kept_and_told(
    garou, tmp_path, monkeypatch, lang
):
    from garou.cli.commands import game_play
    from garou.core.catalogue import say
    from garou.game.mafia_script import DRAFT, draft_data
    from garou.rules import load_rules

    book = load_rules()
    db, game_id = _mafia_at_vote(book, tmp_path)
    real = game_play.Session.ask

    def ask(self, question, default=None):
        if question.startswith(say("mafia.play.votes", lang, name="Hal")):
            with open_journal(db) as journal:  # the judge's phone, on the same vote
                state = session.load(journal, book, game_id, lang).state
                kept = journal.draft(game_id, DRAFT)
                votes = {**kept["votes"], "Cid": "Fay", "Jon": "Gus"}  # Cid's changed, Jon's new
                revision = journal.draft_revision(game_id, DRAFT)
                draft = draft_data(state, votes, kept["done"])
                journal.save_draft(game_id, DRAFT, draft, revision)
        return real(self, question, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    typed = ["Ana, Cid", "Dan", "Eve", "q"]  # against Bob, then Hal, then Fay; Gus: the rest
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join(typed) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    out = _flat(run.stdout)
    assert _flat(say("game.draft.ballot-elsewhere", lang, voter="Cid", target="Fay")) in out
    assert _flat(say("game.draft.ballot-elsewhere", lang, voter="Jon", target="Gus")) in out
    with open_journal(db) as journal:
        vote = [e for e in journal.events(game_id) if e.kind == "vote"][-1].data["votes"]
    assert (vote["Ana"], vote["Cid"], vote["Dan"], vote["Eve"], vote["Jon"]) == (
        "Bob", "Fay", "Hal", "Fay", "Gus"
    )  # fmt: skip
