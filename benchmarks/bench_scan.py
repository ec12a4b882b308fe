"""Rows/s of ``sqlintent scan``: in-process on 1 and 2 cores, and on a local Ray cluster of 1 and 2 workers.

    nice -n 10 python benchmarks/bench_scan.py --rows 100000 --no-model --json /tmp/bench_scan_nomodel.json
    nice -n 10 python benchmarks/bench_scan.py --rows 2000 --json /tmp/bench_scan_model.json   # with the model

The log is generated at run time from Spider train and dev gold queries with their questions (read from
../shared/data/spider, never copied), repeated and varied as examples/make_scan_log.py varies the example
queries (numbers changed, a LIMIT added, a column misspelt, a comment, a ticket number in the intent), in a
fixed random order; each row names its Spider database, checked through --db-dir. Every figure is printed
beside the load average before and after its run: other work on the machine slows it.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def make_log(spider: Path, rows: int, out: Path, seed: int = 0) -> int:
    spec = importlib.util.spec_from_file_location("make_scan_log", ROOT / "examples" / "make_scan_log.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    base = []
    for name in ("train_spider_reconstructed.json", "dev.json"):
        for ex in json.loads((spider / name).read_text(encoding="utf-8")):
            db = ex["db_id"]
            if (spider / "database" / db / f"{db}.sqlite").is_file():
                base.append((ex["question"], ex["query"], db))
    rng = random.Random(seed)
    with open(out, "w", encoding="utf-8") as fh:
        for i in range(rows):
            g = rng.randrange(len(base))
            q, sql, db = base[g]
            q, sql = gen.vary(rng, q, sql)
            fh.write(json.dumps({"id": f"r{i:07d}", "sql": sql, "intent": q, "db": db, "group": f"g{g}"}) + "\n")
    return len(base)


def cpu_s() -> float:
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime


class ActorCpu:
    """CPU seconds of this process's Ray actors (descendants named ScanActor), sampled from /proc."""

    def __init__(self):
        import threading

        self.seen: dict[int, float] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.tick = os.sysconf("SC_CLK_TCK")

    def _stat(self, pid: int):
        with open(f"/proc/{pid}/stat", "rb") as fh:
            f = fh.read().rsplit(b")", 1)[1].split()
        return int(f[1]), (int(f[11]) + int(f[12])) / self.tick  # ppid, utime + stime

    def _ours(self, pid: int) -> bool:
        me = os.getpid()
        for _ in range(8):
            pid = self._stat(pid)[0]
            if pid == me:
                return True
            if pid <= 1:
                return False
        return False

    def _loop(self):
        while not self.stop.wait(0.5):
            for e in os.listdir("/proc"):
                if not e.isdigit():
                    continue
                try:
                    with open(f"/proc/{e}/cmdline", "rb") as fh:
                        if b"ScanActor" not in fh.read():
                            continue
                    if self._ours(int(e)):
                        self.seen[int(e)] = self._stat(int(e))[1]
                except (OSError, ValueError, IndexError):
                    continue

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()

    @property
    def total(self) -> float:
        return sum(self.seen.values())


def run_mode(mode: str, log: Path, work: Path, db_dir: Path, model: bool, limit: int | None, batch_rows: int):
    from sqlintent.config import Config
    from sqlintent.scan import ScanOptions, scan

    config, _ = Config().with_overrides({"model": {"enabled": model}, "probes": {"timeout_ms": 2000}})
    out = work / f"out_{mode}_{'model' if model else 'nomodel'}.jsonl"
    if out.exists():
        out.unlink()
    kind, n = mode[:-1], int(mode[-1])
    opts = ScanOptions(str(log), str(out), db_dir=str(db_dir), progress=False, limit=limit, batch_rows=batch_rows)
    ray = None
    if kind == "ray":
        import ray

        ray.init(num_cpus=n, include_dashboard=False, log_to_driver=False)
        opts.ray, opts.workers = "auto", n
    else:
        opts.jobs = n
    load0 = os.getloadavg()[0]
    c0 = cpu_s()
    with ActorCpu() as actors:
        summary = scan(config, opts)
    c1 = cpu_s()
    load1 = os.getloadavg()[0]
    if ray is not None:
        ray.shutdown()
    res = {"mode": mode, "model": model, "rows": summary.rows, "wall_s": round(summary.elapsed_s, 1),
           "rows_per_s": round(summary.rows_per_s, 1),
           "steady_rows_per_s": round(summary.steady_rows_per_s, 1), "startup_s": round(summary.first_s or 0, 1),
           "load_before": round(load0, 2), "load_after": round(load1, 2),
           "failures": summary.failures, "findings": sum(summary.findings.values())}
    # in-process: the pool's processes are this one's children, so their CPU time is counted; on Ray: the
    # driver's own CPU plus the actors' (sampled every 0.5 s, so a little of each actor's last moments is lost)
    res["cpu_ms_per_row"] = round(1000 * (c1 - c0 + actors.total) / max(1, summary.rows), 2)
    if kind == "ray":
        res["driver_cpu_ms_per_row"] = round(1000 * (c1 - c0) / max(1, summary.rows), 3)
    return res


def blas_compare(log: Path, db_dir: Path, rows: int = 48, repeat: int = 2) -> None:
    """CPU and wall seconds for ``rows`` rows with the model, OpenBLAS on its default threads vs one thread
    (each in a fresh process, alternating, after 8 rows of warm-up)."""
    import subprocess

    code = (
        "import json, sys, time\n"
        "from sqlintent.config import Config\n"
        "from sqlintent.scan.checker import RowChecker\n"
        f"rows = [json.loads(l) for _, l in zip(range({rows} + 8), open({str(log)!r}))]\n"
        f"c = RowChecker(Config(), db_dir={str(db_dir)!r}, onnx_threads=1, single_threaded=sys.argv[1] == '1')\n"
        "c.check_batch(rows[:8])\n"
        "t, w = time.process_time(), time.time()\n"
        "for i in range(8, len(rows), 16):\n"
        "    c.check_batch(rows[i:i + 16])\n"
        "print(round(time.process_time() - t, 2), round(time.time() - w, 2))\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for _ in range(repeat):
        for single in ("0", "1"):
            load = os.getloadavg()[0]
            out = subprocess.run([sys.executable, "-c", code, single], capture_output=True, text=True, env=env)
            cpu, wall = out.stdout.split()[-2:]
            print(f"model on, {rows} rows, BLAS {'1 thread ' if single == '1' else 'default  '}: cpu {cpu} s, "
                  f"wall {wall} s (load {load:.2f})", flush=True)


def driver_cost(log: Path, work: Path, batch_rows: int = 64) -> None:
    """The driver's own work per row on Ray (no checking): read the input, make one Arrow block per batch,
    turn result blocks back into rows and write them as JSONL; output rows are copied from a finished run."""
    import pyarrow as pa

    from sqlintent.scan.run import ScanOptions, Summary, pending_batches
    from sqlintent.scan.table import Writer, arrow_schema, read_output

    done = sorted(work.glob("out_*_nomodel.jsonl"), key=lambda p: p.stat().st_size)
    if not done:
        print("driver cost: run the no-model benchmark first (it needs output rows to copy)")
        return
    outs = read_output(str(done[-1]))
    sink = work / "driver_cost.jsonl"
    if sink.exists():
        sink.unlink()
    w = Writer(str(sink), "jsonl")
    t0 = time.process_time()
    n = 0
    for batch in pending_batches(ScanOptions(str(log), str(sink)), set(), Summary(), batch_rows):
        pa.Table.from_pylist(batch)
        rows = [outs[(n + i) % len(outs)] for i in range(len(batch))]
        w.write(pa.Table.from_pylist(rows, schema=arrow_schema()).to_pylist())
        n += len(batch)
    w.close()
    cpu = time.process_time() - t0
    print(f"driver cost: {1e6 * cpu / n:.0f} us CPU per row over {n} rows (read, Arrow blocks, write JSONL; "
          f"load {os.getloadavg()[0]:.2f})", flush=True)


def onnx_share(log: Path, db_dir: Path, rows: int = 96) -> None:
    """How much of a row's CPU with the model is ONNX Runtime's ``run`` (what a GPU would take over): one
    worker's checker under cProfile with a CPU-time clock, after 8 rows of warm-up."""
    import cProfile
    import pstats

    from sqlintent.config import Config
    from sqlintent.scan.checker import RowChecker

    data = [json.loads(line) for _, line in zip(range(rows + 8), open(log, encoding="utf-8"))]
    c = RowChecker(Config(), db_dir=str(db_dir), onnx_threads=1)
    c.check_batch(data[:8])
    prof = cProfile.Profile(time.process_time)
    t0 = time.process_time()
    prof.enable()
    for i in range(8, len(data), 16):
        c.check_batch(data[i:i + 16])
    prof.disable()
    total = time.process_time() - t0
    stats = pstats.Stats(prof).stats
    onnx = sum(v[2] for k, v in stats.items() if "onnxruntime" in k[2] and "run" in k[2])
    prep = sum(v[3] for k, v in stats.items() if k[2] == "prepare_pair")
    n = len(data) - 8
    print(f"model on, {n} rows, under cProfile (Python code is slowed by it, native code is not): "
          f"{1000 * total / n:.1f} ms CPU per row, ONNX Runtime run {1000 * onnx / n:.1f} ms, pair preparation "
          f"(SQL normalisation and graph, spaCy question graph) {1000 * prep / n:.1f} ms "
          f"(load {os.getloadavg()[0]:.2f})", flush=True)
    rss = next((line.split()[1] for line in open("/proc/self/status") if line.startswith("VmRSS")), "?")
    print(f"worker memory after {len(data)} rows: {int(rss) // 1024} MB resident, {len(c._engines)} databases open",
          flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spider", default=str(ROOT.parent / "shared" / "data" / "spider"))
    ap.add_argument("--rows", type=int, default=100_000, help="rows in the generated log")
    ap.add_argument("--limit", type=int, help="check only the first N rows of it (a sample)")
    ap.add_argument("--model", dest="model", action="store_true", default=True)
    ap.add_argument("--no-model", dest="model", action="store_false")
    ap.add_argument("--modes", default="inproc1,inproc2,ray1,ray2")
    ap.add_argument("--batch-rows", type=int, default=64)
    ap.add_argument("--work", default="/tmp/sqlintent_bench_scan")
    ap.add_argument("--json", help="write the results here too")
    ap.add_argument("--blas", action="store_true", help="only compare OpenBLAS threads (model on)")
    ap.add_argument("--driver", action="store_true", help="only measure the driver's own CPU per row")
    ap.add_argument("--onnx-share", action="store_true", help="only profile one worker: ONNX Runtime's share")
    args = ap.parse_args(argv)
    spider = Path(args.spider)
    if not (spider / "dev.json").is_file():
        print(f"no Spider data in {spider} (give --spider)", file=sys.stderr)
        return 2
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    log = work / f"spider_log_{args.rows}.jsonl"
    if not log.exists():
        n = make_log(spider, args.rows, log)
        print(f"generated {args.rows} rows from {n} Spider train+dev gold queries: {log}", flush=True)
    if args.blas:
        blas_compare(log, spider / "database")
        return 0
    if args.onnx_share:
        onnx_share(log, spider / "database")
        return 0
    if args.driver:
        driver_cost(log, work, args.batch_rows)
        return 0
    results = []
    print(f"{'mode':<9} {'model':<6} {'rows':>7} {'wall s':>8} {'rows/s':>8} {'steady':>8} {'start s':>7} "
          f"{'cpu ms/row':>10} {'load before/after':>18}", flush=True)
    for mode in args.modes.split(","):
        r = run_mode(mode, log, work, spider / "database", args.model, args.limit, args.batch_rows)
        results.append(r)
        print(f"{r['mode']:<9} {str(r['model']):<6} {r['rows']:>7} {r['wall_s']:>8} {r['rows_per_s']:>8} "
              f"{r['steady_rows_per_s']:>8} {r['startup_s']:>7} "
              f"{r.get('cpu_ms_per_row', '-'):>10} {r['load_before']:>8} / {r['load_after']:<8}"
              + (f" (driver {r['driver_cpu_ms_per_row']} ms/row)" if "driver_cpu_ms_per_row" in r else ""), flush=True)
    by = {r["mode"]: r for r in results}
    for a, b in (("ray2", "ray1"), ("inproc2", "inproc1")):
        if a in by and b in by and by[b]["rows_per_s"]:
            print(f"scaling {a}/{b}: {by[a]['rows_per_s'] / by[b]['rows_per_s']:.2f} (steady: "
                  f"{by[a]['steady_rows_per_s'] / max(0.1, by[b]['steady_rows_per_s']):.2f})", flush=True)
    print(f"cores: {os.cpu_count()}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
