"""The schema's join graph: which column pairs are valid join keys, and which tables can be joined.

A join predicate is valid when its two columns are a declared primary/foreign key pair, or derivable from
declared pairs: both reference the same key, or they are linked through a chain of key references (all
columns in one connected component of the key-reference graph denote the same entity). The table graph
has an edge wherever two tables hold columns of one such component.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class JoinGraph:
    component: dict[tuple[str, str], int] = field(default_factory=dict)  # (table, column) -> entity id
    direct: dict[frozenset, list[tuple[tuple[str, str], tuple[str, str]]]] = field(default_factory=dict)
    graph: object = None  # networkx.Graph over lower-case table names
    has_keys: bool = False
    linked_tables: set[str] = field(default_factory=set)  # tables taking part in at least one key pair

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
    cache = ctx.shared.setdefault("signals.join_graph", {})
    key = id(ctx.schema)
    hit = cache.get(key)
    if hit is not None and hit[0] is ctx.schema:
        return hit[1]
    g = build_join_graph(ctx.schema)
    cache.clear()
    cache[key] = (ctx.schema, g)
    return g


def build_join_graph(schema) -> JoinGraph:
    import networkx as nx

    jg = JoinGraph()
    col_graph = nx.Graph()
    tables = nx.Graph()
    for t in schema.tables.values():
        tables.add_node(t.name.lower())
    for table, column, ref_table, ref_column in schema.foreign_key_pairs():
        rt = schema.table(ref_table)
        if rt is None:
            continue
        rt_name = rt.name.lower()
        a, b = (table, column), (rt_name, ref_column)
        col_graph.add_edge(a, b)
        jg.direct.setdefault(frozenset((table, rt_name)), []).append((a, b))
        jg.linked_tables.update((table, rt_name))
    for i, comp in enumerate(nx.connected_components(col_graph)):
        for node in comp:
            jg.component[node] = i
        members = sorted({t for t, _ in comp})
        for x in range(len(members)):
            for y in range(x + 1, len(members)):
                tables.add_edge(members[x], members[y])
    jg.graph = tables
    jg.has_keys = bool(jg.component)
    return jg


def steiner_tables(jg: JoinGraph, terminals: set[str]) -> set[str] | None:
    """The tables of a (2-approximate) minimum Steiner tree spanning ``terminals`` in the table graph.

    The approximation never beats the optimum, so a query joining more tables than this set has a
    suboptimal join tree for certain. None when the terminals are not connected by keys.
    """
    import networkx as nx

    terminals = {t for t in terminals if t in jg.graph}
    if not terminals:
        return None
    if len(terminals) == 1:
        return set(terminals)
    sub_nodes = set()
    comps = [c for c in nx.connected_components(jg.graph) if c & terminals]
    if len(comps) != 1:
        return None
    sub_nodes = comps[0]
    sub = jg.graph.subgraph(sub_nodes)
    if len(terminals) == 2:
        a, b = sorted(terminals)
        return set(nx.shortest_path(sub, a, b))
    from networkx.algorithms.approximation import steiner_tree

    tree = steiner_tree(sub, sorted(terminals))
    return set(tree.nodes) | terminals
