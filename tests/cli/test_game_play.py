"""Tests of ``garou/cli/game_play.py``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from garou.game import session
from garou.game.journal import open_journal
from tests.conftest import play_then_stop
from tests.helpers import (
    ACTIONS,
    CASES,
    DEAL,
    DEAL6,
    LONE,
    LONE_DEAL,
    NAMES,
    NIGHT1,
    NIGHT_WORDS,
    ODD_NAMES,
    ROLES,
    TABLE6,
    TO_WITCH,
    TWO,
    VOTE_WORDS,
    WITHOUT,
    _day_one,
    _flat,
    _game,
    _kinds,
    _lg_day,
    _Phone,
    _twelve,
    lg_setup,
)
from tests.helpers import MAFIA_GAME_ARGS as MAFIA


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_terminal_reads_the_vote_as_a_vote(garou, tmp_path, lang):
    db = str(tmp_path / "g.sqlite")
    setup = lg_setup(tmp_path, {"loup-garou": 1, "voyante": 1, "villageois": 3}, NAMES[:5])
    garou(
        "game", "new", "--setup", str(setup), "--db", db, "--deal", "Alice=loup-garou,Bruno=voyante"
    )
    answers = [
        "",
        "Alice",
        "Chloé",
        "oui",
        "",
        "",
        "Bruno",
        "non",
        "Alice",
        "Alice",
        "Driss",
        "Alice",
    ]
    run = garou("game", "play", "--db", db, "--lang", lang, input="\n".join(answers) + "\n")
    out = " ".join(run.stdout.replace("\u00a0", " ").split())
    card = {"en": "Werewolf", "fr": "Loup-Garou"}[lang]
    assert f"{VOTE_WORDS[lang]}: Alice ({card})" in out.replace(" :", ":"), out
    # the morning's announcement came once, before the vote; the vote's is not a night's
    after_vote = out[out.index(VOTE_WORDS[lang]) :]
    assert not any(w in after_vote for w in NIGHT_WORDS[lang])


TO_THE_VOTE = ["", "Alice", "Chloé", "oui", "", "", "Bruno", "non"]  # night 1, captain Bruno


def _six(garou, tmp_path: Path) -> str:
    db = str(tmp_path / "g.sqlite")
    setup = lg_setup(tmp_path, TABLE6, NAMES[:5])
    garou("game", "new", "--setup", str(setup), "--db", db, "--deal", DEAL6)
    return db


@pytest.mark.parametrize("stop", ["eof", "ctrl-c"])
def test_the_ballots_typed_before_a_stop_are_kept_and_the_vote_resumes(
    garou, tmp_path, monkeypatch, stop
):
    db = _six(garou, tmp_path)
    first = [*TO_THE_VOTE, "Driss", ""]  # Alice's ballot, Bruno's (no vote); then the stop
    play_then_stop(garou, monkeypatch, db, first, "Emma\n", stop)
    exported = garou("game", "export", "--db", db).stdout
    assert yaml.safe_load(exported)["events"][-1]["kind"] == "election"  # no vote yet
    run = garou("game", "play", "--db", db, "--lang", "en", input="Alice\nAlice\nq\n")
    out = " ".join(run.stdout.split())
    assert "Bruno votes against" not in out and "Driss votes against" in out  # resumed
    assert "Debate" not in out  # the debate was held before the stop
    events = garou("game", "export", "--db", db).stdout
    vote = yaml.safe_load(events)["events"][-1]
    assert vote == {
        "kind": "vote",
        "votes": {"Alice": "Driss", "Driss": "Alice", "Emma": "Alice"},
    }


def test_who_wakes_up_never_offers_a_known_card_and_refuses_it_at_once(garou, tmp_path):
    db = str(tmp_path / "g.sqlite")
    roles = {"loup-garou": 2, "voyante": 1, "cupidon": 1, "villageois": 4}
    garou("game", "new", "--setup", str(lg_setup(tmp_path, roles)), "--db", db)
    answers = ["Alice", "Bruno, Chloé", "Alice", "Driss", "Emma", "Villager", "Alice, Driss", "q"]
    run = garou("game", "play", "--db", db, "--lang", "en", input="\n".join(answers) + "\n")
    out = " ".join(run.stdout.split())
    seer = re.findall(r"Who wakes up \(Seer, 1 player\)\? \(([^)]*)\)", out)
    assert len(seer) == 2 and all("Alice" not in s.split(", ") for s in seer)  # asked again
    assert "Give 1 name among Bruno" in out  # Alice (Cupid) refused at once
    wolves = re.findall(r"Who wakes up \(Werewolf, 2 players\)\? \(([^)]*)\)", out)
    assert wolves and not {"Alice", "Driss"} & set(wolves[0].split(", "))
    status = garou("game", "status", "--db", db, "--json").json()
    assert status["looks"][0]["target"] == "Emma"  # nothing lost on the way


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_speech_prompt_answers_an_unknown_word_with_the_commands(garou, tmp_path, lang):
    db = str(tmp_path / "g.sqlite")
    garou("game", "new", *MAFIA, "--db", db)
    garou("game", "add", "day", "--db", db)
    run = garou("game", "play", "--db", db, "--lang", lang, "--no-countdown",
                input="help\n2\nbonjour tout\nq\n")  # fmt: skip
    out = " ".join(run.stdout.replace("\u00a0", " ").split())
    unknown = {"en": "unknown command", "fr": "commande inconnue"}[lang]
    assert out.count(unknown) == 2 and ("'2'" in out or "« 2 »" in out), out
    assert out.count("foul NAME" if lang == "en" else "faute NOM") >= 3  # the list, each time
    exported = yaml.safe_load(garou("game", "export", "--db", db).stdout)
    assert [e["kind"] for e in exported["events"]] == ["day"]  # nothing recorded meanwhile


def test_the_phone_keeps_the_loup_garou_show_of_hands_as_the_terminal(book, garou, tmp_path):
    from garou.game import session
    from garou.game.journal import Journal

    db = str(tmp_path / "games.sqlite")
    with Journal(db) as journal:
        game_id = _twelve(book, journal)
        for step in ("couple", "voyante", "loups", "sorciere"):
            session.record(journal, book, game_id, *ACTIONS[step])
        state = session.record(journal, book, game_id, "dawn", {}).state
        if state.day_stage() == "election":
            session.record(journal, book, game_id, "election", {"captain": "Bob"})
    phone = _Phone(db)
    assert phone.step() == "vote"
    sent = phone.post("draft", {"kind": "vote", "vote.Ana": "Eve", "vote.Bob": "Eve"})
    assert sent.status_code == 200 and sent.get_json()["saved"] is True
    page = phone.page()
    shown = re.search(r'name="vote\.Bob"[^>]*>(.*?)</select>', page, re.S)
    assert shown and 'value="Eve" selected' in shown.group(1)
    run = garou("game", "play", "--db", db, "--lang", "en", "--no-countdown", input="q\n")
    out = " ".join(run.stdout.split())
    assert "the ballots of Ana and Bob are kept" in out


def test_the_play_prompts_read_quoted_names_and_whole_names():
    from garou.cli.commands.game_play import _picked
    from garou.core.names import fold

    known = {fold(n) for n in ODD_NAMES}
    assert _picked('"Jean, fils"; "a:b"', known) == ["Jean, fils", "a:b"]
    assert _picked("Jean, fils", known) == ["Jean, fils"]  # one name, typed whole
    assert _picked("Ana, Bob", known) == ["Ana", "Bob"]
    assert _picked('"Jean, fils', known) == []


def _last(garou, db: Path) -> dict[str, Any]:
    return yaml.safe_load(garou("game", "export", "--db", str(db)).stdout)["events"][-1]


@pytest.mark.parametrize(
    ("case", "option", "wolves", "events", "answers", "asked", "never", "recorded"), CASES
)
def test_the_terminal_asks_only_what_the_agreement_allows(
    garou, tmp_path, book, case, option, wolves, events, answers, asked, never, recorded
):
    db = tmp_path / "g.sqlite"
    roles, deal = (ROLES, DEAL) if wolves == "two" else (LONE, LONE_DEAL)
    _game(db, book, {case: option}, events, roles, deal)
    run = garou("game", "play", "--db", str(db), "--lang", "en", input="\n".join(answers) + "\nq\n")
    out = " ".join(run.stdout.split())
    assert asked in out and never not in out, out
    assert "Error" not in out
    assert _last(garou, db) == recorded


# (the deal known, events before, answers before the stop, answers after, the event recorded)
STOPS = [
    (WITHOUT("Ana"), [("call", {"step": "couple"})], ["Ana", "Dee"], ["Villager"],
     {"kind": "look", "by": ["Ana"], "target": "Dee", "role": "villageois"}),
    (WITHOUT("Bob", "Eve"), NIGHT1, ["Bob, Eve"], ["Fay", "no"],
     {"kind": "kill", "by": ["Bob", "Eve"], "victim": "Fay", "decided": "game-master"}),
    (WITHOUT("Cid"), TO_WITCH, ["Cid", "yes"], ["Dee"],
     {"kind": "potions", "by": ["Cid"], "save": True, "poison": "Dee"}),
]  # fmt: skip


@pytest.mark.parametrize("stop", ["ctrl-c", "eof"])
@pytest.mark.parametrize(("deal", "events", "before", "after", "recorded"), STOPS)
def test_a_stop_inside_a_night_step_keeps_its_answers(
    garou, tmp_path, book, monkeypatch, stop, deal, events, before, after, recorded
):
    db = tmp_path / "g.sqlite"
    _game(db, book, {TWO: "both-allowed"}, events, ROLES, deal)
    play_then_stop(garou, monkeypatch, str(db), before, "Nobody\n", stop)
    assert _last(garou, db)["kind"] != recorded["kind"]  # nothing recorded yet
    run = garou("game", "play", "--db", str(db), "--lang", "en", input="\n".join(after) + "\nq\n")
    out = " ".join(run.stdout.split())
    assert "Who wakes up" not in out and "answer" in out  # resumed in the step, said so
    assert "Error" not in out
    assert _last(garou, db) == recorded


def test_a_typo_at_a_prompt_gets_a_suggestion_and_a_card_its_aliases(garou, tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, [("call", {"step": "couple"})], ROLES, WITHOUT("Eve"))
    run = garou("game", "play", "--db", str(db), "--lang", "en", input="Dae\nDee\nwolf\nq\n")
    out = " ".join(run.stdout.split())
    assert "'Dae': did you mean Dee?" in out
    assert _last(garou, db) == {"kind": "look", "target": "Dee", "role": "loup-garou"}
    run = garou("game", "play", "--db", str(db), "--lang", "fr", input="Fya\nq\n")
    assert "« Fya » : vouliez-vous dire Fay ?" in " ".join(run.stdout.split()).replace("\xa0", " ")


def test_the_show_of_hands_draft_is_checked_against_what_came_since(garou, tmp_path):
    from garou.game.journal import open_journal
    from garou.game.script import BALLOT_DRAFT

    db = _lg_day(garou, tmp_path)
    journal = open_journal(db)
    game_id = journal.games()[-1].id
    kill = next(e.seq for e in journal.events(game_id) if e.kind == "kill")
    draft = {"day": 1, "round": "first", "votes": {"Ana": "Dee", "Bob": "Dee", "Dee": "Ana"},
             "asked": ["Ana", "Bob", "Dee", "Eve"],
             "voters": ["Ana", "Bob", "Dee", "Eve", "Fay"]}  # fmt: skip
    journal.save_draft(game_id, BALLOT_DRAFT, draft)
    # recorded since, elsewhere: the night's victim was Dee, not Cid
    fixed = garou("game", "correct", str(kill), "kill", "victim=Dee", "--why", "misheard",
                  "--db", db, "--lang", "en")  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", "en",
                input="Bob\nBob\nBob\nBob\nq\n")  # fmt: skip
    shown = run.stdout.replace("\n", " ")
    assert (
        f"Recorded since these ballots were typed: a correction of event {kill} (misheard)" in shown
    )
    assert "Dee's ballot (against Ana) is dropped: Dee is out of the game" in shown
    assert "Ana's ballot against Dee is dropped: Dee is no longer on the vote" in shown
    # Eve raised no hand and stays asked; Ana and Bob vote again, Cid (alive now) votes
    prompts = re.findall(r"(\w+) votes against \(", shown)
    assert prompts[:3] == ["Ana", "Bob", "Cid"], shown
    votes = [e for e in journal.events(game_id) if e.kind == "vote"][-1].data["votes"]
    assert "Dee" not in votes and set(votes.values()) == {"Bob"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_undo_inside_a_vote_takes_back_the_last_ballot_and_an_event_needs_a_yes(
    garou, tmp_path, lang
):
    from garou.core.catalogue import say

    undo = "annuler" if lang == "fr" else "undo"
    db = _day_one(garou, tmp_path)
    before = _kinds(db)
    # at Fay's ballot: Eve's is taken back, asked again; at the captain's tie-break (2-2):
    # Fay's is; the election (event 7) stays
    typed = ["", "Bob", "Ana", "Bob", "Ana", undo, "Ana", "", undo, "q"]
    run = garou("game", "play", "--db", db, "--lang", lang, input="\n".join(typed) + "\n")
    assert run.exit_code == 0, run.stderr
    assert _kinds(db) == before
    out = _flat(run.stdout)
    assert _flat(say("game.play.ballot-back", lang, voter="Eve")) in out
    assert _flat(say("game.play.ballot-back", lang, voter="Fay")) in out
    with open_journal(db) as journal:
        draft = journal.draft(1, "ballot")
    assert draft is not None and draft["asked"] == ["Ana", "Bob", "Cid", "Eve"]
    assert draft["votes"] == {"Ana": "Bob", "Bob": "Ana", "Cid": "Bob", "Eve": "Ana"}
    # no ballot typed: the undo is the election's, asked first; Enter keeps it
    typed = [undo, "", "q"]
    run = garou("game", "play", "--db", db, "--lang", lang, input="\n".join(typed) + "\n")
    assert _kinds(db) == before  # resumed at Fay: undo took Eve's back again, no event
    with open_journal(db) as journal:
        journal.drop_draft(1, "ballot")
    run = garou("game", "play", "--db", db, "--lang", lang, input="\n".join(typed) + "\n")
    assert _kinds(db) == before
    out = _flat(run.stdout)
    assert _flat(say("game.play.undo-kept", lang)) in out
    run = garou("game", "play", "--db", db, "--lang", lang, input=f"{undo}\n{undo}\nq\n")
    assert _kinds(db) == [*before, "undo"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_vote_counted_on_another_screen_during_the_show_of_hands_is_told(
    garou, tmp_path, monkeypatch, lang
):
    from garou.cli.commands import game_play
    from garou.core.catalogue import say
    from garou.rules import load_rules

    book = load_rules()
    db = _day_one(garou, tmp_path)
    real = game_play.Session.ask

    def ask(self, question, default=None):
        if question.startswith(say("game.play.ballot", lang, voter="Cid")):
            votes = {"Ana": "Bob", "Bob": "Ana", "Cid": "Bob", "Eve": "Bob", "Fay": "Bob"}
            with open_journal(db) as journal:  # the phone counts the vote meanwhile
                session.record(journal, book, 1, "vote", {"votes": votes}, lang)
        return real(self, question, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    typed = ["", "Cid", "Cid", "Bob", "Bob", "Bob", "q"]
    run = garou("game", "play", "--db", db, "--lang", lang, input="\n".join(typed) + "\n")
    assert run.exit_code == 0, run.stderr
    out = _flat(run.stdout)
    assert _flat(say("error.prefix", lang, message="")).strip() not in out  # no refusal
    assert "Bob" in out.split(_flat(say("game.play.ballot", lang, voter="Cid")))[-1]
    assert _kinds(db).count("vote") == 1
    words = {"fr": "autre écran", "en": "another screen"}[lang]
    assert words in out
    read = {"fr": "À lire", "en": "Read aloud"}[lang]
    assert out.count(read) >= 2  # the night's read-aloud, and the vote's before it


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_ballots_a_phone_types_during_the_show_of_hands_are_kept_and_told(
    garou, tmp_path, monkeypatch, lang
):
    from garou.cli.commands import game_play
    from garou.core.catalogue import say
    from garou.game.script import BALLOT_DRAFT, ballot_draft

    db = _day_one(garou, tmp_path)
    real = game_play.Session.ask

    def ask(self, question, default=None):
        if question.startswith(say("game.play.ballot", lang, voter="Cid")):
            with open_journal(db) as journal:  # the phone, on the same show of hands
                state = session.load(journal, self.book, 1, lang).state
                kept = journal.draft(1, BALLOT_DRAFT)
                votes = {**kept["votes"], "Ana": "Cid", "Fay": "Bob"}
                asked = [*kept["asked"], "Fay"]
                revision = journal.draft_revision(1, BALLOT_DRAFT)
                journal.save_draft(1, BALLOT_DRAFT, ballot_draft(state, votes, asked), revision)
        return real(self, question, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    typed = ["", "Bob", "Ana", "Bob", "Bob", "q"]  # Ana, Bob, Cid, Eve; Fay is the phone's
    run = garou("game", "play", "--db", db, "--lang", lang, input="\n".join(typed) + "\n")
    assert run.exit_code == 0, run.stderr
    out = _flat(run.stdout)
    assert _flat(say("game.draft.ballot-elsewhere", lang, voter="Ana", target="Cid")) in out
    assert _flat(say("game.draft.ballot-elsewhere", lang, voter="Fay", target="Bob")) in out
    assert _flat(say("game.play.ballot", lang, voter="Fay")) not in out  # typed on the phone
    with open_journal(db) as journal:
        vote = [e for e in journal.events(1) if e.kind == "vote"][-1].data["votes"]
    assert vote == {"Ana": "Cid", "Bob": "Ana", "Cid": "Bob", "Eve": "Bob", "Fay": "Bob"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_step_answered_on_the_phone_while_the_terminal_asks_it_is_told_not_an_error(
    garou, tmp_path, book, monkeypatch, lang
):
    from garou.cli.commands import game_play
    from garou.core.catalogue import say

    db = tmp_path / "g.sqlite"
    _game(db, book, {}, NIGHT1)  # at the wolves' call
    real = game_play.Session.ask

    def ask(self, question, default=None):
        if question.startswith(say("game.play.victim", lang)):
            with open_journal(db) as journal:  # the phone records the wolves' victim
                session.record(journal, book, 1, "kill", {"victim": "Fay"}, lang)
        return real(self, question, default)

    monkeypatch.setattr(game_play.Session, "ask", ask)
    run = garou("game", "play", "--db", str(db), "--lang", lang, input="Dee\n\nq\n")
    assert run.exit_code == 0, run.stderr
    out = _flat(run.stdout)
    assert _flat(say("error.prefix", lang, message="")).strip() not in out, out
    assert {"fr": "autre écran", "en": "another screen"}[lang] in out
    with open_journal(db) as journal:
        kills = [e.data for e in journal.events(1) if e.kind == "kill"]
    assert kills == [{"victim": "Fay"}]  # the phone's, once; the terminal's Dee not recorded
