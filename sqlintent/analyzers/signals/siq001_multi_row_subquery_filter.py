"""A comparison with a subquery that returns more than one row.

What it does:
    Finds filters of the form ``column = (SELECT ...)`` (and ``<>``, ``<``, ``>``, ``<=``, ``>=``) whose
    subquery is not correlated, runs the subquery on its own as a read-only probe, and reports it when it
    returns more than one row. For ``=`` and ``<>`` it offers ``IN`` and ``NOT IN``. Needs a database.

Why is this bad?
    SQLite silently compares with the first row the subquery happens to return and ignores the rest, so
    the query answers for one arbitrary value instead of all of them (other engines raise an error).

Example:
    SELECT name FROM products WHERE product_id = (SELECT product_id FROM order_items WHERE quantity > 2)

Use instead:
    SELECT name FROM products WHERE product_id IN (SELECT product_id FROM order_items WHERE quantity > 2)

Fix safety:
    Unsafe: ``IN`` keeps every matching row where ``=`` kept those of the first value; that is what the
    filter means in the usual case, but the result changes.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.query import has_unknown_columns, is_correlated
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of, subquery_span
from sqlintent.analyzers.signals_util.standalone import standalone_sql
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span
from sqlintent.sqlast import dialect_name, node_span

DESCRIPTION = ("Incorrect filter in subquery: the filter compares a value with a subquery that returns "
               "several rows; SQLite uses only the first one, so the other values are silently ignored.")

_OPS = {exp.EQ: "=", exp.NEQ: "<>", exp.GT: ">", exp.GTE: ">=", exp.LT: "<", exp.LTE: "<="}


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or ctx.database is None:
        return
    for node in ctx.tree.find_all(*_OPS):
        left, right = node.this, node.expression
        if isinstance(right, exp.Subquery):
            sub, other, sub_on_right = right, left, True
        elif isinstance(left, exp.Subquery):
            sub, other, sub_on_right = left, right, False
        else:
            continue
        if isinstance(other, exp.Subquery) or not isinstance(sub.this, (exp.Select, exp.SetOperation)):
            continue
        if is_correlated(model, sub.this) or has_unknown_columns(model, sub.this):
            continue  # cannot run alone, or cannot run at all (the unknown-column rule says why)
        inner_sql = standalone_sql(sub.this, dialect_name(ctx.dialect))
        res = ctx.probe(RULE, f"SELECT 1 FROM ({inner_sql}) AS sqlintent_inner LIMIT 2")
        if res is None or len(res.rows) < 2:
            continue
        op = _OPS[type(node)]
        span = span_of(ctx.sql, node, ctx.whole_span())
        sspan = subquery_span(ctx.sql, sub.this) or span
        fix = None
        if op in ("=", "<>") and sub_on_right:
            ospan = node_span(other)
            if ospan is not None and ospan.end <= sspan.start:
                new = " IN " if op == "=" else " NOT IN "
                fix = Fix(f"Use{new.rstrip()} to compare with every row",
                          (Edit(Span(ospan.end, sspan.start), new),), FixSafety.UNSAFE)
        if op in ("=", "<>"):
            correction = f"Use {'IN' if op == '=' else 'NOT IN'} (subquery), or make the subquery return one row"
        else:
            agg = "MAX" if op in (">", ">=") else "MIN"
            correction = (f"Compare with {agg}(...) of the subquery (or use ALL/ANY semantics), or make the "
                          "subquery return one row")
        report = error_report(RULE, DESCRIPTION, [("filter", span), ("subquery", sspan)], correction)
        effect = ("SQLite uses only its first row" if ctx.dialect == "sqlite"
                  else "the database rejects this at run time")
        yield ctx.finding(RULE, span, f"the subquery compared with '{op}' returns more than one row; {effect}",
                          confidence=confidence(0.8), fix=fix, report=report, data={"operator": op})


RULE = Rule("SIQ001", "multi-row-subquery-filter", check, __doc__, Severity.INFO,
            needs=frozenset({"schema", "database"}))
