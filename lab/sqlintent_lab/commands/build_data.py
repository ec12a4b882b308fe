"""``sqlintent-lab build-data``: build the error detector's training set (see docs/training-data.md)."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _default_shared() -> Path:
    env = os.environ.get("SQLINTENT_SHARED")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[3].parent / "shared"


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "build-data",
        help="build the error detector's training set (real BIRD mistakes + Spider rewrites)",
        description="Build the detector's training data: real LLM parser mistakes on 7 BIRD databases, "
                    "structural rewrites of Spider training queries labelled by execution and balanced per "
                    "kind, and other questions' gold as hard negatives; style-normalised; split by database. "
                    "Writes train.jsonl, val.jsonl and stats.json.",
    )
    p.add_argument("--shared", type=Path, default=_default_shared(),
                   help="the shared material (holds data/); default $SQLINTENT_SHARED or ../shared")
    p.add_argument("--out", type=Path, default=Path("runs/data"), help="output directory (default runs/data)")
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--val-share", type=float, default=0.10, help="share of databases held out for validation")
    p.add_argument("--max-kind-share", type=float, default=0.60,
                   help="largest share of one label within a rewrite kind after balancing (default 0.6)")
    p.add_argument("--min-kind-count", type=int, default=20, help="drop rewrite kinds with fewer pairs")
    p.add_argument("--gold-share", type=float, default=1.0,
                   help="share of Spider gold queries kept as positives (default 1)")
    p.add_argument("--hard-negatives", type=float, default=0.5,
                   help="other questions' gold tried per question as hard negatives, expected number "
                        "(default 0.5; 0: none)")
    p.add_argument("--timeout", type=float, default=2.0, help="seconds per query when labelling")
    p.add_argument("--limit-questions", type=int, help="use only the first N Spider questions (quick runs)")
    p.add_argument("--only-db", action="append", default=[], metavar="DB_ID",
                   help="use only this database (repeatable; quick runs and the verdict's held-out pairs)")
    p.add_argument("--real-files", default="splash,editsql,qwen_agent,maple_bird,maple_spider",
                   help="train_real files besides bird_llm_runs.jsonl (comma-separated: splash, editsql, "
                        "qwen_agent, maple_bird, maple_spider; 'none' for the v1 build)")
    p.add_argument("--no-hardness-share", action="store_true",
                   help="keep the v1 share of wrong Spider rewrites (not set per hardness from real runs)")
    p.add_argument("--no-real", action="store_true", help="leave out the real BIRD pairs")
    p.add_argument("--no-synth", action="store_true", help="leave out the Spider rewrites and hard negatives")
    p.add_argument("--version", type=int, choices=(2, 3), default=2,
                   help="3: add data v3's mistakes people and LLMs make (source spider_mistakes, kinds "
                        "mistake.*), labelled by execution and balanced per category (default 2)")
    p.add_argument("--mistake-max-share", type=float, default=0.80,
                   help="v3: largest share of one label within a mistake category after balancing (default 0.8)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    data = args.shared / "data"
    if not (data / "spider").is_dir() or not (data / "train_real").is_dir():
        print(f"sqlintent-lab build-data: no shared data under {args.shared} (need data/spider and data/train_real)",
              file=sys.stderr)
        return 2
    try:
        _real_files(args.real_files)
    except ValueError as exc:
        print(f"sqlintent-lab build-data: {exc}", file=sys.stderr)
        return 2
    if not 0 <= args.val_share < 1 or not 0.5 <= args.max_kind_share < 1 or not 0.5 <= args.mistake_max_share < 1:
        print("sqlintent-lab build-data: --val-share must be in [0, 1), --max-kind-share and --mistake-max-share in "
              "[0.5, 1)",
              file=sys.stderr)
        return 2
    from sqlintent_lab.model_export.dataset import BuildConfig, build

    cfg = BuildConfig(shared=args.shared, out_dir=args.out, seed=args.seed, val_share=args.val_share,
                      max_kind_share=args.max_kind_share, min_kind_count=args.min_kind_count,
                      gold_share=args.gold_share, hard_negatives=args.hard_negatives, timeout_s=args.timeout,
                      limit_questions=args.limit_questions, only_dbs=tuple(args.only_db),
                      real_files=_real_files(args.real_files), hardness_share=not args.no_hardness_share,
                      use_real=not args.no_real,
                      use_synth=not args.no_synth, version=args.version,
                      mistake_max_share=args.mistake_max_share)
    stats = build(cfg, progress=lambda m: print(m, file=sys.stderr, flush=True))
    s = stats["summary"]
    print(f"wrote {s['pairs']} pairs to {args.out} ({100 * s['share_correct']:.1f}% correct); "
          f"data sha256 {stats['data_sha256'][:16]}")
    for split, v in s["splits"].items():
        mix = ", ".join(f"{k} {v2['pairs']} ({100 * v2['share_correct']:.0f}% correct)"
                        for k, v2 in v["sources"].items())
        print(f"  {split}: {v['pairs']} pairs on {v['databases']} databases: {mix}")
        hard = (s.get("hardness") or {}).get(split) or {}
        if hard:
            print("    by hardness: " + ", ".join(f"{h} {x['pairs']} ({100 * x['share_correct']:.0f}% correct)"
                                                 for h, x in hard.items()))
    per_kind = (stats.get("mistakes") or {}).get("per_kind") or {}
    if per_kind:
        print("  v3 mistakes by category (kept pairs, share correct; raw candidates, share correct):")
        for kind, e in sorted(per_kind.items()):
            kept = f"{e['kept']} ({100 * e['kept_share_correct']:.0f}% correct)" if e["kept"] else "0 (dropped)"
            print(f"    {kind}: {kept}; raw {e['raw_pairs']} ({100 * e['raw_share_correct']:.0f}% correct), "
                  f"{e['not_executable']} not executable")
    return 0


def _real_files(value: str) -> tuple[str, ...]:
    from sqlintent_lab.model_export.dataset_real import REAL_FILES

    if value.strip().lower() in ("", "none"):
        return ()
    names = tuple(v.strip() for v in value.split(",") if v.strip())
    bad = [n for n in names if n not in REAL_FILES]
    if bad:
        raise ValueError(f"unknown --real-files {', '.join(bad)} (known: {', '.join(REAL_FILES)})")
    return names
