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
    counted = _counted_entity(ctx, intent, f, kinds)
    if counted is not None:
        yield from _sum_for_count(ctx, intent, f, *counted)
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


_COUNT_NOUN = re.compile(r"\s+(?:of\s+)?(?:the\s+)?(?:different\s+|distinct\s+|unique\s+)?([a-z]+)", re.I)


def _counted_entity(ctx, intent, f, kinds):
    """("how many orders", the SUM node, the counted table's source) when the intent counts the rows of a table
    ("orders", "customers") and the query's only aggregate sums a column of another thing (SUM(quantity))."""
    from sqlintent.intent.words import stem, words

    if "count" not in kinds or kinds & {"sum", "avg"} or f.all_aggs != {"sum"} or ctx.schema is None:
        return None
    sums = [n for it in f.items for n in it.find_all(exp.Sum)]
    if len(sums) != 1 or not isinstance(sums[0].this, exp.Column) or f.group or f.top_group:
        return None
    cue = next(c for c in intent.aggregates if c.kind == "count")
    m = _COUNT_NOUN.match(intent.text, cue.end)
    if m is None:
        return None
    noun = stem(m.group(1))
    table = next((t for t in ctx.schema.tables.values() if stem(t.name.lower()) == noun
                  or (words(t.name) and stem(words(t.name)[-1]) == noun)), None)
    if table is None or noun in {stem(w) for w in words(sums[0].this.name)}:
        return None
    pk = list(table.primary_key) or [c.name for c in table.columns if c.primary_key]
    if table.name.lower() not in f.tables and not (len(pk) == 1 and any(
            t.name.lower() in f.tables and t.column(pk[0]) is not None for t in ctx.schema.tables.values())):
        return None  # "how many orders" over order_items: the orders are counted by their key there
    return cue, sums[0], table


def _sum_for_count(ctx, intent, f, cue, node, table):
    """The rows of ``table`` counted (COUNT(DISTINCT key) or COUNT(*)) against the sum; with a database the
    rule reports only when the two answers differ."""
    from sqlintent.analyzers.signals_util.rewrite import compare_answers

    pk = list(table.primary_key) or [c.name for c in table.columns if c.primary_key]
    alias = next((t.alias_or_name for t in ctx.tree.find_all(exp.Table) if t.name.lower() == table.name.lower()),
                 None)
    repl = exp.Count(this=exp.Distinct(expressions=[exp.column(pk[0], table=alias)])) if len(pk) == 1 \
        else exp.Count(this=exp.Star())
    proof = None
    if ctx.database is not None:
        changed = ctx.tree.copy()
        target = next((n for n in changed.find_all(exp.Sum) if n == node), None)
        if target is not None:
            target.replace(repl.copy())
            proof = compare_answers(ctx, RULE, changed)
            if proof is not None and not proof.differ:
                return
    written = repl.sql(dialect="sqlite")
    shown = f"; {proof.words(written)}" if proof is not None else ""
    span = clause_span(ctx.sql, node) or ctx.whole_span()
    fix = Fix(f"Count {table.name}", (Edit(span, written),), FixSafety.UNSAFE) \
        if clause_span(ctx.sql, node) is not None else None
    report = error_report(RULE, DESCRIPTION, [("aggregate", span)],
                          f"The intent says '{cue.words} {table.name}': count them with {written}")
    yield ctx.finding(RULE, span, f"the intent counts {table.name} ('{cue.words}') but the query sums "
                      f"{node.this.sql()}{shown}", confidence=confidence(0.8 if proof else 0.7), report=report,
                      fix=fix, data={**word_span_data(cue), "kind": "sum-for-count", "repair": written,
                                     "tier": "proof" if proof is not None else "pattern"})


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
