"""Relevance of ``garou search`` on tests/data/relevance.yaml: top-1, top-3, MRR.

Prints the figures for the whole set, for the tuning part and the held-out part (the third
of the set never looked at while tuning), and per group; ``--failures`` lists the queries
whose first hit is wrong (tuning part only, unless ``--holdout`` is given too).

Run: /work/venv/bin/python bench/relevance.py [--failures] [--holdout]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SET = REPO / "tests" / "data" / "relevance.yaml"
DEPTH = 10
"""Hits fetched per query (a right answer below this rank counts 0 in the MRR)."""


@dataclass
class Outcome:
    """How one query of the set did."""

    query: dict[str, Any]
    ids: list[str]
    """The hit ids, best first."""
    per_game: list[str]
    """The ids shown as each game's answer."""

    @property
    def rank(self) -> int | None:
        """Rank (1-based) of the first right hit, or None."""
        for rank, hit in enumerate(self.ids, 1):
            if hit in self.query["ids"]:
                return rank
        return None

    @property
    def both_shown(self) -> bool:
        """True when each game's answer was shown and is a right one."""
        games = {i.split("-")[0] for i in self.per_game}
        return len(games) == 2 and all(i in self.query["ids"] for i in self.per_game)


def load_set(path: Path = SET) -> list[dict[str, Any]]:
    """Return the queries of the relevance set."""
    from garou.rules import read_yaml

    return list(read_yaml(path)["queries"])


def evaluate(queries: list[dict[str, Any]], rules_dir: str | None = None) -> list[Outcome]:
    """Run every query once, with one index opened for all of them."""
    from garou.lookup import Searcher

    outcomes = []
    with Searcher(rules_dir) as searcher:
        for query in queries:
            result = searcher.search(query["q"], game=query.get("game"), limit=DEPTH)
            outcomes.append(
                Outcome(query, [h.id for h in result.hits], [h.id for h in result.per_game])
            )
    return outcomes


def figures(outcomes: list[Outcome]) -> dict[str, float]:
    """Return top-1 accuracy, top-3 recall, MRR, and the share of both-games queries shown."""
    n = len(outcomes) or 1
    ranks = [o.rank for o in outcomes]
    both = [o for o in outcomes if o.query.get("both")]
    single = [o for o in outcomes if not o.query.get("both") and not o.query.get("game")
              and len({i.split("-")[0] for i in o.query["ids"]}) == 1]  # fmt: skip
    return {
        "n": len(outcomes),
        "top1": sum(1 for r in ranks if r == 1) / n,
        "top3": sum(1 for r in ranks if r is not None and r <= 3) / n,
        "mrr": sum(1 / r for r in ranks if r is not None) / n,
        "both": (sum(1 for o in both if o.both_shown) / len(both)) if both else float("nan"),
        "false_split": sum(1 for o in single if o.per_game),
    }


def _line(label: str, f: dict[str, float]) -> str:
    both = "" if f["both"] != f["both"] else f"  both-games shown {f['both']:.2f}"
    return (f"{label:<16} n={f['n']:>3}  top-1 {f['top1']:.3f}  top-3 {f['top3']:.3f}  "
            f"MRR {f['mrr']:.3f}  one-game queries split {f['false_split']}{both}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Print the figures; return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", action="store_true", help="list the wrong first hits")
    parser.add_argument("--holdout", action="store_true", help="include held-out failures")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    outcomes = evaluate(load_set())
    tune = [o for o in outcomes if not o.query.get("holdout")]
    held = [o for o in outcomes if o.query.get("holdout")]
    fresh = [o for o in held if o.query["group"].startswith("fresh-")]
    print(_line("all", figures(outcomes)))
    print(_line("tuning", figures(tune)))
    print(_line("held out", figures(held)))
    print(_line("  of which fresh", figures(fresh)))
    print()
    for group in sorted({o.query["group"] for o in outcomes}):
        print(_line(group, figures([o for o in outcomes if o.query["group"] == group])))
    if args.failures:
        print()
        for o in held + tune if args.holdout else tune:
            missed_both = o.query.get("both") and not o.both_shown
            if o.rank != 1 or missed_both:
                game = f" --game {o.query['game']}" if o.query.get("game") else ""
                print(f"rank {o.rank}  {o.query['q']!r}{game}  want {o.query['ids']}  "
                      f"got {o.ids[:3]}  per-game {o.per_game}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
