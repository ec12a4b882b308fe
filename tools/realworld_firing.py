"""Which rules fire on each labelled statement of a realworld_dev part, from a `sqlintent check` JSON report.

    cd ../shared/data/realworld_dev/A && sqlintent check queries --no-model --format json --exit-zero > /tmp/A.json
    python tools/realworld_firing.py A /tmp/A.json                      # per rule: firings on ok / wrong / debatable
    python tools/realworld_firing.py A /tmp/A.json --list SIL005 --label ok   # the firings themselves

A finding belongs to the statement whose first SQL line (``labels.csv``'s ``line``) is the last one at or before
the finding's line. "fail CI" counts statements with a warning or an error. A measuring aid for the realworld_dev
parts (README there); it reads them, never copies them.
"""
from __future__ import annotations

import argparse
import bisect
import csv
import json
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("part", help="A or B (a folder of ../shared/data/realworld_dev)")
    ap.add_argument("report", type=Path, help="the JSON of `sqlintent check queries --format json`, run in the part")
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "realworld_dev")
    ap.add_argument("--list", help="comma-separated codes whose firings to print")
    ap.add_argument("--label", help="only statements with this label (ok, wrong, debatable)")
    args = ap.parse_args(argv)
    with (args.data / args.part / "labels.csv").open(encoding="utf-8") as fh:
        labels = list(csv.DictReader(fh))
    by_file = defaultdict(list)
    for r in labels:
        by_file[r["file"]].append(r)
    for rows in by_file.values():
        rows.sort(key=lambda r: int(r["line"]))
    fired = defaultdict(list)
    for f in json.loads(args.report.read_text(encoding="utf-8"))["files"]:
        rows = by_file.get(f["path"], [])
        lines = [int(r["line"]) for r in rows]
        for fd in f["findings"]:
            if rows:
                i = max(0, bisect.bisect_right(lines, fd["location"]["start"]["line"]) - 1)
                fired[(f["path"], rows[i]["line"])].append(fd)
    codes = set(args.list.split(",")) if args.list else None
    per = Counter()
    fail = Counter()
    for r in labels:
        found = fired.get((r["file"], r["line"]), [])
        if any(fd["severity"] in ("warning", "error") for fd in found):
            fail[r["label"]] += 1
        for code in sorted({fd["code"] for fd in found}):
            per[(code, r["label"])] += 1
            if codes and code in codes and (not args.label or r["label"] == args.label):
                msg = next(fd["message"] for fd in found if fd["code"] == code)
                print(f"{code} [{r['label']}] {r['file']}:{r['line']} {r.get('category', '')}\n"
                      f"  intent: {r['intent'][:300]}\n  {msg[:300]}")
    if codes:
        return 0
    total = Counter(r["label"] for r in labels)
    print(f"statements {dict(total)}; fail CI (warning or error): {dict(fail)}")
    print(f"{'code':8}{'ok':>6}{'wrong':>7}{'debat.':>8}")
    for code in sorted({c for c, _ in per}):
        print(f"{code:8}{per[(code, 'ok')]:>6}{per[(code, 'wrong')]:>7}{per[(code, 'debatable')]:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
