"""A table that the schema does not have.

What it does:
    Checks every table a query reads against the schema (CTE names excluded) and suggests the closest
    existing table names.

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
from sqlintent.analyzers.resolve import resolve
from sqlintent.findings import Edit, Fix, FixSafety, Severity


def check(ctx: StatementContext):
    if ctx.tree is None or ctx.schema is None:
        return
    for ref in resolution(ctx).tables:
        if ref.known or ref.span is None:
            continue
        hint = f"; did you mean {', '.join(repr(s) for s in ref.suggestions)}?" if ref.suggestions else ""
        fix = None
        if ref.suggestions:
            safe = FixSafety.SAFE if len(ref.suggestions) == 1 else FixSafety.UNSAFE
            fix = Fix(f"Replace with '{ref.suggestions[0]}'", (Edit(ref.span, ref.suggestions[0]),), safe)
        yield ctx.finding(RULE, ref.span, f"unknown table '{ref.name}'{hint}", fix=fix,
                          data={"table": ref.name, "suggestions": ref.suggestions})


def resolution(ctx: StatementContext):
    """The statement's name resolution, computed once per statement and shared by the schema rules."""
    cached = getattr(ctx, "_resolution", None)
    if cached is None:
        cached = resolve(ctx.tree, ctx.schema)
        ctx._resolution = cached
    return cached


RULE = Rule("SIS002", "unknown-table", check, __doc__, Severity.ERROR, needs=frozenset({"schema"}))
