"""``NOT IN (SELECT col ...)`` over a column that holds NULLs: once the subquery returns a NULL, no row passes.

What it does:
    For each ``x NOT IN (SELECT col FROM t ...)`` whose subquery selects a plain column that the schema
    allows to be NULL (not a primary key, not declared NOT NULL), asks the database (one read-only probe)
    whether ``t.col`` holds a NULL. It fires when it does. Needs a database (probes on).

Why is this bad?
    ``x NOT IN (1, 2, NULL)`` is never true: SQL cannot say that ``x`` differs from an unknown value. So a
    single NULL in the subquery's column empties the result ("customers who never ordered" returns nobody
    once one order has no customer). ``NOT EXISTS`` with a correlated condition, or ``WHERE col IS NOT NULL``
    inside the subquery, does what was meant.

Example:
    SELECT company FROM suppliers WHERE country NOT IN (SELECT state FROM customers_archive)

Use instead:
    SELECT company FROM suppliers WHERE country NOT IN (SELECT state FROM customers_archive WHERE state IS NOT NULL)

Fix safety:
    No automatic fix: NOT EXISTS or an IS NOT NULL filter are both right; the author chooses.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of
from sqlintent.analyzers.signals_util.values import quote_ident
from sqlintent.findings import Severity

DESCRIPTION = ("NOT IN over NULLs: the subquery's column holds NULLs, and one NULL in a NOT IN list makes the "
               "condition false for every row.")


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or ctx.database is None:
        return
    for node in ctx.tree.find_all(exp.Not):
        inner = node.this
        if not isinstance(inner, exp.In) or inner.args.get("query") is None:
            continue
        sub = inner.args["query"]
        sel = sub.this if isinstance(sub, exp.Subquery) else sub
        if not isinstance(sel, exp.Select) or len(sel.expressions) != 1:
            continue
        col = sel.expressions[0]
        col = col.this if isinstance(col, exp.Alias) else col
        if not isinstance(col, exp.Column) or _filters_nulls(sel, col):
            continue
        use = next((cu for b in model.blocks for cu in b.columns if cu.node is col), None)
        if use is None:
            continue
        t = use.source.table
        c = t.column(use.column)
        if c is None or c.primary_key or not c.nullable or use.column.lower() in (k.lower() for k in t.primary_key):
            continue
        res = ctx.probe(RULE, f"SELECT 1 FROM {quote_ident(t.name)} WHERE {quote_ident(c.name)} IS NULL LIMIT 1")
        if res is None or not res.rows:
            continue
        span = span_of(ctx.sql, node, ctx.whole_span())
        report = error_report(RULE, DESCRIPTION, [("NOT IN", span)],
                              f"Use NOT EXISTS, or add WHERE {c.name} IS NOT NULL inside the subquery")
        yield ctx.finding(RULE, span, f"NOT IN over {t.name}.{c.name}, which holds NULLs: when the subquery "
                          "returns one, no row passes", confidence=confidence(0.75), report=report,
                          data={"column": f"{t.name}.{c.name}"})
        return


def _filters_nulls(sel: exp.Select, col: exp.Column) -> bool:
    """The subquery's WHERE keeps no NULL of the selected column: ``col IS NOT NULL``, or ``col`` compared
    with something (a comparison with NULL is never true)."""
    where = sel.args.get("where")
    if where is None:
        return False
    name = col.name.lower()
    for n in where.find_all(exp.Not):
        if isinstance(n.this, exp.Is) and isinstance(n.this.expression, exp.Null) \
                and isinstance(n.this.this, exp.Column) and n.this.this.name.lower() == name:
            return True
    for n in where.find_all(exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like, exp.In, exp.Between):
        if any(isinstance(side, exp.Column) and side.name.lower() == name
               for side in (n.this, n.args.get("expression"))):
            return True
    return False


RULE = Rule("SIQ003", "not-in-null", check, __doc__, Severity.INFO, needs=frozenset({"schema", "database"}))
