"""A count asked and rows returned, or a count returned that nobody asked for.

What it does:
    Reads the intent with the intent model. When the intent asks how many ("how many", "number of",
    "count ...") as its answer and the top SELECT list holds no aggregate at all, the query lists rows
    where one number was asked for. When the intent asks for one count (no "each", "per", "by") and the
    query selects a lone count with GROUP BY, the query is run as a probe and the rule fires if it returns
    several counts. A count compared in a condition ("invalid if the number of characters is greater than
    15") asks for no count, and a count asked only by a follow-up question ("Which country has the most cities? How many
    does it have?") is not required of a query that answers the first. The intent words that asked for the count are in the finding. Needs an intent (and a
    database for the second case).

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

from sqlintent.analyzers.signals_util.query import is_plain_query
from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, group_by_span
from sqlintent.intent.words import stem, words
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import select_list_span, word_span_data
from sqlintent.intent.align import intent_of

DESCRIPTION_SEVERAL = ("Answer shape: the intent asks for one number and the query returns one count per group.")
DESCRIPTION = ("Answer shape: the intent asks for a number (a count) but the query returns rows without any "
               "aggregate.")


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or not intent.asks_count:
        return
    if f.top_aggs and len(f.items) == 1 and "count" in f.top_aggs:
        yield from _several_counts(ctx, intent, f)
        return
    if f.top_aggs or any(s in ("union", "intersect", "except") for s in f.setops):
        return
    if intent.existence:
        return
    cue = next(c for c in intent.aggregates if c.kind == "count")
    if _follow_up(intent.text, cue) or _in_condition(intent, cue):
        return
    if _stored_count(ctx, cue, f) or _inner_count(ctx, f):
        return
    span = select_list_span(ctx, f)
    report = error_report(RULE, DESCRIPTION, [("SELECT list", span)],
                          f"The intent says '{cue.words}': return count(...) (or count(DISTINCT ...)) of the rows "
                          "the query selects, not the rows themselves")
    yield ctx.finding(RULE, span, f"the intent asks for a count ('{cue.words}') but the query returns rows",
                      confidence=confidence(0.7), report=report, data=word_span_data(cue))


def _several_counts(ctx, intent, f):
    """One number asked, no grouping words, and the query (run as a probe) returns several counts."""
    if intent.grouping or re.search(r"\b(?:each|every|per|by)\b", ctx.intent, re.I) or ctx.database is None \
            or not f.group or not is_plain_query(ctx.tree):
        return
    res = ctx.probe(RULE, ctx.sql)
    if res is None or len(res.rows) < 2:
        return
    cue = next(c for c in intent.aggregates if c.kind == "count")
    span = select_list_span(ctx, f)
    group = f.top.args.get("group")
    clauses = [("SELECT list", span)]
    if group is not None:
        gs = group_by_span(ctx.sql, group, span)
        clauses.append(("GROUP BY", gs))
    report = error_report(RULE, DESCRIPTION_SEVERAL, clauses,
                          f"The intent says '{cue.words}' with no 'each' or 'per': count over the whole set "
                          "(drop the GROUP BY, or count the groups in an outer query)")
    yield ctx.finding(RULE, clauses[-1][1], f"the intent asks for one count ('{cue.words}') but the query returns "
                      f"{len(res.rows)}{'+' if res.truncated else ''} counts, one per group",
                      confidence=confidence(0.7), report=report, data={**word_span_data(cue), "kind": "several"})


def _in_condition(intent, cue) -> bool:
    """"The tweet is invalid if the number of characters ... is greater than 15": the count is compared in a
    condition, not asked as the answer."""
    return any(cue.end <= c.start <= cue.end + 80 and "." not in intent.text[cue.end:c.start]
               for c in intent.comparisons)


def _follow_up(text: str, cue) -> bool:
    """"Which country has the most cities? How many does it have?": the count is asked by a later question,
    which a query listing the answer to the first need not answer."""
    from sqlintent.intent.context import sentences

    sents = [(a, b) for a, b in sentences(text) if text[a:b].rstrip().endswith("?")]
    return len(sents) >= 2 and not (sents[0][0] <= cue.start < sents[0][1])


def _inner_count(ctx, f) -> bool:
    """The count is computed in a CTE or derived table and selected from it (``WITH c AS (SELECT day,
    count(DISTINCT user_id) AS users ... GROUP BY day) SELECT * FROM c``, ``coalesce(e.attended, 0)``)."""
    aliases = {a.alias.lower() for sel in ctx.tree.find_all(exp.Select) if sel is not f.top
               for a in sel.expressions if isinstance(a, exp.Alias) and a.this.find(exp.Count) is not None}
    if not aliases:
        return False
    return any(isinstance(it, exp.Star) or any(isinstance(n, exp.Star) for n in it.walk())
               or any(c.name.lower() in aliases for c in it.find_all(exp.Column)) for it in f.items)


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
