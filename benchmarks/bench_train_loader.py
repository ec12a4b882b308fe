"""Batches per second that the training DataLoader delivers to the main process, with the leaf-averaging
matrices dense (as ONNX takes them) or sparse (as training now moves them): what held a GPU step at 0.37 s.

Usage: ``python benchmarks/bench_train_loader.py --prepared runs/train/minilm_gat_v2_gpu/prepared.npz
[--batch 64] [--workers 2] [--batches 60]``. Prints one line per mode.
"""
from __future__ import annotations

import argparse
import time

import numpy as np


def run(prepared: str, batch: int, workers: int, batches: int, sparse: bool) -> float:
    import torch

    from sqlintent.detector.featurize import load_tokenizer
    from sqlintent_lab.model_export.pack import read_pack
    from sqlintent_lab.model_export.train import _Batches
    from sqlintent_lab.model_export.train_data import _to_device, tokenizer_path

    _, splits = read_pack(prepared)
    _, prep = splits["train"]
    tok = load_tokenizer(tokenizer_path("minilm"), 128)

    data = _Batches(prep, np.zeros(len(prep), np.float32), tok, batch, 13, len(prep) // batch, 0, batches,
                    sparse_init=sparse)
    loader = torch.utils.data.DataLoader(data, batch_size=None, num_workers=workers, prefetch_factor=4)
    warm, t0 = 10, None
    for n, (feats, _) in enumerate(loader, 1):
        for t in _to_device(feats, torch.device("cpu")):  # read every value, as the copy to a GPU does
            float((t.values() if t.is_sparse else t).sum())
        if n == warm:
            t0 = time.perf_counter()
    return (batches - warm) / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--prepared", required=True)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--batches", type=int, default=60)
    a = ap.parse_args()
    for mode in ("dense", "sparse"):
        rate = run(a.prepared, a.batch, a.workers, a.batches, mode == "sparse")
        print(f"{mode}: {rate:.1f} batches/s ({a.batch} pairs, {a.workers} workers)")


if __name__ == "__main__":
    main()
