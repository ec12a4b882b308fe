"""An unqualified column that more than one joined table has.

What it does:
    Reports a column named without its table when several tables in the same FROM clause have a column
    of that name (USING and NATURAL joins excepted).

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
from sqlintent.analyzers.schema.sis002_unknown_table import resolution
from sqlintent.findings import Edit, Fix, FixSafety, Severity


def check(ctx: StatementContext):
    if ctx.tree is None or ctx.schema is None:
        return
    for ref in resolution(ctx).columns:
        if ref.status != "ambiguous" or ref.span is None:
            continue
        yield ctx.finding(
            RULE, ref.span,
            f"column '{ref.name}' is ambiguous: it is in {', '.join(repr(t) for t in ref.tables)}",
            fix=Fix(f"Qualify as {ref.tables[0]}.{ref.name}",
                    (Edit(ref.span, f"{ref.tables[0]}.{ref.name}"),), FixSafety.UNSAFE),
            data={"column": ref.name, "tables": ref.tables})


RULE = Rule("SIS004", "ambiguous-column", check, __doc__, Severity.ERROR, needs=frozenset({"schema"}))
