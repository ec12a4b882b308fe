"""A comparison of a column with a literal that no row satisfies.

What it does:
    Runs each comparison of a column with a literal (``=``, ``<``, ``>``, ``<=``, ``>=``, ``LIKE``,
    ``IN (...)``, ``BETWEEN``) in WHERE or ON on its own, as a read-only probe against the column's table,
    and reports those that match no row. For a string compared with ``=`` or ``IN`` it looks for the stored
    value that differs only in case or spacing and offers it as the fix; otherwise it names the nearest
    stored values (by spelling). Stored values are named only from columns that look like enumerations
    (at most 50 distinct values of at most 40 characters), never when they look like secrets, and not at
    all with ``--show-values never`` (the default for GitHub and SARIF output and when ``CI=true``).
    Needs a database (probes on).
    It reads the intent: when the intent asks whether something exists ("is there any customer in
    Paris?", "does any order ship to Berlin?") and names the compared value itself, a value that matches
    no row is the honest answer, and the rule stays silent, unless a stored value differs from it only in
    case or spacing (then the literal is miscased and the fix is offered).

Why is this bad?
    A predicate that matches nothing empties the result, or, under OR and outer joins, silently drops one
    branch. It usually means a misspelt or miscased value ("boston" for "Boston"), the wrong column, or the
    wrong comparison operator.

Example:
    SELECT name FROM customers WHERE city = 'boston'

Use instead:
    SELECT name FROM customers WHERE city = 'Boston'

Fix safety:
    Safe when the evidence is exact: the literal matches no row and exactly one stored value of the column
    differs from it only by letter case or spacing; that value replaces it (``check --fix`` applies it).
    Otherwise the nearest stored values are named and no fix is offered.
"""
from __future__ import annotations

import re

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of
from sqlintent.analyzers.signals_util.values import (
    column_values,
    fold,
    nearest_values,
    quote_ident,
    quote_str,
)
from sqlintent.disclosure import shown_values
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import dialect_name, node_span

DESCRIPTION = ("Empty predicate: executed on its own against the column's table, this comparison matches "
               "no row, so it removes every row it applies to.")


def probe_sql(ctx: StatementContext, cmp) -> str:
    src = cmp.column.source
    pred = cmp.node.sql(dialect=dialect_name(ctx.dialect))
    # the alias exactly as the predicate spells it (quoting it would make it case-sensitive in PostgreSQL)
    alias = src.alias if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", src.alias) else quote_ident(src.alias)
    return f"SELECT 1 FROM {quote_ident(src.table.name)} AS {alias} WHERE {pred} LIMIT 1"


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or ctx.database is None:
        return
    seen: set[str] = set()
    for block in model.blocks:
        for cmp in block.comparisons:
            sql = probe_sql(ctx, cmp)
            if sql in seen:
                continue
            seen.add(sql)
            res = ctx.probe(RULE, sql)
            if res is None or res.rows:
                continue
            finding = _finding(ctx, cmp)
            if finding.fix is None and _asked_about(ctx, cmp):
                continue
            yield finding


def _asked_about(ctx: StatementContext, cmp) -> bool:
    """The intent asks whether something exists and names every compared string as a word of its own."""
    from sqlintent.intent import parse_intent

    intent = parse_intent(ctx.intent)
    if intent is None or not intent.existence:
        return False
    strings = [v for v in cmp.values if isinstance(v, str)]
    text = fold(intent.text)
    return bool(strings) and all(re.search(r"(?<!\w)" + re.escape(fold(v.strip("%"))) + r"(?!\w)", text)
                                 for v in strings)


def _finding(ctx: StatementContext, cmp):
    span = span_of(ctx.sql, cmp.node, ctx.whole_span())
    col = cmp.column
    where = f"{col.source.name}.{col.column}"
    fix, hint, suggestions = None, "", []
    strings = [v for v in cmp.values if isinstance(v, str)]
    if strings and cmp.op in ("=", "IN"):
        stored = column_values(ctx, RULE, col.source.table, col.column)
        if stored is not None:
            edits = []
            # only what the operator allows out: an enumeration-like column's values, no secrets
            showable = shown_values(stored.values, stored.complete)
            for lit_node in cmp.string_nodes:
                value = lit_node.name  # a string literal's text, or a "double-quoted" string's
                if not isinstance(value, str) or value in stored.values or not showable:
                    continue
                near = nearest_values(value, showable)
                suggestions.extend(near)
                same = [s for s in near if fold(s) == fold(value)]
                ls = node_span(lit_node)
                if len(same) == 1 and ls is not None:
                    edits.append((value, same[0], ls))
            if edits:
                fix = Fix("Use the stored value" + ("s " if len(edits) > 1 else " ")
                          + ", ".join(repr(e[1]) for e in edits),
                          tuple(Edit(ls, quote_str(new)) for _, new, ls in edits), FixSafety.SAFE)
            if suggestions:
                hint = f"; stored values close to it: {', '.join(repr(s) for s in suggestions[:5])}"
    literal = " ".join(ctx.sql[span.start:span.end].split())
    msg = f"no row of {col.source.name} satisfies {literal}{hint}"
    example = f" (e.g. {suggestions[0]!r})" if suggestions else ""
    correction = (f"Use a value that {where} actually stores{example}"
                  + ", or compare against the column that holds this value, or revise the operator")
    report = error_report(RULE, DESCRIPTION, [("predicate", span)], correction)
    return ctx.finding(RULE, span, msg, confidence=confidence(0.85 if fix else 0.75), fix=fix, report=report,
                       data={"column": where, "values": [v for v in cmp.values], "suggestions": suggestions[:5]})


RULE = Rule("SIP001", "empty-predicate", check, __doc__, Severity.INFO,  # policy: fires on 5% of gold
            needs=frozenset({"schema", "database"}))
