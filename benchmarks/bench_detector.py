"""Detector inference speed on CPU: per-pair latency for a ~64-token pair, and batch throughput.

Usage: python benchmarks/bench_detector.py [--model DIR] [--threads N] [--repeats 50]

Prints (and with --out writes as JSON):
* model-only latency (ONNX Runtime session on a featurised pair): median and p95 over repeats;
* end-to-end latency of ``Detector.score_one`` (normalise, graphs, tokenise, run), question graph cached
  after the first call as in an editor session re-checking a statement, and with a fresh question;
* batch throughput (pairs per second) of ``Detector.score`` for batches of 1, 8, 16 and 32.
Timings depend on the machine and its load: report them with the machine.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

QUESTION = ("What are the names and ages of the heads of departments born in the state of Alabama who are "
            "older than 56, from the oldest to the youngest?")
SQL = ("SELECT head.name, head.age FROM head WHERE head.born_state = 'Alabama' AND head.age > 56 "
       "ORDER BY head.age DESC")
MORE = [
    ("How many heads of the departments are older than 56?", "SELECT count(*) FROM head WHERE head.age > 56"),
    ("List the creation year, name and budget of each department.",
     "SELECT department.creation, department.name, department.budget_in_billions FROM department"),
    ("What is the average number of employees of the departments whose rank is between 10 and 15?",
     "SELECT avg(department.num_employees) FROM department WHERE department.ranking BETWEEN 10 AND 15"),
    ("Which department has more than 1 head at a time? List the id, name and the number of heads.",
     "SELECT department.department_id, department.name, count(*) FROM management JOIN department ON "
     "department.department_id = management.department_id GROUP BY department.department_id HAVING count(*) > 1"),
]


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", help="model directory (default: the bundled model)")
    ap.add_argument("--threads", type=int, default=None, help="ONNX Runtime intra-op threads (default: ORT's)")
    ap.add_argument("--repeats", type=int, default=50)
    ap.add_argument("--out", help="write the numbers as JSON")
    args = ap.parse_args()

    from sqlintent.detector.runtime import Detector

    det = Detector.load(args.model, provider="cpu", threads=args.threads)
    det._start()
    pair = det.prepare(QUESTION, SQL)
    feats = det.featurize([pair])  # dense or sparse graph inputs, as the model reads them
    ntok = int(feats.arrays["attention_mask"].sum())
    feed = det.feed(feats)
    for _ in range(5):
        det._session.run(["score", "score_cls"], feed)
    model_ms = []
    for _ in range(args.repeats):
        t = time.perf_counter()
        det._session.run(["score", "score_cls"], feed)
        model_ms.append(1000 * (time.perf_counter() - t))

    det.score_one(QUESTION, SQL)
    e2e_ms = []
    for _ in range(args.repeats):
        t = time.perf_counter()
        det.score_one(QUESTION, SQL)
        e2e_ms.append(1000 * (time.perf_counter() - t))
    fresh_ms = []
    for i in range(min(args.repeats, 20)):
        q = f"{QUESTION} (variant {i})"
        t = time.perf_counter()
        det.score_one(q, SQL)
        fresh_ms.append(1000 * (time.perf_counter() - t))

    pairs = ([(QUESTION, SQL)] + MORE) * 8  # 40 pairs
    throughput = {}
    for bs in (1, 8, 16, 32):
        det.score(pairs[:bs], batch_size=bs)
        t = time.perf_counter()
        det.score(pairs, batch_size=bs)
        throughput[bs] = len(pairs) / (time.perf_counter() - t)

    res = {
        "machine": f"{platform.machine()} {os.cpu_count()} logical CPUs, load {os.getloadavg()[0]:.1f}",
        "model": det.describe(), "model_bytes": os.path.getsize(det.directory / "model.onnx"),
        "tokens": ntok,
        "model_only_ms": {"median": statistics.median(model_ms), "p95": pct(model_ms, 0.95)},
        "score_one_cached_question_ms": {"median": statistics.median(e2e_ms), "p95": pct(e2e_ms, 0.95)},
        "score_one_new_question_ms": {"median": statistics.median(fresh_ms), "p95": pct(fresh_ms, 0.95)},
        "pairs_per_second_by_batch": throughput,
    }
    print(f"{res['model']}; {res['machine']}")
    print(f"pair of {ntok} tokens: model only median {res['model_only_ms']['median']:.1f} ms, "
          f"p95 {res['model_only_ms']['p95']:.1f} ms")
    print(f"score_one (question graph cached): median {res['score_one_cached_question_ms']['median']:.1f} ms, "
          f"p95 {res['score_one_cached_question_ms']['p95']:.1f} ms")
    print(f"score_one (new question): median {res['score_one_new_question_ms']['median']:.1f} ms, "
          f"p95 {res['score_one_new_question_ms']['p95']:.1f} ms")
    print("throughput (pairs/s): " + ", ".join(f"batch {b}: {v:.1f}" for b, v in throughput.items()))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump(res, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
