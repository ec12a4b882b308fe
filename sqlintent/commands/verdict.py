"""``sqlintent verdict``: build the verdict (collect its inputs on held-out pairs, fit, calibrate) and
measure how often it fires on gold queries. See docs/verdict.md."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(sub) -> argparse.ArgumentParser:
    from sqlintent.commands.build_data import _default_shared

    p = sub.add_parser("verdict", help="train the verdict (one calibrated probability per query)",
                       description="Collect the verdict's inputs on labelled pairs the shipped detector never "
                                   "trained on, fit and calibrate it, and measure it (docs/verdict.md).")
    inner = p.add_subparsers(dest="verdict_command", metavar="STEP")
    c = inner.add_parser("collect", help="run the engine on the training pairs and cache the verdict's inputs")
    c.add_argument("--shared", type=Path, default=_default_shared())
    c.add_argument("--out", type=Path, default=Path("runs/verdict/train_inputs.jsonl"))
    c.add_argument("--synth", type=Path, action="append", default=[],
                   help="build-data output (train/val.jsonl) on the detector's validation databases, e.g. "
                        "runs/data_detval/val.jsonl (repeatable)")
    c.add_argument("--cap", action="append", default=[], metavar="SOURCE=N",
                   help="at most N pairs of a source (spider_real, spider_synth, bird_real, maple_bird, maple_spider)")
    c.set_defaults(func=run_collect)
    t = inner.add_parser("train", help="fit, calibrate and write verdict.json, the ablations and a report")
    t.add_argument("--inputs", type=Path, action="append", default=[],
                   help="collected inputs (default runs/verdict/train_inputs.jsonl)")
    t.add_argument("--out-model", type=Path, default=Path(__file__).resolve().parents[1] / "verdict" / "verdict.json")
    t.add_argument("--out-dir", type=Path, default=Path("runs/verdict"),
                   help="ablations, report.json and reliability.png go here")
    t.add_argument("--C", type=float, default=0.05, help="inverse L2 strength of the logistic regression")
    t.set_defaults(func=run_train)
    g = inner.add_parser("gold", help="how often SIV001 fires on Spider dev gold queries (all correct)")
    g.add_argument("--shared", type=Path, default=_default_shared())
    g.add_argument("--cache", default="runs/verdict/eval_inputs.jsonl")
    g.add_argument("--out", type=Path, default=Path("runs/verdict/gold.json"))
    g.set_defaults(func=run_gold)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])
    return p


def _progress(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def run_collect(args) -> int:
    from sqlintent.detector.runtime import Detector
    from sqlintent.verdict.collect import collect
    from sqlintent.verdict.data import verdict_pairs

    caps = {}
    for c in args.cap:
        k, _, v = c.partition("=")
        if not v.isdigit():
            print(f"sqlintent verdict collect: --cap wants SOURCE=N, not {c!r}", file=sys.stderr)
            return 2
        caps[k] = int(v)
    pairs = verdict_pairs(args.shared, val_jsonl=args.synth, caps=caps)
    _progress(f"{len(pairs)} pairs")
    n = collect(pairs, args.out, Detector.load(), progress=_progress, every=200)
    print(f"added {n} pairs to {args.out}")
    return 0


def run_train(args) -> int:
    from sqlintent.verdict.train import train_all

    inputs = args.inputs or [Path("runs/verdict/train_inputs.jsonl")]
    missing = [str(p) for p in inputs if not p.is_file()]
    if missing:
        print(f"sqlintent verdict train: no inputs at {', '.join(missing)} (run sqlintent verdict collect)",
              file=sys.stderr)
        return 2
    summary = train_all(inputs, args.out_model, args.out_dir, args.C, progress=_progress)
    print(f"wrote {args.out_model} and {args.out_dir}/report.json"
          + (f", {summary['reliability_png']}" if summary.get("reliability_png") else ""))
    return 0


def run_gold(args) -> int:
    import json

    import numpy as np

    from sqlintent.detector.runtime import Detector
    from sqlintent.evaluation.datasets import resolve_db
    from sqlintent.evaluation.detect_eval import Item
    from sqlintent.verdict.evalscore import load_models, score_items

    spider = args.shared / "data" / "spider"
    dev = json.loads((spider / "dev.json").read_text(encoding="utf-8"))
    db_dir = spider / "database"
    items = [Item(f"dev-{i}", ex["db_id"], ex["question"], ex["query"], 0, 1) for i, ex in enumerate(dev)
             if resolve_db(db_dir, ex["db_id"]) is not None]
    models = load_models(None, None)
    if not models:
        print("sqlintent verdict gold: no verdict model", file=sys.stderr)
        return 2
    score_items(items, str(db_dir), None, Detector.load(), models, args.cache, _progress)
    p = np.array([it.scores["verdict"] for it in items])
    res = {"gold_queries": len(items), "fired_at_0.5": int((p < 0.5).sum()), "fire_rate": float((p < 0.5).mean()),
           "mean_probability": float(p.mean())}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=1), encoding="utf-8")
    print(json.dumps(res))
    return 0
