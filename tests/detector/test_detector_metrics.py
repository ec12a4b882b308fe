"""Detection metrics against brute-force definitions."""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from sqlintent.detector.metrics import (answered_at_precision, best_threshold, binary_report,
                                        cross_validated_report, interactions_to_accuracy, roc_auc)


def _auc_bruteforce(y, s):
    pos = [b for a, b in zip(y, s) if a == 1]
    neg = [b for a, b in zip(y, s) if a == 0]
    tot = sum(1.0 if p > n else 0.5 if p == n else 0.0 for p, n in itertools.product(pos, neg))
    return tot / (len(pos) * len(neg))


def test_auc_matches_pairwise_definition_with_ties():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 200)
    s = np.round(rng.random(200), 1)  # many ties
    assert roc_auc(y, s) == pytest.approx(_auc_bruteforce(y, s))
    assert roc_auc([1, 1, 0, 0], [0.9, 0.8, 0.2, 0.1]) == 1.0
    assert roc_auc([1, 1, 0, 0], [0.1, 0.2, 0.8, 0.9]) == 0.0
    assert math.isnan(roc_auc([1, 1], [0.2, 0.3]))


def test_binary_report_counts_both_classes():
    rep = binary_report([1, 1, 0, 0], [0.9, 0.4, 0.6, 0.1], threshold=0.5)
    assert rep["accuracy"] == 0.5
    assert rep["pos_precision"] == 0.5 and rep["pos_recall"] == 0.5
    assert rep["neg_precision"] == 0.5 and rep["neg_recall"] == 0.5


def test_best_threshold_maximises_accuracy():
    y = [0, 0, 1, 1, 1]
    s = [0.1, 0.3, 0.35, 0.8, 0.9]
    t = best_threshold(y, s)
    assert binary_report(y, s, t)["accuracy"] == 1.0


def test_cross_validation_uses_held_out_thresholds():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    s = y * 0.5 + rng.random(300) * 0.6
    groups = [f"db{i % 12}" for i in range(300)]
    rep = cross_validated_report(y, s, groups)
    assert rep["n"] == 300 and 0.5 < rep["accuracy"] <= 1.0
    assert rep["auc"] == pytest.approx(roc_auc(y, s))


def test_answer_and_interaction_triggering():
    y = [1, 1, 1, 0, 1, 0]
    s = [0.9, 0.8, 0.7, 0.6, 0.5, 0.1]
    assert answered_at_precision(y, s, 0.95) == 3  # the top three are right, the fourth is wrong
    assert answered_at_precision(y, s, 0.5) == 6
    # 4/6 right; asking about the lowest first fixes the 0.1 (5/6), then 0.5 (right), then 0.6 (6/6)
    assert interactions_to_accuracy(y, s, 0.95) == 3
    assert interactions_to_accuracy([1, 1], [0.1, 0.2], 0.95) == 0


def test_roc_curve_moves_diagonally_through_ties_and_matches_auc():
    from sqlintent.detector.metrics import roc_curve

    y = [1, 0, 1, 0, 1]
    s = [1.0, 1.0, 0.0, 0.0, 1.0]
    fpr, tpr = roc_curve(y, s)
    assert list(zip(fpr, tpr)) == [(0.0, 0.0), (0.5, 2 / 3), (1.0, 1.0)]
    assert np.trapezoid(tpr, fpr) == pytest.approx(roc_auc(y, s))
