"""What the semantic-error rules (``analyzers/semantic/``, SIE codes) share: a predicate's conjuncts, literal
values, and the database's proof that a repair answers differently.

Two tiers. A *pattern* rule fires on the statement's text alone (a comparison with NULL, a contradiction).
A *proof* rule builds the repair its reading implies, runs the statement and the repair as read-only probes
(:meth:`~sqlintent.analyzers.base.StatementContext.probe`: the guard, the probes' time and row limits) and
fires only when the two answers differ; its finding says how (row counts only: no stored value is named) and
carries ``data["proof"]``.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from sqlglot import exp

from sqlintent.findings import Span

NO_VALUE = object()


def conjuncts(node: exp.Expression | None) -> list[exp.Expression]:
    """The AND-ed parts of a condition (parentheses around a part dropped)."""
    out: list[exp.Expression] = []
    stack = [node] if node is not None else []
    while stack:  # iterative: a long AND chain is a deep tree
        n = unparen(stack.pop())
        if isinstance(n, exp.And):
            stack.extend((n.expression, n.this))
        else:
            out.append(n)
    return out


def unparen(node: exp.Expression) -> exp.Expression:
    while isinstance(node, exp.Paren):
        node = node.this
    return node


def literal_value(node: exp.Expression | None):
    """The value of a number or string literal (a negative number too), else :data:`NO_VALUE`."""
    if node is None:
        return NO_VALUE
    node = unparen(node)
    if isinstance(node, exp.Neg):
        v = literal_value(node.this)
        return -v if isinstance(v, (int, float)) else NO_VALUE
    if not isinstance(node, exp.Literal):
        return NO_VALUE
    from sqlintent.analyzers.signals_util.query import literal_python

    value = literal_python(node)
    return NO_VALUE if value is None else value


def column_key(col: exp.Column) -> tuple[str, str]:
    """(qualifier, name) in lower case: the same key for the same column written the same way."""
    return (col.table or "").lower(), col.name.lower()


def inside_condition(node: exp.Expression) -> bool:
    """True when ``node`` lies in a WHERE, an ON, a HAVING or a CASE's WHEN (not an UPDATE's SET)."""
    p = node.parent
    while p is not None:
        if isinstance(p, (exp.Where, exp.Having, exp.If)):
            return True
        if isinstance(p, exp.Join):
            return node_within(node, p.args.get("on"))
        if isinstance(p, (exp.Select, exp.Update, exp.Insert, exp.Delete)):
            return False
        p = p.parent
    return False


def node_within(node: exp.Expression, outer: exp.Expression | None) -> bool:
    while node is not None:
        if node is outer:
            return True
        node = node.parent
    return False


@dataclass(frozen=True)
class Difference:
    """How the statement's answer and its repair's differ (row counts; no stored value)."""

    rows: int  # rows the statement returns
    repaired_rows: int  # rows the repair returns
    only_statement: int  # rows (with multiplicity) only the statement returns
    only_repair: int  # rows only the repair returns

    def describe(self, repair: str = "the repair") -> str:
        if self.rows == self.repaired_rows:
            if self.rows == 1:
                return f"{repair} returns another value than the statement"
            return f"{repair} and the statement both return {_rows(self.rows)}, {self.only_statement} of them different"
        return f"the statement returns {_rows(self.rows)}, {repair} {_rows(self.repaired_rows)}"

    def to_dict(self) -> dict:
        return {"rows": self.rows, "repaired_rows": self.repaired_rows, "only_statement": self.only_statement,
                "only_repair": self.only_repair}


def _rows(n: int) -> str:
    return f"{n} row" + ("" if n == 1 else "s")


def proof(ctx, rule, repaired_sql: str) -> Difference | None:
    """Run the statement and ``repaired_sql`` (both through the probe guard); their difference when the two
    complete answers differ, None when they agree or either gave no answer (refused, failed, timed out).
    Where one answer is cut at the row cap, the two are compared by their row counts (``SELECT count(*)
    FROM (...)``): a wrong statement's answer is often the large one (a join that pairs every row)."""
    if ctx.database is None or not isinstance(ctx.tree, exp.Query):
        return None  # only a query is run (an UPDATE's WHERE is judged by pattern alone)
    original = quiet_probe(ctx, rule, ctx.sql)
    if original is None:
        return None
    other = quiet_probe(ctx, rule, repaired_sql)
    if other is None:
        return None
    if original.truncated or other.truncated:
        return _count_difference(ctx, rule, repaired_sql)
    a, b = Counter(map(tuple, original.rows)), Counter(map(tuple, other.rows))
    if a == b:
        return None
    return Difference(len(original.rows), len(other.rows), sum((a - b).values()), sum((b - a).values()))


def _count_difference(ctx, rule, repaired_sql: str) -> Difference | None:
    counts = []
    for sql in (ctx.sql, repaired_sql):
        res = quiet_probe(ctx, rule, f"SELECT count(*) FROM (\n{sql.strip().rstrip(';')}\n) AS sqlintent_rows")
        if res is None or not res.rows or not isinstance(res.rows[0][0], int):
            return None
        counts.append(res.rows[0][0])
    if counts[0] == counts[1]:
        return None  # the same number of rows: the cut answers cannot say more
    return Difference(counts[0], counts[1], max(0, counts[0] - counts[1]), max(0, counts[1] - counts[0]))


def quiet_probe(ctx, rule, sql: str):
    """``ctx.probe`` for a query the rule built (a repair, a count): when it fails, the rule stays silent and
    no probe-failure finding is left for the user, whose statement is not at fault."""
    before = len(ctx.probe_failures)
    result = ctx.probe(rule, sql)
    if result is None:
        del ctx.probe_failures[before:]
    return result


def text_of(sql: str, node: exp.Expression) -> str:
    """The statement's own text of ``node`` (as the author wrote it), else sqlglot's rendering."""
    span = closed_span(sql, node)
    return sql[span.start:span.end] if span is not None else node.sql()


def closed_span(sql: str, node: exp.Expression, keyword: str | None = None) -> Span | None:
    """``clause_span`` of ``node``, widened over the closing parentheses its text leaves open."""
    from sqlintent.sqlast import clause_span

    span = clause_span(sql, node, keyword)
    if span is None:
        return None
    end = span.end
    opened = sql[span.start:end].count("(") - sql[span.start:end].count(")")
    while opened > 0:
        m = re.match(r"\s*\)", sql[end:])
        if m is None:
            break
        end += m.end()
        opened -= 1
    return Span(span.start, end)


def replace_spans(sql: str, edits: list[tuple[Span, str]]) -> str:
    """``sql`` with each span replaced (spans must not overlap)."""
    out, last = [], 0
    for span, text in sorted(edits, key=lambda e: e[0].start):
        out.append(sql[last:span.start])
        out.append(text)
        last = span.end
    out.append(sql[last:])
    return "".join(out)
