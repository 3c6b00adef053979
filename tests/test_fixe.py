"""The live game's fixes of wave fixe: the night script's late calls, the Mafia nominations
closed as an event, the ballot draft kept consistent (terminal and web), the recap's event
numbers in every format, the extra time said as such."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from .conftest import REPO
from .helpers import MAFIA_DEAL, mafia_at_the_vote

GAMES = REPO / "tests" / "data" / "games"
RECORDS = sorted(GAMES.glob("*.yaml"))


def _imported(garou, tmp_path: Path, record: Path) -> str:
    db = str(tmp_path / "games.sqlite")
    assert garou("game", "import", str(record), "--db", db).exit_code == 0
    return db


# --- 5: the Markdown and HTML recaps give each event's number -----------------------------


def _md_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("- ")]


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_recap_format_numbers_each_event_before_its_first_line(garou, tmp_path, record, lang):
    """The JSON recap's timeline is the truth: each event's number is written, once, before
    the first line it wrote, in Markdown and in HTML as in the terminal."""
    db = _imported(garou, tmp_path, record)
    data = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    md = garou("game", "recap", "--db", db, "-f", "md", "--lang", lang).stdout
    page = garou("game", "recap", "--db", db, "-f", "html", "--lang", lang).stdout
    md_numbered = [m.group(1) for m in re.finditer(r"^- \*\*#(\d+)\*\* ", md, re.M)]
    html_numbered = re.findall(r'<span class="seq">#(\d+)</span>', page)
    expected = []
    for part in data["timeline"]:
        last = None
        for line in part["lines"]:
            if line["seq"] != last and line["seq"]:
                expected.append(str(line["seq"]))
            last = line["seq"]
    assert expected, "the record gives no numbered line: the test would check nothing"
    assert md_numbered == expected
    assert html_numbered == expected
    # the number is the first line's: its text follows it
    plain = html.unescape(re.sub(r"<[^>]+>", "", page))
    for part in data["timeline"]:
        first = {}
        for line in part["lines"]:
            first.setdefault(line["seq"], line["text"])
        for seq, text in first.items():
            if seq:
                assert " ".join(f"#{seq} {text}".split()) in " ".join(plain.split())
    # every line is still there, none lost to the grouping
    count = sum(len(p["lines"]) for p in data["timeline"])
    timeline = md.split("\n## ")[2]
    assert len(_md_lines(timeline)) == count


# --- 6: a tied player's extra time is said as such, never as an ordinary speech ----------

EXTRA_WORDS = {"en": "extra time before the revote", "fr": "temps supplémentaire"}
SPEECH_WORDS = {"en": "'s speech", "fr": "la parole"}


def _to_first_extra_time(tmp_path: Path, order: int | None) -> tuple[Path, int, str]:
    """The tie-lift record cut just after the first tied player's extra time (at ``order``,
    None: as garou wrote it before the rules of order), its number and the player."""
    record = yaml.safe_load((GAMES / "mafia-tie-lift.yaml").read_text(encoding="utf-8"))
    events = record["events"]
    vote = next(i for i, e in enumerate(events) if e["kind"] == "vote")
    assert events[vote + 1]["kind"] == "speech"
    record["events"] = events[: vote + 2]
    if order is None:
        record["game"].pop("order", None)
    else:
        record["game"]["order"] = order
    path = tmp_path / "cut.yaml"
    path.write_text(yaml.safe_dump(record, allow_unicode=True, sort_keys=False), "utf-8")
    return path, vote + 3, events[vote + 1]["player"]  # + start, + 1: seq from 1


@pytest.mark.parametrize("order", [None, 2])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_extra_time_is_said_as_extra_time_wherever_an_event_is_said(
    garou, tmp_path, lang, order
):
    """The undo's message, the recap's corrections and undos, the web's correction list:
    each says the tied player's extra time, in both languages, at either rules of order."""
    path, seq, player = _to_first_extra_time(tmp_path, order)
    db = str(tmp_path / "games.sqlite")
    assert garou("game", "import", str(path), "--db", db).exit_code == 0
    undo = garou("game", "undo", "--db", db, "--lang", lang)  # undoes the extra time
    assert undo.exit_code == 0, undo.stderr
    said = " ".join(undo.stdout.split())
    assert EXTRA_WORDS[lang] in said and SPEECH_WORDS[lang] not in said
    recap = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    undone = [c for c in recap["corrections"] if f"#{seq}" in c or f" {seq}" in c]
    assert undone and all(EXTRA_WORDS[lang] in c for c in undone), recap["corrections"]
    # said again as the game now stands: recorded again, corrected, listed on the web
    again = garou("game", "add", "speech", f"player={player}", "seconds=60", "--db", db)
    assert again.exit_code == 0, again.stderr
    seq_again = seq + 2  # after the undo
    fixed = garou(
        "game", "correct", str(seq_again), "speech", f"player={player}", "seconds=41",
        "--why", "timer", "--db", db, "--lang", lang,
    )  # fmt: skip
    assert fixed.exit_code == 0, fixed.stderr
    recap = garou("game", "recap", "--db", db, "--json", "--lang", lang).json()
    corrected = [c for c in recap["corrections"] if "41" in c]
    assert corrected and EXTRA_WORDS[lang] in corrected[0], recap["corrections"]
    assert SPEECH_WORDS[lang] not in corrected[0]
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=Path(db))).test_client()
    page = html.unescape(client.get(f"/game/1?lang={lang}").get_data(as_text=True))
    listed = re.search(rf"<option[^>]*>{seq_again} · ([^<]*)</option>", page)
    assert listed and EXTRA_WORDS[lang] in listed.group(1), page[:200]
    # an ordinary speech of the same evening is still said as a speech
    assert re.search(rf"<option[^>]*>\d+ · [^<]*{re.escape(SPEECH_WORDS[lang])}", page)


# --- 1 (review2 #11): a role passed over at night is called late, as the warning asks -----

TWELVE = ["Ana", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Léa"]
CARDS12 = {"loup-garou": 3, "voyante": 1, "sorciere": 1, "chasseur": 1, "cupidon": 1}
CARDS12 |= {"villageois": 5}
DEAL12 = {"Ana": "cupidon", "Bob": "voyante", "Cid": "sorciere", "Dee": "chasseur"}
DEAL12 |= {"Eve": "loup-garou", "Fay": "loup-garou", "Gus": "loup-garou"}
ACTIONS = {  # each night-1 step's own event (by its step id)
    "couple": ("couple", {"lovers": ["Ivy", "Jon"]}),
    "voyante": ("look", {"target": "Eve"}),
    "loups": ("kill", {"victim": "Hal"}),
    "sorciere": ("potions", {}),
}
# (the steps passed over, the later step recorded first): every order the document allows
# (the witch never before the wolves: lg-mistake-witch-first)
PASSED = [
    (("couple",), "voyante"),
    (("couple",), "loups"),
    (("voyante",), "loups"),
    (("couple", "voyante"), "loups"),
    (("couple", "voyante"), "sorciere"),
]


def _twelve(book, journal):
    from garou.game import session

    start = {"game": "loup-garou", "players": TWELVE, "roles": CARDS12, "deal": DEAL12}
    return session.new_game(journal, book, start)


@pytest.mark.parametrize(("passed", "first"), PASSED, ids=lambda v: str(v))
@pytest.mark.parametrize("how", ["call", "action"])
def test_a_step_passed_over_is_called_late_and_the_warning_says_how(
    book, journal, passed, first, how
):
    from garou.game import script, session
    from garou.game.table import warnings

    game_id = _twelve(book, journal)
    steps = [s.id for s in session.load(journal, book, game_id).state.steps()]
    for step in steps[: steps.index(first)]:
        if step not in passed:
            session.record(journal, book, game_id, *ACTIONS[step])
    state = session.record(journal, book, game_id, *ACTIONS[first]).state
    warned = {w.code: w for w in warnings(state)}
    for step in passed:
        text = warned[f"skipped-{step}"].text.say("en")
        assert "call step=" in text and "before dawn" in text
    # the script offers the first step passed over, then the next, then goes on
    for step in passed:
        assert script.next_step(state).night_step.id == step
        if how == "call":
            state = session.record(journal, book, game_id, "call", {"step": step}).state
        else:
            state = session.record(journal, book, game_id, *ACTIONS[step]).state
        assert f"skipped-{step}" not in {w.code for w in warnings(state)}
        late = [line for line in state.story if line.text.key.startswith("game.story.late.")]
        assert late[-1].hidden and late[-1].seq == len(journal.events(game_id))
    done = set(state.done)
    left = [s for s in steps if s not in done]
    nxt = script.next_step(state)
    assert (nxt.night_step.id if nxt.night_step else None) == (left[0] if left else None)
    for step in left:
        state = session.record(journal, book, game_id, *ACTIONS[step]).state
    state = session.record(journal, book, game_id, "dawn", {}).state
    assert not [line for line in state.story if line.text.key == "game.story.skipped"]


def test_the_documents_order_is_still_kept_when_calling_late(book, journal):
    """A late call is no way around the document's constraint: the witch after the wolves."""
    from garou.game import session
    from garou.game.errors import IllegalEventError

    game_id = _twelve(book, journal)
    session.record(journal, book, game_id, *ACTIONS["voyante"])
    with pytest.raises(IllegalEventError) as refused:
        session.record(journal, book, game_id, "call", {"step": "sorciere"})
    assert refused.value.rule == "lg-mistake-witch-first"


def test_the_terminal_and_the_web_call_the_role_passed_over_first(garou, tmp_path):
    """After the seer was recorded before Cupid (``game add``), both faces call Cupid
    next, the warning shown; the couple is recorded late, then the wolves come."""
    db = str(tmp_path / "games.sqlite")
    setup = tmp_path / "table12.yaml"
    setup.write_text(
        yaml.safe_dump({"game": "loup-garou", "players": 12, "roles": CARDS12, "names": TWELVE}),
        "utf-8",
    )
    deal = ",".join(f"{k}={v}" for k, v in DEAL12.items())
    assert garou("game", "new", "--setup", str(setup), "--deal", deal, "--db", db).exit_code == 0
    assert garou("game", "add", "look", "target=Eve", "--db", db).exit_code == 0
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=Path(db))).test_client()
    page = client.get("/game/1?lang=en").get_data(as_text=True)
    assert 'data-night-step="couple"' in page and "Cupid was not called tonight" in page
    run = garou("game", "play", "--db", db, "--lang", "en", input="Ivy, Jon\nq\n")
    out = " ".join(run.stdout.split())
    assert "Cupid was not called tonight" in out
    assert "Calling: Cupid" in out
    events = yaml.safe_load(garou("game", "export", "--db", db).stdout)["events"]
    assert events[-1]["kind"] == "couple" and events[-1]["lovers"] == ["Ivy", "Jon"]
    page = client.get("/game/1?lang=en").get_data(as_text=True)
    assert 'data-night-step="loups"' in page and "was not called tonight" not in page


# --- 2: closing the nominations is recorded; a resumed evening goes on at the vote --------


def _events(garou, db: str) -> list[dict]:
    return yaml.safe_load(garou("game", "export", "--db", db).stdout)["events"]


@pytest.mark.parametrize("stop", ["eof", "ctrl-c"])
@pytest.mark.parametrize("typed", [0, 1])
def test_a_vote_stopped_and_resumed_never_asks_for_nominations_again(
    garou, tmp_path, monkeypatch, stop, typed
):
    """Stopped in the vote after ``typed`` nominees' ballots: the closing is in the
    journal, the resumed session asks the next nominee's ballots, not the nominations."""
    from .conftest import play_then_stop

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


def _new_evening(book, journal) -> int:
    """The :data:`MAFIA_DEAL` evening of players ``1`` to ``10``, started in ``journal``."""
    from garou.game import mafia, session

    names = [str(n) for n in range(1, 11)]
    roles = dict(pair.split("=") for pair in MAFIA_DEAL.split(","))
    return session.new_game(journal, book, mafia.start_data(book.game("mafia"), names,
                                                            roles=roles))  # fmt: skip


def test_the_closed_nominations_refuse_a_nomination_until_undone(book, journal):
    from garou.game import session
    from garou.game.errors import IllegalEventError

    names = [str(n) for n in range(1, 11)]
    game_id = _new_evening(book, journal)
    session.record(journal, book, game_id, "day", {})
    session.record(journal, book, game_id, "speech", {"player": "1"})
    with pytest.raises(IllegalEventError) as early:  # the speeches first (rules of order 2)
        session.record(journal, book, game_id, "close-nominations", {})
    assert early.value.phrase is not None and early.value.phrase.key == "mafia.order.speech-due"
    for p in names[1:]:
        session.record(journal, book, game_id, "speech", {"player": p})
    session.record(journal, book, game_id, "nominate", {"by": "1", "nominee": "8"})
    assert (
        "garou game add close-nominations" in session.status(journal, book, game_id, "en")["next"]
    )
    state = session.record(journal, book, game_id, "close-nominations", {}).state
    assert state.nominations_closed and state.nominations == ["8"]
    assert session.status(journal, book, game_id, "en")["next"].startswith("the vote on 8")
    for kind, key in (("nominate", "fixe.refused.nominations-closed"),
                      ("close-nominations", "fixe.refused.closed-twice")):  # fmt: skip
        with pytest.raises(IllegalEventError) as refused:
            session.record(journal, book, game_id, kind, {"by": "2", "nominee": "3"}
                           if kind == "nominate" else {})  # fmt: skip
        assert refused.value.phrase.key == key and refused.value.rule == "mf-nominations"
        assert "undo" in refused.value.message("en") or kind != "nominate"
    session.undo(journal, book, game_id)
    state = session.record(journal, book, game_id, "nominate", {"by": "2", "nominee": "3"}).state
    assert state.nominations == ["8", "3"]


MAFIA_RECORDS = sorted(GAMES.glob("mafia-*.yaml"))


@pytest.mark.parametrize("record", MAFIA_RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("order", [None, 2])
def test_old_evenings_replay_the_same_and_a_closing_changes_no_outcome(
    book, tmp_path, journal, record, order
):
    """An evening recorded before the event (no closing, the vote closing them) replays to
    the very state it did; the same evening with the nominations closed before each day's
    first vote ends in the same state, points and protocol included."""
    from garou.game import mafia, session
    from garou.game.mafia_points import points
    from garou.game.record import import_record

    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    if order is None:
        data["game"].pop("order", None)
    else:
        data["game"]["order"] = order
    data["events"] = [e for e in data["events"] if e["kind"] != "close-nominations"]
    closed = []
    for i, event in enumerate(data["events"]):
        first_vote = event["kind"] == "vote" and (
            i == 0 or not any(e["kind"] == "vote" for e in data["events"][
                next(j for j in range(i, -1, -1) if data["events"][j]["kind"] == "day"):i])
        )  # fmt: skip
        if first_vote:
            closed.append({"kind": "close-nominations"})
        closed.append(event)
    assert len(closed) > len(data["events"]), "no vote: the test would check nothing"
    states = []
    for events in (data["events"], closed):
        path = tmp_path / f"r{len(states)}.yaml"
        path.write_text(yaml.safe_dump({**data, "events": events}, allow_unicode=True), "utf-8")
        game_id = import_record(journal, book, path)
        state = session.load(journal, book, game_id, "en").state
        states.append(state)
    plain, with_close = states
    assert mafia.to_dict(plain, "en") == mafia.to_dict(with_close, "en")
    assert points(plain, "en") == points(with_close, "en")
    assert [r["tally"] for d in plain.days for r in d["rounds"]] == [
        r["tally"] for d in with_close.days for r in d["rounds"]
    ]


class _Phone:
    """The judge's page through Flask's test client: its form fields, a tap that sends."""

    def __init__(self, db: str, lang: str = "en"):
        from garou.web import WebConfig, create_app

        self.client = create_app(WebConfig(db=Path(db))).test_client()
        self.lang = lang

    def page(self) -> str:
        response = self.client.get(f"/game/1?lang={self.lang}")
        assert response.status_code == 200
        return response.get_data(as_text=True)

    def step(self) -> str:
        found = re.search(r'data-step="([^"]+)"', self.page())
        assert found
        return found.group(1)

    def post(self, path: str, data: dict) -> object:
        page = self.page()
        token = re.search(r'name="csrf" value="([^"]+)"', page)
        form_id = re.search(r'name="form_id" value="([^"]+)"', page)
        seen = re.search(r'name="seen" value="([^"]+)"', page)
        assert token and form_id and seen
        fields = {"csrf": token.group(1), "form_id": form_id.group(1), "seen": seen.group(1)}
        fields.update(data)
        return self.client.post(
            f"/game/1/{path}?lang={self.lang}", data=fields, headers={"Origin": "http://localhost"}
        )


def test_the_judges_phone_closes_the_nominations_before_the_vote(garou, tmp_path):
    db = mafia_at_the_vote(garou, tmp_path, nominees=[("1", "8")])
    phone = _Phone(db)
    page = phone.page()
    assert phone.step() == "nominate" and 'data-action="close-nominations"' in page
    assert "data-nominate" in page  # more nominations may still come
    assert phone.post("record", {"kind": "close-nominations"}).status_code == 303
    page = phone.page()
    assert phone.step() == "vote" and "data-nominate>" not in page
    assert "Nominations closed: the vote is on 8." in page
    assert _events(garou, db)[-1]["kind"] == "close-nominations"


# --- 3: an event recorded in the middle of the vote: the draft is checked, never lost -----

# (the events typed in the middle of the vote, the ballots that must be dropped, the
# voters out of the game): each kind of event that changes who votes or who is voted on
SINCE = {
    "foul": ([("foul", {"player": "3"})], set(), set()),
    "silenced": ([("foul", {"player": "3"})] * 3, set(), set()),  # 3 fouls: still votes
    "technical": (
        [("technical-foul", {"player": "2", "behaviour": "insults"})] * 2,
        {"2"},
        {"2"},
    ),
    "voter-out": ([("disqualify", {"player": "1", "behaviour": "threats"})], {"1"}, {"1"}),
    "nominee-out": (
        [("disqualify", {"player": "8", "behaviour": "threats"})],
        {"1", "2", "3"},
        {"8"},
    ),  # fmt: skip
    "undo": ([("foul", {"player": "9"}), ("undo", {})], set(), set()),
}


def _mafia_vote(book, journal):
    from garou.game import session

    names = [str(n) for n in range(1, 11)]
    game_id = _new_evening(book, journal)
    session.record(journal, book, game_id, "day", {})
    for p in names:
        session.record(journal, book, game_id, "speech", {"player": p})
    for by, nominee in (("1", "8"), ("2", "3"), ("4", "5")):
        session.record(journal, book, game_id, "nominate", {"by": by, "nominee": nominee})
    session.record(journal, book, game_id, "close-nominations", {})
    return game_id


@pytest.mark.parametrize("case", sorted(SINCE))
def test_the_ballot_draft_is_checked_against_the_events_recorded_since(book, journal, case):
    from garou.game import mafia_script, session

    game_id = _mafia_vote(book, journal)
    state = session.load(journal, book, game_id).state
    typed = {"1": "8", "2": "8", "3": "8", "4": "3"}
    draft = mafia_script.draft_data(state, typed, ["8"])
    journal.save_draft(game_id, mafia_script.DRAFT, draft)
    events, dropped, out = SINCE[case]
    for kind, data in events:
        if kind == "undo":
            session.undo(journal, book, game_id)
        else:
            session.record(journal, book, game_id, kind, data)
    assert journal.draft(game_id, mafia_script.DRAFT) is None  # stale by the journal's word
    ballots = session.mafia_ballots(journal, book, game_id)
    assert set(ballots.votes) == set(typed) - dropped
    assert all(ballots.votes[v] == typed[v] for v in ballots.votes)
    told = [p.say("en") for p in ballots.told]
    assert told and told[0].startswith("Recorded since these ballots were typed")
    for voter in dropped:
        assert any(t.startswith(f"{voter}'s ballot") and "dropped" in t for t in told), told
    assert all("dropped" not in t for t in told) or dropped
    if out - {"8"}:
        assert any("players vote now" in t for t in told)
    assert ("8" in ballots.done) == ("8" not in out)
    # told once: the draft is kept again as it now stands, what the other face reads too
    again = session.mafia_ballots(journal, book, game_id)
    assert again.votes == ballots.votes and not again.told
    french = [p.say("fr") for p in ballots.told]
    assert all("ballot" not in t and "Recorded" not in t for t in french)
    # the vote counts with what was kept
    after = session.record(journal, book, game_id, "vote", {"votes": ballots.votes}).state
    assert after.days[-1]["rounds"][-1]["votes"] == ballots.votes


@pytest.mark.parametrize("stop", ["eof", "ctrl-c"])
def test_a_foul_typed_in_the_vote_keeps_the_ballots_across_a_stop(
    garou, tmp_path, monkeypatch, stop
):
    """The reported case: a foul typed at a ballot prompt, then a stop before the next
    answer: the resumed vote keeps the ballots, says the foul, asks the next nominee."""
    from .conftest import play_then_stop

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


# --- 4: the web's ballot form is kept in the journal's draft, the terminal's ----------------


def test_the_phone_and_the_terminal_share_the_mafia_ballot_draft(garou, tmp_path, monkeypatch):
    """Picked on the phone, kept without "Count the vote": a reloaded page shows them, the
    terminal resumes with them; typed in the terminal then stopped: the phone shows them."""
    from .conftest import play_then_stop

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
