"""Different (distinct, unique) items asked for, and the result holds duplicate rows.

What it does:
    When the intent asks for "different", "distinct" or "unique" items and the query has neither DISTINCT
    nor GROUP BY, the query is run as a read-only probe (timeout and row cap as configured) and the rule
    fires if its result repeats a row. Needs an intent and a database (probes on).

Why is this bad?
    A join fans rows out: "the different cities of our customers" read through orders lists a city once per
    order. The duplicates are visible only in the data, which is why the query is run.

Example:
    -- intent: the different cities of customers who placed an order
    SELECT c.city FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id

Use instead:
    -- intent: the different cities of customers who placed an order
    SELECT DISTINCT c.city FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id

Fix safety:
    Adds DISTINCT after SELECT (unsafe: it changes the number of rows, which is the point).
"""
from __future__ import annotations

from sqlintent.analyzers.signals_util.query import is_plain_query
from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import add_distinct_fix, duplicate_rows, select_list_span, word_span_data
from sqlintent.intent.align import intent_of

DESCRIPTION = ("Duplicate rows: the intent asks for different items, and executing the query returns some rows "
               "more than once.")


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or not intent.distinct or ctx.database is None:
        return
    if f.distinct or f.group or f.setops or f.top_aggs or not is_plain_query(ctx.tree):
        return
    counted = duplicate_rows(ctx, RULE)
    if counted is None or counted[0] <= 0:
        return
    dupes, n_rows, res = counted
    cue = intent.distinct[0]
    span = select_list_span(ctx, f)
    fix = add_distinct_fix(ctx, span)
    report = error_report(RULE, DESCRIPTION, [("SELECT list", span)],
                          f"The intent says '{cue.words}': SELECT DISTINCT (or GROUP BY the item's key)")
    yield ctx.finding(RULE, span, f"the intent asks for '{cue.words}' items but the result repeats {dupes} of "
                      f"{n_rows}{'+' if res.truncated else ''} rows", confidence=confidence(0.8), fix=fix,
                      report=report, data={**word_span_data(cue), "duplicates": dupes})


RULE = Rule("SIL006", "distinct-asked-duplicates-returned", check, __doc__, Severity.INFO,
            needs=frozenset({"intent", "schema", "database"}))
