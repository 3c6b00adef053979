"""garou serve, the Mafia evening: the judge's view and the table view through Flask's
test client, over the same journal as ``garou game``; the countdown read from the journal
on a fake clock; the web correction of an event (both games). The browser test of a
Mafia day is in tests/web/test_pages_in_browser.py."""

from __future__ import annotations

import html as html_module
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from garou.game import session
from garou.game.journal import open_journal
from garou.game.record import import_record
from garou.web import WebConfig, create_app
from garou.web.security import Keys
from tests.conftest import REPO
from tests.helpers import (
    ABSOLUTE,
    RECORD,
    Table,
    TableScreen,
    _below_half,
    _events,
    _Phone,
    mafia_at_the_vote,
)


def _a_nomination_to_correct(tmp_path, book):
    """A judge's phone on a Mafia evening at its first nomination: the phone, the journal's
    path, the game, the nomination's event number and how many events the game has."""
    pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")
    from garou.game.journal import open_journal
    from garou.web import WebConfig, create_app

    db = tmp_path / "web.sqlite"
    client = create_app(WebConfig(db=db, clock=FakeClock())).test_client()
    game_id = new_game(db, book, load(RECORD))
    judge = Judge(client, game_id)
    judge.send("day", {})
    judge.send("nominate", {"by": "Ana", "nominee": "Bob"})
    with open_journal(db) as journal:
        events = journal.events(game_id)
    return judge, db, game_id, events[-1].seq, len(events)


def test_a_key_given_twice_is_refused_in_the_phone_s_correction_box(tmp_path, book):
    from garou.game.journal import open_journal

    judge, db, game_id, seq, count = _a_nomination_to_correct(tmp_path, book)
    values = "by=Ana\nnominee=Bob\nnominee=Cid"
    sent = judge.post("correct", {"seq": str(seq), "kind": "", "values": values, "why": "x"})
    assert sent.status_code == 400 and "nominee is given more than once" in sent.text
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == count


def test_a_why_too_long_or_hidden_in_the_phone_s_correction_box_is_refused_with_its_length(
    tmp_path, book
):
    from garou.core.names import MAX_TEXT
    from garou.game.journal import open_journal

    judge, db, game_id, seq, count = _a_nomination_to_correct(tmp_path, book)
    values = "by=Ana\nnominee=Cid"
    for why, said in (
        ("w" * 3000, f"3000 characters long: at most {MAX_TEXT}"),
        ("a\u200bb", "U+200B"),
    ):
        sent = judge.post("correct", {"seq": str(seq), "kind": "", "values": values, "why": why})
        assert sent.status_code == 400 and said in sent.text
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == count


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


def test_the_table_screen_shows_the_tied_players_extra_time(book, tmp_path):
    from garou.core.catalogue import say
    from garou.web.routes.mafia import PUBLIC_STORY, public_story

    t = Table(book, tmp_path)
    t.add("day")
    t.speeches()
    t.add("nominate", by="Ana", nominee="Bob")
    t.add("nominate", by="Cid", nominee="Hal")
    t.add("vote", votes={n: "Bob" for n in ("Ana", "Cid", "Dan", "Eve", "Fay")})
    keys = {getattr(line.text, "key", None) for line in t.state().story}
    extra = [k for k in keys if k and k.endswith("story.extra-time")]
    assert extra and set(extra) <= PUBLIC_STORY
    shown = [line["text"] for line in public_story(t.state(), "en")]
    template = say(extra[0], "en", names=["Bob", "Hal"], seconds=60)
    assert template in shown


def test_the_judges_page_asks_what_the_table_decided(book, tmp_path):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app

    t = Table(book, tmp_path, agreement=ABSOLUTE)
    _below_half(t)
    client = create_app(WebConfig(db=tmp_path / "g.sqlite")).test_client()
    page = client.get(f"/game/{t.id}?lang=en").text
    assert 'data-step="table-decision"' in page and 'name="then"' in page
    assert "checked" not in page.split('data-step="table-decision"')[1].split("</form>")[0]
    import re

    fields = {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)
        for name in ("csrf", "form_id", "seen")
    }
    sent = client.post(
        f"/game/{t.id}/record?lang=en",
        data={**fields, "kind": "table-decision", "then": "leader"},
        headers={"Origin": "http://localhost"},
    )
    assert sent.status_code == 303, sent.text
    assert not t.state().player("Bob").alive


ORIGIN = "http://localhost"


def test_the_web_start_form_refuses_a_wrong_mafia_deal_keeping_what_was_typed(tmp_path):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app

    client = create_app(WebConfig(db=tmp_path / "games.sqlite")).test_client()
    html = client.get("/game?lang=en").text
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    names = "\n".join(f"P{n}" for n in range(1, 11))
    deal = "\n".join(f"P{n}: {'citoyen' if n < 8 else 'mafia' if n < 10 else 'don'}"
                     for n in range(1, 11))  # fmt: skip
    form = {"csrf": token.group(1), "names": names, "deal": deal}
    response = client.post("/game/new-mafia?lang=en", data=form, headers={"Origin": ORIGIN})
    assert response.status_code == 400, response.text
    page = html_module.unescape(response.text)
    assert "7 × Citizen" in page
    assert "P10: don" in page and "P9" in page  # the typed deal and names are kept


flask = pytest.importorskip("flask", reason="garou serve needs Flask (pip install -e .)")


GAMES = REPO / "tests" / "data" / "games"


MAFIA_RECORDS = sorted(GAMES.glob("mafia-*.yaml"))


LAN_HOST = {"Host": "192.168.1.5"}


class FakeClock:
    """The app's clock, moved by hand."""

    def __init__(self, start: float = 1_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(db: Path, clock: FakeClock):
    return create_app(WebConfig(db=db, clock=clock))


@pytest.fixture
def client(app):
    return app.test_client()


def load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def start_of(record: dict[str, Any]) -> dict[str, Any]:
    """The ``start`` event of an exported Mafia record, as garou game new records it."""
    from garou.game.mafia import start_data
    from garou.rules import load_rules

    game = load_rules().game("mafia")
    setup = record["setup"]
    data = start_data(
        game, setup["players"], roles=setup["roles"], agreement=record.get("agreement") or {},
        name=record["game"].get("name"),
    )  # fmt: skip
    # The records were played before the first night's checks (rules of order 4): replayed
    # step by step through the judge's page, they keep the order they were played to.
    data["order"] = record["game"].get("order", 3)
    return data


def new_game(db: Path, book, record: dict[str, Any]) -> int:
    """Start an evening as the terminal does: the same journal."""
    with open_journal(db) as journal:
        return session.new_game(journal, book, start_of(record))


class Judge:
    """A phone on the judge's page: reads the page's form ids, taps, sends."""

    def __init__(self, client, game_id: int, lang: str = "en", headers: dict | None = None):
        self.client, self.game_id, self.lang = client, game_id, lang
        self.headers = headers or {}

    def page(self) -> str:
        response = self.client.get(f"/game/{self.game_id}?lang={self.lang}", headers=self.headers)
        assert response.status_code == 200, response.text
        return response.text

    def fields(self, html: str | None = None) -> dict[str, str]:
        html = html or self.page()
        token = re.search(r'name="csrf" value="([^"]+)"', html)
        form_id = re.search(r'name="form_id" value="([^"]+)"', html)
        seen = re.search(r'name="seen" value="([^"]+)"', html)
        assert token and form_id and seen
        return {"csrf": token.group(1), "form_id": form_id.group(1), "seen": seen.group(1)}

    def step(self, html: str | None = None) -> str:
        found = re.search(r'data-step="([^"]+)"', html or self.page())
        assert found
        return found.group(1)

    def post(self, path: str, data: dict[str, Any], fields: dict[str, str] | None = None):
        form = {**(fields or self.fields()), **data}
        return self.client.post(
            f"/game/{self.game_id}/{path}?lang={self.lang}",
            data=form,
            headers={"Origin": ORIGIN, **self.headers},
        )

    def send(self, kind: str, values: dict[str, Any], fields: dict[str, str] | None = None):
        return self.post("record", {"kind": kind, **values}, fields)

    def timer(self, action: str, label: str = ""):
        return self.post("timer", {"action": action, "label": label})


def form_values(event: dict[str, Any]) -> dict[str, Any]:
    """The form fields the judge's page sends for one event of a record."""
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key == "kind":
            continue
        if key == "votes":
            out.update({f"ballot.{voter}": choice for voter, choice in value.items()})
        elif isinstance(value, list):
            out[key] = list(value)
        elif value is not None:
            out[key] = str(value)
    return out


STEP_OF = {"day": ("meeting", "day"), "close-nominations": ("nominate",)}
"""The page's step an event answers, when it is not the event's own kind; fouls and
nominations are given at any moment of the day."""


ANY_TIME = ("foul", "technical-foul", "disqualify", "opponent-victory", "nominate")


def play(judge: Judge, events: list[dict[str, Any]], after_each=None) -> None:
    """Play a whole record by tapping the judge's page: each event sent by its form, at
    the step the page waits for."""
    for event in events:
        kind = event["kind"]
        if kind == "vote" and judge.step() == "nominate":
            # a record made without the event: the judge closes the nominations first
            assert judge.send("close-nominations", {}).status_code == 303
        if kind not in ANY_TIME:
            assert judge.step() in STEP_OF.get(kind, (kind,)), (judge.step(), event)
        response = judge.send(kind, form_values(event))
        assert response.status_code == 303, response.text
        if after_each:
            after_each()


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("record", MAFIA_RECORDS, ids=lambda p: p.stem)
def test_a_whole_evening_played_on_the_judges_page_ends_as_in_the_terminal(
    client, db, book, record
):
    data = load(record)
    game_id = new_game(db, book, data)
    judge = Judge(client, game_id)
    play(judge, data["events"])
    with open_journal(db) as journal:
        twin = import_record(journal, book, record)
        web = session.status(journal, book, game_id, "en")
        imported = session.status(journal, book, twin, "en")
    for key in ("phase", "night", "day", "players", "nominations", "winner", "vote_round"):
        assert web[key] == imported[key], key
    html = judge.page()
    for name in web["farewell_due"] if web["phase"] == "over" else ():
        # The last vote's player still gives the farewell (mafia.txt), asked by the page.
        assert 'data-step="farewell"' in html and f'value="{name}"' in html
        assert judge.send("farewell", {"player": name}).status_code == 303
        html = judge.page()
    if web["phase"] == "over":
        assert 'data-step="over"' in html and "data-points" in html
        assert f'href="/game/{game_id}/protocol"' in html
        protocol = client.get(f"/game/{game_id}/protocol?lang=en")
        assert protocol.status_code == 200 and protocol.mimetype == "text/html"
        for seat in web["players"]:
            assert seat["name"] in protocol.text


@pytest.mark.usefixtures("private_cache")
def test_the_judges_page_shows_fouls_and_what_they_lead_to(client, db, book, clock):
    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    judge = Judge(client, game_id)
    judge.send("day", {})
    for count in (1, 2):
        assert judge.send("foul", {"player": "Gus"}).status_code == 303
        html = judge.page()
        row = re.search(r'<tr[^>]*data-player="Gus"[^>]*>(.*?)</tr>', html, re.S)
        assert row and f'data-fouls="{count}"' in row.group(0)
        assert f"{count}/3" in row.group(1)
    assert "at the next one: loses their next speech" in row.group(1)
    assert "At 3 fouls: loses their next speech." in html
    assert "At 2 technical fouls: disqualification." in html
    judge.send("foul", {"player": "Gus"})
    html = judge.page()
    row = re.search(r'<tr[^>]*data-player="Gus"[^>]*>(.*?)</tr>', html, re.S)
    assert row and "data-loses-speech" in row.group(1)
    # The engine skips his speech: when the speeches reach his seat, the next one speaks.
    with open_journal(db) as journal:
        for name in ("Ana", "Bob", "Cid", "Dan", "Eve", "Fay"):
            session.record(journal, book, game_id, "speech", {"player": name})
    assert 'data-speaker="Hal"' in judge.page()
    # Two technical fouls: disqualified, out of the table.
    judge.send("technical-foul", {"player": "Jon", "behaviour": "insults"})
    judge.send("technical-foul", {"player": "Jon", "behaviour": "bets"})
    html = judge.page()
    assert 'data-player="Jon" data-alive="no"' in html and "disqualified" in html


@pytest.mark.usefixtures("private_cache")
def test_a_repeated_foul_form_is_recorded_once(client, db, book):
    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    judge = Judge(client, game_id)
    judge.send("day", {})
    fields = judge.fields()
    first = judge.send("foul", {"player": "Bob"}, fields)
    again = judge.send("foul", {"player": "Bob"}, fields)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"].endswith("?repeat=1")
    with open_journal(db) as journal:
        assert [e.kind for e in journal.events(game_id)] == ["start", "day", "foul"]
        assert session.status(journal, book, game_id, "en")["players"][1]["fouls"] == 1


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_ballot_from_no_voter_is_refused_never_dropped(client, db, book, lang):
    data = load(GAMES / "mafia-tie-lift.yaml")
    game_id = new_game(db, book, data)
    judge = Judge(client, game_id, lang)
    first_vote = next(i for i, e in enumerate(data["events"]) if e["kind"] == "vote")
    play(judge, data["events"][:first_vote])
    ballots = form_values(data["events"][first_vote])
    voter, nominee = next(
        (k[len("ballot.") :], v) for k, v in ballots.items() if k.startswith("ballot.")
    )
    said = {"fr": ("aucune place", "ne vote pas"), "en": ("no seat's name", "does not vote")}
    with open_journal(db) as journal:
        before = len(journal.events(game_id))
    unknown = judge.send("vote", {**ballots, "ballot.Ghost": nominee})
    assert unknown.status_code == 400 and "Ghost" in unknown.text
    assert said[lang][0] in html_module.unescape(unknown.text)
    for behaviour in ("insults", "bets"):  # two technical fouls: disqualified
        foul = judge.send("technical-foul", {"player": voter, "behaviour": behaviour})
        assert foul.status_code == 303, foul.text
    out = judge.send("vote", ballots)
    assert out.status_code == 400 and voter in out.text
    assert said[lang][1] in html_module.unescape(out.text)
    with open_journal(db) as journal:
        kinds = [e.kind for e in journal.events(game_id)[before:]]
    assert kinds == ["technical-foul", "technical-foul"]


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_vote_without_an_agreement_says_the_default_reading(client, db, book, lang):
    data = load(GAMES / "mafia-town-wins.yaml")
    assert not data["agreement"]  # an evening with no agreement of the table
    game_id = new_game(db, book, data)
    judge = Judge(client, game_id, lang)
    first_vote = next(i for i, e in enumerate(data["events"]) if e["kind"] == "vote")
    play(judge, data["events"][: first_vote + 1])
    said = html_module.unescape(judge.page())
    default = {"fr": "lecture par défaut", "en": "the default reading"}[lang]
    agreed = {"fr": "lecture de la table", "en": "the table's reading"}[lang]
    assert default in said and agreed not in said


@pytest.mark.usefixtures("private_cache")
def test_a_tie_shows_what_the_engine_says_comes_next(client, db, book):
    data = load(GAMES / "mafia-tie-lift.yaml")
    game_id = new_game(db, book, data)
    judge = Judge(client, game_id)
    first_vote = next(i for i, e in enumerate(data["events"]) if e["kind"] == "vote")
    play(judge, data["events"][: first_vote + 1])
    html = html_module.unescape(judge.page())
    # Before the revote, each tied player's extra time, as long as a speech (mf-vote-tie).
    assert 'data-step="speech"' in html and "Tie: revote between Bob and Eve" in html
    assert 'data-extra="Bob"' in html and "Bob's extra time" in html and "(60 s)" in html
    play(judge, data["events"][first_vote + 1 : first_vote + 2])
    assert 'data-extra="Eve"' in judge.page()
    play(judge, data["events"][first_vote + 2 : first_vote + 3])
    html = judge.page()
    assert 'data-step="vote"' in html and "Tie: revote between Bob and Eve" in html
    play(judge, data["events"][first_vote + 3 : first_vote + 4])
    html = judge.page()
    assert "Still tied: lift vote on Bob and Eve" in html
    assert '<option value="yes">yes</option>' in html
    play(judge, data["events"][first_vote + 4 : first_vote + 5])
    html = judge.page()
    assert "Leaves the game: Bob and Eve" in html
    assert 'data-step="farewell"' in html


@pytest.mark.usefixtures("private_cache")
def test_the_night_shows_the_shots_and_checks_to_the_judge(client, db, book):
    data = load(GAMES / "mafia-town-wins.yaml")
    game_id = new_game(db, book, data)
    judge = Judge(client, game_id)
    second_day = [i for i, e in enumerate(data["events"]) if e["kind"] == "day"][1]
    play(judge, data["events"][: second_day - 1])  # to the Sheriff's check of night 2
    html = judge.page()
    assert 'data-step="sheriff-check"' in html
    assert "The Don (Fay) checks Dan: that is the Sheriff." in html  # the last event's line
    nights = re.search(r"data-nights>(.*?)</section>", html, re.S)
    assert (
        nights
        and "Fay shoots at Ana." in nights.group(1)
        and "Hal shoots at Cid." in nights.group(1)
    )
    play(judge, data["events"][second_day - 1 : second_day + 1])
    html = judge.page()
    assert "Missed shot: nobody dies" in html
    assert "The Sheriff (Dan) checks Hal: mafia." in html


@pytest.mark.usefixtures("private_cache")
def test_the_speakers_countdown_is_read_from_the_journal_on_every_screen(db, book, clock):
    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    phone = create_app(WebConfig(db=db, clock=clock)).test_client()
    judge = Judge(phone, game_id)
    judge.send("day", {})
    assert judge.timer("start").status_code == 303
    clock.advance(20)

    def left(client) -> dict[str, Any]:
        return client.get(f"/game/{game_id}/table.json").get_json()["timer"]

    assert left(phone)["left"] == 40 and left(phone)["state"] == "running"
    # Another phone, a server started again: the same time left, read from the journal.
    again = create_app(WebConfig(db=db, clock=clock)).test_client()
    assert left(again) == left(phone)
    assert re.search(r'data-countdown data-left="40" data-state="running"',
                     again.get(f"/game/{game_id}/table").text)  # fmt: skip
    assert judge.timer("pause").status_code == 303
    clock.advance(300)
    assert left(again)["left"] == 40 and left(again)["state"] == "paused"
    assert judge.timer("resume").status_code == 303
    clock.advance(39.5)
    assert left(again)["left"] == 1
    clock.advance(1)
    assert left(again)["state"] == "over" and left(again)["left"] == 0
    assert "Time is up." in again.get(f"/game/{game_id}/table?lang=en").text
    # A pause when none runs is refused, and records nothing.
    with open_journal(db) as journal:
        before = len(journal.events(game_id))
    assert judge.timer("pause").status_code == 400
    with open_journal(db) as journal:
        events = journal.events(game_id)
    assert len(events) == before
    assert [e.data["action"] for e in events if e.kind == "timer"] == ["start", "pause", "resume"]
    assert events[2].data == {"action": "start", "label": "speech:d1:Ana", "at": 1_000_000.0,
                              "seconds": 60}  # fmt: skip
    # The next speaker's countdown starts afresh: the speech changes the label.
    judge.send("speech", {"player": "Ana", "seconds": "60"})
    assert left(again) == {"label": None, "left": 60, "seconds": 60,
                           "state": "idle", "labels": ["speech:d1:Bob"]}  # fmt: skip


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_form_sent_twice_is_a_repeat_before_any_check(db, book, clock, lang):
    """The second sending of a form (a timer action, a vote) would be refused by the checks
    of the game it already changed: it is said "already recorded", never refused."""
    data = load(GAMES / "mafia-tie-lift.yaml")
    game_id = new_game(db, book, data)
    judge = Judge(create_app(WebConfig(db=db, clock=clock)).test_client(), game_id, lang)
    judge.send("day", {})
    for action in ("start", "pause", "resume"):
        fields = judge.fields()
        sent = [judge.post("timer", {"action": action, "label": ""}, fields) for _ in "12"]
        assert [r.status_code for r in sent] == [303, 303], sent[1].text
        assert sent[1].headers["Location"].endswith("?repeat=1")
    first_vote = next(i for i, e in enumerate(data["events"]) if e["kind"] == "vote")
    play(judge, data["events"][1:first_vote])
    fields = judge.fields()
    vote = form_values(data["events"][first_vote])
    sent = [judge.send("vote", vote, fields) for _ in "12"]
    assert [r.status_code for r in sent] == [303, 303], sent[1].text
    assert sent[1].headers["Location"].endswith("?repeat=1")
    with open_journal(db) as journal:
        assert [e.kind for e in journal.events(game_id)].count("vote") == 1


@pytest.mark.usefixtures("private_cache")
def test_a_timer_event_is_never_undone_nor_seen_by_the_rules(db, book, clock):
    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    judge = Judge(create_app(WebConfig(db=db, clock=clock)).test_client(), game_id)
    judge.send("day", {})
    judge.timer("start")
    with open_journal(db) as journal:
        replayed = session.undo(journal, book, game_id)
    assert [e.kind for e in replayed.undone] == ["day"]  # the undo cancels the day, not the timer
    assert len(replayed.timers) == 1
    with open_journal(db) as journal:
        from garou.game.errors import IllegalEventError

        with pytest.raises(IllegalEventError):  # a countdown that is not one is refused
            session.record(journal, book, game_id, "timer", {"action": "start", "label": "x",
                                                              "at": 1.0, "seconds": 0})  # fmt: skip


def secrets_of(state: Any) -> list[str]:
    """What the table's screen must not show while the evening goes on: the night's lines
    (every shot, every check's result), in both languages."""
    found = []
    for line in state.story:
        if line.hidden:
            found += [line.text.say("fr"), line.text.say("en")]
    return found


def role_names(state: Any) -> set[str]:
    game = state.game
    return {game.role(s.role).name.get(lang) for s in state.seats for lang in ("fr", "en")}


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("record", MAFIA_RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_mafia_table_view_never_shows_a_secret_at_any_step(client, db, book, record, lang):
    data = load(record)
    game_id = new_game(db, book, data)
    judge = Judge(client, game_id, lang)
    screen = TableScreen(client, db, book, game_id, lang)

    def look() -> None:
        state, html = screen.look(secrets_of)
        if state.phase == "over":
            return
        for seat in state.seats:
            item = re.search(rf'<li [^>]*data-player="{seat.name}"[^>]*>(.*?)</li>', html, re.S)
            assert item, seat.name
            assert f'data-alive="{"yes" if seat.alive else "no"}"' in item.group(0)
            words = set(re.findall(r"\w+", html_module.unescape(item.group(1))))
            assert not words & role_names(state), (seat.name, words)  # no card, dead or alive
        assert "data-role" not in html and 'class="role"' not in html

    look()
    play(judge, data["events"], after_each=look)
    final = screen.page()
    state = screen.state()
    if state.phase == "over":  # once over, every card is shown
        for seat in state.seats:
            assert state.game.role(seat.role).name.get(lang) in final
    assert screen.looks > len(data["events"])


@pytest.mark.usefixtures("private_cache")
def test_the_mafia_table_view_shows_the_public_day(client, db, book):
    data = load(GAMES / "mafia-town-wins.yaml")
    game_id = new_game(db, book, data)
    judge = Judge(client, game_id)
    play(judge, data["events"][:3])  # the morning, a foul for Cid, Ana nominates Bob
    judge.timer("start")
    html = client.get(f"/game/{game_id}/table?lang=en").text
    assert 'data-speaker="Ana"' in html and "Speaking: Ana" in html
    assert re.search(r'data-countdown data-left="60" data-state="running"', html)
    assert "Foul for Cid (1 foul)." in html and "1 foul" in html
    assert 'data-nominated="Bob"' in html and "by Ana" in html
    vote = next(i for i, e in enumerate(data["events"]) if e["kind"] == "vote")
    play(judge, data["events"][3 : vote + 1])
    html = client.get(f"/game/{game_id}/table?lang=en").text
    assert re.search(r"data-round-count><b>first vote</b> · Bob 10", html)
    assert 'data-player="Bob" data-alive="no"' in html and "voted out" in html


@pytest.fixture
def lan(db: Path, clock: FakeClock):
    return create_app(WebConfig(lan=True, db=db, keys=Keys(server_key="server-key"), clock=clock))


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("path", ["", "/version.json", "/protocol"])
def test_under_lan_the_judges_page_refuses_without_the_games_secret(lan, db, book, path):
    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    with open_journal(db) as journal:
        secret = journal.secret(game_id)
    client = lan.test_client()
    for key in ("", "?key=wrong", f"?key={secret}x"):
        response = client.get(f"/game/{game_id}{path}{key}", headers=LAN_HOST)
        assert response.status_code == 403 and response.mimetype == "text/plain"
        assert "Fay" not in response.text and "<html" not in response.text
    for action in ("record", "timer", "correct", "undo"):
        response = client.post(
            f"/game/{game_id}/{action}",
            data={"kind": "day", "action": "start", "form_id": "x"},
            headers={**LAN_HOST, "Origin": "http://192.168.1.5"},
        )
        assert response.status_code == 403
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == 1
    assert client.get(f"/game/{game_id}{path}?key={secret}", headers=LAN_HOST).status_code == 303
    assert client.get(f"/game/{game_id}{path}", headers=LAN_HOST).status_code == 200
    assert client.get(f"/game/{game_id}/table", headers=LAN_HOST).status_code == 200


@pytest.mark.usefixtures("private_cache")
def test_an_action_in_the_terminal_shows_on_the_judges_page_and_back(client, db, book):
    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    judge = Judge(client, game_id)
    version = re.search(r'data-version="(\d+)"', judge.page())
    assert judge.step() == "meeting" and version
    with open_journal(db) as journal:  # the terminal opens the day and gives a foul
        session.record(journal, book, game_id, "day", {})
        session.record(journal, book, game_id, "foul", {"player": "Eve"})
    html = judge.page()
    assert 'data-speaker="Ana"' in html and 'data-player="Eve"' in html
    assert re.search(r'data-player="Eve"[^>]*data-fouls="1"', html)
    assert client.get(f"/game/{game_id}/version.json").get_json()["version"] == 3
    judge.send("nominate", {"by": "Ana", "nominee": "Hal"})
    judge.send("speech", {"player": "Ana", "seconds": "60"})
    with open_journal(db) as journal:  # the terminal sees the web's nomination and speech
        status = session.status(journal, book, game_id, "en")
    assert status["nominations"] == ["Hal"] and status["speaker"] == "Bob"


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_countdowns_event_is_refused_for_correction_with_its_reason(db, book, clock, lang):
    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    judge = Judge(create_app(WebConfig(db=db, clock=clock)).test_client(), game_id, lang)
    judge.send("day", {})
    for action in ("start", "pause", "resume", "stop"):
        assert judge.timer(action).status_code == 303
    with open_journal(db) as journal:
        events = journal.events(game_id)
    timers = [e.seq for e in events if e.kind == "timer"]
    assert len(timers) == 4
    for seq in timers:
        sent = judge.post("correct", {"seq": str(seq), "kind": "", "values": "", "why": "oops"})
        said = html_module.unescape(sent.text)
        assert sent.status_code == 400
        assert {"fr": "compte à rebours", "en": "countdown"}[lang] in said
        assert {"fr": "départ", "en": "the start"}[lang] not in said
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == len(events)


@pytest.mark.usefixtures("private_cache")
def test_a_correction_from_the_judges_page_is_the_terminals(client, db, book):
    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    judge = Judge(client, game_id)
    judge.send("day", {})
    judge.send("nominate", {"by": "Ana", "nominee": "Bob"})
    html = judge.page()
    assert "data-correct-form" in html and "nominee=&#34;Bob&#34;" in html
    # The event picked fills the form with its values as KEY=VALUE pairs, never Python data.
    picked = re.search(r'data-kind="nominate" data-values="([^"]*)"', html)
    assert picked and html_module.unescape(picked.group(1)) == 'by="Ana"\nnominee="Bob"'
    with open_journal(db) as journal:
        seq = journal.events(game_id)[-1].seq
    # Without a reason: refused, nothing recorded, what was typed kept.
    refused = judge.post("correct", {"seq": str(seq), "kind": "", "values": "by=Ana\nnominee=Cid",
                                     "why": ""})  # fmt: skip
    assert (
        refused.status_code == 400 and "Say why" in refused.text and "nominee=Cid" in refused.text
    )
    answer = judge.post("correct", {"seq": str(seq), "kind": "", "values": "by=Ana\nnominee=Cid",
                                    "why": "Ana named Cid"})  # fmt: skip
    assert answer.status_code == 303 and "corrected=1" in answer.headers["Location"]
    html = judge.page()
    assert 'data-nominated="Cid"' in html and 'data-nominated="Bob"' not in html
    with open_journal(db) as journal:
        events = journal.events(game_id)
        assert events[-1].kind == "correct"
        assert events[-1].data == {
            "seq": seq,
            "why": "Ana named Cid",
            "event": {"kind": "nominate", "by": "Ana", "nominee": "Cid"},
        }
        replayed = session.load(journal, book, game_id)
    assert [c.why for c in replayed.corrections] == ["Ana named Cid"]
    # A correction the rules refuse records nothing and says the rule.
    bad = judge.post("correct", {"seq": str(seq), "kind": "nominate",
                                 "values": "by=Ana\nnominee=Nobody", "why": "typo"})  # fmt: skip
    assert bad.status_code == 400 and "data-refused" in bad.text
    with open_journal(db) as journal:
        assert len(journal.events(game_id)) == len(events)


@pytest.mark.usefixtures("private_cache")
def test_a_correction_on_the_game_masters_page_of_loup_garou(client, db, book):
    from tests.helpers import GameMaster
    from tests.helpers import new_game as new_lg
    from tests.helpers import play as play_lg

    data = load(GAMES / "parity.yaml")
    game_id = new_lg(db, book, data)
    gm = GameMaster(client, game_id)
    play_lg(gm, data["events"][:3])  # the couple called, the look, the wolves' kill of Emma
    with open_journal(db) as journal:
        kill = next(e for e in journal.events(game_id) if e.kind == "kill")
    html = gm.page()
    assert "data-correct-form" in html
    fields = gm.fields(html)
    why = "I misheard the wolves"
    answer = gm.post("correct", {**fields, "seq": str(kill.seq), "kind": "kill",
                                 "values": "victim=Hugo", "why": why})  # fmt: skip
    assert answer.status_code == 303
    with open_journal(db) as journal:
        status = session.status(journal, book, game_id, "en")
        replayed = session.load(journal, book, game_id)
    assert status["victim"] == "Hugo"
    assert replayed.corrections[0].why == why
    assert "victim=&#34;Hugo&#34;" in gm.page()  # the form shows the event as it is now


@pytest.mark.usefixtures("private_cache")
def test_the_terminals_countdown_shows_on_the_table_screen(client, db, book, clock):
    """garou game play times a speech on its own clock and records it in the journal: the
    web's table screen shows the same countdown while it runs, and its end."""
    import io

    from rich.console import Console

    from garou.cli.commands.mafia_play import MafiaSession

    game_id = new_game(db, book, load(GAMES / "mafia-town-wins.yaml"))
    seen: list[dict[str, Any]] = []

    class TerminalClock:  # the terminal's clock, on the same time as the app's
        @staticmethod
        def now() -> float:
            return clock.now

        @staticmethod
        def wall() -> float:
            return clock.now

        @staticmethod
        def sleep(seconds: float) -> None:
            clock.advance(seconds)
            if round(clock.now - start) == 30:
                seen.append(client.get(f"/game/{game_id}/table.json").get_json()["timer"])

    with open_journal(db) as journal:
        session.record(journal, book, game_id, "day", {})
        terminal = MafiaSession(journal, book, game_id, "en", Console(file=io.StringIO()),
                                TerminalClock, True)  # fmt: skip
        start = clock.now
        terminal.timer(60, "speech:d1:Ana")
    assert seen == [{"label": "speech:d1:Ana", "left": 30, "seconds": 60, "state": "running",
                     "labels": ["speech:d1:Ana"]}]  # fmt: skip
    after = client.get(f"/game/{game_id}/table?lang=en").text
    assert 'data-state="over"' in after and "Time is up." in after


@pytest.mark.usefixtures("private_cache")
def test_an_evening_started_from_the_form_is_in_the_journal(client, db, book):
    html = client.get("/game?lang=en").text
    assert "data-new-mafia" in html
    token = re.search(r'name="csrf" value="([^"]+)"', html)
    assert token
    fields = {"csrf": token.group(1)}
    names = "\n".join(["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"])
    refused = client.post("/game/new-mafia?lang=en", data={**fields, "names": names},
                          headers={"Origin": ORIGIN})  # fmt: skip
    assert refused.status_code == 400 and "10" in refused.text
    with open_journal(db) as journal:
        assert journal.games() == []
    started = client.post("/game/new-mafia?lang=en",
                          data={**fields, "names": names + "\nJon", "name": "Jeudi"},
                          headers={"Origin": ORIGIN})  # fmt: skip
    assert started.status_code == 303
    game_id = int(started.headers["Location"].rsplit("/", 1)[1])
    judge = Judge(client, game_id)
    assert judge.step() == "don-check"  # after the meeting, the first night's checks
    with open_journal(db) as journal:
        state = session.load(journal, book, game_id).state
    assert [s.name for s in state.seats][-1] == "Jon"
    assert sorted(s.role for s in state.seats).count("citoyen") == 6  # the document's cards


@pytest.mark.usefixtures("private_cache")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_correction_list_says_each_event_in_words(client, db, book, lang):
    data = load(GAMES / "mafia-tie-lift.yaml")
    judge = Judge(client, new_game(db, book, data), lang)
    votes = [i for i, e in enumerate(data["events"]) if e["kind"] == "vote"]
    play(judge, data["events"][: votes[0] + 3])  # the tie, then one extra time
    html = html_module.unescape(judge.page())
    assert f'href="/game/{judge.game_id}/protocol"' in html  # the judge's tools
    listed = re.search(r"data-correct-seq>(.*?)</select>", html, re.S)
    assert listed
    labels = re.findall(r">([^<]*)</option>", listed.group(1))
    wanted = {
        "fr": ["Ana nomine Bob", "la parole de Bob (60 s)", "Bob vote contre Bob"],
        "en": ["Ana nominates Bob", "Bob's speech (60 s)", "Bob votes against Bob"],
    }[lang]
    for words in wanted:
        assert any(words in label for label in labels), (words, labels)
    for label in labels:  # never the event's kind and values as data
        assert "=" not in label and "{" not in label and " · nominate" not in label
