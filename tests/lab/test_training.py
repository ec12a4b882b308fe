"""Training: the prepared-pairs file, config overrides, a real (tiny) run from a prepared file with
featurising workers, resume, and the round trip that moves a run to a GPU machine and back."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("torch_geometric")
pytest.importorskip("transformers")

from sqlintent.detector.featurize import INPUT_NAMES, featurize, load_tokenizer, prepare_pair
from sqlintent_lab.model_export.pack import read_pack, write_pack
from sqlintent_lab.model_export.train import Record, apply_overrides, load_config, train

ROOT = Path(__file__).resolve().parents[2]
TOKENIZER = ROOT / "sqlintent" / "detector_model" / "tokenizer.json"

PAIRS = [
    ("How many singers are there?", "SELECT count(*) FROM singer", 1, "spider_synth"),
    ("How many singers are there?", "SELECT count(*) FROM concert", 0, "spider_hardneg"),
    ("List the names of singers older than 40.", "SELECT name FROM singer WHERE age > 40", 1, "spider_synth"),
    ("List the names of singers older than 40.", "SELECT name FROM singer WHERE age < 40", 0, "spider_synth"),
    ("What is the average age of all singers?", "SELECT avg(age) FROM singer", 1, "bird_real"),
    ("What is the average age of all singers?", "SELECT max(age) FROM singer", 0, "bird_real"),
    ("Show the stadium names and capacities.", "SELECT name, capacity FROM stadium", 1, "bird_real"),
    ("Show the stadium names and capacities.", "SELECT name FROM stadium", 0, "bird_real"),
    ("Which concerts took place in 2014?", "SELECT concert_name FROM concert WHERE year = 2014", 1, "spider_synth"),
    ("a question whose SQL does not parse", "SELEC nothing FROM", 0, "spider_synth"),
]
SCHEMA = {"singer": ["singer_id", "name", "age"], "concert": ["concert_id", "concert_name", "year"],
          "stadium": ["stadium_id", "name", "capacity"]}


def _records_and_prepared():
    recs, prep = [], []
    for i, (q, sql, label, source) in enumerate(PAIRS):
        recs.append(Record(f"r{i}", "concert_singer", q, sql, label, source))
        prep.append(prepare_pair(q, sql, "sqlite", SCHEMA))
    return recs, prep


@pytest.fixture(scope="module")
def prepared_file(tmp_path_factory) -> Path:
    recs, prep = _records_and_prepared()
    path = tmp_path_factory.mktemp("pack") / "prepared.npz"
    write_pack(path, {"train": (recs, prep), "valid": (recs, prep)},
               {"data_sha256": "f" * 64, "data_files": ["inline"]})
    return path


def test_prepared_file_gives_the_model_exactly_the_same_inputs(prepared_file):
    recs, prep = _records_and_prepared()
    assert not prep[-1].graph_ok  # the unparsable one keeps its "no SQL graph" state through the file
    meta, splits = read_pack(prepared_file, Record)
    assert meta["data_sha256"] == "f" * 64 and meta["counts"]["train"]["pairs"] == len(PAIRS)
    recs2, prep2 = splits["train"]
    assert [(r.id, r.label, r.source) for r in recs2] == [(r.id, r.label, r.source) for r in recs]
    assert [p.graph_ok for p in prep2] == [p.graph_ok for p in prep]
    assert prep2[-1].sql_error == prep[-1].sql_error and prep2[0].sql_error is None
    tok = load_tokenizer(TOKENIZER, 128)
    a, b = featurize(prep, tok), featurize(prep2, tok)
    for name in INPUT_NAMES:
        np.testing.assert_array_equal(a.arrays[name], b.arrays[name], err_msg=name)


def test_sparse_leaf_averaging_gives_the_same_matrix_scores_and_gradients():
    """Training feeds the averaging matrices by their non-zero entries (a dense batch of 64 is ~100 MB): the
    matrix, the model's logits and every gradient are those of the dense input the ONNX model takes."""
    import torch

    from sqlintent_lab.model_export.export import tiny_model
    from sqlintent_lab.model_export.model import to_tensors

    _, prep = _records_and_prepared()
    tok = load_tokenizer(TOKENIZER, 128)
    dense, sparse = featurize(prep, tok), featurize(prep, tok, sparse_init=True)
    for prefix in ("q", "s"):
        assert f"{prefix}_init" not in sparse.arrays
        idx, vals = sparse.arrays[f"{prefix}_init_indices"], sparse.arrays[f"{prefix}_init_values"]
        rebuilt = np.zeros(tuple(sparse.arrays[f"{prefix}_init_shape"]), dtype=np.float32)
        rebuilt[idx[0], idx[1]] = vals
        assert vals.size == np.count_nonzero(dense.arrays[f"{prefix}_init"]) > 0
        np.testing.assert_array_equal(rebuilt, dense.arrays[f"{prefix}_init"])
    model = tiny_model(seed=0, variant="gat+cls")
    model.eval()
    results = []
    for feats in (dense, sparse):
        model.zero_grad()
        g, c = model(*to_tensors(feats.arrays, INPUT_NAMES))
        (g.sum() + c.sum()).backward()
        results.append((g.detach(), {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}))
    (g_dense, grads_dense), (g_sparse, grads_sparse) = results
    torch.testing.assert_close(g_sparse, g_dense, rtol=1e-5, atol=1e-6)
    assert grads_sparse.keys() == grads_dense.keys()
    for name, grad in grads_dense.items():
        torch.testing.assert_close(grads_sparse[name], grad, rtol=1e-4, atol=1e-6, msg=name)


def test_prepare_only_writes_one_file_reused_until_the_data_or_limits_change(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    for name, rows in (("train.jsonl", PAIRS[:8]), ("val.jsonl", PAIRS[8:])):
        (data / name).write_text("".join(
            json.dumps({"id": f"{name}-{i}", "db_id": "concert_singer", "question": q, "sql": sql, "label": label,
                        "source": source}) + "\n" for i, (q, sql, label, source) in enumerate(rows)))
    cfg = {"name": "prep", "out_dir": str(tmp_path / "run"),
           "data": {"train": str(data / "train.jsonl"), "valid": str(data / "val.jsonl")}, "valid_limit": 0}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    out = train(load_config(path), prepare_only=True)
    assert sorted(p.name for p in out.glob("*.npz")) == ["prepared.npz"]
    meta, splits = read_pack(out / "prepared.npz", Record)
    assert meta["counts"]["train"]["pairs"] == 8 and meta["counts"]["valid"]["pairs"] == 2
    assert meta["data_sha256"] and meta["cache_key"]
    first = (out / "prepared.npz").stat().st_mtime_ns
    train(load_config(path), prepare_only=True)  # same data and limits: reused, not rewritten
    assert (out / "prepared.npz").stat().st_mtime_ns == first
    assert "prepared pairs from cache" in (out / "train.log").read_text()
    train(load_config(path) | {"train_limit": 5}, prepare_only=True)  # other limits: rebuilt in place
    meta, _ = read_pack(out / "prepared.npz")
    assert meta["counts"]["train"]["pairs"] == 5
    assert sorted(p.name for p in out.glob("*.npz")) == ["prepared.npz"]


def test_reading_something_else_says_what_is_wrong(tmp_path):
    with pytest.raises(FileNotFoundError, match="prepared data not found"):
        read_pack(tmp_path / "missing.npz")
    np.savez_compressed(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(ValueError, match="not a prepared-pairs file"):
        read_pack(tmp_path / "other.npz")


def test_overrides_reach_into_sections_and_parse_values():
    cfg = {"epochs": 1, "model": {"encoder": "minilm", "max_length": 128}, "data": {"train": "a"}}
    out = apply_overrides(cfg, ["epochs=3", "model.encoder=/tmp/enc", "data.prepared=p.npz", "lr=2e-5",
                                "freeze_word_embeddings=true"])
    assert out["epochs"] == 3 and out["lr"] == 2e-5 and out["freeze_word_embeddings"] is True
    assert out["model"] == {"encoder": "/tmp/enc", "max_length": 128}
    assert out["data"] == {"train": "a", "prepared": "p.npz"}
    assert cfg["epochs"] == 1  # the loaded config is left alone
    with pytest.raises(ValueError, match="expected key=value"):
        apply_overrides(cfg, ["epochs"])


@pytest.fixture(scope="module")
def tiny_encoder(tmp_path_factory) -> Path:
    """A tiny random BERT saved as a local Hugging Face directory, with the MiniLM tokenizer."""
    import shutil

    import torch
    from transformers import BertConfig, BertModel

    torch.manual_seed(0)
    cfg = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                     intermediate_size=64, max_position_embeddings=512)
    d = tmp_path_factory.mktemp("tiny_encoder")
    BertModel(cfg).save_pretrained(d)
    shutil.copy(TOKENIZER, d / "tokenizer.json")
    return d


def _config(tmp_path: Path, prepared: Path, encoder: Path, **kw) -> dict:
    cfg = {"name": "tiny", "out_dir": str(tmp_path / "run"), "data": {"prepared": str(prepared)},
           "model": {"encoder": str(encoder), "variant": "gat+cls", "gnn_layers": 1, "gnn_heads": 2,
                     "max_length": 64},
           "epochs": 2, "batch_size": 4, "lr": 1e-3, "head_lr": 1e-3, "eval_every": 3, "save_every": 1,
           "threads": 1, "workers": 1, "device": "cpu", "freeze_word_embeddings": True, "seed": 5}
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    return load_config(path) | kw


def test_a_run_from_a_prepared_file_trains_checkpoints_and_resumes(tmp_path, prepared_file, tiny_encoder):
    import torch
    from safetensors.torch import load_file

    out = train(_config(tmp_path, prepared_file, tiny_encoder))
    summary = json.loads((out / "summary.json").read_text())
    assert summary["step"] == 6 and summary["total_steps"] == 6  # 10 pairs, batch 4: 3 steps x 2 epochs
    assert summary["data_sha256"] == "f" * 64 and summary["git_commit"]
    valid = [h for h in summary["history"] if "valid_auc" in h]
    assert [h["step"] for h in valid] == [3, 6]
    assert {"valid_auc_bird", "valid_auc_spider", "valid_auc_macro"} <= set(valid[0])
    ck = torch.load(out / "last.pt", map_location="cpu", weights_only=False)
    pretrained = load_file(str(tiny_encoder / "model.safetensors"))
    word = "embeddings.word_embeddings.weight"
    assert torch.equal(ck["model"]["encoder." + word], pretrained[word])  # frozen
    assert not torch.equal(ck["model"]["encoder.embeddings.LayerNorm.weight"],
                           pretrained["embeddings.LayerNorm.weight"])  # trained
    assert (out / "best.pt").exists()
    # resume with more epochs: continues from step 6, not from 0
    out2 = train(_config(tmp_path, prepared_file, tiny_encoder, epochs=3), resume=True)
    s2 = json.loads((out2 / "summary.json").read_text())
    assert s2["step"] == 9
    log = (out2 / "train.log").read_text()
    assert "resumed from" in log and "at step 6" in log


def test_fit_minutes_shortens_the_schedule_so_the_learning_rate_still_ends_at_zero(tmp_path, prepared_file,
                                                                                tiny_encoder):
    import torch

    # 10 pairs, batch 4: 3 steps an epoch, 30 configured; a budget no step fits in: the schedule is cut at
    # the measuring point (first evaluation at step 2, then 20 steps) plus one step, and decays to 0 there
    cfg = _config(tmp_path, prepared_file, tiny_encoder, epochs=10, eval_every=2, save_every=100,
                  fit_minutes=1e-6)
    out = train(cfg)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["step"] == 23 and summary["total_steps"] == 23 and not summary["stopped_early"]
    ck = torch.load(out / "last.pt", map_location="cpu", weights_only=False)
    assert ck["step"] == 23 and max(ck["scheduler"]["_last_lr"]) == 0.0
    assert "schedule shortened to 23 steps" in (out / "train.log").read_text()


def test_fit_schedule_keeps_a_schedule_that_fits_and_cuts_one_that_does_not():
    from sqlintent_lab.model_export.train import _fit_schedule

    assert _fit_schedule(100, 100, 1000, 60, 10.0, 200.0, 0.06) == (1000, 60)  # 0.1 s a step: all fit in 200 s
    assert _fit_schedule(100, 100, 1000, 60, 10.0, 60.0, 0.06) == (600, 36)   # 500 more fit in the 50 s left
    # resumed at step 400: 100 steps of this run took 10 s, so 500 more fit in the 50 s left of this run
    assert _fit_schedule(500, 100, 2000, 120, 10.0, 60.0, 0.06) == (1000, 60)


def test_weights_go_to_a_gpu_machine_and_come_back_as_a_checkpoint_export_reads(tmp_path, prepared_file,
                                                                                 tiny_encoder):
    """tools/gpu_train.py: pack-encoder, unpack-encoder, export-weights, assemble."""
    import torch

    tool = [sys.executable, str(ROOT / "tools" / "gpu_train.py")]
    packed = tmp_path / "encoder.npz"
    subprocess.run(tool + ["pack-encoder", "--prepared", str(prepared_file), "--out", str(packed),
                           "--encoder", str(tiny_encoder)], check=True, cwd=ROOT)
    remote = tmp_path / "remote_encoder"
    subprocess.run(tool + ["unpack-encoder", str(packed), str(remote)], check=True, cwd=ROOT)
    out = train(_config(tmp_path, prepared_file, remote))
    parts = tmp_path / "parts"
    subprocess.run(tool + ["export-weights", str(out), str(parts)], check=True, cwd=ROOT)
    assert all(p.stat().st_size <= 15 * 1024 * 1024 for p in parts.glob("weights.part*"))
    final = tmp_path / "best.pt"
    subprocess.run(tool + ["assemble", str(parts), "--out", str(final), "--encoder", str(tiny_encoder)],
                   check=True, cwd=ROOT)
    ck = torch.load(final, map_location="cpu", weights_only=False)
    trained = torch.load(out / "best.pt", map_location="cpu", weights_only=False)
    assert ck["model_config"]["encoder"] == str(tiny_encoder)
    assert ck["encoder_on_training_machine"] == str(remote)
    for k, v in trained["model"].items():
        if k.endswith("word_embeddings.weight"):
            # rows no pair uses were zeroed for the trip; the assembled checkpoint has the pretrained matrix
            from safetensors.torch import load_file

            assert torch.equal(ck["model"][k], load_file(str(tiny_encoder / "model.safetensors"))[
                "embeddings.word_embeddings.weight"])
        elif v.is_floating_point():
            # everything trained comes back exactly (float16 only for the trip out, of pretrained weights)
            assert torch.equal(ck["model"][k], v), k


def test_a_cross_fitting_run_leaves_out_one_fold_and_scores_exactly_those_pairs(tmp_path, tiny_encoder):
    """data.fold = {"of": 2, "k": k}: the run trains without the pairs on fold k's databases, and
    `tools/gpu_train.py oof-scores` scores those pairs (and only those) with the run's best checkpoint."""
    from sqlintent_lab.model_export.export import load_checkpoint
    from sqlintent_lab.model_export.train_data import db_fold, predict

    recs, prep = _records_and_prepared()
    recs = [Record(r.id, f"db{i}", r.question, r.sql, r.label, r.source) for i, r in enumerate(recs)]
    held = {r.id for r in recs if db_fold(r.db_id, 2) == 1}
    assert 0 < len(held) < len(recs)  # the ten databases fall into both folds
    pack = tmp_path / "prepared.npz"
    write_pack(pack, {"train": (recs, prep), "valid": (recs, prep)}, {"data_sha256": "e" * 64, "data_files": []})
    out = train(_config(tmp_path, pack, tiny_encoder, epochs=1, eval_every=2) | {"data": {"prepared": str(pack),
                                                                                    "fold": {"of": 2, "k": 1}}})
    summary = json.loads((out / "summary.json").read_text())
    assert summary["train_pairs"] == len(recs) - len(held)
    assert f"{len(recs) - len(held)} of {len(recs)} training pairs kept" in (out / "train.log").read_text()

    scores = tmp_path / "oof.jsonl"
    # as on a lent GPU machine: the dependencies are there, the package is not installed (python -S skips the
    # editable install's .pth; site-packages stays reachable through PYTHONPATH), and the tool runs from the root
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sorted({sysconfig.get_paths()[k] for k in ("purelib", "platlib")}))}
    subprocess.run([sys.executable, "-S", str(ROOT / "tools" / "gpu_train.py"), "oof-scores", str(out), "--prepared",
                    str(pack), "--out", str(scores), "--device", "cpu"], check=True, cwd=ROOT, env=env)
    rows = [json.loads(line) for line in scores.read_text().splitlines()]
    assert {r["id"] for r in rows} == held and all(r["fold"] == 1 and r["of"] == 2 for r in rows)
    model, _ = load_checkpoint(out / "best.pt")
    order = [i for i, r in enumerate(recs) if r.id in held]
    g, c, ok = predict(model, [prep[i] for i in order], load_tokenizer(TOKENIZER, 64))
    np.testing.assert_allclose([r["score"] for r in rows], g, atol=1e-5)
    np.testing.assert_allclose([r["score_cls"] for r in rows], c, atol=1e-5)
    assert [r["graph"] for r in rows] == ok.tolist()
    with pytest.raises(ValueError, match="data.fold"):
        train(_config(tmp_path, pack, tiny_encoder) | {"data": {"prepared": str(pack), "fold": {"of": 2, "k": 2}}})


def test_an_encoder_too_large_for_one_call_travels_in_parts_and_half_weights_come_back(tmp_path, prepared_file,
                                                                                      tiny_encoder):
    """tools/gpu_train.py for mpnet: pack-encoder --part-mib, unpack-encoder joining the parts (checked),
    export-weights --half and assemble."""
    import torch

    tool = [sys.executable, str(ROOT / "tools" / "gpu_train.py")]
    packed = tmp_path / "encoder.npz"
    subprocess.run(tool + ["pack-encoder", "--prepared", str(prepared_file), "--out", str(packed),
                           "--encoder", str(tiny_encoder), "--part-mib", "0.05"], check=True, cwd=ROOT)
    parts = sorted(tmp_path.glob("encoder.npz.part*"))
    assert len(parts) > 1 and not packed.exists()
    assert all(p.stat().st_size <= 0.05 * 1024 * 1024 + 1 for p in parts)
    # a part not carried yet: unpacking says which
    held = parts[-1].read_bytes()
    parts[-1].unlink()
    r = subprocess.run(tool + ["unpack-encoder", str(packed), str(tmp_path / "x")], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode != 0 and parts[-1].name in r.stderr
    parts[-1].write_bytes(held[:-1] + bytes([held[-1] ^ 1]))  # a damaged part is refused
    r = subprocess.run(tool + ["unpack-encoder", str(packed), str(tmp_path / "x")], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode != 0 and "do not match" in r.stderr
    parts[-1].write_bytes(held)
    remote = tmp_path / "remote_encoder"
    subprocess.run(tool + ["unpack-encoder", str(packed), str(remote)], check=True, cwd=ROOT)
    out = train(_config(tmp_path, prepared_file, remote))
    back = tmp_path / "back"
    subprocess.run(tool + ["export-weights", str(out), str(back), "--half", "--chunk-mib", "1"], check=True, cwd=ROOT)
    final = tmp_path / "best.pt"
    subprocess.run(tool + ["assemble", str(back), "--out", str(final), "--encoder", str(tiny_encoder)],
                   check=True, cwd=ROOT)
    ck = torch.load(final, map_location="cpu", weights_only=False)
    trained = torch.load(out / "best.pt", map_location="cpu", weights_only=False)
    for k, v in trained["model"].items():
        if v.is_floating_point() and not k.endswith("word_embeddings.weight"):
            assert ck["model"][k].dtype == torch.float32
            assert torch.allclose(ck["model"][k], v, rtol=1e-3, atol=1e-4), k
