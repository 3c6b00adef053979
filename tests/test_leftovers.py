"""The live game's and the CLI's leftovers of the third hostile review: a prompt that names
a player a command typed at it just removed, the table's decision said once, the agreement
sheet's absolute majority, the recap's label lines, the stale drafts of the lift vote and
of the Loup-Garou show of hands, the catalogue keys no code uses."""

from __future__ import annotations

import re

import pytest

from .test_mafia_review3 import BELOW_HALF, Table

# --- 1: a prompt never names a player a command typed at it just removed ------------------


def _play(garou, t: Table, lines: list[str], lang: str = "en") -> str:
    db = str(t.journal.path)
    run = garou("game", "play", "--db", db, "--no-countdown", "--lang", lang,
                input="\n".join([*lines, "q"]) + "\n")  # fmt: skip
    assert run.exit_code == 0, run.stderr
    return run.stdout.replace("\n", " ")


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


def _to_lift(t: Table) -> None:
    """Bob and Hal tied twice: the lift vote."""
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Cid", nominee="Hal")
    half = {n: "Bob" for n in ("Ana", "Cid", "Dan", "Eve", "Fay")}
    t.add("vote", votes=half)
    t.speeches()
    t.add("vote", votes=half)
    assert t.state().vote_round == "lift"


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


# --- 2: the table decides, said once ------------------------------------------------------


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


# --- 5: the lift vote's and the show of hands' drafts checked against what came since -----


def test_the_lift_vote_takes_the_phones_ballots_checked_against_what_came_since(
    garou, book, tmp_path
):
    from garou.game.mafia_script import DRAFT, draft_data, lift_ballots

    t = Table(book, tmp_path)
    _to_lift(t)
    state = t.state()
    t.journal.save_draft(t.id, DRAFT, draft_data(state, lift_ballots(state, ["Ana", "Jon"])))
    t.add("foul", player="Cid")
    t.add("disqualify", player="Jon", behaviour="threats")
    shown = _play(garou, t, [""])  # Enter: the ballots kept
    assert "Recorded since these ballots were typed" in shown
    assert "Jon's ballot (against yes) is dropped" in shown
    lift = [e for e in t.journal.events(t.id) if e.kind == "vote"][-1].data["votes"]
    assert "Jon" not in lift and lift["Ana"] == "yes"
    assert sum(v == "yes" for v in lift.values()) == 1


LG_SETUP = {
    "game": "loup-garou",
    "players": 6,
    "roles": {"loup-garou": 2, "voyante": 1, "villageois": 3},
    "names": ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay"],
}


def _lg_day(garou, tmp_path):
    """A Loup-Garou game at its first day's vote (Cid killed in the night)."""
    import yaml

    setup = tmp_path / "t6.yaml"
    setup.write_text(yaml.safe_dump(LG_SETUP))
    db = str(tmp_path / "lg.sqlite")
    new = garou("game", "new", "--setup", str(setup), "--deal",
                "Ana=voyante,Bob=loup-garou,Eve=loup-garou", "--db", db)  # fmt: skip
    assert new.exit_code == 0, new.stderr
    add = lambda *a: garou("game", "add", *a, "--db", db, "--lang", "en")  # noqa: E731
    night = (("look", "target=Bob"), ("kill", "victim=Cid"), ("dawn",))
    for args in (*night, ("election", "captain=Ana")):
        done = add(*args)
        assert done.exit_code == 0, done.stderr
    return db


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
    assert "Recorded since these ballots were typed" in shown
    assert "Dee's ballot (against Ana) is dropped: Dee is out of the game" in shown
    assert "Ana's ballot against Dee is dropped: Dee is no longer on the vote" in shown
    # Eve raised no hand and stays asked; Ana and Bob vote again, Cid (alive now) votes
    prompts = re.findall(r"(\w+) votes against \(", shown)
    assert prompts[:3] == ["Ana", "Bob", "Cid"], shown
    votes = [e for e in journal.events(game_id) if e.kind == "vote"][-1].data["votes"]
    assert "Dee" not in votes and set(votes.values()) == {"Bob"}


def test_the_show_of_hands_of_another_vote_is_abandoned_said(garou, tmp_path):
    from garou.game import session
    from garou.game.journal import open_journal
    from garou.game.script import BALLOT_DRAFT
    from garou.rules import load_rules

    db = _lg_day(garou, tmp_path)
    journal = open_journal(db)
    game_id = journal.games()[-1].id
    other = {"day": 1, "round": "revote", "votes": {"Ana": "Bob"}, "asked": ["Ana"]}
    journal.save_draft(game_id, BALLOT_DRAFT, other)
    ballots = session.lg_ballots(journal, load_rules(), game_id, "en")
    assert ballots.votes == {} and ballots.asked == ()
    told = [p.say("en") for p in ballots.told]
    assert told[-1].startswith("The ballot typed for a vote already held")


# --- 4: every label line of the recap is said whole, its value's article in lower case ----

GAMES = sorted((__import__("pathlib").Path(__file__).parent / "data" / "games").glob("*.yaml"))
ARTICLE_AFTER_LABEL = {
    "fr": re.compile(r"\S\s?[:;]\s(Le|La|Les|L['’])[\s\w]"),
    "en": re.compile(r"\S[:;]\s(The)\s"),
}
"""A capitalised article after a label's colon, mid-line: a value glued outside ``say``."""


def _text(page: str) -> list[str]:
    import html

    return [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in page.splitlines()]


@pytest.mark.parametrize("record", GAMES, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_recap_label_line_keeps_its_value_s_capital_article(garou, tmp_path, record, lang):
    db = str(tmp_path / "g.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    shown = {}
    for fmt in ("terminal", "md", "html"):
        args = [] if fmt == "terminal" else ["--format", fmt, "-o", "-"]
        run = garou("game", "recap", *args, "--db", db, "--lang", lang)
        assert run.exit_code == 0, run.stderr
        shown[fmt] = _text(run.stdout)
    winner = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()["winner"]
    for fmt, lines in shown.items():
        wrong = [ln for ln in lines if ARTICLE_AFTER_LABEL[lang].search(ln)]
        assert not wrong, (fmt, wrong)
        if winner:  # the winner's line is there, in every format, the camp's name said
            article = re.match(r"(Le|La|Les|L'|The) ", winner)
            mid = winner[0].lower() + winner[1:] if article else winner
            assert any(mid in ln for ln in lines), (fmt, winner)
