"""AUC and speed of batch-independent variants of the detector against the shipped (dynamically quantised)
model, on held-out validation pairs.

    python benchmarks/bench_quantisation.py --val runs/data/val.jsonl [--pairs 1500] [--calib 300]

``--val``: the validation split written by ``sqlintent-lab build-data`` (databases never trained on). Never pass
``../shared/data/eval`` files here. Variants, built in a temporary directory (needs ``onnx``, the training
extra):

* ``int8 dynamic``: the shipped model, pair by pair (its activation scales depend on the batch);
* ``int8 weights, float activations``: ``sqlintent_lab.model_export.batch_independent``;
* ``fp32``: the same weights dequantised into float initialisers;
* ``static QDQ int8``: ``onnxruntime.quantization.quantize_static`` on the fp32 variant, encoder MatMuls only,
  per-channel int8 weights, uint8 activations calibrated (MinMax) on ``--calib`` training pairs
  (``../shared/data/train_real/splash_seq2struct.jsonl``).

Prints, per variant and batch size, the AUC (``detector.metrics.roc_auc``; encoder-only score where the graph
could not be built, as the runtime does), the largest difference between a pair's score alone and in a batch,
pairs/s (one ONNX Runtime thread, pairs sorted by length) and the load average.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_variants(src: Path, out: Path, calib_pairs, det) -> dict[str, Path]:
    import numpy as np
    import onnx
    from onnx import numpy_helper

    from sqlintent_lab.model_export.batch_independent import rewrite

    m = onnx.load(str(src))
    rewrite(m)
    bi = out / "bi.onnx"
    onnx.save(m, str(bi))
    inits = {i.name: i for i in m.graph.initializer}
    keep, floats = [], []
    for n in m.graph.node:
        if n.op_type == "DequantizeLinear" and n.name.endswith("_weight_dq"):
            q, s, z = (numpy_helper.to_array(inits[x]).astype(np.float32) for x in n.input)
            floats.append(numpy_helper.from_array(((q - z) * s).astype(np.float32), n.output[0]))
        else:
            keep.append(n)
    del m.graph.node[:]
    m.graph.node.extend(keep)
    m.graph.initializer.extend(floats)
    fp32 = out / "fp32.onnx"
    onnx.save(m, str(fp32))
    variants = {"int8 dynamic (shipped)": src, "int8 weights, float activations": bi, "fp32": fp32}
    if calib_pairs:
        from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                              quantize_static)

        class Reader(CalibrationDataReader):
            def __init__(self):
                self.it = iter(calib_pairs)

            def get_next(self):
                p = next(self.it, None)
                if p is None:
                    return None
                return det.feed(det.featurize([p]))

        qdq = out / "qdq.onnx"
        nodes = [n.name for n in m.graph.node if n.op_type == "MatMul" and "/encoder/" in n.name]
        quantize_static(str(fp32), str(qdq), Reader(), quant_format=QuantFormat.QDQ, op_types_to_quantize=["MatMul"],
                        nodes_to_quantize=nodes, per_channel=True, activation_type=QuantType.QUInt8,
                        weight_type=QuantType.QInt8, calibrate_method=CalibrationMethod.MinMax)
        variants["static QDQ int8"] = qdq
    return variants


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--val", required=True, help="val.jsonl from `sqlintent-lab build-data`")
    ap.add_argument("--pairs", type=int, default=1500, help="validation pairs drawn (seed 7)")
    ap.add_argument("--calib", type=int, default=300, help="training pairs for static calibration (0: skip it)")
    ap.add_argument("--shared", default=str(ROOT.parent / "shared"))
    args = ap.parse_args()
    if "/eval/" in str(Path(args.val).resolve()):
        ap.error("--val must be validation data, not ../shared/data/eval")
    from sqlintent import threads

    threads.configure()
    import logging

    import numpy as np
    import onnxruntime as ort

    ort.set_default_logger_severity(3)
    logging.getLogger().setLevel(logging.ERROR)
    from sqlintent.detector.metrics import roc_auc
    from sqlintent.detector.runtime import Detector
    from sqlintent.detector.scoring import question_graphs

    recs = [json.loads(line) for line in open(args.val, encoding="utf-8")]
    random.Random(7).shuffle(recs)
    recs = recs[: args.pairs]
    det = Detector.load(provider="cpu")
    det._start()
    graphs = question_graphs([" ".join(r["question"].split()) for r in recs])
    prep = [det.prepare(r["question"], r["sql"], question_graph=graphs.get) for r in recs]
    y = np.asarray([int(r["label"]) for r in recs])
    calib = []
    if args.calib:
        train = [json.loads(line) for line in
                 open(Path(args.shared) / "data" / "train_real" / "splash_seq2struct.jsonl", encoding="utf-8")]
        random.Random(13).shuffle(train)
        calib = [det.prepare(r["question"], r["sql"]) for r in train[: args.calib]]
    order = sorted(range(len(prep)), key=lambda i: len(prep[i].question) + len(prep[i].sql_text))
    with tempfile.TemporaryDirectory() as tmp:
        variants = build_variants(det.directory / "model.onnx", Path(tmp), calib, det)
        print(f"{len(prep)} validation pairs ({y.mean():.0%} correct)")
        for name, path in variants.items():
            sess = ort.InferenceSession(str(path), threads.session_options(ort, 1),
                                        providers=["CPUExecutionProvider"])
            alone = None
            for bs in ((1,) if "dynamic" in name else (1, 8)):
                score, cls, ok = np.zeros(len(prep)), np.zeros(len(prep)), np.zeros(len(prep), bool)
                t0 = time.perf_counter()
                for i in range(0, len(order), bs):
                    idx = order[i: i + bs]
                    f = det.featurize([prep[j] for j in idx])
                    a, c = sess.run(["score", "score_cls"], det.feed(f))
                    score[idx], cls[idx], ok[idx] = a, c, f.graph_ok
                dt = time.perf_counter() - t0
                final = np.where(ok, score, cls)
                diff = "" if alone is None else f", max |batch - alone| {np.abs(final - alone).max():.1e}"
                alone = final if alone is None else alone
                print(f"{name:34s} batch {bs}: AUC {roc_auc(y, final):.4f}, {len(prep) / dt:6.1f} pairs/s{diff}"
                      f"  (load {os.getloadavg()[0]:.1f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
