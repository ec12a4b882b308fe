"""Spider's hardness levels (easy, medium, hard, extra) of a query, computed on its sqlglot tree.

The levels follow the definition in Spider's evaluation (Yu et al. 2018): three counts over the query,

* ``component1``: WHERE, GROUP BY, ORDER BY, LIMIT, each JOIN, OR and LIKE in the conditions;
* ``component2``: nested queries (set operations, subqueries in FROM / WHERE / HAVING);
* ``others``: more than one aggregate, more than one selected column, more than one WHERE condition,
  more than one GROUP BY column;

and the thresholds of Spider's ``eval_hardness``. Computed from the parsed query here, not by Spider's
own parser, so a few queries may land one level off; it is used to group questions by difficulty.
"""
from __future__ import annotations

LEVELS = ("easy", "medium", "hard", "extra")


def _counts(tree) -> tuple[int, int, int]:
    from sqlglot import exp

    node = tree
    comp2 = 0
    while isinstance(node, exp.SetOperation):
        comp2 += 1
        node = node.left
    if isinstance(node, exp.Subquery):
        node = node.this
    if not isinstance(node, exp.Select):
        return 0, comp2, 0
    comp2 += sum(1 for s in node.find_all(exp.Select) if s is not node)
    where, group, order, limit = (node.args.get(k) for k in ("where", "group", "order", "limit"))
    joins = node.args.get("joins") or []
    comp1 = sum(bool(x) for x in (where, group, order, limit)) + len(joins)
    conds = []
    if where is not None:
        comp1 += sum(1 for _ in where.find_all(exp.Or)) + sum(1 for _ in where.find_all(exp.Like))
        conds = [c for c in where.find_all(exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like, exp.In,
                                           exp.Between, exp.Is)]
    aggs = sum(1 for e in node.expressions for _ in e.find_all(exp.AggFunc))
    others = (aggs > 1) + (len(node.expressions) > 1) + (len(conds) > 1) + \
        (len(group.expressions) > 1 if group is not None else 0)
    return comp1, comp2, int(others)


def hardness(sql_or_tree, dialect: str = "sqlite") -> str | None:
    """easy / medium / hard / extra, or None when the query does not parse."""
    tree = sql_or_tree
    if isinstance(sql_or_tree, str):
        import sqlglot

        try:
            tree = sqlglot.parse_one(sql_or_tree, read=dialect)
        except Exception:  # noqa: BLE001
            return None
    if tree is None:
        return None
    c1, c2, o = _counts(tree)
    if c1 <= 1 and o == 0 and c2 == 0:
        return "easy"
    if (o <= 2 and c1 <= 1 and c2 == 0) or (c1 <= 2 and o < 2 and c2 == 0):
        return "medium"
    if (o > 2 and c1 <= 2 and c2 == 0) or (2 < c1 <= 3 and o <= 2 and c2 == 0) or (c1 <= 1 and o == 0 and c2 <= 1):
        return "hard"
    return "extra"
