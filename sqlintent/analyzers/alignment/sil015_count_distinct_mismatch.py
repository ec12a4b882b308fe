"""A count of things (customers, products) written as a count of rows that repeat them.

What it does:
    When the intent asks how many ("how many", "number of", "count") and the query's SELECT list counts
    without DISTINCT, it decides what the intent counts: the noun after the count words ("how many
    customers", "the number of different products"). It fires when the query counts a column named after
    that noun outside the noun's own table (``count(customer_id)`` over ``orders`` for "how many
    customers"), or counts rows (``count(*)``) over a join that repeats the noun's table, or when the
    intent says "different", "distinct" or "unique" - and the count changes with DISTINCT: the query is
    run as a read-only probe as written and with ``count(DISTINCT ...)`` (of the column, or of the noun
    table's key), and the two results differ. Needs an intent and a database (probes on).

Why is this bad?
    "How many customers placed an order" answered ``SELECT count(customer_id) FROM orders`` counts orders:
    a customer with three orders is counted three times. The numbers agree only while nothing repeats.

Example:
    -- intent: how many customers placed an order?
    SELECT count(customer_id) FROM orders

Use instead:
    -- intent: how many customers placed an order?
    SELECT count(DISTINCT customer_id) FROM orders

Fix safety:
    DISTINCT is added inside the count (unsafe: it changes the number, which is the point).
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.signals_util.query import is_plain_query
from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.intent.words import stem, words
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.rewrite import answers_differ
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.analyzers.signals_util.alignment import word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import clause_span, dialect_name

DESCRIPTION = ("Count of repeated rows: the intent counts things, and the query counts rows in which the same "
               "thing appears several times (COUNT without DISTINCT).")
_NOUN = re.compile(r"^\s*(?:of\s+)?(?:the\s+)?(?:(different|distinct|unique)\s+)?(?:[a-z]+\s+)??([a-z]+)", re.I)


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or f.top is None or not intent.asks_count or ctx.database is None:
        return
    if ctx.tree is not f.top or not is_plain_query(ctx.tree):
        return
    counts = [c for it in f.items for c in it.find_all(exp.Count)
              if not c.args.get("distinct") and not isinstance(c.this, exp.Distinct)]
    if len(counts) != 1:
        return
    cue = next(c for c in intent.aggregates if c.kind == "count")
    m = _NOUN.match(intent.text[cue.end:cue.end + 60])
    if m is None:
        return
    head = _head(intent.text[cue.end + m.start(2):cue.end + 60])
    distinct_asked, noun = bool(m.group(1)), stem(head)
    target = _target(ctx, f, counts[0], noun, distinct_asked)
    if target is None:
        return
    changed = ctx.tree.copy()
    node = next(c for c in changed.find_all(exp.Count) if c == counts[0])
    node.set("this", exp.Distinct(expressions=[target.copy()]))
    if not answers_differ(ctx, RULE, changed):  # the same rows, or no complete answer
        return
    span = clause_span(ctx.sql, counts[0]) or ctx.whole_span()
    repl = f"count(DISTINCT {target.sql(dialect=dialect_name(ctx.dialect))})"
    fix = None
    if clause_span(ctx.sql, counts[0]) is not None:
        fix = Fix(f"Count distinct {target.sql()}", (Edit(span, repl),), FixSafety.UNSAFE)
    report = error_report(RULE, DESCRIPTION, [("count", span)],
                          f"The intent counts {head}: use {repl}")
    yield ctx.finding(RULE, span, f"the intent counts {head}, but {counts[0].sql()} counts rows that repeat "
                      f"them; {repl} gives another number", confidence=confidence(0.75), fix=fix, report=report,
                      data={**word_span_data(cue), "target": target.sql()})


_STOP = {"are", "is", "was", "were", "do", "does", "did", "have", "has", "had", "that", "which", "who", "of",
         "in", "for", "by", "with", "from", "on", "at", "to", "there", "and", "or", "per", "each", "whose"}


def _head(text: str) -> str:
    """The head of the noun phrase that opens ``text`` ("car models are made" -> "models")."""
    head = ""
    for w in re.findall(r"[A-Za-z]+", text)[:3]:
        if w.lower() in _STOP:
            break
        head = w
        if w.lower().endswith("s") and len(w) > 3:
            break  # a plural ends the phrase: "customers placed ...", "car models are ..."
    return head


def _target(ctx, f, count: exp.Count, noun: str, distinct_asked: bool) -> exp.Expression | None:
    """What DISTINCT should apply to: the counted column when it names the noun (outside the noun's table)
    or when distinctness is asked; for count(*), the key of the joined table the noun names."""
    arg = count.this
    if isinstance(arg, exp.Column):
        if distinct_asked or (noun in words(arg.name) and not _own_key(ctx, arg, noun)):
            return arg
        return None
    if not (arg is None or isinstance(arg, exp.Star)) or not f.top.args.get("joins"):
        return None
    model = ctx.query_model
    block = next((b for b in model.blocks if b.select is f.top), None) if model is not None else None
    if block is None:
        return None
    for s in block.sources.values():
        pk = list(s.table.primary_key) or [c.name for c in s.table.columns if c.primary_key]
        if len(pk) == 1 and noun in words(s.name):
            return exp.column(pk[0], table=s.alias)
    return None


def _own_key(ctx, col: exp.Column, noun: str) -> bool:
    """``count(customers.customer_id)``: the noun's own table's key counts each thing once."""
    model = ctx.query_model
    if model is None:
        return False
    use = next((cu for b in model.blocks for cu in b.columns if cu.node is col), None)
    if use is None:
        return True
    t = use.source.table
    pk = [k.lower() for k in t.primary_key] or [c.name.lower() for c in t.columns if c.primary_key]
    return noun in words(t.name) and pk == [use.column.lower()]


RULE = Rule("SIL015", "count-distinct-mismatch", check, __doc__, Severity.INFO,
            needs=frozenset({"intent", "schema", "database"}))
