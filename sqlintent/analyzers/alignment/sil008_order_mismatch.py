"""An order the intent asks for ("sorted by ...", "in descending order") that the query does not write.

What it does:
    Fires when the intent asks for an ordering and the query has no ORDER BY, or when the intent states a
    direction ("descending", "in reverse alphabetical order", "ascending", "alphabetically") and the first
    ORDER BY key sorts the other way. Needs an intent.

Why is this bad?
    An unordered result comes back in whatever order the plan produces; a reversed sort puts the rows the
    reader looks at first last.

Example:
    -- intent: product names in descending order of price
    SELECT name FROM products ORDER BY price

Use instead:
    -- intent: product names in descending order of price
    SELECT name FROM products ORDER BY price DESC

Fix safety:
    A reversed direction is fixed by writing DESC or ASC on the first key (unsafe: it changes the order).
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span
from sqlintent.intent import lexicon as L
from sqlintent.analyzers.signals_util.alignment import order_limit_span, select_list_span, word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import node_span

DESCRIPTION = "Order mismatch: the intent asks for an order that the query's ORDER BY does not give."


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or not intent.ordering:
        return
    if f.order is None:
        if intent.superlatives or f.top_aggs and not f.group:
            return  # a ranking (SIL002 judges it) or a single row
        cue = intent.ordering[0]
        span = select_list_span(ctx, f)
        report = error_report(RULE, DESCRIPTION, [("query", span)], f"The intent says '{cue.words}': add ORDER BY")
        yield ctx.finding(RULE, span, f"the intent asks for an order ('{cue.words}') but the query has no ORDER BY",
                          confidence=confidence(0.7), report=report, data={**word_span_data(cue), "kind": "missing"})
        return
    cue = next((c for c in intent.ordering if c.value), None)
    if cue is None or f.order_desc is None or (L.ASC_WORDS.search(intent.text) and L.DESC_WORDS.search(intent.text)):
        return  # "by member ascending, recommender descending": one direction per key, not one for the query
    asked_desc = cue.value == "desc"
    if asked_desc == f.order_desc:
        return
    key = f.order.expressions[0]
    span = order_limit_span(ctx, f) or ctx.whole_span()
    fix = None
    ks = node_span(key.this)
    if ks is not None:
        tail = ctx.sql[ks.end:]
        import re

        m = re.match(r"\s+(ASC|DESC)\b", tail, re.I)
        if m:
            fix = Fix("Sort " + ("DESC" if asked_desc else "ASC"),
                      (Edit(Span(ks.end + m.start(1), ks.end + m.end(1)), "DESC" if asked_desc else "ASC"),),
                      FixSafety.UNSAFE)
        elif asked_desc:
            fix = Fix("Sort DESC", (Edit(Span(ks.end, ks.end), " DESC"),), FixSafety.UNSAFE)
    report = error_report(RULE, DESCRIPTION, [("ORDER BY", span)],
                          f"The intent says '{cue.words}': sort {'DESC' if asked_desc else 'ASC'}")
    yield ctx.finding(RULE, span, f"the intent says '{cue.words}' but the query sorts "
                      f"{'DESC' if f.order_desc else 'ASC'}", confidence=confidence(0.75), report=report, fix=fix,
                      data={**word_span_data(cue), "kind": "direction"})


RULE = Rule("SIL008", "order-mismatch", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
