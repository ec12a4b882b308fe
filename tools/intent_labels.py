"""Label each evaluation file's answer once and cache it, so intent checks can be measured quickly.

    python tools/intent_labels.py [--eval-dir DIR] [--db-dir DIR] [--out runs/intent_labels.jsonl]

For every example of every ``*.jsonl`` file in ``--eval-dir`` the answer is chosen and labelled exactly as
``sqlintent-lab eval signals`` does (first executable candidate, the fixed Spider execution evaluation with the
exact-set-match fallback: :func:`sqlintent_lab.evaluation.signals_eval._choose_answer`). One JSON line per
scored example: file, id, db_id, question, gold, sql, label, fallback. ``tools/intent_diff.py`` and
``benchmarks/bench_intent.py`` read this cache; it is a measuring aid, never training data.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "lab"))  # the lab's own package (lab/sqlintent_lab)

from sqlintent_lab.evaluation.datasets import load_examples, resolve_db  # noqa: E402
from sqlintent_lab.evaluation.execution import ExecutionLabeller  # noqa: E402
from sqlintent_lab.evaluation.signals_eval import _choose_answer  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eval-dir", type=Path, default=ROOT.parent / "shared" / "data" / "eval")
    ap.add_argument("--db-dir", type=Path, default=ROOT.parent / "shared" / "data" / "spider" / "database")
    ap.add_argument("--out", type=Path, default=ROOT / "runs" / "intent_labels.jsonl")
    args = ap.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with ExecutionLabeller(args.db_dir) as labeller, args.out.open("w", encoding="utf-8") as out:
        for path in sorted(args.eval_dir.glob("*.jsonl")):
            for ex in load_examples(path):
                if resolve_db(args.db_dir, ex.db_id) is None:
                    continue
                sql, label, lab, _ = _choose_answer(ex, labeller, True)
                if sql is None or label is None:
                    continue
                out.write(json.dumps({"file": path.name, "id": ex.id, "db_id": ex.db_id, "question": ex.intent,
                                      "gold": ex.gold, "sql": sql, "label": label,
                                      "fallback": bool(lab and lab.exact_match_fallback)}) + "\n")
                n += 1
            out.flush()
            print(f"{path.name}: {n} labelled so far", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
