"""Shortest paths and approximate Steiner trees in the (unweighted) table graph, in pure Python.

These give exactly what networkx gave the join-tree rule before (``connected_components``,
``shortest_path`` and ``approximation.steiner_tree`` with its default method, Mehlhorn's, as in networkx
3.6), ties included, without its tenth of a second of import: the same searches visit nodes and edges in
the same order, but for one tie-break that networkx left to string hashes (:func:`_node_order`).
``tests/detector/test_steiner.py`` compares the two on the Spider and BIRD schemas and on random graphs.

A graph is an adjacency mapping ``{node: {neighbour: None}}`` whose key order is the node order and whose
inner order is the order the edges were added (what ``networkx.Graph`` keeps).
"""
from __future__ import annotations

from collections import deque
from heapq import heappop, heappush
from itertools import count

Adjacency = dict[str, dict[str, None]]


def adjacency(nodes, edges) -> Adjacency:
    """The graph of ``nodes`` and ``edges`` (undirected, in order; repeated edges and nodes count once)."""
    adj: Adjacency = {}
    for n in nodes:
        adj.setdefault(n, {})
    for u, v in edges:
        adj.setdefault(u, {})[v] = None
        adj.setdefault(v, {})[u] = None
    return adj


def component_of(adj: Adjacency, terminals: set[str]) -> set[str] | None:
    """The connected component holding all ``terminals``; None when they lie in several components.

    Components are searched breadth-first from their first node in node order, and the set is filled in
    the order the search reaches its nodes (its iteration order then matters: see :func:`_node_order`).
    """
    found = None
    seen: set[str] = set()
    for start in adj:
        if start in seen:
            continue
        comp = {start}
        level = [start]
        while level:
            nxt = []
            for v in level:
                for w in adj[v]:
                    if w not in comp:
                        comp.add(w)
                        nxt.append(w)
            level = nxt
        seen.update(comp)
        if comp & terminals:
            if found is not None:
                return None
            found = comp
    return found


def _node_order(adj: Adjacency, comp: set[str]) -> list[str]:
    """The nodes of the component ``comp`` in the graph's order.

    networkx iterated a small component (under half of the graph's nodes) in the order of a set, which
    follows string hashes (``PYTHONHASHSEED``): a tie between edges of the Steiner tree could then be broken
    differently from one process to the next, and SIJ002 could fire in one CI run and not in the next. The
    graph's order is used always (networkx gives the same on a graph of the component alone)."""
    return [n for n in adj if n in comp]


def shortest_path(adj: Adjacency, source: str, target: str) -> list[str]:
    """A shortest path by breadth-first search from both ends, the smaller frontier first (ties: from
    the source); it stops at the first node that one search reaches and the other has reached."""
    if source == target:
        return [source]
    pred: dict[str, str | None] = {source: None}
    succ: dict[str, str | None] = {target: None}
    forward, backward = [source], [target]
    meet = None
    while forward and backward and meet is None:
        if len(forward) <= len(backward):
            level, forward = forward, []
            for v in level:
                for w in adj[v]:
                    if w not in pred:
                        forward.append(w)
                        pred[w] = v
                    if w in succ:
                        meet = w
                        break
                if meet is not None:
                    break
        else:
            level, backward = backward, []
            for v in level:
                for w in adj[v]:
                    if w not in succ:
                        succ[w] = v
                        backward.append(w)
                    if w in pred:
                        meet = w
                        break
                if meet is not None:
                    break
    if meet is None:
        raise ValueError(f"no path between {source} and {target}")
    path = []
    w = meet
    while w is not None:
        path.append(w)
        w = pred[w]
    path.reverse()
    w = succ[path[-1]]
    while w is not None:
        path.append(w)
        w = succ[w]
    return path


def _dijkstra_path(adj: Adjacency, source: str, target: str) -> list[str]:
    """A shortest path by Dijkstra's search from both ends in turn, unit edge weights (networkx's
    ``shortest_path`` with a weight): each end's queue is ordered by distance, then by when it was
    queued; the path goes through the best meeting node seen when a node is settled from both ends."""
    if source == target:
        return [source]
    dists: list[dict[str, int]] = [{}, {}]
    preds: list[dict[str, str | None]] = [{source: None}, {target: None}]
    seen: list[dict[str, int]] = [{source: 0}, {target: 0}]
    tick = count()
    fringe: list[list] = [[(0, next(tick), source)], [(0, next(tick), target)]]
    best = meet = None
    direction = 1
    while fringe[0] and fringe[1]:
        direction = 1 - direction
        dist, _, v = heappop(fringe[direction])
        if v in dists[direction]:
            continue
        dists[direction][v] = dist
        if v in dists[1 - direction]:
            head = []
            w = meet
            while w is not None:
                head.append(w)
                w = preds[0][w]
            head.reverse()
            w = preds[1][meet]
            while w is not None:
                head.append(w)
                w = preds[1][w]
            return head
        for w in adj[v]:
            d = dist + 1
            if w in dists[direction]:
                continue
            if w not in seen[direction] or d < seen[direction][w]:
                seen[direction][w] = d
                heappush(fringe[direction], (d, next(tick), w))
                preds[direction][w] = v
                if w in seen[1 - direction]:
                    total = d + seen[1 - direction][w]
                    if best is None or best > total:
                        best, meet = total, w
    raise ValueError(f"no path between {source} and {target}")


class _Graph:
    """A small undirected graph with one number per edge, kept in insertion order like ``networkx.Graph``
    (self-loops allowed)."""

    def __init__(self):
        self.adj: dict[str, dict[str, int]] = {}

    def add_edge(self, u: str, v: str, w: int) -> None:
        self.adj.setdefault(u, {})
        self.adj.setdefault(v, {})
        self.adj[u][v] = w
        self.adj[v][u] = w

    def edges(self):
        """Each edge once, from the node that comes first, in node then neighbour order."""
        done = set()
        for n, nbrs in self.adj.items():
            for m, w in nbrs.items():
                if m not in done:
                    yield n, m, w
            done.add(n)


def _kruskal(g: _Graph) -> list[tuple[str, str]]:
    """The edges of a minimum spanning forest, by Kruskal's method: edges by weight, ties in edge order."""
    parent: dict[str, str] = {}

    def root(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    out = []
    for u, v, _ in sorted(g.edges(), key=lambda e: e[2]):
        ru, rv = root(u), root(v)
        if ru != rv:
            parent[rv] = ru
            out.append((u, v))
    return out


def steiner_tree_nodes(adj: Adjacency, order: list[str], terminals: list[str]) -> set[str]:
    """The nodes of Mehlhorn's 2-approximate Steiner tree spanning ``terminals`` (a list, in the order its
    searches start) in the connected graph of the nodes ``order`` (in that order) of ``adj``."""
    # the closest terminal of each node (breadth-first from all terminals at once; the first to reach wins)
    dist = {t: 0 for t in terminals}
    near = {t: t for t in terminals}
    queue = deque(terminals)
    while queue:
        v = queue.popleft()
        for w in adj[v]:
            if w not in dist:
                dist[w] = dist[v] + 1
                near[w] = near[v]
                queue.append(w)
    # terminals linked by the shortest path through an edge between their regions
    g1 = _Graph()
    done = set()
    for u in order:
        for v in adj[u]:
            if v in done:
                continue
            su, sv = near[u], near[v]
            w = dist[u] + 1 + dist[v]
            old = g1.adj.get(su, {}).get(sv)
            g1.add_edge(su, sv, w if old is None else min(w, old))
        done.add(u)
    # a spanning tree of those links, each link replaced by a shortest path, spanned again
    g3 = _Graph()
    for u, v in _kruskal(g1):
        path = _dijkstra_path(adj, u, v)
        for a, b in zip(path, path[1:]):
            g3.add_edge(a, b, 1)
    tree: dict[str, set[str]] = {}
    for u, v in _kruskal(g3):
        tree.setdefault(u, set()).add(v)
        tree.setdefault(v, set()).add(u)
    # without the leaves that are not terminals, again until none is left
    keep = set(terminals)
    leaves = [n for n, nbrs in tree.items() if len(nbrs) == 1 and n not in keep]
    while leaves:
        nxt = []
        for n in leaves:
            for m in tree.pop(n, ()):
                nbrs = tree.get(m)
                if nbrs is not None:
                    nbrs.discard(n)
                    if len(nbrs) == 1 and m not in keep:
                        nxt.append(m)
        leaves = nxt
    return {n for n, nbrs in tree.items() if nbrs}


def steiner_nodes(adj: Adjacency, terminals: set[str]) -> set[str] | None:
    """The nodes of an approximate minimum Steiner tree spanning ``terminals`` (nodes of ``adj``): the
    shortest path for two, Mehlhorn's tree for more. None when they are not connected."""
    if len(terminals) == 1:
        return set(terminals)
    comp = component_of(adj, terminals)
    if comp is None:
        return None
    ordered = sorted(terminals)
    if len(ordered) == 2:
        return set(shortest_path(adj, ordered[0], ordered[1]))
    return steiner_tree_nodes(adj, _node_order(adj, comp), ordered) | terminals
