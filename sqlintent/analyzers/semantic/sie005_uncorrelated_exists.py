"""``EXISTS (subquery)`` whose subquery does not refer to the outer query: true for every row, or for none.

What it does:
    Fires on an ``EXISTS`` or ``NOT EXISTS`` in a condition whose subquery reads no column of an enclosing
    query (every column it names resolves to its own tables). Pattern tier: it needs the schema, to tell the
    subquery's columns from the outer ones, and no database.

Why is this bad?
    An uncorrelated ``EXISTS`` asks one question about the whole database, not about the current row: it
    keeps every row when the subquery finds anything and none otherwise. The condition linking the
    subquery to the outer row (``WHERE o.customer_id = c.customer_id``) is missing.

Example:
    SELECT name FROM customers AS c WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.status = 'shipped')

Use instead:
    SELECT name FROM customers AS c WHERE EXISTS (SELECT 1 FROM orders AS o WHERE o.customer_id = c.customer_id AND o.status = 'shipped')

Fix safety:
    No automatic fix: the correlating condition is for the author to write.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.query import blocks_within
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import closed_span, inside_condition
from sqlintent.findings import Severity

DESCRIPTION = ("Uncorrelated EXISTS: the subquery does not refer to the outer row, so the condition is the same "
               "for every row.")


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None:
        return
    for node in ctx.tree.find_all(exp.Exists):
        if not inside_condition(node):
            continue
        blocks = blocks_within(model, node)
        if not blocks or any(b.unresolved or b.unknown or b.derived for b in blocks):
            continue
        inside = {id(b) for b in blocks}
        if any(id(cu.block) not in inside for b in blocks for cu in b.columns):
            continue  # correlated
        if not any(b.columns for b in blocks):
            continue  # SELECT 1 FROM t without any column: nothing to judge by
        span = closed_span(ctx.sql, node, "EXISTS") or ctx.whole_span()
        report = error_report(RULE, DESCRIPTION, [("EXISTS", span)],
                              "Add the condition that ties the subquery to the outer row")
        yield ctx.finding(RULE, span, "this EXISTS subquery does not refer to the outer query: it is true for every "
                          "row or for none", confidence=confidence(0.85), report=report, data={"proof": False})
        return


RULE = Rule("SIE005", "uncorrelated-exists", check, __doc__, Severity.INFO, needs=frozenset({"schema"}))
