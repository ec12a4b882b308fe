"""A comparison the intent states ("more than 10", "at least 3", "before 1990") that the query writes with
another number or another operator.

What it does:
    For each comparison the intent model reads (an operator word and a number), looks for the number among
    the query's literals. The rule fires when the number appears nowhere in the query, or appears only in
    comparisons whose operator differs from the intent's ("more than 3" written ``>= 3``). "between 3 and
    5" needs both ends. Comparisons on a count of members ("with more than 2 car makers") are left to
    SIL004. The finding quotes the intent's words. Needs an intent. With a database, an operator mismatch
    is proved: the query with the intent's operator runs beside it as a read-only probe, and the rule reports
    only when the two answers differ (saying how); without one the pattern alone reports.

Why is this bad?
    The boundary of a filter is where off-by-one errors live: ``>=`` for "more than" keeps the boundary rows,
    and a number copied wrong filters on a different threshold than the one asked.

Example:
    -- intent: products that cost more than 79
    SELECT name FROM products WHERE price >= 79

Use instead:
    -- intent: products that cost more than 79
    SELECT name FROM products WHERE price > 79

Fix safety:
    When the number is there with another operator, the operator is replaced by the one the intent states
    (unsafe: it changes the rows at the boundary).
"""
from __future__ import annotations

from sqlglot import exp

from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.signals_util.report import confidence, error_report, span_of
from sqlintent.analyzers.signals_util.rewrite import compare_answers
from sqlintent.findings import Edit, Fix, FixSafety, Severity, Span
from sqlintent.analyzers.signals_util.alignment import word_span_data
from sqlintent.intent.align import intent_of
from sqlintent.sqlast import node_span

DESCRIPTION = ("Comparison mismatch: the intent states a comparison (operator and number) that no comparison "
               "of the query makes.")


def check(ctx: StatementContext):
    intent = intent_of(ctx)
    f = ctx.intent_facts
    if intent is None or f is None or not intent.comparisons:
        return
    numbers = {v for v, _ in f.numbers}
    strings = " ".join(s for s, _ in f.strings)
    for c in intent.comparisons:
        if c.counted:
            continue
        if _existence(c) and not f.count_compared:
            continue  # "at least one booking": a join, EXISTS or IN states it; only a count compared can differ
        found = []  # per number of the intent, the reading the query writes (None: none of them)
        for i in range(len(c.numbers)):
            reads = c.readings_of(i)
            found.append(next((n for n in reads if n in numbers or _text(n) in strings
                               or any(_same(c.op, n, op, v) for op, v, _ in f.comparisons)), None))
        if None in found:
            missing = c.numbers[found.index(None)]
            span = _where_span(ctx, f)
            report = error_report(RULE, DESCRIPTION, [("filter", span)],
                                  f"The intent says '{c.words}': compare with {_text(missing)}")
            yield ctx.finding(RULE, span, f"the intent says '{c.words}' but the query never uses "
                              f"{_text(missing)}", confidence=confidence(0.65), report=report,
                              data={**word_span_data(c), "kind": "number", "op": c.op})
            continue
        if c.op == "between":
            continue
        n = found[0]
        used = [(op, node) for op, v, node in f.comparisons if v == n]
        if any(_same(c.op, n, op, v) for op, v, _ in f.comparisons):
            continue
        if used:
            op, node = used[0]
            span = span_of(ctx.sql, node, ctx.whole_span())
            negated = sum(1 for _o, v, other in f.comparisons if other is node and v == n) > 1
            # under NOT the operator reads reversed; a BETWEEN has no operator to replace
            fix = None if negated or isinstance(node, exp.Between) else _op_fix(ctx, node, op, c.op)
            proof = _prove(ctx, node, c.op, negated)
            if proof is not None and not proof.differ:
                continue  # the repair returns the same rows here: the boundary holds no row (measured, issue 39)
            shown = f"; {proof.words(f'{c.op} {_text(n)}')}" if proof is not None else ""
            report = error_report(RULE, DESCRIPTION, [("comparison", span)],
                                  f"The intent says '{c.words}': use {c.op} {_text(n)}")
            if negated:  # NOT IN (... WHERE x > n): the rows kept have x <= n
                op = next((o for o, v, other in f.comparisons if other is node and v == n and o != op), op)
            yield ctx.finding(RULE, span, f"the intent says '{c.words}' ({c.op}) but the query compares "
                              f"{op} {_text(n)}{' under a negation' if negated else ''}{shown}", confidence=confidence(0.8 if proof else 0.7),
                              report=report, fix=fix,
                              data={**word_span_data(c), "kind": "operator", "op": c.op, "query_op": op,
                                    "tier": "proof" if proof is not None else "pattern"})


def _existence(c) -> bool:
    """"at least one", "one or more", "more than zero": asks that something exists."""
    return (c.op == ">=" and c.numbers == (1.0,)) or (c.op == ">" and c.numbers == (0.0,))


def _norm(op: str, n: float) -> tuple[str, float]:
    """Integer comparisons in one form: > n is >= n+1, < n is <= n-1."""
    if float(n).is_integer():
        if op == ">":
            return ">=", n + 1
        if op == "<":
            return "<=", n - 1
    return op, n


def _same(op1: str, n1: float, op2: str, n2: float) -> bool:
    return _norm(op1, n1) == _norm(op2, n2)


def _text(n: float) -> str:
    return str(int(n)) if float(n).is_integer() else str(n)


def _where_span(ctx, f) -> Span:
    for node in (f.top.args.get("where") if f.top is not None else None,
                 f.top.args.get("having") if f.top is not None else None):
        if node is not None:
            return span_of(ctx.sql, node.this, ctx.whole_span())
    return ctx.whole_span()


_CLASS = {">": exp.GT, ">=": exp.GTE, "<": exp.LT, "<=": exp.LTE, "=": exp.EQ}


_NEGATED = {">": "<=", ">=": "<", "<": ">=", "<=": ">"}


def _prove(ctx, node, intent_op: str, negated: bool = False):
    """The query's rows against those of the query with the intent's operator (an AnswerDiff), when a
    database can run both; None otherwise (no database, probes refused or cut, not a plain comparison).
    Under a negation (``NOT IN (... WHERE x > n)``) the comparison written is the negated intent's."""
    if negated:
        if intent_op not in _NEGATED or isinstance(node, exp.Between):
            return None
        intent_op = _NEGATED[intent_op]
    if ctx.database is None or type(node) not in (*_CLASS.values(), exp.Between) or intent_op not in _CLASS:
        return None
    at = next((i for i, n in enumerate(ctx.tree.walk()) if n is node), None)
    if at is None:
        return None
    changed = ctx.tree.copy()
    target = next((n for i, n in enumerate(changed.walk()) if i == at), None)
    if target is None or type(target) is not type(node):
        return None
    if isinstance(target, exp.Between):  # "more than 3000" written BETWEEN 3000 AND 4000: that end made strict
        low, high = target.args.get("low"), target.args.get("high")
        if low is None or high is None or intent_op in ("=",):
            return None
        col = target.this
        if intent_op in (">", ">="):
            repl = exp.and_(_CLASS[intent_op](this=col.copy(), expression=low.copy()),
                            exp.LTE(this=col.copy(), expression=high.copy()))
        else:
            repl = exp.and_(exp.GTE(this=col.copy(), expression=low.copy()),
                            _CLASS[intent_op](this=col.copy(), expression=high.copy()))
        target.replace(exp.Paren(this=repl))
        return compare_answers(ctx, RULE, changed)
    flipped = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "=": "="}
    new = intent_op if isinstance(target.expression, (exp.Literal, exp.Neg)) else flipped[intent_op]
    target.replace(_CLASS[new](this=target.this.copy(), expression=target.expression.copy()))
    return compare_answers(ctx, RULE, changed)


def _op_fix(ctx, node, query_op: str, intent_op: str) -> Fix | None:
    """Replace the operator between the two operands' text, when it is written plainly between them."""
    left, right = node_span(node.this), node_span(node.expression)
    if left is None or right is None or left.end >= right.start:
        return None
    between = ctx.sql[left.end:right.start]
    flipped = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "=": "="}
    written = between.strip().rstrip("(").strip()
    if written not in (">", ">=", "<", "<=", "="):
        return None
    # the intent's operator as seen from the column's side: if the literal is on the left, flip it
    new = intent_op if isinstance(node.expression, (exp.Literal, exp.Neg)) else flipped[intent_op]
    at = left.end + between.index(written)
    return Fix(f"Use {new}", (Edit(Span(at, at + len(written)), new),), FixSafety.UNSAFE)


RULE = Rule("SIL003", "comparison-mismatch", check, __doc__, Severity.INFO, needs=frozenset({"intent"}))
