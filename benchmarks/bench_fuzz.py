"""Fuzz throughput and long fuzz runs: hostile SQL files through Engine.check_text.

    python benchmarks/bench_fuzz.py [--seconds 60] [--seed 1] [--target file|deep|joins|empty-joins|soup]
                                    [--db examples/shop.sqlite] [--model] [--out fuzz.jsonl]

Generates inputs with the strategies of tests/fuzz_strategies.py (hypothesis, seeded: batches of 500
examples with seeds SEED, SEED+1, ...) until --seconds have passed, and prints inputs per second, the
statement count, the slowest statement (wall and CPU seconds), and every failure: an exception out of
check_text, a rule's internal error, or a statement that used over 2 s of CPU (the process's CPU time
while it was checked; wall time is printed too, but a loaded machine stretches it several times). The
CPU seconds spent in database probes (their threads') are counted apart too: one probe may use up to
``probes.timeout_ms`` (2 s by default) by design, so the summary also counts the statements over 2 s
without them. --out appends one JSON line per failure (with the input: its first 10,000 characters and
its last 2,000) and a summary line, so background runs can be collected (docs/robustness.md lists the
recorded ones).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", choices=("file", "deep", "joins", "empty-joins", "soup"), default="file")
    ap.add_argument("--db", default=str(ROOT / "examples" / "shop.sqlite"))
    ap.add_argument("--model", action="store_true", help="run the neural detector too (slower)")
    ap.add_argument("--out", help="append failures and a summary as JSON lines")
    args = ap.parse_args()

    from hypothesis import HealthCheck, given, seed, settings

    import fuzz_strategies as fs
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    config, problems = Config().with_overrides({"database": args.db, "model": {"enabled": args.model}})
    if problems:
        print("config:", problems, file=sys.stderr)
    engine = Engine(config)
    strategy = {"file": fs.sql_file(), "deep": fs.deep(), "joins": fs.join_chain(),
                "empty-joins": fs.empty_join_chain(), "soup": fs.token_soup()}[args.target]
    stats = {"inputs": 0, "statements": 0, "failures": 0, "slowest_s": 0.0, "over_2s": 0, "slowest_cpu_s": 0.0,
             "over_2s_cpu": 0, "over_2s_cpu_without_probes": 0, "deadline_hits": 0}
    failures: list[dict] = []
    current: dict = {}  # the statement being checked: its text, wall and CPU seconds in both phases

    def flush() -> None:
        """Record the statement checked last (check_text runs its two phases one after the other)."""
        if not current:
            return
        dt, dc, dp = current.pop("wall"), current.pop("cpu"), current.pop("probe_cpu", 0.0)
        stats["statements"] += 1
        stats["slowest_s"] = max(stats["slowest_s"], dt)
        stats["slowest_cpu_s"] = max(stats["slowest_cpu_s"], dc)
        stats["over_2s"] += dt > 2.0
        stats["over_2s_cpu_without_probes"] += dc - dp > 2.0
        if dc > 2.0:  # CPU seconds: on a loaded machine wall time says more about the load than the input
            stats["over_2s_cpu"] += 1
            failures.append({"kind": "slow", "seconds": round(dt, 2), "cpu_seconds": round(dc, 2),
                             "probe_cpu_seconds": round(dp, 2), "chars": len(current["text"]),
                             "input": current["text"][:10_000], "input_end": current["text"][10_000:][-2000:]})
        current.clear()

    def timed(phase, first: bool):
        def run(stmt, *args, **kwargs):
            if first:
                flush()
                current.update(text=stmt.text, wall=0.0, cpu=0.0)
            # the process's CPU time: the statement's worker threads (the caller waits); wall time is
            # stretched by whatever else the machine runs
            t, c = time.perf_counter(), time.process_time()
            try:
                return phase(stmt, *args, **kwargs)
            finally:
                if current:
                    current["wall"] += time.perf_counter() - t
                    current["cpu"] += time.process_time() - c
        return run

    engine.open_sources()
    if engine.database is not None:  # the probes' CPU seconds (their threads'; the caller waits), apart:
        run_select = engine.database.run_select  # one probe may use up to probes.timeout_ms

        def probe(sql, **kwargs):
            c = time.process_time()
            try:
                return run_select(sql, **kwargs)
            finally:
                if current:
                    current["probe_cpu"] = current.get("probe_cpu", 0.0) + time.process_time() - c
        engine.database.run_select = probe
    engine.phases.fast = timed(engine.phases.fast, True)
    engine.phases.model = timed(engine.phases.model, False)
    deadline = time.monotonic() + args.seconds
    seeds_used = []

    def one(text: str) -> None:
        if time.monotonic() > deadline:
            return
        stats["inputs"] += 1
        if len(engine.statement_cache) > 2000:
            engine.statement_cache.clear()
        try:
            result = engine.check_text(text, "fuzz.sql")
        except BaseException as exc:  # noqa: BLE001 - a finding of the fuzz run, recorded
            failures.append({"kind": "exception", "error": repr(exc), "trace": traceback.format_exc()[-2000:],
                             "input": text[:5000]})
            return
        finally:
            flush()
        stats["deadline_hits"] += sum(f.code == "SIS006" and "ran past" in f.message for f in result.findings)
        for f in result.findings:
            if (f.data or {}).get("internal_error"):
                failures.append({"kind": "rule", "error": f.message, "input": text[:5000]})

    started = time.monotonic()
    s = args.seed
    while time.monotonic() < deadline:
        run = seed(s)(settings(max_examples=500, deadline=None, database=None, derandomize=False,
                               suppress_health_check=list(HealthCheck))(given(strategy)(one)))
        run()
        seeds_used.append(s)
        s += 1
    elapsed = time.monotonic() - started
    stats["failures"] = len(failures)
    summary = {"summary": True, "target": args.target, "seeds": [seeds_used[0], seeds_used[-1]] if seeds_used else [],
               "seconds": round(elapsed, 1), "inputs_per_s": round(stats["inputs"] / elapsed, 1),
               "model": args.model, **stats, "slowest_s": round(stats["slowest_s"], 3),
               "slowest_cpu_s": round(stats["slowest_cpu_s"], 3)}
    for f in failures[:20]:
        cpu = f" ({f['cpu_seconds']} s CPU, {f['probe_cpu_seconds']} s of it probes)" if f["kind"] == "slow" else ""
        print(f"FAILURE {f['kind']}: {f.get('error', f.get('seconds'))}{cpu}\n  input: {f['input'][:300]!r}")
    print(f"{args.target}: {stats['inputs']} inputs ({stats['statements']} statements) in {elapsed:.0f} s = "
          f"{summary['inputs_per_s']} inputs/s; seeds {summary['seeds']}; slowest statement "
          f"{summary['slowest_s']} s ({summary['slowest_cpu_s']} s CPU); {stats['over_2s']} over 2 s "
          f"({stats['over_2s_cpu']} over 2 s of CPU, {stats['over_2s_cpu_without_probes']} without the probes' CPU); "
          f"{stats['deadline_hits']} parse/analysis deadlines met; "
          f"{len(failures)} failures")
    if args.out:
        with open(args.out, "a", encoding="utf-8") as fh:
            for f in failures:
                fh.write(json.dumps(f) + "\n")
            fh.write(json.dumps(summary) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
