"""``COUNT(*)`` over an outer join: an item with no match is counted as 1, not 0.

What it does:
    For a grouped query whose FROM has a LEFT (or RIGHT / FULL) JOIN and whose SELECT list counts rows
    (``COUNT(*)``, ``COUNT(1)``), runs the query twice as read-only probes: as written, and with the count
    taken over the optional table's join column (``COUNT(o.customer_id)``), which skips the NULL row an
    unmatched item gets. It fires when the two results differ: some item has no match and is counted once.
    An anti-join (``WHERE o.x IS NULL``), which keeps only the unmatched rows to count them, is not judged.

Why is this bad?
    An outer join is written to keep the items without a match ("each customer and their number of orders,
    including those with none"). ``COUNT(*)`` counts the NULL-filled row that keeps them, so they show 1
    order instead of 0: exactly the rows the outer join was for come out wrong.

Example:
    SELECT c.name, count(*) FROM customers AS c LEFT JOIN orders AS o ON o.customer_id = c.customer_id GROUP BY c.customer_id

Use instead:
    SELECT c.name, count(o.order_id) FROM customers AS c LEFT JOIN orders AS o ON o.customer_id = c.customer_id GROUP BY c.customer_id

Fix safety:
    The count is taken over the optional table's join column (unsafe: it changes the counts, which is the
    point).
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.signals_util.query import is_plain_query
from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.rewrite import answers_differ
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import clause_span, dialect_name

DESCRIPTION = ("Outer-join count: COUNT(*) counts the NULL row an outer join adds for an item without a match, "
               "so such items show 1 instead of 0.")


def check(ctx: StatementContext):
    tree = ctx.tree
    if ctx.database is None or not isinstance(tree, exp.Select) or tree.args.get("group") is None \
            or not is_plain_query(tree):
        return
    optional = _optional_column(tree)
    if optional is None or _anti_join(tree, optional):
        return
    stars = [c for it in tree.expressions for c in it.find_all(exp.Count) if _counts_rows(c)]
    if not stars:
        return
    changed = tree.copy()
    for c in changed.find_all(exp.Count):
        if _counts_rows(c):
            c.set("this", optional.copy())
    if not answers_differ(ctx, RULE, changed):  # the same rows, or no complete answer
        return
    node = stars[0]
    span = clause_span(ctx.sql, node) or ctx.whole_span()
    repl = f"count({optional.sql(dialect=dialect_name(ctx.dialect))})"
    fix = Fix(f"Count {optional.sql()} instead", (Edit(span, repl),), FixSafety.UNSAFE) \
        if len(stars) == 1 and clause_span(ctx.sql, node) is not None else None
    report = error_report(RULE, DESCRIPTION, [("count", span)],
                          f"Count a column of the optional table: {repl} is 0 for an item without a match")
    yield ctx.finding(RULE, span, f"{node.sql()} over an outer join counts items without a match as 1; "
                      f"{repl} gives 0 for them", confidence=confidence(0.8), fix=fix, report=report,
                      data={"column": optional.sql()})


def _anti_join(sel: exp.Select, optional: exp.Column) -> bool:
    """``WHERE o.x IS NULL``: only unmatched rows are kept, and counting them is the point."""
    where = sel.args.get("where")
    if where is None:
        return False
    table = optional.table.lower()
    return any(isinstance(n.this, exp.Column) and n.this.table.lower() == table and isinstance(n.expression, exp.Null)
               and not isinstance(n.parent, exp.Not) for n in where.find_all(exp.Is))


def _counts_rows(c: exp.Count) -> bool:
    arg = c.this
    if c.args.get("distinct") or isinstance(arg, exp.Distinct):
        return False
    return arg is None or isinstance(arg, exp.Star) or (isinstance(arg, exp.Literal) and not arg.is_string)


def _optional_column(sel: exp.Select) -> exp.Column | None:
    """A join column of the first table an outer join may leave unmatched (the right side of a LEFT JOIN)."""
    for join in sel.args.get("joins") or []:
        side = (join.args.get("side") or "").upper()
        if side not in ("LEFT", "FULL"):
            continue
        alias = join.this.alias_or_name
        on = join.args.get("on")
        if on is None or not alias:
            continue
        for col in on.find_all(exp.Column):
            if col.table and col.table.lower() == alias.lower():
                return col
    return None


RULE = Rule("SIG003", "outer-join-count", check, __doc__, Severity.INFO, needs=frozenset({"schema", "database"}))
