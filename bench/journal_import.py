"""``garou game import`` of long records, against a floor measured in the same run.

The record is a Loup-Garou game (``tests/data/games/couple-wins.yaml`` up to its first
day vote) followed by pairs of events, a vote and its undo, with a countdown's start and
stop between them: as long as asked, every event legal.

- **floor**: read the record (the schema-driven reader) and replay its events once: what
  any import must at least do before it writes.
- **import**: ``garou.game.record.import_record`` into a new journal (read, check every
  event as a recording would keep it, append).

Each size runs ``--rounds`` times alternately with its floor; the table gives the median
times and the median ratio. An import linear in the number of events keeps the ratio flat
from one size to the next; the old one, replaying the game once per event, grew with it
(1,600 events: 36 s).

Run: ``python bench/journal_import.py [--sizes 200 800 1600] [--rounds 3]`` with the
interpreter of the environment garou is installed in.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "tests" / "data" / "games" / "couple-wins.yaml"
VOTE = "  - {kind: vote, votes: {Alice: Emma, Bruno: Emma, Driss: Bruno, Emma: Bruno}}\n"
PAIR = [
    "  - {kind: timer, action: start, label: 'debate:d1:first', at: 10, seconds: 300}\n",
    VOTE,
    "  - {kind: timer, action: stop, label: 'debate:d1:first', at: 20}\n",
    "  - {kind: undo}\n",
]


def record_text(events: int) -> str:
    """A record of about ``events`` events: the source's first night and election, then
    votes undone, each between a countdown's start and stop."""
    lines = SOURCE.read_text(encoding="utf-8").splitlines(keepends=True)
    head = [line for line in lines if "kind: vote" not in line]
    head = head[: next(i for i, line in enumerate(head) if "election" in line) + 1]
    body = []
    while len(body) + 6 < events:
        body += PAIR
    return "".join(head + body)


def floor(path: Path, book: object) -> float:
    from garou.game.journal import Event
    from garou.game.record import read_game_record
    from garou.game.replay import replay

    started = time.perf_counter()
    read = read_game_record(path)
    record = read.record
    start = {
        "game": record.game.id,
        "name": record.game.name,
        "players": list(record.setup.players),
        "roles": dict(record.setup.roles),
        "agreement": dict(record.agreement or {}),
        "table": None,
        "date": None,
        "deal": dict(record.setup.deal),
    }
    events = [Event(1, "start", start)]
    for i, event in enumerate(record.events or (), start=2):
        events.append(Event(i, str(event["kind"]), {k: v for k, v in event.items() if k != "kind"}))
    replay(book, events)  # type: ignore[arg-type]
    return time.perf_counter() - started


def imported(path: Path, book: object, folder: Path, round_: int) -> float:
    from garou.game.journal import open_journal
    from garou.game.record import import_record

    started = time.perf_counter()
    with open_journal(folder / f"games-{round_}.sqlite") as journal:
        import_record(journal, book, path)  # type: ignore[arg-type]
    return time.perf_counter() - started


def main() -> None:
    import sys

    sys.path.insert(0, str(REPO))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 800, 1600])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from garou.rules import load_rules

    book = load_rules()
    with tempfile.TemporaryDirectory(prefix="garou-bench-") as name:  # warm-up, untimed
        path = Path(name) / "record.yaml"
        path.write_text(record_text(20), encoding="utf-8")
        floor(path, book)
        imported(path, book, Path(name), 0)
    print("| events | floor (s) | import (s) | import / floor |")
    print("|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="garou-bench-") as name:
        folder = Path(name)
        for size in args.sizes:
            path = folder / f"record-{size}.yaml"
            path.write_text(record_text(size), encoding="utf-8")
            floors, imports, ratios = [], [], []
            for round_ in range(args.rounds):
                low = floor(path, book)
                took = imported(path, book, folder, size * 100 + round_)
                floors.append(low)
                imports.append(took)
                ratios.append(took / low)
            print(
                f"| {size} | {statistics.median(floors):.3f} | {statistics.median(imports):.3f} "
                f"| {statistics.median(ratios):.1f} |"
            )


if __name__ == "__main__":
    main()
