"""How often each rule fires on gold queries (every finding there is a false positive), and its time.

    python benchmarks/bench_gold_firing.py [--shared ../shared] [--set spider|kaggledbqa|both] [--no-probes]

Spider dev gold (the examples whose database exists) and KaggleDBQA gold (the examples of the three
databases present: GeoNuclearData, GreaterManchesterCrime, StudentMathScore; out of domain). Each gold query
is checked under its question as the intent, with every default rule but the neural detector, probes on,
one Engine per database. Prints, per rule, the number and share of gold queries it fires on, and the
median / p95 ms per statement with an intent parsed for the first time and parsed before (cached).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def examples(shared: Path, which: str):
    out = []
    if which in ("spider", "both"):
        spider = shared / "data" / "spider"
        for ex in json.loads((spider / "dev.json").read_text()):
            out.append(("spider", ex["question"], ex["query"], spider / "database" / ex["db_id"] / f"{ex['db_id']}.sqlite"))
    if which in ("kaggledbqa", "both"):
        k = shared / "data" / "kaggledbqa"
        for db in sorted(p.name for p in (k / "databases").iterdir()):
            for ex in json.loads((k / "examples" / f"{db}.json").read_text()):
                out.append(("kaggledbqa", ex["question"], ex["query"], k / "databases" / db / f"{db}.sqlite"))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--set", default="both", choices=("spider", "kaggledbqa", "both"))
    ap.add_argument("--no-probes", action="store_true")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    from sqlintent.config import Config
    from sqlintent.document import parse_document
    from sqlintent.engine import Engine
    from sqlintent.intent.parse import _parse

    results = {}
    for name in (("spider", "kaggledbqa") if args.set == "both" else (args.set,)):
        engines: dict[Path, Engine] = {}
        fired, n, skipped = Counter(), 0, 0
        first, cached = [], []
        for _, question, query, db in examples(args.shared, name):
            if not db.exists():
                skipped += 1
                continue
            eng = engines.get(db)
            if eng is None:
                cfg = Config().with_overrides({"database": str(db), "probes": {"enabled": not args.no_probes},
                                               "model": {"enabled": False}})[0]
                eng = engines[db] = Engine(cfg)
                eng.open_sources()
            stmt = parse_document(f"-- intent: {question}\n{query}").statements[0]
            misses = _parse.cache_info().misses
            t0 = time.perf_counter()
            findings = eng.check_statement(stmt)
            dt = 1000 * (time.perf_counter() - t0)
            (first if _parse.cache_info().misses > misses else cached).append(dt)
            n += 1
            fired.update({f.code for f in findings})
        rates = {c: {"fired": k, "rate_pct": round(100 * k / n, 2)} for c, k in sorted(fired.items())}
        results[name] = {"gold_queries": n, "skipped_no_db": skipped, "per_rule": rates,
                         "ms_first_parse_median": round(statistics.median(first), 2) if first else None,
                         "ms_cached_median": round(statistics.median(cached), 2) if cached else None}
        print(f"{name}: {n} gold queries ({skipped} skipped, database missing); ms/statement median "
              f"{results[name]['ms_first_parse_median']} (intent parsed first) / {results[name]['ms_cached_median']} "
              f"(intent cached)")
        for c, r in rates.items():
            print(f"  {c:8} fires on {r['fired']:4} ({r['rate_pct']}%)")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
