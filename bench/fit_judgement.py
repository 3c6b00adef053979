"""Fit the "these rules do not say" judgement (lookup/verdict.py) on the studied sets.

Every query of the studied sets (:func:`learn.studied`) is searched once, as ``garou
search`` does (its game, ten hits); the first hit's features (:data:`verdict.FEATURES`:
each of the rules fires or not, and the graded measures) are read from the search's own
verdict. An in-scope query (``ids``) is answerable (label 1), an ``out: true`` one is not
(label 0). Queries a hard rule decides alone (a role of other editions named, the game
named elsewhere, no hit at all) are not fitted: they are counted as decided.

A logistic regression (:func:`learn.fit_logistic`, standardised features) is fitted with
each L2 of :data:`L2S`, leaving one studied set out at a time (:func:`learn.folds`); the
out-of-fold probabilities of all sets, pooled, choose the threshold: the highest that keeps
the in-scope queries wrongly said "not covered" at or below :data:`WRONGLY_GOAL`, so as to
say "not covered" to as many out-of-scope ones as possible; the L2 whose threshold does best
on the out-of-scope ones is kept. The final model is fitted on every set with that L2 and
that threshold, and written to ``lookup/judgement.json`` with a header: the command, the
sets, a digest of the inputs (:func:`digest`), and the leave-one-set-out figures per set,
hand rules beside fitted.

Deterministic; about a minute (the searches). Run:
``.venv/bin/python bench/fit_judgement.py [--check]`` (``--check``: fit, compare with the
file, write nothing; exit 1 when they differ).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

import learn  # noqa: E402

LOOKUP = REPO / "garou" / "lookup"
OUTPUT = LOOKUP / "judgement.json"
COMMAND = ".venv/bin/python bench/fit_judgement.py"
L2S = (1.0, 3.0, 10.0, 30.0)
"""The L2 penalties tried (on standardised features)."""
WRONGLY_GOAL = 0.02
"""The issue's goal: at most this share of in-scope queries said "not covered"."""
DEPTH = 10


def digest() -> str:
    """Return a hash of what the fit reads: the studied sets, the rule data, the search's
    code and vocabulary, and this script (the data file is stale when it changes)."""
    from garou.core.files import builtin_files

    files = [learn.DATA / name for name in learn.STUDIED]
    files += sorted(builtin_files())
    files += sorted(p for p in LOOKUP.iterdir() if p.suffix in (".py", ".yaml"))
    files += [REPO / "bench" / "learn.py", Path(__file__).resolve()]
    hashed = hashlib.sha256()
    for path in files:
        hashed.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return hashed.hexdigest()


class _Probe:
    """A model that says "answered" to every hit: the search then computes every feature
    of every first hit (and the hand rules' verdict is read from the rules' features)."""

    def __init__(self) -> None:
        from garou.lookup import verdict

        names = verdict.FEATURES
        self.model = verdict.Model(names, (0.0,) * (len(names) + 1), 0.0, (0.0,) * len(names))


def observe() -> tuple[list[str], list[dict[str, Any]], list[dict[str, float] | None]]:
    """Search every studied query; return the set names, the queries and each first hit's
    features (None when a hard rule decided, or nothing matched)."""
    from garou.lookup import Searcher, verdict

    probe = _Probe().model
    original = verdict.loaded_model
    verdict.loaded_model = lambda: probe  # type: ignore[assignment]
    studied = learn.studied()
    found: list[dict[str, float] | None] = []
    try:
        with Searcher() as searcher:
            for _, query in studied:
                result = searcher.search(query["q"], game=query.get("game"), limit=DEPTH)
                judged = result.verdict
                found.append(dict(judged.features) if judged and judged.features else None)
    finally:
        verdict.loaded_model = original  # type: ignore[assignment]
    return [n for n, _ in studied], [q for _, q in studied], found


def _standardise(rows: Sequence[Sequence[float]]) -> tuple[list[float], list[float]]:
    width = len(rows[0])
    means = [sum(r[i] for r in rows) / len(rows) for i in range(width)]
    sds = [
        math.sqrt(sum((r[i] - means[i]) ** 2 for r in rows) / len(rows)) or 1.0
        for i in range(width)
    ]
    return means, sds


def fit(rows: Sequence[Sequence[float]], labels: Sequence[int], l2: float) -> list[float]:
    """Fit on standardised rows; return [intercept, *weights] on the raw features."""
    means, sds = _standardise(rows)
    scaled = [[(x - m) / s for x, m, s in zip(r, means, sds, strict=True)] for r in rows]
    weights = learn.fit_logistic(scaled, labels, l2=l2)
    raw = [w / s for w, s in zip(weights[1:], sds, strict=True)]
    intercept = weights[0] - sum(w * m for w, m in zip(raw, means, strict=True))
    return [intercept, *raw]


def _figures(labels: Sequence[int], said_no: Sequence[bool]) -> dict[str, float]:
    inside = [n for label, n in zip(labels, said_no, strict=True) if label == 1]
    outside = [n for label, n in zip(labels, said_no, strict=True) if label == 0]
    return {
        "n": len(inside),
        "wrongly": sum(inside) / len(inside) if inside else float("nan"),
        "n_out": len(outside),
        "said_out": sum(outside) / len(outside) if outside else float("nan"),
    }


def _threshold(labels: Sequence[int], probs: Sequence[float | None]) -> float:
    """Return the highest threshold (said "not covered" below it) whose in-scope queries
    said "not covered" stay within the goal; ``None`` probabilities are decided hard
    (counted "not covered")."""
    inside = [p for label, p in zip(labels, probs, strict=True) if label == 1]
    allowed = math.floor(WRONGLY_GOAL * len(inside)) - sum(1 for p in inside if p is None)
    ranked = sorted(p for p in inside if p is not None)
    if allowed < 0 or not ranked:
        return 0.0
    if allowed >= len(ranked):
        return 1.0
    # Below the (allowed + 1)-th lowest answerable probability: halfway to the one before.
    above = ranked[allowed]
    below = ranked[allowed - 1] if allowed else 0.0
    return (above + below) / 2


def main(argv: list[str] | None = None) -> int:
    """Fit, print the tables, write (or check) the data file; return 0 (1: check failed)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    os.environ.pop("GAROU_RULES_DIR", None)
    from garou.lookup import verdict

    names, queries, found = observe()
    labels = [0 if q.get("out") else 1 for q in queries]
    usable = [i for i, f in enumerate(found) if f is not None]
    rows = {i: [found[i][f] for f in verdict.FEATURES] for i in usable}  # type: ignore[index]
    hand_no = [f is None or any(f[r] for r in verdict.RULES) for f in found]

    best: tuple[float, float, float, list[float | None]] | None = None
    tried: list[dict[str, float]] = []
    for l2 in L2S:
        probs: list[float | None] = [None] * len(queries)
        for _, train, test in learn.folds(names):
            fit_rows = [i for i in train if i in rows]
            weights = fit([rows[i] for i in fit_rows], [labels[i] for i in fit_rows], l2)
            for i in test:
                if i in rows:
                    probs[i] = learn.logistic(weights, rows[i])
        threshold = _threshold(labels, probs)
        said_no = [p is None or p < threshold for p in probs]
        pooled = _figures(labels, said_no)
        tried.append({"l2": l2, "threshold": threshold, **pooled})
        if best is None or pooled["said_out"] > best[2] + 1e-12:
            best = (l2, threshold, pooled["said_out"], probs)
    assert best is not None
    l2, threshold, _, probs = best
    fitted_no = [p is None or p < threshold for p in probs]

    per_set: dict[str, Any] = {}
    for name in list(dict.fromkeys(names)) + ["all"]:
        picked = [i for i, n in enumerate(names) if name in ("all", n)]
        per_set[name] = {
            "hand": _figures([labels[i] for i in picked], [hand_no[i] for i in picked]),
            "fitted": _figures([labels[i] for i in picked], [fitted_no[i] for i in picked]),
        }

    weights = fit([rows[i] for i in usable], [labels[i] for i in usable], l2)
    answerable = [rows[i] for i in usable if labels[i] == 1]
    reference = [sum(r[k] for r in answerable) / len(answerable) for k in range(len(answerable[0]))]
    data = {
        "about": "The fitted 'these rules do not say' judgement (lookup/verdict.py): a "
        "logistic regression over verdict.FEATURES; below the threshold, not covered.",
        "command": COMMAND,
        "sets": list(learn.STUDIED),
        "digest": digest(),
        "queries": {"fitted": len(usable), "decided-hard": len(queries) - len(usable)},
        "l2-tried": [{k: _round(v) for k, v in t.items()} for t in tried],
        "leave-one-set-out": {
            s: {k: {m: _round(v) for m, v in f.items()} for k, f in v.items()}
            for s, v in per_set.items()
        },
        "model": {
            "features": list(verdict.FEATURES),
            "weights": [_round(w, 6) for w in weights],
            "threshold": _round(threshold, 6),
            "l2": l2,
            "reference": [_round(r, 6) for r in reference],
        },
    }
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    print(_rules_table(labels, found))
    print(_table(per_set, l2, threshold, tried))
    print(_weights_table(verdict.FEATURES, weights))
    if args.check:
        same = OUTPUT.is_file() and OUTPUT.read_text(encoding="utf-8") == text
        print("the data file is what the fit gives" if same else "the data file is stale")
        return 0 if same else 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(REPO)}")
    return 0


def _round(value: float, digits: int = 4) -> float:
    return value if math.isnan(value) else round(value, digits)


def _table(per_set: dict[str, Any], l2: float, threshold: float, tried: list[Any]) -> str:
    lines = [
        f"L2 {l2}, threshold {threshold:.4f} (leave one set out; L2 tried: "
        + ", ".join(f"{t['l2']}: out said {t['said_out']:.3f}" for t in tried)
        + ")",
        "",
        "| set left out | n in / out | wrongly not covered (hand → fitted) "
        "| out said not covered (hand → fitted) |",
        "|---|---|---|---|",
    ]
    for name, f in per_set.items():
        hand, fitted = f["hand"], f["fitted"]
        lines.append(
            f"| {name} | {hand['n']} / {hand['n_out']} | {hand['wrongly']:.3f} → "
            f"{fitted['wrongly']:.3f} | {hand['said_out']:.3f} → {fitted['said_out']:.3f} |"
        )
    return "\n".join(lines)


def _rules_table(labels: Sequence[int], found: Sequence[dict[str, float] | None]) -> str:
    """How often each rule fires on in-scope and out-of-scope queries (all studied sets):
    its precision (the share of its firings that are out of scope) and its recall (the
    share of the out-of-scope queries it fires on)."""
    from garou.lookup import verdict

    n_in = sum(labels)
    n_out = len(labels) - n_in
    lines = [
        f"studied sets: {n_in} in scope, {n_out} out of scope",
        "",
        "| rule | fires in scope | fires out of scope | precision | recall "
        "| fires alone (in / out) |",
        "|---|---|---|---|---|---|",
    ]
    hard_in = sum(1 for f, y in zip(found, labels, strict=True) if f is None and y)
    hard_out = sum(1 for f, y in zip(found, labels, strict=True) if f is None and not y)
    lines.append(
        f"| hard (outside, game, no hit) | {hard_in} | {hard_out} | "
        f"{hard_out / max(hard_in + hard_out, 1):.2f} | {hard_out / n_out:.2f} | |"
    )
    for rule in verdict.RULES:
        on_in = on_out = alone_in = alone_out = 0
        for f, y in zip(found, labels, strict=True):
            if f is None or not f[rule]:
                continue
            alone = not any(f[r] for r in verdict.RULES if r != rule)
            if y:
                on_in += 1
                alone_in += alone
            else:
                on_out += 1
                alone_out += alone
        precision = on_out / (on_in + on_out) if on_in + on_out else float("nan")
        lines.append(
            f"| {rule} | {on_in} | {on_out} | {precision:.2f} | {on_out / n_out:.2f} "
            f"| {alone_in} / {alone_out} |"
        )
    fired_in = sum(
        1
        for f, y in zip(found, labels, strict=True)
        if y and (f is None or any(f[r] for r in verdict.RULES))
    )
    fired_out = sum(
        1
        for f, y in zip(found, labels, strict=True)
        if not y and (f is None or any(f[r] for r in verdict.RULES))
    )
    lines.append(
        f"| any (the hand judgement) | {fired_in} | {fired_out} | "
        f"{fired_out / max(fired_in + fired_out, 1):.2f} | {fired_out / n_out:.2f} | |"
    )
    return "\n".join(lines) + "\n"


def _weights_table(names: Sequence[str], weights: Sequence[float]) -> str:
    lines = ["", f"intercept {weights[0]:+.3f}"]
    lines += [f"  {n:<18} {w:+.3f}" for n, w in zip(names, weights[1:], strict=True)]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
