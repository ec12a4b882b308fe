"""A table that the schema does not have.

What it does:
    Checks every table a query reads against the schema (CTE names excluded) and suggests the closest
    existing table names.

    Who decides: the database itself where it can be asked (sqlintent.frontend). SQLite compiles the
    statement (EXPLAIN, never run) on an empty in-memory copy of the schema; DuckDB binds it (PREPARE) on an
    empty in-memory copy; a configured PostgreSQL server analyses it (PREPARE in a read-only transaction).
    A statement the database accepts gets no SIS002 error, whatever sqlintent's own reading says; one it
    refuses over a name gets the database's error, at that name, with the database's message beside
    sqlintent's. With PostgreSQL schema files and no server (and other dialects) sqlintent's resolver
    decides, and only where it follows every FROM form of the query.

Why is this bad?
    The query fails with "no such table", or, where a similarly named table or view exists in another
    schema, silently reads the wrong data.

Example:
    SELECT name FROM singers

Use instead:
    SELECT name FROM singer

Fix safety:
    Replacing the name with the single close match is safe: the query cannot run as written. With
    several close matches, each is offered and none is preferred.
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.name_verdict import decided, named_span
from sqlintent.sqltext import sql_name
from sqlintent.findings import Edit, Fix, FixSafety, Severity


def check(ctx: StatementContext):
    if ctx.schema is None:
        return
    yield from decided(ctx, ("table",), _database_error, lambda: _resolved(ctx))


def _resolved(ctx: StatementContext):
    if ctx.tree is None:
        return
    for ref in ctx.resolution.tables:
        if not ref.known and ref.span is not None:
            yield _finding(ctx, ref)


def _database_error(ctx: StatementContext, verdict):
    name = verdict.name.rsplit(".", 1)[-1]
    for ref in ctx.resolution.tables if ctx.tree is not None else ():
        if not ref.known and ref.span is not None and ref.name.lower() == name.lower():
            return _finding(ctx, ref, verdict.quote())
    return ctx.finding(RULE, named_span(ctx, verdict), f"unknown table '{verdict.name}' {verdict.quote()}",
                       data={"table": verdict.name, "suggestions": []})


def _finding(ctx: StatementContext, ref, said: str = ""):
    hint = f"; did you mean {', '.join(repr(s) for s in ref.suggestions)}?" if ref.suggestions else ""
    fix = None
    if ref.suggestions:
        safe = FixSafety.SAFE if len(ref.suggestions) == 1 else FixSafety.UNSAFE
        written = sql_name(ref.suggestions[0], ctx.dialect)
        fix = Fix(f"Replace with '{written}'", (Edit(ref.span, written),), safe)
    return ctx.finding(RULE, ref.span, f"unknown table '{ref.name}'{hint}{' ' + said if said else ''}", fix=fix,
                       data={"table": ref.name, "suggestions": ref.suggestions})


RULE = Rule("SIS002", "unknown-table", check, __doc__, Severity.ERROR, needs=frozenset({"schema"}))
