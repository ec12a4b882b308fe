"""Make a dynamically quantised detector batch-independent: every ``DynamicQuantizeLinear -> MatMulInteger``
becomes a float ``MatMul`` over the dequantised int8 weights.

Why: a dynamically quantised model computes each activation's int8 scale over the whole input tensor, so a
pair's score depends on the other pairs (and the padding) in its batch, and the runtime has to score pairs
one at a time. After this rewrite the activations stay float and only the weights are int8-rounded (they are
stored as int8 and dequantised by a ``DequantizeLinear`` node that ONNX Runtime folds at load), so a batch
of any size gives each pair the score it gets alone, and batches of 8-16 pairs run several times faster per
pair on a CPU than pairs one by one (``docs/performance.md``).

    python -m sqlintent_lab.model_export.batch_independent IN.onnx OUT.onnx

Needs ``onnx`` (the training extra). The pattern rewritten is the one ``onnxruntime.quantization.
quantize_dynamic`` writes: ``x -> DynamicQuantizeLinear -> (xq, xs, xzp)``; ``MatMulInteger(xq, Wq, xzp,
wzp) -> Cast -> Mul(., xs * ws)``. Weight-only ``DequantizeLinear`` nodes (the embedding tables) are already
batch-independent and are left alone.
"""
from __future__ import annotations

import argparse
import sys


def rewrite(model):
    """Rewrite ``model`` (an ``onnx.ModelProto``) in place; returns the number of MatMuls rewritten."""
    from onnx import helper

    graph = model.graph
    producer = {o: n for n in graph.node for o in n.output}
    consumers: dict[str, list] = {}
    for n in graph.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)
    inits = {i.name for i in graph.initializer}
    remove, replace_at, count = set(), {}, 0
    for n in list(graph.node):
        if n.op_type != "MatMulInteger":
            continue
        xq, wq, _xzp, wzp = n.input
        dq = producer.get(xq)
        if dq is None or dq.op_type != "DynamicQuantizeLinear" or wq not in inits:
            continue
        cast = consumers[n.output[0]][0]
        mul = consumers[cast.output[0]][0]
        if cast.op_type != "Cast" or mul.op_type != "Mul":
            continue
        scales = producer.get(mul.input[1])  # Mul(xs, ws)
        if scales is None or scales.op_type != "Mul":
            continue
        ws = next(i for i in scales.input if i in inits)
        w_float = f"{wq}_dequantized"
        # emitted where the Mul was: every input is produced before it
        replace_at[id(mul)] = [
            helper.make_node("DequantizeLinear", [wq, ws, wzp], [w_float], name=f"{n.name}_weight_dq"),
            helper.make_node("MatMul", [dq.input[0], w_float], [mul.output[0]], name=f"{n.name}_float")]
        remove.update({id(n), id(cast)})
        count += 1
    kept = []
    for n in graph.node:
        if id(n) in replace_at:
            kept.extend(replace_at[id(n)])
        elif id(n) not in remove:
            kept.append(n)
    # drop what no longer feeds anything (the activation quantisers, the scale products)
    outputs = {o.name for o in graph.output}
    while True:
        used = _used_names(kept) | outputs
        pruned = [n for n in kept if any(o in used for o in n.output)]
        if len(pruned) == len(kept):
            break
        kept = pruned
    used = _used_names(kept)
    live_inits = [i for i in graph.initializer if i.name in used]
    del graph.initializer[:]
    graph.initializer.extend(live_inits)
    del graph.node[:]
    graph.node.extend(kept)
    return count


def _used_names(nodes) -> set[str]:
    """Every value name read by ``nodes``, including reads from inside their subgraphs (If, Loop)."""
    used: set[str] = set()
    for n in nodes:
        used.update(n.input)
        for attr in n.attribute:
            for g in ([attr.g] if attr.HasField("g") else []) + list(attr.graphs):
                used |= _used_names(g.node)
    return used


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("src")
    ap.add_argument("dst")
    args = ap.parse_args(argv)
    import onnx

    model = onnx.load(args.src)
    n = rewrite(model)
    # (onnx.checker rejects the exported graph itself, before this rewrite: If subgraphs read outer values)
    onnx.save(model, args.dst)
    print(f"{n} MatMulInteger rewritten to float MatMul; wrote {args.dst}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
