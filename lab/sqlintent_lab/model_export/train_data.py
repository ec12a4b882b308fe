"""The detector's training data and helpers around the training loop of :mod:`sqlintent_lab.model_export.train`:
the run config (defaults, files, ``--set`` overrides), the records of ``sqlintent-lab build-data`` and their
prepared pairs (normalised, with graphs; cached in ``prepared.npz``), the tokenizer, the device, and
prediction over prepared pairs."""
from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import subprocess
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
    "fit_minutes": 0,
    "threads": 2,
    "seed": 13,
    "device": "auto",
    "workers": 0,
    "freeze_word_embeddings": False,
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

    Either ``train``/``valid`` files of ``sqlintent-lab build-data`` (a single file with a ``split`` field
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
    """The code version: ``SQLINTENT_GIT_COMMIT`` when set (a copy of the tree without ``.git``), else git's."""
    if os.environ.get("SQLINTENT_GIT_COMMIT"):
        return os.environ["SQLINTENT_GIT_COMMIT"]
    try:
        root = Path(__file__).resolve().parents[3]
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "sqlintent"], cwd=root,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return (out.stdout.strip() + ("+dirty" if dirty else "")) or "unknown"
    except Exception:  # noqa: BLE001
        return "unknown"


def apply_overrides(config: dict, items: list[str]) -> dict:
    """``key=value`` overrides (dotted keys reach into sections; values are JSON, else plain strings)."""
    out = json.loads(json.dumps(config))
    for item in items:
        if "=" not in item:
            raise ValueError(f"--set {item!r}: expected key=value")
        key, raw = item.split("=", 1)
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        node = out
        parts = key.strip().split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ValueError(f"--set {item!r}: {part} is not a section")
        node[parts[-1]] = value
    return out


def _schemas(data: dict) -> dict[str, dict[str, list[str]]]:
    """{db_id: {table: [columns]}} from the ``tables`` file(s) of the data section (for normalisation)."""
    files = data.get("tables") or []
    if isinstance(files, str):
        files = [files]
    from sqlintent_lab.evaluation.datasets import load_tables

    out: dict[str, dict[str, list[str]]] = {}
    for f in files:
        out.update({db: s["tables"] for db, s in load_tables(f).items()})
    return out


def prepare_records(records: list[Record], schemas: dict) -> list:
    """Normalise and build graphs for every record (minutes: cached by :func:`load_prepared`)."""
    from sqlintent.detector.featurize import prepare_pair

    t0 = time.time()
    out = []
    for i, r in enumerate(records):
        out.append(prepare_pair(r.question, r.sql, "sqlite", schemas.get(r.db_id)))
        if (i + 1) % 2000 == 0:
            log.info("prepared %d/%d pairs (%.0fs)", i + 1, len(records), time.time() - t0)
    return out


def load_prepared(config: dict, out_dir: Path, seed: int):
    """Training and validation records with their prepared pairs, the data hash and files.

    Reads ``data.prepared`` when the config names one; otherwise reads the records, prepares them and caches
    the result in ``out_dir/prepared.npz``, which is reused while its key (data hash, limits, seed, schema
    databases) matches and rebuilt when it does not.
    """
    from sqlintent_lab.model_export.pack import read_pack, read_pack_meta, write_pack

    data = config["data"]
    if data.get("prepared"):
        meta, splits = read_pack(data["prepared"], Record)
        (train_recs, train_prep), (valid_recs, valid_prep) = splits["train"], splits["valid"]
        log.info("prepared pairs from %s (made from %s)", data["prepared"], meta.get("data_files"))
        return train_recs, train_prep, valid_recs, valid_prep, meta["data_sha256"], meta.get("data_files", [])
    train_recs, valid_recs, files = load_records(data, seed)
    train_recs = _subset(train_recs, int(config["train_limit"]), seed)
    valid_recs = _subset(valid_recs, int(config["valid_limit"]), seed + 1)
    data_hash = sha256_files(files)
    schemas = _schemas(data)
    key = hashlib.sha256(json.dumps([data_hash, config["train_limit"], config["valid_limit"], seed,
                                     sorted(schemas)], sort_keys=True).encode()).hexdigest()[:16]
    cache = out_dir / "prepared.npz"
    if (read_pack_meta(cache) or {}).get("cache_key") == key:
        meta, splits = read_pack(cache, Record)
        (train_recs, train_prep), (valid_recs, valid_prep) = splits["train"], splits["valid"]
        log.info("prepared pairs from cache %s", cache)
    else:
        train_prep = prepare_records(train_recs, schemas)
        valid_prep = prepare_records(valid_recs, schemas)
        write_pack(cache, {"train": (train_recs, train_prep), "valid": (valid_recs, valid_prep)},
                   {"data_sha256": data_hash, "data_files": files, "train_limit": config["train_limit"],
                    "valid_limit": config["valid_limit"], "seed": seed, "schema_dbs": len(schemas),
                    "git_commit": git_commit(), "cache_key": key})
        log.info("prepared pairs written to %s (%.1f MB)", cache, cache.stat().st_size / 1e6)
    return train_recs, train_prep, valid_recs, valid_prep, data_hash, files


def db_fold(db_id: str, folds: int) -> int:
    """The fold (0 .. folds-1) of a database: a hash of its name, so every run and machine agrees."""
    return int(hashlib.sha256(str(db_id).encode("utf-8")).hexdigest()[:8], 16) % int(folds)


def fold_filter(config: dict, records: list, prepared: list) -> tuple[list, list]:
    """The training pairs of a cross-fitting run: ``data.fold = {"of": F, "k": k}`` leaves out the pairs on
    the databases of fold k (scored later by this run: out-of-fold scores for the verdict); no ``fold``
    keeps every pair."""
    fold = (config.get("data") or {}).get("fold")
    if not fold:
        return records, prepared
    of, k = int(fold["of"]), int(fold["k"])
    if of < 2 or not 0 <= k < of:
        raise ValueError(f"data.fold: need of >= 2 and 0 <= k < of, got {fold}")
    keep = [i for i, r in enumerate(records) if db_fold(r.db_id, of) != k]
    if not keep:
        raise ValueError(f"data.fold {fold}: every training pair is on a database of fold {k}; nothing to train on")
    log.info("fold %d of %d: %d of %d training pairs kept (the databases of fold %d left out)", k, of, len(keep),
             len(records), k)
    return [records[i] for i in keep], [prepared[i] for i in keep]


def tokenizer_path(encoder: str) -> str:
    from sqlintent_lab.model_export.model import encoder_path

    p = Path(encoder_path(encoder)) / "tokenizer.json"
    if not p.exists():
        raise FileNotFoundError(f"{p} not found: the encoder directory needs a fast tokenizer (tokenizer.json)")
    return str(p)


def resolve_device(name: str | None):
    import torch

    name = (name or "auto").lower()
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    if name.startswith("cuda") and not torch.cuda.is_available():
        raise RuntimeError("device 'cuda' asked for, but torch sees no GPU")
    return torch.device(name)


def _to_device(feats, device) -> list:
    from sqlintent.detector.featurize import INPUT_NAMES
    from sqlintent_lab.model_export.model import to_tensors

    return [t.to(device, non_blocking=True) for t in to_tensors(feats.arrays, INPUT_NAMES)]


def predict(model, prepared, tokenizer, batch_size: int = 32, device=None, sparse: bool = False):
    """Graph and [CLS] probabilities for prepared pairs (eval mode, no gradients); ``sparse`` feeds the
    averaging matrices by their non-zero entries (the same scores, less memory)."""
    import torch

    from sqlintent.detector.featurize import featurize

    device = device or torch.device("cpu")
    model.eval()
    g_all, c_all, ok_all = [], [], []
    with torch.no_grad():
        for i in range(0, len(prepared), batch_size):
            feats = featurize(prepared[i : i + batch_size], tokenizer, sparse_init=sparse)
            g, c = model(*_to_device(feats, device))
            g_all.append(torch.sigmoid(g).float().cpu().numpy())
            c_all.append(torch.sigmoid(c).float().cpu().numpy())
            ok_all.append(feats.graph_ok)
    return np.concatenate(g_all), np.concatenate(c_all), np.concatenate(ok_all)


def _group(source: str) -> str:
    """bird or spider: the validation AUC is reported per group (v2's maple_bird is a BIRD source)."""
    from sqlintent_lab.model_export.dataset_real import split_group

    return split_group(source)
