"""Choose SIV001's shown threshold (``verdict.show_below``) on the real-world corpora, leaving each source out.

    python benchmarks/bench_realworld.py --only A/,B/,ext_ --details runs/rw_details.jsonl
    python tools/verdict_threshold.py runs/rw_details.jsonl [--min-precision 60] [--min-fired 5]

Reads each labelled statement's SIV001 probability from its message (``a 23% chance``; 100% when SIV001 did
not report it, i.e. the probability is at least ``verdict.threshold``), and prints, per threshold, the
pooled firings on wrong / ok answers and their precision; then, leaving each source (corpus) out, the highest
threshold whose precision on the others is at least ``--min-precision`` with ``--min-fired`` firings, and its
firings on the source left out. Gold corpora (no wrong answers) are left out.
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

_P = re.compile(r"gives this query a (\d+)% chance")


def probability(record: dict) -> float:
    for code, message in record.get("messages", []):
        m = _P.search(message) if code == "SIV001" else None
        if m:
            return int(m.group(1)) / 100
    return 1.0


def fired(rows, t: float) -> tuple[int, int]:
    return (sum(1 for _, lab, p in rows if p < t and lab == "wrong"),
            sum(1 for _, lab, p in rows if p < t and lab == "ok"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("details", type=Path, nargs="+")
    ap.add_argument("--min-precision", type=float, default=60.0)
    ap.add_argument("--min-fired", type=int, default=5)
    args = ap.parse_args(argv)
    rows = []
    for path in args.details:
        for line in path.open(encoding="utf-8"):
            r = json.loads(line)
            if r["label"] in ("ok", "wrong") and not r["corpus"].endswith("_gold") and "jaffle" not in r["corpus"]:
                rows.append((r["corpus"], r["label"], probability(r)))
    n_ok = sum(1 for _, lab, _ in rows if lab == "ok")
    print(f"{len(rows)} labelled answers ({n_ok} ok, {len(rows) - n_ok} wrong)")
    grid = [x / 100 for x in range(1, 51)]
    print("threshold  wrong  ok  precision%")
    for t in grid:
        w, o = fired(rows, t)
        print(f"{t:9.2f} {w:6} {o:4}  {100 * w / (w + o):.1f}" if w + o else f"{t:9.2f} {w:6} {o:4}  -")
    sources = sorted({c for c, _, _ in rows})
    for s in sources:
        rest = [r for r in rows if r[0] != s]
        ok = [t for t in grid if (lambda w, o: w + o >= args.min_fired and 100 * w / (w + o) >= args.min_precision)(
            *fired(rest, t))]
        if not ok:
            print(f"leave out {s}: no threshold reaches {args.min_precision:g}% on the others")
            continue
        w, o = fired([r for r in rows if r[0] == s], max(ok))
        print(f"leave out {s}: threshold {max(ok):.2f}; on {s}: {w} wrong / {o} ok")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
