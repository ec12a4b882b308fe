"""Batching graphs into one disjoint graph with a mean-pooling membership matrix."""
from __future__ import annotations

import numpy as np

from sqlintent.graphs.batch import batch_graphs
from sqlintent.graphs.question_graph import build_question_graph
from sqlintent.graphs.sql_graph import build_sql_graph
from sqlintent.graphs.types import Graph


def small(n: int, edges: list[tuple[int, int]], text: str) -> Graph:
    return Graph(
        node_type=np.arange(n, dtype=np.int64) + 2,
        is_leaf=np.array([i % 2 == 1 for i in range(n)]),
        span=np.array([[i, i + 1] for i in range(n)], dtype=np.int64).reshape(-1, 2),
        edge_index=np.array(edges, dtype=np.int64).reshape(-1, 2).T.copy(),
        labels=tuple(str(i) for i in range(n)),
        text=text,
    )


def test_two_graphs_concatenate_with_offset_edges():
    a = small(3, [(0, 1), (1, 0), (0, 2), (2, 0)], "abc")
    b = small(2, [(0, 1), (1, 0)], "de")
    batch = batch_graphs([a, b])
    assert batch.num_graphs == 2 and batch.num_nodes == 5
    assert batch.node_type.tolist() == [2, 3, 4, 2, 3]
    assert batch.is_leaf.tolist() == [False, True, False, False, True]
    assert batch.span.tolist() == [[0, 1], [1, 2], [2, 3], [0, 1], [1, 2]]
    assert batch.edge_index.T.tolist() == [[0, 1], [1, 0], [0, 2], [2, 0], [3, 4], [4, 3]]
    assert batch.graph_index.tolist() == [0, 0, 0, 1, 1]
    assert batch.node_offset.tolist() == [0, 3, 5]
    assert batch.texts == ("abc", "de")
    assert batch.membership.dtype == np.float32 and batch.membership.shape == (2, 5)
    np.testing.assert_allclose(batch.membership, [[1 / 3, 1 / 3, 1 / 3, 0, 0], [0, 0, 0, 0.5, 0.5]], rtol=1e-6)


def test_membership_matrix_mean_pools():
    graphs = [build_question_graph("How many singers are there?"),
              build_sql_graph("SELECT count(*) FROM singer"),
              build_sql_graph("SELECT name FROM singer WHERE age > 30 ORDER BY age")]
    batch = batch_graphs(graphs)
    np.testing.assert_allclose(batch.membership.sum(axis=1), 1.0, rtol=1e-6)
    rng = np.random.default_rng(0)
    h = rng.normal(size=(batch.num_nodes, 4)).astype(np.float32)
    pooled = batch.membership @ h
    for g in range(3):
        lo, hi = batch.node_offset[g], batch.node_offset[g + 1]
        np.testing.assert_allclose(pooled[g], h[lo:hi].mean(axis=0), rtol=1e-5, atol=1e-6)
    # edges never cross graphs
    gi = batch.graph_index
    assert (gi[batch.edge_index[0]] == gi[batch.edge_index[1]]).all()
    assert batch.edge_index.shape[1] == sum(g.num_edges for g in graphs)


def test_empty_batch_and_empty_graph():
    empty = batch_graphs([])
    assert empty.num_graphs == 0 and empty.num_nodes == 0
    assert empty.membership.shape == (0, 0) and empty.edge_index.shape == (2, 0)

    none = Graph(np.zeros(0, np.int64), np.zeros(0, bool), np.zeros((0, 2), np.int64), np.zeros((2, 0), np.int64))
    batch = batch_graphs([small(2, [(0, 1), (1, 0)], "ab"), none])
    assert batch.membership.tolist() == [[0.5, 0.5], [0.0, 0.0]]
    assert batch.node_offset.tolist() == [0, 2, 2]
