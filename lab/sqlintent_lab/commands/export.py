"""``sqlintent-lab export --checkpoint CKPT --out DIR``: export a trained detector to ONNX (+ int8)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "export", help="export a trained detector checkpoint to ONNX for the runtime (needs torch)",
        description="Export a checkpoint of `sqlintent-lab train` to ONNX (dynamic sizes), check parity with "
                    "torch on 50 real pairs (max abs diff < 1e-4), quantise to int8 per channel and keep int8 "
                    "only when its AUC on labelled pairs is within 0.5 points of fp32.")
    p.add_argument("--checkpoint", required=True, help="best.pt or last.pt of a training run")
    p.add_argument("--out", default=None, help="model directory (default: the bundled sqlintent/detector_model)")
    p.add_argument("--pairs", default="runs/data/val.jsonl",
                   help="JSONL with question/sql/label (and evidence) lines: real pairs held out from training, "
                        "for the parity check and the int8 AUC comparison; never an evaluation file "
                        "(default: the validation split of `sqlintent-lab build-data`, runs/data/val.jsonl)")
    p.add_argument("--db-ids", default="", help="comma-separated db_ids of --pairs to use (default: all)")
    p.add_argument("--auc-pairs", type=int, default=600, help="pairs for the int8 AUC check (default 600)")
    p.add_argument("--no-int8", action="store_true", help="ship fp32 only")
    p.add_argument("--seed", type=int, default=13)
    p.set_defaults(func=run)
    return p


def shared_dir() -> Path:
    """The shared material: $SQLINTENT_SHARED, else ``shared`` next to the repository root."""
    env = os.environ.get("SQLINTENT_SHARED")
    return Path(env) if env else Path(__file__).resolve().parents[3].parent / "shared"


def run(args) -> int:
    for flag, path, hint in (("--checkpoint", args.checkpoint, "a best.pt or last.pt of `sqlintent-lab train`"),
                             ("--pairs", args.pairs, "`sqlintent-lab build-data --out DIR` writes DIR/val.jsonl")):
        if not os.path.isfile(path):
            print(f"sqlintent-lab export: {flag} {path}: no such file ({hint})", file=sys.stderr)
            return 2
    try:
        import torch  # noqa: F401
    except ImportError:
        print("sqlintent-lab export: torch is not installed; install the training extra", file=sys.stderr)
        return 2
    import logging
    import random

    from sqlintent.detector.featurize import prepare_pair
    from sqlintent.detector.runtime import default_model_dir
    from sqlintent_lab.model_export.export import export

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    shared = shared_dir()
    dbs = {d for d in args.db_ids.split(",") if d}
    rows = []
    with open(args.pairs, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                r = json.loads(line)
                if not dbs or r.get("db_id") in dbs:
                    rows.append(r)
    if not rows:
        print(f"sqlintent-lab export: no pairs in {args.pairs} for {sorted(dbs)}", file=sys.stderr)
        return 2
    rows = random.Random(args.seed).sample(rows, min(len(rows), max(args.auc_pairs, 50)))
    schemas = {}
    from sqlintent_lab.evaluation.datasets import load_tables

    for tables_path in (shared / "data" / "spider" / "tables.json", shared / "data" / "bird_dev" / "dev_tables.json"):
        try:
            schemas.update({k: v["tables"] for k, v in load_tables(tables_path).items()})
        except OSError:
            pass
    prepared = []
    for r in rows:
        q = f"{r.get('question', '')} {r.get('evidence') or ''}".strip()
        prepared.append((prepare_pair(q, r["sql"], "sqlite", schemas.get(r.get("db_id"))), int(r["label"])))
    import pickle

    try:
        report = export(args.checkpoint, args.out or default_model_dir(), [p for p, _ in prepared[:50]],
                        None if args.no_int8 else prepared, int8=not args.no_int8)
    except pickle.UnpicklingError as exc:  # torch.load(weights_only=True) met something that is not data
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        print(f"sqlintent-lab export: {args.checkpoint}: refused: the checkpoint holds more than tensors and plain "
              f"values (read with weights_only=True, so it cannot run code): {first}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2))
    return 0
