"""``SUM(DISTINCT x)`` or ``AVG(DISTINCT x)``: equal values of different rows are counted once.

What it does:
    Fires on ``SUM`` or ``AVG`` of ``DISTINCT`` values. Pattern tier: it needs no database.

Why is this bad?
    DISTINCT removes repeated *values*, not repeated rows: two orders of 10 each total 10, and the average
    price of three products priced 5, 5 and 20 comes out 12.5. It is usually written to undo duplicates a
    join made, which it does only by chance; deduplicate the rows (a subquery over the keys) instead.

Example:
    SELECT sum(DISTINCT quantity) FROM order_items

Use instead:
    SELECT sum(quantity) FROM order_items

Fix safety:
    No automatic fix: dropping DISTINCT changes the answer, and a join's duplicates need another repair.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Severity
from sqlintent.sqlast import clause_span

DESCRIPTION = ("Aggregate of distinct values: SUM/AVG(DISTINCT x) drops equal values of different rows, not "
               "duplicate rows.")


def check(ctx: StatementContext):
    tree = ctx.tree
    if tree is None:
        return
    for node in tree.find_all(exp.Sum, exp.Avg):
        if not isinstance(node.this, exp.Distinct):
            continue
        name = "SUM" if isinstance(node, exp.Sum) else "AVG"
        span = clause_span(ctx.sql, node) or ctx.whole_span()
        report = error_report(RULE, DESCRIPTION, [(name, span)],
                              f"Drop DISTINCT, or {name.lower()} over rows deduplicated by their key in a subquery")
        yield ctx.finding(RULE, span, f"{name}(DISTINCT ...) counts equal values of different rows once",
                          confidence=confidence(0.7), report=report, data={"proof": False})
        return


RULE = Rule("SIE006", "aggregate-distinct", check, __doc__, Severity.INFO)
