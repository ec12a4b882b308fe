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
    diff = compare_answers(ctx, rule, changed)
    return None if diff is None else diff.differ


class AnswerDiff:
    """How the statement's rows and a rewrite's rows compare (as multisets): the row counts of each and how
    many rows only one of them returns."""

    def __init__(self, original: Counter, other: Counter):
        self.rows, self.other_rows = sum(original.values()), sum(other.values())
        self.only_original = sum((original - other).values())
        self.only_other = sum((other - original).values())
        self.differ = original != other

    def words(self, what: str = "the repair") -> str:
        """"on this database the query returns 12 rows and the repair 14 (2 rows only the repair returns)"."""
        parts = []
        if self.only_other:
            parts.append(f"{self.only_other} row{'s' if self.only_other != 1 else ''} only {what} returns")
        if self.only_original:
            parts.append(f"{self.only_original} row{'s' if self.only_original != 1 else ''} only the query returns")
        return (f"on this database the query returns {self.rows} row{'s' if self.rows != 1 else ''} and {what} "
                f"{self.other_rows}" + (f" ({', '.join(parts)})" if parts else ""))


def compare_answers(ctx, rule, changed: exp.Expression) -> AnswerDiff | None:
    """The rows of the statement and of ``changed`` compared, or None when either probe gave no complete
    answer (no database, refused, failed, cut at the row cap)."""
    original = ctx.probe(rule, ctx.sql)
    other = ctx.probe(rule, changed.sql(dialect=dialect_name(ctx.dialect)))
    if original is None or other is None or original.truncated or other.truncated:
        return None
    return AnswerDiff(Counter(map(tuple, original.rows)), Counter(map(tuple, other.rows)))
