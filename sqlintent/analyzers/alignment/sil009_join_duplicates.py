"""A join that repeats result rows: each item comes back once per matching row of the joined table.

What it does:
    For a query that joins tables and has no DISTINCT, GROUP BY, aggregate or set operation, runs the query
    as a read-only probe (timeout and row cap as configured) and fires when the result repeats a row and
    the intent does not ask for one row per pair ("each ... and their ...", "pairs", "all ... records").
    A join whose every table gives the SELECT list a column lists each item with its matches' values: its
    repeated rows are matches that agree, and it is not judged.
    The blamed clause is the FROM clause whose join fans the rows out. Needs a database (probes on).

Why is this bad?
    "Names of customers who placed an order" written as a join lists a name once per order. The question
    asks about items; the join was only a filter. Measured on six parsers' answers to Spider dev, a repeated
    row after a join marks a wrong answer about four times in five (docs/intent.md).

Example:
    -- intent: names of customers who placed an order
    SELECT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id

Use instead:
    -- intent: names of customers who placed an order
    SELECT DISTINCT c.name FROM customers AS c JOIN orders AS o ON o.customer_id = c.customer_id

Fix safety:
    Adds DISTINCT after SELECT (unsafe: it changes the number of rows; an IN / EXISTS filter is the other
    way to write it).
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.signals_util.query import is_plain_query

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, from_clause_span
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import add_distinct_fix, duplicate_rows, select_list_span
from sqlintent.intent.align import intent_of

DESCRIPTION = ("Join duplicates: executing the query returns some rows more than once, because a join matches "
               "several rows of another table for the same item.")
_PAIRS = re.compile(r"\bpairs?\b|\beach\b[^.?!]*\b(?:and|with) (?:their|its|his|her)\b|\brecords?\b|\bhistory\b|"
                    r"\bevery (?:time|record)\b|\ball (?:the )?(?:records|rows|entries)\b", re.I)


def check(ctx: StatementContext):
    f = ctx.intent_facts
    if f is None or f.top is None or ctx.database is None or ctx.tree is not f.top:
        return
    if not f.top.args.get("joins") or f.distinct or f.group or f.all_aggs or f.setops:
        return
    if ctx.intent and _PAIRS.search(ctx.intent):
        return
    if not is_plain_query(ctx.tree) or _lists_every_table(ctx, f):
        return
    counted = duplicate_rows(ctx, RULE)
    if counted is None or counted[0] <= 0:
        return
    dupes, n_rows, res = counted
    span = from_clause_span(ctx.sql, f.top, ctx.whole_span())
    sel = select_list_span(ctx, f)
    fix = add_distinct_fix(ctx, sel)
    report = error_report(RULE, DESCRIPTION, [("FROM clause", span), ("SELECT list", sel)],
                          "If the question is about items, not item-and-match pairs, SELECT DISTINCT or filter "
                          "with IN / EXISTS instead of joining")
    intent = intent_of(ctx)
    words = [c.words for c in intent.distinct] if intent is not None else []
    yield ctx.finding(RULE, span, f"the join repeats {dupes} of {n_rows}{'+' if res.truncated else ''} result "
                      "rows", confidence=confidence(0.75), fix=fix, report=report,
                      data={"duplicates": dupes, "intent_words": words})


def _lists_every_table(ctx, f) -> bool:
    """Every joined table gives the SELECT list a column (or ``*``): each row pairs an item with its match's
    values ("each member with the member who recommended them", "bookings with facility and member"), so
    a repeated row is two matches that happen to agree, not an item repeated by a join used as a filter."""

    model = ctx.query_model
    block = next((b for b in model.blocks if b.select is f.top), None) if model is not None else None
    if block is None or block.derived or block.unresolved or len(block.sources) < 2:
        return False
    if block.star:
        return True
    selected = {id(c) for it in f.items for c in it.find_all(exp.Column)}
    shown = {cu.source.key for cu in block.columns if id(cu.node) in selected}
    return shown >= set(block.sources)


RULE = Rule("SIL009", "join-duplicates", check, __doc__, Severity.INFO,
            needs=frozenset({"intent", "schema", "database"}))
