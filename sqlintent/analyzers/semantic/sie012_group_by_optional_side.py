"""GROUP BY a column of a LEFT JOIN's optional table: every row without a match falls into one NULL group.

What it does:
    For a grouped query whose GROUP BY names the join column of a LEFT JOIN's right table (``LEFT JOIN
    rides AS r ON r.user_id = u.id ... GROUP BY r.user_id``), runs the statement and its repair as read-only
    probes: the same query grouped by the left table's column of that ON equality (``GROUP BY u.id``). It
    fires when the answers differ: several left rows without a match were merged into the one group whose
    key is NULL. Where the data holds no two such rows, it still reports the pattern, without proof (the
    finding's ``proof`` is false): the mistake waits for the data. It needs a database.

Why is this bad?
    The right table's column is NULL for every left row the LEFT JOIN keeps without a match, so grouping by
    it puts all of those rows into a single group: three users without rides come out as one row. The left
    table's key, which the ON equates with it, is what identifies each item.

Example:
    SELECT p.full_name, count(f.film_id) FROM people AS p LEFT JOIN films AS f ON f.director_id = p.person_id GROUP BY f.director_id

Use instead:
    SELECT p.full_name, count(f.film_id) FROM people AS p LEFT JOIN films AS f ON f.director_id = p.person_id GROUP BY p.person_id

Fix safety:
    The group key replaced by the left table's column (unsafe: the result changes, which is the point).
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import conjuncts, proof, replace_spans, text_of, unparen
from sqlintent.findings import Edit, Fix, FixSafety, Severity
from sqlintent.sqlast import clause_span

DESCRIPTION = ("Group by the optional side: the LEFT JOIN's right-table column is NULL for every unmatched row, so "
               "they all fall into one group.")


def check(ctx: StatementContext):
    tree, model = ctx.tree, ctx.query_model
    if model is None or ctx.database is None or not isinstance(tree, exp.Select) or tree.args.get("group") is None:
        return
    block = next((b for b in model.blocks if b.select is tree), None)
    if block is None:
        return
    uses = {id(cu.node): cu for cu in block.columns}

    def ref(col):
        cu = uses.get(id(col))
        return (cu.source.key, cu.column.lower()) if cu is not None and cu.block is block else None

    keys = [unparen(k) for k in tree.args["group"].expressions]
    for join in tree.args.get("joins") or []:
        if (join.args.get("side") or "").upper() != "LEFT" or join.args.get("on") is None:
            continue
        alias = (join.this.alias_or_name or "").lower()
        pairs = {}
        for part in conjuncts(join.args["on"]):
            if isinstance(part, exp.EQ) and isinstance(part.this, exp.Column) \
                    and isinstance(part.expression, exp.Column):
                a, b = (part.this, part.expression), (part.expression, part.this)
                for mine, other in (a, b):
                    rm, ro = ref(mine), ref(other)
                    if rm is not None and ro is not None and rm[0] == alias and ro[0] != alias:
                        pairs[rm] = other
        for key in keys:
            left = pairs.get(ref(key)) if isinstance(key, exp.Column) else None
            span = clause_span(ctx.sql, key) if left is not None else None
            if span is None:
                continue
            replacement = text_of(ctx.sql, left)
            diff = proof(ctx, RULE, replace_spans(ctx.sql, [(span, replacement)]))
            shown = (f"grouped by {replacement} {diff.describe('the repair')}" if diff is not None else
                     "the data has no two such rows yet")
            report = error_report(RULE, DESCRIPTION, [("GROUP BY", span)], f"Group by {replacement}")
            yield ctx.finding(RULE, span, f"{text_of(ctx.sql, key)} is NULL for every row the LEFT JOIN keeps without a "
                              f"match, so they all fall into one group; {shown}",
                              confidence=confidence(0.85 if diff is not None else 0.6),
                              fix=Fix(f"Group by {replacement}", (Edit(span, replacement),), FixSafety.UNSAFE),
                              report=report, data={"proof": diff is not None,
                                                   **({"difference": diff.to_dict()} if diff else {})})
            return


RULE = Rule("SIE012", "group-by-optional-side", check, __doc__, Severity.INFO, needs=frozenset({"database"}))
