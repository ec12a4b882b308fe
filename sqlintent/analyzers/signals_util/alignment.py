"""The shared shape of an alignment finding (SIL rules): the intent words it carries, the clause spans it sits
on, the probe that counts duplicate rows, the DISTINCT fix. What the query does in the intent's terms is
:mod:`sqlintent.intent.align`'s (``ctx.intent_facts``)."""
from __future__ import annotations

import re

from sqlintent.findings import Edit, Fix, FixSafety, Span
from sqlintent.intent.align import Facts
from sqlintent.sqlast import clause_span


def word_span_data(*cues) -> dict:
    """The ``data`` entries every alignment finding carries: the intent words that drove it, with spans."""
    return {"intent_words": [getattr(c, "words", None) or getattr(c, "text", "") for c in cues],
            "intent_spans": [[c.start, c.end] for c in cues]}


def select_list_span(ctx, f: Facts):
    """From SELECT to the end of the top SELECT list (the whole statement when positions are missing)."""
    whole = ctx.whole_span()
    if f.top is None or not f.items:
        return whole
    first = clause_span(ctx.sql, f.items[0], "SELECT")
    last = clause_span(ctx.sql, f.items[-1])
    if first is None:
        return whole
    return first.union(last) if last is not None else first


def duplicate_rows(ctx, rule):
    """Run the statement (one probe) and count its repeated rows: (duplicates, rows, result), or None when
    it cannot run or returns fewer than two rows."""
    res = ctx.probe(rule, ctx.sql)
    if res is None or len(res.rows) < 2:
        return None
    rows = [tuple(r) for r in res.rows]
    return len(rows) - len(set(rows)), len(rows), res


def add_distinct_fix(ctx, select_span):
    """The unsafe fix inserting DISTINCT after the SELECT that opens ``select_span``, or None."""
    m = re.match(r"\s*select\b", ctx.sql[select_span.start:], re.I)
    if not m:
        return None
    at = select_span.start + m.end()
    return Fix("Add DISTINCT", (Edit(Span(at, at), " DISTINCT"),), FixSafety.UNSAFE)


def order_limit_span(ctx, f: Facts):
    """The ORDER BY ... LIMIT tail (or whichever of the two exists); None when neither does."""
    span = None
    if f.order is not None and f.order.expressions:
        span = clause_span(ctx.sql, f.order.expressions[-1], "ORDER BY")
        first = clause_span(ctx.sql, f.order.expressions[0], "ORDER BY")
        if span is not None and first is not None:
            span = first.union(span)
    tree = ctx.tree
    limit = tree.args.get("limit") or (f.top.args.get("limit") if f.top is not None else None)
    if limit is not None and limit.expression is not None:
        ls = clause_span(ctx.sql, limit.expression, "LIMIT")
        if ls is not None:
            span = ls if span is None else span.union(ls)
    return span
