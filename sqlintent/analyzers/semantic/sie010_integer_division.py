"""``a / b`` of two integers in a ratio: SQLite and PostgreSQL drop the fraction (3 / 4 is 0).

What it does:
    On SQLite and PostgreSQL, reads each division in the SELECT list whose two sides are integers (integer
    columns, COUNT, SUM of an integer column, integer numbers) and whose divisor is not a number written in
    the query (``minutes / 60`` may mean whole hours) unless the dividend is scaled by 100 (a percentage).
    It runs the statement and its repair as read-only probes, the dividend cast to a decimal type, and
    fires only when the answers differ: a fraction was truncated. Proof tier: it needs a database.

Why is this bad?
    Integer division truncates: the share of orders shipped comes out 0, and a percentage as 66 where 66.7
    was meant. Multiply by ``1.0`` or cast one side to REAL / NUMERIC first.

Example:
    SELECT sum(quantity) / count(*) FROM order_items

Use instead:
    SELECT sum(quantity) * 1.0 / count(*) FROM order_items

Fix safety:
    The dividend cast to a decimal type (unsafe: the result changes, which is the point).
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import literal_value, proof, replace_spans, text_of, unparen
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import clause_span

DESCRIPTION = "Integer division: both sides are integers, so the fraction is dropped (3 / 4 is 0)."


def check(ctx: StatementContext):
    tree, model = ctx.tree, ctx.query_model
    if model is None or ctx.database is None or ctx.dialect not in ("sqlite", "postgres") \
            or not isinstance(tree, exp.Select):
        return
    uses = {id(cu.node): cu for b in model.blocks for cu in b.columns}
    for item in tree.expressions:
        for div in item.find_all(exp.Div):
            num, den = unparen(div.this), unparen(div.expression)
            if not (_integer(num, uses) and _integer(den, uses)):
                continue
            if isinstance(literal_value(den), int) and not _percent(num):
                continue
            span = clause_span(ctx.sql, div.this)
            if span is None:
                continue
            text = ctx.sql[span.start:span.end]
            cast = f"CAST({text} AS {'REAL' if ctx.dialect == 'sqlite' else 'NUMERIC'})"
            diff = proof(ctx, RULE, replace_spans(ctx.sql, [(span, cast)]))
            if diff is None:
                continue
            where = clause_span(ctx.sql, div) or span
            report = error_report(RULE, DESCRIPTION, [("division", where)], f"Divide {cast} instead")
            yield ctx.finding(RULE, where, f"{text_of(ctx.sql, div)} divides two integers, so the fraction is dropped; with "
                              f"{cast} {diff.describe('the division')}", confidence=confidence(0.8),
                              fix=Fix("Cast the dividend", (Edit(span, cast),), FixSafety.UNSAFE), report=report,
                              data={"proof": True, "difference": diff.to_dict()})
            return


def _percent(node: exp.Expression) -> bool:
    return isinstance(node, exp.Mul) and any(literal_value(s) == 100 for s in (node.this, node.expression))


def _integer(node: exp.Expression, uses: dict) -> bool:
    node = unparen(node)
    if isinstance(node, exp.Subquery) and isinstance(node.this, exp.Select) and len(node.this.expressions) == 1:
        return _integer(node.this.expressions[0], uses)
    if isinstance(node, (exp.Literal, exp.Neg)):
        return isinstance(literal_value(node), int)
    if isinstance(node, exp.Count):
        return True
    if isinstance(node, exp.Sum) and not isinstance(node.this, exp.Distinct):
        return _integer(node.this, uses)
    if isinstance(node, (exp.Mul, exp.Add, exp.Sub)):
        return _integer(node.this, uses) and _integer(node.expression, uses)
    if isinstance(node, exp.Column):
        cu = uses.get(id(node))
        col = cu.source.table.column(cu.column) if cu is not None else None
        return col is not None and "INT" in (col.type or "").upper()
    return False


RULE = Rule("SIE010", "integer-division", check, __doc__, Severity.INFO, needs=frozenset({"schema", "database"}))
