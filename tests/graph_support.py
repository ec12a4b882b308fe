"""Helpers shared by the graph tests."""


def sexpr(g) -> str:
    """The graph's tree as an s-expression, read back from its tree edges (parent id < child id)."""
    children: dict[int, list[int]] = {}
    for a, b in g.edge_index.T.tolist():
        if a < b and not (g.is_leaf[a] and g.is_leaf[b]):
            children.setdefault(a, []).append(b)

    def show(i: int) -> str:
        if g.is_leaf[i]:
            return repr(g.labels[i])
        return "(" + g.labels[i] + " " + " ".join(show(c) for c in children.get(i, [])) + ")"

    return show(0)
