"""A column that none of the query's tables has.

What it does:
    Resolves every column reference against the tables in its scope (and, for correlated subqueries, the
    enclosing queries) and suggests the closest existing column names. Following SQLite, an unqualified
    "double-quoted" name that matches no column is read as a string and not reported.

Why is this bad?
    The query fails with "no such column"; or, with a double-quoted name in a dialect that treats it as an
    identifier, it compares against the wrong thing.

Example:
    SELECT name FROM singer WHERE ages > 30

Use instead:
    SELECT name FROM singer WHERE age > 30

Fix safety:
    Replacing the name with the single close match is safe: the query cannot run as written.
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.schema.sis002_unknown_table import resolution
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span


def check(ctx: StatementContext):
    if ctx.tree is None or ctx.schema is None:
        return
    for ref in resolution(ctx).columns:
        if ref.span is None:
            continue
        if ref.status == "unknown-qualifier":
            yield ctx.finding(RULE, ref.span,
                              f"'{ref.qualifier}.{ref.name}': no table or alias '{ref.qualifier}' in this query",
                              data={"column": ref.name, "qualifier": ref.qualifier})
        elif ref.status == "unknown":
            where = f" in table '{ref.tables[0]}'" if ref.tables else ""
            hint = f"; did you mean {', '.join(repr(s) for s in ref.suggestions)}?" if ref.suggestions else ""
            fix = None
            if ref.suggestions:
                name_span = _name_span(ctx.sql, ref.span, ref.name)
                safe = FixSafety.SAFE if len(ref.suggestions) == 1 else FixSafety.UNSAFE
                fix = Fix(f"Replace with '{ref.suggestions[0]}'", (Edit(name_span, ref.suggestions[0]),), safe)
            yield ctx.finding(RULE, ref.span, f"unknown column '{ref.name}'{where}{hint}", fix=fix,
                              data={"column": ref.name, "suggestions": ref.suggestions})


def _name_span(sql: str, span: Span, name: str) -> Span:
    """The column name itself inside a possibly qualified reference."""
    text = sql[span.start:span.end]
    idx = text.lower().rfind(name.lower())
    return Span(span.start + idx, span.start + idx + len(name)) if idx >= 0 else span


RULE = Rule("SIS003", "unknown-column", check, __doc__, Severity.ERROR, needs=frozenset({"schema"}))
