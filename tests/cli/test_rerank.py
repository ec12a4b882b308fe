"""Re-ranking policies: RR, ED+RR and Bertrand-DR's threshold re-ranker (Algorithm 1), and the Python API."""
from __future__ import annotations

import pytest

from sqlintent.detector.rerank import (order, order_bertrand, order_ed_rr, order_rr, rerank, top1_accuracy,
                                       tune_bertrand_threshold)
from sqlintent.detector.runtime import DetectorScore


def test_rr_sorts_by_score_and_keeps_parser_order_on_ties():
    assert order_rr([0.2, 0.9, 0.5]) == [1, 2, 0]
    assert order_rr([0.5, 0.7, 0.5, 0.7]) == [1, 3, 0, 2]


def test_ed_rr_keeps_a_confident_top_candidate():
    assert order_ed_rr([0.6, 0.9, 0.1]) == [0, 1, 2]  # top >= 0.5: parser order kept
    assert order_ed_rr([0.4, 0.9, 0.1]) == [1, 0, 2]  # top < 0.5: re-rank all
    assert order_ed_rr([0.6, 0.9], threshold=0.7) == [1, 0]
    assert order_ed_rr([]) == []


def test_bertrand_promotes_only_by_a_margin():
    # candidate 2 beats candidate 1 by 0.05 only: no swap at t=0.1; by 0.3 at t=0.1: swap
    assert order_bertrand([0.5, 0.55], t=0.1) == [0, 1]
    assert order_bertrand([0.5, 0.8], t=0.1) == [1, 0]


def test_bertrand_single_bottom_up_pass_lets_a_candidate_climb():
    # the last candidate climbs over both above it in one pass
    assert order_bertrand([0.3, 0.2, 0.9], t=0.1) == [2, 0, 1]
    # a swap lower down is not revisited: [0.5, 0.1, 0.45]: 0.45 climbs over 0.1, then 0.45 vs 0.5: no swap
    assert order_bertrand([0.5, 0.1, 0.45], t=0.1) == [0, 2, 1]
    # with t = 0 it still differs from a full sort: one pass only
    assert order_bertrand([0.1, 0.3, 0.2], t=0.0) == [1, 0, 2]
    assert order_rr([0.1, 0.3, 0.2]) == [1, 2, 0]


def test_order_dispatch_and_unknown_method():
    assert order([0.1, 0.9], "rr") == [1, 0]
    with pytest.raises(ValueError):
        order([0.1], "best")


def test_top1_accuracy_and_threshold_tuning():
    beams = [([0.2, 0.9], [0, 1]), ([0.6, 0.65], [1, 0]), ([0.9, 0.1], [1, 0])]
    assert top1_accuracy(beams, "rr") == pytest.approx(2 / 3)
    # the parser's order is right 2/3 of the time; re-ranking with t in (0.05, 0.7] fixes beam 1 only
    assert top1_accuracy(beams, "bertrand", t=0.5) == pytest.approx(1.0)
    t = tune_bertrand_threshold(beams)
    assert 0.05 < t <= 0.7
    assert top1_accuracy(beams, "bertrand", t=t) == pytest.approx(1.0)


class _FakeDetector:
    """Scores a candidate by a table; stands in for the ONNX detector in the API test."""

    def __init__(self, table):
        self.table = table

    def score(self, pairs, dialect="sqlite", schema=None):
        return [DetectorScore(self.table[sql], True, sql, self.table[sql]) for _, sql in pairs]


def test_rerank_api_returns_ranked_candidates_with_scores():
    det = _FakeDetector({"SELECT a FROM t": 0.2, "SELECT b FROM t": 0.8, "SELECT c FROM t": 0.5})
    ranked = rerank(det, "q?", ["SELECT a FROM t", "SELECT b FROM t", "SELECT c FROM t"], method="rr")
    assert [r.sql for r in ranked] == ["SELECT b FROM t", "SELECT c FROM t", "SELECT a FROM t"]
    assert [r.original_rank for r in ranked] == [1, 2, 0]
    assert ranked[0].to_dict()["score"] == 0.8
    kept = rerank(det, "q?", ["SELECT c FROM t", "SELECT b FROM t"], method="ed+rr", threshold=0.5)
    assert [r.sql for r in kept] == ["SELECT c FROM t", "SELECT b FROM t"]
    assert rerank(det, "q?", []) == []
