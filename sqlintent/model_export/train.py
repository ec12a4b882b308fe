"""Train the error detector from a config file: checkpoints, resume, progress and a log.

Usage: ``sqlintent train --config sqlintent/model_export/configs/minilm_gat_cpu.json [--resume]``.

Config (JSON or TOML), all keys optional except the data:

```
{"name": "minilm_gat",                  # run directory runs/train/<name>/ (or "out_dir")
 "data": {"train": "runs/data/train.jsonl", "valid": "runs/data/val.jsonl",       # records of build-data
          "tables": ["../shared/data/spider/tables.json"]}   # schemas for normalisation (optional)
   # or {"bird_runs": ".../bird_llm_runs.jsonl", "valid_dbs": ["financial"], "tables": ".../dev_tables.json"}
 "train_limit": 0, "valid_limit": 600,   # subsets (0 = all), drawn with the seed
 "model": {"encoder": "minilm", "variant": "gat+cls", "gnn_layers": 3, "gnn_heads": 4, "dropout": 0.1,
           "max_length": 128},
 "epochs": 1, "batch_size": 16, "lr": 3e-5, "head_lr": 3e-4, "weight_decay": 0.01, "warmup": 0.1,
 "eval_every": 200, "save_every": 100, "max_minutes": 0, "threads": 2, "seed": 13,
 "init_from": "runs/train/<stage1>/best.pt"}     # optional: start from another run's weights
```

Each checkpoint (``last.pt``, ``best.pt``: best validation AUC of the graph head) records the model and
config, the optimiser and schedule, the step, the seed, the SHA-256 of the training data and the git
commit of the code. ``--resume`` continues from ``last.pt`` (same data order: the epoch permutation comes
from the seed). ``max_minutes`` stops cleanly (checkpoint written) when the time is up.
"""
from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import pickle
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

log = logging.getLogger("sqlintent.train")

DEFAULTS = {
    "name": "detector",
    "train_limit": 0,
    "valid_limit": 600,
    "epochs": 1,
    "batch_size": 16,
    "lr": 3e-5,
    "head_lr": 3e-4,
    "weight_decay": 0.01,
    "warmup": 0.1,
    "eval_every": 200,
    "save_every": 100,
    "max_minutes": 0,
    "threads": 2,
    "seed": 13,
}


def load_config(path: str | os.PathLike) -> dict:
    """Read a JSON or TOML training config and fill in defaults."""
    p = Path(path)
    text = p.read_text(encoding="utf-8")
    if p.suffix == ".toml":
        import tomllib

        cfg = tomllib.loads(text)
    else:
        cfg = json.loads(text)
    out = dict(DEFAULTS)
    out.update(cfg)
    if "data" not in out:
        raise ValueError(f"{path}: the config needs a 'data' section")
    return out


@dataclass
class Record:
    """One training pair."""

    id: str
    db_id: str
    question: str
    sql: str
    label: int
    source: str = ""


def _read_jsonl(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _intent(rec: dict) -> str:
    q = rec.get("question", "") or ""
    ev = rec.get("evidence")
    return f"{q} {ev}".strip() if ev else q


def _to_record(r: dict) -> Record:
    return Record(str(r.get("id", "")), str(r.get("db_id", "")), _intent(r), r["sql"], int(r["label"]),
                  str(r.get("source", "")))


def load_records(data: dict, seed: int) -> tuple[list[Record], list[Record], list[str]]:
    """Training and validation records, and the files they came from (for the data hash).

    Either ``train``/``valid`` files of ``sqlintent build-data`` (a single file with a ``split`` field
    works too: ``train`` and ``valid``/``dev`` splits are read from it), or ``bird_runs`` (the labelled LLM
    runs) split by database: ``valid_dbs`` go to validation.
    """
    if "bird_runs" in data:
        rows = _read_jsonl(data["bird_runs"])
        valid_dbs = set(data.get("valid_dbs") or [])
        if not valid_dbs:
            dbs = sorted({r["db_id"] for r in rows})
            valid_dbs = {random.Random(seed).choice(dbs)}
        train = [_to_record(r) for r in rows if r["db_id"] not in valid_dbs]
        valid = [_to_record(r) for r in rows if r["db_id"] in valid_dbs]
        return train, valid, [data["bird_runs"]]
    files = [data["train"]] + ([data["valid"]] if data.get("valid") and data["valid"] != data["train"] else [])
    if data.get("valid") and data["valid"] != data["train"]:
        train = [_to_record(r) for r in _read_jsonl(data["train"]) if r.get("split", "train") == "train"]
        valid = [_to_record(r) for r in _read_jsonl(data["valid"])]
    else:
        rows = _read_jsonl(data["train"])
        train = [_to_record(r) for r in rows if r.get("split", "train") == "train"]
        valid = [_to_record(r) for r in rows if r.get("split") in ("valid", "dev", "validation")]
    return train, valid, files


def _subset(records: list[Record], limit: int, seed: int) -> list[Record]:
    if not limit or limit >= len(records):
        return list(records)
    idx = sorted(random.Random(seed).sample(range(len(records)), limit))
    return [records[i] for i in idx]


def sha256_files(paths: list[str]) -> str:
    h = hashlib.sha256()
    for p in paths:
        with open(p, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    return h.hexdigest()


def git_commit() -> str:
    try:
        root = Path(__file__).resolve().parents[2]
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "sqlintent"], cwd=root,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return out.stdout.strip() + ("+dirty" if dirty else "")
    except Exception:  # noqa: BLE001
        return "unknown"


def _schemas(data: dict) -> dict[str, dict[str, list[str]]]:
    """{db_id: {table: [columns]}} from the ``tables`` file(s) of the data section (for normalisation)."""
    files = data.get("tables") or []
    if isinstance(files, str):
        files = [files]
    from sqlintent.evaluation.datasets import load_tables

    out: dict[str, dict[str, list[str]]] = {}
    for f in files:
        out.update({db: s["tables"] for db, s in load_tables(f).items()})
    return out


def prepare_records(records: list[Record], schemas: dict, cache_path: Path | None):
    """Normalise and build graphs for every record (cached on disk: it takes minutes)."""
    from sqlintent.detector.featurize import prepare_pair

    if cache_path is not None and cache_path.exists():
        with cache_path.open("rb") as fh:
            return pickle.load(fh)
    t0 = time.time()
    out = []
    for i, r in enumerate(records):
        out.append(prepare_pair(r.question, r.sql, "sqlite", schemas.get(r.db_id)))
        if (i + 1) % 2000 == 0:
            log.info("prepared %d/%d pairs (%.0fs)", i + 1, len(records), time.time() - t0)
    if cache_path is not None:
        cache_path.parent.mkdir(parents=True, exist_ok=True)
        with cache_path.open("wb") as fh:
            pickle.dump(out, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return out


def tokenizer_path(encoder: str) -> str:
    from sqlintent.model_export.model import encoder_path

    p = Path(encoder_path(encoder)) / "tokenizer.json"
    if not p.exists():
        raise FileNotFoundError(f"{p} not found: the encoder directory needs a fast tokenizer (tokenizer.json)")
    return str(p)


def predict(model, prepared, tokenizer, batch_size: int = 32):
    """Graph and [CLS] probabilities for prepared pairs (eval mode, no gradients)."""
    import torch

    from sqlintent.detector.featurize import INPUT_NAMES, featurize
    from sqlintent.model_export.model import to_tensors

    model.eval()
    g_all, c_all, ok_all = [], [], []
    with torch.no_grad():
        for i in range(0, len(prepared), batch_size):
            feats = featurize(prepared[i : i + batch_size], tokenizer)
            g, c = model(*to_tensors(feats.arrays, INPUT_NAMES))
            g_all.append(torch.sigmoid(g).numpy())
            c_all.append(torch.sigmoid(c).numpy())
            ok_all.append(feats.graph_ok)
    return np.concatenate(g_all), np.concatenate(c_all), np.concatenate(ok_all)


def train(config: dict, resume: bool = False) -> Path:
    """Run (or resume) training; returns the run directory."""
    import torch

    from sqlintent.detector.featurize import INPUT_NAMES, featurize, load_tokenizer
    from sqlintent.detector.metrics import roc_auc
    from sqlintent.model_export.model import ErrorDetector, ModelConfig, to_tensors

    seed = int(config["seed"])
    out_dir = Path(config.get("out_dir") or Path("runs/train") / config["name"])
    out_dir.mkdir(parents=True, exist_ok=True)
    _setup_logging(out_dir / "train.log")
    torch.set_num_threads(int(config["threads"]))
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)

    mcfg = ModelConfig(**config.get("model", {}))
    train_recs, valid_recs, files = load_records(config["data"], seed)
    train_recs = _subset(train_recs, int(config["train_limit"]), seed)
    valid_recs = _subset(valid_recs, int(config["valid_limit"]), seed + 1)
    data_hash = sha256_files(files)
    log.info("data %s (sha256 %s): %d train pairs (%.1f%% correct), %d valid pairs (%.1f%% correct)",
             files, data_hash[:16], len(train_recs), 100 * np.mean([r.label for r in train_recs]),
             len(valid_recs), 100 * np.mean([r.label for r in valid_recs]) if valid_recs else float("nan"))
    schemas = _schemas(config["data"])
    key = hashlib.sha256(json.dumps([data_hash, config["train_limit"], config["valid_limit"], seed,
                                     sorted(schemas)], sort_keys=True).encode()).hexdigest()[:16]
    train_prep = prepare_records(train_recs, schemas, out_dir / f"prepared_train_{key}.pkl")
    valid_prep = prepare_records(valid_recs, schemas, out_dir / f"prepared_valid_{key}.pkl")
    log.info("graphs: %d/%d train and %d/%d valid pairs have both graphs",
             sum(p.graph_ok for p in train_prep), len(train_prep), sum(p.graph_ok for p in valid_prep),
             len(valid_prep))
    tokenizer = load_tokenizer(tokenizer_path(mcfg.encoder), mcfg.max_length)
    train_y = np.asarray([r.label for r in train_recs], dtype=np.float32)
    valid_y = np.asarray([r.label for r in valid_recs], dtype=np.int64)

    model = ErrorDetector(mcfg)
    if config.get("init_from") and not (resume and (out_dir / "last.pt").exists()):
        ck0 = torch.load(config["init_from"], map_location="cpu", weights_only=False)
        model.load_state_dict(ck0["model"])
        log.info("initialised from %s (step %d, data %s)", config["init_from"], ck0.get("step", -1),
                 str(ck0.get("data_sha256", "?"))[:16])
    enc_params = [p for n, p in model.named_parameters() if n.startswith("encoder.")]
    head_params = [p for n, p in model.named_parameters() if not n.startswith("encoder.")]
    opt = torch.optim.AdamW([
        {"params": enc_params, "lr": float(config["lr"])},
        {"params": head_params, "lr": float(config["head_lr"])},
    ], weight_decay=float(config["weight_decay"]))
    bs = int(config["batch_size"])
    steps_per_epoch = math.ceil(len(train_prep) / bs)
    total = steps_per_epoch * int(config["epochs"])
    warm = max(1, int(total * float(config["warmup"])))

    def lr_lambda(step: int) -> float:
        if step < warm:
            return (step + 1) / warm
        return max(0.0, (total - step) / max(1, total - warm))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda)
    step, best_auc, history = 0, -1.0, []
    last = out_dir / "last.pt"
    if resume and last.exists():
        ck = torch.load(last, map_location="cpu", weights_only=False)
        if ck["data_sha256"] != data_hash:
            log.warning("resuming on different data (checkpoint %s, now %s)", ck["data_sha256"][:16],
                        data_hash[:16])
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["optimizer"])
        sched.load_state_dict(ck["scheduler"])
        step, best_auc, history = ck["step"], ck.get("best_auc", -1.0), ck.get("history", [])
        log.info("resumed from %s at step %d (best valid AUC %.4f)", last, step, best_auc)

    from sqlintent.graphs import vocab

    meta = {"config": config, "init_from": config.get("init_from"), "vocab": json.loads(vocab.to_json()), "model_config": mcfg.to_dict(), "seed": seed, "data_sha256": data_hash,
            "data_files": files, "git_commit": git_commit(), "train_pairs": len(train_prep),
            "valid_pairs": len(valid_prep), "total_steps": total}

    def save(path: Path, extra: dict) -> None:
        tmp = path.with_suffix(".tmp")
        torch.save({"model": model.state_dict(), "optimizer": opt.state_dict(), "scheduler": sched.state_dict(),
                    "step": step, "best_auc": best_auc, "history": history, **meta, **extra}, tmp)
        os.replace(tmp, path)

    def evaluate() -> dict:
        g, c, ok = predict(model, valid_prep, tokenizer)
        res = {"step": step, "valid_auc": roc_auc(valid_y, g), "valid_auc_cls": roc_auc(valid_y, c),
               "valid_loss": float(np.mean(-(valid_y * np.log(g + 1e-7) + (1 - valid_y) * np.log(1 - g + 1e-7))))}
        model.train()
        return res

    t_start = t_begin = time.time()
    max_s = float(config["max_minutes"]) * 60.0
    log.info("training: %d steps (%d per epoch, batch %d), warm-up %d, variant %s, max_length %d",
             total, steps_per_epoch, bs, warm, mcfg.variant, mcfg.max_length)
    model.train()
    bce = torch.nn.BCEWithLogitsLoss()
    running, seen = 0.0, 0
    stopped_early = False
    while step < total:
        epoch = step // steps_per_epoch
        perm = np.random.default_rng(seed + epoch).permutation(len(train_prep))
        b = step % steps_per_epoch
        idx = perm[b * bs : (b + 1) * bs]
        feats = featurize([train_prep[i] for i in idx], tokenizer)
        y = torch.from_numpy(train_y[idx])
        g, c = model(*to_tensors(feats.arrays, INPUT_NAMES))
        loss = bce(g, y) + (bce(c, y) if mcfg.variant == "gat+cls" else 0.0)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        step += 1
        running += float(loss)
        seen += 1
        if step % 20 == 0 or step == total:
            el = time.time() - t_start
            log.info("step %d/%d epoch %d loss %.4f lr %.2e (%.2fs/step, %.0fs elapsed)", step, total, epoch,
                     running / seen, sched.get_last_lr()[0], el / max(1, seen), el)
            history.append({"step": step, "train_loss": running / seen})
            running, seen = 0.0, 0
            t_start = time.time()
        out_of_time = max_s > 0 and (time.time() - t_begin) > max_s
        if step % int(config["eval_every"]) == 0 or step == total or out_of_time:
            res = evaluate()
            history.append(res)
            log.info("valid step %d: AUC %.4f (cls %.4f) loss %.4f", step, res["valid_auc"], res["valid_auc_cls"],
                     res["valid_loss"])
            if res["valid_auc"] > best_auc:
                best_auc = res["valid_auc"]
                save(out_dir / "best.pt", {"valid": res})
                log.info("new best checkpoint (AUC %.4f)", best_auc)
            save(last, {})
        elif step % int(config["save_every"]) == 0:
            save(last, {})
        if out_of_time:
            log.info("max_minutes reached at step %d: stopping (resume with --resume)", step)
            stopped_early = True
            break
    (out_dir / "summary.json").write_text(json.dumps({**meta, "step": step, "best_valid_auc": best_auc,
                                                      "stopped_early": stopped_early,
                                                      "seconds": time.time() - t_begin, "history": history},
                                                     indent=2, default=str))
    log.info("done: step %d, best valid AUC %.4f, %.0fs", step, best_auc, time.time() - t_begin)
    return out_dir



def _setup_logging(path: Path) -> None:
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%Y-%m-%d %H:%M:%S")
    root = logging.getLogger("sqlintent")
    root.setLevel(logging.INFO)
    if not any(isinstance(h, logging.FileHandler) for h in root.handlers):
        fh = logging.FileHandler(path)
        fh.setFormatter(fmt)
        root.addHandler(fh)
        sh = logging.StreamHandler(sys.stderr)
        sh.setFormatter(fmt)
        root.addHandler(sh)


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", required=True)
    ap.add_argument("--resume", action="store_true")
    args = ap.parse_args(argv)
    train(load_config(args.config), resume=args.resume)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
