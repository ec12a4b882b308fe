"""Export a trained checkpoint to the directory the runtime loads (``sqlintent/detector_model/`` by default).

Writes ``model.onnx`` (dynamic batch, sequence, node and edge sizes), ``tokenizer.json`` (copied from the
encoder directory) and ``detector.json`` (architecture, input names, max length, mask token id, the node-
type vocabulary, provenance of the checkpoint). Then:

* parity: torch against ONNX Runtime on real pairs (max abs difference of the scores must be < 1e-4);
* int8: per-channel dynamic quantisation (``onnxruntime.quantization.quantize_dynamic``); kept (as
  ``model.onnx``, with the fp32 file removed) only when its AUC on the given labelled pairs is within
  ``max_auc_drop`` (0.5 points) of fp32's; both AUCs are recorded in ``detector.json``.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import time
from pathlib import Path

import numpy as np

log = logging.getLogger("sqlintent.export")

OPSET = 17
CONFIG_NAME = "detector.json"


def read_checkpoint(path_or_file) -> dict:
    """A checkpoint dict read with ``weights_only=True``: tensors and plain values only, never a pickle that
    could run code. numpy scalars and dtypes (older checkpoints hold a few in their history) are allowed as
    data; anything else is refused by torch with the name of the type."""
    import torch

    allowed = [np.dtype, type(np.dtype(np.float64)), type(np.dtype(np.float32)), type(np.dtype(np.int64))]
    scalar = getattr(getattr(np, "_core", getattr(np, "core", None)), "multiarray", None)
    if scalar is not None and hasattr(scalar, "scalar"):
        allowed.append(scalar.scalar)
    with torch.serialization.safe_globals(allowed):
        return torch.load(path_or_file, map_location="cpu", weights_only=True)


def load_checkpoint(path: str | os.PathLike, random_init: bool = False, encoder: str | None = None):
    """(model in eval mode, checkpoint dict) from a ``train.py`` checkpoint; ``encoder`` names the encoder
    directory when it is not the one the run trained with (its config; the weights come from the checkpoint)."""
    from sqlintent_lab.model_export.model import ErrorDetector, ModelConfig

    ck = read_checkpoint(path)
    mc = {**ck["model_config"], **({"encoder": encoder} if encoder else {})}
    model = ErrorDetector(ModelConfig(**mc), random_init=True)
    model.load_state_dict(ck["model"])
    model.eval()
    return model, ck


def export_onnx(model, out_path: Path, sample_arrays: dict, variant: str) -> list[str]:
    """Export ``model`` (an ``ErrorDetector``) with dynamic axes; returns the input names used."""
    import torch

    from sqlintent.detector.featurize import ENCODER_INPUT_NAMES, INPUT_NAMES
    from sqlintent_lab.model_export.model import ExportWrapper, to_tensors

    names = list(ENCODER_INPUT_NAMES if variant == "cls" else INPUT_NAMES)
    dyn: dict[str, dict[int, str]] = {
        "input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
        "token_type_ids": {0: "batch", 1: "seq"}, "score": {0: "batch"}, "score_cls": {0: "batch"},
    }
    for p in ("q", "s"):
        dyn[f"{p}_node_type"] = {0: f"{p}_nodes"}
        dyn[f"{p}_init"] = {0: f"{p}_nodes", 1: "batch_x_seq"}
        dyn[f"{p}_has_tok"] = {0: f"{p}_nodes"}
        dyn[f"{p}_edge_index"] = {1: f"{p}_edges"}
        dyn[f"{p}_membership"] = {0: "batch", 1: f"{p}_nodes"}
    dyn = {k: v for k, v in dyn.items() if k in names or k.startswith("score")}
    wrapper = ExportWrapper(model).eval()
    args = tuple(to_tensors(sample_arrays, names))
    with torch.no_grad():
        torch.onnx.export(wrapper, args, str(out_path), input_names=names, output_names=["score", "score_cls"],
                          dynamic_axes=dyn, opset_version=OPSET, do_constant_folding=True, dynamo=False)
    return names


def torch_scores(model, feats_list, variant: str) -> np.ndarray:
    import torch

    from sqlintent.detector.featurize import ENCODER_INPUT_NAMES, INPUT_NAMES
    from sqlintent_lab.model_export.model import to_tensors

    names = ENCODER_INPUT_NAMES if variant == "cls" else INPUT_NAMES
    outs = []
    with torch.no_grad():
        for f in feats_list:
            g, c = model(*to_tensors(f.arrays, names))
            outs.append(np.stack([torch.sigmoid(g).numpy(), torch.sigmoid(c).numpy()], axis=1))
    return np.concatenate(outs)


def onnx_scores(path: Path, feats_list, names: list[str]) -> np.ndarray:
    """Scores of featurised batches with ONNX Runtime on CPU: rows (graph score, [CLS] score)."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    sess = ort.InferenceSession(str(path), sess_options=opts, providers=["CPUExecutionProvider"])
    outs = []
    for f in feats_list:
        s, c = sess.run(["score", "score_cls"], {n: f.arrays[n] for n in names})
        outs.append(np.stack([s, c], axis=1))
    return np.concatenate(outs)


def quantize_int8(src: Path, dst: Path) -> None:
    """Per-channel dynamic int8 quantisation of the MatMul/Gemm weights and of the embedding tables (Gather)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(src), str(dst), per_channel=True, weight_type=QuantType.QInt8,
                     op_types_to_quantize=["MatMul", "Gemm", "Gather"])


def export(checkpoint: str | os.PathLike, out_dir: str | os.PathLike, parity_pairs: list, labelled: list | None = None,
           int8: bool = True, max_auc_drop: float = 0.005, batch_size: int = 16) -> dict:
    """Export ``checkpoint`` into ``out_dir``.

    Args:
        parity_pairs: ``PreparedPair`` list (real pairs) for the parity check (50 are used).
        labelled: optional ``(PreparedPair, label)`` list; when given, the int8 model's AUC is compared with
            fp32's on it and int8 is kept only within ``max_auc_drop``.
    Returns the report written into ``detector.json`` under ``"export"``.
    """
    from sqlintent.detector.featurize import featurize, load_tokenizer
    from sqlintent.detector.metrics import roc_auc
    from sqlintent.graphs import vocab
    from sqlintent_lab.model_export.train_data import tokenizer_path

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    model, ck = load_checkpoint(checkpoint)
    mc = ck["model_config"]
    tok_src = tokenizer_path(mc["encoder"])
    tokenizer = load_tokenizer(tok_src, mc["max_length"])
    mask_id = tokenizer.token_to_id("[MASK]")
    if mask_id is None:
        mask_id = tokenizer.token_to_id("<mask>")

    saved_vocab = ck.get("vocab") or json.loads(vocab.to_json())
    vocab.check_compatible(saved_vocab)
    ntypes = len(saved_vocab["names"])
    parity = parity_pairs[:50]
    if not parity:
        raise ValueError("export needs real pairs for the parity check")
    batches = [featurize(parity[i : i + batch_size], tokenizer, num_types=ntypes) for i in range(0, len(parity), batch_size)]
    fp32 = out / "model.fp32.onnx"
    names = export_onnx(model, fp32, batches[0].arrays, mc["variant"])
    t_ref = torch_scores(model, batches, mc["variant"])
    o_ref = onnx_scores(fp32, batches, names)
    max_diff = float(np.abs(t_ref - o_ref).max())
    report: dict = {"parity_pairs": len(parity), "parity_max_abs_diff": max_diff, "parity_ok": max_diff < 1e-4,
                    "opset": OPSET}
    log.info("parity on %d real pairs: max abs diff %.2e", len(parity), max_diff)
    if max_diff >= 1e-4:
        raise RuntimeError(f"ONNX parity check failed: max abs diff {max_diff:.2e} >= 1e-4")

    final = out / "model.onnx"
    chosen = "fp32"
    if int8:
        q8 = out / "model.int8.onnx"
        quantize_int8(fp32, q8)
        if labelled:
            prepared = [p for p, _ in labelled]
            y = np.asarray([lab for _, lab in labelled])
            # one pair per run: dynamic int8 quantisation takes activation scales over the whole batch, so the
            # runtime scores an int8 model pair by pair (``Detector.per_pair``); fp32 is measured the same way
            fb = [featurize([p], tokenizer, num_types=ntypes) for p in prepared]
            a32 = onnx_scores(fp32, fb, names)
            a8 = onnx_scores(q8, fb, names)
            auc32, auc8 = roc_auc(y, a32[:, 0]), roc_auc(y, a8[:, 0])
            report.update({"auc_pairs": len(y), "auc_fp32": auc32, "auc_int8": auc8,
                           "auc_cls_fp32": roc_auc(y, a32[:, 1]), "auc_cls_int8": roc_auc(y, a8[:, 1])})
            keep8 = (auc32 - auc8) <= max_auc_drop
            log.info("AUC fp32 %.4f, int8 %.4f on %d pairs: %s int8", auc32, auc8, len(y),
                     "keeping" if keep8 else "dropping")
        else:
            keep8 = False
            report["int8_note"] = "no labelled pairs given: int8 not validated, fp32 kept"
        if keep8:
            os.replace(q8, final)
            fp32.unlink()
            chosen = "int8"
        else:
            q8.unlink(missing_ok=True)
    if chosen == "fp32":
        os.replace(fp32, final)
    report["weights"] = chosen
    report["per_pair"] = chosen == "int8"
    report["model_bytes"] = final.stat().st_size
    shutil.copyfile(tok_src, out / "tokenizer.json")
    cfg = {
        "format": 1,
        "variant": mc["variant"],
        "inputs": names,
        "outputs": ["score", "score_cls"],
        "max_length": mc["max_length"],
        "mask_token_id": mask_id,
        "model_config": mc,
        "vocab": saved_vocab,
        "normalise": True,
        "trained": {**{k: ck.get(k) for k in ("seed", "data_sha256", "data_files", "git_commit", "train_pairs",
                                              "valid_pairs", "step", "total_steps", "best_auc", "device",
                                              "encoder_on_training_machine") if k in ck},
                    "config": (ck.get("config") or {}).get("name"), "valid": ck.get("valid")},
        "exported_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "export": report,
    }
    (out / CONFIG_NAME).write_text(json.dumps(cfg, indent=2, default=str), encoding="utf-8")
    return report


def write_model_dir(model, out_dir: str | os.PathLike, tokenizer_json: str, sample_pairs: list,
                    extra: dict | None = None) -> Path:
    """Export ``model`` (fp32, no checks) with its tokenizer and ``detector.json`` into ``out_dir``.

    For development and tests (e.g. a tiny randomly initialised model); :func:`export` is the checked
    path for trained models.
    """
    from sqlintent.detector.featurize import featurize, load_tokenizer
    from sqlintent.graphs import vocab

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    mc = model.config.to_dict()
    tok = load_tokenizer(tokenizer_json, mc["max_length"])
    names = export_onnx(model, out / "model.onnx", featurize(sample_pairs, tok).arrays, mc["variant"])
    shutil.copyfile(tokenizer_json, out / "tokenizer.json")
    cfg = {"format": 1, "variant": mc["variant"], "inputs": names, "outputs": ["score", "score_cls"],
           "max_length": mc["max_length"], "mask_token_id": tok.token_to_id("[MASK]"), "model_config": mc,
           "vocab": json.loads(vocab.to_json()), "normalise": True, "export": {"weights": "fp32"},
           **(extra or {})}
    (out / CONFIG_NAME).write_text(json.dumps(cfg, indent=2, default=str), encoding="utf-8")
    return out


def tiny_model(seed: int = 0, variant: str = "gat+cls"):
    """The real architecture around a tiny random BERT (MiniLM vocabulary, 2 layers of width 32)."""
    import torch
    from transformers import BertConfig, BertModel

    from sqlintent_lab.model_export.model import ErrorDetector, ModelConfig

    torch.manual_seed(seed)
    cfg = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                     intermediate_size=64, max_position_embeddings=512, attn_implementation="eager")
    model = ErrorDetector(ModelConfig(encoder="tiny-random", variant=variant, max_length=128),
                          encoder=BertModel(cfg))
    return model.eval()
