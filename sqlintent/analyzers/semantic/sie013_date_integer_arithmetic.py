"""``order_date - 1`` on SQLite: a date stored as text minus a number is a number, not the day before.

What it does:
    On SQLite, fires on ``+`` or ``-`` between a column not declared as a number (a DATE, TIME or TEXT
    type, or none) and a whole number, when the database shows (one read-only probe) that the column holds
    dates as text (``YYYY-MM-DD...``). Proof tier: it needs a database.

Why is this bad?
    SQLite has no date type: ``'2024-03-01' - 1`` reads the text's leading number and gives 2023, so a
    comparison with "the previous day" never matches, and ``+ 7`` never lands a week later. SQLite's date
    functions do the arithmetic: ``date(order_date, '-1 day')``.

Example:
    SELECT a.order_id FROM orders AS a JOIN orders AS b ON a.order_date = b.order_date - 1

Use instead:
    SELECT a.order_id FROM orders AS a JOIN orders AS b ON a.order_date = date(b.order_date, '-1 day')

Fix safety:
    No automatic fix: the unit (days, months) is for the author to say.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import literal_value, quiet_probe, text_of, unparen
from sqlintent.analyzers.signals_util.values import quote_ident
from sqlintent.findings import Severity
from sqlintent.sqlast import clause_span

DESCRIPTION = ("Date arithmetic with a number: SQLite stores dates as text, and text minus a number is a number, "
               "not a date.")

_NUMERIC = ("INT", "REAL", "FLOA", "DOUB", "NUM", "DEC", "BOOL")
_ISO_DATE = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*"


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or ctx.database is None or ctx.dialect != "sqlite":
        return
    uses = {id(cu.node): cu for b in model.blocks for cu in b.columns}
    for node in ctx.tree.find_all(exp.Add, exp.Sub):
        sides = (unparen(node.this), unparen(node.expression))
        col = next((s for s in sides if isinstance(s, exp.Column)), None)
        other = sides[1] if col is sides[0] else sides[0]
        if col is None or not isinstance(literal_value(other), int) or isinstance(other, exp.Column):
            continue
        cu = uses.get(id(col))
        column = cu.source.table.column(cu.column) if cu is not None else None
        typ = (column.type or "").upper() if column is not None else ""
        if column is None or any(t in typ for t in _NUMERIC) and "DATE" not in typ and "TIME" not in typ:
            continue
        name = quote_ident(cu.column)
        res = quiet_probe(ctx, RULE, f"SELECT typeof({name}), {name} GLOB '{_ISO_DATE}' "
                          f"FROM {quote_ident(cu.source.name)} WHERE {name} IS NOT NULL LIMIT 1")
        if res is None or not res.rows or res.rows[0][0] != "text" or res.rows[0][1] != 1:
            continue
        span = clause_span(ctx.sql, node) or ctx.whole_span()
        report = error_report(RULE, DESCRIPTION, [("arithmetic", span)],
                              "Use SQLite's date functions: date(col, '-1 day'), julianday(a) - julianday(b)")
        yield ctx.finding(RULE, span, f"{text_of(ctx.sql, node)} does arithmetic on a date stored as text: SQLite "
                          "reads its leading number (the year), not a day", confidence=confidence(0.9),
                          report=report, data={"proof": True})
        return


RULE = Rule("SIE013", "date-integer-arithmetic", check, __doc__, Severity.INFO,
            needs=frozenset({"schema", "database"}))
