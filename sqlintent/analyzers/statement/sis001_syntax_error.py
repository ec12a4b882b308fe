"""A statement that does not parse.

What it does:
    Reports the first syntax error of a statement at the token where parsing failed, and unterminated
    strings, quoted identifiers and comments at the place they open. In the `sqlite` dialect (the
    default) SQLite's own parser has the last word, with a SQLite database or none: a statement it refuses
    (a trailing comma before FROM, `ILIKE`, `DISTINCT ON`) is a syntax error even where a more lenient
    reading would go on. It only compiles the statement, on an empty in-memory database that may do
    nothing. Files written for another database need `dialect` set.

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
