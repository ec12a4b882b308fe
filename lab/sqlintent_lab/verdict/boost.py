"""Boosted trees for the verdict (training only: scikit-learn), exported as node tables that
:class:`sqlintent.verdict.model.Trees` scores with numpy.

The learner is scikit-learn's ``GradientBoostingClassifier`` (log loss): its trees are public
(``estimators_``, each a ``tree_`` with children, features, thresholds and values), so the export reads no
private attribute. Its settings (:data:`SETTINGS`) were chosen on training data only: nested
cross-validation over the training databases and the natural-rate check set (docs/verdict.md, "Boosted
trees"), never on the evaluation files.
"""
from __future__ import annotations

import numpy as np

from sqlintent.verdict.model import Trees, VerdictModel

__all__ = ["SETTINGS", "fit_trees", "export"]

SETTINGS = {"n_estimators": 150, "max_depth": 3, "learning_rate": 0.05, "min_samples_leaf": 40, "subsample": 0.8}


def fit_trees(X: np.ndarray, y: np.ndarray, w: np.ndarray, names: list[str], seed: int,
              settings: dict | None = None) -> VerdictModel:
    """Boosted trees on (X, y) with sample weights ``w``, as a VerdictModel (uncalibrated)."""
    from sklearn.ensemble import GradientBoostingClassifier

    clf = GradientBoostingClassifier(random_state=seed, **(settings or SETTINGS))
    clf.fit(X, y, sample_weight=w / w.mean())
    return export(clf, X, names)


def export(clf, X: np.ndarray, names: list[str]) -> VerdictModel:
    """The fitted classifier as a VerdictModel: zero coefficients, the trees, and as intercept the classifier's
    constant first guess (read off its decision function on ``X``, checked to be the same for every row)."""
    lr = float(clf.learning_rate)
    tables = [_table(est.tree_, lr) for est in clf.estimators_[:, 0]]
    width = max(len(t[0]) for t in tables)
    depth = int(max(est.tree_.max_depth for est in clf.estimators_[:, 0]))
    pad = lambda rows, fill: np.array([np.concatenate([r, np.full(width - len(r), fill)]) for r in rows])  # noqa: E731
    feature = pad([t[0] for t in tables], 0).astype(np.int64)
    threshold = pad([t[1] for t in tables], np.inf)
    idx = np.arange(width)
    left = np.array([np.concatenate([t[2], idx[len(t[2]):]]) for t in tables], dtype=np.int64)
    right = np.array([np.concatenate([t[3], idx[len(t[3]):]]) for t in tables], dtype=np.int64)
    value = pad([t[4] for t in tables], 0.0)
    trees = Trees(feature, threshold, left, right, value, depth)
    k = len(names)
    base = clf.decision_function(X) - trees.output(X)
    if float(base.max() - base.min()) > 1e-6:
        raise AssertionError(f"exported trees disagree with the classifier by up to {base.max() - base.min():.2g}")
    return VerdictModel(list(names), np.zeros(k), np.ones(k), np.zeros(k), float(base.mean()), {}, {}, trees)


def _table(tree, lr: float):
    """One tree's nodes: feature, threshold (+inf at leaves), left, right (a leaf points to itself) and
    every node's output times the learning rate (internal nodes: the weighted mean of their leaves)."""
    n = tree.node_count
    left = tree.children_left.copy()
    right = tree.children_right.copy()
    leaf = left < 0
    feature = np.where(leaf, 0, tree.feature)
    threshold = np.where(leaf, np.inf, tree.threshold)
    left[leaf] = np.arange(n)[leaf]
    right[leaf] = np.arange(n)[leaf]
    value = tree.value.reshape(n, -1)[:, 0] * lr
    weight = tree.weighted_n_node_samples.astype(np.float64)
    out = value.copy()
    for node in range(n - 1, -1, -1):  # children come after their parent in scikit-learn's node order
        if not leaf[node]:
            l_, r_ = left[node], right[node]
            out[node] = (weight[l_] * out[l_] + weight[r_] * out[r_]) / max(weight[l_] + weight[r_], 1e-12)
    return feature, threshold, left, right, out
