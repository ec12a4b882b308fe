"""The verdict step as a function of its inputs: the statement, its findings, and what it reads of the engine
(model, detector, severity, threshold, whether a database was read) passed by name, no Engine."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from sqlintent.analyzers.base import StatementContext
from sqlintent.analyzers.engine_rules import VERDICT
from sqlintent.config import Config
from sqlintent.engine import Engine
from sqlintent.findings import Finding, Severity, Span
from sqlintent.verdict import step
from sqlintent.verdict.model import VerdictModel

WRONG = ("how many customers live in Boston?", "SELECT name FROM customers WHERE city = 'Boston'")


def tiny(tmp_path: Path, **over) -> VerdictModel:
    """A verdict that leans on the detector score and on "count asked but no COUNT"."""
    d = {"features": ["model.score", "match.count_missing", "rule.SIP001"], "mean": [0.5, 0.0, 0.0],
         "scale": [0.25, 1.0, 1.0], "coef": [2.0, -1.5, -1.0], "intercept": 0.0,
         "calibration": {"kind": "platt", "a": 1.0, "b": 0.0}, "format": 1, **over}
    p = tmp_path / "verdict.json"
    p.write_text(json.dumps(d))
    return VerdictModel.load(p)


@pytest.fixture
def score(monkeypatch):
    """The detector's result for every statement: 0.2 (the step reads it through ``model_score``)."""
    res = SimpleNamespace(score=0.2, score_cls=0.2, graph=True, sql_text="SELECT 1")
    monkeypatch.setattr(step, "model_score", lambda ctx: res)
    return res


def context(intent: str, sql: str) -> StatementContext:
    return StatementContext(sql, intent=intent, config=Config(), schema=None)


def run(ctx, findings, model, **given):
    args = {"model": model, "detector": None, "severity": Severity.INFO, "threshold": 0.5, "has_database": False}
    args.update(given)
    out = list(findings)
    verdict = step.engine_step(ctx, out, VERDICT, **args)
    return verdict, out[len(findings):]


def test_the_step_reports_at_the_severity_and_threshold_it_is_given(tmp_path, score):
    model = tiny(tmp_path)
    verdict, (f,) = run(context(*WRONG), [], model, severity=Severity.WARNING)
    assert f.code == "SIV001" and f.severity is Severity.WARNING and f.data["threshold"] == 0.5
    assert "the intent says 'how many' and the query has no COUNT" in f.message
    assert verdict.probability == pytest.approx(f.data["probability"], abs=1e-4)
    same, none = run(context(*WRONG), [], model, threshold=verdict.probability / 2)
    assert none == [] and same.probability == verdict.probability


def test_the_step_reads_the_database_and_findings_it_is_given(tmp_path, score):
    model = tiny(tmp_path)
    ctx = context(*WRONG)
    sip = Finding("SIP001", "empty-predicate", "no row has city = 'Boston'", Span(41, 49), Severity.WARNING)
    without, _ = run(ctx, [], model)
    with_db, (f,) = run(ctx, [sip], model, has_database=True)
    assert not without.inputs.has_database and with_db.inputs.has_database
    assert with_db.probability < without.probability  # SIP001 pulls it down
    assert any(c.label.startswith("SIP001 empty-predicate") and c.span == sip.span for c in f.related)


def test_the_step_abstains_with_another_detector_than_the_model_was_trained_with(tmp_path, score):
    model = tiny(tmp_path, trained={"detector_exported_at": "2026-11-22T17:20:45Z"})
    other = SimpleNamespace(config={"exported_at": "2030-01-01T00:00:00Z"})
    verdict, found = run(context(*WRONG), [], model, detector=other)
    assert found == [] and verdict.probability is None
    trained = SimpleNamespace(config={"exported_at": "2026-11-22T17:20:45Z"})
    verdict, (f,) = run(context(*WRONG), [], model, detector=trained)
    assert verdict.probability is not None and f.code == "SIV001"


def test_a_verdict_bug_is_one_info_beside_the_rules_findings(tmp_path, monkeypatch):
    def broken(ctx):
        raise RuntimeError("boom")

    monkeypatch.setattr(step, "gather", lambda *a: broken(None))
    verdict, (f,) = run(context(*WRONG), [], tiny(tmp_path))
    assert verdict is None and f.severity is Severity.INFO and "internal error in SIV001" in f.message


class FakeDetector:
    def prepare(self, question, sql, dialect=None, schema=None):
        return sql

    def score_prepared(self, prepared, batch_size=16):
        return [SimpleNamespace(score=0.2, score_cls=0.2, graph=True, sql_text=p) for p in prepared]


@pytest.mark.parametrize("broken", ['{"features": 5, "mean": [], "scale": [], "coef": [], "intercept": 0}',
                                    '{"features": ["model.score"], "mean": [0], "scale": [1], "coef": [1], '
                                    '"intercept": {"a": 1}}', "[1, 2]", "{"])
def test_a_broken_verdict_file_is_one_sim002_for_the_run_not_an_error_per_statement(tmp_path, broken):
    (tmp_path / "verdict.json").write_text(broken)
    c = Config()
    c.verdict.path = str(tmp_path / "verdict.json")
    eng = Engine(c, detector=FakeDetector())
    res = eng.check_text("-- intent: how many customers?\nSELECT name FROM customers;\n"
                         "-- intent: list the products\nSELECT name FROM products;\n")
    assert [f.code for f in res.findings if f.code == "SIV001"] == []
    (sim,) = [f for f in eng.run_findings if f.code == "SIM002"]
    assert "the verdict model is unavailable" in sim.message and "SIV001 is skipped" in sim.message
