"""Throughput of the engine on real queries: Spider dev gold, one Engine per database.

    python benchmarks/bench_check.py [--shared ../shared] [--probes] [--limit N] [--cpu] [--without SIE]

Prints statements per second and the per-statement median/p95 for the schema rules alone and for all
default rules (database signals included when --probes), without the neural detector. Also reports how many
findings the schema rules raise on gold queries (which are all valid: each one is a false positive).
``--without PREFIX`` adds a run of the default rules without the codes starting with PREFIX, after an untimed
warm-up pass (the first pass over the databases pays for opening them): the cost of a family of rules is the
difference of the two medians.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from pathlib import Path

from sqlintent.config import Config
from sqlintent.document import parse_document
from sqlintent.engine import Engine


def run(dev, db_root: Path, select: list[str] | None, probes: bool, clock=time.perf_counter,
        ignore: list[str] | None = None):
    engines: dict[str, Engine] = {}
    times, codes, skipped = [], Counter(), 0
    for ex in dev:
        path = db_root / ex["db_id"] / f"{ex['db_id']}.sqlite"
        if not path.exists():
            skipped += 1
            continue
        eng = engines.get(ex["db_id"])
        if eng is None:
            overrides = {"database": str(path), "probes": {"enabled": probes}, "model": {"enabled": False}}
            if select:
                overrides["select"] = select
            if ignore:
                overrides["ignore"] = ignore
            eng = engines[ex["db_id"]] = Engine(Config().with_overrides(overrides)[0])
            eng.open_sources()
        text = f"-- intent: {ex['question']}\n{ex['query']}"
        stmt = parse_document(text).statements[0]
        t0 = clock()
        findings = eng.check_statement(stmt)
        times.append(clock() - t0)
        codes.update(f.code for f in findings)
    return times, codes, skipped


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=str(Path(__file__).resolve().parents[1].parent / "shared"))
    ap.add_argument("--probes", action="store_true", help="also run the database signals' probes")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--cpu", action="store_true",
                    help="time in CPU seconds of the process (steadier than wall time on a shared machine)")
    ap.add_argument("--without", help="also time the default rules without the codes starting with this prefix")
    args = ap.parse_args()
    spider = Path(args.shared) / "data" / "spider"
    dev = json.loads((spider / "dev.json").read_text())
    if args.limit:
        dev = dev[: args.limit]
    runs = [("schema rules (SIS)", ["SIS"], False, None),
            ("all default rules" + (" with probes" if args.probes else ", no probes"), None, args.probes, None)]
    if args.without:
        run(dev, spider / "database", None, args.probes)  # warm-up: the first pass pays for opening everything
        runs.append((f"all default rules without {args.without}" + (" with probes" if args.probes else ""), None,
                     args.probes, [args.without]))
    for label, select, probes, ignore in runs:
        times, codes, skipped = run(dev, spider / "database", select, probes,
                                    time.process_time if args.cpu else time.perf_counter, ignore)
        ms = sorted(t * 1000 for t in times)
        p95 = ms[int(0.95 * (len(ms) - 1))]
        print(f"{label}: {len(ms)} statements ({skipped} skipped, database missing), "
              f"{len(ms) / sum(times):.0f} statements/s, median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms")
        print(f"  findings on gold queries: {dict(codes) or 'none'}")


if __name__ == "__main__":
    main()
