"""Data v3: the mistakes people and LLMs really make, as rewrites of a gold query (``docs/training-data.md``).

The categories are those of the hand-labelled real answers (``realworld_dev/B``'s README: wrong aggregate,
missing DISTINCT, wrong join key, missing/wrong LIMIT, comparison bound, NULL handling, wrong column, wrong
filter value, wrong GROUP BY, sort direction) and the published NL2SQL-Bugs taxonomy (attribute, table, value,
condition, function, clause, subquery, join, set-operation mistakes): only the category names are used, no
row of either. Each rewriter emits ``mistake.<category>`` candidates; whether one is a mistake is decided by
executing it against the gold (a mutant that returns the gold's rows is labelled correct), so every category
yields both labels and is balanced like the v2 rewrites.

Kinds: ``mistake.wrong_aggregate`` (AVG/SUM, MIN/MAX, SUM/COUNT swapped), ``mistake.count_distinct``
(``COUNT(x)`` against ``COUNT(DISTINCT x)``, ``COUNT(*)`` against ``COUNT(DISTINCT x)``),
``mistake.distinct`` (DISTINCT missing or extra), ``mistake.join_key`` (a join on another column of the same
table), ``mistake.join_no_condition`` (the ON condition left out), ``mistake.limit_no_order`` (LIMIT kept,
ORDER BY dropped), ``mistake.superlative_no_limit`` (ORDER BY kept, LIMIT dropped),
``mistake.bound`` (``>`` against ``>=``, ``<`` against ``<=``, BETWEEN as exclusive bounds),
``mistake.not_in_null`` (``NOT IN (subquery)`` against ``NOT EXISTS``: they differ when the subquery's column
holds NULL), ``mistake.outer_join_count`` (``COUNT(*)`` over a LEFT JOIN, ``COUNT(col)`` against ``COUNT(*)``),
``mistake.sibling_column`` (another column of the same table selected), ``mistake.value_case`` (a string
literal in another letter case), ``mistake.group_by`` (grouped by another column of the table, or by one more
column), ``mistake.sort_direction`` (ASC against DESC).
"""
from __future__ import annotations

from sqlintent_lab.model_export.synth.base import Context, _exp, _is_numeric, _join_eqs, _literal_filters, _table_names
from sqlintent_lab.model_export.synth.values import _find_same


def _emit(ctx: Context, kind: str, node, make) -> None:
    """Copy the gold, apply ``make`` to the copy of ``node`` (it returns a replacement node, or None after
    changing the copy in place), emit the result."""
    new = ctx.tree.copy()
    target = _find_same(new, node)
    repl = make(target)
    if repl is not None:
        if target is new:
            new = repl
        else:
            target.replace(repl)
    ctx.emit(f"mistake.{kind}", new)


def _pick(ctx: Context, items: list, n: int = 1) -> list:
    return ctx.rng.sample(items, min(n, len(items)))


_AGG_SWAP = {"Avg": ("Sum",), "Sum": ("Avg", "Count"), "Max": ("Min",), "Min": ("Max",)}


def aggregate_mistakes(ctx: Context) -> None:
    exp = _exp()
    aggs = [a for a in ctx.tree.find_all(exp.Avg, exp.Sum, exp.Max, exp.Min)]
    for a in _pick(ctx, aggs):
        to = ctx.rng.choice(_AGG_SWAP[type(a).__name__])
        _emit(ctx, "wrong_aggregate", a, lambda t, to=to: getattr(exp, to)(this=t.this.copy()))
    counts = list(ctx.tree.find_all(exp.Count))
    for c in _pick(ctx, counts):
        arg = c.this
        if isinstance(arg, exp.Distinct):
            _emit(ctx, "count_distinct", c, lambda t: exp.Count(this=t.this.expressions[0].copy()))
        elif isinstance(arg, exp.Column):
            _emit(ctx, "count_distinct", c, lambda t: exp.Count(this=exp.Distinct(expressions=[t.this.copy()])))
        elif isinstance(arg, exp.Star):
            sel = c.find_ancestor(exp.Select)
            tables = _table_names(sel) if sel is not None else []
            cols = [(t, col) for t in tables for col, _ in ctx.schema.columns.get(t, [])]
            if cols:
                t_, col = ctx.rng.choice(cols)
                _emit(ctx, "count_distinct", c,
                      lambda t, t_=t_, col=col: exp.Count(this=exp.Distinct(expressions=[exp.column(col, t_)])))


def distinct_mistakes(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    if t.args.get("distinct"):
        _emit(ctx, "distinct", t, lambda n: n.set("distinct", None))
    elif not any(isinstance(e.unalias(), exp.AggFunc) for e in t.expressions):
        _emit(ctx, "distinct", t, lambda n: n.set("distinct", exp.Distinct()))


def join_mistakes(ctx: Context) -> None:
    exp = _exp()
    for sel in ctx.tree.find_all(exp.Select):
        eqs = _join_eqs(sel)
        for (lt, lc), (rt, rc), j in _pick(ctx, eqs):
            # another column of the right-hand table with a compatible type
            want_num = _is_numeric(ctx.schema.ctype(rt, rc))
            others = [c for c, ty in ctx.schema.columns.get(rt, []) if c != rc and _is_numeric(ty) == want_num]
            if others:
                other = ctx.rng.choice(others)

                def swap(node, rt=rt, rc=rc, other=other):
                    for col in node.find_all(exp.Column):
                        if col.table.lower() == rt and col.name.lower() == rc:
                            col.replace(exp.column(other, rt))
                            break
                _emit(ctx, "join_key", j.args["on"], swap)
            _emit(ctx, "join_no_condition", j, lambda n: n.set("on", None))


def order_limit_mistakes(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    order, limit = t.args.get("order"), t.args.get("limit")
    if order is not None and limit is not None:
        _emit(ctx, "limit_no_order", t, lambda n: n.set("order", None))
        _emit(ctx, "superlative_no_limit", t, lambda n: n.set("limit", None))
    if order is not None:
        def flip(n):
            for o in n.args["order"].expressions:
                o.set("desc", not o.args.get("desc"))
                o.set("nulls_first", None)
        _emit(ctx, "sort_direction", t, flip)


_BOUND = {"GT": "GTE", "GTE": "GT", "LT": "LTE", "LTE": "LT"}


def bound_mistakes(ctx: Context) -> None:
    exp = _exp()
    comps = [c for c in ctx.tree.find_all(exp.GT, exp.GTE, exp.LT, exp.LTE)]
    for c in _pick(ctx, comps):
        to = getattr(exp, _BOUND[type(c).__name__])
        _emit(ctx, "bound", c, lambda n, to=to: to(this=n.this.copy(), expression=n.expression.copy()))
    for b in _pick(ctx, list(ctx.tree.find_all(exp.Between))):
        _emit(ctx, "bound", b, lambda n: exp.And(this=exp.GT(this=n.this.copy(), expression=n.args["low"].copy()),
                                                 expression=exp.LT(this=n.this.copy(),
                                                                   expression=n.args["high"].copy())))


def null_mistakes(ctx: Context) -> None:
    """``a NOT IN (SELECT b FROM ...)`` as ``NOT EXISTS (SELECT ... WHERE b = a)`` and the reverse: the same
    rows unless the subquery's column holds NULL (NOT IN is then empty)."""
    exp = _exp()
    for node in ctx.tree.find_all(exp.Not):
        inner = node.this
        if isinstance(inner, exp.In) and inner.args.get("query") is not None:
            sub = inner.args["query"].this if isinstance(inner.args["query"], exp.Subquery) else inner.args["query"]
            if not isinstance(sub, exp.Select) or len(sub.expressions) != 1:
                continue
            target = sub.expressions[0].unalias()
            if not isinstance(target, exp.Column):
                continue

            def to_exists(n, target=target):
                q = n.this.args["query"]
                s = (q.this if isinstance(q, exp.Subquery) else q).copy()
                cond = exp.EQ(this=target.copy(), expression=n.this.this.copy())
                s.set("expressions", [exp.Literal.number(1)])
                s.where(cond, copy=False)
                return exp.Not(this=exp.Exists(this=s))
            _emit(ctx, "not_in_null", node, to_exists)


def outer_join_mistakes(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select) or not t.args.get("joins"):
        return
    counts = list(t.find_all(exp.Count))
    if not counts:
        return
    joins = t.args["joins"]
    if all(not j.side for j in joins):
        def left(n):
            for j in n.args["joins"]:
                j.set("side", "LEFT")
        _emit(ctx, "outer_join_count", t, left)
    for c in counts:
        if isinstance(c.this, exp.Column):
            _emit(ctx, "outer_join_count", c, lambda n: exp.Count(this=exp.Star()))


def column_mistakes(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    cols = [e for e in t.expressions if isinstance(e, exp.Column) and e.table]
    for col in _pick(ctx, cols):
        table, name = col.table.lower(), col.name.lower()
        want_num = _is_numeric(ctx.schema.ctype(table, name))
        others = [c for c, ty in ctx.schema.columns.get(table, []) if c != name and _is_numeric(ty) == want_num]
        if others:
            other = ctx.rng.choice(others)
            _emit(ctx, "sibling_column", col, lambda n, other=other, table=table: exp.column(other, table))
    group = t.args.get("group")
    if group is not None:
        gcols = [g for g in group.expressions if isinstance(g, exp.Column) and g.table]
        for g in _pick(ctx, gcols):
            table, name = g.table.lower(), g.name.lower()
            others = [c for c, _ in ctx.schema.columns.get(table, []) if c != name]
            if others:
                other = ctx.rng.choice(others)
                _emit(ctx, "group_by", g, lambda n, other=other, table=table: exp.column(other, table))
        plain = [e for e in t.expressions if isinstance(e, exp.Column) and e.table
                 and all(e.sql() != g.sql() for g in group.expressions)]
        for e in _pick(ctx, plain):
            _emit(ctx, "group_by", group, lambda n, e=e: n.append("expressions", e.copy()))


def value_case_mistakes(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    strs = [(c, col, lit) for c, col, lit in _literal_filters(t) if lit.is_string and lit.this.strip()]
    for c, col, lit in _pick(ctx, strs):
        v = lit.this
        forms = [f for f in {v.lower(), v.upper(), v.title()} if f != v]
        if forms:
            form = ctx.rng.choice(sorted(forms))
            _emit(ctx, "value_case", lit, lambda n, form=form: exp.Literal.string(form))


MISTAKE_REWRITERS = (aggregate_mistakes, distinct_mistakes, join_mistakes, order_limit_mistakes, bound_mistakes,
                     null_mistakes, outer_join_mistakes, column_mistakes, value_case_mistakes)
