"""Dense against sparse graph inputs: pairs/s end to end and peak memory by batch size, on ONNX Runtime.

Usage: python benchmarks/bench_detector_sparse.py [--dense DIR] [--sparse FILE.onnx]
           [--spider-dev ../shared/data/spider/dev.json] [--pairs 512] [--batches 1,32,256] [--rounds 2]
           [--provider cpu] [--out FILE.json]

``--dense``: a model directory whose ``model.onnx`` has the dense inputs (default: the bundled model);
``--sparse``: the same model with the sparse inputs (default: written here from the dense one with
``sqlintent_lab.model_export.sparse_inputs``, which needs ``onnx``). The pairs are the first ``--pairs``
Spider dev questions with their gold query, prepared once (normalised SQL, both graphs: spaCy and the
grammar, the same for both interfaces; its rate is printed apart). Then, for each round, batch size and
interface, in alternating order, a fresh process loads the model and scores every pair in batches of that
size, one session call per batch (not pair by pair as the runtime does for an int8 model: this is how a
GPU, or a batch-independent model, would be fed), timing featurisation (tokenising, graph batching and the
averaging and pooling matrices) and the run; its peak resident memory (``ru_maxrss``) and what it held
before the first batch are reported (on Linux the peak is reset after loading, so it covers the batches). "End to end" adds the preparation time per pair. Timings depend on
the machine and its load: the load average is printed with them.
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "lab"))  # the lab's own package (lab/sqlintent_lab)


def worker(model_dir: str, prepared_file: str, batch: int, provider: str) -> dict:
    """Score the pickled prepared pairs in batches of ``batch``: featurisation and run seconds, memory."""
    from sqlintent.detector.runtime import Detector

    with open(prepared_file, "rb") as fh:
        prepared = pickle.load(fh)
    det = Detector.load(model_dir, provider=provider)
    det._start()
    det._session.run(["score", "score_cls"], det.feed(det.featurize(prepared[:1])))
    before_mb = _status_mb("VmRSS")
    _reset_peak()
    feat_s = run_s = 0.0
    biggest = 0
    for i in range(0, len(prepared), batch):
        t0 = time.perf_counter()
        feats = det.featurize(prepared[i : i + batch])
        feed = det.feed(feats)
        t1 = time.perf_counter()
        det._session.run(["score", "score_cls"], feed)
        t2 = time.perf_counter()
        feat_s += t1 - t0
        run_s += t2 - t1
        biggest = max(biggest, sum(a.nbytes for a in feed.values()))
        del feats, feed
    return {"pairs": len(prepared), "featurise_s": feat_s, "run_s": run_s, "sparse": det.sparse_inputs,
            "provider": det.provider, "inputs_max_mb": biggest / 2**20,
            "rss_before_mb": before_mb, "rss_peak_mb": _status_mb("VmHWM")}


def _status_mb(field: str) -> float:
    """A memory figure of this process from /proc/self/status (Linux), in MiB; ru_maxrss elsewhere."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _reset_peak() -> None:
    """Start the peak (VmHWM) afresh from the current resident size, so that it covers the batches only
    and not the model's loading (Linux: writing 5 to /proc/self/clear_refs)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass


def _sparse_dir(dense_dir: Path, sparse_file: str | None, tmp: Path) -> Path:
    import shutil

    out = tmp / "sparse"
    out.mkdir()
    for name in ("tokenizer.json", "detector.json"):
        shutil.copy(dense_dir / name, out / name)
    if sparse_file:
        shutil.copy(sparse_file, out / "model.onnx")
    else:
        from sqlintent_lab.model_export.sparse_inputs import main as rewrite_main

        if rewrite_main([str(dense_dir / "model.onnx"), str(out / "model.onnx")]) != 0:
            raise SystemExit("cannot rewrite the dense model")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dense", default=None, help="model directory with the dense inputs (default: bundled)")
    ap.add_argument("--sparse", default=None, help="model.onnx with the sparse inputs (default: rewritten here)")
    ap.add_argument("--spider-dev", default=str(ROOT.parent / "shared" / "data" / "spider" / "dev.json"))
    ap.add_argument("--pairs", type=int, default=512)
    ap.add_argument("--batches", default="1,32,256")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--provider", default="cpu", choices=("cpu", "cuda", "auto"))
    ap.add_argument("--out", default=None)
    ap.add_argument("--worker", nargs=3, metavar=("MODEL_DIR", "PREPARED", "BATCH"), help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        print(json.dumps(worker(a.worker[0], a.worker[1], int(a.worker[2]), a.provider)))
        return 0

    from sqlintent.detector.runtime import Detector, default_model_dir

    dense_dir = Path(a.dense) if a.dense else default_model_dir()
    rows = json.loads(Path(a.spider_dev).read_text(encoding="utf-8"))[: a.pairs]
    det = Detector.load(dense_dir, provider="cpu")
    det.prepare(rows[0]["question"], rows[0]["query"])  # spaCy and the grammar start outside the timing
    t0 = time.perf_counter()
    prepared = [det.prepare(r["question"], r["query"]) for r in rows]
    prepare_s = (time.perf_counter() - t0) / len(prepared)
    batches = [int(b) for b in a.batches.split(",")]
    results: dict[str, dict[int, list[dict]]] = {"dense": {b: [] for b in batches}, "sparse": {b: [] for b in batches}}
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        dirs = {"dense": dense_dir, "sparse": _sparse_dir(dense_dir, a.sparse, Path(tmp))}
        pfile = Path(tmp) / "prepared.pkl"
        pfile.write_bytes(pickle.dumps(prepared))
        for r in range(a.rounds):
            for b in batches:
                for mode in (("dense", "sparse") if r % 2 == 0 else ("sparse", "dense")):
                    cmd = [sys.executable, __file__, "--provider", a.provider, "--worker", str(dirs[mode]),
                           str(pfile), str(b)]
                    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
                    results[mode][b].append(json.loads(out.stdout.strip().splitlines()[-1]))
                    loads.append(os.getloadavg()[0])
    print(f"{platform.machine()}, {os.cpu_count()} logical CPUs, load average {min(loads):.1f}-{max(loads):.1f} "
          f"during the runs; {len(prepared)} Spider dev pairs, {a.rounds} interleaved rounds (best shown)")
    print(f"preparation (normalise, both graphs; the same for both): {1 / prepare_s:.0f} pairs/s")
    print("| batch | inputs | featurise pairs/s | run pairs/s | featurise+run pairs/s | end to end pairs/s "
          "| largest batch's inputs MB | peak RSS MB (before the first batch) |")
    print("|---|---|---|---|---|---|---|---|")
    summary = []
    for b in batches:
        for mode in ("dense", "sparse"):
            rs = results[mode][b]
            best = min(rs, key=lambda x: x["featurise_s"] + x["run_s"])
            n = best["pairs"]
            fr = n / (best["featurise_s"] + best["run_s"])
            e2e = 1 / (1 / fr + prepare_s)
            peak = max(x["rss_peak_mb"] for x in rs)
            row = {"batch": b, "inputs": mode, "featurise_pairs_s": n / best["featurise_s"],
                   "run_pairs_s": n / best["run_s"], "featurise_run_pairs_s": fr, "end_to_end_pairs_s": e2e,
                   "inputs_max_mb": best["inputs_max_mb"], "rss_peak_mb": peak,
                   "rss_before_mb": min(x["rss_before_mb"] for x in rs), "provider": best["provider"]}
            summary.append(row)
            print(f"| {b} | {mode} | {row['featurise_pairs_s']:.0f} | {row['run_pairs_s']:.1f} | {fr:.1f} | "
                  f"{e2e:.1f} | {row['inputs_max_mb']:.1f} | {peak:.0f} ({row['rss_before_mb']:.0f}) |")
    if a.out:
        Path(a.out).write_text(json.dumps({"load": loads, "prepare_pairs_s": 1 / prepare_s, "rows": summary,
                                           "runs": results}, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
