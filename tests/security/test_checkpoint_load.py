"""A checkpoint is data: ``sqlintent-lab export`` (and training's resume) read it with
``torch.load(weights_only=True)``, so a pickle inside it cannot run code; what training writes loads so."""
from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

import pytest

from tests.security.cli_run import REPO

pytestmark = pytest.mark.training  # needs torch (the train extra): .ci/run's second pass runs it
torch = pytest.importorskip("torch")
np = pytest.importorskip("numpy")


class _Payload:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_export_does_not_run_a_pickle_in_the_checkpoint(tmp_path):
    marker = tmp_path / "pwned"
    ck = tmp_path / "evil.pt"
    torch.save({"model": {}, "model_config": {}, "x": _Payload(str(marker))}, ck, pickle_module=pickle)
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"question": "q", "sql": "SELECT 1", "label": 1, "db_id": "x"}) + "\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join((str(REPO), str(REPO / "lab"))), SQLINTENT_SHARED=str(tmp_path / "none"))
    proc = subprocess.run([sys.executable, "-m", "sqlintent_lab", "export", "--checkpoint", str(ck), "--pairs",
                           str(pairs), "--out", str(tmp_path / "out"), "--no-int8"],
                          env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 2
    assert not marker.exists()
    assert "refused: the checkpoint holds more than tensors and plain values" in proc.stderr


def test_what_training_saves_loads_with_weights_only(tmp_path):
    from sqlintent_lab.model_export.export import read_checkpoint
    from sqlintent_lab.model_export.train import _plain

    meta = {"step": np.int64(3), "best_auc": np.float64(0.7), "history": [{"valid_auc": np.float32(0.5)}],
            "config": {"lr": 1e-4, "tags": ("a", "b")}}
    path = tmp_path / "last.pt"
    torch.save({"model": {"w": torch.zeros(2)}, **_plain(meta)}, path)
    ck = read_checkpoint(path)
    assert ck["step"] == 3 and abs(ck["best_auc"] - 0.7) < 1e-9 and ck["config"]["tags"] == ["a", "b"]
    # and an older checkpoint with numpy scalars in its history still loads, as data
    torch.save({"model": {}, "best_auc": np.float64(0.5)}, tmp_path / "old.pt")
    assert read_checkpoint(tmp_path / "old.pt")["best_auc"] == 0.5
