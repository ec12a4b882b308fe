"""Negation in the intent ("not", "without", "never", "except", "other than") and none in the query.

What it does:
    Fires when the intent model finds a negation and the query has no negating construct at all: no NOT
    (NOT IN, NOT EXISTS, NOT LIKE, NOT BETWEEN), no ``<>`` / ``!=``, no EXCEPT, no ``IS NULL`` (an
    anti-join) and no comparison with 0. A negation the query answers otherwise is not reported: "no
    duplicates" with DISTINCT or GROUP BY, "where there is no department" / "if no number is given" with
    COALESCE, IFNULL or an outer join. Words that negate no condition ("bus no.", "not just", "don't worry",
    "without using the OR operator") are not read as negations. Needs an intent.

Why is this bad?
    "Customers who never ordered" answered without a negation returns the customers who did: the most
    complete reversal a query can make, and one that runs without complaint.

Example:
    -- intent: names of customers who have not placed any order
    SELECT name FROM customers WHERE customer_id IN (SELECT customer_id FROM orders)

Use instead:
    -- intent: names of customers who have not placed any order
    SELECT name FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM orders)

Fix safety:
    No automatic fix: where the negation belongs is for the author to decide.
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.findings import Severity
from sqlintent.analyzers.signals_util.alignment import select_list_span, word_span_data
from sqlintent.intent.align import intent_of

DESCRIPTION = "Negation mismatch: the intent negates something and the query negates nothing."


_DUPLICATES = re.compile(r"\s+(?:\w+\s+){0,2}duplicat", re.I)
_MISSING_VALUE = re.compile(r"^\s*(?:\w+\s+){0,3}?(?:is|are)?\s*(?:given|present|known|set|available|recorded)\b|"
                            r"\bwhere there is no\b|\bif (?:there is )?no\b", re.I)


def _negates(tree, f, intent=None) -> bool:
    if f.negation:
        return True
    if intent is not None and all(_answered(tree, f, intent, c) for c in intent.negations):
        return True
    for n in tree.walk():
        if isinstance(n, exp.Is) and isinstance(n.expression, exp.Null):
            return True
        if isinstance(n, (exp.EQ, exp.LTE, exp.LT)) and isinstance(n.expression, exp.Literal) \
                and n.expression.this == "0":
            return True
    return False


# "If there is no second highest salary, return null", "if a user does not have an ID, show null": the
# negation describes the empty or missing case the answer must handle, not a condition on the rows
_CONDITIONAL = re.compile(r"(?:^|[.,;:!?\n]|\s-\s)\s*if\b[^.;:!?\n]*$", re.I)
# "not located in the same city as any other policyholder": unique, written as a count compared with 1
_NOT_SHARED = re.compile(r"\W*(?:\w+\W+){0,4}?same\b[^.;]{0,40}?\b(?:any|an)\s+other\b", re.I)
# "without exceeding the limit", "do not have the minimum horsepower", "not in the star role (ord = 1)": a bound
# written as an inequality (<= limit, > (SELECT MIN ...), ord > 1) negates by its direction
_BOUND_WORDS = re.compile(r"\W*(?:\w+\W+){0,5}?(?:exceed\w*|minimum|maximum|min|max|lowest|highest|smallest|"
                          r"largest|first|star|starring|lead|leading|top)\b", re.I)
_INEQUALITIES = (exp.GT, exp.GTE, exp.LT, exp.LTE)


def _answered(tree, f, intent, cue) -> bool:
    """A negation the query answers without a NOT: "no duplicates" with DISTINCT or GROUP BY; "where there is
    no department", "if no number is given" with COALESCE / IFNULL or an outer join (a default for a
    missing value); a conditional clause ("if there is no ..., return null"), which states how to answer
    the empty case; a bound ("without exceeding", "not the minimum") written as an inequality."""
    if _CONDITIONAL.search(intent.text, 0, cue.start):
        return True
    if _BOUND_WORDS.match(intent.text, cue.end) and any(isinstance(n, _INEQUALITIES) for n in tree.walk()):
        return True
    if _NOT_SHARED.match(intent.text, cue.end) and f.count_compared:
        return True
    if _DUPLICATES.match(intent.text, cue.end):
        return f.distinct or f.group
    around = intent.text[max(0, cue.start - 20):cue.end + 40]
    if _MISSING_VALUE.search(around) or _MISSING_VALUE.match(intent.text, cue.end):
        return any(isinstance(n, (exp.Coalesce,)) or (isinstance(n, exp.Anonymous) and str(n.this).lower()
                   in ("ifnull", "nvl", "isnull")) or (isinstance(n, exp.Join) and n.args.get("side"))
                   for n in tree.walk())
    return False


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or not intent.negations or _negates(ctx.tree, f, intent):
        return
    cue = intent.negations[0]
    span = select_list_span(ctx, f)
    where = f.top.args.get("where") if f.top is not None else None
    if where is not None:
        from sqlintent.analyzers.signals_util.report import keyword_span

        span = keyword_span(ctx.sql, where.this, "WHERE", span)
    report = error_report(RULE, DESCRIPTION, [("filter", span)],
                          f"The intent says '{cue.words}': negate the condition (NOT IN / NOT EXISTS / EXCEPT / "
                          "<>), or reword the intent")
    yield ctx.finding(RULE, span, f"the intent says '{cue.words}' but the query negates nothing",
                      confidence=confidence(0.6), report=report, data=word_span_data(cue))


RULE = Rule("SIL007", "negation-missing", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
