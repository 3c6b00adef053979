"""Tests of ``garou/game/questions.py``: the questions of a step, the same on every face."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from garou.game import questions, script, session
from garou.game.journal import open_journal
from tests.helpers import NIGHT1, ROLES, SELF, TO_SELF, TO_WITCH, TWO, WITHOUT, _game


def _asked(db: Path, book, answers=None) -> tuple[questions.Question, ...]:
    with open_journal(db) as journal:
        state = session.load(journal, book, 1, "en").state
    return questions.night_questions(state, script.next_step(state), answers)


def _fields(asked) -> list[str]:
    return [q.field or q.kind for q in asked]


def test_the_seers_target_whose_card_nobody_recorded_is_then_asked_for_their_card(tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, NIGHT1[:1], ROLES, WITHOUT("Eve"))
    assert _fields(_asked(db, book)) == ["target"]
    asked = _asked(db, book, {"target": "Dee"})
    assert _fields(asked) == ["target", "role"]
    assert asked[1].kind == questions.CARD and "Dee" in asked[1].say("en")
    assert set(asked[1].options) == {"loup-garou", "villageois"}  # Eve's card is not known
    assert _fields(_asked(db, book, {"target": "Bob"})) == ["target"]  # a known wolf


def test_a_disagreement_of_the_wolves_records_the_agreements_decision_only_when_said(
    tmp_path, book
):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, NIGHT1)
    victim, agreed = _asked(db, book)
    assert (victim.field, agreed.kind, agreed.default) == ("victim", questions.YES, True)
    assert agreed.into({"victim": "Fay"}, True) == {"victim": "Fay"}
    assert agreed.into({"victim": "Fay"}, False) == {"victim": "Fay", "decided": "game-master"}


def test_the_victim_may_be_poisoned_only_while_the_save_may_still_be_yes(tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {TWO: "both-allowed"}, TO_WITCH)
    save, poison = _asked(db, book)
    assert (save.field, poison.field, poison.empty) == ("save", "poison", True)
    assert "Fay" in poison.options and poison.only_one is None
    assert [n.say("en") for n in save.notes] == ["(show the witch) The wolves' victim: Fay."]
    assert "Fay" not in _asked(db, book, {"save": False})[1].options
    assert "Fay" in _asked(db, book, {"save": True})[1].options


def test_a_save_at_a_one_potion_table_leaves_no_poison_to_ask(tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {TWO: "one-per-night"}, TO_WITCH)
    save, poison = _asked(db, book)
    assert poison.only_one == "save" and "Fay" not in poison.options
    saved = _asked(db, book, {"save": True})
    assert _fields(saved) == ["save", questions.TELL]
    assert [n.cue for n in saved[1].notes] == ["one-potion"]


def test_a_witch_who_may_not_save_herself_is_told_so_and_only_asked_the_poison(tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {SELF: "never", TWO: "both-allowed"}, TO_SELF)
    (poison,) = _asked(db, book)
    assert poison.field == "poison" and "Cid" not in poison.options
    assert [n.cue for n in poison.notes] == [None, "no-self-save"]


def test_a_role_not_dealt_is_called_with_its_cue_and_nothing_asked(tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, [])
    (enter,) = _asked(db, book)
    assert enter.kind == questions.ENTER and [n.cue for n in enter.notes] == ["absent"]


# --- the terminal and the phone ask the same --------------------------------------------


def _terminal_options(garou, db: Path, typed: list[str], question: str, **values) -> list[str]:
    """The options ``garou game play`` offers at ``question`` (a key, and its ``values``),
    after ``typed``."""
    from garou.core.catalogue import say

    typed_in = "".join(f"{t}\n" for t in typed)
    run = garou("game", "play", "--db", str(db), "--lang", "en", "--no-countdown", input=typed_in)
    found = re.search(re.escape(say(question, "en", **values)) + r" \(([^)]*)\)", run.stdout)
    assert found, run.stdout
    return [n.strip() for n in found.group(1).split(",")]


def _phone_page(db: Path) -> str:
    from garou.web import WebConfig, create_app
    from tests.helpers import GameMaster

    return GameMaster(create_app(WebConfig(db=db)).test_client(), 1).page()


def _phone_options(db: Path, field: str, prefix: str = "") -> list[str]:
    """The players the phone's form offers for ``field`` (each value after ``prefix``)."""
    return re.findall(rf'name="{field}" value="{prefix}([^"]+)"', _phone_page(db))


@pytest.mark.parametrize(
    ("agreement", "events", "typed", "question", "field", "prefix"),
    [
        ({}, NIGHT1[:1], [], "game.play.look", "target", ""),
        ({}, NIGHT1, [], "game.play.victim", "victim", ""),
        ({TWO: "one-per-night"}, TO_WITCH, ["no"], "game.play.poison", "one_potion",
         "death:"),
        ({TWO: "both-allowed", SELF: "never"}, TO_SELF, [], "game.play.poison",
         "poison", ""),
    ],
)  # fmt: skip
def test_the_terminal_and_the_phone_offer_the_same_players(
    garou, tmp_path, book, agreement, events, typed, question, field, prefix
):
    pytest.importorskip("flask")
    db = tmp_path / "g.sqlite"
    _game(db, book, agreement, events)
    phone = _phone_options(db, field, prefix)
    assert phone and _terminal_options(garou, db, typed, question) == phone


# --- what an event still waits for ------------------------------------------------------


def _tie(tmp_path: Path, book) -> Path:
    """A six-player game at its first vote, captain Bruno (the TABLE6 table)."""
    from garou.game.start import start_data
    from tests.helpers import DEAL6, NAMES, TABLE6, lg_setup

    db = tmp_path / "tie.sqlite"
    deal = dict(pair.split("=") for pair in DEAL6.split(","))
    with open_journal(db) as journal:
        setup = lg_setup(tmp_path, TABLE6, NAMES[:5])
        game_id = session.new_game(journal, book, start_data(book, setup, deal=deal))
        for kind, data in [("look", {"target": "Alice"}), ("kill", {"victim": "Chloé"}),
                           ("dawn", {}), ("election", {"captain": "Bruno"})]:  # fmt: skip
            session.record(journal, book, game_id, kind, data, "en")
    return db


TIED = {"Alice": "Driss", "Bruno": "Emma", "Driss": "Emma", "Emma": "Driss"}


def _pending(db: Path, book, kind: str, data: dict) -> questions.Question | None:
    with open_journal(db) as journal:
        return questions.pending(journal.events(1), book, kind, data, "en")


def test_a_tie_waits_for_the_captains_pick_among_the_tied(tmp_path, book):
    db = _tie(tmp_path, book)
    pick = _pending(db, book, "vote", {"votes": TIED})
    assert pick is not None and (pick.field, pick.chooser) == ("captain_pick", "Bruno")
    assert set(pick.options) == {"Driss", "Emma"} and pick.notes
    answered = pick.into({"votes": TIED}, "Emma")
    assert answered == {"votes": TIED, "captain_pick": "Emma"}
    assert _pending(db, book, "vote", answered) is None


def test_the_seers_look_at_a_card_nobody_recorded_waits_for_that_card(tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, NIGHT1[:1], ROLES, WITHOUT("Eve"))
    card = _pending(db, book, "look", {"target": "Eve"})
    assert card is not None and card.field == "role" and "villageois" in card.options
    assert _pending(db, book, "look", {"target": "Eve", "role": "villageois"}) is None
    assert _pending(db, book, "look", {"target": "Bob"}) is None  # a known wolf


def test_the_terminal_and_the_phone_offer_the_same_captains_pick(garou, tmp_path, book):
    pytest.importorskip("flask")
    from garou.web import WebConfig, create_app
    from tests.helpers import GameMaster

    db = _tie(tmp_path, book)
    gm = GameMaster(create_app(WebConfig(db=db)).test_client(), 1)
    asked = gm.send("vote", {"how": "ballots", **{f"vote.{k}": v for k, v in TIED.items()}})
    phone = re.findall(r'name="captain_pick" value="([^"]+)"', asked.text)
    with open_journal(db) as journal:
        journal.drop_draft(1, "pending")
    typed = [*(TIED[voter] for voter in ("Alice", "Bruno", "Driss", "Emma"))]
    terminal = _terminal_options(garou, db, typed, "game.play.choice", chooser="Bruno")
    assert phone and terminal == phone


def test_a_death_with_cards_still_unknown_waits_for_the_cards_of_the_living(tmp_path, book):
    db = tmp_path / "g.sqlite"
    _game(db, book, {}, [*TO_WITCH, ("potions", {})], ROLES, WITHOUT("Eve"))
    cards = _pending(db, book, "dawn", {})
    assert cards is not None and cards.kind == questions.CARDS and cards.field == "roles"
    assert set(cards.options) == {"Eve", "Fay"}
    assert dict(cards.cards) == {"loup-garou": 1, "villageois": 1}
    learnt = cards.into({}, {"Eve": "loup-garou", "Fay": "villageois"})
    assert _pending(db, book, "dawn", learnt) is None


# --- the day ----------------------------------------------------------------------------


def test_the_show_of_hands_asks_each_living_voter_among_the_targets(tmp_path, book):
    db = _tie(tmp_path, book)
    with open_journal(db) as journal:
        state = session.load(journal, book, 1, "en").state
        (ballots,) = questions.questions(state, script.next_step(state))
        assert ballots.kind == questions.BALLOTS and ballots.empty
        assert ballots.voters == ballots.options == ("Alice", "Bruno", "Driss", "Emma")
        assert ballots.say("en", voter="Alice") == "Alice votes against"


def test_the_terminal_and_the_phone_offer_the_same_ballots(garou, tmp_path, book):
    pytest.importorskip("flask")
    db = _tie(tmp_path, book)
    select = _phone_page(db).split('name="vote.Alice"', 1)[1].split("</select>", 1)[0]
    phone = re.findall(r'<option value="([^"]+)"', select)  # the empty one: no hand raised
    terminal = _terminal_options(garou, db, [], "game.play.ballot", voter="Alice")
    assert phone and terminal == phone


# --- a Mafia evening --------------------------------------------------------------------


def _evening(tmp_path: Path, book) -> Path:
    from tests.helpers import _new_evening_in

    db = tmp_path / "mafia.sqlite"
    with open_journal(db) as journal:
        _new_evening_in(book, journal)
    return db


def test_the_first_nights_check_asks_the_don_about_every_other_player(tmp_path, book):
    from garou.game import mafia_script

    db = _evening(tmp_path, book)
    with open_journal(db) as journal:
        state = session.load(journal, book, 1, "en").state
    step = mafia_script.next_step(state)
    (target,) = questions.questions(state, step)
    assert (step.kind, target.field) == ("don-check", "target")
    assert target.options == tuple(str(n) for n in range(1, 10))
    assert target.say("en") == "Whom does the Don (10) check?"


def test_the_terminal_and_the_judges_phone_offer_the_same_check(garou, tmp_path, book):
    pytest.importorskip("flask")
    db = _evening(tmp_path, book)
    phone = _phone_options(db, "target")
    terminal = _terminal_options(garou, db, [], "mafia.play.don-check", name="10")
    assert phone and terminal == phone


def _named_evening(garou, tmp_path: Path) -> tuple[Path, Any]:
    """The named Mafia evening (tests.helpers.MAFIA_ROLES) on its first day, Gus
    disqualified, every other speech given, Hal nominated by Bob; and ``add(*words)``,
    which records one more event with ``garou game add``."""
    from tests.helpers import MAFIA_NAMES, MAFIA_ROLES

    db = tmp_path / "m.sqlite"
    deal = ",".join(f"{p}={r}" for p, r in MAFIA_ROLES.items())
    garou("game", "new", "--game", "mafia", "--names", ",".join(MAFIA_NAMES), "--deal", deal,
          "--db", str(db))  # fmt: skip

    def add(*words: str) -> None:
        assert garou("game", "add", *words, "--db", str(db), "--lang", "en").exit_code == 0

    add("day")
    add("disqualify", "player=Gus", "behaviour=threats")
    for name in MAFIA_NAMES:
        if name != "Gus":
            add("speech", f"player={name}")
    add("nominate", "by=Bob", "nominee=Hal")
    return db, add


def test_the_terminal_and_the_judges_phone_leave_a_disqualified_player_out_of_the_farewell(
    garou, tmp_path
):
    pytest.importorskip("flask")
    db, add = _named_evening(garou, tmp_path)
    add("vote", "votes={}")  # Hal leaves, with the farewell
    for field in ("best_move", "suspects"):
        phone = _phone_options(db, field)
        assert "Gus" not in phone and "Hal" not in phone and "Ana" in phone
    terminal = _terminal_options(garou, db, [], "mafia.play.best-move", most=3)
    assert terminal == _phone_options(db, "best_move")


def test_the_vote_asks_every_player_still_in_the_game_for_one_of_the_nominees(
    garou, tmp_path, book
):
    from garou.game import mafia_script
    from tests.helpers import MAFIA_NAMES

    db, add = _named_evening(garou, tmp_path)
    add("nominate", "by=Ana", "nominee=Cid")
    add("close-nominations")
    with open_journal(db) as journal:
        state = session.load(journal, book, 1, "en").state
    (ballot,) = questions.questions(state, mafia_script.next_step(state))
    assert ballot.kind == questions.BALLOTS and ballot.options == ("Hal", "Cid")
    assert ballot.voters == tuple(n for n in MAFIA_NAMES if n != "Gus")
    assert [n.say("en") for n in ballot.notes] == [
        "The other votes go to Cid, the last nominee (no abstention)."
    ]
    pytest.importorskip("flask")
    phone_voters = re.findall(r'name="ballot\.([^"]+)"', _phone_page(db))
    terminal = _terminal_options(garou, db, [], "mafia.play.votes", name="Hal")
    assert phone_voters == terminal == list(ballot.voters)


@pytest.mark.parametrize(("typed", "then"), [("revote", "again"), ("Bob", "leader")])
def test_the_table_decision_is_one_of_the_same_decisions_on_both_faces(
    garou, tmp_path, book, typed, then
):
    from garou.game import mafia_script
    from garou.game.mafia import TABLE_DECISIONS
    from tests.helpers import ABSOLUTE, MafiaTable, _below_half

    t = MafiaTable(book, tmp_path, agreement=ABSOLUTE)
    _below_half(t)
    state = t.state()
    (decided,) = questions.questions(state, mafia_script.next_step(state))
    assert (decided.field, decided.kind, decided.options) == ("then", "choice", TABLE_DECISIONS)
    db = tmp_path / "g.sqlite"
    pytest.importorskip("flask")
    assert re.findall(r'name="then" value="([^"]+)"', _phone_page(db)) == list(TABLE_DECISIONS)
    typed_in = f"{typed}\n"
    garou("game", "play", "--db", str(db), "--lang", "fr", "--no-countdown", input=typed_in)
    with open_journal(db) as journal:
        last = journal.events(1)[-1]
    assert (last.kind, last.data) == ("table-decision", {"then": then})
