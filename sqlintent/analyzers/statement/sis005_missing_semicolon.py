"""A statement that runs into the next query without a ';'.

What it does:
    Reports, as a hint, a statement followed on a later line by a new top-level ``SELECT`` or ``WITH``
    with no ``;`` between them. sqlintent checks the two as separate statements (files that hold one query
    per question often leave the semicolons out); this hint says where the terminator is missing.

Why is this bad?
    Most databases and clients read the two queries as one statement and reject it; the file only works
    when each query is run on its own.

Example:
    SELECT name FROM customers
    SELECT count(*) FROM orders;

Use instead:
    SELECT name FROM customers;
    SELECT count(*) FROM orders;

Fix safety:
    Inserting the ';' is safe: the queries are already checked as separate statements.
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span


def check(ctx: StatementContext):
    st = ctx.statement
    if st is None or not st.missing_terminator:
        return
    end = len(ctx.sql)
    yield ctx.finding(RULE, Span(max(0, end - 1), end),
                      "no ';' before the next query: checked as two statements",
                      fix=Fix("Insert ';'", (Edit(Span(end, end), ";"),), FixSafety.SAFE))


RULE = Rule("SIS005", "missing-semicolon", check, __doc__, Severity.HINT)
