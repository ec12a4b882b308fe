"""A statement the database refuses for a reason other than its syntax or its names.

What it does:
    Reports, as an error, a statement the database itself refuses to compile: a function or operator that
    takes no such argument types (PostgreSQL's ``round(double precision, integer)``), a HAVING clause on a
    query without aggregates in SQLite, a column that must be grouped, a misused aggregate, a constant
    that cannot be read as its type. The finding gives the database's reason in words, with any value it
    quotes left out.

    Who decides: the database, as for SIS002-SIS004. SQLite compiles the statement (EXPLAIN, never run) on
    an empty in-memory copy of the schema; a configured PostgreSQL server analyses it (PREPARE in a
    read-only transaction). A statement the database accepts never gets this error. A refusal that says
    the database could not be asked (no privilege, a time limit, an object sqlintent cannot see) is not
    this error: the statement is counted as not checked (SIU001).

Why is this bad?
    The query fails every time it runs: whatever it was meant to answer, it answers nothing.

Example:
    SELECT round(avg(price)::float, 2) FROM orders

Use instead:
    SELECT round(avg(price)::numeric, 2) FROM orders

Fix safety:
    No fix: the database says what is wrong, the repair is the author's.
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.findings import Severity

_ENGINES = ("SQLite", "PostgreSQL")  # DuckDB's copy lacks the file's macros and types: not its verdict here


def check(ctx: StatementContext):
    if ctx.schema is None:
        return
    verdict = ctx.names_verdict
    if verdict is None or verdict.outcome != "refused" or verdict.kind != "other" or verdict.engine not in _ENGINES:
        return
    from sqlintent.db.refusal import masked

    words = masked(verdict.message)
    if verdict.engine == "SQLite" and " MATCH " in f" {ctx.sql.upper()} ":
        return  # a virtual table's MATCH: the plain copy cannot judge it
    yield ctx.finding(RULE, ctx.whole_span(), f"{verdict.engine} refuses this statement: {words}",
                      data={"engine": verdict.engine})


RULE = Rule("SIS007", "database-refused", check, __doc__, Severity.ERROR, needs=frozenset({"schema"}))
