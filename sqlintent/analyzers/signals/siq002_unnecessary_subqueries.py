"""A query with more subqueries than a configurable threshold.

What it does:
    Counts the subqueries of a statement (every SELECT written inside parentheses or as a CTE body; the
    branches of a top-level UNION, INTERSECT or EXCEPT are not subqueries) and reports the statement when
    the count exceeds ``thresholds.max_subqueries`` (default 3, as in SQLENS). The finding points at
    the first subquery beyond the threshold and lists them all.

Why is this bad?
    Queries that stack many subqueries are hard to read and check, and in generated SQL they usually
    mean the question was decomposed wrongly: a join or a GROUP BY would express it directly.

Example:
    SELECT name FROM customers WHERE customer_id IN (SELECT customer_id FROM orders WHERE order_id IN
    (SELECT order_id FROM order_items WHERE product_id IN (SELECT product_id FROM products WHERE
    product_id IN (SELECT product_id FROM product_suppliers))))

Use instead:
    SELECT DISTINCT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id
    JOIN order_items AS i ON i.order_id = o.order_id JOIN product_suppliers AS ps ON ps.product_id = i.product_id

Fix safety:
    No automatic fix: flattening subqueries into joins is a rewrite for the author.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, node_spans, subquery_span
from sqlintent.findings import Severity

DESCRIPTION = ("Unnecessary subqueries: the query nests more subqueries than the threshold; excessive "
               "nesting makes errors likely and usually has a direct form with joins or GROUP BY.")


def _nested(sel: exp.Select) -> bool:
    p = sel.parent
    while p is not None:
        if isinstance(p, (exp.Subquery, exp.CTE)):
            return True
        p = p.parent
    return False


def _depth(sel: exp.Select) -> int:
    d, p = 0, sel.parent
    while p is not None:
        if isinstance(p, (exp.Subquery, exp.CTE)):
            d += 1
        p = p.parent
    return d


def check(ctx: StatementContext):
    tree = ctx.tree
    if tree is None:
        return
    threshold = ctx.config.thresholds.max_subqueries
    subs = [s for s in tree.find_all(exp.Select) if _nested(s)]
    if len(subs) <= threshold:
        return
    spans, closes = node_spans(tree), {}  # 200 nested subqueries: linear, not quadratic
    located = [(subquery_span(ctx.sql, s, spans=spans, closes=closes), s) for s in subs]
    located.sort(key=lambda p: getattr(p[0], "start", 0))
    subs = [s for _, s in located]
    clauses = [(f"subquery {i + 1}", span) for i, (span, _) in enumerate(located)]
    span = clauses[threshold][1] or ctx.whole_span()
    depth = max(_depth(s) for s in subs)
    report = error_report(RULE, DESCRIPTION, clauses,
                          f"Rewrite with at most {threshold} subqueries: express lookups as joins and "
                          "per-group conditions with GROUP BY/HAVING")
    yield ctx.finding(RULE, span, f"{len(subs)} subqueries (nested {depth} deep) exceed the threshold of "
                                  f"{threshold}", confidence=confidence(0.5), report=report,
                      data={"subqueries": len(subs), "depth": depth, "threshold": threshold})


RULE = Rule("SIQ002", "unnecessary-subqueries", check, __doc__, Severity.INFO)
