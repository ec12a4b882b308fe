"""The shipped verdict model: a logistic regression or boosted trees over named features, then a calibration map.

Parameters are data (``verdict.json`` beside this module, written by ``sqlintent-lab verdict train``); scoring
needs numpy only. ``probability(features)`` is the calibrated probability that the query does what its
intent says; ``contributions(features)`` gives each feature's share of the logit, which is how a finding
explains itself: for the regression, coefficient times the standardised value; for the trees (``trees`` in
the JSON: depth-limited regression trees whose outputs add up to the logit), each split on the features'
path moves the tree's output from the parent node's value to the child's, and that move is the split
feature's share (path attribution: the shares and the trees' mean output add up to the logit exactly).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import numpy as np

__all__ = ["VerdictModel", "default_model_path", "load_default"]

TIE_BREAK = 1e-4


def default_model_path() -> Path:
    return Path(__file__).resolve().parent / "verdict.json"


@dataclass
class VerdictModel:
    names: list[str]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float
    calibration: dict
    meta: dict
    trees: "Trees | None" = None

    @classmethod
    def from_dict(cls, d: dict) -> "VerdictModel":
        names = list(d["features"])
        arr = lambda k: np.asarray(d[k], dtype=np.float64)  # noqa: E731
        m = cls(names, arr("mean"), arr("scale"), arr("coef"), float(d["intercept"]), dict(d.get("calibration") or {}),
                {k: v for k, v in d.items() if k not in ("features", "mean", "scale", "coef", "intercept", "trees")},
                Trees.from_dict(d["trees"], len(names)) if d.get("trees") else None)
        if not (len(names) == len(m.mean) == len(m.scale) == len(m.coef)):
            raise ValueError("verdict model: features, mean, scale and coef differ in length")
        return m

    @classmethod
    def load(cls, path: str | Path | None = None) -> "VerdictModel":
        p = Path(path) if path else default_model_path()
        return cls.from_dict(json.loads(p.read_text(encoding="utf-8")))

    def to_dict(self) -> dict:
        out = {"features": self.names, "mean": self.mean.tolist(), "scale": self.scale.tolist(),
               "coef": self.coef.tolist(), "intercept": self.intercept, "calibration": self.calibration, **self.meta}
        if self.trees is not None:
            out["trees"] = self.trees.to_dict()
        return out

    @property
    def kind(self) -> str:
        return "trees" if self.trees is not None else "logistic"

    @property
    def threshold(self) -> float:
        return float(self.meta.get("threshold", 0.5))

    def vector(self, features: Mapping[str, float]) -> np.ndarray:
        return np.array([float(features.get(n, 0.0)) for n in self.names], dtype=np.float64)

    def matrix(self, rows) -> np.ndarray:
        return np.array([self.vector(r) for r in rows], dtype=np.float64).reshape(-1, len(self.names))

    def logit(self, x: np.ndarray) -> np.ndarray:
        z = ((x - self.mean) / self.scale) @ self.coef + self.intercept
        return z + self.trees.output(x) if self.trees is not None else z

    def calibrate(self, raw: np.ndarray) -> np.ndarray:
        """Uncalibrated probability -> calibrated (isotonic steps or Platt), as trained on held-out pairs."""
        cal = self.calibration
        kind = cal.get("kind")
        if kind == "isotonic":
            # isotonic steps are flat: without a tie-break, queries the regression tells apart would share
            # one probability and lose their order (AUC, answered at 95% precision, re-ranking); a term of at
            # most 5e-5 keeps the regression's order and moves no probability measurably
            flat = np.interp(raw, np.asarray(cal["x"], dtype=np.float64), np.asarray(cal["y"], dtype=np.float64))
            lo, hi = cal.get("clip") or (0.0, 1.0)
            flat = np.clip(flat, float(lo), float(hi))
            return np.clip(flat + TIE_BREAK * (np.asarray(raw, dtype=np.float64) - 0.5), 0.0, 1.0)
        if kind == "platt":
            z = float(cal["a"]) * _logit(raw) + float(cal["b"])
            return 1.0 / (1.0 + np.exp(-z))
        return raw

    def probabilities(self, rows) -> np.ndarray:
        x = self.matrix(rows)
        return self.calibrate(1.0 / (1.0 + np.exp(-self.logit(x))))

    def probability(self, features: Mapping[str, float]) -> float:
        return float(self.probabilities([features])[0])

    def contributions(self, features: Mapping[str, float]) -> dict[str, float]:
        """Each feature's term in the logit (negative: pulls towards "wrong"), for non-zero terms."""
        x = self.vector(features)
        terms = (x - self.mean) / self.scale * self.coef
        if self.trees is not None:
            terms = terms + self.trees.shares(x)
        return {n: float(t) for n, t in zip(self.names, terms) if abs(t) > 1e-9}


@dataclass
class Trees:
    """Regression trees whose outputs add up (boosting), as node tables of one row per tree.

    A node goes left when its feature's value is at most its threshold. Leaves point to themselves with an
    infinite threshold, so every row is walked ``depth`` steps at once. ``value`` holds every node's output,
    internal nodes included (the sample-weighted mean of their leaves), for :meth:`shares`."""

    feature: np.ndarray    # (trees, nodes) int
    threshold: np.ndarray  # (trees, nodes) float; +inf at leaves
    left: np.ndarray       # (trees, nodes) int; a leaf's own index at leaves
    right: np.ndarray
    value: np.ndarray      # (trees, nodes) float
    depth: int

    @classmethod
    def from_dict(cls, d: dict, n_features: int) -> "Trees":
        arrs = {}
        for k in ("feature", "left", "right"):
            arrs[k] = np.asarray(d[k], dtype=np.int64)
        for k in ("threshold", "value"):
            arrs[k] = np.asarray([[np.inf if v is None else v for v in row] for row in d[k]], dtype=np.float64)
        shape = arrs["feature"].shape
        if len(shape) != 2 or any(a.shape != shape for a in arrs.values()):
            raise ValueError("verdict model: the trees' node tables differ in shape")
        if shape[1] and (arrs["feature"].min() < 0 or arrs["feature"].max() >= n_features
                         or min(arrs["left"].min(), arrs["right"].min()) < 0
                         or max(arrs["left"].max(), arrs["right"].max()) >= shape[1]):
            raise ValueError("verdict model: a tree node points outside its table")
        if not np.isfinite(arrs["value"]).all() or np.isnan(arrs["threshold"]).any():
            raise ValueError("verdict model: a tree node's value or threshold is not a number")
        # no path is longer than a tree's nodes: a larger depth (a hand-edited file) would only loop longer
        depth = int(d["depth"])
        if depth < 0:
            raise ValueError("verdict model: the trees' depth is negative")
        return cls(arrs["feature"], arrs["threshold"], arrs["left"], arrs["right"], arrs["value"],
                   min(depth, shape[1]))

    def to_dict(self) -> dict:
        thr = [[None if not np.isfinite(v) else float(v) for v in row] for row in self.threshold]
        return {"depth": self.depth, "feature": self.feature.tolist(), "threshold": thr, "left": self.left.tolist(),
                "right": self.right.tolist(), "value": [[round(float(v), 8) for v in row] for row in self.value]}

    def _walk(self, x: np.ndarray):
        """Walk every row of ``x`` down every tree a level at a time: yields (trees, node, child) per level,
        node and child of shape (rows, trees). At a leaf the child is the leaf itself."""
        # compared in float32, as scikit-learn's trees compare (their thresholds lie between float32 values)
        x = np.atleast_2d(x).astype(np.float32).astype(np.float64)
        t = np.arange(self.feature.shape[0])
        node = np.zeros((x.shape[0], len(t)), dtype=np.int64)
        for _ in range(self.depth):
            go_left = np.take_along_axis(x, self.feature[t, node], axis=1) <= self.threshold[t, node]
            child = np.where(go_left, self.left[t, node], self.right[t, node])
            yield t, node, child
            node = child

    def output(self, x: np.ndarray) -> np.ndarray:
        """Sum of the trees' outputs for each row of ``x``."""
        node = np.zeros((np.atleast_2d(x).shape[0], self.feature.shape[0]), dtype=np.int64)  # depth 0: roots
        for _, _, node in self._walk(x):
            continue
        return self.value[np.arange(self.feature.shape[0]), node].sum(axis=1)

    def shares(self, x: np.ndarray) -> np.ndarray:
        """Each feature's share of one row's output above the trees' root values (path attribution)."""
        out = np.zeros(np.shape(x)[-1], dtype=np.float64)
        for t, node, child in self._walk(x):
            np.add.at(out, self.feature[t, node[0]], self.value[t, child[0]] - self.value[t, node[0]])
        return out


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return np.log(p / (1 - p))


@lru_cache(maxsize=4)
def _load_cached(path: str) -> VerdictModel:
    return VerdictModel.load(path)


def load_default(path: str | None = None) -> VerdictModel | None:
    """The verdict model at ``path`` (default: the bundled one), or None when there is none."""
    p = Path(path) if path else default_model_path()
    if not p.is_file():
        return None
    return _load_cached(str(p.resolve()))
