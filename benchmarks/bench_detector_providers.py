"""Detector model latency per ONNX Runtime provider on prepared pairs (no spaCy or grammar needed).

Usage: python benchmarks/bench_detector_providers.py [--model DIR] [--prepared runs/train/<run>/prepared.npz]
                                                     [--pairs 200] [--out FILE.json]

Scores the first ``--pairs`` validation pairs of a prepared-pairs file (``sqlintent-lab train --prepare-only``) one
pair per run, as the runtime does for the int8 model, with every provider this onnxruntime offers among CPU
and CUDA; prints which provider each detector actually started on, the median and p95 latency, and the
largest score difference against CPU. Runs where only torch-free packages are installed (onnxruntime or
onnxruntime-gpu, tokenizers, numpy), so it also serves to check a GPU machine.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time

import numpy as np


def main(argv: list[str] | None = None) -> int:
    import onnxruntime as ort

    from bench_detector import pct  # the percentile the other detector benchmark reports

    from sqlintent.detector.runtime import Detector
    from sqlintent_lab.model_export.pack import read_pack

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=None)
    ap.add_argument("--prepared", default="runs/train/minilm_gat_gpu/prepared.npz")
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--out", default=None)
    a = ap.parse_args(argv)
    _, splits = read_pack(a.prepared)
    prep = splits["valid"][1][: a.pairs]
    available = ort.get_available_providers()
    report = {"onnxruntime": ort.__version__, "available": available, "machine": platform.machine(),
              "pairs": len(prep), "runs": {}}
    base = None
    for provider in ("cpu", "cuda"):
        if provider == "cuda" and "CUDAExecutionProvider" not in available:
            report["runs"]["cuda"] = "CUDAExecutionProvider not available"
            continue
        det = Detector.load(a.model, provider=provider)
        det.run_prepared(prep[:3])  # start and warm up
        times, scores = [], []
        for p in prep:
            t0 = time.perf_counter()
            g, _, _ = det.run_prepared([p])
            times.append((time.perf_counter() - t0) * 1000)
            scores.append(float(g[0]))
        scores = np.asarray(scores)
        if base is None:
            base = scores
        report["runs"][provider] = {
            "started_on": det.provider, "median_ms": round(statistics.median(times), 2),
            "p95_ms": round(pct(times, 0.95), 2),
            "max_abs_diff_vs_cpu": float(np.max(np.abs(scores - base))),
        }
    print(json.dumps(report, indent=1))
    if a.out:
        with open(a.out, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
