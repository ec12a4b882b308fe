"""A GROUP BY with no aggregate anywhere in its query block.

What it does:
    Reports a SELECT block that groups rows but computes no aggregate (COUNT, SUM, AVG, MIN, MAX, ...)
    in its select list, HAVING or ORDER BY. When the select list is exactly the grouping keys, the GROUP BY
    only removes duplicates, and ``SELECT DISTINCT`` is offered instead.
    It reads the intent (:mod:`sqlintent.intent`): when the intent asks for distinct items ("the different
    cities", "unique names", "which distinct ...") and for no aggregate, ranking or per-group figure, a
    GROUP BY of exactly the selected columns removes duplicates as asked, and the rule stays silent.

Why is this bad?
    Grouping without aggregating is usually a forgotten ``count(*)`` or ``max(...)``: the question asked
    "per group" and the query answers "which groups". In SQLite, columns outside the GROUP BY then take
    their values from an arbitrary row of each group.

Example:
    SELECT city FROM customers GROUP BY city

Use instead:
    SELECT city, count(*) FROM customers GROUP BY city

Fix safety:
    ``SELECT DISTINCT`` returns the same rows as the standalone GROUP BY, so the fix is safe; it makes the
    intent explicit but does not add the aggregate the question may need.
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.query import is_aggregate, own_walk
from sqlintent.analyzers.signals_util.report import confidence, error_report, group_by_span
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span
from sqlintent.sqlast import node_span

DESCRIPTION = ("Standalone GROUP BY: the query block groups rows without any aggregate function, which "
               "behaves like DISTINCT (or picks arbitrary values); an aggregate is probably missing.")


def _key(e: exp.Expression) -> str:
    e = e.this if isinstance(e, exp.Alias) else e
    if isinstance(e, exp.Column):
        return e.name.lower()
    return e.sql().lower()


def check(ctx: StatementContext):
    tree = ctx.tree
    if tree is None:
        return
    for sel in tree.find_all(exp.Select):
        group = sel.args.get("group")
        if group is None or not group.expressions:
            continue
        if any(is_aggregate(n) or isinstance(n, exp.Window) for n in own_walk(sel)):
            continue
        whole = ctx.whole_span()
        span = group_by_span(ctx.sql, group, whole)
        items = [i for i in sel.expressions]
        keys = {_key(g) for g in group.expressions}
        selected = {_key(i) for i in items}
        distinct_like = selected == keys and not any(isinstance(i, exp.Star) for i in items)
        if distinct_like and _asks_distinct_only(ctx.intent):
            continue
        fix = _distinct_fix(ctx.sql, sel, span) if distinct_like else None
        if distinct_like:
            msg = "GROUP BY without an aggregate only removes duplicates: an aggregate may be missing"
        else:
            msg = "GROUP BY without an aggregate: columns outside it take values from an arbitrary row"
        report = error_report(RULE, DESCRIPTION, [("GROUP BY clause", span)],
                              "Add the aggregate the intent asks for (count(*), sum(...), max(...)), or use "
                              "SELECT DISTINCT when only distinct rows are wanted")
        yield ctx.finding(RULE, span, msg, confidence=confidence(0.55 if distinct_like else 0.7), fix=fix,
                          report=report, data={"distinct_like": distinct_like})


_NOT_DISTINCT = re.compile(r"\s+(from|than|to)\b", re.I)  # "different from his current one": a comparison


def _asks_distinct_only(text: str | None) -> bool:
    """The intent asks for distinct items and for no aggregate, ranking or per-group figure."""
    if not text:
        return False
    from sqlintent.intent import parse_intent

    intent = parse_intent(text)
    if intent is None or intent.aggregates or intent.superlatives or intent.grouping:
        return False
    return any(not _NOT_DISTINCT.match(intent.text, c.end) for c in intent.distinct)


def _distinct_fix(sql: str, sel: exp.Select, group_span: Span) -> Fix | None:
    first = node_span(sel.expressions[0]) if sel.expressions else None
    if first is None:
        return None
    start = group_span.start
    while start > 0 and sql[start - 1].isspace():
        start -= 1
    edits = [Edit(Span(start, group_span.end), "")]
    if not sel.args.get("distinct"):
        m = None
        for m in re.finditer(r"\bselect\b", sql[: first.start], re.I):
            pass
        if m is None:
            return None
        edits.append(Edit(Span(m.end(), m.end()), " DISTINCT"))
    return Fix("Use SELECT DISTINCT instead of GROUP BY", tuple(edits), FixSafety.SAFE)


RULE = Rule("SIG001", "standalone-group-by", check, __doc__, Severity.INFO)  # policy: 65% precision
