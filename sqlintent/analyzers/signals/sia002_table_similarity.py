"""Another table holds the same group of columns the query uses from its table.

What it does:
    Groups the columns the query uses by the table they come from; for every group of two or more columns,
    looks for tables the query does not read that have all of them (columns that merely share a declared
    key with that table do not count as similarity). The query is reported when the intent mentions such a
    table's name at least as much as the chosen table's name, so that the intent does not settle which
    of the look-alike tables is meant (an intent that mentions neither gives no sign of a mix-up). Needs
    an intent.

Why is this bad?
    Copies, archives, staging and per-period tables share their structure; picking the wrong one returns
    plausible data from the wrong population.

Example:
    -- intent: names of archived customers in Boston
    SELECT name, city FROM customers WHERE city = 'Boston'

Use instead:
    -- intent: names of archived customers in Boston
    SELECT name, city FROM customers_archive WHERE city = 'Boston'

Fix safety:
    Unsafe: the other table holds other rows; it is offered when exactly one table fits the intent better.
"""
from __future__ import annotations

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.intent.words import _match, words
from sqlintent.analyzers.signals_util.joingraph import join_graph
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import node_span

DESCRIPTION = ("Table similarity: another table has the same group of columns that the query uses from its "
               "table, and the intent does not tell them apart; the other table may be the one meant.")


def table_fit(intent: str, table: str) -> float:
    """Matched words of the table name, minus a tenth for each word the intent does not mention."""
    vocab = set(words(intent))
    tw = words(table)
    hits = sum(_match(w, vocab) for w in tw)
    return hits - 0.1 * (len(tw) - hits)


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or not (ctx.intent or "").strip():
        return
    jg = join_graph(ctx)
    used_tables = {s.name.lower() for b in model.blocks for s in b.sources.values()}
    groups: dict[int, tuple[object, dict[str, object]]] = {}
    for b in model.blocks:
        for cu in b.columns:
            entry = groups.setdefault(id(cu.source), (cu.source, {}))
            entry[1].setdefault(cu.column.lower(), cu)
    reported: set[str] = set()
    for source, cols in groups.values():
        if len(cols) < 2 or source.name.lower() in reported:
            continue
        own = source.name.lower()
        candidates = []
        for t in ctx.schema.tables.values():
            low = t.name.lower()
            if low in used_tables or low == own:
                continue
            if not all(t.column(c) is not None for c in cols):
                continue
            # columns shared through a key are the relationship, not a look-alike structure
            if all(jg.valid_pair((own, c), (low, c)) for c in cols):
                continue
            candidates.append(t)
        if not candidates:
            continue
        own_fit = table_fit(ctx.intent, source.name)
        fitting = [(table_fit(ctx.intent, t.name), t) for t in candidates]
        fitting = [(f, t) for f, t in fitting if f >= own_fit and f > 0]
        if not fitting:
            continue
        fitting.sort(key=lambda x: -x[0])
        reported.add(own)
        best_fit, best = fitting[0]
        span = span_of(ctx.sql, source.node, ctx.whole_span())
        better = [t for f, t in fitting if f > own_fit]
        fix = None
        if len(better) == 1:
            name_span = node_span(source.node.this)
            if name_span is not None:
                fix = Fix(f"Read {better[0].name} instead of {source.name}",
                          (Edit(name_span, better[0].name),), FixSafety.UNSAFE)
        names = ", ".join(t.name for _, t in fitting[:5])
        colnames = ", ".join(sorted(cu.column for cu in cols.values()))
        verb = "has" if len(fitting) == 1 else "have"
        msg = f"{names} also {verb} the columns {colnames} used from {source.name}"
        correction = (f"Check which table the intent means: {source.name} or {names}; "
                      f"qualify the intent or read the other table")
        report = error_report(RULE, DESCRIPTION, [(f"table {source.name}", span)], correction)
        yield ctx.finding(RULE, span, msg, confidence=confidence(0.6 if better else 0.4), fix=fix, report=report,
                          data={"table": source.name, "columns": sorted(cols),
                                "similar": [t.name for _, t in fitting]})


RULE = Rule("SIA002", "table-similarity", check, __doc__, Severity.INFO,  # policy: never fired on the dev files
            needs=frozenset({"schema", "intent"}))
