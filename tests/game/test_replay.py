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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_correcting_an_undone_event_says_it_was_undone_not_that_the_start_cannot_be(lang):
    from garou.core.catalogue import say
    from garou.game.errors import IllegalEventError
    from garou.game.replay import check_correctable, effective_events

    kill = {"victim": "Bob"}
    events = [Event(1, "start", {}), Event(2, "kill", kill), Event(3, "undo", {})]
    fix = {"seq": 2, "why": "misheard", "event": {"victim": "Cid"}}
    for check in (
        lambda: check_correctable(events, 2),  # the terminal, before asking why
        lambda: effective_events([*events, Event(4, "correct", fix)]),  # the replay, the web
    ):
        with pytest.raises(IllegalEventError) as refused:
            check()
        said = refused.value.message(lang)
        assert said == say("game.refused.correct-undone", lang, seq="2")
    with pytest.raises(IllegalEventError) as refused:
        check_correctable(events, 1)
    assert refused.value.message(lang) == say("game.refused.correct-start", lang, seq="1")
    with pytest.raises(IllegalEventError) as refused:
        check_correctable([*events, Event(9, "kill", kill)], 8)
    assert refused.value.message(lang) == say("game.refused.correct-seq", lang, seq="8")
