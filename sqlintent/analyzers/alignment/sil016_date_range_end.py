"""A date range whose end the intent includes ("January through March", "until the end of June") that the
query cuts at the first day of that month.

What it does:
    Reads an inclusive end month in the intent: "through March", "thru March", "until March", "till March",
    "up to and including March", "to the end of March", "from January to March", "between January and
    March". It then looks for a comparison of the query with a date literal of that month that ends the
    range: ``< '2024-03-01'`` or ``<= '2024-03-01'`` (the month left out, or all of it but its first day),
    ``BETWEEN ... AND '2024-03-01'``, or an end on the month's last day (``<= '2024-03-31'``, which leaves out
    that day's rows when the column holds times). The repair the reading implies is the month included,
    ``< '2024-04-01'``. With a database both run as read-only probes and the rule reports only when the
    answers differ, saying how; without one the first-day cuts are reported as a pattern (the last-day end
    is right for a column of dates, so it needs the data). Needs an intent.

Why is this bad?
    "January through March" includes March. ``order_date < '2024-03-01'`` stops at the end of February, and
    ``order_date <= '2024-03-31'`` compared as text stops at midnight of the 31st: the rows of the range's
    last month, or of its last day, are silently left out.

Example:
    -- intent: orders placed from January through March 2024
    SELECT order_id FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2024-03-01'

Use instead:
    -- intent: orders placed from January through March 2024
    SELECT order_id FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2024-04-01'

Fix safety:
    For ``< 'YYYY-MM-01'`` the date is replaced by the first day of the next month (unsafe: it changes the
    rows returned, which is the point). No fix for the other forms: the operator changes too.
"""
from __future__ import annotations

import calendar
import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of
from sqlintent.analyzers.signals_util.rewrite import compare_answers
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import node_span

DESCRIPTION = ("Date range end: the intent includes the range's last month ('through March'), and the query "
               "cuts the range at that month's first day (or its last day's midnight).")

_MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
_MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
_MONTH = r"(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b\.?"
# the end of a range, inclusive by its words; "to" and "and" only after a start month ("from January to
# March", "between January and March")
_END = re.compile(r"\b(?:through|thru|until|till|up\s+to\s+and\s+including|to\s+the\s+end\s+of|by\s+the\s+end\s+of|"
                  r"(?:from|between)\s+" + _MONTH + r"(?:\s+\d{4})?\s+(?:to|and|-))\s+(?:the\s+end\s+of\s+)?"
                  + _MONTH, re.I)
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def end_month(intent: str) -> tuple[int, str] | None:
    """(month number, the intent's words) of the inclusive end of a date range the intent states, or None."""
    m = _END.search(intent or "")
    if m is None:
        return None
    return _MONTHS[m.group(2).lower()], m.group(0)


def _date(node) -> tuple[int, int, int] | None:
    if isinstance(node, exp.Literal) and node.is_string:
        d = _DATE.match(node.this.strip())
        if d:
            y, mo, da = (int(x) for x in d.groups())
            if 1 <= mo <= 12 and 1 <= da <= 31:
                return y, mo, da
    return None


def _next_month(y: int, mo: int) -> str:
    return f"{y + 1:04d}-01-01" if mo == 12 else f"{y:04d}-{mo + 1:02d}-01"


def _ends(tree, month: int):
    """(node, column, literal, kind) for each comparison that ends a range in ``month``: kind "first" (cut at
    the month's first day: the month left out) or "last" (an inclusive end on its last day)."""
    for node in tree.find_all(exp.LT, exp.LTE, exp.Between):
        if isinstance(node, exp.Between):
            col, lit, op = node.this, node.args.get("high"), "<="
        elif _date(node.expression) is not None:
            col, lit, op = node.this, node.expression, "<" if isinstance(node, exp.LT) else "<="
        else:
            continue
        d = _date(lit)
        if d is None or d[1] != month or not isinstance(col, exp.Column):
            continue
        y, mo, da = d
        if da == 1:
            yield node, col, lit, "first", op
        elif op == "<=" and da == calendar.monthrange(y, mo)[1]:
            yield node, col, lit, "last", op


def check(ctx: StatementContext):
    if ctx.tree is None or not ctx.intent:
        return
    asked = end_month(ctx.intent)
    if asked is None:
        return
    month, words = asked
    for node, col, lit, kind, op in _ends(ctx.tree, month):
        y, mo, _ = _date(lit)
        repaired = _next_month(y, mo)
        proof = _prove(ctx, node, repaired)
        if proof is not None and not proof.differ:
            continue
        if proof is None and kind == "last":
            continue  # right for a column of dates: only the data can say
        span = span_of(ctx.sql, node, ctx.whole_span())
        written = f"{op} '{lit.this}'" if not isinstance(node, exp.Between) else f"BETWEEN ... AND '{lit.this}'"
        cut = "leaves that month out" if kind == "first" and op == "<" else \
            "keeps only that month's first day" if kind == "first" else "stops at midnight of the month's last day"
        shown = f"; {proof.words(f'< {repaired!r}')}" if proof is not None else ""
        fix = None
        ls = node_span(lit)
        if kind == "first" and op == "<" and isinstance(node, exp.LT) and ls is not None:
            fix = Fix(f"End the range at '{repaired}'", (Edit(ls, f"'{repaired}'"),), FixSafety.UNSAFE)
        report = error_report(RULE, DESCRIPTION, [("date range end", span)],
                              f"The intent says '{words}': end the range with < '{repaired}'")
        yield ctx.finding(RULE, span, f"the intent says '{words}' but the query's {written} {cut}{shown}",
                          confidence=confidence(0.8 if proof else 0.7), report=report, fix=fix,
                          data={"kind": kind, "repair": f"< '{repaired}'",
                                "tier": "proof" if proof is not None else "pattern"})
        return


def _prove(ctx, node, repaired: str):
    """The rows of the query against those with the range ending before ``repaired`` (AnswerDiff), or None."""
    if ctx.database is None:
        return None
    at = next((i for i, n in enumerate(ctx.tree.walk()) if n is node), None)
    changed = ctx.tree.copy()
    target = next((n for i, n in enumerate(changed.walk()) if i == at), None) if at is not None else None
    if target is None or type(target) is not type(node):
        return None
    end = exp.LT(this=target.this.copy(), expression=exp.Literal.string(repaired))
    if isinstance(target, exp.Between):
        end = exp.Paren(this=exp.and_(exp.GTE(this=target.this.copy(), expression=target.args["low"].copy()), end))
    target.replace(end)
    return compare_answers(ctx, RULE, changed)


RULE = Rule("SIL016", "date-range-end", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
