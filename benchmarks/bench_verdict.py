"""What the verdict (SIV001) adds to ``check``: per-statement time with and without it, model on.

    python benchmarks/bench_verdict.py [--shared ../shared] [--n 60] [--rounds 3]

Checks N Spider dev gold queries (with their questions as intents, on their databases, probes on) with a
fresh engine per round, one round with the verdict and one with ``--ignore SIV001`` in turn, after one
warm-up round (the detector's question graphs are cached within the process, as in one ``check`` run).
Prints the median per-statement time of each mode and their ratio. Not a test: no wall time is asserted.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[2] / "shared")
    ap.add_argument("--n", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    from sqlintent.config import Config
    from sqlintent.detector.runtime import Detector
    from sqlintent.engine import Engine
    from sqlintent_lab.evaluation.datasets import resolve_db
    from sqlintent.document import statement_text

    spider = args.shared / "data" / "spider"
    dev = json.loads((spider / "dev.json").read_text(encoding="utf-8"))
    items = [(ex, resolve_db(spider / "database", ex["db_id"])) for ex in dev[: args.n * 2]]
    items = [(ex, p) for ex, p in items if p is not None][: args.n]
    det = Detector.load()

    def one_round(verdict: bool) -> list[float]:
        engines: dict = {}
        times = []
        for ex, path in items:
            eng = engines.get(path)
            if eng is None:
                cfg = Config(database=str(path))
                if not verdict:
                    cfg.ignore = ["SIV001"]
                eng = engines[path] = Engine(cfg, detector=det)
                eng.open_sources()
            t = time.perf_counter()
            eng.check_text(statement_text(ex["question"], ex["query"]))
            times.append(time.perf_counter() - t)
        return times

    one_round(True)  # warm-up: model session, question graphs, value indexes
    res = {True: [], False: []}
    for _ in range(args.rounds):
        for mode in (True, False):
            res[mode] += one_round(mode)
    on, off = statistics.median(res[True]), statistics.median(res[False])
    mean_on, mean_off = statistics.fmean(res[True]), statistics.fmean(res[False])
    import os

    print(f"{len(items)} statements x {args.rounds} rounds; load {os.getloadavg()[0]:.1f}")
    print(f"with the verdict:    median {1000 * on:.1f} ms, mean {1000 * mean_on:.1f} ms per statement")
    print(f"without (SIV001 off): median {1000 * off:.1f} ms, mean {1000 * mean_off:.1f} ms per statement")
    print(f"ratio (median): {on / off:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
