"""A compact file of prepared training pairs: texts, labels and both graphs, without Python objects.

``sqlintent-lab train --prepare-only`` writes one (``prepared.npz``); a config whose data section names it
(``{"data": {"prepared": "runs/train/<name>/prepared.npz"}}``) trains from it without the source JSONL, the
schemas, spaCy or the SQL grammar. That is how a run moves to a machine that has torch but not the rest of
the training extra (a GPU machine, say): the file holds 42k pairs in about 10 MB.

Format: one ``numpy.savez_compressed`` archive. Strings are stored as one UTF-8 blob with offsets; question
graphs once per distinct question; graph arrays concatenated with node and edge offsets (node labels, which
only the debugging renderer reads, are dropped). ``meta`` is a JSON document (data hash, source files, counts).
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Sequence

import numpy as np

from sqlintent.detector.featurize import PreparedPair
from sqlintent.graphs.types import Graph

FORMAT = "sqlintent-prepared/1"


def _pack_strings(items: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    enc = [s.encode("utf-8") for s in items]
    offsets = np.zeros(len(enc) + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(b) for b in enc])
    return np.frombuffer(b"".join(enc), dtype=np.uint8), offsets


def _unpack_strings(blob: np.ndarray, offsets: np.ndarray) -> list[str]:
    raw = blob.tobytes()
    return [raw[offsets[i]:offsets[i + 1]].decode("utf-8") for i in range(len(offsets) - 1)]


def _pack_graphs(graphs: Sequence[Graph | None]) -> dict[str, np.ndarray]:
    present = np.asarray([g is not None for g in graphs], dtype=bool)
    real = [g for g in graphs if g is not None]
    n_off = np.zeros(len(real) + 1, dtype=np.int64)
    e_off = np.zeros(len(real) + 1, dtype=np.int64)
    n_off[1:] = np.cumsum([g.num_nodes for g in real])
    e_off[1:] = np.cumsum([g.num_edges for g in real])
    if real and max(int(g.node_type.max(initial=0)) for g in real) >= 2 ** 15:
        raise ValueError("node type id does not fit int16")

    def cat(xs, dt, ax=0):
        return np.concatenate(xs, axis=ax).astype(dt) if xs else np.zeros(0, dt)

    return {
        "present": present,
        "node_offsets": n_off,
        "edge_offsets": e_off,
        "node_type": cat([g.node_type for g in real], np.int16),
        "is_leaf": cat([g.is_leaf for g in real], bool),
        "span": cat([g.span.reshape(-1, 2) for g in real], np.int32) if real else np.zeros((0, 2), np.int32),
        "edges": cat([g.edge_index.reshape(2, -1) for g in real], np.int32, 1) if real
        else np.zeros((2, 0), np.int32),
    }


def _unpack_graphs(d: dict[str, np.ndarray], texts: Sequence[str]) -> list[Graph | None]:
    out: list[Graph | None] = []
    k = 0
    n_off, e_off = d["node_offsets"], d["edge_offsets"]
    for i, present in enumerate(d["present"]):
        if not present:
            out.append(None)
            continue
        a, b = int(n_off[k]), int(n_off[k + 1])
        ea, eb = int(e_off[k]), int(e_off[k + 1])
        out.append(Graph(node_type=d["node_type"][a:b].astype(np.int64), is_leaf=d["is_leaf"][a:b].copy(),
                         span=d["span"][a:b].astype(np.int64), edge_index=d["edges"][:, ea:eb].astype(np.int64),
                         labels=(), text=texts[i]))
        k += 1
    return out


def write_pack(path: str | os.PathLike, splits: dict[str, tuple[Sequence, Sequence[PreparedPair]]],
               meta: dict) -> Path:
    """Write ``{split: (records, prepared pairs)}`` (records have id, db_id, label, source) and ``meta``."""
    path = Path(path)
    arrays: dict[str, np.ndarray] = {}
    counts = {}
    for split, (records, prepared) in splits.items():
        if len(records) != len(prepared):
            raise ValueError(f"{split}: {len(records)} records but {len(prepared)} prepared pairs")
        questions: list[str] = []
        qindex: dict[str, int] = {}
        qgraphs: list[Graph | None] = []
        q_of_pair = np.zeros(len(prepared), dtype=np.int32)
        for i, p in enumerate(prepared):
            if p.question not in qindex:
                qindex[p.question] = len(questions)
                questions.append(p.question)
                qgraphs.append(p.question_graph)
            q_of_pair[i] = qindex[p.question]
        fields = {
            "id": [str(r.id) for r in records], "db_id": [str(r.db_id) for r in records],
            "source": [str(getattr(r, "source", "")) for r in records],
            "record_question": [str(r.question) for r in records],
            "sql": [p.sql_text for p in prepared], "sql_error": [p.sql_error or "" for p in prepared],
            "question": questions,
        }
        for name, items in fields.items():
            blob, off = _pack_strings(items)
            arrays[f"{split}/{name}/blob"], arrays[f"{split}/{name}/off"] = blob, off
        arrays[f"{split}/label"] = np.asarray([int(r.label) for r in records], dtype=np.int8)
        arrays[f"{split}/has_error"] = np.asarray([p.sql_error is not None for p in prepared], dtype=bool)
        arrays[f"{split}/q_of_pair"] = q_of_pair
        for prefix, graphs in (("qg", qgraphs), ("sg", [p.sql_graph for p in prepared])):
            for k, v in _pack_graphs(graphs).items():
                arrays[f"{split}/{prefix}/{k}"] = v
        counts[split] = {"pairs": len(records), "questions": len(questions)}
    meta = {**meta, "format": FORMAT, "counts": counts}
    arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True, default=str).encode("utf-8"), dtype=np.uint8)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, path)
    return path


def read_pack_meta(path: str | os.PathLike) -> dict | None:
    """The ``meta`` document of a prepared-pairs file without reading the pairs; None when unreadable."""
    try:
        with np.load(Path(path), allow_pickle=False) as z:
            return json.loads(z["meta"].tobytes().decode("utf-8")) if "meta" in z.files else None
    except (OSError, ValueError):
        return None


def read_pack(path: str | os.PathLike, record_factory=None) -> tuple[dict, dict[str, tuple[list, list[PreparedPair]]]]:
    """``(meta, {split: (records, prepared pairs)})``; records are built by ``record_factory(id, db_id,
    question, sql, label, source)`` (a tuple when None)."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"prepared data not found: {path}")
    with np.load(path, allow_pickle=False) as z:
        data = {k: z[k] for k in z.files}
    if "meta" not in data:
        raise ValueError(f"{path} is not a prepared-pairs file (no meta)")
    meta = json.loads(data["meta"].tobytes().decode("utf-8"))
    if meta.get("format") != FORMAT:
        raise ValueError(f"{path}: unknown format {meta.get('format')!r} (expected {FORMAT})")
    make = record_factory or (lambda *a: a)
    out = {}
    for split in meta["counts"]:
        s = {name: _unpack_strings(data[f"{split}/{name}/blob"], data[f"{split}/{name}/off"])
             for name in ("id", "db_id", "source", "record_question", "sql", "sql_error", "question")}
        labels = data[f"{split}/label"]
        has_err = data[f"{split}/has_error"]
        q_of_pair = data[f"{split}/q_of_pair"]
        qg = _unpack_graphs({k: data[f"{split}/qg/{k}"] for k in ("present", "node_offsets", "edge_offsets",
                                                                    "node_type", "is_leaf", "span", "edges")},
                            s["question"])
        sg = _unpack_graphs({k: data[f"{split}/sg/{k}"] for k in ("present", "node_offsets", "edge_offsets",
                                                                    "node_type", "is_leaf", "span", "edges")},
                            s["sql"])
        prepared = [PreparedPair(s["question"][q_of_pair[i]], s["sql"][i], qg[q_of_pair[i]], sg[i],
                                 s["sql_error"][i] if has_err[i] else None) for i in range(len(labels))]
        records = [make(s["id"][i], s["db_id"][i], s["record_question"][i], s["sql"][i], int(labels[i]),
                        s["source"][i]) for i in range(len(labels))]
        out[split] = (records, prepared)
    return meta, out
