"""Plain renderings of graphs for debugging (``sqlintent graph``): JSON-ready dicts and Graphviz DOT."""
from __future__ import annotations

import json

from sqlintent.graphs import vocab
from sqlintent.graphs.types import Graph

__all__ = ["graph_to_dict", "graphs_to_dot"]


def graph_to_dict(graph: Graph) -> dict:
    """The graph as plain data: nodes (id, kind, type, label, span) and edges split by kind."""
    nodes = []
    for i in range(graph.num_nodes):
        start, end = (int(x) for x in graph.span[i])
        leaf = bool(graph.is_leaf[i])
        nodes.append({
            "id": i,
            "leaf": leaf,
            "type": vocab.name(int(graph.node_type[i])),
            "label": graph.labels[i] if i < len(graph.labels) else "",
            "span": [start, end],
        })
    tree, other = _split_edges(graph)
    return {
        "text": graph.text,
        "num_nodes": graph.num_nodes,
        "num_edges": graph.num_edges,
        "nodes": nodes,
        "tree_edges": tree,
        "leaf_edges": other,
    }


def _split_edges(graph: Graph) -> tuple[list[list[int]], list[list[int]]]:
    """Undirected edges once each (a < b): those touching a non-terminal (tree edges) and leaf-leaf ones
    (sequential edges, and dependency edges in the question graph)."""
    seen = set()
    tree, other = [], []
    for a, b in graph.edge_index.T.tolist():
        key = (min(a, b), max(a, b))
        if key in seen:
            continue
        seen.add(key)
        if graph.is_leaf[a] and graph.is_leaf[b]:
            other.append(list(key))
        else:
            tree.append(list(key))
    return tree, other


def graphs_to_dot(graphs: dict[str, Graph]) -> str:
    """Several named graphs as one Graphviz digraph, one cluster each.

    Tree edges are solid, leaf-to-leaf edges (sequential / dependency) dashed; leaves are boxes.
    """
    lines = ["digraph sqlintent {", "  rankdir=TB;", "  node [fontname=\"Helvetica\"];"]
    for name, graph in graphs.items():
        lines.append(f"  subgraph cluster_{name} {{")
        lines.append(f"    label={json.dumps(name)};")
        for i in range(graph.num_nodes):
            label = graph.labels[i] if i < len(graph.labels) else str(i)
            shape = "box" if graph.is_leaf[i] else "ellipse"
            lines.append(f"    {name}_{i} [label={json.dumps(label)}, shape={shape}];")
        tree, other = _split_edges(graph)
        for a, b in tree:
            lines.append(f"    {name}_{a} -> {name}_{b} [dir=none];")
        for a, b in other:
            lines.append(f"    {name}_{a} -> {name}_{b} [dir=none, style=dashed, constraint=false];")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"
