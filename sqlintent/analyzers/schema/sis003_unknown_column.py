"""A column that none of the query's tables has.

What it does:
    Resolves every column reference against the tables in its scope (and, for correlated subqueries, the
    enclosing queries) and suggests the closest existing column names. Following SQLite, an unqualified
    "double-quoted" name that matches no column is read as a string and not reported.

    Who decides: the database itself where it can be asked (sqlintent.frontend). SQLite compiles the
    statement (EXPLAIN, never run) on an empty in-memory copy of the schema; DuckDB binds it (PREPARE) on an
    empty in-memory copy; a configured PostgreSQL server analyses it (PREPARE in a read-only transaction).
    A statement the database accepts gets no SIS003 error, whatever sqlintent's own reading says; one it
    refuses over a name gets the database's error, at that name, with the database's message beside
    sqlintent's. With PostgreSQL schema files and no server (and other dialects) sqlintent's resolver
    decides, and only where it follows every FROM form of the query.

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
from sqlintent.sqltext import sql_name
from sqlintent.analyzers.name_verdict import decided, named_span, resolver_trusted
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span


def check(ctx: StatementContext):
    if ctx.schema is None:
        return
    yield from decided(ctx, ("column", "qualifier"), _database_error, lambda: _resolved(ctx))


def _resolved(ctx: StatementContext):
    if ctx.tree is None or not resolver_trusted(ctx):
        return
    for ref in ctx.resolution.columns:
        finding = _finding(ctx, ref)
        if finding is not None:
            yield finding


def _finding(ctx: StatementContext, ref, said: str = ""):
    if ref.span is None:
        return None
    said = f" {said}" if said else ""
    if ref.status == "unknown-qualifier":
        return ctx.finding(RULE, ref.span,
                           f"'{ref.qualifier}.{ref.name}': no table or alias '{ref.qualifier}' in this query{said}",
                           data={"column": ref.name, "qualifier": ref.qualifier})
    if ref.status == "unknown":
        where = f" in table '{ref.tables[0]}'" if ref.tables else ""
        hint = f"; did you mean {', '.join(repr(s) for s in ref.suggestions)}?" if ref.suggestions else ""
        fix = None
        if ref.suggestions:
            name_span = _name_span(ctx.sql, ref.span, ref.name)
            safe = FixSafety.SAFE if len(ref.suggestions) == 1 else FixSafety.UNSAFE
            written = sql_name(ref.suggestions[0], ctx.dialect)
            fix = Fix(f"Replace with '{written}'", (Edit(name_span, written),), safe)
        return ctx.finding(RULE, ref.span, f"unknown column '{ref.name}'{where}{hint}{said}", fix=fix,
                           data={"column": ref.name, "suggestions": ref.suggestions})
    return None


def _database_error(ctx: StatementContext, verdict):
    """The database's own "no such column" at the name it gives, with the resolver's suggestions where the
    resolver found the same name."""
    if verdict.kind == "qualifier":
        qualifier, name = verdict.name, ""
    else:
        qualifier, _, name = verdict.name.rpartition(".")
    if ctx.tree is not None:
        for ref in ctx.resolution.columns:
            if ref.status not in ("unknown", "unknown-qualifier"):
                continue
            if (not name or ref.name.lower() == name.lower()) and ref.qualifier.lower() == qualifier.lower():
                found = _finding(ctx, ref, verdict.quote())
                if found is not None:
                    return found
    if verdict.kind == "qualifier":
        return ctx.finding(RULE, named_span(ctx, verdict),
                           f"no table or alias '{qualifier}' in this query {verdict.quote()}",
                           data={"qualifier": qualifier})
    return ctx.finding(RULE, named_span(ctx, verdict), f"unknown column '{verdict.name}' {verdict.quote()}",
                       data={"column": name, "suggestions": []})


def _name_span(sql: str, span: Span, name: str) -> Span:
    """The column name itself inside a possibly qualified reference."""
    text = sql[span.start:span.end]
    idx = text.lower().rfind(name.lower())
    return Span(span.start + idx, span.start + idx + len(name)) if idx >= 0 else span


RULE = Rule("SIS003", "unknown-column", check, __doc__, Severity.ERROR, needs=frozenset({"schema"}))
