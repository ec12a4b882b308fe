"""A selected column outside GROUP BY that takes several values in a group: SQLite shows one of them.

What it does:
    For an aggregate query on SQLite (which accepts it; PostgreSQL and DuckDB refuse it), takes each
    selected plain column that is not grouped by, not aggregated and not fixed by the group key (the key
    of its table grouped by), and asks the database (one read-only probe) whether some group holds more
    than one value of it. It fires when one does. A query with a single MIN or MAX and no other aggregate
    is left alone: SQLite documents that its bare columns come from the row holding that minimum or
    maximum. A column that HAVING reads outside an aggregate is judged the same way (SQLite tests it on one
    row of each group). Proof tier: it needs a database.

Why is this bad?
    A group holding several values of the column shows only one of them, from a row SQLite chooses: the
    answer names one city for a customer who lives in two, or one product for a whole category. Group by
    the column too, or aggregate it.

Example:
    SELECT o.customer_id, i.product_id, count(*) FROM orders AS o JOIN order_items AS i ON i.order_id = o.order_id GROUP BY o.customer_id

Use instead:
    SELECT o.customer_id, i.product_id, count(*) FROM orders AS o JOIN order_items AS i ON i.order_id = o.order_id GROUP BY o.customer_id, i.product_id

Fix safety:
    No automatic fix: grouping by the column or aggregating it answer different questions.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.query import is_aggregate, own_walk
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import column_key, quiet_probe, unparen
from sqlintent.findings import Severity
from sqlintent.sqlast import clause_span, dialect_name

DESCRIPTION = ("Bare column: a selected column that is neither grouped by nor aggregated takes several values in "
               "a group, and SQLite shows one of them.")


def check(ctx: StatementContext):
    tree, model = ctx.tree, ctx.query_model
    if model is None or ctx.database is None or ctx.dialect != "sqlite" or not isinstance(tree, exp.Select):
        return
    block = next((b for b in model.blocks if b.select is tree), None)
    if block is None or block.star or block.unresolved or block.unknown or tree.args.get("distinct"):
        return
    group = tree.args.get("group")
    keys = [unparen(g) for g in (group.expressions if group is not None else [])]
    aggs = [a for e in tree.expressions for a in own_walk(e) if is_aggregate(a)]
    if not keys and not aggs:
        return
    if len(aggs) == 1 and isinstance(aggs[0], (exp.Min, exp.Max)):
        return  # SQLite's documented bare columns of min() / max()
    if any(isinstance(n, exp.Window) for e in tree.expressions for n in own_walk(e)):
        return
    grouped = {column_key(k) for k in keys if isinstance(k, exp.Column)} | \
        {("", k.name.lower()) for k in keys if isinstance(k, exp.Column)}
    uses = {id(cu.node): cu for cu in block.columns}
    having = tree.args.get("having")
    named = [*keys, *(having.find_all(exp.Column) if having is not None else [])]
    if any(not isinstance(k, exp.Column) or id(k) not in uses for k in keys) \
            or any(isinstance(c, exp.Column) and id(c) not in uses for c in named):
        return  # a key or HAVING naming an alias or a position: the probe would read it otherwise
    grouped_sources = {}
    for k in keys:
        cu = uses.get(id(k)) if isinstance(k, exp.Column) else None
        if cu is not None:
            grouped_sources.setdefault(cu.source.key, set()).add(cu.column.lower())
    aliases = {e.alias.lower() for e in tree.expressions if isinstance(e, exp.Alias)}
    candidates = []
    for item in tree.expressions:
        col = unparen(item.this if isinstance(item, exp.Alias) else item)
        if isinstance(item, exp.Alias) and item.alias.lower() in {k.name.lower() for k in keys
                                                                 if isinstance(k, exp.Column)}:
            continue  # grouped by its alias
        if isinstance(col, exp.Column) and col.name.lower() not in aliases - {col.name.lower()}:
            candidates.append((col, False))
    if having is not None and keys:
        candidates += [(c, True) for c in having.find_all(exp.Column) if _bare_in(c, having)]
    for col, in_having in candidates:
        if column_key(col) in grouped or ("", col.name.lower()) in grouped:
            continue
        cu = uses.get(id(col))
        if cu is None:
            continue
        pk = {c.lower() for c in cu.source.table.primary_key}
        if pk and pk <= grouped_sources.get(cu.source.key, set()):
            continue  # fixed by its table's key
        probe = tree.copy()
        counted = exp.Count(this=exp.Distinct(expressions=[col.copy()]))
        probe.set("expressions", [exp.alias_(counted, "n_values")])
        probe.set("order", exp.Order(expressions=[exp.Ordered(this=exp.column("n_values"), desc=True)]))
        probe.set("limit", exp.Limit(expression=exp.Literal.number(1)))
        probe.set("offset", None)
        if in_having:
            probe.set("having", None)  # SQLite tests the bare column on every group
        res = quiet_probe(ctx, RULE, probe.sql(dialect=dialect_name(ctx.dialect)))
        if res is None or not res.rows or not isinstance(res.rows[0][0], int) or res.rows[0][0] < 2:
            continue
        span = clause_span(ctx.sql, col) or ctx.whole_span()
        where = "a group holds" if keys else "the aggregated rows hold"
        report = error_report(RULE, DESCRIPTION, [("column", span)],
                              f"Group by {col.sql()} too, or aggregate it")
        shows = "SQLite tests one of them" if in_having else "SQLite shows one of them"
        yield ctx.finding(RULE, span, f"{col.sql()}{' in HAVING' if in_having else ''} is neither grouped by nor "
                          f"aggregated, and {where} {res.rows[0][0]} different values of it: {shows}",
                          confidence=confidence(0.85), report=report,
                          data={"proof": True, "values_in_group": res.rows[0][0]})
        return


def _bare_in(col: exp.Column, having: exp.Expression) -> bool:
    """``col`` is read in HAVING outside any aggregate and any subquery."""
    p = col.parent
    while p is not None and p is not having:
        if is_aggregate(p) or isinstance(p, (exp.Select, exp.Subquery)):
            return False
        p = p.parent
    return True


RULE = Rule("SIE008", "bare-column", check, __doc__, Severity.INFO, needs=frozenset({"schema", "database"}))
