"""The graph form shared by the graph builders, the detector's featuriser, training and the ONNX runtime.

A graph is a handful of numpy index arrays, so that a batch of graphs is one disjoint graph and the model
exports cleanly to ONNX (no Python objects cross the model boundary).

Nodes are numbered 0..N-1. Every node is either a *leaf* (a word of the question, a token of the SQL) or a
*non-terminal* (a grammar rule of the SQL parse tree, a phrase of the question). Leaves carry a character span
into the text they came from; the featuriser averages the encoder sub-tokens that overlap that span. Non-
terminals carry a type id into a fixed vocabulary (``sqlintent.graphs.vocab``) and start from a learned
embedding of that type.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Graph:
    """One question graph or one SQL graph.

    Attributes:
        node_type: int64[N]. Vocabulary id of each non-terminal's type; for leaves, the id of the leaf kind
            (e.g. ``LEAF``) so that the array is total.
        is_leaf: bool[N]. True for leaves (words / SQL tokens).
        span: int64[N, 2]. For leaves, [start, end) character offsets into ``text``; for non-terminals, the
            span covering their leaves (informational; the model does not read it).
        edge_index: int64[2, E]. Directed edges (source row 0, target row 1). Builders emit both directions
            of every tree edge and of every sequential edge between consecutive leaves.
        labels: the human-readable label of each node (rule name, or the leaf's text), for debugging/`graph`.
        text: the text the spans point into (the question, or the SQL as given to the encoder).
    """

    node_type: np.ndarray
    is_leaf: np.ndarray
    span: np.ndarray
    edge_index: np.ndarray
    labels: tuple[str, ...] = field(default=())
    text: str = ""

    @property
    def num_nodes(self) -> int:
        return int(self.node_type.shape[0])

    @property
    def num_edges(self) -> int:
        return int(self.edge_index.shape[1])

    def leaf_indices(self) -> np.ndarray:
        return np.nonzero(self.is_leaf)[0]
