"""A count asked and rows returned, or a count returned that nobody asked for.

What it does:
    Reads the intent with the intent model. When the intent asks how many ("how many", "number of",
    "count ...") as its answer and the top SELECT list holds no aggregate at all, the query lists rows
    where one number was asked for. The intent words that asked for the count are in the finding.
    Needs an intent.

Why is this bad?
    "How many orders ..." answered with ``SELECT order_id FROM orders ...`` returns the rows instead of
    their number; a caller reading the first value reads an id, not a count.

Example:
    -- intent: how many customers live in Boston?
    SELECT name FROM customers WHERE city = 'Boston'

Use instead:
    -- intent: how many customers live in Boston?
    SELECT count(*) FROM customers WHERE city = 'Boston'

Fix safety:
    No automatic fix: whether to count rows or distinct values is for the author to decide.
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.intent import stem, words
from sqlintent.findings import Severity
from sqlintent.intent.align import facts, intent_of, select_list_span, word_span_data

DESCRIPTION = ("Answer shape: the intent asks for a number (a count) but the query returns rows without any "
               "aggregate.")


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = facts(ctx)
    if intent is None or f is None or f.top is None or not intent.asks_count:
        return
    if f.top_aggs or any(s in ("union", "intersect", "except") for s in f.setops):
        return
    if intent.existence:
        return
    cue = next(c for c in intent.aggregates if c.kind == "count")
    if _stored_count(ctx, cue, f):
        return
    span = select_list_span(ctx, f)
    report = error_report(RULE, DESCRIPTION, [("SELECT list", span)],
                          f"The intent says '{cue.words}': return count(...) (or count(DISTINCT ...)) of the rows "
                          "the query selects, not the rows themselves")
    yield ctx.finding(RULE, span, f"the intent asks for a count ('{cue.words}') but the query returns rows",
                      confidence=confidence(0.7), report=report, data=word_span_data(cue))


_COUNTISH = re.compile(r"num|count|number|total|qty|quantity|amount|size|population", re.I)


def _stored_count(ctx, cue, f) -> bool:
    """True when a selected column already holds the number ("how many cylinders" -> cars.cylinders)."""
    after = re.findall(r"[A-Za-z]+", ctx.intent[cue.end:cue.end + 40])
    nouns = [stem(w) for w in after[:3] if w.lower() not in ("of", "the", "different", "distinct", "unique", "total")]
    for it in f.items:
        for col in it.find_all(exp.Column):
            name = col.name
            if _COUNTISH.search(name) or (nouns and nouns[0] in words(name)):
                return True
    return False


RULE = Rule("SIL001", "count-asked-rows-returned", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
