"""What the search learns from: the studied relevance sets, their folds, a logistic regression.

The search's learned parts are fitted here, offline, by scripts under ``bench/``; what they
learn is written as data under ``lookup/`` and read at run time with no learning library.
This module holds what those scripts share:

- :data:`STUDIED`: the relevance sets that were looked at, and so may be learned from. A
  set still unseen (held out for the final measure, or blind) is never listed here.
- :func:`studied`: their queries, each with the name of its set.
- :func:`folds`: leave one set out, so that a figure is always measured on a set that the
  fit did not see (the sets were written by different people at different times: a fold
  per set measures what carries over to a new writer, which a random split would not).
- :func:`fit_logistic` and :func:`logistic`: an L2-regularised logistic regression fitted
  by Newton's method, in plain Python (a few dozen features and some thousands of rows:
  numpy would be a dependency for nothing). Deterministic: the same rows give the same
  weights.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "relevance"
"""The relevance sets: ``studied/`` were looked at (their misses listed, learned from);
``unseen/`` were written by people who never ran garou and are only ever measured."""
STUDIED = tuple(sorted(f"studied/{p.name}" for p in (DATA / "studied").glob("*.yaml")))
"""The sets that were looked at (their misses listed): the only ones learned from."""
UNSEEN = tuple(sorted(f"unseen/{p.name}" for p in (DATA / "unseen").glob("*.yaml")))
"""The sets nobody changing the search has read: measured, never learned from."""


def studied() -> list[tuple[str, dict[str, Any]]]:
    """Return every query of the studied sets, with its set's file name."""
    from garou.rules import read_yaml

    return [(name, dict(q)) for name in STUDIED for q in read_yaml(DATA / name)["queries"]]


def folds(names: Sequence[str]) -> Iterator[tuple[str, list[int], list[int]]]:
    """Yield (left-out set, train rows, test rows): one fold per set of ``names``."""
    for left_out in dict.fromkeys(names):
        train = [i for i, n in enumerate(names) if n != left_out]
        test = [i for i, n in enumerate(names) if n == left_out]
        yield left_out, train, test


def logistic(weights: Sequence[float], row: Sequence[float]) -> float:
    """Return the probability the model gives ``row`` (``weights[0]`` is the intercept)."""
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], row, strict=True))
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


def fit_logistic(
    rows: Sequence[Sequence[float]],
    labels: Sequence[int],
    l2: float = 1.0,
    sample_weights: Sequence[float] | None = None,
    iterations: int = 30,
) -> list[float]:
    """Fit an L2-regularised logistic regression; return [intercept, *weights].

    The intercept is not regularised. Newton's method converges in a handful of steps on
    problems this size; it stops when no weight moves by more than 1e-9.
    """
    if not rows:
        raise ValueError("no rows to fit")
    width = len(rows[0]) + 1
    weights = [0.0] * width
    sw = sample_weights or [1.0] * len(rows)
    for _ in range(iterations):
        grad = [0.0] * width
        hess = [[0.0] * width for _ in range(width)]
        for row, label, s in zip(rows, labels, sw, strict=True):
            x = (1.0, *row)
            p = logistic(weights, row)
            g = s * (p - label)
            h = s * p * (1.0 - p)
            for i in range(width):
                grad[i] += g * x[i]
                if x[i]:
                    hx = h * x[i]
                    hi = hess[i]
                    for j in range(i, width):
                        hi[j] += hx * x[j]
        for i in range(width):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:
                grad[i] += l2 * weights[i]
                hess[i][i] += l2
            hess[i][i] += 1e-9
        step = _solve(hess, grad)
        weights = [w - d for w, d in zip(weights, step, strict=True)]
        if max(abs(d) for d in step) < 1e-9:
            break
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix · x = vector`` for a symmetric positive definite matrix (Cholesky)."""
    n = len(vector)
    low = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            s = matrix[i][j] - sum(low[i][k] * low[j][k] for k in range(j))
            low[i][j] = math.sqrt(max(s, 1e-12)) if i == j else s / low[j][j]
    y = [0.0] * n
    for i in range(n):
        y[i] = (vector[i] - sum(low[i][k] * y[k] for k in range(i))) / low[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(low[k][i] * x[k] for k in range(i + 1, n))) / low[i][i]
    return x
