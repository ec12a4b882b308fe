"""The aggregate the intent asks for ("average", "total", "highest") against the one the query computes.

What it does:
    Reads the aggregate words of the intent (the intent model's ``aggregates``) and the query's aggregates.
    It fires when the intent asks for an average and the query sums (``SUM`` and no ``AVG`` and no division
    that would make the sum an average), when it asks for a total and the query averages (``AVG`` and no
    ``SUM``), or when the query sums, averages, or takes the largest or smallest of an identifier (a primary
    or foreign key, or a column named ``id`` / ``..._id``) while the intent asks for a measure, not for an
    id, the latest or the earliest item, and does not name that column. Needs an intent.

Why is this bad?
    A sum where an average is asked is too large by the number of rows; an average where a total is asked
    is too small. Identifiers are labels: their sum or average means nothing, and their maximum is the
    newest row, not the largest amount.

Example:
    -- intent: the average price of hardware products
    SELECT sum(price) FROM products WHERE category = 'Hardware'

Use instead:
    -- intent: the average price of hardware products
    SELECT avg(price) FROM products WHERE category = 'Hardware'

Fix safety:
    When the query has exactly one aggregate of the wrong kind, it is replaced by the asked one (unsafe: it
    changes the result).
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.analyzers.signals_util.alignment import word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import clause_span

DESCRIPTION = ("Aggregate mismatch: the intent asks for one aggregate (an average, a total, the largest "
               "amount) and the query computes another, or aggregates an identifier.")
# the aggregate word qualifies a noun ("average price", "the total of"), not a label in a list ("high,
# average, and low")
_NOUN_AFTER = re.compile(r"\s+(?!and\b|or\b)(?:of\s+)?[a-z]", re.I)
_ID = re.compile(r"^(?:id|.*_id|.*[a-z]Id|.*ID)$")
# the intent asks about ids or recency: MAX(order_id) may then be meant
_ID_WORDS = re.compile(r"\b(?:ids?|identifiers?|numbers?|latest|recent|newest|last|first|earliest|oldest|"
                       r"highest id|lowest id)\b", re.I)


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or not (intent.aggregates or intent.superlatives):
        return
    asked = [c for c in intent.aggregates if _NOUN_AFTER.match(intent.text, c.end)]
    kinds = {c.kind for c in asked}
    sums = [n for n in ctx.tree.find_all(exp.Sum)]
    avgs = [n for n in ctx.tree.find_all(exp.Avg)]
    divided = any(isinstance(n, exp.Div) and n.find(exp.Sum) for n in ctx.tree.find_all(exp.Div))
    if "avg" in kinds and "sum" not in kinds and sums and not avgs and not divided and "sum" in f.top_aggs:
        cue = next(c for c in asked if c.kind == "avg")
        yield _finding(ctx, cue, sums, "AVG", f"the intent asks for '{cue.words}' but the query sums "
                       "(SUM) and never averages")
        return
    if "sum" in kinds and "avg" not in kinds and avgs and not sums and "avg" in f.top_aggs:
        cue = next(c for c in asked if c.kind == "sum")
        yield _finding(ctx, cue, avgs, "SUM", f"the intent asks for '{cue.words}' but the query averages "
                       "(AVG) and never sums")
        return
    if _ID_WORDS.search(intent.text):
        return
    for node in ctx.tree.find_all(exp.Sum, exp.Avg, exp.Max, exp.Min):
        arg = node.this
        if isinstance(arg, exp.Column) and _is_identifier(ctx, arg) and not _named(intent, arg):
            cue = (intent.aggregates or intent.superlatives)[0]
            name = type(node).__name__.upper()
            yield _finding(ctx, cue, [node], None, f"the query takes {name}({arg.sql()}) of an identifier; the "
                           f"intent asks for '{cue.words}' of a measure")
            return


def _named(intent, col: exp.Column) -> bool:
    """The intent names the column ("the maximum and minimum area codes"): its extremes are asked."""
    from sqlintent.intent.words import stem, words

    w = set(words(col.name))
    return bool(w) and all(x in intent.stems or stem(x + "s") in intent.stems for x in w)  # code / codes


def _is_identifier(ctx, col: exp.Column) -> bool:
    if _ID.match(col.name):
        return True
    if ctx.schema is None:
        return False
    for t in ctx.schema.tables.values():
        c = t.column(col.name)
        if c is not None and (c.primary_key or col.name.lower() in (k.lower() for k in t.primary_key)) \
                and len(t.primary_key) <= 1 and (c.type or "").upper().startswith("INT"):
            return True
    return False


def _finding(ctx, cue, nodes, replacement, message):
    node = nodes[0]
    span = clause_span(ctx.sql, node) or ctx.whole_span()
    fix = None
    if replacement and len(nodes) == 1 and clause_span(ctx.sql, node) is not None:
        inner = node.this.sql(dialect="sqlite")
        fix = Fix(f"Use {replacement}", (Edit(span, f"{replacement.lower()}({inner})"),), FixSafety.UNSAFE)
    correction = (f"The intent says '{cue.words}': use {replacement}(...)" if replacement else
                  f"The intent says '{cue.words}': aggregate the measure it names, not an identifier")
    report = error_report(RULE, DESCRIPTION, [("aggregate", span)], correction)
    return ctx.finding(RULE, span, message, confidence=confidence(0.7), report=report, fix=fix,
                       data=word_span_data(cue))


RULE = Rule("SIL013", "aggregate-mismatch", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
