"""Error reports in the SQLENS form, and the spans of the clauses they blame."""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, rule_examples
from sqlintent.findings import Clause, ErrorReport, Span
from sqlintent.sqlast import clause_span, node_span


def error_report(rule: Rule, description: str, clauses: list[tuple[str, Span | None]], correction: str
                 ) -> ErrorReport:
    """The report of a fired signal: what it means, the clauses it blames, how to correct, an example."""
    bad, good = rule_examples(rule)
    example = ""
    if bad and good:
        example = f"{' '.join(bad.split())}  ->  {' '.join(good.split())}"
    return ErrorReport(description, tuple(Clause(label, span) for label, span in clauses if span is not None),
                       correction, example)


def span_of(sql: str, node: exp.Expression, fallback: Span) -> Span:
    s = clause_span(sql, node)
    return s if s is not None else fallback


def keyword_span(sql: str, node: exp.Expression, keyword: str, fallback: Span) -> Span:
    s = clause_span(sql, node, keyword)
    return s if s is not None else fallback


def subquery_span(sql: str, node: exp.Expression) -> Span | None:
    """The parenthesised subquery ``( SELECT ... )`` around ``node`` (a Subquery or its Select)."""
    s = node_span(node)
    if s is None:
        return None
    # back over SELECT [DISTINCT] and whitespace to the opening parenthesis
    i = s.start
    head = sql[:i]
    m = re.search(r"\(\s*(?:select\b\s*(?:distinct\b\s*|all\b\s*)?)?$", head, re.I)
    if not m:
        return clause_span(sql, node)
    start = m.start()
    depth, j = 0, start
    in_str: str | None = None
    while j < len(sql):
        ch = sql[j]
        if in_str:
            if ch == in_str:
                in_str = None
        elif ch in "'\"`":
            in_str = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return Span(start, j + 1)
        j += 1
    return Span(start, max(s.end, start + 1))


def group_by_span(sql: str, group: exp.Group, fallback: Span) -> Span:
    return keyword_span(sql, group, "GROUP BY", fallback)


def from_clause_span(sql: str, select: exp.Select, fallback: Span) -> Span:
    """FROM ... through the last JOIN of ``select``."""
    frm = select.args.get("from_") or select.args.get("from")
    spans = []
    if frm is not None:
        s = clause_span(sql, frm, "FROM")
        if s:
            spans.append(s)
    for j in select.args.get("joins") or []:
        s = clause_span(sql, j)
        if s:
            spans.append(s)
    if not spans:
        return fallback
    out = spans[0]
    for s in spans[1:]:
        out = out.union(s)
    return out


def confidence(base: float) -> float:
    return max(0.0, min(1.0, round(base, 3)))
