"""A query whose result says nothing: no rows, or a column of only zeros or only NULLs.

What it does:
    Runs the query itself as a read-only probe (with the configured timeout and row cap) and reports an
    empty result, or a result column whose every value is 0 or every value is NULL. The empty result is
    blamed on the WHERE (or HAVING, or join) clause that removes the rows; a degenerate column on its
    select-list item. Needs a database (probes on); statements other than queries are never run.
    It reads the intent (:mod:`sqlintent.intent`) and stays silent where an empty result or a zero is an
    honest answer: the intent asks whether something exists ("is there any ...") or asks for what has none
    ("without", "have no", "never"). A column that is NULL because the query is an anti-join
    (``LEFT JOIN b ... WHERE b.x IS NULL``) is not reported.

Why is this bad?
    Questions are rarely asked about nothing. An empty result or a count of zero usually means a
    predicate, join or aggregate does not match what the data holds; intermediate steps that went wrong
    surface here even when every single predicate matches some rows.

Example:
    SELECT name FROM customers WHERE city = 'Boston' AND state = 'TX'

Use instead:
    SELECT name FROM customers WHERE city = 'Boston' AND state = 'MA'

Fix safety:
    No automatic fix: which clause empties the result is for the author to decide; the report points at it.
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.query import has_unknown_columns, is_correlated, is_plain_query
from sqlintent.analyzers.signals_util.report import (confidence, error_report, from_clause_span, keyword_span,
                                                     span_of, subquery_span)
from sqlintent.analyzers.signals_util.standalone import standalone_sql
from sqlintent.findings import Severity, Span
from sqlintent.intent import parse_intent
from sqlintent.sqlast import dialect_name, node_span

DESCRIPTION = ("Abnormal result: executing the query gives {what}, which answers no question; some clause "
               "does not match what the data holds.")


def _top_select(tree) -> exp.Select | None:
    return tree if isinstance(tree, exp.Select) else None


def check(ctx: StatementContext):
    tree = ctx.tree
    if tree is None or ctx.database is None or not is_plain_query(tree):
        return
    model = ctx.query_model
    if model is not None and has_unknown_columns(model):
        return  # the query cannot run: the unknown-column rule reports why
    res = ctx.probe(RULE, ctx.sql)
    if res is None:
        return
    sel = _top_select(tree)
    whole = ctx.whole_span()
    intent = parse_intent(ctx.intent)
    if not res.rows:
        if intent is not None and (intent.existence or intent.absence):
            return  # "is there any X without a Y?": an empty answer is an honest one
        clauses = []
        if sel is not None:
            if sel.args.get("where") is not None:
                clauses.append(("WHERE clause", keyword_span(ctx.sql, sel.args["where"].this, "WHERE", whole)))
            if sel.args.get("having") is not None:
                clauses.append(("HAVING clause", keyword_span(ctx.sql, sel.args["having"].this, "HAVING", whole)))
            if sel.args.get("joins"):
                clauses.append(("FROM clause", from_clause_span(ctx.sql, sel, whole)))
        if not clauses:
            clauses.append(("query", whole))
        span = clauses[0][1]
        report = error_report(RULE, DESCRIPTION.format(what="no rows"), clauses,
                              "Check the values, columns and joins of the filtering clauses against the data; "
                              "run each predicate on its own to find the one that removes every row")
        yield ctx.finding(RULE, span, "the query returns no rows", confidence=confidence(0.7), report=report,
                          data={"kind": "empty"})
        return
    yield from _intermediate(ctx, tree)
    items = sel.expressions if sel is not None else []
    anti = anti_joined(sel) if sel is not None else set()
    for i, name in enumerate(res.columns):
        values = [r[i] for r in res.rows]
        if all(v is None for v in values):
            kind, what = "null", "only NULL"
        elif all(isinstance(v, (int, float)) and not isinstance(v, bool) and v == 0 for v in values):
            kind, what = "zero", "only 0"
        else:
            continue
        item = items[i] if i < len(items) and not any(isinstance(x, exp.Star) for x in items) else None
        if kind == "null" and (anti and (item is None or _from_anti(item, anti))):
            continue  # LEFT JOIN ... WHERE b.x IS NULL: b's columns are NULL by construction
        if kind == "zero" and intent is not None and (intent.existence or intent.absence):
            continue  # "how many X have no Y": 0 can be the honest answer
        span = span_of(ctx.sql, item, whole) if item is not None else whole
        clauses = [("select item", span)]
        if sel is not None and sel.args.get("where") is not None:
            clauses.append(("WHERE clause", keyword_span(ctx.sql, sel.args["where"].this, "WHERE", whole)))
        rows = f"{len(values)}{'+' if res.truncated else ''} row{'s' if len(values) != 1 else ''}"
        report = error_report(RULE, DESCRIPTION.format(what=f"a column '{name}' of {what} values"), clauses,
                              "Check that the column, aggregate and filters match the intent; a count of 0 or "
                              "an aggregate of NULL means nothing matched")
        yield ctx.finding(RULE, span, f"result column '{name}' holds {what} ({rows})",
                          confidence=confidence(0.6), report=report, data={"kind": kind, "column": name})


def anti_joined(sel: exp.Select) -> set[str]:
    """Lower-case aliases (and names) of LEFT-joined tables whose columns the WHERE tests with IS NULL."""
    left = {}
    for j in sel.args.get("joins") or []:
        if (j.args.get("side") or "").upper() == "LEFT" and isinstance(j.this, exp.Table):
            left[(j.this.alias or j.this.name).lower()] = j.this.name.lower()
    where = sel.args.get("where")
    if not left or where is None:
        return set()
    out = set()
    for node in where.find_all(exp.Is):
        col = node.this
        if isinstance(node.expression, exp.Null) and isinstance(col, exp.Column) and col.table.lower() in left:
            out.update({col.table.lower(), left[col.table.lower()]})
    return out


def _from_anti(item, anti: set[str]) -> bool:
    cols = list(item.find_all(exp.Column))
    return bool(cols) and all(c.table.lower() in anti for c in cols)


def _intermediate(ctx: StatementContext, tree):
    """Empty results of subqueries and set-operation branches that can run on their own."""
    model = ctx.query_model
    if model is None:
        return
    for block in model.blocks:
        sel = block.select
        if sel is tree:
            continue
        parent = sel.parent
        if isinstance(parent, exp.Subquery) and isinstance(parent.parent, (exp.From, exp.Join)):
            continue  # an empty derived table empties the query: reported above if so
        if not (isinstance(parent, (exp.Subquery, exp.SetOperation))):
            continue
        if isinstance(parent, exp.SetOperation) and not isinstance(sel.parent, exp.SetOperation):
            continue
        if is_correlated(model, sel) or has_unknown_columns(model, sel):
            continue
        res = ctx.probe(RULE, standalone_sql(sel, dialect_name(ctx.dialect)))
        if res is None or res.rows:
            continue
        span = subquery_span(ctx.sql, sel) if isinstance(parent, exp.Subquery) else _branch_span(ctx.sql, sel)
        span = span or ctx.whole_span()
        what = "subquery" if isinstance(parent, exp.Subquery) else f"{parent.key.upper()} branch"
        report = error_report(RULE, DESCRIPTION.format(what=f"an empty intermediate result (this {what})"),
                              [(what, span)],
                              "Check this part's filters and joins against the data: an empty intermediate "
                              "result makes IN, NOT IN, EXCEPT or INTERSECT meaningless")
        yield ctx.finding(RULE, span, f"this {what} returns no rows", confidence=confidence(0.6), report=report,
                          data={"kind": "empty-intermediate"})


def _branch_span(sql: str, sel: exp.Select):
    s = node_span(sel)
    if s is None:
        return None
    m = None
    for m in re.finditer(r"\bselect\b", sql[: s.start], re.I):
        pass
    return Span(m.start(), s.end) if m else s


RULE = Rule("SIR001", "abnormal-result", check, __doc__, Severity.INFO,  # policy: fires on 9% of gold
            needs=frozenset({"schema", "database"}))
