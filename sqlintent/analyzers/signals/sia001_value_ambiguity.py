"""A literal that several columns store, where another column fits the intent better.

What it does:
    For each string compared with ``=`` or ``IN``, looks up every column that stores exactly that value,
    in a value-to-column index of the database built lazily on first use and cached until the database
    file changes. When another column holding the value (not linked to the used one by a key) has a name
    closer to the intent's words (the value's own words left out) than the column the query uses, by more
    than ``thresholds.value_ambiguity_margin``, the comparison is reported with that column, unless the
    query compares that column with the value as well ("both low fat and recyclable": ``low_fats = 'Y' AND
    recyclable = 'Y'``). Needs a database and an intent.

Why is this bad?
    "New York" is both a city and a state; "Ford" is a maker and a model. Filtering the wrong column
    returns a plausible but wrong answer.

Example:
    -- intent: names of customers who live in the state of New York
    SELECT name FROM customers WHERE city = 'New York'

Use instead:
    -- intent: names of customers who live in the state of New York
    SELECT name FROM customers WHERE state = 'New York'

Fix safety:
    Unsafe: replacing the column changes the filter; it is offered only when the better column belongs to
    a table the query already reads.
"""
from __future__ import annotations

import re

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.intent.words import name_score
from sqlintent.analyzers.signals_util.joingraph import join_graph
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of
from sqlintent.analyzers.signals_util.values import columns_holding, value_index
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import node_span

DESCRIPTION = ("Value ambiguity: the value used in this predicate is stored in several columns, and another "
               "column matches the intent better than the one the query filters on.")


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or ctx.database is None or not (ctx.intent or "").strip():
        return
    margin = ctx.config.thresholds.value_ambiguity_margin
    jg = join_graph(ctx)
    compared = {(cmp.column.ref, v) for b in model.blocks for cmp in b.comparisons if cmp.op in ("=", "IN")
                for v in cmp.values if isinstance(v, str)}
    for block in model.blocks:
        for cmp in block.comparisons:
            if cmp.op not in ("=", "IN"):
                continue
            strings = [v for v in cmp.values if isinstance(v, str) and v.strip()]
            if not strings:
                continue
            used = cmp.column.ref
            best = None
            for value in strings:
                # the value's own words say nothing about which column holds it
                intent = re.sub(re.escape(value), " ", ctx.intent, flags=re.I)
                used_score = name_score(intent, cmp.column.column, cmp.column.source.name)
                for alt in columns_holding(ctx, RULE, value):
                    if alt == used or jg.valid_pair(alt, used) or (alt, value) in compared:
                        continue  # "both low fat and recyclable": the query compares the other column too
                    tname, cname = value_index(ctx, RULE, build=False).names.get(alt, alt)
                    score = name_score(intent, cname, tname)
                    if score > used_score + margin and (best is None or score - used_score > best[0] - best[4]):
                        best = (score, tname, cname, value, used_score)
            if best is None:
                continue
            yield _finding(ctx, block, cmp, best[4], best[:4])


def _finding(ctx, block, cmp, used_score, best):
    score, tname, cname, value = best
    col = cmp.column
    span = span_of(ctx.sql, cmp.node, ctx.whole_span())
    fix = None
    same_table = [s for s in block.sources.values() if s.name.lower() == tname.lower()]
    if len(same_table) == 1:
        cspan = node_span(col.node)
        if cspan is not None:
            replacement = f"{same_table[0].alias}.{cname}" if (col.node.table or len(block.sources) > 1) else cname
            fix = Fix(f"Filter on {tname}.{cname} instead", (Edit(cspan, replacement),), FixSafety.UNSAFE)
    msg = (f"'{value}' is also stored in {tname}.{cname}, which matches the intent better than "
           f"{col.source.name}.{col.column}")
    correction = (f"Compare {tname}.{cname} with '{value}'" +
                  ("" if fix else f" (join {tname} if the query does not read it yet)"))
    report = error_report(RULE, DESCRIPTION, [("predicate", span)], correction)
    return ctx.finding(RULE, span, msg, confidence=confidence(0.4 + min(0.4, score - used_score) / 2),
                       fix=fix, report=report,
                       data={"value": value, "used": f"{col.source.name}.{col.column}",
                             "alternative": f"{tname}.{cname}", "scores": [round(used_score, 3), round(score, 3)]})


RULE = Rule("SIA001", "value-ambiguity", check, __doc__, Severity.INFO,
            needs=frozenset({"schema", "database", "intent"}))
