"""Move a training run to a GPU machine that has torch but not this project's training extra, and back.

The shipped detector was trained this way (docs/detector.md, "Training on a GPU"). The GPU machine gets a
copy of the working tree plus at most 64 MiB of extra files, has torch, transformers, torch-geometric and
tokenizers but not spaCy, the grammar runtime or the encoder package, and returns files of at most 16 MiB.
So:

1. here: ``sqlintent-lab train --config C --prepare-only`` writes the prepared pairs (about 10 MB);
2. here: ``python tools/gpu_train.py pack-encoder --prepared P --out .gpu/encoder.npz`` writes the encoder's
   weights in float16, with the rows of the token-embedding matrix that no training or validation pair uses
   set to zero (they compress to nothing). The recipe freezes the token embeddings
   (``freeze_word_embeddings``), so those rows are never read or changed in training and the result is the
   same as with the full matrix;
3. there: ``python tools/gpu_train.py unpack-encoder .gpu/encoder.npz /tmp/encoder`` rebuilds a Hugging Face
   directory (float32), then ``python -m sqlintent_lab.model_export.train --config C --set data.prepared=P
   --set model.encoder=/tmp/encoder`` trains, and ``python tools/gpu_train.py export-weights RUN OUT`` writes
   the best checkpoint's trainable weights (float32, the frozen token embeddings left out) in chunks;
4. here: ``python tools/gpu_train.py assemble OUT --out runs/train/<name>/best.pt`` puts the pretrained
   token embeddings back and writes a checkpoint that ``sqlintent-lab export`` reads (encoder ``minilm``).

For a verdict that reads a retrained detector, a cross-fitting run (``--set data.fold='{"of": 2, "k": 0}'``)
leaves out the training pairs on one fold of databases, and ``oof-scores RUN --prepared P --out F.jsonl``
scores exactly those pairs there (a few MB back instead of a checkpoint).
"""
from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

import numpy as np

# run as `python3 tools/gpu_train.py` on a machine where the package is not installed (a lent GPU machine):
# the repository root must be importable for the subcommands that read sqlintent (oof-scores, assemble)
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parents[1] / "lab"))  # the lab's own package (lab/sqlintent_lab)

WORD_EMB = "embeddings.word_embeddings.weight"
ENCODER_FILES = ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt")
CHUNK_BYTES = 15 * 1024 * 1024


def _encoder_dir(name: str) -> Path:
    from sqlintent_lab.model_export.model import encoder_path

    return Path(encoder_path(name))


def pack_encoder(prepared: str, out: str, encoder: str = "minilm", part_mib: float = 0) -> None:
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    from sqlintent_lab.model_export.pack import read_pack

    src = _encoder_dir(encoder)
    weights = load_file(str(src / "model.safetensors"))
    tok = Tokenizer.from_file(str(src / "tokenizer.json"))
    tok.no_truncation()
    _, splits = read_pack(prepared)
    used: set[int] = set()
    for _, prep in splits.values():
        texts = sorted({p.question for p in prep} | {p.sql_text for p in prep})
        for enc in tok.encode_batch(texts):
            used.update(enc.ids)
    for special in ("[CLS]", "[SEP]", "[PAD]", "[UNK]", "[MASK]", "<s>", "</s>", "<pad>", "<unk>", "<mask>"):
        tid = tok.token_to_id(special)
        if tid is not None:
            used.add(tid)
    key = next(k for k in weights if k.endswith(WORD_EMB))
    emb = weights[key]
    keep = np.zeros(emb.shape[0], dtype=bool)
    keep[sorted(used)] = True
    weights[key] = np.where(keep[:, None], emb, 0)
    arrays = {f"w/{k}": v.astype(np.float16) for k, v in weights.items()}
    for name in ENCODER_FILES:
        if (src / name).exists():
            arrays[f"f/{name}"] = np.frombuffer((src / name).read_bytes(), dtype=np.uint8)
    arrays["meta"] = np.frombuffer(json.dumps({"source": str(src), "word_embedding_key": key,
                                               "rows_kept": int(keep.sum()), "rows": int(emb.shape[0])}).encode(),
                                   dtype=np.uint8)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, **arrays)
    print(f"{out}: {Path(out).stat().st_size / 1e6:.1f} MB, {int(keep.sum())}/{emb.shape[0]} token rows kept")
    if part_mib:
        split_file(out, part_mib)


def split_file(path: str, part_mib: float) -> list[Path]:
    """Cut ``path`` into ``path.partNN`` files of at most ``part_mib`` MiB (the run tool carries 64 MiB a call;
    parts carried in earlier calls stay on the warm machine) and write ``path.sha256`` to check the joined
    file there; the whole file is removed."""
    import hashlib

    raw = Path(path).read_bytes()
    size = max(1, int(part_mib * 1024 * 1024))
    parts = []
    for i in range(0, len(raw), size):
        p = Path(f"{path}.part{i // size:02d}")
        p.write_bytes(raw[i:i + size])
        parts.append(p)
    Path(f"{path}.sha256").write_text(f"{hashlib.sha256(raw).hexdigest()} {len(parts)}\n")
    Path(path).unlink()
    print(f"{path}: {len(parts)} parts of at most {part_mib} MiB: " + ", ".join(p.name for p in parts))
    return parts


def join_parts(path: str) -> None:
    """Join ``path.partNN`` back into ``path`` when ``path`` is missing, checking ``path.sha256``."""
    import hashlib

    if Path(path).exists():
        return
    want = Path(f"{path}.sha256").read_text().split()
    parts = [Path(f"{path}.part{i:02d}") for i in range(int(want[1]))]
    missing = [p.name for p in parts if not p.exists()]
    if missing:
        raise SystemExit(f"{path}: parts not on this machine yet: {', '.join(missing)} (carry them first)")
    raw = b"".join(p.read_bytes() for p in parts)
    if hashlib.sha256(raw).hexdigest() != want[0]:
        raise SystemExit(f"{path}: the joined parts do not match {path}.sha256")
    Path(path).write_bytes(raw)


def unpack_encoder(packed: str, out: str) -> None:
    from safetensors.numpy import save_file

    dest = Path(out)
    dest.mkdir(parents=True, exist_ok=True)
    join_parts(packed)
    with np.load(packed) as z:
        weights = {k[2:]: z[k].astype(np.float32) for k in z.files if k.startswith("w/")}
        for k in z.files:
            if k.startswith("f/"):
                (dest / k[2:]).write_bytes(z[k].tobytes())
    save_file(weights, str(dest / "model.safetensors"), metadata={"format": "pt"})
    print(f"{dest}: {len(weights)} tensors")


def export_weights(run_dir: str, out: str, which: str = "best.pt", half: bool = False, chunk_mib: int = 15) -> None:
    """The trained weights (the frozen token embeddings left out) in chunks; ``half`` stores the float
    tensors in float16 (an mpnet-base's 86M trainable weights are 344 MB in float32: too much to bring back)."""
    import torch

    from sqlintent_lab.model_export.export import read_checkpoint

    ck = read_checkpoint(Path(run_dir) / which)  # weights_only: a checkpoint never runs code
    state = {k: (v.half() if half and v.is_floating_point() else v)
             for k, v in ck["model"].items() if not k.endswith(WORD_EMB)}
    buf = io.BytesIO()
    torch.save(state, buf)
    raw = buf.getvalue()
    dest = Path(out)
    dest.mkdir(parents=True, exist_ok=True)
    step = chunk_mib * 1024 * 1024 if chunk_mib else CHUNK_BYTES
    parts = [raw[i:i + step] for i in range(0, len(raw), step)]
    for i, part in enumerate(parts):
        (dest / f"weights.part{i}").write_bytes(part)
    meta = {k: v for k, v in ck.items() if k not in ("model", "optimizer", "scheduler")}
    meta["parts"] = len(parts)
    meta["checkpoint"] = which
    (dest / "checkpoint_meta.json").write_text(json.dumps(meta, indent=1, default=str))
    print(f"{dest}: {len(parts)} parts, {len(raw) / 1e6:.1f} MB, step {ck.get('step')}")


def assemble(parts_dir: str, out: str, encoder: str = "minilm") -> None:
    import torch
    from safetensors.torch import load_file

    src = Path(parts_dir)
    meta = json.loads((src / "checkpoint_meta.json").read_text())
    raw = b"".join((src / f"weights.part{i}").read_bytes() for i in range(int(meta["parts"])))
    state = {k: (v.float() if v.is_floating_point() else v)
             for k, v in torch.load(io.BytesIO(raw), map_location="cpu", weights_only=True).items()}
    pretrained = load_file(str(_encoder_dir(encoder) / "model.safetensors"))
    key = next(k for k in pretrained if k.endswith(WORD_EMB))
    state[f"encoder.{WORD_EMB}"] = pretrained[key].float()
    trained_with = meta["model_config"].get("encoder")
    meta["model_config"]["encoder"] = encoder
    meta["encoder_on_training_machine"] = trained_with
    meta["model"] = state
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    torch.save(meta, out)
    # check: it loads into the architecture the exporter builds
    from sqlintent_lab.model_export.export import load_checkpoint

    load_checkpoint(out)
    print(f"{out}: step {meta.get('step')}, encoder {encoder} (trained with {trained_with})")


def oof_scores(run_dir: str, prepared: str, out: str, which: str = "best.pt", encoder: str | None = None,
               device: str = "auto", batch_size: int = 64) -> int:
    """Score, with a cross-fitting run's checkpoint, the training pairs its fold left out (``data.fold`` of its
    config): one JSON line per pair (record id, database, graph and [CLS] probabilities, whether both graphs
    were built). Returns the number of pairs scored."""
    from sqlintent.detector.featurize import load_tokenizer
    from sqlintent_lab.model_export.export import load_checkpoint
    from sqlintent_lab.model_export.pack import read_pack
    from sqlintent_lab.model_export.train_data import Record, db_fold, predict, resolve_device, tokenizer_path

    model, ck = load_checkpoint(Path(run_dir) / which, encoder=encoder)
    fold = ((ck.get("config") or {}).get("data") or {}).get("fold")
    if not fold:
        raise SystemExit(f"{run_dir}/{which}: not a cross-fitting run (its config has no data.fold)")
    of, k = int(fold["of"]), int(fold["k"])
    mc = model.config.to_dict()
    dev = resolve_device(device)
    model.to(dev)
    _, splits = read_pack(prepared, Record)
    recs, prep = splits["train"]
    idx = [i for i, r in enumerate(recs) if db_fold(r.db_id, of) == k]
    if not idx:
        raise SystemExit(f"no training pair of {prepared} is on a database of fold {k} of {of}")
    tok = load_tokenizer(tokenizer_path(mc["encoder"]), int(mc["max_length"]))
    g, c, ok = predict(model, [prep[i] for i in idx], tok, batch_size=batch_size, device=dev, sparse=True)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as fh:
        for j, i in enumerate(idx):
            fh.write(json.dumps({"id": recs[i].id, "db_id": recs[i].db_id, "fold": k, "of": of,
                                 "score": round(float(g[j]), 6), "score_cls": round(float(c[j]), 6),
                                 "graph": bool(ok[j])}) + "\n")
    print(f"{out}: {len(idx)} pairs of fold {k} of {of} scored with {run_dir}/{which} (step {ck.get('step')})")
    return len(idx)


def val_scores(run_dir: str, prepared: str, out: str, db_ids: str = "", which: str = "best.pt",
               device: str = "auto", batch_size: int = 64) -> dict:
    """Score a run's validation pairs with its checkpoint on the machine where it trained (no export, no
    spaCy): one JSON line per pair, and the AUC of the graph and [CLS] heads on all of them and on ``db_ids``
    (the databases of the shipping rule), printed and returned."""
    from sqlintent.detector.featurize import load_tokenizer
    from sqlintent.detector.metrics import roc_auc
    from sqlintent_lab.model_export.export import load_checkpoint
    from sqlintent_lab.model_export.pack import read_pack
    from sqlintent_lab.model_export.train_data import Record, predict, resolve_device, tokenizer_path

    model, ck = load_checkpoint(Path(run_dir) / which)
    mc = model.config.to_dict()
    dev = resolve_device(device)
    model.to(dev)
    _, splits = read_pack(prepared, Record)
    recs, prep = splits["valid"] if "valid" in splits else splits["val"]
    tok = load_tokenizer(tokenizer_path(mc["encoder"]), int(mc["max_length"]))
    g, c, ok = predict(model, prep, tok, batch_size=batch_size, device=dev, sparse=True)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as fh:
        for j, r in enumerate(recs):
            fh.write(json.dumps({"id": r.id, "db_id": r.db_id, "source": r.source, "label": r.label,
                                 "score": round(float(g[j]), 6), "score_cls": round(float(c[j]), 6),
                                 "graph": bool(ok[j])}) + "\n")
    wanted = {d for d in db_ids.split(",") if d}
    result = {"step": ck.get("step")}
    for name, idx in (("all", range(len(recs))), ("rule_dbs", [i for i, r in enumerate(recs) if r.db_id in wanted])):
        ys = [recs[i].label for i in idx]
        if len(set(ys)) == 2:
            result[name] = {"pairs": len(ys), "auc": round(100 * roc_auc(ys, [g[i] for i in idx]), 2),
                            "auc_cls": round(100 * roc_auc(ys, [c[i] for i in idx]), 2)}
    print(f"{run_dir}/{which}: " + json.dumps(result))
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack-encoder")
    p.add_argument("--prepared", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--encoder", default="minilm", help="minilm, mpnet or an encoder folder")
    p.add_argument("--part-mib", type=float, default=0, help="cut the file into parts of this many MiB")
    p = sub.add_parser("unpack-encoder")
    p.add_argument("packed")
    p.add_argument("out")
    p = sub.add_parser("export-weights")
    p.add_argument("run_dir")
    p.add_argument("out")
    p.add_argument("--which", default="best.pt")
    p.add_argument("--half", action="store_true", help="float16 weights (mpnet)")
    p.add_argument("--chunk-mib", type=int, default=15)
    p = sub.add_parser("assemble")
    p.add_argument("parts_dir")
    p.add_argument("--out", required=True)
    p.add_argument("--encoder", default="minilm")
    p = sub.add_parser("oof-scores", help="score the training pairs a cross-fitting run left out")
    p.add_argument("run_dir")
    p.add_argument("--prepared", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--which", default="best.pt")
    p.add_argument("--encoder", default=None, help="encoder directory, when not the one the run trained with")
    p.add_argument("--device", default="auto")
    p = sub.add_parser("val-scores", help="score a run's validation pairs and print their AUC")
    p.add_argument("run_dir")
    p.add_argument("--prepared", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--db-ids", default="", help="comma-separated databases of the shipping rule")
    p.add_argument("--which", default="best.pt")
    p.add_argument("--device", default="auto")
    a = ap.parse_args(argv)
    if a.cmd == "pack-encoder":
        pack_encoder(a.prepared, a.out, a.encoder, a.part_mib)
    elif a.cmd == "unpack-encoder":
        unpack_encoder(a.packed, a.out)
    elif a.cmd == "val-scores":
        val_scores(a.run_dir, a.prepared, a.out, a.db_ids, a.which, a.device)
    elif a.cmd == "oof-scores":
        oof_scores(a.run_dir, a.prepared, a.out, a.which, a.encoder, a.device)
    elif a.cmd == "export-weights":
        export_weights(a.run_dir, a.out, a.which, a.half, a.chunk_mib)
    else:
        assemble(a.parts_dir, a.out, a.encoder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
