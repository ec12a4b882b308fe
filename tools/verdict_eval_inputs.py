"""Fill the verdict's input cache for evaluation files ahead of ``sqlintent-lab eval detect/rerank --verdict``.

    python tools/verdict_eval_inputs.py --db-dir ../shared/data/spider/database \
        --cache runs/verdict/eval_inputs.jsonl FILE.jsonl [FILE.jsonl ...]

Labels each file's executable candidates (all of them, as ``eval rerank`` does; this covers ``eval
detect``'s answers too) and runs the engine on each new (database, question, SQL) once; the cache is
model-independent, so a retrained verdict is re-measured without running the engine again. Resumable.
"""
from __future__ import annotations

import argparse
import sys

from sqlintent.detector.runtime import Detector
from sqlintent_lab.evaluation.detect_eval import collect
from sqlintent_lab.verdict.evalscore import score_items


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--db-dir", required=True)
    ap.add_argument("--cache", required=True)
    ap.add_argument("--tables")
    ap.add_argument("--answers-only", action="store_true",
                    help="only each example's answer (first executable candidate: what eval detect scores)")
    args = ap.parse_args()
    det = Detector.load()
    progress = lambda m: print(m, file=sys.stderr, flush=True)  # noqa: E731
    for f in args.files:
        col = collect(f, args.db_dir, None, None, beams=not args.answers_only, progress=progress)
        progress(f"{f}: {len(col.items)} executable candidates")
        score_items(col.items, args.db_dir, args.tables, det, {}, args.cache, progress)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
