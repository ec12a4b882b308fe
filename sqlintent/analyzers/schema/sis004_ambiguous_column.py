"""An unqualified column that more than one joined table has.

What it does:
    Reports a column named without its table when several tables in the same FROM clause have a column
    of that name (USING and NATURAL joins excepted).

    Who decides: the database itself where it can be asked (sqlintent.frontend). SQLite compiles the
    statement (EXPLAIN, never run) on an empty in-memory copy of the schema; DuckDB binds it (PREPARE) on an
    empty in-memory copy; a configured PostgreSQL server analyses it (PREPARE in a read-only transaction).
    A statement the database accepts gets no SIS004 error, whatever sqlintent's own reading says; one it
    refuses over a name gets the database's error, at that name, with the database's message beside
    sqlintent's. With PostgreSQL schema files and no server (and other dialects) sqlintent's resolver
    decides, and only where it follows every FROM form of the query.

Why is this bad?
    SQLite and PostgreSQL refuse the query ("ambiguous column name"); other engines pick one silently.

Example:
    SELECT name FROM singer JOIN singer_in_concert ON singer.singer_id = singer_in_concert.singer_id
    JOIN concert ON concert.concert_id = singer_in_concert.concert_id WHERE concert_id = 1

Use instead:
    SELECT name FROM singer JOIN singer_in_concert ON singer.singer_id = singer_in_concert.singer_id
    JOIN concert ON concert.concert_id = singer_in_concert.concert_id WHERE concert.concert_id = 1

Fix safety:
    Each qualification is offered; none is preferred, since which table was meant is the author's call.
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.name_verdict import decided, named_span, resolver_trusted
from sqlintent.findings import Edit, Fix, FixSafety, Severity


def check(ctx: StatementContext):
    if ctx.schema is None:
        return
    yield from decided(ctx, ("ambiguous",), _database_error, lambda: _resolved(ctx))


def _resolved(ctx: StatementContext):
    if ctx.tree is None or not resolver_trusted(ctx):
        return
    for ref in ctx.resolution.columns:
        if ref.status == "ambiguous" and ref.span is not None:
            yield _finding(ctx, ref)


def _database_error(ctx: StatementContext, verdict):
    for ref in ctx.resolution.columns if ctx.tree is not None else ():
        if ref.status == "ambiguous" and ref.span is not None and ref.name.lower() == verdict.name.lower():
            return _finding(ctx, ref, verdict.quote())
    return ctx.finding(RULE, named_span(ctx, verdict), f"column '{verdict.name}' is ambiguous {verdict.quote()}",
                       data={"column": verdict.name, "tables": []})


def _finding(ctx: StatementContext, ref, said: str = ""):
    return ctx.finding(
        RULE, ref.span,
        f"column '{ref.name}' is ambiguous: it is in {', '.join(repr(t) for t in ref.tables)}"
        f"{' ' + said if said else ''}",
        fix=Fix(f"Qualify as {ref.tables[0]}.{ref.name}",
                (Edit(ref.span, f"{ref.tables[0]}.{ref.name}"),), FixSafety.UNSAFE),
        data={"column": ref.name, "tables": ref.tables})


RULE = Rule("SIS004", "ambiguous-column", check, __doc__, Severity.ERROR, needs=frozenset({"schema"}))
