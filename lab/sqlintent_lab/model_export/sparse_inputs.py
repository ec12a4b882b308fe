"""Give an exported detector sparse graph inputs: the dense token-to-node and pooling matrices become lists
of their non-zero entries, rewritten in the ONNX graph (no torch, no re-export; the weights are untouched).

Why: the exported model reads, per side, ``*_init`` float[nodes, batch x seq] (each leaf's average over its
sub-tokens) and ``*_membership`` float[batch, nodes] (mean pooling per graph). Both are dense, so a batch of
256 pairs allocates about 2.3 GB and the ``*_init`` MatMul multiplies mostly zeros; their non-zero entries
number a few per leaf and one per node. After the rewrite the model reads instead

* ``*_init_indices`` int64[2, nnz] (row = node, column = flat ``batch * seq`` sub-token) and
  ``*_init_values`` float[nnz]: ``Gather`` the encoder states by column, scale by the value, and
  ``ScatterND(reduction="add")`` into a zero [nodes, hidden] tensor (the rows come from ``*_node_type``);
* ``*_node_graph`` int64[nodes] (which pair each node belongs to) and ``*_node_weight`` float[nodes]
  (``1 / nodes of that graph``): the node states, scaled, ``ScatterND``-added into a zero [batch, hidden]
  tensor (the batch size comes from ``input_ids``): the per-graph mean, as the membership MatMul gave it.

``ScatterND`` with a reduction needs opset 16; the exported model is opset 17. The runtime
(:mod:`sqlintent.detector.runtime`) tells the two interfaces apart by their input names and featurises each
(:func:`sqlintent.detector.featurize.featurize`, ``sparse_inputs=True``).

    python -m sqlintent_lab.model_export.sparse_inputs IN.onnx OUT.onnx \
        [--parity ../shared/data/spider/dev.json --examples examples/queries --pairs 600 --batches 1,32,256]

With ``--parity`` it then scores real pairs with both files (Spider dev questions with their gold query and
with the next example's query, and the ``-- intent:`` statements of ``--examples``) in batches of each size
and fails (exit 1) unless ``score`` and ``score_cls`` agree within ``--tolerance`` (default 1e-5).

Needs ``onnx`` (the training extra); the runtime never imports this module.
"""
from __future__ import annotations

import argparse
import sys

__all__ = ["rewrite", "parity", "parity_pairs", "SIDES"]

SIDES = ("q", "s")
MIN_OPSET = 16


def _consumers(graph, name: str) -> list:
    return [n for n in graph.node if name in n.input]


def _weighted_scatter(v: str, rows_in: str, weights: str, index: str, rows_shape, width_of: str, out: str) -> list:
    """The nodes of ``out = zeros[rows, width]`` with ``rows_in[i] * weights[i]`` added at row ``index[i]``
    (ScatterND, reduction add): the sparse form of a MatMul by an averaging matrix. ``rows_shape``: the node
    giving the output's row count (its output is the first of the shape); ``width_of``: the tensor whose
    second dimension is the output's width. Node names start with ``v``."""
    from onnx import TensorProto, helper

    return [
        helper.make_node("Unsqueeze", [weights, "sparse/axis1"], [f"{v}/w"]),
        helper.make_node("Mul", [rows_in, f"{v}/w"], [f"{v}/updates"]),
        helper.make_node("Unsqueeze", [index, "sparse/axis1"], [f"{v}/at"]),
        rows_shape,
        helper.make_node("Shape", [width_of], [f"{v}/h"], start=1),
        helper.make_node("Concat", [rows_shape.output[0], f"{v}/h"], [f"{v}/shape"], axis=0),
        helper.make_node("ConstantOfShape", [f"{v}/shape"], [f"{v}/zeros"],
                         value=helper.make_tensor("zero", TensorProto.FLOAT, [1], [0.0])),
        helper.make_node("ScatterND", [f"{v}/zeros", f"{v}/at", f"{v}/updates"], [out],
                         reduction="add", name=f"{v}/scatter"),
    ]


def _one_matmul(graph, name: str, position: int):
    """The single MatMul that reads graph input ``name`` as its input ``position`` (else ValueError)."""
    users = _consumers(graph, name)
    if len(users) != 1 or users[0].op_type != "MatMul" or list(users[0].input).index(name) != position:
        found = ", ".join(f"{n.op_type} {n.name}" for n in users) or "nothing"
        raise ValueError(f"expected {name} to feed one MatMul as input {position}, found {found}")
    return users[0]


def _check_opset(model) -> None:
    version = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 0)
    if version < MIN_OPSET:
        raise ValueError(f"ScatterND with reduction needs opset {MIN_OPSET}; the model is opset {version}")


def rewrite(model) -> list[str]:
    """Rewrite ``model`` (an ``onnx.ModelProto``) in place; returns the new input names, in the order of
    the graph's inputs. Raises ValueError when the model is not the dense detector interface."""
    from onnx import TensorProto, helper

    _check_opset(model)
    graph = model.graph
    inputs = {i.name: i for i in graph.input}
    missing = [f"{p}_{k}" for p in SIDES for k in ("init", "membership", "node_type")
               if f"{p}_{k}" not in inputs]
    if missing or "input_ids" not in inputs:
        raise ValueError(f"not a dense detector model: missing inputs {', '.join(missing or ['input_ids'])}")
    replacement: dict[str, list] = {}  # MatMul output -> the nodes that take its place
    new_inputs: dict[str, list] = {}  # dense input name -> its replacement ValueInfos
    consts = [
        helper.make_node("Constant", [], ["sparse/axis1"], value=helper.make_tensor("a1", TensorProto.INT64, [1], [1])),
        helper.make_node("Constant", [], ["sparse/zero"], value=helper.make_tensor("z", TensorProto.INT64, [], [0])),
        helper.make_node("Constant", [], ["sparse/one"], value=helper.make_tensor("o", TensorProto.INT64, [], [1])),
    ]
    for p in SIDES:
        # token -> node averaging: MatMul(p_init [N, BT], states [BT, H]) -> [N, H]
        mm = _one_matmul(graph, f"{p}_init", 0)
        states, out = mm.input[1], mm.output[0]
        v = f"sparse/{p}_init"
        replacement[mm.output[0]] = [
            helper.make_node("Gather", [f"{p}_init_indices", "sparse/zero"], [f"{v}/rows"], axis=0),
            helper.make_node("Gather", [f"{p}_init_indices", "sparse/one"], [f"{v}/cols"], axis=0),
            helper.make_node("Gather", [states, f"{v}/cols"], [f"{v}/picked"], axis=0),
            *_weighted_scatter(v, f"{v}/picked", f"{p}_init_values", f"{v}/rows",
                               helper.make_node("Shape", [f"{p}_node_type"], [f"{v}/n"]), states, out),
        ]
        new_inputs[f"{p}_init"] = [
            helper.make_tensor_value_info(f"{p}_init_indices", TensorProto.INT64, [2, f"{p}_init_nnz"]),
            helper.make_tensor_value_info(f"{p}_init_values", TensorProto.FLOAT, [f"{p}_init_nnz"]),
        ]
        # mean pooling: MatMul(p_membership [B, N], nodes [N, H]) -> [B, H]
        mm = _one_matmul(graph, f"{p}_membership", 0)
        nodes, out = mm.input[1], mm.output[0]
        v = f"sparse/{p}_pool"
        replacement[mm.output[0]] = _weighted_scatter(
            v, nodes, f"{p}_node_weight", f"{p}_node_graph",
            helper.make_node("Shape", ["input_ids"], [f"{v}/b"], start=0, end=1), nodes, out)
        new_inputs[f"{p}_membership"] = [
            helper.make_tensor_value_info(f"{p}_node_graph", TensorProto.INT64, [f"{p}_nodes"]),
            helper.make_tensor_value_info(f"{p}_node_weight", TensorProto.FLOAT, [f"{p}_nodes"]),
        ]
    nodes = list(consts)
    for n in graph.node:
        nodes.extend(replacement.get(n.output[0], [n]) if n.output else [n])
    del graph.node[:]
    graph.node.extend(nodes)
    ins = []
    for i in graph.input:
        ins.extend(new_inputs.get(i.name, [i]))
    del graph.input[:]
    graph.input.extend(ins)
    return [i.name for i in graph.input]


def parity_pairs(spider_dev: str | None, examples: str | None, limit: int) -> list[tuple[str, str]]:
    """(question, SQL) pairs: each Spider dev question with its gold query and with the next example's query
    (so that both high and low scores are compared), then the ``-- intent:`` statements under ``examples``."""
    import json
    import re
    from pathlib import Path

    pairs: list[tuple[str, str]] = []
    if spider_dev:
        rows = json.loads(Path(spider_dev).read_text(encoding="utf-8"))
        for i, row in enumerate(rows[: (limit + 1) // 2]):
            pairs.append((row["question"], row["query"]))
            pairs.append((row["question"], rows[(i + 1) % len(rows)]["query"]))
    for path in sorted(Path(examples).glob("*.sql")) if examples else []:
        for m in re.finditer(r"--\s*intent:\s*(.+?)\n(.*?);", path.read_text(encoding="utf-8"), re.S):
            sql = "\n".join(line for line in m.group(2).splitlines() if not line.lstrip().startswith("--"))
            if sql.strip():
                pairs.append((m.group(1).strip(), sql.strip()))
    return pairs


def parity(model_dir: str | None, sparse_model: str, pairs: list[tuple[str, str]], batches: list[int],
           tolerance: float = 1e-5) -> dict:
    """Dense model of ``model_dir`` (default the bundled one) against ``sparse_model``, each fed by its own
    featurisation, for each batch size: the largest |dense - sparse| of ``score`` and ``score_cls`` and the
    pairs over ``tolerance``. Each batch runs in one session call (not pair by pair, whatever the runtime
    does for int8), so the batch sizes are really exercised. ``"ulp"``: the dense model's own change, pair by
    pair, when its ``*_init`` values move by one unit in the last place (the reordering of a sum changes no
    more), for scale."""
    import shutil
    import tempfile
    from pathlib import Path

    import numpy as np

    from sqlintent.detector.runtime import Detector, default_model_dir

    dense = Detector.load(model_dir, provider="cpu")
    dense._start()
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("tokenizer.json", "detector.json"):
            shutil.copy(Path(model_dir or default_model_dir()) / name, Path(tmp) / name)
        shutil.copy(sparse_model, Path(tmp) / "model.onnx")
        sparse = Detector.load(tmp, provider="cpu")
        sparse._start()
        if dense.sparse_inputs or not sparse.sparse_inputs:
            raise ValueError("parity needs a dense model and a sparse one")
        prepared = [dense.prepare(q, s) for q, s in pairs]
        out: dict = {}
        for bs in batches:
            diffs = []
            for i in range(0, len(prepared), bs):
                chunk = prepared[i : i + bs]
                a = dense._session.run(["score", "score_cls"], dense.feed(dense.featurize(chunk)))
                b = sparse._session.run(["score", "score_cls"], sparse.feed(sparse.featurize(chunk)))
                diffs.append(np.abs(np.stack(a, 1) - np.stack(b, 1)))
            d = np.concatenate(diffs)
            out[bs] = {"score": float(d[:, 0].max()), "score_cls": float(d[:, 1].max()),
                       "over": int((d.max(1) > tolerance).sum())}
        moved = []
        for p in prepared:
            feed = dense.feed(dense.featurize([p]))
            base = dense._session.run(["score"], feed)[0]
            for k in ("q_init", "s_init"):
                feed[k] = feed[k] * np.float32(1 + 2.0**-23)
            moved.append(float(np.abs(dense._session.run(["score"], feed)[0] - base).max()))
        out["ulp"] = {"score": max(moved), "over": int(sum(m > tolerance for m in moved))}
        return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("src", help="a detector model.onnx with the dense inputs")
    ap.add_argument("dst", help="where to write the rewritten model")
    ap.add_argument("--parity", metavar="SPIDER_DEV_JSON", help="check scores on pairs from this file")
    ap.add_argument("--examples", metavar="DIR", help="also the -- intent: statements of DIR/*.sql")
    ap.add_argument("--pairs", type=int, default=600, help="Spider pairs to compare (default 600)")
    ap.add_argument("--batches", default="1,32,256")
    ap.add_argument("--tolerance", type=float, default=1e-5)
    args = ap.parse_args(argv)
    import onnx

    model = onnx.load(args.src)
    try:
        names = rewrite(model)
    except ValueError as exc:
        print(f"{args.src}: {exc}", file=sys.stderr)
        return 2
    onnx.save(model, args.dst)
    print(f"wrote {args.dst}; inputs: {', '.join(names)}")
    if not (args.parity or args.examples):
        return 0
    from pathlib import Path

    pairs = parity_pairs(args.parity, args.examples, args.pairs)
    res = parity(str(Path(args.src).parent), args.dst, pairs, [int(b) for b in args.batches.split(",")],
                 args.tolerance)
    ulp = res.pop("ulp")
    for bs, r in res.items():
        print(f"batch {bs}: {len(pairs)} pairs, max |dense - sparse| score {r['score']:.2e}, "
              f"score_cls {r['score_cls']:.2e}; {r['over']} pairs over {args.tolerance:g}")
    print(f"for scale, the dense model alone with *_init moved by one ulp: max change {ulp['score']:.2e}, "
          f"{ulp['over']} pairs over {args.tolerance:g}")
    ok = all(r["over"] == 0 for r in res.values())
    print("parity " + ("holds" if ok else f"FAILS (tolerance {args.tolerance:g})"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
