"""A LEFT JOIN whose right table a WHERE condition filters: the rows kept without a match are dropped again.

What it does:
    For each ``LEFT JOIN`` whose table's columns a WHERE condition compares (``o.status = 'shipped'``,
    outside an OR, a COALESCE or an ``IS NULL`` test), it runs the statement and its repair as read-only
    probes: the same query with those conditions moved into the join's ON. It fires when the two answers
    differ: some left rows without a matching right row are lost. An anti-join (``WHERE o.id IS NULL``) is
    left alone. Proof tier: it needs a database.

Why is this bad?
    A LEFT JOIN keeps the left rows that have no match, with NULLs on the right. A WHERE condition on a
    right-table column is false for those NULLs, so it removes exactly the rows the LEFT JOIN was written
    to keep: the query is an inner join, and "each customer, with their shipped orders if any" loses the
    customers without one.

Example:
    SELECT c.name, o.order_id FROM customers AS c LEFT JOIN orders AS o ON o.customer_id = c.customer_id WHERE o.status = 'shipped'

Use instead:
    SELECT c.name, o.order_id FROM customers AS c LEFT JOIN orders AS o ON o.customer_id = c.customer_id AND o.status = 'shipped'

Fix safety:
    The conditions moved into the ON (unsafe: the result changes; where an inner join was meant, write
    JOIN instead).
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import conjuncts, proof, replace_spans, unparen
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span
from sqlintent.sqlast import clause_span, dialect_name

DESCRIPTION = ("LEFT JOIN nullified: a WHERE condition on the right table's columns is false for the NULL rows the "
               "LEFT JOIN keeps, so it acts as an inner join.")
_REJECTS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like, exp.ILike, exp.In, exp.Between)


def check(ctx: StatementContext):
    tree = ctx.tree
    if ctx.database is None or not isinstance(tree, exp.Select) or tree.args.get("where") is None:
        return
    where = tree.args["where"]
    joins = tree.args.get("joins") or []
    for j_index, join in enumerate(joins):
        if (join.args.get("side") or "").upper() != "LEFT" or join.args.get("on") is None:
            continue
        alias = (join.this.alias_or_name or "").lower()
        if not alias or _anti_join(where, alias) or any(_names(later, alias) for later in joins[j_index + 1:]):
            continue
        parts = conjuncts(where.this)
        moved = [i for i, p in enumerate(parts) if _rejects_nulls(p, alias)]
        if not moved:
            continue
        repaired = tree.copy()
        r_join = repaired.args["joins"][j_index]
        kept = [p.copy() for i, p in enumerate(parts) if i not in moved]
        on = r_join.args["on"].copy()
        for i in moved:
            on = exp.and_(on, parts[i].copy())
        r_join.set("on", on)
        repaired.set("where", exp.Where(this=exp.and_(*kept)) if kept else None)
        edits = _edits(ctx.sql, where, join.args["on"], [parts[i] for i in moved]) if not kept else None
        text = replace_spans(ctx.sql, edits) if edits else repaired.sql(dialect=dialect_name(ctx.dialect))
        diff = proof(ctx, RULE, text)
        if diff is None:
            continue
        node = parts[moved[0]]
        span = clause_span(ctx.sql, node) or ctx.whole_span()
        name = join.this.alias_or_name
        report = error_report(RULE, DESCRIPTION, [("WHERE", span)],
                              f"Move the condition on {name} into the LEFT JOIN's ON, or write JOIN if an inner join "
                              "was meant")
        fix = Fix("Move the condition into the ON", tuple(Edit(sp, t) for sp, t in edits) if edits else
                  (Edit(ctx.whole_span(), text),), FixSafety.UNSAFE)
        yield ctx.finding(RULE, span, f"{node.sql()} in WHERE drops the rows the LEFT JOIN keeps without a match in "
                          f"{name}; with it in the ON {diff.describe('the repair')}",
                          confidence=confidence(0.75), fix=fix, report=report,
                          data={"proof": True, "difference": diff.to_dict()})
        return


def _edits(sql: str, where: exp.Where, on: exp.Expression, moved: list[exp.Expression]):
    """Text edits moving the whole WHERE condition (``moved``, every conjunct of it) to the end of the ON: the
    author's own text kept; None when a span cannot be read."""
    on_span, where_span = clause_span(sql, on), clause_span(sql, where.this, "WHERE")
    texts = [clause_span(sql, m) for m in moved]
    if on_span is None or where_span is None or None in texts or where_span.start < on_span.end:
        return None
    moved_text = " AND ".join(sql[t.start:t.end] for t in texts)
    if not sql[on_span.end:where_span.start].strip():  # the WHERE follows the ON: one edit
        return [(Span(on_span.end, where_span.end), f" AND {moved_text}")]
    start = where_span.start
    while sql[start - 1].isspace():
        start -= 1
    return [(Span(on_span.end, on_span.end), f" AND {moved_text}"), (Span(start, where_span.end), "")]


def _names(node: exp.Expression, alias: str) -> bool:
    return any(c.table.lower() == alias for c in node.find_all(exp.Column))


def _anti_join(where: exp.Where, alias: str) -> bool:
    return any(isinstance(unparen(n.this), exp.Column) and unparen(n.this).table.lower() == alias
               for n in where.find_all(exp.Is))


def _rejects_nulls(part: exp.Expression, alias: str) -> bool:
    """A comparison of the right table's column, with columns of no other table: false when it is NULL."""
    part = unparen(part)
    if not isinstance(part, _REJECTS) or any(isinstance(n, (exp.Coalesce, exp.Case, exp.Select, exp.Is, exp.Or,
                                                            exp.Not, exp.Anonymous)) for n in part.walk()):
        return False
    cols = list(part.find_all(exp.Column))
    return bool(cols) and all(c.table and c.table.lower() == alias for c in cols)


RULE = Rule("SIE009", "left-join-nullified", check, __doc__, Severity.INFO, needs=frozenset({"database"}))
