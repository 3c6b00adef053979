"""An import's one pass (``trimmed_all``) keeps each event as a recording would have kept
it after the ones before it: the same events as trimming them one by one."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from garou.game.journal import Event
from garou.game.replay import trimmed, trimmed_all
from tests.conftest import REPO
from tests.helpers import lg_start_of

GAMES = sorted(
    p for p in (REPO / "tests" / "data" / "games").glob("*.yaml") if not p.name.startswith("mafia")
)


def _events(record: dict, extra: list[dict] | None = None) -> list[Event]:
    rows = [("start", lg_start_of(record))]
    for event in [*record["events"], *(extra or [])]:
        rows.append((event["kind"], {k: v for k, v in event.items() if k != "kind"}))
    return [Event(i, kind, data) for i, (kind, data) in enumerate(rows, start=1)]


def _one_by_one(book, events: list[Event]) -> list[Event]:
    kept = events[:1]
    for event in events[1:]:
        kept = trimmed(book, [*kept, event])
    return kept


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_one_pass_keeps_each_event_as_recording_them_one_by_one(book, path: Path):
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    events = _events(record)
    assert trimmed_all(book, events) == _one_by_one(book, events)


def test_one_pass_follows_undos_corrections_countdowns_and_stops_at_a_refused_event(book):
    record = yaml.safe_load((REPO / "tests/data/games/couple-wins.yaml").read_text("utf-8"))
    head = record["events"][:6]  # the first night and the election
    record = {**record, "events": head}
    extra = [
        {"kind": "timer", "action": "start", "label": "debate:d1:first", "at": 1, "seconds": 60},
        {"kind": "vote", "votes": {"Alice": "Emma", "Bruno": "Emma"}, "successor": {"X": "Y"}},
        {"kind": "undo"},
        {"kind": "undo"},
        {"kind": "election", "captain": "Farid", "successor": {"A": "B"}},
        {"kind": "correct", "seq": 7, "event": {"captain": "Hugo"}, "why": "misheard"},
        {"kind": "vote", "votes": {"Alice": "Emma", "Bruno": "Emma"}},
        {"kind": "kill", "victim": "Nobody"},  # refused: what follows is left as it is
        {"kind": "vote", "votes": {"Alice": "Emma"}, "successor": {"X": "Y"}},
    ]
    events = _events(record, extra)
    assert trimmed_all(book, events) == _one_by_one(book, events)
