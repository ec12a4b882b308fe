"""The detector's two input interfaces: dense (``*_init``, ``*_membership``, what ``sqlintent-lab export`` writes)
and sparse (their non-zero entries, after ``python -m sqlintent_lab.model_export.sparse_inputs``).

The runtime tells them apart by the model's input names and featurises each; both give the same scores.
The tiny models in ``fixtures/`` (``fixtures/make_tiny_detectors.py``) need only onnxruntime; the tests on
the bundled model's rewrite need ``onnx`` too.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnxruntime", reason="onnxruntime is not installed")

from sqlintent.detector.featurize import featurize
from sqlintent.detector.runtime import Detector, default_model_dir

FIXTURES = Path(__file__).resolve().parent / "fixtures"
PAIRS = [
    ("How many heads of the departments are older than 56?", "SELECT count(*) FROM head WHERE age > 56"),
    ("List the name, born state and age of the heads of departments ordered by age.",
     "SELECT name, born_state, age FROM head ORDER BY age"),
    ("What are the names of the heads who are born outside the California state?",
     "SELECT name FROM head WHERE born_state != 'California'"),
    ("How many departments are there?", "SELECT count(*) FROM department JOIN head ON 1 = 1"),
    ("Show the budget of each department", "SELEC budget FROM (department"),  # no SQL graph
]


def _bundled_or_skip() -> Path:
    d = default_model_dir()
    if not all((d / n).is_file() for n in ("model.onnx", "tokenizer.json", "detector.json")):
        pytest.skip("no bundled detector model")
    return d


def _model_dir(tmp_path: Path, name: str, model: Path, per_pair: bool) -> Path:
    """A model directory: ``model`` beside the bundled tokenizer and configuration (``per_pair`` set)."""
    bundled = _bundled_or_skip()
    out = tmp_path / name
    out.mkdir()
    shutil.copy(model, out / "model.onnx")
    shutil.copy(bundled / "tokenizer.json", out / "tokenizer.json")
    cfg = json.loads((bundled / "detector.json").read_text(encoding="utf-8"))
    cfg["export"] = {**cfg.get("export", {}), "per_pair": per_pair, "weights": "fp32" if not per_pair else "int8"}
    (out / "detector.json").write_text(json.dumps(cfg), encoding="utf-8")
    return out


def test_sparse_featurisation_holds_the_dense_matrices_entries():
    det = Detector.load(_bundled_or_skip(), provider="cpu")
    det._start()
    prepared = [det.prepare(q, s) for q, s in PAIRS]
    dense = featurize(prepared, det._tokenizer)
    sparse = featurize(prepared, det._tokenizer, sparse_inputs=True)
    for p in ("q", "s"):
        assert f"{p}_init" not in sparse.arrays and f"{p}_membership" not in sparse.arrays
        rebuilt = np.zeros_like(dense.arrays[f"{p}_init"])
        rows, cols = sparse.arrays[f"{p}_init_indices"]
        np.add.at(rebuilt, (rows, cols), sparse.arrays[f"{p}_init_values"])
        np.testing.assert_array_equal(rebuilt, dense.arrays[f"{p}_init"])
        membership = np.zeros_like(dense.arrays[f"{p}_membership"])
        nodes = np.arange(membership.shape[1])
        membership[sparse.arrays[f"{p}_node_graph"], nodes] = sparse.arrays[f"{p}_node_weight"]
        np.testing.assert_array_equal(membership, dense.arrays[f"{p}_membership"])
        for name in ("node_type", "has_tok", "edge_index"):
            np.testing.assert_array_equal(sparse.arrays[f"{p}_{name}"], dense.arrays[f"{p}_{name}"])


@pytest.mark.parametrize("batch", [1, 2, 5])
def test_dense_and_sparse_models_score_alike_through_the_runtime(tmp_path, batch):
    dense = Detector.load(_model_dir(tmp_path, "dense", FIXTURES / "tiny_dense.onnx", False), provider="cpu")
    sparse = Detector.load(_model_dir(tmp_path, "sparse", FIXTURES / "tiny_sparse.onnx", False), provider="cpu")
    a = dense.score(PAIRS, batch_size=batch)
    b = sparse.score(PAIRS, batch_size=batch)
    assert (dense.sparse_inputs, sparse.sparse_inputs) == (False, True)
    assert "q_init" in dense._inputs and "q_init_indices" in sparse._inputs and "q_init" not in sparse._inputs
    assert [s.graph for s in a] == [s.graph for s in b] == [True, True, True, True, False]
    np.testing.assert_allclose([s.score for s in a], [s.score for s in b], atol=1e-6)
    np.testing.assert_allclose([s.score_cls for s in a], [s.score_cls for s in b], atol=1e-6)
    # the pooled graph states reach the score: the pairs do not all score alike
    assert np.ptp([s.score for s in a[:4]]) > 1e-3


def test_bundled_model_rewritten_to_sparse_scores_as_before(tmp_path):
    onnx = pytest.importorskip("onnx")
    from sqlintent_lab.model_export.sparse_inputs import rewrite

    bundled = _bundled_or_skip()
    model = onnx.load(str(bundled / "model.onnx"))
    if "q_init" not in {i.name for i in model.graph.input}:
        pytest.skip("the bundled model already has the sparse inputs")
    rewrite(model)
    onnx.save(model, str(tmp_path / "sparse.onnx"))
    per_pair = Detector.load(bundled).per_pair
    sparse = Detector.load(_model_dir(tmp_path, "sparse", tmp_path / "sparse.onnx", per_pair), provider="cpu")
    dense = Detector.load(bundled, provider="cpu")
    a, b = dense.score(PAIRS, batch_size=4), sparse.score(PAIRS, batch_size=4)
    assert sparse.sparse_inputs and not dense.sparse_inputs
    np.testing.assert_allclose([s.score for s in a], [s.score for s in b], atol=1e-5)
    np.testing.assert_allclose([s.score_cls for s in a], [s.score_cls for s in b], atol=1e-5)


def test_rewrite_command_refuses_a_model_without_the_dense_inputs(tmp_path, capsys):
    pytest.importorskip("onnx")
    from sqlintent_lab.model_export.sparse_inputs import main

    assert main([str(FIXTURES / "tiny_sparse.onnx"), str(tmp_path / "out.onnx")]) == 2
    assert "not a dense detector model: missing inputs q_init" in capsys.readouterr().err
    assert not (tmp_path / "out.onnx").exists()
    assert main([str(FIXTURES / "tiny_dense.onnx"), str(tmp_path / "out.onnx")]) == 0
    assert (tmp_path / "out.onnx").read_bytes() == (FIXTURES / "tiny_sparse.onnx").read_bytes()
