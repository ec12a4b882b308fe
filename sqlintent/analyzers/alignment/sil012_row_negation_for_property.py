"""The intent negates what an item has ("countries that do not speak English") and the query filters rows
with ``<>``, which keeps every item that also has it.

What it does:
    Fires when the intent negates something (not, never, without, other than ...) and the query's WHERE
    compares a column with a literal through ``<>`` / ``!=``, where that column belongs to a table holding
    several rows per item (its primary key has several columns and includes the compared column, or the
    table declares no primary key: a link table such as ``countrylanguage(countrycode, language)``).
    The query is then run twice as read-only probes, keeping only its first selected column (or, when it
    selects an aggregate over a join, the negated table's join column): once as written and once with
    ``=`` in place of ``<>``. The rule fires only when the two results share a value:
    an item the query returns although it does have the excluded value. Needs an intent, the schema and a
    database (probes on).

Why is this bad?
    ``WHERE language <> 'English'`` removes the English *rows*, not the countries that speak English: a
    country that speaks English and French still comes back through its French row. Excluding items by
    what they have needs NOT IN, NOT EXISTS or EXCEPT.

Example:
    -- intent: orders that do not contain product 1
    SELECT order_id FROM order_items WHERE product_id <> 1

Use instead:
    -- intent: orders that do not contain product 1
    SELECT order_id FROM orders WHERE order_id NOT IN (SELECT order_id FROM order_items WHERE product_id = 1)

Fix safety:
    No automatic fix: which table lists the items (and whether NOT IN, NOT EXISTS or EXCEPT fits) is for
    the author to decide.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, keyword_span
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import dialect_name, node_span

DESCRIPTION = ("Row-level negation for a negated property: the intent excludes items that have a value, the "
               "query removes only the rows holding it, and items that have it come back through other rows.")


def _owner(tree: exp.Select, col: exp.Column, schema):
    """The schema table a column of the top SELECT belongs to (None when it cannot be told)."""
    sources = {}
    for t in [tree.args.get("from_") or tree.args.get("from")] + list(tree.args.get("joins") or []):
        tab = t.this if t is not None else None
        if isinstance(tab, exp.Table):
            sources[tab.alias_or_name.lower()] = tab.name
    if col.table:
        name = sources.get(col.table.lower())
        return schema.table(name) if name else None
    owners = [schema.table(n) for n in set(sources.values())]
    owners = [t for t in owners if t is not None and t.column(col.name) is not None]
    return owners[0] if len(owners) == 1 else None


def _is_string(node) -> bool:
    """SQLite reads an unqualified "double-quoted" name that is no column as a string."""
    return isinstance(node, exp.Column) and not node.table and bool(node.this.args.get("quoted"))


def _item_column(top: exp.Select, table_alias: str | None, owner) -> exp.Column | None:
    """What the query returns items of: its first selected column, or, when that is an aggregate over a
    join, the join column of the negated table (``countrylanguage.countrycode``)."""
    first = top.expressions[0].this if isinstance(top.expressions[0], exp.Alias) else top.expressions[0]
    if isinstance(first, exp.Column) and not isinstance(first.this, exp.Star):
        return first
    if not isinstance(first, exp.AggFunc):
        return None
    for j in top.args.get("joins") or []:
        on = j.args.get("on")
        if not isinstance(on, exp.EQ):
            continue
        for c in (on.this, on.expression):
            if isinstance(c, exp.Column) and owner.column(c.name) is not None and (
                    (c.table and table_alias and c.table.lower() == table_alias.lower()) or
                    (not c.table and len(top.expressions) == 1)):
                return c
    return None


def _several_rows_per_item(table, column: str) -> bool:
    pk = [c.lower() for c in table.primary_key]
    return (len(pk) >= 2 and column.lower() in pk) or not pk


def _candidates(ctx, top: exp.Select):
    where = top.args.get("where")
    if where is None:
        return
    for node in where.find_all(exp.NEQ):
        col, lit = node.this, node.expression
        if _is_string(col) or isinstance(col, exp.Literal):
            col, lit = lit, col
        if not (isinstance(col, exp.Column) and (isinstance(lit, exp.Literal) or _is_string(lit))):
            continue
        if any(isinstance(a, (exp.Subquery, exp.Select)) for a in node.iter_expressions()):
            continue
        if node.find_ancestor(exp.Subquery, exp.Select) is not top:
            continue  # only the top query's own WHERE
        table = _owner(top, col, ctx.schema)
        if table is not None and _several_rows_per_item(table, col.name):
            item = _item_column(top, col.table or None, table)
            if item is not None:
                yield node, item, table


def _first_column(top: exp.Select, item: exp.Column) -> exp.Select:
    q = top.copy()
    q.set("expressions", [item.copy()])
    for key in ("order", "limit", "offset"):
        q.set(key, None)
    return q


def _values(ctx, sql: str):
    res = ctx.probe(RULE, sql)
    if res is None:
        return None
    return {tuple(r) for r in res.rows}


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or ctx.tree is not f.top or ctx.database is None:
        return
    if ctx.schema is None or not intent.negations or f.group or f.setops or not f.items:
        return
    dialect = dialect_name(ctx.dialect)
    for node, first, table in list(_candidates(ctx, f.top))[:2]:
        written = _first_column(f.top, first)
        kept = _values(ctx, written.sql(dialect=dialect))
        if not kept:
            continue
        flipped = _first_column(f.top, first)
        target = next((n for n in flipped.find_all(exp.NEQ) if n.sql() == node.sql()), None)
        if target is None:
            continue
        target.replace(exp.EQ(this=target.this.copy(), expression=target.expression.copy()))
        having = _values(ctx, flipped.sql(dialect=dialect))
        both = kept & (having or set())
        if not both:
            continue
        cue = intent.negations[0]
        span = node_span(node) or keyword_span(ctx.sql, f.top.args["where"].this, "WHERE", ctx.whole_span())
        example = min(both, key=repr)[0]  # the same example in every run (a set's order follows the string hash seed)
        report = error_report(RULE, DESCRIPTION, [("filter", span)],
                              f"The intent says '{cue.words}': exclude the items that have it, e.g. "
                              f"{first.name} NOT IN (SELECT {first.name} FROM {table.name} WHERE "
                              f"{node.this.sql(dialect=dialect)} = {node.expression.sql(dialect=dialect)}), "
                              "NOT EXISTS or EXCEPT")
        yield ctx.finding(RULE, span, f"the intent says '{cue.words}' but `{node.sql(dialect=dialect)}` removes "
                          f"rows of {table.name}, not items: {len(both)} returned value(s) of {first.name} (e.g. "
                          f"{example!r}) also have the excluded value", confidence=confidence(0.75),
                          report=report, data={**word_span_data(cue), "kept_items": len(both)})
        return


RULE = Rule("SIL012", "row-negation-for-property", check, __doc__, Severity.INFO,
            needs=frozenset({"intent", "schema", "database"}))
