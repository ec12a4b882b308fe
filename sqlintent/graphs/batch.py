"""Batching graphs into one disjoint graph, the form the detector's GNN (and its ONNX export) reads."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from sqlintent.graphs.types import Graph

__all__ = ["BatchedGraph", "batch_graphs"]


@dataclass(frozen=True)
class BatchedGraph:
    """Several graphs as one disjoint graph.

    Attributes:
        node_type: int64[N] concatenated node types.
        is_leaf: bool[N].
        span: int64[N, 2] spans, each into its own graph's text (see ``texts``).
        edge_index: int64[2, E] edges, each graph's node ids offset by the nodes before it.
        graph_index: int64[N] which graph each node belongs to.
        node_offset: int64[G + 1] graph g owns nodes ``node_offset[g]:node_offset[g + 1]``.
        node_weight: float32[N] ``1 / n_g`` for each node of graph g: the non-zero entries of ``membership``.
        texts: each graph's text.

    ``membership`` (built on demand) is the float32[G, N] mean-pooling matrix: row g is ``1 / n_g`` on graph
    g's nodes and 0 elsewhere, so ``membership @ h`` is the per-graph mean of node states ``h`` (a graph with
    no nodes gets a zero row).
    """

    node_type: np.ndarray
    is_leaf: np.ndarray
    span: np.ndarray
    edge_index: np.ndarray
    graph_index: np.ndarray
    node_offset: np.ndarray
    node_weight: np.ndarray
    texts: tuple[str, ...]

    @property
    def membership(self) -> np.ndarray:
        out = np.zeros((self.num_graphs, self.num_nodes), dtype=np.float32)
        out[self.graph_index, np.arange(self.num_nodes)] = self.node_weight
        return out

    @property
    def num_graphs(self) -> int:
        return int(self.node_offset.shape[0] - 1)

    @property
    def num_nodes(self) -> int:
        return int(self.node_type.shape[0])


def batch_graphs(graphs: Sequence[Graph]) -> BatchedGraph:
    """Concatenate ``graphs`` into one :class:`BatchedGraph` (order kept)."""
    counts = np.asarray([g.num_nodes for g in graphs], dtype=np.int64)
    node_offset = np.zeros(len(graphs) + 1, dtype=np.int64)
    np.cumsum(counts, out=node_offset[1:])

    if graphs:
        node_type = np.concatenate([g.node_type.astype(np.int64, copy=False) for g in graphs])
        is_leaf = np.concatenate([g.is_leaf.astype(bool, copy=False) for g in graphs])
        span = np.concatenate([g.span.reshape(-1, 2).astype(np.int64, copy=False) for g in graphs])
        edge_index = np.concatenate(
            [g.edge_index.reshape(2, -1).astype(np.int64, copy=False) + off
             for g, off in zip(graphs, node_offset[:-1])],
            axis=1,
        )
    else:
        node_type = np.zeros(0, dtype=np.int64)
        is_leaf = np.zeros(0, dtype=bool)
        span = np.zeros((0, 2), dtype=np.int64)
        edge_index = np.zeros((2, 0), dtype=np.int64)

    graph_index = np.repeat(np.arange(len(graphs), dtype=np.int64), counts)
    weights = np.zeros(len(graphs), dtype=np.float32)
    nonempty = counts > 0
    weights[nonempty] = 1.0 / counts[nonempty]

    return BatchedGraph(
        node_type=node_type,
        is_leaf=is_leaf,
        span=span,
        edge_index=edge_index,
        graph_index=graph_index,
        node_offset=node_offset,
        node_weight=weights[graph_index],
        texts=tuple(g.text for g in graphs),
    )
