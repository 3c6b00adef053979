"""A game's rules of order (garou.game.order): games and records made before an order check
existed are played to the checks they were recorded under; new games to all of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from garou.core.errors import DataFileError
from garou.game import mafia, session
from garou.game.errors import IllegalEventError
from garou.game.journal import Journal
from garou.game.order import CHECKS, ORDER, order_checks
from garou.game.record import dump_record, game_record, import_record
from garou.game.replay import replay
from garou.game.start import start_data
from tests.conftest import REPO

GAMES = REPO / "tests" / "data" / "games"
ENDING = ("day", "vote", "night")
"""The Mafia events that end a phase (the ones the order checks of order 2 guard)."""

# Each class of step an evening recorded before order 2 could skip: the example record,
# the event skipped (kind, player or shooter, occurrence), how many events from it were
# never recorded, and the refusal order 2 gives at the event ending the phase.
SKIPPED = {
    "shot": ("mafia-town-wins", ("shot", None, 1), 1, "mafia.order.shots-due"),
    "don-check": ("mafia-town-wins", ("don-check", None, 0), 1, "mafia.order.don-check-due"),
    "sheriff-check": (
        "mafia-town-wins",
        ("sheriff-check", None, 0),
        1,
        "mafia.order.sheriff-check-due",
    ),
    "farewell": ("mafia-town-wins", ("farewell", None, 0), 1, "mafia.order.farewell-due"),
    "speech": ("mafia-town-wins", ("speech", "Jon", 0), 1, "mafia.order.speech-due"),
    "vote": ("mafia-town-wins", ("vote", None, 0), 2, "mafia.order.vote-due"),
    "extra-time": ("mafia-tie-lift", ("speech", "Bob", 1), 1, "mafia.order.extra-due"),
}


@pytest.fixture
def journal(tmp_path: Path):
    with Journal(tmp_path / "games.db") as j:
        yield j


def _record(name: str) -> dict[str, Any]:
    return yaml.safe_load((GAMES / f"{name}.yaml").read_text(encoding="utf-8"))


def _skipped(case: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Return the record of ``case`` cut just before the event ending the phase whose step
    was skipped (in the shape a garou before order 2 wrote: no ``order``), that event, and
    the refusal order 2 gives it."""
    name, (kind, who, nth), dropped, key = SKIPPED[case]
    record = _record(name)
    events = record["events"]
    found = [
        i
        for i, e in enumerate(events)
        if e["kind"] == kind and who in (None, e.get("player"), e.get("shooter"))
    ]
    at = found[nth]
    rest = events[at + dropped :]
    end = next(i for i, e in enumerate(rest) if e["kind"] in ENDING)
    record["events"] = events[:at] + rest[:end]
    record["game"].pop("order", None)
    return record, rest[end], key


def _write(tmp_path: Path, record: dict[str, Any], order: int | None = None) -> Path:
    record = {**record, "game": dict(record["game"])}
    if order is not None:
        record["game"]["order"] = order
    path = tmp_path / "record.yaml"
    path.write_text(yaml.safe_dump(record, allow_unicode=True, sort_keys=False), "utf-8")
    return path


def _event(event: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return str(event["kind"]), {k: v for k, v in event.items() if k != "kind"}


@pytest.mark.parametrize("case", sorted(SKIPPED))
def test_an_old_evening_with_a_step_skipped_imports_and_goes_on(book, journal, tmp_path, case):
    """Recorded before the check (no order): the record imports, the phase-ending event is
    recorded as it was then, and the game stays at order 1 for every event after."""
    record, ending, _ = _skipped(case)
    game_id = import_record(journal, book, _write(tmp_path, record))
    kind, data = _event(ending)
    after = session.record(journal, book, game_id, kind, data)
    assert after.state.order_rules == CHECKS[1]
    # the whole journal, ending included, replays and exports as it was: no order written
    exported = game_record(journal, game_id)
    assert "order" not in exported["game"]
    path = tmp_path / "again.yaml"
    path.write_text(dump_record(exported), "utf-8")
    import_record(journal, book, path, force=True)


@pytest.mark.parametrize("case", sorted(SKIPPED))
def test_a_new_evening_refuses_the_skipped_step(book, journal, tmp_path, case):
    """The same events at order 2 (a new game): the phase-ending event is refused with the
    step still due, when recorded and when imported."""
    record, ending, key = _skipped(case)
    game_id = import_record(journal, book, _write(tmp_path, record, ORDER))
    kind, data = _event(ending)
    with pytest.raises(IllegalEventError) as refused:
        session.record(journal, book, game_id, kind, data)
    assert refused.value.phrase is not None and refused.value.phrase.key == key
    record["events"].append(ending)
    with pytest.raises(DataFileError) as bad:
        import_record(journal, book, _write(tmp_path, record, ORDER))
    problem = bad.value.problems[0]
    assert problem.path == f"events[{len(record['events']) - 1}]"
    assert problem.message.error.phrase.key == key  # type: ignore[union-attr]


def test_a_revote_recorded_without_extra_time_imports_whole(book, journal, tmp_path):
    """The tie-lift example as garou wrote it before the extra time was an event: both
    extra-time speeches absent, the revote, the lift vote and day 2 follow."""
    record = _record("mafia-tie-lift")
    events = record["events"]
    first_vote = next(i for i, e in enumerate(events) if e["kind"] == "vote")
    extra = events[first_vote + 1 : first_vote + 3]
    assert [e["kind"] for e in extra] == ["speech", "speech"]
    record["events"] = events[: first_vote + 1] + events[first_vote + 3 :]
    assert sum(e["kind"] == "vote" for e in record["events"]) >= 3
    game_id = import_record(journal, book, _write(tmp_path, record))
    state = session.load(journal, book, game_id).state
    assert state.day == 2 and not state.player("Bob").alive and not state.player("Eve").alive
    with pytest.raises(DataFileError):
        import_record(journal, book, _write(tmp_path, record, ORDER))


def test_an_old_farewell_not_given_is_lost_at_the_night_not_asked_forever(book, journal, tmp_path):
    """Order 1: the farewell not recorded by the night was not given; the next day does
    not wait for it."""
    record, ending, _ = _skipped("farewell")
    game_id = import_record(journal, book, _write(tmp_path, record))
    assert session.load(journal, book, game_id).state.farewell_due == ["Bob"]
    after = session.record(journal, book, game_id, *_event(ending))
    assert after.state.farewell_due == []


def test_new_games_record_the_order_and_records_carry_it(book, journal, tmp_path):
    """Both games: a new start event holds the current order, export writes it in the
    record's game mapping, import reads it back."""
    game = book.game("mafia")
    names = ["Ana", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"]
    data = mafia.start_data(game, names, seed=7)
    assert data["order"] == ORDER and order_checks(data) == CHECKS[ORDER]
    first = session.new_game(journal, book, data)
    setup = tmp_path / "setup.yaml"
    setup.write_text(
        "game: loup-garou\nplayers: 5\nroles: {loup-garou: 1, voyante: 1, villageois: 3}\n"
        "names: [Ana, Bob, Cid, Dee, Eve]\n",
        "utf-8",
    )
    lg = start_data(book, setup)
    assert lg["order"] == ORDER
    second = session.new_game(journal, book, lg)
    for game_id in (first, second):
        exported = game_record(journal, game_id)
        assert exported["game"]["order"] == ORDER
        path = tmp_path / f"{game_id}.yaml"
        path.write_text(dump_record(exported), "utf-8")
        again = import_record(journal, book, path, force=True)
        assert journal.events(again)[0].data["order"] == ORDER


@pytest.mark.parametrize("value", [0, 99, "two", True])
def test_an_unknown_order_is_refused_with_the_known_ones(book, value):
    """A start event (or a record's game.order) naming rules of order garou does not know."""
    record = _record("mafia-town-wins")
    start = {"game": "mafia", "players": record["setup"]["players"]}
    start |= {"roles": record["setup"]["roles"], "order": value}
    from garou.game.journal import Event

    with pytest.raises(IllegalEventError) as refused:
        replay(book, [Event(1, "start", start, "")])
    assert refused.value.phrase is not None
    assert refused.value.phrase.key == "order.refused.unknown"
    assert all(str(o) in refused.value.message("en") for o in CHECKS)
