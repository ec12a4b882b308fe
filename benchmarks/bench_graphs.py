"""Time to build both detector graphs (question + SQL) per Spider dev pair, on one CPU core.

Usage::

    python benchmarks/bench_graphs.py [--shared PATH] [--warmup 50] [--repeat 1]

Pins the process to one core (``sched_setaffinity``) and one thread for numpy/spaCy, loads the spaCy model
and imports the parser before timing, warms up on the first ``--warmup`` pairs, then times every pair of
Spider ``dev.json`` (question, gold query). Prints median and 95th percentile (ms) of the total and of its
parts: SQL lexing+parsing, SQL graph assembly, spaCy, question graph assembly. The first pass over a
query shape also fills ANTLR's prediction cache; ``--cold`` skips the warm-up to show that cost.
"""
from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def shared_dir(arg: str | None) -> Path:
    for cand in (arg, os.environ.get("SQLINTENT_SHARED"), REPO.parent / "shared"):
        if cand and Path(cand).is_dir():
            return Path(cand)
    raise SystemExit("shared data not found: pass --shared or set SQLINTENT_SHARED")


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    k = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[k]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=None)
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--cold", action="store_true", help="no warm-up pass")
    ap.add_argument("--core", type=int, default=0, help="CPU core to pin to")
    args = ap.parse_args(argv)

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.core})

    from sqlintent.grammars import parse_sqlite
    from sqlintent.graphs.question_graph import build_question_graph, default_parser, graph_from_words
    from sqlintent.graphs.sql_graph import build_sql_graph, graph_from_tree

    examples = json.loads((shared_dir(args.shared) / "data" / "spider" / "dev.json").read_text("utf-8"))
    pairs = [(ex["question"], ex["query"]) for ex in examples]
    parser = default_parser()
    parser.parse("warm up the model")  # load spaCy outside the timings
    if not args.cold:
        for q, s in pairs[: args.warmup]:
            build_question_graph(q, parser)
            build_sql_graph(s)

    total, sql_parse, sql_build, q_parse, q_build, sql_all, q_all = ([] for _ in range(7))
    clock = time.perf_counter
    for q, s in pairs:
        t0 = clock()
        words = parser.parse(q)
        t1 = clock()
        graph_from_words(q, words)
        t2 = clock()
        tree = parse_sqlite(s)
        t3 = clock()
        graph_from_tree(tree, s)  # what build_sql_graph does after parsing (SQLite needs no transpiling)
        t4 = clock()
        q_parse.append(t1 - t0)
        q_build.append(t2 - t1)
        sql_parse.append(t3 - t2)
        sql_build.append(t4 - t3)
        q_all.append(t2 - t0)
        sql_all.append(t4 - t2)
        total.append(t4 - t0)

    def row(name: str, xs: list[float]) -> str:
        ms = [x * 1000 for x in xs]
        return f"{name:<34} median {statistics.median(ms):7.3f} ms   p95 {pct(ms, 0.95):7.3f} ms   mean {statistics.fmean(ms):7.3f} ms"

    print(f"pairs: {len(pairs)} (Spider dev), core {args.core}, warm-up {0 if args.cold else args.warmup}")
    print(row("both graphs (question + SQL)", total))
    print(row("  question graph", q_all))
    print(row("    spaCy parse", q_parse))
    print(row("    graph assembly", q_build))
    print(row("  SQL graph", sql_all))
    print(row("    ANTLR lex + parse", sql_parse))
    print(row("    graph assembly", sql_build))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
