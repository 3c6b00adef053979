"""bench/learn.py: the studied sets, the folds by set, the logistic regression."""

from __future__ import annotations

import random

import pytest

from tests.helpers import load_bench

learn = load_bench("learn")


def test_the_regression_finds_the_weights_that_made_the_labels():
    rng = random.Random(1)
    true = [0.5, 2.0, -1.0, 0.0]
    rows = [[rng.gauss(0, 1) for _ in range(3)] for _ in range(3000)]
    labels = [1 if rng.random() < learn.logistic(true, r) else 0 for r in rows]
    weights = learn.fit_logistic(rows, labels, l2=0.01)
    assert weights == pytest.approx(true, abs=0.15)
    assert learn.fit_logistic(rows, labels, l2=0.01) == weights


def test_the_penalty_shrinks_the_weights_but_not_the_intercept():
    rows = [[1.0], [2.0], [-1.0], [-2.0], [0.5], [-0.5]] * 5
    labels = [1, 1, 0, 0, 0, 1] * 5
    loose = learn.fit_logistic(rows, labels, l2=0.001)
    tight = learn.fit_logistic(rows, labels, l2=100.0)
    assert abs(tight[1]) < abs(loose[1]) / 5
    assert learn.logistic(tight, [0.0]) == pytest.approx(0.5, abs=0.05)


def test_sample_weights_count_as_repeated_rows():
    rows = [[1.0], [-1.0], [0.3]]
    labels = [1, 0, 0]
    weighted = learn.fit_logistic(rows, labels, sample_weights=[1.0, 1.0, 3.0])
    repeated = learn.fit_logistic(rows + [[0.3], [0.3]], labels + [0, 0])
    assert weighted == pytest.approx(repeated, abs=1e-6)


def test_each_fold_leaves_exactly_one_set_out():
    names = ["a", "b", "a", "c", "b"]
    folds = list(learn.folds(names))
    assert [f[0] for f in folds] == ["a", "b", "c"]
    for left_out, train, test in folds:
        assert sorted(train + test) == list(range(len(names)))
        assert {names[i] for i in test} == {left_out}
        assert left_out not in {names[i] for i in train}


def test_the_studied_sets_exist_and_no_unseen_set_is_among_them():
    names = {name for name, _ in learn.studied()}
    assert names == set(learn.STUDIED)
    assert learn.UNSEEN and all(n.startswith("unseen/") for n in learn.UNSEEN)
    assert all(n.startswith("studied/") for n in learn.STUDIED)
    assert not {n.split("/")[1] for n in learn.STUDIED} & {n.split("/")[1] for n in learn.UNSEEN}
