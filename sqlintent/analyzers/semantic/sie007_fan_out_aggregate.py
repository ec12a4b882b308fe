"""SUM or AVG of a table's column after a join repeated its rows: an order's amount counted once per line.

What it does:
    For a query whose SUM or AVG reads a column of its first table (the FROM table), joined to other
    tables, and whose selected, grouped and ordered columns all belong to that table (with a declared
    single-column primary key), it runs the statement and its repair as read-only probes: the same query
    over the first table alone, keeping the rows the joins and filters keep, each once (``WHERE key IN
    (SELECT key FROM <the joins> WHERE <the filters>)``). It fires when the two answers differ: the join
    repeated some rows, and the total or average counts them several times. Proof tier: it needs a database.

Why is this bad?
    Joining an order to its lines gives one row per line, so ``SUM(o.amount)`` adds each order's amount
    once per line: a fan-out. The filter on the joined table was meant to choose the orders, not to repeat
    them. A COUNT is left alone (counting lines may be what was asked).

Example:
    SELECT sum(o.discount + 1) FROM orders AS o JOIN order_items AS i ON i.order_id = o.order_id WHERE o.status = 'shipped'

Use instead:
    SELECT sum(o.discount + 1) FROM orders AS o WHERE o.status = 'shipped' AND EXISTS (SELECT 1 FROM order_items AS i WHERE i.order_id = o.order_id)

Fix safety:
    The repair (the first table alone, its rows chosen by the joins) is offered as an unsafe fix.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.query import is_aggregate
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import node_within, proof, text_of
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import clause_span, dialect_name

DESCRIPTION = ("Fan-out: a join repeats the rows of the table whose column is summed or averaged, so each of its "
               "values counts once per matching row of the joined table.")


def check(ctx: StatementContext):
    tree, model = ctx.tree, ctx.query_model
    if model is None or ctx.database is None or not isinstance(tree, exp.Select) or not tree.args.get("joins") \
            or tree.args.get("with") or tree.args.get("distinct"):
        return
    block = next((b for b in model.blocks if b.select is tree), None)
    frm = tree.args.get("from_") or tree.args.get("from")
    if block is None or block.star or block.unresolved or block.unknown or frm is None \
            or not isinstance(frm.this, exp.Table):
        return
    first = block.sources.get((frm.this.alias or frm.this.name).lower())
    if first is None or len(first.table.primary_key) != 1 or len(block.sources) + len(block.derived) < 2:
        return
    aggs = [a for e in tree.expressions for a in e.find_all(exp.AggFunc, exp.Anonymous) if is_aggregate(a)]
    sums = [a for a in aggs if isinstance(a, (exp.Sum, exp.Avg)) and not isinstance(a.this, exp.Distinct)]
    if not sums or len(sums) != len(aggs) or any(isinstance(n, (exp.Window, exp.Subquery)) for e in tree.expressions
                                                for n in e.walk()):
        return
    outputs = [*tree.expressions, tree.args.get("group"), tree.args.get("having"), tree.args.get("order")]
    for cu in block.columns:
        if any(o is not None and node_within(cu.node, o) for o in outputs) and cu.source is not first:
            return
    if any(a.find(exp.Column) is None for a in sums):
        return
    dialect = dialect_name(ctx.dialect)
    alias = first.alias
    key = exp.Column(this=exp.to_identifier(first.table.primary_key[0]), table=exp.to_identifier(alias))
    sub = tree.copy()
    sub.set("expressions", [key.copy()])
    for arg in ("group", "having", "order", "limit", "offset"):
        sub.set(arg, None)
    repaired = tree.copy()
    repaired.set("joins", None)
    repaired.set("where", exp.Where(this=exp.In(this=key.copy(), query=exp.Subquery(this=sub))))
    text = repaired.sql(dialect=dialect)
    diff = proof(ctx, RULE, text)
    if diff is None:
        return
    node = sums[0]
    span = clause_span(ctx.sql, node) or ctx.whole_span()
    report = error_report(RULE, DESCRIPTION, [("aggregate", span)],
                          f"Choose the {first.name} rows with a subquery (IN or EXISTS) instead of joining them")
    fix = Fix(f"Aggregate over {first.name} alone", (Edit(ctx.whole_span(), text),), FixSafety.UNSAFE)
    yield ctx.finding(RULE, span, f"{text_of(ctx.sql, node)} counts each {first.name} row once per row the join "
                      f"pairs it with; over each {first.name} row once, {diff.describe('the repair')}",
                      confidence=confidence(0.85), fix=fix, report=report,
                      data={"proof": True, "difference": diff.to_dict(), "table": first.name})


RULE = Rule("SIE007", "fan-out-aggregate", check, __doc__, Severity.INFO, needs=frozenset({"schema", "database"}))
