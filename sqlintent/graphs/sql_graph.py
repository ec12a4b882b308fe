"""The SQL graph: the simplified ANTLR parse tree of a query, plus sequential edges between its leaves.

Construction (Chen et al. 2023, section 3.3), from the tree of :func:`sqlintent.grammars.parse_sqlite`:

1. drop join-constraint subtrees (``ON ...`` / ``USING (...)``);
2. drop punctuation leaves (``(``, ``)``, ``,``, ``;``, ``.``) and the end-of-input token;
3. merge qualified names (``table . column``, ``schema . table``, ``t . *``) into one leaf whose span runs
   from the first name to the last;
4. remove every non-terminal left with a single child, top-down (its child takes its place; a chain of them
   collapses onto the lowest node), and every non-terminal left with none;
5. number the nodes in pre-order (so leaves come in text order), add both directions of every tree edge
   and of a sequential edge between each pair of consecutive leaves.

Leaves keep exact character spans into the SQL text that was parsed (``Graph.text``): the SQL as given for
SQLite, or sqlglot's SQLite transpilation of it for other dialects.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from sqlintent.grammars import SqlParseError, parse_sqlite, parser_class
from sqlintent.graphs import vocab
from sqlintent.graphs.types import Graph

__all__ = ["build_sql_graph", "graph_from_tree", "to_sqlite", "SqlParseError"]


@lru_cache(maxsize=1)
def _constants():
    """Token and rule ids the builder needs, read from the generated parser once."""
    P = parser_class()
    punct = frozenset({P.COMMA, P.OPEN_PAR, P.CLOSE_PAR, P.SCOL, -1})  # -1: EOF
    rule_type = tuple(vocab.sql_type(r) for r in P.ruleNames)
    return P.DOT, punct, P.RULE_join_constraint, tuple(P.ruleNames), rule_type


def to_sqlite(sql: str, dialect: str | None = "sqlite") -> str:
    """The SQL the grammar will read: ``sql`` itself for SQLite, else sqlglot's SQLite transpilation.

    Raises:
        SqlParseError: sqlglot cannot read ``sql`` in ``dialect``, or it holds more than one statement.
    """
    if dialect is None or dialect.lower() == "sqlite":
        return sql
    import sqlglot
    from sqlglot.errors import ParseError, TokenError

    try:
        from sqlintent.limits.joins import parse_all  # sqlglot.transpile, linear on ON-less JOIN chains

        writer = sqlglot.Dialect.get_or_raise("sqlite")
        out = [writer.generate(tree, copy=False) if tree is not None else "" for tree in parse_all(sql, dialect)]
    except ParseError as exc:
        first = exc.errors[0] if exc.errors else {}
        line = int(first.get("line") or 1)
        col = max(int(first.get("col") or 1) - 1, 0)
        offset = _offset_of(sql, line, col)
        raise SqlParseError(
            f"{dialect} SQL could not be read: {first.get('description', exc)}",
            line, col, offset, sql[offset : offset + 1],
        ) from exc
    except TokenError as exc:
        raise SqlParseError(f"{dialect} SQL could not be tokenised: {exc}", 1, 0, 0, sql[:1]) from exc
    out = [s for s in out if s.strip()]
    if len(out) != 1:
        raise SqlParseError(f"expected one statement, found {len(out)}", 1, 0, 0, sql[:1])
    return out[0]


def _offset_of(text: str, line: int, col: int) -> int:
    lines = text.split("\n")
    return min(sum(len(x) + 1 for x in lines[: line - 1]) + col, len(text))


def _simplify(ctx, dot: int, punct: frozenset, join_constraint: int):
    """Steps 1-4 on one parse-tree node.

    Returns None (the node disappears), a leaf ``(start, end)``, or a non-terminal
    ``[rule_index, child, child, ...]`` with at least two children.
    """
    children = ctx.children
    if children is None:
        return None
    out: list = []
    merge_next = False
    for child in children:
        symbol = getattr(child, "symbol", None)
        if symbol is not None:  # a terminal
            ttype = symbol.type
            if ttype == dot:
                merge_next = True
                continue
            if ttype in punct:
                continue
            item = (symbol.start, symbol.stop + 1)
        else:
            if child.getRuleIndex() == join_constraint:
                continue
            item = _simplify(child, dot, punct, join_constraint)
            if item is None:
                continue
        if merge_next:
            # table . column (or schema . table, t . *): one leaf from the first name to the last.
            merge_next = False
            prev = out.pop() if out else None
            if prev is not None:
                item = (_start(prev), _end(item))
        out.append(item)
    if not out:
        return None
    if len(out) == 1:
        return out[0]
    return [ctx.getRuleIndex(), *out]


def _start(item) -> int:
    while isinstance(item, list):
        item = item[1]
    return item[0]


def _end(item) -> int:
    while isinstance(item, list):
        item = item[-1]
    return item[1]


def build_sql_graph(sql: str, dialect: str | None = "sqlite") -> Graph:
    """Build the SQL graph of one query.

    Args:
        sql: one SELECT statement.
        dialect: the sqlglot dialect ``sql`` is written in; anything but SQLite is transpiled first.

    Raises:
        SqlParseError: the query cannot be read (the detector then falls back to its encoder-only path).
    """
    text = to_sqlite(sql, dialect)
    return graph_from_tree(parse_sqlite(text), text)


def graph_from_tree(tree, text: str) -> Graph:
    """Steps 1-5 on a parse tree of :func:`sqlintent.grammars.parse_sqlite` for ``text``."""
    dot, punct, join_constraint, rule_names, rule_type = _constants()
    root = _simplify(tree, dot, punct, join_constraint)
    if root is None:  # cannot happen for a parsed SELECT; kept for safety
        raise SqlParseError("the query has no tokens", 1, 0, 0, "")

    node_type: list[int] = []
    is_leaf: list[bool] = []
    spans: list[tuple[int, int]] = []
    labels: list[str] = []
    src: list[int] = []
    dst: list[int] = []
    leaves: list[int] = []

    def emit(item, parent: int) -> tuple[int, int]:
        idx = len(node_type)
        if parent >= 0:
            src.append(parent)
            dst.append(idx)
            src.append(idx)
            dst.append(parent)
        if isinstance(item, tuple):
            node_type.append(vocab.LEAF)
            is_leaf.append(True)
            spans.append(item)
            labels.append(text[item[0] : item[1]])
            leaves.append(idx)
            return item
        rule = item[0]
        node_type.append(rule_type[rule])
        is_leaf.append(False)
        spans.append((0, 0))
        labels.append(rule_names[rule])
        first = last = None
        for child in item[1:]:
            s, e = emit(child, idx)
            if first is None:
                first = s
            last = e
        spans[idx] = (first, last)
        return first, last

    emit(root, -1)
    for a, b in zip(leaves, leaves[1:]):
        src.append(a)
        dst.append(b)
        src.append(b)
        dst.append(a)

    return Graph(
        node_type=_frozen(np.asarray(node_type, dtype=np.int64)),
        is_leaf=_frozen(np.asarray(is_leaf, dtype=bool)),
        span=_frozen(np.asarray(spans, dtype=np.int64).reshape(-1, 2)),
        edge_index=_frozen(np.asarray([src, dst], dtype=np.int64).reshape(2, -1)),
        labels=tuple(labels),
        text=text,
    )


def _frozen(a: np.ndarray) -> np.ndarray:
    """Graphs are shared values (the question graph is cached): their arrays are read-only."""
    a.flags.writeable = False
    return a
