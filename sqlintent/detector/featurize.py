"""Turn (question, SQL) pairs into the arrays the detector reads: shared by training and the runtime.

One function, :func:`featurize`, builds a whole batch; training (``sqlintent_lab.model_export``) and the ONNX
runtime (``sqlintent.detector.runtime``) both call it, so their inputs cannot drift apart. It needs numpy,
tokenizers and the graph builders only (no torch).

Per pair:

1. the SQL is brought to the form the model was trained on: transpiled to SQLite when written in another
   dialect, then style-normalised (:func:`sqlintent.detector.normalise.normalise_sql`: qualified columns,
   no table aliases, one keyword case and quote style) so that style cannot stand in for correctness;
2. the question graph and the SQL graph are built (``sqlintent.graphs``); when the SQL graph cannot be built
   the pair is marked ``graph_ok = False`` and the runtime reads the encoder-only ([CLS]) score for it;
3. the encoder input is ``[CLS] question [SEP] sql [SEP]`` (the tokenizer's pair template), truncated to
   ``max_length`` sub-tokens, longest side first;
4. each graph leaf (a question word, a SQL token) is mapped to the sub-tokens whose character offsets
   overlap its span; the model averages them (row of ``*_init``). A leaf whose sub-tokens were truncated
   away, and every non-terminal, starts from its type embedding instead (``*_has_tok`` = 0).

The batch is padded to its longest pair. Graphs are concatenated into one disjoint graph per side
(``sqlintent.graphs.batch``), with a membership matrix for mean pooling (or, for a model with the sparse
inputs, each node's graph and weight).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Mapping, Sequence

import numpy as np

from sqlintent.graphs import vocab
from sqlintent.graphs.batch import batch_graphs
from sqlintent.graphs.types import Graph

__all__ = [
    "PreparedPair",
    "Features",
    "prepare_sql",
    "prepare_pair",
    "featurize",
    "mask_ids",
    "load_tokenizer",
    "INPUT_NAMES",
    "SPARSE_INPUT_NAMES",
    "ENCODER_INPUT_NAMES",
]

#: Inputs of the exported model, in order (the encoder-only model reads the first three).
ENCODER_INPUT_NAMES: tuple[str, ...] = ("input_ids", "attention_mask", "token_type_ids")
GRAPH_INPUT_NAMES: tuple[str, ...] = (
    "q_node_type", "q_init", "q_has_tok", "q_edge_index", "q_membership",
    "s_node_type", "s_init", "s_has_tok", "s_edge_index", "s_membership",
)
INPUT_NAMES: tuple[str, ...] = ENCODER_INPUT_NAMES + GRAPH_INPUT_NAMES
#: The graph inputs of a model rewritten by ``sqlintent_lab.model_export.sparse_inputs``: the averaging
#: and pooling matrices as their non-zero entries.
SPARSE_GRAPH_INPUT_NAMES: tuple[str, ...] = (
    "q_node_type", "q_init_indices", "q_init_values", "q_has_tok", "q_edge_index", "q_node_graph", "q_node_weight",
    "s_node_type", "s_init_indices", "s_init_values", "s_has_tok", "s_edge_index", "s_node_graph", "s_node_weight",
)
SPARSE_INPUT_NAMES: tuple[str, ...] = ENCODER_INPUT_NAMES + SPARSE_GRAPH_INPUT_NAMES


def load_tokenizer(path: str, max_length: int):
    """A ``tokenizers.Tokenizer`` from ``tokenizer.json``, truncating pairs to ``max_length`` (no padding)."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(path))
    tok.no_padding()
    tok.enable_truncation(max_length=max_length, strategy="longest_first")
    return tok


@dataclass(frozen=True)
class PreparedPair:
    """One pair after step 1 and 2: the texts the encoder reads and their graphs.

    ``sql_text`` is the text the SQL graph's spans point into (normalised SQLite); ``sql_graph`` is None when
    it could not be built (``sql_error`` says why). ``question_graph`` is None only when the question parser
    failed.
    """

    question: str
    sql_text: str
    question_graph: Graph | None
    sql_graph: Graph | None
    sql_error: str | None = None

    @property
    def graph_ok(self) -> bool:
        return self.question_graph is not None and self.sql_graph is not None


def prepare_sql(sql: str, dialect: str | None = "sqlite",
                schema: Mapping[str, Sequence[str]] | None = None,
                normalise: bool = True) -> tuple[str, Graph | None, str | None]:
    """Normalise ``sql`` and build its graph: ``(text, graph or None, error or None)``."""
    from sqlintent.graphs.sql_graph import build_sql_graph, to_sqlite

    text = sql.strip().rstrip(";").strip()
    try:
        text = to_sqlite(text, dialect)
    except Exception as exc:  # noqa: BLE001 - any failure means "no graph", never a crash
        return " ".join(text.split()), None, f"cannot transpile: {exc}"
    if normalise:
        text = _normalise(text, schema)
    try:
        graph = build_sql_graph(text)
    except Exception as exc:  # noqa: BLE001
        return text, None, str(exc) or type(exc).__name__
    return text, graph, None


def _normalise(sql: str, schema: Mapping[str, Sequence[str]] | None) -> str:
    from sqlintent.detector.normalise import normalise_sql

    try:
        return normalise_sql(sql, schema)
    except Exception:  # noqa: BLE001
        return " ".join(sql.split())


@lru_cache(maxsize=4096)
def _question_graph_cached(question: str) -> Graph | None:
    from sqlintent.graphs.question_graph import build_question_graph

    try:
        return build_question_graph(question)
    except Exception:  # noqa: BLE001
        return None


def prepare_pair(question: str, sql: str, dialect: str | None = "sqlite",
                 schema: Mapping[str, Sequence[str]] | None = None, normalise: bool = True,
                 question_graph: Callable[[str], Graph | None] | None = None) -> PreparedPair:
    """Steps 1-2 for one pair (question graphs are cached per question text)."""
    question = " ".join(question.split())
    text, sgraph, err = prepare_sql(sql, dialect, schema, normalise)
    qgraph = (question_graph or _question_graph_cached)(question)
    return PreparedPair(question, text, qgraph, sgraph, err)


@dataclass
class Features:
    """A featurised batch: ``arrays`` holds every model input by name (see ``INPUT_NAMES``).

    ``graph_ok[b]`` is False where pair b had no SQL (or question) graph and was given a one-node
    placeholder graph; read the encoder-only score for it. ``sql_offsets[b]`` are the character offsets
    into ``sql_texts[b]`` of each sub-token of pair b that comes from the SQL (``-1, -1`` elsewhere), used
    to mask clauses (``explain``).
    """

    arrays: dict[str, np.ndarray]
    graph_ok: np.ndarray
    sql_texts: list[str]
    questions: list[str]
    token_seq: np.ndarray = field(repr=False)  # int8[B, T]: 0 question, 1 SQL, -1 special/pad
    token_offsets: np.ndarray = field(repr=False)  # int64[B, T, 2]

    @property
    def batch_size(self) -> int:
        return int(self.arrays["input_ids"].shape[0])


def _placeholder(text: str) -> Graph:
    """A one-leaf graph spanning nothing: its only node starts from the LEAF type embedding."""
    return Graph(
        node_type=np.asarray([vocab.LEAF], dtype=np.int64),
        is_leaf=np.asarray([True]),
        span=np.zeros((1, 2), dtype=np.int64),
        edge_index=np.zeros((2, 0), dtype=np.int64),
        labels=("<none>",),
        text=text,
    )


def _leaf_rows(graph: Graph, offsets: list[tuple[int, int]], seq_ids: list[int | None], want_seq: int,
               row_base: int, col_base: int, init, has_tok: np.ndarray) -> None:
    """Fill rows ``row_base + node`` of ``init`` with the sub-token averaging weights of each leaf (``init``
    is a dense matrix or a :class:`_Triplets`): a leaf averages the sub-tokens of side ``want_seq`` whose
    character span overlaps its own (all leaves at once; rows in node order, columns ascending)."""
    toks = [(i, s, e) for i, ((s, e), q) in enumerate(zip(offsets, seq_ids)) if q == want_seq and e > s]
    if not toks:
        return
    starts = np.asarray([t[1] for t in toks])
    ends = np.asarray([t[2] for t in toks])
    idx = np.asarray([t[0] for t in toks])
    leaves = np.nonzero(graph.is_leaf)[0]
    a = graph.span[leaves, 0][:, None]
    b = graph.span[leaves, 1][:, None]
    hit = (starts[None, :] < b) & (ends[None, :] > a) & (b > a)
    counts = hit.sum(axis=1)
    leaf_at, tok_at = np.nonzero(hit)  # row-major: leaf by leaf, each leaf's sub-tokens in order
    if not leaf_at.size:
        return
    rows = row_base + leaves[leaf_at]
    cols = col_base + idx[tok_at]
    weights = 1.0 / counts[leaf_at]
    if isinstance(init, _Triplets):
        init.add(rows, cols, weights)
    else:
        init[rows, cols] = weights
    has_tok[row_base + leaves[counts > 0]] = 1.0


class _Triplets:
    """The non-zero entries of an averaging matrix, collected by :meth:`add` (or ``init[row, cols] = value``)."""

    def __init__(self):
        self.rows: list[np.ndarray] = []
        self.cols: list[np.ndarray] = []
        self.vals: list[np.ndarray] = []

    def __setitem__(self, key, value) -> None:
        row, cols = key
        cols = np.asarray(cols, dtype=np.int64)
        self.rows.append(np.full(cols.size, row, dtype=np.int64))
        self.cols.append(cols)
        self.vals.append(np.full(cols.size, value, dtype=np.float32))

    def add(self, rows: np.ndarray, cols: np.ndarray, values: np.ndarray) -> None:
        """Entries ``(rows[i], cols[i]) = values[i]``, in order."""
        self.rows.append(np.asarray(rows, dtype=np.int64))
        self.cols.append(np.asarray(cols, dtype=np.int64))
        self.vals.append(np.asarray(values, dtype=np.float32))

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """``(indices int64[2, nnz], values float32[nnz])``, row-major order."""
        if not self.rows:
            return np.zeros((2, 0), dtype=np.int64), np.zeros(0, dtype=np.float32)
        return (np.stack([np.concatenate(self.rows), np.concatenate(self.cols)]),
                np.concatenate(self.vals))


def mask_ids(ids: np.ndarray, token_seq: np.ndarray, token_offsets: np.ndarray,
             spans: Sequence[tuple[int, int]], mask_token_id: int | None) -> None:
    """Replace (in place) the sub-tokens of one pair's ``ids`` that come from the SQL and overlap one of the
    character ``spans`` of its ``sql_text`` by ``mask_token_id`` (how ``explain`` hides a clause)."""
    if mask_token_id is None:
        raise ValueError("mask_spans needs mask_token_id")
    for (ms, me) in spans:
        sel = (token_seq == 1) & (token_offsets[:, 0] < me) & (token_offsets[:, 1] > ms)
        ids[sel] = mask_token_id


def featurize(pairs: Sequence[PreparedPair], tokenizer, mask_spans: Sequence[Sequence[tuple[int, int]]] | None = None,
              mask_token_id: int | None = None, num_types: int | None = None, sparse_init: bool = False,
              sparse_inputs: bool = False) -> Features:
    """Featurise prepared pairs into one padded batch.

    Args:
        pairs: from :func:`prepare_pair`.
        tokenizer: from :func:`load_tokenizer` (truncation set, padding off).
        mask_spans: optional, per pair, character spans of ``sql_text`` whose sub-tokens are replaced by
            ``mask_token_id`` (used by ``explain`` to hide a clause); the graphs are left as they are.
        num_types: the number of node types the model knows (its saved vocabulary); newer ids become UNK.
        sparse_init: give each averaging matrix as its non-zero entries instead of the dense ``*_init``
            (``*_init_indices`` int64[2, nnz], ``*_init_values`` float32[nnz], ``*_init_shape`` int64[2]):
            what training moves between processes and to the GPU (a dense batch of 64 is about 100 MB).
            The model reads either form (:func:`sqlintent_lab.model_export.model.to_tensors`).
        sparse_inputs: the inputs of a model with the sparse interface (``SPARSE_INPUT_NAMES``): the
            averaging matrices as with ``sparse_init``, and the pooling matrix as ``*_node_graph`` int64[N]
            (the pair each node belongs to) and ``*_node_weight`` float32[N] (its entry in ``*_membership``,
            ``1 / nodes of its graph``). The dense ``*_init`` and ``*_membership`` are then not built.
    """
    if not pairs:
        raise ValueError("featurize needs at least one pair")
    encs = tokenizer.encode_batch([(p.question, p.sql_text) for p in pairs])
    B = len(pairs)
    T = max(len(e.ids) for e in encs)
    input_ids = np.zeros((B, T), dtype=np.int64)
    attention = np.zeros((B, T), dtype=np.int64)
    type_ids = np.zeros((B, T), dtype=np.int64)
    token_seq = np.full((B, T), -1, dtype=np.int8)
    token_offsets = np.full((B, T, 2), -1, dtype=np.int64)
    for b, e in enumerate(encs):
        n = len(e.ids)
        input_ids[b, :n] = e.ids
        attention[b, :n] = e.attention_mask
        type_ids[b, :n] = e.type_ids
        sids = np.asarray([-1 if sid is None else sid for sid in e.sequence_ids], dtype=np.int8)
        token_seq[b, :n] = sids
        if n:
            token_offsets[b, :n][sids >= 0] = np.asarray(e.offsets, dtype=np.int64).reshape(n, 2)[sids >= 0]
        if mask_spans is not None and mask_spans[b]:
            mask_ids(input_ids[b], token_seq[b], token_offsets[b], mask_spans[b], mask_token_id)

    graph_ok = np.asarray([p.graph_ok for p in pairs], dtype=bool)
    qgraphs = [p.question_graph if p.graph_ok else _placeholder(p.question) for p in pairs]
    sgraphs = [p.sql_graph if p.graph_ok else _placeholder(p.sql_text) for p in pairs]
    arrays = {"input_ids": input_ids, "attention_mask": attention, "token_type_ids": type_ids}
    for prefix, graphs, seq in (("q", qgraphs, 0), ("s", sgraphs, 1)):
        bg = batch_graphs(graphs)
        N = bg.num_nodes
        sparse = sparse_init or sparse_inputs
        init = _Triplets() if sparse else np.zeros((N, B * T), dtype=np.float32)
        has_tok = np.zeros(N, dtype=np.float32)
        for b, (g, e) in enumerate(zip(graphs, encs)):
            _leaf_rows(g, e.offsets, e.sequence_ids, seq, int(bg.node_offset[b]), b * T, init, has_tok)
        node_type = bg.node_type.astype(np.int64)
        if num_types is not None:
            node_type = np.where(node_type < num_types, node_type, vocab.UNK)
        arrays[f"{prefix}_node_type"] = node_type
        if sparse:
            arrays[f"{prefix}_init_indices"], arrays[f"{prefix}_init_values"] = init.arrays()
            arrays[f"{prefix}_init_shape"] = np.asarray([N, B * T], dtype=np.int64)
        else:
            arrays[f"{prefix}_init"] = init
        arrays[f"{prefix}_has_tok"] = has_tok
        arrays[f"{prefix}_edge_index"] = bg.edge_index.astype(np.int64)
        if sparse_inputs:
            arrays[f"{prefix}_node_graph"] = bg.graph_index.astype(np.int64)
            arrays[f"{prefix}_node_weight"] = bg.node_weight
        else:
            arrays[f"{prefix}_membership"] = bg.membership.astype(np.float32)
    return Features(arrays, graph_ok, [p.sql_text for p in pairs], [p.question for p in pairs],
                    token_seq, token_offsets)
