"""A count per group asked ("with 3 or more orders", "per month") where the query compares a row's value or
does not group.

What it does:
    Two cases, both read from the intent model:

    - the intent compares a number of members ("customers with more than 2 orders", "12 or more friends")
      and no COUNT appears in any comparison of the query (no ``HAVING count(*) > 2``, no
      ``(SELECT count(*) ...) > 2``): the query compares a row's value instead of counting;
    - the intent asks for an aggregate per group ("for each", "per", "each") and the query aggregates
      without GROUP BY (and without a correlated subquery doing the grouping).

    The finding quotes the intent's words. Needs an intent.

Why is this bad?
    "Customers with more than 2 orders" is a property of a group of rows; ``WHERE quantity > 2`` tests each
    row and answers a different question. An aggregate without GROUP BY collapses every group into one row.

Example:
    -- intent: names of customers with more than 2 orders
    SELECT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id WHERE o.order_id > 2

Use instead:
    -- intent: names of customers with more than 2 orders
    SELECT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id GROUP BY c.customer_id HAVING count(*) > 2

Fix safety:
    No automatic fix: the grouping key and the counted rows are for the author to choose.
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import select_list_span, word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.intent.schema_link import is_column_name, names_schema_item

DESCRIPTION = ("Per-group mismatch: the intent asks for a count or aggregate per group that the query does not "
               "compute per group.")


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None:
        return
    counted = [c for c in intent.comparisons if c.counted and not is_column_name(ctx, c.counted)]
    if counted and not f.count_compared:
        c = counted[0]
        span = select_list_span(ctx, f)
        where = f.top.args.get("where")
        if where is not None:
            from sqlintent.analyzers.signals_util.report import keyword_span

            span = keyword_span(ctx.sql, where.this, "WHERE", span)
        report = error_report(RULE, DESCRIPTION, [("filter", span)],
                              f"The intent says '{c.words}': GROUP BY the items and compare count(*) in HAVING")
        yield ctx.finding(RULE, span, f"the intent counts members ('{c.words}') but the query compares no count",
                          confidence=confidence(0.7), report=report, data={**word_span_data(c), "kind": "count"})
        return
    groups = [g for g in intent.grouping if _group_noun(ctx, g)]
    if groups and intent.aggregates and f.top_aggs and not f.group and not _partitioned(f) and not _correlated(ctx):
        g = groups[0]
        span = select_list_span(ctx, f)
        report = error_report(RULE, DESCRIPTION, [("SELECT list", span)],
                              f"The intent says '{g.words}': GROUP BY the key of the groups and select it")
        yield ctx.finding(RULE, span, f"the intent asks for a result '{g.words}' group but the query aggregates "
                          "without GROUP BY", confidence=confidence(0.7), report=report,
                          data={**word_span_data(g), "kind": "group"})


def _group_noun(ctx, g) -> bool:
    """The word after "for each" / "per" names a table or column (not "miles per gallon", "each time")."""
    m = re.match(r"\s+(?:the\s+|of\s+)?([A-Za-z]+)", ctx.intent[g.end:g.end + 40])
    return bool(m) and names_schema_item(ctx, m.group(1))


def _partitioned(f) -> bool:
    """``AVG(x) OVER (PARTITION BY project_id)``: a window computes the aggregate per group without GROUP BY."""
    return any(w.args.get("partition_by") for it in f.items for w in it.find_all(exp.Window))


def _correlated(ctx) -> bool:
    from sqlintent.analyzers.signals_util.query import is_correlated

    model = ctx.query_model
    if model is None:
        return False
    return any(b.select is not ctx.tree and is_correlated(model, b.select) for b in model.blocks)


RULE = Rule("SIL004", "per-group-mismatch", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
