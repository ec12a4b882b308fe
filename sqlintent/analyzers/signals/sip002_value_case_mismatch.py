"""A string the query compares with ``=`` or ``IN`` that the column stores only in another case or spacing.

What it does:
    For each ``column = 'literal'`` or ``column IN ('a', 'b')`` of a text column, reads the column's distinct
    values (the value index, one read-only probe per column, cached) and fires when a literal is not stored
    as written but a stored value equals it up to case and spacing (``'boston'`` against ``'Boston'``,
    ``'New  York'`` against ``'New York'``). The finding names the stored spelling and offers it as the fix.
    SIP001 reports every comparison that matches no row; this rule is the part of it that is nearly always
    a typo. Needs a database (probes on).

Why is this bad?
    ``=`` compares strings exactly in SQLite and PostgreSQL: ``city = 'boston'`` matches no row when the
    data says ``Boston``, and the query silently returns nothing (or, under NOT, everything).

Example:
    SELECT name FROM customers WHERE city = 'boston'

Use instead:
    SELECT name FROM customers WHERE city = 'Boston'

    Stored values are named (and offered as the fix) only where the operator allows them out, as for SIP001
    (``--show-values``: an enumeration-like column's values, never one that looks like a secret, none in
    GitHub or SARIF output or under ``CI=true`` by default); otherwise the finding says that the column
    stores the value in another spelling without naming it.

Fix safety:
    Safe when the evidence is exact, as SIP001's: exactly one stored value equals the literal up to case and
    spacing, and the literal is replaced by it (``check --fix`` applies it).
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of
from sqlintent.analyzers.signals_util.values import column_values, fold, quote_str
from sqlintent.disclosure import shown_values
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import node_span

DESCRIPTION = ("Miscased value: the literal is stored in the column only with another case or spacing, so the "
               "exact comparison matches none of those rows.")


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or ctx.database is None:
        return
    for block in model.blocks:
        for cmp in block.comparisons:
            if cmp.op not in ("=", "IN") or not cmp.string_nodes:
                continue
            col = cmp.column
            stored = column_values(ctx, RULE, col.source.table, col.column)
            if stored is None or not stored.complete:
                continue
            exact = set(stored.values)
            showable = set(shown_values(stored.values, stored.complete))
            folded: dict[str, list[str]] = {}
            for s in stored.values:
                folded.setdefault(fold(s), []).append(s)
            edits, pairs = [], []
            for lit in cmp.string_nodes:
                value = lit.name
                if not isinstance(value, str) or value in exact:
                    continue
                same = folded.get(fold(value), [])
                if not same:
                    continue
                pairs.append((value, same[0]))
                ls = node_span(lit)
                if len(same) == 1 and ls is not None:
                    edits.append(Edit(ls, quote_str(same[0])))
            if not pairs:
                continue
            span = span_of(ctx.sql, cmp.node, ctx.whole_span())
            value, stored_as = pairs[0]
            where = f"{col.source.name}.{col.column}"
            if all(s in showable for _, s in pairs):
                fix = Fix("Use the stored spelling", tuple(edits), FixSafety.SAFE) if len(edits) == len(pairs) \
                    else None
                report = error_report(RULE, DESCRIPTION, [("predicate", span)],
                                      f"Write the value as {where} stores it: {stored_as!r}")
                yield ctx.finding(RULE, span, f"{where} stores {stored_as!r}, not {value!r}: the comparison is exact",
                                  confidence=confidence(0.9), fix=fix, report=report,
                                  data={"column": where, "value": value, "stored": stored_as})
                continue
            # the stored spelling may not be shown (not an enumeration, a secret, or --show-values never)
            report = error_report(RULE, DESCRIPTION, [("predicate", span)],
                                  f"Write the value as {where} stores it (check its case and spacing)")
            yield ctx.finding(RULE, span, f"{where} stores {value!r} only in another case or spacing: the "
                              "comparison is exact", confidence=confidence(0.9), report=report,
                              data={"column": where, "value": value})


RULE = Rule("SIP002", "value-case-mismatch", check, __doc__, Severity.INFO, needs=frozenset({"schema", "database"}))
