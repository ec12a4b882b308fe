"""The schema's join graph: which column pairs are valid join keys, and which tables can be joined.

A join predicate is valid when its two columns are a declared primary/foreign key pair, or derivable from
declared pairs: both reference the same key, or they are linked through a chain of key references (all
columns in one connected component of the key-reference graph denote the same entity). The table graph
has an edge wherever two tables hold columns of one such component.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlintent.analyzers.signals_util.steiner import adjacency, steiner_nodes


@dataclass
class JoinGraph:
    component: dict[tuple[str, str], int] = field(default_factory=dict)  # (table, column) -> entity id
    direct: dict[frozenset, list[tuple[tuple[str, str], tuple[str, str]]]] = field(default_factory=dict)
    has_keys: bool = False
    linked_tables: set[str] = field(default_factory=set)  # tables taking part in at least one key pair
    table_nodes: list[str] = field(default_factory=list)  # lower-case table names, schema order
    table_edges: list[tuple[str, str]] = field(default_factory=list)  # in the order they were found
    _adj: dict | None = field(default=None, repr=False, compare=False)

    @property
    def adjacency(self) -> dict[str, dict[str, None]]:
        """The table graph as an adjacency mapping (nodes, then each node's neighbours, in the order found),
        built on first use (only a Steiner tree of two or more tables needs it)."""
        if self._adj is None:
            self._adj = adjacency(self.table_nodes, self.table_edges)
        return self._adj

    def has_table(self, name: str) -> bool:
        if self._adj is not None:
            return name in self._adj
        return name in self._tables()

    def _tables(self) -> set[str]:
        return set(self.table_nodes) | {t for e in self.table_edges for t in e}

    def valid_pair(self, a: tuple[str, str], b: tuple[str, str]) -> bool:
        """True when columns ``a`` and ``b`` (lower-case (table, column)) may be joined by the keys."""
        if a == b:
            return True
        ca, cb = self.component.get(a), self.component.get(b)
        return ca is not None and ca == cb

    def key_pairs(self, t1: str, t2: str) -> list[tuple[tuple[str, str], tuple[str, str]]]:
        """The declared key pairs linking tables ``t1`` and ``t2`` directly (either direction)."""
        return self.direct.get(frozenset((t1, t2)), []) if t1 != t2 else self.direct.get(frozenset((t1,)), [])


def join_graph(ctx) -> JoinGraph:
    """The join graph of ``ctx.schema``, built once per schema object and cached in ``ctx.shared``."""
    cache = ctx.shared.join_graphs
    key = id(ctx.schema)
    hit = cache.get(key)
    if hit is not None and hit[0] is ctx.schema:
        return hit[1]
    g = build_join_graph(ctx.schema)
    cache.clear()
    cache[key] = (ctx.schema, g)
    return g


def build_join_graph(schema) -> JoinGraph:
    jg = JoinGraph()
    jg.table_nodes = [t.name.lower() for t in schema.tables.values()]
    parent: dict[tuple[str, str], tuple[str, str]] = {}  # union-find over key columns, in insertion order

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for table, column, ref_table, ref_column in schema.foreign_key_pairs():
        rt = schema.table(ref_table)
        if rt is None:
            continue
        rt_name = rt.name.lower()
        a, b = (table, column), (rt_name, ref_column)
        for n in (a, b):
            parent.setdefault(n, n)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra
        jg.direct.setdefault(frozenset((table, rt_name)), []).append((a, b))
        jg.linked_tables.update((table, rt_name))
    # components in the order of their first column (the order a breadth-first search of the column graph finds them)
    comps: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for node in parent:
        comps.setdefault(find(node), []).append(node)
    for i, comp in enumerate(comps.values()):
        for node in comp:
            jg.component[node] = i
        members = sorted({t for t, _ in comp})
        for x in range(len(members)):
            for y in range(x + 1, len(members)):
                jg.table_edges.append((members[x], members[y]))
    jg.has_keys = bool(jg.component)
    return jg


def steiner_tables(jg: JoinGraph, terminals: set[str]) -> set[str] | None:
    """The tables of a (2-approximate) minimum Steiner tree spanning ``terminals`` in the table graph.

    The approximation never beats the optimum, so a query joining more tables than this set has a
    suboptimal join tree for certain. None when the terminals are not connected by keys.
    """
    terminals = {t for t in terminals if jg.has_table(t)}
    if not terminals:
        return None
    if len(terminals) == 1:
        return set(terminals)
    return steiner_nodes(jg.adjacency, terminals)
