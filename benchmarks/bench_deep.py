"""CPU seconds per statement for the fuzzer's deepest and longest shapes, through Engine.check_text.

    python benchmarks/bench_deep.py [--depth 190] [--joins 150] [--empty-joins 35] [--on-joins 9]
                                    [--digits 3000] [--repeat 3] [--db examples/shop.sqlite]

For each shape of tests/fuzz_strategies.py (``NESTERS`` at --depth levels, and JOIN chains of --joins
tables with no, some or all ON clauses) prints the median over --repeat runs of the process's CPU seconds
and wall seconds for checking it (model off, cache cleared each time), and the load average: CPU seconds
are what the input costs, wall seconds what a loaded machine made of it. The process's CPU time includes
the database probes' (they run on threads of their own).

Issue 12's 2.0 s statement: JOIN chains whose result is empty because the last ON compares a column with
itself minus a number of --digits digits (fuzz_strategies.empty_join_chain): --empty-joins joins of the
fuzzed statement's mix of ON, CROSS, NATURAL and comma joins (SQLite keeps CROSS JOIN's order, so the
empty ON is tested innermost: the probe of the statement runs to its timeout), the same chain without the
number, and --on-joins plain ``JOIN .. ON`` joins (an empty result SQLite needs about 1.6 s to find on the
example database, which two rules used to probe once each).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def _joins(n: int, on: str, rng: random.Random) -> str:
    parts = ["SELECT * FROM customers c"]
    for i in range(n):
        kind = rng.choice(["JOIN", "LEFT JOIN", "CROSS JOIN", ",", "NATURAL JOIN", "INNER JOIN"])
        clause = f"{kind} orders o{i}" if kind != "," else f", orders o{i}"
        if kind not in (",", "CROSS JOIN", "NATURAL JOIN") and (on == "all" or (on == "some" and rng.random() < .5)):
            clause += f" ON o{i}.customer_id = c.customer_id"
        parts.append(clause)
    return " ".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=190)
    ap.add_argument("--joins", type=int, default=150)
    ap.add_argument("--empty-joins", type=int, default=35)
    ap.add_argument("--on-joins", type=int, default=9)
    ap.add_argument("--digits", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--db", default=str(ROOT / "examples" / "shop.sqlite"))
    args = ap.parse_args()

    import fuzz_strategies as fs
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    config, problems = Config().with_overrides({"database": args.db, "model": {"enabled": False}})
    if problems:
        print("config:", problems, file=sys.stderr)
    engine = Engine(config)
    engine.check_text("SELECT name FROM customers;\n", "warm.sql")  # schema, parser and rules loaded
    rng = random.Random(1)
    cases = {f"{k} x{args.depth}": fs.NESTERS[k](args.depth) for k in sorted(fs.NESTERS) if k != "unclosed"}
    cases.update({f"joins x{args.joins} ON {on}": _joins(args.joins, on, rng) for on in ("none", "some", "all")})
    number = " - " + "9" * args.digits
    cases[f"mixed joins x{args.empty_joins} - {args.digits} digits"] = fs.mixed_joins(args.empty_joins, number)
    cases[f"mixed joins x{args.empty_joins} no number"] = fs.mixed_joins(args.empty_joins, "")
    cases[f"ON joins x{args.on_joins} - {args.digits} digits"] = fs.mixed_joins(args.on_joins, number, "JJ")
    runs: dict[str, list[tuple[float, float]]] = {k: [] for k in cases}
    for _ in range(args.repeat):  # interleaved: each round checks every case once
        for name, sql in cases.items():
            engine.statement_cache.clear()
            t, c = time.perf_counter(), time.process_time()
            engine.check_text(sql + ";\n", "deep.sql")
            runs[name].append((time.process_time() - c, time.perf_counter() - t))
    print(f"load average {os.getloadavg()[0]:.1f}; median of {args.repeat}: CPU s / wall s")
    for name, r in sorted(runs.items(), key=lambda kv: -statistics.median(c for c, _ in kv[1])):
        print(f"  {name:36} {statistics.median(c for c, _ in r):6.3f} {statistics.median(w for _, w in r):7.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
