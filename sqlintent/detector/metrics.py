"""Detection and re-ranking metrics in numpy (shared by training, ``sqlintent-lab eval`` and the benchmarks).

Conventions follow Chen et al. (2023), section 4.1: label 1 = the query is correct ("positive"), a score is
the probability of being correct; precision/recall/F1 are given for the positive class and for the negative
class (the wrong queries, i.e. the detected errors).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np


def average_ranks(values: Sequence[float]) -> np.ndarray:
    """1-based ranks of ``values``, ties given the average of their ranks."""
    s = np.asarray(values, dtype=np.float64)
    order = np.argsort(s, kind="mergesort")
    ranks = np.empty(len(s), dtype=np.float64)
    sorted_s = s[order]
    i = 0
    while i < len(s):
        j = i
        while j + 1 < len(s) and sorted_s[j + 1] == sorted_s[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return ranks


def roc_auc(labels: Sequence[int], scores: Sequence[float]) -> float:
    """Area under the ROC curve (ties count half); NaN when one class is absent."""
    y = np.asarray(labels, dtype=np.int64)
    pos, neg = int(y.sum()), int((1 - y).sum())
    if pos == 0 or neg == 0:
        return float("nan")
    ranks = average_ranks(scores)
    return float((ranks[y == 1].sum() - pos * (pos + 1) / 2.0) / (pos * neg))


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation (ties ranked by their average)."""
    return float(np.corrcoef(average_ranks(a), average_ranks(b))[0, 1])


def roc_curve(labels: Sequence[int], scores: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """False- and true-positive rates over all thresholds (for plots)."""
    y = np.asarray(labels, dtype=np.int64)
    s = np.asarray(scores, dtype=np.float64)
    order = np.argsort(-s, kind="mergesort")
    y, s = y[order], s[order]
    last = np.r_[np.nonzero(np.diff(s))[0], len(s) - 1] if len(s) else np.zeros(0, dtype=int)  # tie groups
    tps = np.concatenate([[0], np.cumsum(y)[last]])
    fps = np.concatenate([[0], np.cumsum(1 - y)[last]])
    return fps / max(fps[-1], 1), tps / max(tps[-1], 1)


def binary_report(labels: Sequence[int], scores: Sequence[float], threshold: float) -> dict:
    """Precision/recall/F1 of both classes and accuracy when ``score >= threshold`` predicts correct."""
    y = np.asarray(labels, dtype=np.int64)
    pred = (np.asarray(scores, dtype=np.float64) >= threshold).astype(np.int64)
    out: dict = {"n": int(len(y)), "threshold": float(threshold)}
    for name, cls in (("pos", 1), ("neg", 0)):
        tp = int(((pred == cls) & (y == cls)).sum())
        fp = int(((pred == cls) & (y != cls)).sum())
        fn = int(((pred != cls) & (y == cls)).sum())
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        out[f"{name}_precision"] = p
        out[f"{name}_recall"] = r
        out[f"{name}_f1"] = 2 * p * r / (p + r) if p + r else 0.0
    out["accuracy"] = float((pred == y).mean()) if len(y) else float("nan")
    return out


def best_threshold(labels: Sequence[int], scores: Sequence[float]) -> float:
    """The threshold maximising accuracy (midpoint between neighbouring distinct scores)."""
    y = np.asarray(labels, dtype=np.int64)
    s = np.asarray(scores, dtype=np.float64)
    if len(s) == 0:
        return 0.5
    uniq = np.unique(s)
    cands = np.concatenate([[uniq[0] - 1e-9], (uniq[:-1] + uniq[1:]) / 2.0, [uniq[-1] + 1e-9]])
    order = np.argsort(s)
    ss, yy = s[order], y[order]
    # accuracy(t) = (#neg below t) + (#pos at/above t)
    neg_below = np.searchsorted(ss, cands, side="left")
    cum_neg = np.concatenate([[0], np.cumsum(1 - yy)])
    cum_pos = np.concatenate([[0], np.cumsum(yy)])
    acc = cum_neg[neg_below] + (cum_pos[-1] - cum_pos[neg_below])
    return float(cands[int(np.argmax(acc))])


def cross_validated_report(labels: Sequence[int], scores: Sequence[float], groups: Sequence[str],
                           folds: int = 5, seed: int = 0) -> dict:
    """The paper's protocol: 5-fold cross-validation over groups (databases); on each fold the threshold
    that maximises accuracy on the other folds is applied; metrics are computed on the pooled predictions.
    The mean threshold is reported."""
    y = np.asarray(labels, dtype=np.int64)
    s = np.asarray(scores, dtype=np.float64)
    g = np.asarray(groups)
    uniq = sorted(set(g.tolist()))
    rng = np.random.default_rng(seed)
    perm = rng.permutation(len(uniq))
    fold_of = {uniq[i]: k % folds for k, i in enumerate(perm)}
    fold = np.asarray([fold_of[x] for x in g.tolist()])
    pred = np.zeros(len(y), dtype=np.int64)
    ths = []
    for k in range(folds):
        test = fold == k
        if not test.any():
            continue
        t = best_threshold(y[~test], s[~test]) if (~test).any() else 0.5
        ths.append(t)
        pred[test] = (s[test] >= t).astype(np.int64)
    rep = binary_report(y, pred.astype(np.float64), 0.5)
    rep["threshold"] = float(np.mean(ths)) if ths else 0.5
    rep["auc"] = roc_auc(y, s)
    return rep


def answered_at_precision(labels: Sequence[int], scores: Sequence[float], target: float = 0.95) -> int:
    """Answer triggering: the most questions answered (highest scores first) with precision >= target."""
    y = np.asarray(labels, dtype=np.int64)[np.argsort(-np.asarray(scores, dtype=np.float64), kind="mergesort")]
    if len(y) == 0:
        return 0
    prec = np.cumsum(y) / np.arange(1, len(y) + 1)
    ok = np.nonzero(prec >= target)[0]
    return int(ok[-1] + 1) if ok.size else 0


def interactions_to_accuracy(labels: Sequence[int], scores: Sequence[float], target: float = 0.95) -> int | None:
    """Interaction triggering with an oracle fix: ask about the lowest-scored answers first; the fewest
    interactions after which accuracy reaches ``target`` (None if even asking about all does not)."""
    y = np.asarray(labels, dtype=np.int64)[np.argsort(np.asarray(scores, dtype=np.float64), kind="mergesort")]
    n = len(y)
    if n == 0:
        return 0
    correct = int(y.sum())
    fixed = np.concatenate([[0], np.cumsum(1 - y)])  # wrong answers fixed after k interactions
    acc = (correct + fixed) / n
    ok = np.nonzero(acc >= target)[0]
    return int(ok[0]) if ok.size else None


def precision_curve(labels: Sequence[int], scores: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """(questions answered, precision) when answering the k highest-scored, for k = 1..n."""
    y = np.asarray(labels, dtype=np.int64)[np.argsort(-np.asarray(scores, dtype=np.float64), kind="mergesort")]
    k = np.arange(1, len(y) + 1)
    return k, np.cumsum(y) / k
