"""A statement with no intent comment.

What it does:
    Reports a statement that has no ``-- intent: ...`` (or ``/* intent: ... */``) comment above it. With
    ``intent.comment_block = true`` the comment block directly above a statement counts as its intent.

Why is this bad?
    sqlintent compares a query with what it was meant to do; without an intent only the schema and data
    checks can run, and the error detector has nothing to compare against.

Example:
    SELECT count(*) FROM head WHERE age > 56

Use instead:
    -- intent: how many heads of departments are older than 56?
    SELECT count(*) FROM head WHERE age > 56

Fix safety:
    The fix inserts an intent comment to fill in; it changes no SQL. It is offered as a quick fix only:
    `check --fix` and the editor's fix-all never apply it (an empty intent does not say what the query is
    for, and each run would add another).
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span


def check(ctx: StatementContext):
    if ctx.intent or not ctx.config.intent.required:
        return
    head = ctx.sql.split(None, 1)[0] if ctx.sql.split() else ctx.sql
    if head.upper() not in ("SELECT", "WITH", "VALUES") and not head.startswith("("):
        return  # intents describe queries
    fix = Fix("Add an intent comment", (Edit(Span(0, 0), "-- intent: \n"),), FixSafety.MANUAL)
    yield ctx.finding(RULE, Span(0, len(head)), "query has no intent comment ('-- intent: ...')", fix=fix)


RULE = Rule("SII001", "missing-intent", check, __doc__, Severity.HINT)
