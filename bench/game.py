"""Speed of ``garou game``: replaying a 1,000-event game, and the cold start of ``status``.

1. Builds a game of about 1,000 events: an 18-player evening (5 wolves, seer, witch,
   hunter, Cupid, no captain) played to its end by a scripted game master (the votes
   split, so that the tie procedure runs), with look/undo pairs on the first night (a
   game master changing their mind) to reach about 1,000 events. Times the replay
   (``garou.game.replay.replay``: every event through the checks and the resolvers), in
   one process, over several runs.
2. Cold start: ``garou game status --json`` on that game, against the YAML floor (a
   script that reads the same game's exported YAML record with PyYAML and prints it as
   JSON, the least any program reading this game must do), alternating, several runs.

Run: .venv/bin/python bench/game.py [--runs 9]
Prints the medians and the ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = """\
import json, sys, yaml
loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
with open(sys.argv[1], encoding="utf-8") as f:
    print(json.dumps(yaml.load(f, Loader=loader), ensure_ascii=False, default=str)[:200])
"""

NAMES = [f"P{i:02d}" for i in range(1, 19)]
ROLES = {"loup-garou": 5, "cupidon": 1, "voyante": 1, "sorciere": 1, "chasseur": 1,
         "villageois": 9}  # fmt: skip


def build_game(folder: Path, target: int = 1000) -> tuple[Path, int]:
    """Return the journal and the id of a legal game of ``target`` events."""
    from garou.game import session
    from garou.game.errors import IllegalEventError
    from garou.game.journal import open_journal
    from garou.game.start import start_data
    from garou.rules import load_rules

    book = load_rules()
    setup = folder / "table.yaml"
    setup.write_text(
        "game: loup-garou\nroles: {"
        + ", ".join(f"{r}: {n}" for r, n in ROLES.items())
        + "}\nnames: ["
        + ", ".join(NAMES)
        + "]\n",
        encoding="utf-8",
    )
    cards = [r for r, n in ROLES.items() for _ in range(n)]
    deal = dict(zip(NAMES, cards, strict=True))
    data = start_data(book, setup, deal=deal)
    data["agreement"]["lg-setting-captain"] = "without-captain"
    path = folder / "g.sqlite"
    journal = open_journal(path)
    game_id = session.new_game(journal, book, data)
    count = 1

    def add(kind: str, **values: object) -> object:
        nonlocal count
        try:
            result = session.record(journal, book, game_id, kind, values)
        except IllegalEventError as exc:
            if exc.ask is None:
                raise
            key = "shoot" if exc.ask.kind == "shoot" else "successor"
            values[key] = {exc.ask.chooser: exc.ask.options[0]}
            result = session.record(journal, book, game_id, kind, values)
        count += 1
        return result

    reserve = 52  # about what the rest of the evening records after the first look
    while True:
        state = session.load(journal, book, game_id).state
        if state.phase == "over":
            break
        alive = [s.name for s in state.living()]
        village = [n for n in alive if state.camp_of(n) != "loups"]
        if state.phase == "night":
            step = state.next_step()
            if step is None:
                add("dawn")
            elif step.does == "couple":
                add("couple", lovers=village[-2:])
            elif step.does == "check":
                seer = [s.name for s in state.holders("voyante") if s.alive]
                if not seer:
                    add("call", step=step.id)
                    continue
                others = [n for n in alive if n not in seer]
                i = 0
                while count < target - reserve:
                    add("look", target=others[i % len(others)])
                    add("undo")
                    i += 1
                add("look", target=others[0])
            elif step.does == "kill":
                add("kill", victim=village[0])
            else:
                witch = [s.name for s in state.holders("sorciere") if s.alive]
                if witch:
                    add("potions", save=False)
                else:
                    add("call", step=step.id)
        else:
            a, b = alive[0], alive[1]
            voters = alive[: len(alive) // 2 * 2]  # an even number: the votes split evenly
            add("vote", votes={n: (a if i % 2 else b) for i, n in enumerate(voters)})
    journal.close()
    return path, game_id


def timed(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    options = parser.parse_args()
    from garou.game.journal import open_journal
    from garou.game.record import dump_record, game_record
    from garou.game.replay import replay
    from garou.rules import load_rules

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path, game_id = build_game(folder)
        journal = open_journal(path)
        events = journal.events(game_id)
        book = load_rules()
        replays = []
        for _ in range(options.runs):
            start = time.perf_counter()
            replayed = replay(book, events)
            replays.append(time.perf_counter() - start)
        record = folder / "record.yaml"
        record.write_text(dump_record(game_record(journal, game_id)), encoding="utf-8")
        journal.close()
        print(f"game: {len(events)} events ({len(replayed.effective)} in effect), "
              f"winner {replayed.state.winner}, {replayed.state.night} nights")  # fmt: skip
        median = statistics.median(replays)
        print(
            f"replay: median {median * 1000:.0f} ms, "
            f"{median / len(events) * 1e6:.0f} µs per event ({options.runs} runs)"
        )
        garou = str(Path(sys.executable).with_name("garou"))
        env = {**os.environ, "GAROU_DB": str(path)}
        status, floor = [], []
        for _ in range(options.runs):
            status.append(timed([garou, "game", "status", str(game_id), "--json"], env))
            floor.append(timed([sys.executable, "-c", FLOOR, str(record)], env))
        loads = []
        for _ in range(options.runs):
            loads.append(timed([sys.executable, "-c", "from garou.rules import load_rules; "
                                "load_rules()"], env))  # fmt: skip
        s, f = statistics.median(status), statistics.median(floor)
        load = statistics.median(loads)
        print("| cold start | median | ratio |\n| --- | --- | --- |")
        print(f"| YAML floor (read the exported record, print JSON) | {f * 1000:.0f} ms | 1.00 |")
        print(f"| `garou game status --json` | {s * 1000:.0f} ms | {s / f:.2f} |")
        print(
            f"| of which: a process that only loads the rules | {load * 1000:.0f} ms | "
            f"{load / f:.2f} |"
        )


if __name__ == "__main__":
    main()
