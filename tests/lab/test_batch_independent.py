"""model_export.batch_independent: the rewritten detector gives each pair the same score in any batch."""
from __future__ import annotations

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")

from sqlintent.detector.runtime import Detector, default_model_dir  # noqa: E402
from sqlintent_lab.model_export.batch_independent import rewrite  # noqa: E402

PAIRS = [
    ("How many heads of the departments are older than 56?", "SELECT count(*) FROM head WHERE age > 56"),
    ("List the name, born state and age of the heads of departments ordered by age.",
     "SELECT name, born_state, age FROM head ORDER BY age"),
    ("What are the names of the heads who are born outside the California state?",
     "SELECT name FROM head WHERE born_state != 'California'"),
    ("How many departments are there?", "SELECT count(*) FROM department JOIN head ON 1 = 1"),
]


def test_rewritten_model_is_batch_independent(tmp_path):
    src = default_model_dir() / "model.onnx"
    if not src.is_file():
        pytest.skip("no bundled detector model")
    det = Detector.load(provider="cpu")
    model = onnx.load(str(src))
    if not any(n.op_type == "DynamicQuantizeLinear" for n in model.graph.node):
        pytest.skip("the bundled model is not dynamically quantised")
    assert rewrite(model) > 0
    assert not any(n.op_type in ("DynamicQuantizeLinear", "MatMulInteger") for n in model.graph.node)
    out = tmp_path / "model.onnx"
    onnx.save(model, str(out))
    assert out.stat().st_size < src.stat().st_size * 1.1  # the weights stay int8 on disk
    sess = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    det._start()
    prepared = [det.prepare(q, s) for q, s in PAIRS]

    def run(batch):  # the rewritten file reads the same inputs as the bundled one (dense or sparse)
        return sess.run(["score"], det.feed(det.featurize(batch)))[0]

    alone = np.concatenate([run([p]) for p in prepared])
    together = run(prepared)
    assert np.abs(alone - together).max() < 1e-5
    # and it stays close to the shipped model (int8 activations there, float here)
    shipped = np.asarray([det.run_prepared([p])[0][0] for p in prepared])
    assert np.abs(shipped - alone).max() < 0.2
