"""Re-rank a parser's candidate queries for a question by their detector scores.

Three policies (``method``):

* ``rr`` - re-rank all (Chen et al. 2023, 4.2.3): order by score, highest first (ties keep parser order);
* ``ed+rr`` - error detection then re-ranking: keep the parser's order when its top candidate scores at
  least ``threshold`` (0.5 in the paper), otherwise re-rank all;
* ``bertrand`` - the threshold re-ranker of Bertrand-DR (Kelkar et al. 2020, Algorithm 1): one bottom-up
  pass that swaps a candidate with the one above it only when its score is higher by at least ``t``.

The ordering functions work on plain score lists (numpy only); :func:`rerank` scores with a ``Detector``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

__all__ = ["METHODS", "RankedCandidate", "order_rr", "order_ed_rr", "order_bertrand", "order", "rerank",
           "tune_bertrand_threshold", "top1_accuracy"]

METHODS = ("rr", "ed+rr", "bertrand")


def order_rr(scores: Sequence[float]) -> list[int]:
    """Indices by score, highest first; ties keep the original order."""
    s = np.asarray(scores, dtype=np.float64)
    return [int(i) for i in np.argsort(-s, kind="stable")]


def order_ed_rr(scores: Sequence[float], threshold: float = 0.5) -> list[int]:
    """Keep the order when the first candidate scores >= ``threshold``; else :func:`order_rr`."""
    if len(scores) == 0:
        return []
    if scores[0] >= threshold:
        return list(range(len(scores)))
    return order_rr(scores)


def order_bertrand(scores: Sequence[float], t: float) -> list[int]:
    """Bertrand-DR's Algorithm 1: for i from the bottom up, swap C_i and C_{i-1} when
    ``score(C_i) >= score(C_{i-1}) + t`` (one pass; a promoted candidate can keep climbing)."""
    idx = list(range(len(scores)))
    for i in range(len(idx) - 1, 0, -1):
        if scores[idx[i]] >= scores[idx[i - 1]] + t:
            idx[i], idx[i - 1] = idx[i - 1], idx[i]
    return idx


def order(scores: Sequence[float], method: str = "ed+rr", threshold: float = 0.5, t: float = 0.1) -> list[int]:
    """The new order of candidates under ``method`` (see the module doc)."""
    if method == "rr":
        return order_rr(scores)
    if method == "ed+rr":
        return order_ed_rr(scores, threshold)
    if method == "bertrand":
        return order_bertrand(scores, t)
    raise ValueError(f"method must be one of {METHODS}, not {method!r}")


def top1_accuracy(beams: Sequence[tuple[Sequence[float], Sequence[int]]], method: str, threshold: float = 0.5,
                  t: float = 0.1) -> float:
    """Share of beams whose re-ranked first candidate is correct (beams: (scores, labels))."""
    if not beams:
        return float("nan")
    hits = 0
    for scores, labels in beams:
        if len(scores):
            hits += int(labels[order(scores, method, threshold, t)[0]] == 1)
    return hits / len(beams)


def tune_bertrand_threshold(beams: Sequence[tuple[Sequence[float], Sequence[int]]],
                            grid: Sequence[float] | None = None) -> float:
    """The ``t`` of ``grid`` (default 0.00, 0.01, ..., 1.00) that maximises top-1 accuracy on ``beams``;
    on ties the largest (the most conservative: it keeps more of the parser's order)."""
    grid = list(grid) if grid is not None else [round(x, 3) for x in np.arange(0.0, 1.0001, 0.01)]
    best_t, best_acc = grid[-1], -1.0
    for t in sorted(grid, reverse=True):
        acc = top1_accuracy(beams, "bertrand", t=t)
        if acc > best_acc + 1e-12:
            best_t, best_acc = t, acc
    return float(best_t)


@dataclass(frozen=True)
class RankedCandidate:
    """A candidate after re-ranking: new rank (0 = best), the parser's rank, the SQL and its score."""

    rank: int
    original_rank: int
    sql: str
    score: float
    graph: bool = True
    detector_score: float | None = None  # set when ``score`` is the verdict's probability

    def to_dict(self) -> dict:
        """What ``sqlintent rerank --format json`` prints: ranks counted from 1, as in the text output (the
        attributes count from 0, as Python indexes do)."""
        d = {"rank": self.rank + 1, "original_rank": self.original_rank + 1, "score": round(self.score, 6),
             "graph": self.graph, "sql": self.sql}
        if self.detector_score is not None:
            d["detector_score"] = round(self.detector_score, 6)
        return d


def rerank(detector, question: str, candidates: Sequence[str], method: str = "ed+rr", threshold: float = 0.5,
           t: float = 0.1, dialect: str | None = "sqlite", schema: Mapping[str, Sequence[str]] | None = None,
           ) -> list[RankedCandidate]:
    """Score ``candidates`` (in the parser's order) for ``question`` and return them re-ranked.

    Python API of ``sqlintent rerank``: ``detector`` is a :class:`sqlintent.detector.runtime.Detector`.
    """
    if not candidates:
        return []
    scored = detector.score([(question, c) for c in candidates], dialect=dialect, schema=schema)
    scores = [s.score for s in scored]
    new = order(scores, method, threshold, t)
    return [RankedCandidate(r, i, candidates[i], scores[i], scored[i].graph) for r, i in enumerate(new)]
