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


_OPEN_SUBQUERY = re.compile(r"\(\s*(?:select\b\s*(?:distinct\b\s*|all\b\s*)?)?$", re.I)
_WORDS = {w: re.compile(w, re.I) for w in ("distinct", "all", "select")}


def node_spans(tree: exp.Expression) -> dict[int, Span]:
    """:func:`~sqlintent.sqlast.node_span` of every node under ``tree`` (by ``id``), children before parents
    in one pass: linear, where asking ``node_span`` of each of n nested subqueries is quadratic."""
    extent: dict[int, tuple[int, int]] = {}
    for n in reversed(list(tree.walk())):
        meta = n.meta if hasattr(n, "_meta") and n._meta else None
        lo, hi = (meta["start"], meta["end"] + 1) if meta and "start" in meta else (None, None)
        for c in n.iter_expressions():
            e = extent.get(id(c))
            if e is not None:
                lo = e[0] if lo is None else min(lo, e[0])
                hi = e[1] if hi is None else max(hi, e[1])
        if lo is not None:
            extent[id(n)] = (lo, hi)
    return {k: Span(lo, hi) for k, (lo, hi) in extent.items()}


def _opening(sql: str, i: int):
    """The match of ``( [SELECT [DISTINCT|ALL]]`` ending at ``i``: ``_OPEN_SUBQUERY`` searched from the only
    place it can start (found backwards), not across all of ``sql[:i]``."""
    k = i
    for word in ("", "distinct|all", "select"):
        for w in word.split("|") if word else ():
            if k >= len(w) and _WORDS[w].fullmatch(sql, k - len(w), k):
                k -= len(w)
                break
        while k > 0 and sql[k - 1].isspace():
            k -= 1
    return _OPEN_SUBQUERY.search(sql, max(0, k - 1), i)


def subquery_span(sql: str, node: exp.Expression, *, spans: dict[int, Span] | None = None,
                  closes: dict[int, int | None] | None = None) -> Span | None:
    """The parenthesised subquery ``( SELECT ... )`` around ``node`` (a Subquery or its Select).

    For many subqueries of one statement, ``spans`` (:func:`node_spans` of its tree) and ``closes`` (an
    empty dict, kept between the calls: the closing parenthesis of each opening one met) give the same
    spans in linear rather than quadratic time.
    """
    s = spans.get(id(node)) if spans is not None else node_span(node)
    if s is None:
        return None
    # back over SELECT [DISTINCT] and whitespace to the opening parenthesis
    m = _opening(sql, s.start)
    if not m:
        return clause_span(sql, node)
    start = m.start()
    if closes is not None and start in closes:
        end = closes[start]
        return Span(start, end + 1) if end is not None else Span(start, max(s.end, start + 1))
    opened: list[int] = []  # the parentheses open at j (outside quotes)
    j = start
    in_str: str | None = None
    while j < len(sql):
        ch = sql[j]
        if in_str:
            if ch == in_str:
                in_str = None
        elif ch in "'\"`":
            in_str = ch
        elif ch == "(":
            opened.append(j)
        elif ch == ")":
            o = opened.pop()
            if closes is not None:
                closes[o] = j  # a scan from o would end here too: it starts as this one was at o
            if not opened:
                return Span(start, j + 1)
        j += 1
    if closes is not None:
        closes.update(dict.fromkeys(opened))
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
