"""What a query does, in the intent model's terms.

:func:`facts_of` reads the sqlglot tree: the top SELECT's items and aggregates, ORDER BY / LIMIT, MIN/MAX,
GROUP BY / HAVING, DISTINCT, set operations, negation, literals. Rules read it as ``ctx.intent_facts``,
computed once per statement (declared on the rule context: :mod:`sqlintent.analyzers.analysis`). :func:`intent_of` is how every alignment rule gets the intent model; the shapes of an alignment rule's finding (spans, fixes, the intent words it carries) live with the rules, in
:mod:`sqlintent.analyzers.signals_util.alignment`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from sqlglot import exp

from sqlintent.intent.model import IntentModel
from sqlintent.intent.parse import parse_intent

_AGG = {"Count": "count", "Avg": "avg", "Sum": "sum", "Max": "max", "Min": "min"}


def intent_of(ctx) -> IntentModel | None:
    """The intent model of the statement's intent (None without one)."""
    return parse_intent(ctx.intent)


@dataclass
class Facts:
    top: exp.Select | None  # the first SELECT of the top level (the first branch of a set operation)
    items: list[exp.Expression] = field(default_factory=list)
    top_aggs: set[str] = field(default_factory=set)  # aggregate kinds in the top SELECT list
    all_aggs: set[str] = field(default_factory=set)  # aggregate kinds anywhere
    order: exp.Order | None = None
    order_desc: bool | None = None  # direction of the first ORDER BY key
    limit: int | None = None
    has_limit: bool = False
    group: bool = False  # GROUP BY anywhere
    top_group: bool = False
    having: bool = False
    count_compared: bool = False  # a COUNT inside a comparison (HAVING count(*) > 2, (SELECT count ...) >= 3)
    distinct: bool = False
    setops: set[str] = field(default_factory=set)  # union, intersect, except
    negation: list[exp.Expression] = field(default_factory=list)
    numbers: list[tuple[float, exp.Expression]] = field(default_factory=list)
    strings: list[tuple[str, exp.Expression]] = field(default_factory=list)
    comparisons: list[tuple[str, float, exp.Expression]] = field(default_factory=list)  # (op, number, node)
    tables: set[str] = field(default_factory=set)
    subquery_minmax: bool = False  # col = (SELECT MAX/MIN ...)


_OPS = {exp.GT: ">", exp.GTE: ">=", exp.LT: "<", exp.LTE: "<=", exp.EQ: "=", exp.NEQ: "!="}
_FLIP = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "=": "=", "!=": "!="}


def _num(node) -> float | None:
    while isinstance(node, exp.Paren):  # LIMIT(2), (-1)
        node = node.this
    if isinstance(node, exp.Neg):
        v = _num(node.this)
        return -v if v is not None else None
    if isinstance(node, exp.Literal):
        try:
            return float(node.this)
        except ValueError:
            return None
    return None


def facts_of(tree) -> Facts | None:
    """What the query of ``tree`` does (None without a tree or for a statement that is no query)."""
    if tree is None or not isinstance(tree, (exp.Select, exp.SetOperation)):
        return None
    top = tree
    while isinstance(top, exp.SetOperation):
        top = top.this
    f = Facts(top if isinstance(top, exp.Select) else None)
    if f.top is not None:
        f.items = list(f.top.expressions)
        for it in f.items:
            for a in it.find_all(exp.AggFunc):
                if type(a).__name__ in _AGG:
                    f.top_aggs.add(_AGG[type(a).__name__])
        f.top_group = f.top.args.get("group") is not None
    order = tree.args.get("order") or (f.top.args.get("order") if f.top is not None else None)
    limit = tree.args.get("limit") or (f.top.args.get("limit") if f.top is not None else None)
    if order is not None and order.expressions:
        f.order = order
        f.order_desc = bool(order.expressions[0].args.get("desc"))
    if limit is not None:
        f.has_limit = True
        n = _num(limit.expression) if limit.expression is not None else None
        f.limit = int(n) if n is not None and math.isfinite(n) else None  # LIMIT 1e999 is no row count
    counts = {a.alias.lower() for a in tree.find_all(exp.Alias) if a.alias and _has_count(a.this)}
    for node in tree.walk():
        name = type(node).__name__
        if name in _AGG:
            f.all_aggs.add(_AGG[name])
        if isinstance(node, exp.Group):
            f.group = True
        elif isinstance(node, exp.Having):
            f.having = True
        elif isinstance(node, exp.Select) and node.args.get("distinct"):
            f.distinct = True
        elif isinstance(node, exp.SetOperation):
            f.setops.add(node.key.lower())
            if isinstance(node, exp.Except):
                f.negation.append(node)
        elif isinstance(node, (exp.Not, exp.NEQ)):
            f.negation.append(node)
        elif isinstance(node, exp.Table):
            f.tables.add(node.name.lower())
        elif isinstance(node, exp.Literal):
            if node.is_string:
                f.strings.append((node.this, node))
            else:
                v = _num(node)
                if v is not None:
                    f.numbers.append((v, node))
        elif isinstance(node, exp.Column) and not node.table and node.this.args.get("quoted"):
            f.strings.append((node.name, node))  # SQLite's "double-quoted" string (or a quoted column)
        if type(node) in _OPS:
            left, right = node.this, node.expression
            op = _OPS[type(node)]
            negated = _negated(node) or _case_condition(node)
            for side, other, o in ((right, left, op), (left, right, _FLIP[op])):
                v = _num(side)
                if v is not None:
                    f.comparisons.append((o, v, node))
                    if negated:  # "NOT IN (... WHERE population >= 25000000)": all populations < 25000000
                        f.comparisons.append((_NEGATE[o], v, node))
                if _has_count(other) or (isinstance(other, exp.Column) and other.name.lower() in counts):
                    f.count_compared = True
                if isinstance(side, exp.Subquery) and any(isinstance(a, (exp.Max, exp.Min)) for a in side.find_all(exp.AggFunc)):
                    f.subquery_minmax = True
        elif isinstance(node, exp.Between):
            lo, hi = _num(node.args.get("low")), _num(node.args.get("high"))
            negated = _negated(node) or _case_condition(node)
            for o, v in ((">=", lo), ("<=", hi)):
                if v is not None:
                    f.comparisons.append((o, v, node))
                    if negated:
                        f.comparisons.append((_NEGATE[o], v, node))
            if _has_count(node.this):
                f.count_compared = True
    return f


_NEGATE = {">": "<=", ">=": "<", "<": ">=", "<=": ">", "=": "!=", "!=": "="}


def _case_condition(node) -> bool:
    """Whether ``node`` is inside a CASE's WHEN condition: a chain of WHENs states each category by what the
    earlier ones left (``WHEN salary <= 50000 ... ELSE 'High'`` is the category ``> 50000``)."""
    child, parent = node, node.parent
    while parent is not None:
        if isinstance(parent, exp.If) and child is parent.this:
            return True
        child, parent = parent, parent.parent
    return False


def _negated(node) -> bool:
    """Whether ``node`` sits under an odd number of negations (NOT, NOT IN / NOT EXISTS subqueries, the right
    side of EXCEPT): its comparison then says the opposite of its operator about the rows returned."""
    flips, child, parent = 0, node, node.parent
    while parent is not None:
        if isinstance(parent, exp.Not) or (isinstance(parent, exp.Except) and child is parent.expression):
            flips += 1
        child, parent = parent, parent.parent
    return flips % 2 == 1


def _has_count(node) -> bool:
    return node is not None and any(isinstance(n, exp.Count) for n in node.walk())
