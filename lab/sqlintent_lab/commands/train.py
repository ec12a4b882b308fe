"""``sqlintent-lab train --config FILE [--resume]``: train the error detector (needs the ``train`` extra)."""
from __future__ import annotations

import argparse
import sys


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "train", help="train the error detector from a config file (needs torch: the 'train' extra)",
        description="Train the error detector (encoder + GATv2 graph stacks) as a config file describes; "
                    "checkpoints, log and summary go to runs/train/<name>/. See docs/detector.md.")
    p.add_argument("--config", required=True, help="JSON or TOML training config "
                   "(e.g. lab/sqlintent_lab/model_export/configs/minilm_gat_bird_cpu.json)")
    p.add_argument("--resume", action="store_true", help="continue from the run's last.pt when there is one")
    p.add_argument("--prepare-only", action="store_true",
                   help="write the prepared pairs (normalised SQL and both graphs) to <run>/prepared.npz and "
                        "stop; a config whose data section names that file trains without spaCy or the grammar")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="override a config value (dotted keys reach into sections, values are JSON), e.g. "
                        "--set epochs=3 --set model.encoder=/path/to/encoder; repeatable")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    try:
        import torch  # noqa: F401
        import torch_geometric  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as exc:
        print(f"sqlintent-lab train: {exc.name} is not installed; install the training extra "
              f"(pip install 'sqlintent[train]')", file=sys.stderr)
        return 2
    from sqlintent_lab.model_export.train import apply_overrides, load_config, train

    try:
        cfg = apply_overrides(load_config(args.config), args.set)
    except (OSError, ValueError) as exc:
        print(f"sqlintent-lab train: {exc}", file=sys.stderr)
        return 2
    try:
        out = train(cfg, resume=args.resume, prepare_only=args.prepare_only)
    except (FileNotFoundError, ValueError, RuntimeError) as exc:
        print(f"sqlintent-lab train: {exc}", file=sys.stderr)
        return 2
    print(f"run directory: {out}")
    return 0
