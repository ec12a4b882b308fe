"""Set words in the intent ("both ... and", "either ... or") against the query's set logic.

What it does:
    Reads the intent's set words and compares them with the query's set operations and boolean filters:

    - "both A and B" (two values or conditions, not "both the name and the id") where the query joins the
      two with OR, an ``IN (A, B)`` list or UNION, and has no INTERSECT, no HAVING (``COUNT(DISTINCT ...) =
      2``) and no second ``IN`` / ``EXISTS`` subquery: it returns items with either, not both;
    - "either A or B" where the query writes INTERSECT (items with both), or has no OR, no ``IN`` list of
      several values and no UNION at all (one of the two alternatives is missing).

    Needs an intent.

Why is this bad?
    "Students who have both a cat and a dog" answered with ``pettype IN ('cat', 'dog')`` lists students who
    have either; "either" answered with INTERSECT keeps only those with both. The query runs and returns
    plausible rows, so nothing else reveals the swap.

Example:
    -- intent: customers who ordered both product 1 and product 3
    SELECT DISTINCT o.customer_id FROM orders AS o JOIN order_items AS i ON i.order_id = o.order_id WHERE i.product_id IN (1, 3)

Use instead:
    -- intent: customers who ordered both product 1 and product 3
    SELECT o.customer_id FROM orders AS o JOIN order_items AS i ON i.order_id = o.order_id WHERE i.product_id = 1 INTERSECT SELECT o.customer_id FROM orders AS o JOIN order_items AS i ON i.order_id = o.order_id WHERE i.product_id = 3

Fix safety:
    No automatic fix: rewriting a disjunction as an intersection (or back) is for the author.
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Severity, Span
from sqlintent.analyzers.signals_util.alignment import select_list_span, word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import node_span

DESCRIPTION = ("Set-word mismatch: the intent asks for items with both of two things (or either of them) and "
               "the query combines them the other way.")

# "both A and B" over values or conditions; "both the name and the id" lists attributes (asks nothing)
_BOTH = re.compile(r"\bboth (?!the\b|its\b|their\b|his\b|her\b|of\b)[\w'\" -]{1,60}? and\b", re.I)
_EITHER = re.compile(r"\beither\b[^.?!]{1,80}?\bor\b", re.I)


def _disjunction(tree) -> exp.Expression | None:
    """The first OR, ``IN`` list of several literals, or UNION of the statement (None when it has none)."""
    for node in tree.walk():
        if isinstance(node, (exp.Or, exp.Union)):
            return node
        if isinstance(node, exp.In) and len(node.expressions) >= 2 \
                and all(isinstance(e, exp.Literal) for e in node.expressions):
            return node
    return None


def _conjoins_sets(tree) -> bool:
    """INTERSECT, HAVING, or two membership subqueries (IN / EXISTS) combined: a way to say "both"."""
    if tree.find(exp.Intersect) is not None or tree.find(exp.Having) is not None:
        return True
    subs = [n for n in tree.walk() if isinstance(n, exp.Exists) or (isinstance(n, exp.In) and n.args.get("query"))]
    return len(subs) >= 2 or (len(subs) >= 1 and bool(tree.args.get("joins")))


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or not intent.set_words:
        return
    tree = ctx.tree
    both = _BOTH.search(intent.text)
    if both is not None and not _conjoins_sets(tree):
        node = _disjunction(tree)
        if node is not None:
            yield _finding(ctx, f, both, node, "the query combines them with "
                           f"{'UNION' if isinstance(node, exp.Union) else 'OR / IN'}, which keeps items with either",
                           "Keep the items that have both: INTERSECT two queries, or GROUP BY the item HAVING "
                           "COUNT(DISTINCT ...) = 2")
            return
    either = _EITHER.search(intent.text)
    if either is not None:
        inter = tree.find(exp.Intersect)
        if inter is not None and _disjunction(tree) is None:
            yield _finding(ctx, f, either, inter, "the query intersects, which keeps only items with both",
                           "Keep items with either: UNION the two queries, or combine the conditions with OR")
        elif inter is None and _disjunction(tree) is None and not f.negation:
            yield _finding(ctx, f, either, None, "the query has no OR, IN list or UNION: one alternative is "
                           "missing", "Write both alternatives: OR the two conditions, IN (a, b), or UNION")


def _finding(ctx, f, m, node, what: str, correction: str):
    from sqlintent.intent.model import Cue

    cue = Cue("set", m.group(0), m.start(), m.end())
    span = (node_span(node) if node is not None else None) or select_list_span(ctx, f)
    if isinstance(node, exp.In) and ctx.sql[span.end:span.end + 1] == ")":
        span = Span(span.start, span.end + 1)  # the IN list's closing parenthesis
    report = error_report(RULE, DESCRIPTION, [("set logic", span)], correction)
    return ctx.finding(RULE, span, f"the intent says '{cue.words}' but {what}", confidence=confidence(0.6),
                       report=report, data=word_span_data(cue))


RULE = Rule("SIL011", "set-word-mismatch", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
