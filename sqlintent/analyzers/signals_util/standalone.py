"""A part of a statement as a query that runs on its own: a subquery or a set-operation branch with the CTEs
it can see, so a probe of ``SELECT ... FROM cte`` does not fail with "no such table: cte"."""
from __future__ import annotations

from sqlglot import exp


def standalone_sql(sel: exp.Expression, dialect: str) -> str:
    """``sel`` rendered in ``dialect``, preceded by the WITH clauses of the queries around it (only the CTEs
    defined before the one ``sel`` sits in, as SQL scopes them)."""
    body = sel.sql(dialect=dialect)
    if _with(sel) is not None:
        return body
    ctes, recursive, node = [], False, sel
    while node.parent is not None:
        parent = node.parent
        with_ = _with(parent) if isinstance(parent, exp.Query) else None
        if isinstance(with_, exp.With):
            visible = []
            for cte in with_.expressions:
                if _contains(cte, sel) and not with_.args.get("recursive"):
                    break  # the CTE sel sits in, and those after it, are not in its scope
                visible.append(cte)
            recursive = recursive or bool(with_.args.get("recursive"))
            ctes = visible + ctes
        node = parent
    if not ctes:
        return body
    head = "WITH RECURSIVE " if recursive else "WITH "
    return head + ", ".join(c.sql(dialect=dialect) for c in ctes) + " " + body


def _contains(outer: exp.Expression, inner: exp.Expression) -> bool:
    node = inner
    while node is not None:
        if node is outer:
            return True
        node = node.parent
    return False


def _with(query: exp.Expression):
    return query.args.get("with_", query.args.get("with"))  # sqlglot names it with_ from 26 on
