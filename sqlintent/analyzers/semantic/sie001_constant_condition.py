"""A condition that is always false (``x = 1 AND x = 2``) or always true (``x = x``, ``x > 1 OR x <= 1``).

What it does:
    Reads each WHERE, ON and HAVING condition. It fires when the AND-ed comparisons of one column with
    constants cannot all hold (two different values for ``=``, an empty range such as ``x > 5 AND x < 3``,
    ``BETWEEN 10 AND 5``, ``x = 1 AND x <> 1``), or when a comparison cannot fail for a row whose value is
    known: a column compared with itself (``x = x``), or two complementary comparisons OR-ed together
    (``x > 1 OR x <= 1``). Strings are compared only when they differ in more than letter case, and
    numbers with numbers; a constant-only condition (``WHERE 1 = 1``, a query builder's idiom) is left alone.
    Pattern tier: it needs no database.

Why is this bad?
    A contradiction returns no row (or, in an ON, no match) whatever the data: usually ``AND`` written
    where ``OR`` or ``IN`` was meant ("orders shipped to Oslo and Bergen"). A tautology filters nothing but
    NULLs: the condition the author meant to write is missing.

Example:
    SELECT name FROM customers WHERE city = 'Boston' AND city = 'Austin'

Use instead:
    SELECT name FROM customers WHERE city = 'Boston' OR city = 'Austin'

Fix safety:
    No automatic fix: which condition was meant is for the author to say.
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import NO_VALUE, column_key, conjuncts, literal_value, unparen
from sqlintent.findings import Severity, Span
from sqlintent.sqlast import clause_span

DESCRIPTION = ("Constant condition: a condition that no row can satisfy, or that every row with a value "
               "satisfies, whatever the data.")
_FLIP = {exp.GT: exp.LT, exp.LT: exp.GT, exp.GTE: exp.LTE, exp.LTE: exp.GTE, exp.EQ: exp.EQ, exp.NEQ: exp.NEQ}
_MAX_PER_COLUMN = 16
_COMPLEMENT = {(exp.GT, exp.LTE), (exp.LT, exp.GTE), (exp.EQ, exp.NEQ)}


def check(ctx: StatementContext):
    tree = ctx.tree
    if tree is None:
        return
    conditions = [w.this for w in tree.find_all(exp.Where, exp.Having)]
    conditions += [j.args["on"] for j in tree.find_all(exp.Join) if j.args.get("on") is not None]
    for cond in conditions:
        found = _contradiction(cond) or _tautology(cond)
        if found is None:
            continue
        nodes, what = found
        spans = [s for s in (clause_span(ctx.sql, n) for n in nodes) if s is not None]
        span = Span(min(s.start for s in spans), max(s.end for s in spans)) if spans else ctx.whole_span()
        report = error_report(RULE, DESCRIPTION, [("condition", span)],
                              "Write the condition meant: OR or IN for several values, the other column or value "
                              "for a comparison with itself")
        yield ctx.finding(RULE, span, what, confidence=confidence(0.9), report=report, data={"proof": False})
        return


def _comparison(node: exp.Expression):
    """(column, operator class, value) for ``column <op> literal`` either way round, else None."""
    node = unparen(node)
    op = type(node)
    if op not in _FLIP:
        return None
    left, right = unparen(node.this), unparen(node.expression)
    if isinstance(left, exp.Column) and literal_value(right) is not NO_VALUE:
        return left, op, literal_value(right)
    if isinstance(right, exp.Column) and literal_value(left) is not NO_VALUE:
        return right, _FLIP[op], literal_value(left)
    return None


def _comparable(a, b) -> bool:
    num = (int, float)
    return (isinstance(a, num) and isinstance(b, num)) or (isinstance(a, str) and isinstance(b, str))


def _different(a, b) -> bool:
    if isinstance(a, str):
        return a.strip().lower() != b.strip().lower()
    return a != b


def _contradiction(cond: exp.Expression):
    by_col: dict[tuple[str, str], list] = {}
    for part in conjuncts(cond):
        if isinstance(part, exp.Between):
            lo, hi = literal_value(part.args.get("low")), literal_value(part.args.get("high"))
            if isinstance(unparen(part.this), exp.Column) and isinstance(lo, (int, float)) \
                    and isinstance(hi, (int, float)) and lo > hi:
                return [part], f"BETWEEN {lo} AND {hi} is always false: the lower bound is above the upper one"
            continue
        c = _comparison(part)
        if c is not None:
            by_col.setdefault(column_key(c[0]), []).append((part, c[1], c[2]))
    for (_, name), items in by_col.items():
        items = items[:_MAX_PER_COLUMN]  # pairs of a few: a hostile file's thousand comparisons stay linear
        for i, (n1, op1, v1) in enumerate(items):
            for n2, op2, v2 in items[i + 1:]:
                if _comparable(v1, v2) and _excludes(op1, v1, op2, v2):
                    return [n1, n2], (f"{n1.sql()} AND {n2.sql()} is always false: no value of {name} satisfies "
                                      "both")
    return None


def _excludes(op1, v1, op2, v2) -> bool:
    if op1 is exp.EQ and op2 is exp.EQ:
        return _different(v1, v2)
    if {op1, op2} == {exp.EQ, exp.NEQ}:
        return v1 == v2
    if isinstance(v1, str) or isinstance(v2, str):
        return False  # string ranges depend on the collation
    if op1 is exp.EQ:
        return not _holds(op2, v1, v2)
    if op2 is exp.EQ:
        return not _holds(op1, v2, v1)
    lo = [(v, op) for v, op in ((v1, op1), (v2, op2)) if op in (exp.GT, exp.GTE)]
    hi = [(v, op) for v, op in ((v1, op1), (v2, op2)) if op in (exp.LT, exp.LTE)]
    if len(lo) == 1 and len(hi) == 1:
        (lv, lop), (hv, hop) = lo[0], hi[0]
        return lv > hv or (lv == hv and (lop is exp.GT or hop is exp.LT))
    return False


def _holds(op, value, bound) -> bool:
    return {exp.GT: value > bound, exp.GTE: value >= bound, exp.LT: value < bound, exp.LTE: value <= bound,
            exp.NEQ: value != bound}.get(op, True)


def _tautology(cond: exp.Expression):
    for node in cond.find_all(exp.EQ, exp.GTE, exp.LTE, exp.Or):
        if isinstance(node, exp.Or):
            a, b = _comparison(node.this), _comparison(node.expression)
            if a and b and column_key(a[0]) == column_key(b[0]) and _comparable(a[2], b[2]) and a[2] == b[2] \
                    and ((a[1], b[1]) in _COMPLEMENT or (b[1], a[1]) in _COMPLEMENT):
                return [node], f"{node.sql()} is true for every row where {a[0].name} has a value"
            continue
        left, right = unparen(node.this), unparen(node.expression)
        if isinstance(left, exp.Column) and isinstance(right, exp.Column) and left.table \
                and column_key(left) == column_key(right) or (
                isinstance(left, exp.Column) and isinstance(right, exp.Column) and not left.table
                and not right.table and left.name.lower() == right.name.lower()):
            if isinstance(node.parent, exp.Join) or _in_join_on(node):
                continue  # a degenerate join condition: SIE003
            return [node], f"{node.sql()} compares a column with itself: true for every row where it has a value"
    return None


def _in_join_on(node: exp.Expression) -> bool:
    p = node.parent
    while p is not None and not isinstance(p, (exp.Select, exp.Where, exp.Having)):
        if isinstance(p, exp.Join):
            return True
        p = p.parent
    return False


RULE = Rule("SIE001", "constant-condition", check, __doc__, Severity.INFO)
