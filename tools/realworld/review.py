"""Read the answers the judge could not decide, and write a person's labels into the label file.

    python tools/realworld/review.py KEY [--all-unjudged | --sample N] [--out /work/ext/corpora]
    python tools/realworld/review.py KEY --apply labels.tsv

The first form prints, for each unjudged answer (or a random sample of N agreeing ones), its question, the
statement, the reference and both results' first rows. ``--apply`` reads lines ``sha<TAB>label<TAB>category
<TAB>reason`` (label ok / wrong / debatable) and writes them into benchmarks/realworld_labels/KEY.csv, where
the build keeps them while the statement's sha is unchanged.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "benchmarks"), str(ROOT)]

from realworld import judge, labels  # noqa: E402
from realworld.build import LABELS_DIR  # noqa: E402


def _statement(text: str, line: int) -> str:
    lines = text.split("\n")[line - 1:]
    out = []
    for ln in lines:
        out.append(ln)
        if ln.rstrip().endswith(";"):
            break
    return "\n".join(out).rstrip().rstrip(";")


def main(argv=None) -> int:
    from realworld.sources import all_sources

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("key")
    ap.add_argument("--out", type=Path, default=Path("/work/ext/corpora"))
    ap.add_argument("--sample", type=int, help="print N agreeing answers, drawn at random (seed 1)")
    ap.add_argument("--apply", type=Path)
    ap.add_argument("--rows", type=int, default=4)
    args = ap.parse_args(argv)
    path = LABELS_DIR / f"{args.key}.csv"
    rows = labels.read(path)
    if args.apply:
        new = {}
        for ln in args.apply.read_text(encoding="utf-8").splitlines():
            if ln.strip() and not ln.startswith("#"):
                sha, label, category, reason = (ln.split("\t") + ["", "", ""])[:4]
                assert label in ("ok", "wrong", "debatable"), ln
                new[sha.strip()] = (label, category.strip(), reason.strip())
        hit = 0
        for r in rows:
            if r["sha"] in new:
                r["label"], r["category"], r["reason"] = new[r["sha"]]
                hit += 1
        meta = path.with_suffix(".json")
        import json

        labels.write(path, rows, json.loads(meta.read_text(encoding="utf-8")))
        print(f"{hit} rows labelled ({len(new)} given)")
        return 0
    source = all_sources()[args.key]
    base = args.out / args.key
    db = (base / "queries" / "sqlintent.toml").read_text(encoding="utf-8").split('"')[1]
    run = judge.runner(source.engine, db)
    todo = [r for r in rows if r["label"] == "unjudged"]
    if args.sample:
        agree = [r for r in rows if r["label"] == "ok" and r["reason"].startswith("judge:")]
        todo = random.Random(1).sample(agree, min(args.sample, len(agree)))
    texts = {}
    for r in todo:
        text = texts.setdefault(r["file"], (base / r["file"]).read_text(encoding="utf-8"))
        intent = text.split("\n")[int(r["line"]) - 2]
        q = next(q for q in source.questions if "-- intent: " + " ".join(q.intent.split()) == intent)
        sql = _statement(text, int(r["line"]))
        ref, got = run.run(q.reference), run.run(sql)
        print(f"=== {r['sha']} q{q.key} {r['file']}:{r['line']}  [{r['reason']}]")
        print(sql)
        print(f"  ref ({len(ref.rows or [])}): {(ref.rows or [])[:args.rows]}")
        print(f"  got ({len(got.rows or []) if got.rows is not None else got.error}): {(got.rows or [])[:args.rows]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
