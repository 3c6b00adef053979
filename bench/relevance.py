"""Relevance of ``garou search``: top-1, top-3, MRR, and "the rules do not say".

The sets live in ``tests/data/relevance/``: ``studied/`` holds the sets that were looked at
(their misses listed, learned from by the fitted judgement, bench/learn.py);
``unseen/`` holds the sets written by people who never ran garou, which nobody changing the
search reads: they are measured, never listed, never learned from. Each file's header says
who wrote it and from what. ``studied/tuning.yaml`` is the set the first search was tuned
on; its ``holdout: true`` third was never looked at while tuning it, and its ``blind-questions-*``
and ``blind-near-scope-*`` groups were written before garou was run on them.

In-scope queries (``ids`` given) are scored by the rank of the first right hit: top-1,
top-3 and MRR; by how many were wrongly answered "not covered"; and by how many have an
answering ruling shown in full on the first screen ("shown in full": the first hit, each
game's answer, or both hits of a close call; goal 0.98 on the unseen sets). Out-of-scope queries
(``out: true``) are scored by the share answered "not covered". Each figure is given for
the whole of a set and per language.

``--failures`` lists the misses of the tuning set only; ``--holdout`` adds the other studied
sets' (look at them only once tuning is over); ``--SET-failures`` lists one studied set's
misses. An unseen set's misses are never listed: listing them makes it a studied set (move
its file to ``studied/``).

Run: .venv/bin/python bench/relevance.py [--failures] [--holdout]
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
_DATA = REPO / "tests" / "data" / "relevance"
SET = _DATA / "studied" / "tuning.yaml"
HELDOUT = _DATA / "studied" / "natural-questions.yaml"
"""Natural questions, the other game's words, out of scope: listed with the tuning misses."""


@dataclass(frozen=True)
class HeldOut:
    """One set measured apart from the tuning set: where its queries are, how it is shown."""

    name: str
    """Its name: the flags are ``--without-NAME`` and ``--NAME-failures``."""
    source: Path | str
    """A set file, or a group prefix of the queries of ``SET`` (left out of the tuning)."""
    label: str
    """The block's label: the set's name and whether it was studied or is unseen."""
    leave_out: str
    """Help of ``--without-NAME``."""
    list_misses: str | None
    """Help of ``--NAME-failures`` (None: an unseen set, whose misses are never listed)."""
    listed: int = 0
    """Where its misses come among the sets'."""


def _studied(name: str, listed: int) -> HeldOut:
    return HeldOut(name, _DATA / "studied" / f"{name}.yaml", f"{name} (studied)",
                   f"leave out studied/{name}.yaml", f"list the misses of studied/{name}.yaml",
                   listed)  # fmt: skip


def _unseen(name: str) -> HeldOut:
    return HeldOut(name, _DATA / "unseen" / f"{name}.yaml", f"{name} (unseen)",
                   f"leave out unseen/{name}.yaml", None, 99)  # fmt: skip


HELDOUT_SETS = (
    _studied("slang-and-other-game", 0),
    # Groups of the tuning set written before garou was run on them, left out of it here.
    HeldOut("blind-questions", "blind-questions-", "blind-questions-* groups (studied)",
            "leave the blind-questions-* groups of the tuning set out",
            "list the misses of the blind-questions-* groups", 1),
    HeldOut("blind-near-scope", "blind-near-scope-", "blind-near-scope-* groups (studied)",
            "leave the blind-near-scope-* groups of the tuning set out",
            "list the misses of the blind-near-scope-* groups", 2),
    _studied("typos-slang-abbreviations", 6),
    _studied("questions-and-slang", 3),
    _studied("from-entry-ids-blind", 5),
    _studied("from-entry-ids", 4),
    _studied("with-role-entries-blind", 7),
    _studied("with-role-entries", 8),
    _studied("from-entry-titles", 9),
    *(_unseen(path.stem) for path in sorted((_DATA / "unseen").glob("*.yaml"))),
)  # fmt: skip
"""Every set measured apart from the tuning set, one line each, studied then unseen."""
GROUPS_APART = tuple(h.source for h in HELDOUT_SETS if isinstance(h.source, str))
"""Group prefixes of the tuning set measured apart (the tests leave them out)."""
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
    answered: bool = True
    """False when garou said the rules do not answer the query."""
    full: list[str] | None = None
    """The ids shown in full on the first screen (each game's answer, the close call's
    two, else the first hit; none when "not covered"); None: as the first hit."""

    @property
    def shown_in_full(self) -> bool:
        """True when an answering ruling is shown in full on the first screen."""
        full = self.ids[:1] if self.full is None else self.full
        return self.answered and any(i in self.query["ids"] for i in full)

    @property
    def out(self) -> bool:
        """True for a query the rules do not answer."""
        return bool(self.query.get("out"))

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


def language(query: dict[str, Any]) -> str:
    """Return the query's language: its ``lang``, else its group's suffix, else "?"."""
    if query.get("lang"):
        return str(query["lang"])
    group = str(query.get("group", ""))
    return group[-2:] if group[-3:] in ("-fr", "-en") else "?"


def load_set(path: Path = SET) -> list[dict[str, Any]]:
    """Return the queries of a relevance set."""
    from garou.rules import read_yaml

    return list(read_yaml(path)["queries"])


def evaluate(queries: list[dict[str, Any]], rules_dir: str | None = None) -> list[Outcome]:
    """Run every query once, with one index opened for all of them."""
    from garou.lookup import Searcher

    with Searcher(rules_dir) as searcher:
        return [evaluate_one(searcher, query) for query in queries]


def evaluate_one(searcher: Any, query: dict[str, Any]) -> Outcome:
    """Run one query with an opened ``Searcher``."""
    result = searcher.search(query["q"], game=query.get("game"), limit=DEPTH)
    full = result.in_full
    return Outcome(query, [h.id for h in result.hits], [h.id for h in result.per_game],
                   result.answered, [h.id for h in full])  # fmt: skip


def figures(outcomes: list[Outcome]) -> dict[str, float]:
    """Return, on the in-scope queries, top-1 accuracy, top-3 recall, MRR, the share of
    both-games queries shown and the share wrongly answered "not covered"; on the
    out-of-scope ones, the share answered "not covered"."""
    inside = [o for o in outcomes if not o.out]
    outside = [o for o in outcomes if o.out]
    n = len(inside) or 1
    ranks = [o.rank for o in inside]
    both = [o for o in inside if o.query.get("both")]
    single = [o for o in inside if not o.query.get("both") and not o.query.get("game")
              and len({i.split("-")[0] for i in o.query["ids"]}) == 1]  # fmt: skip
    nan = float("nan")
    return {
        "n": len(inside),
        "top1": sum(1 for r in ranks if r == 1) / n,
        "top3": sum(1 for r in ranks if r is not None and r <= 3) / n,
        "mrr": sum(1 / r for r in ranks if r is not None) / n,
        "both": (sum(1 for o in both if o.both_shown) / len(both)) if both else nan,
        "false_split": sum(1 for o in single if o.per_game),
        "wrongly_out": (sum(1 for o in inside if not o.answered) / len(inside)) if inside else nan,
        "full": sum(1 for o in inside if o.shown_in_full) / n,
        "n_out": len(outside),
        "said_out": (sum(1 for o in outside if not o.answered) / len(outside)) if outside else nan,
    }


def _line(label: str, f: dict[str, float]) -> str:
    text = f"{label:<20} n={f['n']:>3}"
    if f["n"]:
        text += (f"  top-1 {f['top1']:.3f}  top-3 {f['top3']:.3f}  MRR {f['mrr']:.3f}"
                 f"  wrongly not covered {f['wrongly_out']:.3f}"
                 f"  shown in full {f['full']:.3f}")  # fmt: skip
    if f["n_out"]:
        text += f"  | out of scope n={f['n_out']:>2}  said not covered {f['said_out']:.3f}"
    if not math.isnan(f["both"]):
        text += f"  both-games shown {f['both']:.2f}"
    if f["false_split"]:
        text += f"  one-game split {f['false_split']}"
    return text


def _block(label: str, outcomes: list[Outcome]) -> list[str]:
    lines = [_line(label, figures(outcomes))]
    for lang in ("fr", "en", "?"):
        part = [o for o in outcomes if language(o.query) == lang]
        if part:
            lines.append(_line(f"  {lang}", figures(part)))
    return lines


def _failures(outcomes: list[Outcome]) -> list[str]:
    lines = []
    for o in outcomes:
        game = f" --game {o.query['game']}" if o.query.get("game") else ""
        if o.out:
            if o.answered:
                lines.append(
                    f"answered  [{o.query['group']}] {o.query['q']!r}{game}  got {o.ids[:3]}"
                )
            continue
        missed_both = o.query.get("both") and not o.both_shown
        if o.rank != 1 or missed_both or not o.answered:
            said = "" if o.answered else "  (said not covered)"
            lines.append(f"rank {o.rank}  [{o.query['group']}] {o.query['q']!r}{game}  "
                         f"want {o.query['ids']}  got {o.ids[:3]}  "
                         f"per-game {o.per_game}{said}")  # fmt: skip
    return lines


def _flag(held: HeldOut, failures: bool) -> str:
    name = held.name.replace("-", "_")
    return f"{name}_failures" if failures else f"without_{name}"


def main(argv: list[str] | None = None) -> int:
    """Print the figures; return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", action="store_true", help="list the tuning misses")
    parser.add_argument("--holdout", action="store_true", help="include held-out misses")
    for held in HELDOUT_SETS:
        parser.add_argument(f"--without-{held.name}", action="store_true",
                            help=held.leave_out)  # fmt: skip
        if held.list_misses is not None:
            parser.add_argument(f"--{held.name}-failures", action="store_true",
                                help=held.list_misses)  # fmt: skip
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    queries = load_set(SET)
    main_set = evaluate(
        [q for q in queries if not str(q.get("group", "")).startswith(GROUPS_APART)]
    )
    fresh = evaluate(load_set(HELDOUT))
    sets: dict[str, list[Outcome]] = {}
    for held in HELDOUT_SETS:
        if getattr(args, _flag(held, False)):
            sets[held.name] = []
        elif isinstance(held.source, str):
            prefix = held.source
            sets[held.name] = evaluate(
                [q for q in queries if str(q.get("group", "")).startswith(prefix)]
            )
        else:
            sets[held.name] = evaluate(load_set(held.source))
    tune = [o for o in main_set if not o.query.get("holdout")]
    held_first = [o for o in main_set if o.query.get("holdout")]
    every = main_set + fresh + [o for outcomes in sets.values() for o in outcomes]
    lines = _block("all", every)
    lines += _block("tuning", tune)
    lines += _block("tuning, held-out third", held_first)
    lines += _block("natural-questions (studied)", fresh)
    for held in HELDOUT_SETS:
        if sets[held.name]:
            lines += _block(held.label, sets[held.name])
    print("\n".join(lines))
    print()
    for group in sorted({o.query["group"] for o in every}):
        print(_line(group, figures([o for o in every if o.query["group"] == group])))
    if args.failures:
        print()
        # natural-questions is listed with the tuning misses; --holdout adds the tuning set's
        # held-out third and slang-and-other-game.
        extra = held_first + sets["slang-and-other-game"] if args.holdout else []
        seen = extra + fresh + tune if args.holdout else tune + fresh
        print("\n".join(_failures(seen)))
    for held in sorted(HELDOUT_SETS, key=lambda h: h.listed):
        if held.list_misses is not None and getattr(args, _flag(held, True)) and sets[held.name]:
            print()
            print("\n".join(_failures(sets[held.name])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
