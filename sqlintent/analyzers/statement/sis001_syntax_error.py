"""A statement that does not parse.

What it does:
    Reports the first syntax error of a statement at the token where parsing failed, and unterminated
    strings, quoted identifiers and comments at the place they open. The database's own parser decides
    (sqlintent.frontend), with a database of the file's dialect or none: SQLite's for `sqlite` (the
    default), DuckDB's for `duckdb`, libpg_query's (pglast, in the `postgres` extra) for `postgres`; for
    other dialects, sqlglot's. A statement that database refuses (a trailing comma before FROM, `ILIKE` in
    SQLite) is a syntax error even where sqlglot would read on, with the database's message beside
    sqlglot's where both stop at the same place; a statement it accepts is never one, even where sqlglot
    cannot read it (`FROM a JOIN b ON ..., c ON ...` in SQLite): that statement gets one SIS006 info, "not
    analysed", and the checks that need sqlglot's tree skip it. The statement is only compiled, on an
    empty in-memory database that may do nothing. Files written for another database need `dialect` set.

Why is this bad?
    The database will refuse the statement, and no other check can judge a query it cannot read.

Example:
    SELECT name FROM singer WHERE

Use instead:
    SELECT name FROM singer WHERE age > 30

Fix safety:
    No fix is offered: only the author knows what the statement should say.
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.findings import Severity, Span


def check(ctx: StatementContext):
    st = ctx.statement
    if st is not None and st.unterminated:
        what, at = st.unterminated
        local = max(0, at - st.start)
        yield ctx.finding(RULE, Span(local, local + 1), f"unterminated {what}: it runs to the end of the file")
        return
    if ctx.tree is None and ctx.parse_error is not None:
        yield ctx.finding(RULE, ctx.parse_error.span, f"syntax error: {ctx.parse_error.message}")


RULE = Rule("SIS001", "syntax-error", check, __doc__, Severity.ERROR)
