"""Measure replaying a long Mafia evening (the cost of every `garou game add`).

Run: .venv/bin/python bench/mafia_replay.py
The evening is the longest of 30 random legal games of tests/game/test_mafia.py.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    from garou.game import mafia
    from garou.rules import load_rules
    from tests.game.test_mafia import _random_game

    game = load_rules().game("mafia")
    state, events = max((_random_game(game, seed) for seed in range(30)), key=lambda g: len(g[1]))
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        data = mafia.start_data(
            game, [s.name for s in state.seats], roles={s.name: s.role for s in state.seats}
        )
        replayed = mafia.start(game, data)
        for seq, event in enumerate(events, 2):
            values = {k: v for k, v in event.items() if k != "kind"}
            replayed = mafia.apply(replayed, event["kind"], values, seq, "en")
        best = min(best, time.perf_counter() - start)
    print(f"{len(events)} events replayed: best of 5 {best * 1000:.0f} ms")


if __name__ == "__main__":
    main()
