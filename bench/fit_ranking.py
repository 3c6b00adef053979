"""Fit the search's learned ranking on the studied sets; write ``lookup/ranking.json``.

The hand ranking (``lookup/searcher.py``) chooses the candidates, its first
``searcher.RERANKED``; a linear model over the features the searcher computes for each of
them (``searcher.FEATURES``: the hand score and rank, BM25 per field, the share of the
query's words, the roles named, the entry's kind, the game...) orders them. It is fitted
as a pairwise logistic regression: for each in-scope query of the studied sets whose right
entry is among the candidates, the right candidate's standardised features minus each
wrong one's, every query weighing one in all (a long candidate list does not weigh more),
``learn.fit_logistic``. The L2 penalty is the one with the best mean top-1 when each
studied set is left out in turn (``learn.folds``); the figures of each left-out set are
then measured by running the real search with the model fitted without it (the game rule,
the "answered" judgement and all), next to the hand ranking's.

The file's header names the command, the sets, the date, the digest of the inputs (the
studied sets, the rule data, ``lookup/``'s code and vocabulary, this script and
``bench/learn.py``: tests/lookup/test_ranking.py checks it so that the file cannot go stale
silently) and the leave-one-set-out figures.

Run: .venv/bin/python bench/fit_ranking.py [--check] [--out lookup/ranking.json]
(``--check``: fit and compare with the file, write nothing; exit 1 if they differ.)
Deterministic; about a minute and a half on this machine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

import learn  # noqa: E402
import relevance  # noqa: E402

OUT = REPO / "garou" / "lookup" / "ranking.json"
L2 = (0.01, 0.1)
"""Penalties tried, per query of the training sets (the fit's weights sum to one per query)."""
COMMAND = ".venv/bin/python bench/fit_ranking.py"
INPUTS = ("garou/rules/data", "garou/lookup", "bench/fit_ranking.py", "bench/learn.py")
OUTPUTS = (OUT.name, "judgement.json")
"""The learned files under lookup/, no inputs of the ranking: its own, and the judgement's
(fitted after it by bench/fit_judgement.py on the first hits it orders; the ranking's
candidates and features never read it). Re-fit the ranking, then the judgement."""


def digest(repo: Path = REPO) -> str:
    """Return the SHA-256 of what the fit reads: the studied sets, the rule data (not the
    catalogue's messages, which no feature reads), lookup's code and vocabulary (not the
    learned files, :data:`OUTPUTS`), this script and bench/learn.py."""
    files = [repo / learn.DATA.relative_to(REPO) / name for name in learn.STUDIED]
    for name in INPUTS:
        path = repo / name
        if path.is_dir():
            files += sorted(p for p in path.rglob("*")
                            if p.is_file() and p.suffix in (".py", ".yaml", ".yml", ".json")
                            and p.name not in OUTPUTS and "__pycache__" not in p.parts
                            and "messages" not in p.parts)  # fmt: skip
        else:
            files.append(path)
    sha = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.relative_to(repo).as_posix()):
        sha.update(path.relative_to(repo).as_posix().encode() + b"\0")
        sha.update(path.read_bytes() + b"\0")
    return sha.hexdigest()


class Query:
    """One studied query: its candidates' features, and the hand ranking's outcome."""

    def __init__(self, name: str, query: dict[str, Any], searcher: Any, outcome: Any):
        collected = list(searcher.collected)
        self.obeyed = searcher.obeyed
        self.name = name
        self.query = query
        self.ids = [entry for entry, _ in collected]
        self.rows = [row for _, row in collected]
        self.right = [i for i, entry in enumerate(self.ids) if entry in query.get("ids", ())]
        self.outcome = outcome


def collect() -> list[Query]:
    """Run every studied query by hand ranking; keep its candidates' features."""
    from garou.lookup import Searcher

    queries = []
    with Searcher(ranking=False) as searcher:
        searcher.collect = True
        for name, query in learn.studied():
            searcher.collected, searcher.obeyed = [], None
            outcome = relevance.evaluate_one(searcher, query)
            queries.append(Query(name, query, searcher, outcome))
    return queries


def standardise(queries: list[Query]) -> tuple[list[float], list[float]]:
    """Return the mean and standard deviation of each feature over every candidate."""
    rows = [row for q in queries for row in q.rows]
    width = len(rows[0])
    mean = [sum(r[j] for r in rows) / len(rows) for j in range(width)]
    scale = [math.sqrt(sum((r[j] - mean[j]) ** 2 for r in rows) / len(rows)) for j in range(width)]
    return mean, [s if s > 1e-9 else 0.0 for s in scale]


def fit(queries: list[Query], l2: float) -> dict[str, Any]:
    """Fit the pairwise model on ``queries``; return it as stored in the file."""
    mean, scale = standardise(queries)
    pairs: list[list[float]] = []
    labels: list[int] = []
    weights: list[float] = []
    for q in queries:
        if not q.right or q.query.get("out"):
            continue
        wrong = [i for i in range(len(q.rows)) if i not in q.right]
        if not wrong:
            continue
        count = len(q.right) * len(wrong)
        for r in q.right:
            for w in wrong:
                diff = [(a - b) / s if s else 0.0
                        for a, b, s in zip(q.rows[r], q.rows[w], scale, strict=True)]  # fmt: skip
                # Half the pairs are written the other way round, so that the intercept
                # (which a pairwise model has no use for) stays at zero.
                flip = len(labels) % 2
                pairs.append([-d for d in diff] if flip else diff)
                labels.append(0 if flip else 1)
                weights.append(1.0 / count)
    found = learn.fit_logistic(pairs, labels, l2=l2, sample_weights=weights)
    return {"mean": mean, "scale": scale, "weights": found[1:]}


def value(model: dict[str, Any], row: list[float]) -> float:
    """Return the model's value of one candidate (as ``searcher.Ranking.value``)."""
    return sum(w * (x - m) / s if s else 0.0
               for w, x, m, s in zip(model["weights"], row, model["mean"], model["scale"],
                                     strict=True))  # fmt: skip


def reranked(q: Query, model: dict[str, Any] | None) -> int | None:
    """Return the rank of the first right hit among the candidates ordered by ``model``
    (None: the hand ranking's order), or None when no candidate is right."""
    order = list(range(len(q.rows)))
    if model is not None:
        values = [value(model, row) for row in q.rows]
        obeyed = q.obeyed
        order.sort(key=lambda i: (obeyed is not None and q.ids[i].split("-")[0] != obeyed,
                                  -values[i], i))  # fmt: skip
    for rank, i in enumerate(order, 1):
        if i in q.right:
            return rank
    return None


def quick(queries: list[Query], model: dict[str, Any] | None) -> dict[str, float]:
    """Return top-1 and MRR on the candidates alone (to choose the penalty)."""
    inside = [q for q in queries if not q.query.get("out")]
    ranks = [reranked(q, model) for q in inside]
    n = len(inside) or 1
    return {"top1": sum(1 for r in ranks if r == 1) / n,
            "mrr": sum(1 / r for r in ranks if r and r <= relevance.DEPTH) / n}  # fmt: skip


def measure(queries: list[Query], model: dict[str, Any]) -> list[Any]:
    """Return the outcomes of ``queries`` searched for real with ``model``."""
    from garou.lookup import Searcher
    from garou.lookup.searcher import FEATURES, Ranking

    ranking = Ranking(FEATURES, tuple(model["mean"]), tuple(model["scale"]),
                      tuple(model["weights"]))  # fmt: skip
    with Searcher(ranking=ranking) as searcher:
        return [relevance.evaluate_one(searcher, q.query) for q in queries]


def _figures(f: dict[str, float]) -> dict[str, float]:
    keys = ("n", "top1", "top3", "mrr", "wrongly_out", "n_out", "said_out")
    return {k: (None if isinstance(f[k], float) and math.isnan(f[k]) else round(f[k], 4))
            for k in keys}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Fit, report, write the file (or compare with it); return 0 (1 when --check differs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare with the file only")
    args = parser.parse_args(argv)
    from garou.lookup.searcher import FEATURES

    started = time.monotonic()
    queries = collect()
    names = [q.name for q in queries]
    folds = list(learn.folds(names))
    choice: dict[float, float] = {}
    models: dict[tuple[float, str], dict[str, Any]] = {}
    for l2 in L2:
        scores = []
        for left_out, train, test in folds:
            model = models[l2, left_out] = fit([queries[i] for i in train], l2 * len(train))
            scores.append(quick([queries[i] for i in test], model)["top1"])
        choice[l2] = sum(scores) / len(scores)
        print(f"L2 {l2:<5} mean left-out top-1 (candidates) {choice[l2]:.4f}", file=sys.stderr)
    best = max(L2, key=lambda l2: (round(choice[l2], 9), l2))
    per_set: dict[str, Any] = {}
    pooled: dict[str, list[Any]] = {"hand": [], "learned": []}
    for left_out, _, test in folds:
        model = models[best, left_out]
        tested = [queries[i] for i in test]
        hand, learned = [q.outcome for q in tested], measure(tested, model)
        pooled["hand"] += hand
        pooled["learned"] += learned
        per_set[left_out] = {
            "hand": _figures(relevance.figures(hand)),
            "learned": _figures(relevance.figures(learned)),
        }
    # Every studied query once, each searched with the model fitted without its set.
    per_set_pooled = {which: _figures(relevance.figures(o)) for which, o in pooled.items()}
    final = fit(queries, best * len(queries))
    data = {
        "header": {
            "command": COMMAND,
            "sets": list(learn.STUDIED),
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
            "inputs": digest(),
            "candidates": "the hand ranking's first RERANKED (lookup/searcher.py)",
            "l2": best,
            "l2_tried": {str(k): round(v, 4) for k, v in choice.items()},
            "left_out": per_set,
            "left_out_pooled": per_set_pooled,
        },
        "model": {
            "features": list(FEATURES),
            "mean": [round(x, 9) for x in final["mean"]],
            "scale": [round(x, 9) for x in final["scale"]],
            "weights": [round(x, 9) for x in final["weights"]],
        },
    }
    for name, figures in [*per_set.items(), ("pooled (each set left out)", per_set_pooled)]:
        for which in ("hand", "learned"):
            f = figures[which]
            print(f"{name:<26} {which:<8} top-1 {f['top1']:.3f} top-3 {f['top3']:.3f} "
                  f"MRR {f['mrr']:.3f} wrongly-out {f['wrongly_out']} said-out {f['said_out']}",
                  file=sys.stderr)  # fmt: skip
    print(f"{time.monotonic() - started:.0f} s", file=sys.stderr)
    if args.check:
        stored = json.loads(args.out.read_text(encoding="utf-8"))
        same = stored["model"] == data["model"] and stored["header"]["inputs"] == digest()
        print("same" if same else "differs", file=sys.stderr)
        return 0 if same else 1
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
