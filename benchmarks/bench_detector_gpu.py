"""The detector on a GPU through PyTorch: pairs/s by batch size, the model alone and with featurisation.

Usage: python benchmarks/bench_detector_gpu.py --checkpoint RUN/best.pt --prepared PREPARED.npz
                                               [--batches 1,8,32,64,128,256] [--pairs 2048] [--out FILE.json]

The runtime scores pairs with ONNX Runtime; this measures the same network (a ``train.py`` checkpoint) in
PyTorch on CUDA, for machines whose ONNX Runtime has no CUDA provider (the lent GPU machine's onnxruntime is
the CPU build, and onnxruntime-gpu cannot be carried there). For each batch size it scores the first
validation pairs of a prepared-pairs file (``sqlintent-lab train --prepare-only``):

- ``model``: the network alone, inputs already featurised and on the GPU, fp32 (TF32 matrix products) and
  bf16 autocast, timed between CUDA synchronisations over several passes;
- ``featurise``: tokenising and batching the graphs on one CPU core (what the runtime does before a run);
- ``end_to_end``: both, one batch after another, copies to the GPU included.

It prints the table and the largest score difference of bf16 against fp32, and writes JSON with ``--out``.
Needs torch, transformers, torch-geometric and tokenizers (the training extra); nothing is downloaded.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parents[1] / "lab"))  # the lab's own package (lab/sqlintent_lab)


def _passes(fn, min_s: float = 1.0, max_passes: int = 50) -> float:
    """Seconds one call of ``fn`` takes, averaged over as many passes as fill ``min_s``."""
    import torch

    sync = torch.cuda.synchronize if torch.cuda.is_available() else (lambda: None)
    fn()
    sync()
    n, t0 = 0, time.perf_counter()
    while n < max_passes and (n < 2 or time.perf_counter() - t0 < min_s):
        fn()
        sync()
        n += 1
    return (time.perf_counter() - t0) / n


def main(argv: list[str] | None = None) -> int:
    import torch

    from sqlintent.detector.featurize import featurize, load_tokenizer
    from sqlintent_lab.model_export.export import load_checkpoint
    from sqlintent_lab.model_export.pack import read_pack
    from sqlintent_lab.model_export.train_data import _to_device, tokenizer_path

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--prepared", required=True)
    ap.add_argument("--batches", default="1,8,32,64,128,256")
    ap.add_argument("--pairs", type=int, default=2048)
    ap.add_argument("--out", default=None)
    ap.add_argument("--device", default="cuda", help="cpu: a dry run of the script where there is no GPU")
    a = ap.parse_args(argv)
    if a.device == "cuda" and not torch.cuda.is_available():
        print("no CUDA device: this benchmark measures the detector on a GPU (--device cpu for a dry run)",
              file=sys.stderr)
        return 2
    device = torch.device(a.device)
    torch.backends.cuda.matmul.allow_tf32 = True
    model, ck = load_checkpoint(a.checkpoint)
    model.to(device).eval()
    tokenizer = load_tokenizer(tokenizer_path(ck["model_config"]["encoder"]), ck["model_config"]["max_length"])
    _, splits = read_pack(a.prepared)
    prep = splits["valid"][1][: a.pairs]
    try:
        import onnxruntime as ort

        providers = ort.get_available_providers()
    except ImportError:
        providers = []
    report = {"gpu": torch.cuda.get_device_name(0) if device.type == "cuda" else "cpu", "torch": torch.__version__, "machine": platform.machine(),
              "onnxruntime_providers": providers, "pairs": len(prep), "rows": []}
    print(f"{report['gpu']}, torch {torch.__version__}; onnxruntime providers here: {providers}")
    print(f"{'batch':>5} {'pairs':>5} {'model fp32/s':>12} {'model bf16/s':>12} {'featurise/s':>11} "
          f"{'end-to-end/s':>12} {'bf16 max diff':>13}")
    for bs in [int(b) for b in a.batches.split(",")]:
        n = min(len(prep), max(256, 16 * bs))
        t0 = time.perf_counter()
        feats = [featurize(prep[i : i + bs], tokenizer) for i in range(0, n, bs)]
        feat_s = time.perf_counter() - t0
        inputs = [_to_device(f, device) for f in feats]

        def run(autocast: bool):
            out = []
            with torch.no_grad(), torch.autocast(device.type, dtype=torch.bfloat16, enabled=autocast):
                for x in inputs:
                    out.append(model(*x)[0])
            return out

        fp32_s = _passes(lambda: run(False))
        bf16_s = _passes(lambda: run(True))
        with torch.no_grad():
            g32 = torch.sigmoid(torch.cat(run(False)).float())
            g16 = torch.sigmoid(torch.cat(run(True)).float())
        diff = float((g32 - g16).abs().max())

        def end_to_end():
            with torch.no_grad():
                for i in range(0, n, bs):
                    model(*_to_device(featurize(prep[i : i + bs], tokenizer), device))

        e2e_s = _passes(end_to_end, min_s=0.5, max_passes=3)
        row = {"batch": bs, "pairs": n, "model_fp32_pairs_s": n / fp32_s, "model_bf16_pairs_s": n / bf16_s,
               "featurise_pairs_s": n / feat_s, "end_to_end_pairs_s": n / e2e_s, "bf16_max_abs_diff": diff}
        report["rows"].append(row)
        print(f"{bs:>5} {n:>5} {row['model_fp32_pairs_s']:>12.0f} {row['model_bf16_pairs_s']:>12.0f} "
              f"{row['featurise_pairs_s']:>11.0f} {row['end_to_end_pairs_s']:>12.0f} {diff:>13.4f}")
    if a.out:
        Path(a.out).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
