"""``x = NULL`` or ``x <> NULL``: a comparison with NULL is never true.

What it does:
    Fires on ``=``, ``==``, ``<>`` or ``!=`` with a NULL operand in a condition (WHERE, ON, HAVING, a CASE's
    WHEN). Pattern tier: it needs no database.

Why is this bad?
    NULL means "unknown", and comparing anything with an unknown value gives unknown, which a filter treats
    as false: ``WHERE x = NULL`` returns no row and ``WHERE x <> NULL`` none either, whatever the data.
    ``IS NULL`` and ``IS NOT NULL`` ask what was meant.

Example:
    SELECT name FROM customers WHERE state = NULL

Use instead:
    SELECT name FROM customers WHERE state IS NULL

Fix safety:
    ``= NULL`` becomes ``IS NULL`` and ``<> NULL`` ``IS NOT NULL`` (unsafe: the result changes, which is the
    point).
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import inside_condition, unparen
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span
from sqlintent.sqlast import clause_span

DESCRIPTION = "Comparison with NULL: = NULL and <> NULL are never true; IS NULL and IS NOT NULL test for NULL."
_TAIL = re.compile(r"\s*(==|=|<>|!=)\s*NULL\b", re.I)


def check(ctx: StatementContext):
    tree = ctx.tree
    if tree is None:
        return
    for node in tree.find_all(exp.EQ, exp.NEQ):
        left, right = unparen(node.this), unparen(node.expression)
        if not isinstance(right, exp.Null) or isinstance(left, exp.Null) or not inside_condition(node):
            continue
        test = "IS NULL" if isinstance(node, exp.EQ) else "IS NOT NULL"
        lspan = clause_span(ctx.sql, left)
        m = _TAIL.match(ctx.sql, lspan.end) if lspan is not None else None
        if m is not None:
            span = Span(lspan.start, m.end())
            fix = Fix(f"Write {test}", (Edit(span, f"{ctx.sql[lspan.start:lspan.end]} {test}"),), FixSafety.UNSAFE)
        else:
            span, fix = clause_span(ctx.sql, node) or ctx.whole_span(), None
        op = "=" if isinstance(node, exp.EQ) else "<>"
        report = error_report(RULE, DESCRIPTION, [("comparison", span)], f"Write {left.sql()} {test}")
        yield ctx.finding(RULE, span, f"{op} NULL is never true, so this condition keeps no row; write {test}",
                          confidence=confidence(0.95), fix=fix, report=report, data={"proof": False})
        return


RULE = Rule("SIE002", "null-comparison", check, __doc__, Severity.INFO)
