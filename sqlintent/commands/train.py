"""``sqlintent train --config FILE [--resume]``: train the error detector (needs the ``train`` extra)."""
from __future__ import annotations

import argparse
import sys


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "train", help="train the error detector from a config file (needs torch: the 'train' extra)",
        description="Train the error detector (encoder + GATv2 graph stacks) as a config file describes; "
                    "checkpoints, log and summary go to runs/train/<name>/. See docs/detector.md.")
    p.add_argument("--config", required=True, help="JSON or TOML training config "
                   "(e.g. sqlintent/model_export/configs/minilm_gat_bird_cpu.json)")
    p.add_argument("--resume", action="store_true", help="continue from the run's last.pt when there is one")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    try:
        import torch  # noqa: F401
        import torch_geometric  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as exc:
        print(f"sqlintent train: {exc.name} is not installed; install the training extra "
              f"(pip install 'sqlintent[train]')", file=sys.stderr)
        return 2
    from sqlintent.model_export.train import load_config, train

    try:
        cfg = load_config(args.config)
    except (OSError, ValueError) as exc:
        print(f"sqlintent train: {exc}", file=sys.stderr)
        return 2
    out = train(cfg, resume=args.resume)
    print(f"run directory: {out}")
    return 0
