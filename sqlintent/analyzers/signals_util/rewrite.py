"""Whether a rewritten statement answers differently: both run as probes, their rows compared as multisets
(order ignored). A rule that proposes a rewrite (SIL015's COUNT(DISTINCT ...), SIG003's count of the optional
side) reports only when the data shows the two differ."""
from __future__ import annotations

from collections import Counter

from sqlglot import exp

from sqlintent.sqlast import dialect_name


def answers_differ(ctx, rule, changed: exp.Expression) -> bool | None:
    """True when ``changed`` (a rewrite of ``ctx.tree``) returns other rows than the statement on this
    database; False when the same; None when either probe gave no complete answer (refused, failed, cut at
    the row cap)."""
    original = ctx.probe(rule, ctx.sql)
    other = ctx.probe(rule, changed.sql(dialect=dialect_name(ctx.dialect)))
    if original is None or other is None or original.truncated or other.truncated:
        return None
    return Counter(map(tuple, original.rows)) != Counter(map(tuple, other.rows))
