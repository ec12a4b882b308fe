"""The shipped verdict model: a logistic regression over named features, then a calibration map.

Parameters are data (``verdict.json`` beside this module, written by ``sqlintent verdict train``); scoring
needs numpy only. ``probability(features)`` is the calibrated probability that the query does what its
intent says; ``contributions(features)`` gives each feature's share of the logit (coefficient times the
standardised value), which is how a finding explains itself.
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

    @classmethod
    def from_dict(cls, d: dict) -> "VerdictModel":
        names = list(d["features"])
        arr = lambda k: np.asarray(d[k], dtype=np.float64)  # noqa: E731
        m = cls(names, arr("mean"), arr("scale"), arr("coef"), float(d["intercept"]), dict(d.get("calibration") or {}),
                {k: v for k, v in d.items() if k not in ("features", "mean", "scale", "coef", "intercept")})
        if not (len(names) == len(m.mean) == len(m.scale) == len(m.coef)):
            raise ValueError("verdict model: features, mean, scale and coef differ in length")
        return m

    @classmethod
    def load(cls, path: str | Path | None = None) -> "VerdictModel":
        p = Path(path) if path else default_model_path()
        return cls.from_dict(json.loads(p.read_text(encoding="utf-8")))

    def to_dict(self) -> dict:
        return {"features": self.names, "mean": self.mean.tolist(), "scale": self.scale.tolist(),
                "coef": self.coef.tolist(), "intercept": self.intercept, "calibration": self.calibration,
                **self.meta}

    @property
    def threshold(self) -> float:
        return float(self.meta.get("threshold", 0.5))

    def vector(self, features: Mapping[str, float]) -> np.ndarray:
        return np.array([float(features.get(n, 0.0)) for n in self.names], dtype=np.float64)

    def matrix(self, rows) -> np.ndarray:
        return np.array([self.vector(r) for r in rows], dtype=np.float64).reshape(-1, len(self.names))

    def logit(self, x: np.ndarray) -> np.ndarray:
        return ((x - self.mean) / self.scale) @ self.coef + self.intercept

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
        return {n: float(t) for n, t in zip(self.names, terms) if abs(t) > 1e-9}


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
