"""Train the error detector from a config file: checkpoints, resume, progress and a log.

Usage: ``sqlintent-lab train --config lab/sqlintent_lab/model_export/configs/minilm_gat_cpu.json [--resume]
[--prepare-only] [--set key=value ...]``.

Config (JSON or TOML), all keys optional except the data:

```
{"name": "minilm_gat",                  # run directory runs/train/<name>/ (or "out_dir")
 "data": {"train": "runs/data/train.jsonl", "valid": "runs/data/val.jsonl",       # records of build-data
          "tables": ["../shared/data/spider/tables.json"]}   # schemas for normalisation (optional)
   # or {"bird_runs": ".../bird_llm_runs.jsonl", "valid_dbs": ["financial"], "tables": ".../dev_tables.json"}
 "train_limit": 0, "valid_limit": 600,   # subsets (0 = all), drawn with the seed
 "model": {"encoder": "minilm", "variant": "gat+cls", "gnn_layers": 3, "gnn_heads": 4, "dropout": 0.1,
           "max_length": 128},
 "epochs": 1, "batch_size": 16, "lr": 3e-5, "head_lr": 3e-4, "weight_decay": 0.01, "warmup": 0.1,
 "eval_every": 200, "save_every": 100, "max_minutes": 0, "threads": 2, "seed": 13,
 "fit_minutes": 0,                      # > 0: shorten the schedule to end (learning rate at 0) in this time
 "device": "auto",                      # "cuda" when torch sees a GPU, else "cpu"
 "workers": 0,                          # processes that featurise batches ahead of the model
 "freeze_word_embeddings": false,       # keep the encoder's token embedding matrix as pretrained
 "init_from": "runs/train/<stage1>/best.pt"}     # optional: start from another run's weights
   # data.fold = {"of": 2, "k": 0}: cross-fitting, leave out the training pairs on the databases of fold k
   # (sqlintent_lab.model_export.train_data.db_fold); `tools/gpu_train.py oof-scores` then scores exactly those
```

The data section may instead name a prepared-pairs file (``{"prepared": "runs/train/<name>/prepared.npz"}``,
see :mod:`sqlintent_lab.model_export.pack`): ``--prepare-only`` writes it from the JSONL records and stops, and a
run that reads it needs neither the JSONL, the schemas, spaCy nor the grammar.

The best checkpoint is chosen on ``valid_auc_macro``: the mean of the validation AUCs of the BIRD pairs and
of the Spider pairs, so that telling the two sources apart (their label shares differ) does not count.

Each checkpoint (``last.pt``, ``best.pt``: best validation AUC of the graph head) records the model and
config, the optimiser and schedule, the step, the seed, the SHA-256 of the training data and the git
commit of the code. ``--resume`` continues from ``last.pt`` (same data order: the epoch permutation comes
from the seed). ``max_minutes`` stops cleanly (checkpoint written) when the time is up. ``fit_minutes``
instead shortens the schedule so that it ends within that time: after the first evaluation and 20 more
steps it measures the time a step takes (evaluations and checkpoints included) and, where the configured
number of steps would not fit, sets the total (and with it the learning-rate decay) to what does. Data order
is unchanged; the run's ``total_steps`` records the new total.
"""
from __future__ import annotations

import json
import logging
import math
import os
import random
import sys
import time
from pathlib import Path

import numpy as np

from sqlintent_lab.model_export.train_data import (  # noqa: F401 - Record, DEFAULTS: part of this module's API
    DEFAULTS, Record, _group, _to_device, apply_overrides, fold_filter, git_commit, load_config, load_prepared,
    predict, resolve_device, tokenizer_path,
)

log = logging.getLogger("sqlintent.train")

class _Batches:
    """The featurised batches of an epoch range, in order (a torch Dataset: workers build them ahead)."""

    def __init__(self, prepared, labels, tokenizer, batch_size: int, seed: int, steps_per_epoch: int,
                 first_step: int, total: int, sparse_init: bool = True):
        self.prepared, self.labels, self.tokenizer, self.sparse_init = prepared, labels, tokenizer, sparse_init
        self.bs, self.seed, self.spe, self.first, self.total = batch_size, seed, steps_per_epoch, first_step, total

    def __len__(self) -> int:
        return max(0, self.total - self.first)

    def indices(self, step: int) -> np.ndarray:
        epoch = step // self.spe
        perm = np.random.default_rng(self.seed + epoch).permutation(len(self.prepared))
        b = step % self.spe
        return perm[b * self.bs : (b + 1) * self.bs]

    def __iter__(self):
        for k in range(len(self)):
            yield self[k]

    def __getitem__(self, k: int):
        from sqlintent.detector.featurize import featurize

        idx = self.indices(self.first + k)
        return featurize([self.prepared[i] for i in idx], self.tokenizer, sparse_init=self.sparse_init), self.labels[idx]



def _plain(value):
    """``value`` with numpy scalars as Python numbers, tuples as lists and paths as strings: what
    ``torch.load(weights_only=True)`` reads back."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Path):
        return str(value)
    return value

def train(config: dict, resume: bool = False, prepare_only: bool = False) -> Path:
    """Run (or resume) training; returns the run directory. ``prepare_only`` stops once the prepared pairs
    are in ``out_dir/prepared.npz``."""
    import torch

    from sqlintent.detector.featurize import load_tokenizer
    from sqlintent.detector.metrics import roc_auc
    from sqlintent_lab.model_export.export import read_checkpoint
    from sqlintent_lab.model_export.model import ErrorDetector, ModelConfig

    seed = int(config["seed"])
    out_dir = Path(config.get("out_dir") or Path("runs/train") / config["name"])
    out_dir.mkdir(parents=True, exist_ok=True)
    _setup_logging(out_dir / "train.log")
    torch.set_num_threads(int(config["threads"]))
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)

    mcfg = ModelConfig(**config.get("model", {}))
    train_recs, train_prep, valid_recs, valid_prep, data_hash, files = load_prepared(config, out_dir, seed)
    if not prepare_only:
        train_recs, train_prep = fold_filter(config, train_recs, train_prep)
    log.info("data %s (sha256 %s): %d train pairs (%.1f%% correct), %d valid pairs (%.1f%% correct)",
             files, data_hash[:16], len(train_recs), 100 * np.mean([r.label for r in train_recs]),
             len(valid_recs), 100 * np.mean([r.label for r in valid_recs]) if valid_recs else float("nan"))
    log.info("graphs: %d/%d train and %d/%d valid pairs have both graphs",
             sum(p.graph_ok for p in train_prep), len(train_prep), sum(p.graph_ok for p in valid_prep),
             len(valid_prep))
    if prepare_only:
        log.info("prepared pairs are in %s; train from it with data.prepared",
                 config["data"].get("prepared") or out_dir / "prepared.npz")
        return out_dir
    device = resolve_device(config.get("device"))
    if device.type == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
    tokenizer = load_tokenizer(tokenizer_path(mcfg.encoder), mcfg.max_length)
    train_y = np.asarray([r.label for r in train_recs], dtype=np.float32)
    valid_y = np.asarray([r.label for r in valid_recs], dtype=np.int64)
    valid_groups = np.asarray([_group(r.source) for r in valid_recs])

    model = ErrorDetector(mcfg)
    if config.get("init_from") and not (resume and (out_dir / "last.pt").exists()):
        ck0 = read_checkpoint(config["init_from"])
        model.load_state_dict(ck0["model"])
        log.info("initialised from %s (step %d, data %s)", config["init_from"], ck0.get("step", -1),
                 str(ck0.get("data_sha256", "?"))[:16])
    if config.get("freeze_word_embeddings"):
        model.encoder.get_input_embeddings().weight.requires_grad_(False)
        log.info("word embeddings frozen")
    model.to(device)
    enc_params = [p for n, p in model.named_parameters() if n.startswith("encoder.") and p.requires_grad]
    head_params = [p for n, p in model.named_parameters() if not n.startswith("encoder.") and p.requires_grad]
    opt = torch.optim.AdamW([
        {"params": enc_params, "lr": float(config["lr"])},
        {"params": head_params, "lr": float(config["head_lr"])},
    ], weight_decay=float(config["weight_decay"]))
    bs = int(config["batch_size"])
    steps_per_epoch = math.ceil(len(train_prep) / bs)
    total = steps_per_epoch * int(config["epochs"])
    warm = max(1, int(total * float(config["warmup"])))

    def lr_lambda(step: int) -> float:
        if step < warm:
            return (step + 1) / warm
        return max(0.0, (total - step) / max(1, total - warm))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_lambda)
    step, best_auc, history = 0, -1.0, []
    last = out_dir / "last.pt"
    if resume and last.exists():
        ck = read_checkpoint(last)
        if ck["data_sha256"] != data_hash:
            log.warning("resuming on different data (checkpoint %s, now %s)", ck["data_sha256"][:16],
                        data_hash[:16])
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["optimizer"])
        sched.load_state_dict(ck["scheduler"])
        step, best_auc, history = ck["step"], ck.get("best_auc", -1.0), ck.get("history", [])
        log.info("resumed from %s at step %d (best valid AUC %.4f)", last, step, best_auc)

    from sqlintent.graphs import vocab

    meta = {"config": config, "init_from": config.get("init_from"), "vocab": json.loads(vocab.to_json()),
            "model_config": mcfg.to_dict(), "seed": seed, "data_sha256": data_hash, "data_files": files,
            "git_commit": git_commit(), "train_pairs": len(train_prep), "valid_pairs": len(valid_prep),
            "total_steps": total, "device": str(device)}

    def save(path: Path, extra: dict) -> None:
        tmp = path.with_suffix(".tmp")
        state = {k: v.detach().cpu() for k, v in model.state_dict().items()}
        # plain values only (no numpy scalars): the checkpoint loads with torch.load(weights_only=True)
        torch.save({"model": state, "optimizer": opt.state_dict(), "scheduler": sched.state_dict(),
                    **_plain({"step": step, "best_auc": best_auc, "history": history, **meta, **extra})}, tmp)
        os.replace(tmp, path)

    def evaluate() -> dict:
        g, c, ok = predict(model, valid_prep, tokenizer, batch_size=max(32, bs), device=device, sparse=True)
        res = {"step": step, "valid_auc": roc_auc(valid_y, g), "valid_auc_cls": roc_auc(valid_y, c),
               "valid_loss": float(np.mean(-(valid_y * np.log(g + 1e-7) + (1 - valid_y) * np.log(1 - g + 1e-7))))}
        per = {}
        for grp in sorted(set(valid_groups.tolist())):
            sel = valid_groups == grp
            if len(set(valid_y[sel].tolist())) == 2:
                per[grp] = roc_auc(valid_y[sel], g[sel])
                res[f"valid_auc_{grp}"] = per[grp]
        res["valid_auc_macro"] = float(np.mean(list(per.values()))) if per else res["valid_auc"]
        model.train()
        return res

    t_start = t_begin = time.time()
    max_s = float(config["max_minutes"]) * 60.0
    fit_s = float(config.get("fit_minutes") or 0) * 60.0
    first_step = step  # a resumed run measures its pace from here
    fit_at = step + int(config["eval_every"]) + 20
    log.info("training on %s: %d steps (%d per epoch, batch %d), warm-up %d, variant %s, max_length %d, "
             "%d workers", device, total, steps_per_epoch, bs, warm, mcfg.variant, mcfg.max_length,
             int(config["workers"]))
    model.train()
    bce = torch.nn.BCEWithLogitsLoss()
    running, seen = 0.0, 0
    stopped_early = False
    batches = _Batches(train_prep, train_y, tokenizer, bs, seed, steps_per_epoch, step, total)
    workers = int(config["workers"])
    loader = torch.utils.data.DataLoader(batches, batch_size=None, shuffle=False, num_workers=workers,
                                         prefetch_factor=4 if workers else None,
                                         persistent_workers=False) if workers else batches
    for feats, y_np in loader:
        epoch = step // steps_per_epoch
        y = torch.from_numpy(np.asarray(y_np, dtype=np.float32)).to(device)
        g, c = model(*_to_device(feats, device))
        loss = bce(g, y) + (bce(c, y) if mcfg.variant == "gat+cls" else 0.0)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_([p for p in model.parameters() if p.requires_grad], 1.0)
        opt.step()
        sched.step()
        step += 1
        running += float(loss.detach())
        seen += 1
        if fit_s > 0 and step == fit_at:
            total, warm = _fit_schedule(step, step - first_step, total, warm, time.time() - t_begin, fit_s,
                                        float(config["warmup"]))
            meta["total_steps"] = total
        if step % 20 == 0 or step == total:
            el = time.time() - t_start
            log.info("step %d/%d epoch %d loss %.4f lr %.2e (%.3fs/step, %.0fs elapsed)", step, total, epoch,
                     running / seen, sched.get_last_lr()[0], el / max(1, seen), time.time() - t_begin)
            history.append({"step": step, "train_loss": running / seen})
            running, seen = 0.0, 0
            t_start = time.time()
        out_of_time = max_s > 0 and (time.time() - t_begin) > max_s
        if step % int(config["eval_every"]) == 0 or step == total or out_of_time:
            res = evaluate()
            history.append(res)
            log.info("valid step %d: AUC %.4f (macro %.4f, bird %.4f, spider %.4f; cls %.4f) loss %.4f", step,
                     res["valid_auc"], res["valid_auc_macro"], res.get("valid_auc_bird", float("nan")),
                     res.get("valid_auc_spider", float("nan")), res["valid_auc_cls"], res["valid_loss"])
            if res["valid_auc_macro"] > best_auc:
                best_auc = res["valid_auc_macro"]
                save(out_dir / "best.pt", {"valid": res})
                log.info("new best checkpoint (macro AUC %.4f)", best_auc)
            save(last, {})
        elif step % int(config["save_every"]) == 0:
            save(last, {})
        if out_of_time:
            log.info("max_minutes reached at step %d: stopping (resume with --resume)", step)
            stopped_early = True
            break
        if step >= total:
            break
    (out_dir / "summary.json").write_text(json.dumps({**meta, "step": step, "best_valid_auc_macro": best_auc,
                                                      "stopped_early": stopped_early,
                                                      "seconds": time.time() - t_begin, "history": history},
                                                     indent=2, default=str))
    log.info("done: step %d, best valid macro AUC %.4f, %.0fs", step, best_auc, time.time() - t_begin)
    return out_dir


def _fit_schedule(step: int, steps_run: int, total: int, warm: int, elapsed_s: float, fit_s: float,
                  warmup: float):
    """The (total, warm-up) steps that end within ``fit_s`` seconds of this run at the pace of its
    ``steps_run`` steps so far (``elapsed_s``; ``step`` counts a resumed run's earlier steps too); the
    configured ones where they already fit."""
    per_step = elapsed_s / max(1, steps_run)
    fits = step + int(max(0.0, fit_s - elapsed_s) / per_step)
    if fits >= total:
        log.info("fit_minutes: %d steps at %.3fs/step fit in %.0fs", total, per_step, fit_s)
        return total, warm
    new_total = max(step + 1, fits)
    new_warm = min(warm, max(1, int(new_total * warmup)))
    log.info("fit_minutes: %.3fs/step, so %d of the configured %d steps fit in %.0fs: schedule shortened "
             "to %d steps (%.0f%% of the configured schedule)", per_step, new_total, total, fit_s, new_total,
             100.0 * new_total / max(1, total))
    return new_total, new_warm


def _setup_logging(path: Path) -> None:
    """Log to ``path`` and stderr; a later run in the same process logs to its own ``path``."""
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%Y-%m-%d %H:%M:%S")
    root = logging.getLogger("sqlintent")
    root.setLevel(logging.INFO)
    target = str(Path(path).resolve())
    for h in [h for h in root.handlers if getattr(h, "_sqlintent_run_log", False)]:
        if isinstance(h, logging.FileHandler) and h.baseFilename == target:
            return
        root.removeHandler(h)
        h.close()
    fh = logging.FileHandler(path)
    sh = logging.StreamHandler(sys.stderr)
    for h in (fh, sh):
        h.setFormatter(fmt)
        h._sqlintent_run_log = True  # type: ignore[attr-defined]
        root.addHandler(h)


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", required=True)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--prepare-only", action="store_true")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args(argv)
    train(apply_overrides(load_config(args.config), args.set), resume=args.resume, prepare_only=args.prepare_only)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
