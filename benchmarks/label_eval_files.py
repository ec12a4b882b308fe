"""Label the first candidate of each evaluation file by execution and print a table per file.

Usage: python benchmarks/label_eval_files.py [--eval-dir DIR] [--db-dir DIR] [--timeout S] [--json OUT]

Defaults read the shared data (``$SQLINTENT_SHARED`` or ``../shared`` next to the repository):
``data/eval/*.jsonl`` and ``data/spider/database``. Columns: examples; skipped for a missing database;
first candidates dropped because they do not execute; labels decided by the exact-set-match fallback (gold
returned no rows); top-1 execution accuracy over the executable first candidates, and over all examples
with a database (a non-executable answer counted wrong); "plain": the same executable answers compared
without the paper's fixes (test-suite style, for comparison with published accuracies); seconds.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "lab"))  # the lab's own package (lab/sqlintent_lab)

from sqlintent_lab.evaluation.datasets import load_examples, resolve_db  # noqa: E402
from sqlintent_lab.evaluation.execution import MISSING_DB, ExecutionLabeller  # noqa: E402


def shared_dir() -> Path:
    env = os.environ.get("SQLINTENT_SHARED")
    return Path(env) if env else ROOT.parent / "shared"


def label_file(path: Path, labeller: ExecutionLabeller) -> dict:
    n = missing = dropped = fallback = correct = labelled = gold_err = plain = 0
    start = time.monotonic()
    for ex in load_examples(path):
        n += 1
        if not ex.candidates:
            dropped += 1
            continue
        res = labeller.label(ex.db_id, ex.gold, ex.candidates[0])
        if res.status == MISSING_DB:
            missing += 1
        elif res.status == "gold_error":
            gold_err += 1
        elif not res.executable:
            dropped += 1
        else:
            labelled += 1
            correct += res.label
            fallback += res.exact_match_fallback
            plain += bool(labeller.plain_match(resolve_db(labeller.db_dir, ex.db_id), ex.gold, ex.candidates[0]))
    with_db = n - missing - gold_err
    return {"file": path.name, "examples": n, "missing_db": missing, "gold_error": gold_err,
            "dropped_non_executable": dropped, "exact_match_fallback": fallback, "labelled": labelled,
            "correct": correct, "acc_executable": correct / labelled if labelled else 0.0,
            "acc_all_with_db": correct / with_db if with_db else 0.0,
            "acc_plain_executable": plain / labelled if labelled else 0.0,
            "seconds": round(time.monotonic() - start, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eval-dir", type=Path, default=shared_dir() / "data" / "eval")
    ap.add_argument("--db-dir", type=Path, default=shared_dir() / "data" / "spider" / "database")
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds per query (default 5)")
    ap.add_argument("--json", type=Path, help="also write the rows as JSON here")
    ap.add_argument("files", nargs="*", type=Path, help="files to label (default: every *.jsonl in --eval-dir)")
    args = ap.parse_args(argv)
    files = args.files or sorted(args.eval_dir.glob("*.jsonl"))
    if not files:
        print(f"no .jsonl files found in {args.eval_dir}", file=sys.stderr)
        return 2
    rows = []
    head = (f"{'file':38} {'examples':>8} {'no db':>6} {'gold err':>8} {'dropped':>7} {'ESM fb':>6} "
            f"{'labelled':>8} {'acc(exec)':>9} {'acc(all)':>8} {'plain':>6} {'sec':>6}")
    print(head)
    print("-" * len(head))
    with ExecutionLabeller(args.db_dir, timeout_s=args.timeout) as labeller:
        for f in files:
            r = label_file(f, labeller)
            rows.append(r)
            print(f"{r['file']:38} {r['examples']:>8} {r['missing_db']:>6} {r['gold_error']:>8} "
                  f"{r['dropped_non_executable']:>7} {r['exact_match_fallback']:>6} {r['labelled']:>8} "
                  f"{100 * r['acc_executable']:>8.1f}% {100 * r['acc_all_with_db']:>7.1f}% "
                  f"{100 * r['acc_plain_executable']:>5.1f}% {r['seconds']:>6}",
                  flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
