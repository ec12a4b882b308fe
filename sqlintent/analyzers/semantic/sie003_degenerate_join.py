"""A join condition that does not relate the joined table: ``ON a.id = a.id``, or ``ON`` naming only other tables.

What it does:
    Reads each ``JOIN ... ON``. It fires when the condition compares a column with itself
    (``ON o.order_id = o.order_id``), or when every column it names is qualified with another table's name
    or alias, so that nothing ties the joined table's rows to the others (``JOIN orders AS o ON
    c.customer_id = c.customer_id``). A constant condition (``ON 1 = 1``, ``ON TRUE``: a cross join on
    purpose) and a condition with unqualified columns are left alone. Pattern tier: it needs no database.

Why is this bad?
    Such a condition is true for every pair of rows (or false for all), so the join pairs every row of the
    joined table with every row of the others: counts and sums grow by the other table's size. It is a
    typo of an alias (``o.`` written ``c.``) or a column.

Example:
    SELECT c.name, o.order_date FROM customers AS c JOIN orders AS o ON c.customer_id = c.customer_id

Use instead:
    SELECT c.name, o.order_date FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id

Fix safety:
    No automatic fix: the column meant is for the author to say (SIJ001 names the declared keys).
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import column_key, unparen
from sqlintent.findings import Severity
from sqlintent.sqlast import clause_span

DESCRIPTION = ("Degenerate join condition: the ON condition does not relate the joined table to the others, so "
               "each of its rows is paired with every other row.")


def check(ctx: StatementContext):
    tree = ctx.tree
    if tree is None:
        return
    for join in tree.find_all(exp.Join):
        on = join.args.get("on")
        alias = (join.this.alias_or_name or "").lower() if join.this is not None else ""
        if on is None or not alias:
            continue
        what = _self_comparison(on) or _unrelated(on, alias, join.this.alias_or_name)
        if what is None:
            continue
        span = clause_span(ctx.sql, on, "ON") or ctx.whole_span()
        report = error_report(RULE, DESCRIPTION, [("ON", span)],
                              f"Compare a column of {join.this.alias_or_name} with the table it belongs to")
        yield ctx.finding(RULE, span, what, confidence=confidence(0.9), report=report, data={"proof": False})
        return


def _self_comparison(on: exp.Expression) -> str | None:
    for eq in on.find_all(exp.EQ):
        left, right = unparen(eq.this), unparen(eq.expression)
        if isinstance(left, exp.Column) and isinstance(right, exp.Column) and left.table \
                and column_key(left) == column_key(right):
            return f"{eq.sql()} compares a column with itself: it relates no row to another"
    return None


def _unrelated(on: exp.Expression, alias: str, written: str) -> str | None:
    cols = [c for c in on.find_all(exp.Column)]
    if not cols or any(not c.table for c in cols):
        return None
    if any(isinstance(n, (exp.Select, exp.Subquery)) for n in on.walk()):
        return None
    if any(c.table.lower() == alias for c in cols):
        return None
    return f"the ON condition names no column of {written}: every row of it is paired with every row before it"


RULE = Rule("SIE003", "degenerate-join", check, __doc__, Severity.INFO)
