"""``a AND b OR c`` without parentheses, where the OR was meant to bind ``b`` and ``c`` only.

What it does:
    Reads each condition whose OR has, on one side, AND-ed parts written without parentheses. It reads the
    OR as meant for its neighbouring part when the AND holds a join condition (``o.customer_id =
    c.customer_id AND o.status = 'shipped' OR o.status = 'pending'``) or when, the AND coming first, its
    last part and the other side of the OR compare the same column (``x = 1 AND y = 2 OR y = 3``). It then puts the
    parentheses there, runs the statement and the repair as read-only probes, and fires only when the two
    answers differ, saying by how many rows. Proof tier: it needs a database (probes on).

Why is this bad?
    AND binds tighter than OR, so ``j AND b OR c`` keeps every row that satisfies ``c`` alone: the join
    condition and the other filters no longer apply to them, and a join turns into every pairing.

Example:
    SELECT o.order_id FROM orders AS o, customers AS c WHERE o.customer_id = c.customer_id AND c.city = 'Boston' OR c.city = 'Austin'

Use instead:
    SELECT o.order_id FROM orders AS o, customers AS c WHERE o.customer_id = c.customer_id AND (c.city = 'Boston' OR c.city = 'Austin')

Fix safety:
    Parentheses around the OR and its neighbouring part (unsafe: the result changes, which is the point).
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report
from sqlintent.analyzers.signals_util.semantic import column_key, proof, replace_spans, unparen
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span
from sqlintent.sqlast import clause_span

DESCRIPTION = ("AND/OR precedence: AND binds tighter than OR, so the OR's other side escapes the join condition "
               "and filters AND-ed before it.")


def check(ctx: StatementContext):
    tree = ctx.tree
    if tree is None or ctx.database is None:
        return
    for top in tree.find_all(exp.Or):
        if isinstance(top.parent, exp.Or):
            continue  # the top of an OR chain only
        parts = _disjuncts(top)
        if len(parts) < 2:
            continue
        first, last = parts[0], parts[-1]
        if isinstance(first, exp.And) and not any(isinstance(p, exp.And) for p in parts[1:]):
            ands = _chain(first)
            near, others, rest = ands[-1], ands[:-1], parts[1:]
            opening_at, closing_after = near, top
        elif isinstance(last, exp.And) and not any(isinstance(p, exp.And) for p in parts[:-1]):
            ands = _chain(last)
            near, others, rest = ands[0], ands[1:], parts[:-1]
            opening_at, closing_after = top, near
        else:
            continue
        # a join condition in the AND: the OR was never meant to escape it. The same column on both sides of
        # the OR reads as one list of values only after the AND (``x = 1 AND y = 2 OR y = 3``): written first
        # (``y = 3 OR y = 2 AND x = 1``) it may mean what it says ("houses, or flats with two rooms")
        if not (any(_join_predicate(p) for p in others) or (opening_at is near and _same_column(near, rest))):
            continue
        a, b = clause_span(ctx.sql, opening_at), clause_span(ctx.sql, closing_after)
        if a is None or b is None or b.end <= a.start:
            continue
        edits = [(Span(a.start, a.start), "("), (Span(b.end, b.end), ")")]
        repaired = replace_spans(ctx.sql, edits)
        diff = proof(ctx, RULE, repaired)
        if diff is None:
            continue
        span = clause_span(ctx.sql, top) or ctx.whole_span()
        fix = Fix("Put parentheses around the OR", tuple(Edit(s, t) for s, t in edits), FixSafety.UNSAFE)
        report = error_report(RULE, DESCRIPTION, [("OR", span)], "Put parentheses around the OR and the part it joins")
        yield ctx.finding(RULE, span, f"AND binds tighter than OR here; with parentheses around the OR "
                          f"{diff.describe('the parenthesised one')}", confidence=confidence(0.85), fix=fix,
                          report=report, data={"proof": True, "difference": diff.to_dict()})
        return


def _disjuncts(node: exp.Expression) -> list[exp.Expression]:
    return _flat(node, exp.Or)


def _chain(node: exp.Expression) -> list[exp.Expression]:
    """An AND chain's parts as written (a parenthesised part is one part)."""
    return _flat(node, exp.And)


def _flat(node: exp.Expression, kind) -> list[exp.Expression]:
    out, stack = [], [node]
    while stack:  # iterative: a long chain is a deep tree
        n = stack.pop()
        if isinstance(n, kind):
            stack.extend((n.expression, n.this))
        else:
            out.append(n)
    return out


def _join_predicate(node: exp.Expression) -> bool:
    node = unparen(node)
    if not isinstance(node, exp.EQ):
        return False
    left, right = unparen(node.this), unparen(node.expression)
    return isinstance(left, exp.Column) and isinstance(right, exp.Column) and bool(left.table) \
        and bool(right.table) and left.table.lower() != right.table.lower()


def _columns(node: exp.Expression) -> set[tuple[str, str]]:
    node = unparen(node)
    if isinstance(node, (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like, exp.ILike, exp.In,
                         exp.Between, exp.Is)):
        return {column_key(c) for c in node.find_all(exp.Column)}
    return set()


def _same_column(near: exp.Expression, rest: list[exp.Expression]) -> bool:
    mine = _columns(near)
    return bool(mine) and len(mine) == 1 and all(_columns(p) == mine for p in rest)


RULE = Rule("SIE004", "and-or-precedence", check, __doc__, Severity.INFO, needs=frozenset({"database"}))
