"""``x = 'A%'``: a LIKE pattern compared with ``=``, which reads ``%`` as a percent sign.

What it does:
    Fires on ``column = 'text with %'`` (or ``<>``) in a condition when the database shows (read-only
    probes) that no row of the column's table holds that exact text and that the statement answers
    differently with ``LIKE``. Proof tier: it needs a database.

Why is this bad?
    Only LIKE reads ``%`` and ``_`` as wildcards; ``=`` looks for the text as written, percent sign and
    all, so "names starting with A" returns nothing.

Example:
    SELECT name FROM customers WHERE name = 'A%'

Use instead:
    SELECT name FROM customers WHERE name LIKE 'A%'

Fix safety:
    ``=`` becomes ``LIKE`` and ``<>`` ``NOT LIKE`` (unsafe: the result changes, which is the point).
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import inside_condition, proof, quiet_probe, replace_spans, unparen
from sqlintent.analyzers.signals_util.values import quote_ident, quote_str
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span
from sqlintent.sqlast import clause_span

DESCRIPTION = "Wildcard without LIKE: = compares with the text as written; only LIKE reads % as a wildcard."
_OP = re.compile(r"\s*(==|=|<>|!=)\s*")


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or ctx.database is None:
        return
    uses = {id(cu.node): cu for b in model.blocks for cu in b.columns}
    for node in ctx.tree.find_all(exp.EQ, exp.NEQ):
        left, right = unparen(node.this), unparen(node.expression)
        if not (isinstance(left, exp.Column) and isinstance(right, exp.Literal) and right.is_string
                and "%" in right.this and right.this.strip("%")) or not inside_condition(node):
            continue
        cu = uses.get(id(left))
        lspan, rspan = clause_span(ctx.sql, left), clause_span(ctx.sql, right)
        if cu is None or lspan is None or rspan is None or not _OP.fullmatch(ctx.sql[lspan.end:rspan.start]):
            continue
        stored = quiet_probe(ctx, RULE, f"SELECT 1 FROM {quote_ident(cu.source.name)} WHERE "
                             f"{quote_ident(cu.column)} = {quote_str(right.this)} LIMIT 1")
        if stored is None or stored.rows:
            continue
        like = " LIKE " if isinstance(node, exp.EQ) else " NOT LIKE "
        edit = (Span(lspan.end, rspan.start), like)
        diff = proof(ctx, RULE, replace_spans(ctx.sql, [edit]))
        if diff is None:
            continue
        span = Span(lspan.start, rspan.end)
        report = error_report(RULE, DESCRIPTION, [("comparison", span)], f"Write{like}to match a pattern")
        yield ctx.finding(RULE, span, f"{ctx.sql[lspan.end:rspan.start].strip()} reads % as a percent sign, and no {cu.source.name}.{cu.column} holds this "
                          f"text; with{like}{diff.describe('the pattern')}", confidence=confidence(0.9),
                          fix=Fix(f"Write{like.rstrip()}", (Edit(*edit),), FixSafety.UNSAFE), report=report,
                          data={"proof": True, "difference": diff.to_dict()})
        return


RULE = Rule("SIE011", "wildcard-without-like", check, __doc__, Severity.INFO, needs=frozenset({"schema", "database"}))
