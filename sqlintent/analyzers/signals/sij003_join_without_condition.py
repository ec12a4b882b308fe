"""Tables joined with no condition between them: every row of one paired with every row of the other.

What it does:
    For each SELECT block that reads two or more base tables, links the tables that a condition relates (an
    ON or WHERE predicate naming columns of both, a USING or NATURAL join). It fires when the tables fall
    apart into unlinked groups: a comma join without its WHERE condition, a ``JOIN`` without ``ON``, or a
    ``CROSS JOIN``. A table pinned to one row by its primary key (``WHERE t.id = 5``) pairs with every row
    harmlessly and is not counted. It reads the intent: an intent that asks for every combination ("each
    pair", "every combination", "all possible", "cross", "each student ... each exam") silences it, and
    without an intent nothing says the combinations were not meant: it needs an intent.

Why is this bad?
    A join without a condition multiplies the rows: counts and sums grow by the size of the other table,
    and each item appears with unrelated rows. It is almost always a forgotten ON or WHERE condition.

Example:
    -- intent: names of customers with a shipped order, and the order dates
    SELECT c.name, o.order_date FROM customers AS c, orders AS o WHERE o.status = 'shipped'

Use instead:
    -- intent: names of customers with a shipped order, and the order dates
    SELECT c.name, o.order_date FROM customers AS c, orders AS o WHERE o.customer_id = c.customer_id AND o.status = 'shipped'

Fix safety:
    No automatic fix: the join condition is for the author to write (SIJ001 names the declared keys).
"""
from __future__ import annotations

import re

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.query import own_walk
from sqlintent.analyzers.signals_util.report import confidence, error_report, from_clause_span
from sqlintent.findings import Severity

DESCRIPTION = ("Join without a condition: two tables of the FROM clause are related by no predicate, so each row "
               "of one is paired with every row of the other.")
_EVERY = re.compile(r"\b(?:each pair|every pair|all pairs|pairs? of|every combination|all combinations|all possible|"
                    r"each possible|every possible|cross|cartesian|with every|with each|each [a-z]+ with every)\b|"
                    r"\b(?:each|every) [a-z]+\b[^.?!]{0,60}\b(?:each|every) [a-z]+", re.I)
_PREDICATES = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like, exp.ILike, exp.Between, exp.In,
               exp.Is)


def check(ctx: StatementContext):
    model = ctx.query_model
    if model is None or not (ctx.intent or "").strip() or _EVERY.search(ctx.intent):
        return  # without an intent a cross join may be what was meant (test suites write many)
    for block in model.blocks:
        sources = block.joined_sources()
        if len(sources) < 2 or block.unresolved:
            continue
        groups = _groups(block, sources)
        if len(groups) < 2:
            continue
        names = sorted(", ".join(sorted(s.name for s in g)) for g in groups)
        span = from_clause_span(ctx.sql, block.select, ctx.whole_span())
        report = error_report(RULE, DESCRIPTION, [("FROM clause", span)],
                              "Add the condition that relates the tables (ON ... = ... or a WHERE equality)")
        yield ctx.finding(RULE, span, f"no condition relates {' and '.join(f'({n})' for n in names)}: every row "
                          "of one is paired with every row of the other", confidence=confidence(0.8),
                          report=report, data={"groups": names})
        return


def _groups(block, sources) -> list[list]:
    parent = {s.key: s.key for s in sources}

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    by_node = {id(cu.node): cu.source.key for cu in block.columns if cu.block is block}
    for node in own_walk(block.select):
        natural = "NATURAL" in (node.args.get("method") or "").upper() if isinstance(node, exp.Join) else False
        if isinstance(node, exp.Join) and (node.args.get("using") or natural):
            right = node.this.alias_or_name.lower()
            if right in parent:
                for k in parent:
                    parent[find(k)] = find(right)  # USING / NATURAL: related to the tables before it
            continue
        if not isinstance(node, _PREDICATES):
            continue
        keys = {by_node[id(c)] for c in node.find_all(exp.Column) if id(c) in by_node}
        keys = [k for k in keys if k in parent]
        for k in keys[1:]:
            parent[find(k)] = find(keys[0])
    pinned = _pinned(block, sources)
    groups: dict[str, list] = {}
    for s in sources:
        groups.setdefault(find(s.key), []).append(s)
    return [g for g in groups.values() if not all(s.key in pinned for s in g)] or list(groups.values())[:1]


def _pinned(block, sources) -> set[str]:
    """Sources compared with a literal on their whole primary key (one row at most)."""
    out = set()
    for cmp in block.comparisons:
        if cmp.op != "=":
            continue
        t = cmp.column.source.table
        pk = [k.lower() for k in t.primary_key] or [c.name.lower() for c in t.columns if c.primary_key]
        if pk == [cmp.column.column.lower()]:
            out.add(cmp.column.source.key)
    return out


RULE = Rule("SIJ003", "join-without-condition", check, __doc__, Severity.INFO,
            needs=frozenset({"schema", "intent"}))
