"""GROUP BY or DISTINCT on a name that several entities share: different people merged into one row.

What it does:
    For each SELECT that computes an aggregate per group of name-like columns (``name``, ``title``,
    ``..._name``, ``email``, ``username``) of a table with a one-column primary key, without that key among
    the grouped columns, or selects DISTINCT only such columns of one table, it asks the database (one
    read-only probe) whether two rows of the table share those values. If they do, the query merges
    different entities. The intent silences it when it asks for the names themselves ("the different
    names", "for each name", "duplicate emails"), and a DISTINCT when it asks for no duplicates or names
    the listed columns. Needs a database (probes on).

Why is this bad?
    "The number of orders of each customer" grouped by ``c.name`` adds up the orders of two customers named
    alike; ``SELECT DISTINCT name`` lists them once. The result is right only while names happen to be
    unique, which the data here already contradicts.

Example:
    SELECT p.full_name, count(*) FROM people AS p JOIN roles AS r ON r.person_id = p.person_id GROUP BY p.full_name

Use instead:
    SELECT p.person_id, p.full_name, count(*) FROM people AS p JOIN roles AS r ON r.person_id = p.person_id GROUP BY p.person_id, p.full_name

Fix safety:
    No automatic fix: add the table's key to the GROUP BY (and the SELECT list if ids may be shown).
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, group_by_span, span_of
from sqlintent.analyzers.signals_util.values import quote_ident
from sqlintent.findings import Severity

DESCRIPTION = ("Merged entities: the query groups by (or selects DISTINCT) a name that several rows of its "
               "table share, so different entities become one row.")
LABEL = re.compile(r"^(?:name|title|full_?name|first_?name|last_?name|surname|user_?name|email|[a-z_]*_name|"
                   r"[a-z]+Name)$", re.I)
_NO_DUPLICATES = re.compile(r"\b(?:distinct|different|unique|duplicates?|once)\b", re.I)
_ASKS_LABELS = re.compile(r"\bduplicat\w*\b|"  # "report the duplicate emails": the label is the subject
                          r"\b(?:different|distinct|unique)\s+(?:[a-z]+\s+)?(?:names?|titles?|cities|emails?)\b|"
                          r"\b(?:for each|per|by|each)\s+(?:[a-z]+\s+)?(?:name|title|city|email)\b", re.I)


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or ctx.database is None or (ctx.intent and _ASKS_LABELS.search(ctx.intent)):
        return
    for block in model.blocks:
        sel = block.select
        group = sel.args.get("group")
        if group is not None and any(isinstance(n, exp.AggFunc) for e in sel.expressions for n in e.walk()):
            keys = list(group.expressions)  # a figure per group: merged entities add up
        elif sel.args.get("distinct") and not (ctx.intent and _NO_DUPLICATES.search(ctx.intent)):
            keys = list(sel.expressions)
        else:
            continue
        if block.star:
            continue
        uses = {id(cu.node): cu for cu in block.columns if cu.block is block}
        cols = [uses.get(id(_column(k))) for k in keys]
        if group is None and (None in cols or len({cu.source.key for cu in cols}) != 1
                              or _names_labels(ctx, cols)):
            continue  # DISTINCT judged only on a list of one table's columns ("SELECT DISTINCT c.name")
        cols = [cu for cu in cols if cu is not None]
        for key, labels in _labels_by_source(cols).items():
            t = labels[0].source.table
            pk = list(t.primary_key) or [c.name for c in t.columns if c.primary_key]
            if len(pk) != 1 or any(cu.column.lower() == pk[0].lower() for cu in cols if cu.source.key == key):
                continue
            names = ", ".join(quote_ident(cu.column) for cu in labels)
            sql = (f"SELECT 1 FROM {quote_ident(t.name)} GROUP BY {names} HAVING count(DISTINCT "
                   f"{quote_ident(pk[0])}) > 1 LIMIT 1")
            res = ctx.probe(RULE, sql)
            if res is None or not res.rows:
                continue
            shown = ", ".join(f"{t.name}.{cu.column}" for cu in labels)
            how = "groups by" if group is not None else "selects DISTINCT"
            span = (group_by_span(ctx.sql, group, ctx.whole_span()) if group is not None
                    else span_of(ctx.sql, labels[0].node, ctx.whole_span()))
            report = error_report(RULE, DESCRIPTION, [("grouping", span)],
                                  f"Group by {t.name}.{pk[0]} (with {shown}) so that each entity stays one row")
            yield ctx.finding(RULE, span, f"the query {how} {shown}, which several rows of {t.name} share; "
                              f"different {t.name} are merged (group by {t.name}.{pk[0]} too)",
                              confidence=confidence(0.7), report=report,
                              data={"columns": shown, "key": f"{t.name}.{pk[0]}"})
            return


def _names_labels(ctx, cols) -> bool:
    """The intent names the listed columns ("the first names of students ..."): it asks for the names."""
    from sqlintent.intent.words import words
    from sqlintent.intent import parse_intent

    intent = parse_intent(ctx.intent)
    return intent is not None and all(set(words(cu.column)) <= intent.stems for cu in cols)


def _column(key):
    if isinstance(key, exp.Alias):
        key = key.this
    return key if isinstance(key, exp.Column) else None


def _labels_by_source(cols) -> dict:
    """The name-like columns of the key, by table instance (several for one table: first and last name)."""
    out: dict[str, list] = {}
    for cu in cols:
        if LABEL.match(cu.column):
            out.setdefault(cu.source.key, []).append(cu)
    return out


RULE = Rule("SIG002", "label-not-unique", check, __doc__, Severity.INFO, needs=frozenset({"schema", "database"}))
