"""A ranking the intent asks for ("the top 5", "the most", "the cheapest") written half: LIMIT without ORDER
BY, or ORDER BY without LIMIT.

What it does:
    Fires when the intent asks for a ranking (a superlative of the intent model) and the query's SELECT that
    carries a LIMIT has no ORDER BY (the rows kept are whichever the plan reads first), or when the intent
    asks for one item ("the most", "the cheapest"; no size, no order asked such as "sorted by") and the
    query sorts with ORDER BY but has no LIMIT, no MIN / MAX, no window ranking and no comparison with a
    subquery: it returns every row, the asked one first. Queries returning a single aggregate row, and
    queries that rank with MIN / MAX (where a LIMIT only picks one of the ties), are not judged. Needs an
    intent.

Why is this bad?
    Without ORDER BY, ``LIMIT 5`` keeps five arbitrary rows: the answer changes with the plan, the engine
    and the data's physical order. Without LIMIT, "the cheapest product" returns the whole table sorted,
    which a caller reading the result as one item misreads.

Example:
    -- intent: the 2 most expensive products
    SELECT name FROM products LIMIT 2

Use instead:
    -- intent: the 2 most expensive products
    SELECT name FROM products ORDER BY price DESC LIMIT 2

Fix safety:
    No automatic fix: the ranking column is for the author to choose.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import order_limit_span, select_list_span, word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import clause_span

DESCRIPTION = ("Incomplete ranking: the intent asks for the top or bottom rows, and the query limits without "
               "sorting, or sorts without limiting.")
_ONE = {"most", "least", "fewest", "highest", "lowest", "largest", "smallest", "biggest", "greatest", "longest",
        "shortest", "heaviest", "lightest", "tallest", "richest", "cheapest", "best", "worst", "maximum", "minimum"}


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or not intent.superlatives:
        return
    sup = intent.superlatives[0]
    if f.all_aggs & {"max", "min"} or f.subquery_minmax:
        return  # MAX / MIN pick the ranked rows; a LIMIT only picks one of their ties
    for sel in ctx.tree.find_all(exp.Select):
        limit = sel.args.get("limit")
        if limit is None or sel.args.get("order") is not None or _single_row(sel):
            continue
        if sel is f.top and f.order is not None:
            continue  # ORDER BY ... LIMIT on the set operation as a whole
        span = clause_span(ctx.sql, limit.expression, "LIMIT") if limit.expression is not None else None
        span = span or select_list_span(ctx, f)
        yield _finding(ctx, sup, span, f"the intent asks for '{sup.words}' but this LIMIT has no ORDER BY: it "
                       "keeps arbitrary rows", "Sort before limiting: ORDER BY the measure the intent ranks by",
                       "limit-without-order")
        return
    if sup.size not in (None, 1) or intent.ordering or sup.words.split()[-1].lower() not in _ONE:
        return
    if f.order is None or f.has_limit or f.having:
        return
    if any(isinstance(n, (exp.Limit, exp.Window)) for n in ctx.tree.walk()) or _single_row(f.top):
        return
    span = order_limit_span(ctx, f) or select_list_span(ctx, f)
    yield _finding(ctx, sup, span, f"the intent asks for '{sup.words}' but the query sorts every row and "
                   "keeps them all (no LIMIT)", "Keep the first row: add LIMIT 1 (or compare with a MAX/MIN "
                   "subquery to keep ties)", "order-without-limit")


def _single_row(sel: exp.Select) -> bool:
    """An aggregate without GROUP BY: one row, nothing to rank."""
    return sel.args.get("group") is None and bool(sel.expressions) and all(
        any(isinstance(n, exp.AggFunc) for n in e.walk()) for e in sel.expressions)


def _finding(ctx, sup, span, message, correction, kind):
    report = error_report(RULE, DESCRIPTION, [("ranking", span)], correction)
    return ctx.finding(RULE, span, message, confidence=confidence(0.7), report=report,
                       data={**word_span_data(sup), "kind": kind})


RULE = Rule("SIL014", "ranking-incomplete", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
