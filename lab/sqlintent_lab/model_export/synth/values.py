"""Rewrites of what a query compares and counts: literal values, filters, DISTINCT, aggregates (see
:mod:`sqlintent_lab.model_export.synth` for the kinds)."""
from __future__ import annotations

import re

from sqlintent_lab.model_export.synth.base import (
    Context, _and_all, _col, _conjuncts, _exp, _is_numeric, _join_eqs, _literal_filters, _table_names,
)


_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-\.]*")


def _question_forms(question: str, value: str) -> list[str]:
    """Spans of the question that look like ``value`` without being it (other case, suffix, plural)."""
    v = value.lower()
    words = _WORD.findall(question)
    out = []
    n = len(value.split())
    for size in {max(1, n), n + 1}:
        for i in range(len(words) - size + 1):
            span = " ".join(words[i:i + size]).strip(".'")
            s = span.lower()
            if span == value or not s:
                continue
            if s == v or (len(v) >= 4 and (s.startswith(v) or v.startswith(s)) and abs(len(s) - len(v)) <= 3):
                out.append(span)
    return list(dict.fromkeys(out))


def value_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    filters = [(c, col, lit) for c, col, lit in _literal_filters(t)]
    strs = [(c, col, lit) for c, col, lit in filters if lit.is_string and isinstance(c, exp.EQ)]
    if strs:
        c, col, lit = ctx.rng.choice(strs)
        value = lit.this
        forms = _question_forms(ctx.question, value)
        if not forms and value.lower() != value:
            forms = [value.lower()]
        if forms:
            form = ctx.rng.choice(forms)
            new = t.copy()
            if ctx.rng.random() < 0.5:
                _find_same(new, c).expression.replace(exp.Literal.string(form))
                ctx.emit("value.question_form", new)
            else:
                _find_same(new, c).replace(exp.Like(this=col.copy(), expression=exp.Literal.string(f"%{form}%")))
                ctx.emit("value.question_form_like", new)
        new = t.copy()
        node = _find_same(new, c)
        node.replace(exp.Like(this=col.copy(), expression=exp.Literal.string(f"%{value}%")))
        ctx.emit("value.like", new)
    if filters and ctx.probe is not None:
        c, col, lit = ctx.rng.choice(filters)
        others = ctx.probe.other_values(col.table.lower(), col.name.lower(), lit.this, 5)
        if others:
            v = ctx.rng.choice(others)
            new = t.copy()
            repl = exp.Literal.string(str(v)) if lit.is_string else exp.Literal.number(v) \
                if isinstance(v, (int, float)) else exp.Literal.string(str(v))
            _find_same(new, c).expression.replace(repl)
            ctx.emit("value.other_value", new)


def _find_same(tree, node):
    """The node of ``tree`` (a copy) at the same position as ``node`` in the original."""
    path = []
    cur = node
    while cur.parent is not None:
        path.append((cur.arg_key, cur.index))
        cur = cur.parent
    target = tree
    for key, idx in reversed(path):
        child = target.args[key]
        target = child[idx] if isinstance(child, list) else child
    return target


def filter_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    filters = _literal_filters(t)
    tables = _table_names(t)
    # the literal compared with another column (of the tables in scope) that holds it
    strs = [(c, col, lit) for c, col, lit in filters if lit.is_string and isinstance(c, exp.EQ)]
    if strs and ctx.probe is not None:
        c, col, lit = ctx.rng.choice(strs)
        here = (col.table.lower(), col.name.lower())
        cands = []
        for tb in dict.fromkeys(tables):
            for cn, ty in ctx.schema.columns.get(tb, []):
                if (tb, cn) != here and not _is_numeric(ty) and ctx.probe.holds(tb, cn, lit.this):
                    cands.append((tb, cn))
        if not cands:  # a sibling text column of the same table, even without the value
            cands = [(here[0], cn) for cn, ty in ctx.schema.columns.get(here[0], [])
                     if cn != here[1] and not _is_numeric(ty)][:3]
        if cands:
            new = t.copy()
            _find_same(new, c).this.replace(_col(*ctx.rng.choice(cands)))
            ctx.emit("filter.sibling_column", new)
    # across a join key
    eqs = {a: b for a, b, _ in _join_eqs(t)}
    eqs.update({b: a for a, b, _ in _join_eqs(t)})
    for c, col, lit in filters:
        key = (col.table.lower(), col.name.lower())
        if key in eqs:
            new = t.copy()
            _find_same(new, c).this.replace(_col(*eqs[key]))
            ctx.emit("filter.join_partner", new)
            break
    where = t.args.get("where")
    if where is not None:
        parts = _conjuncts(where.this)
        if len(parts) > 1:
            k = ctx.rng.randrange(len(parts))
            new = t.copy()
            new.set("where", exp.Where(this=_and_all([p.copy() for i, p in enumerate(parts) if i != k])))
            ctx.emit("filter.drop_condition", new)


def distinct_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    new = t.copy()
    if t.args.get("distinct"):
        new.set("distinct", None)
        ctx.emit("distinct.drop", new)
    elif not any(isinstance(e, exp.AggFunc) for i in t.expressions for e in i.find_all(exp.AggFunc)):
        new.set("distinct", exp.Distinct())
        ctx.emit("distinct.add", new)


def agg_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    for i, item in enumerate(t.expressions):
        if isinstance(item, exp.Count):
            inner = item.this
            tables = _table_names(t)
            if isinstance(inner, exp.Star) and tables:
                table = ctx.rng.choice(tables)
                cols = [c for c, _ in ctx.schema.columns.get(table, [])]
                if not cols:
                    return
                col = ctx.rng.choice(cols)
                distinct = ctx.rng.random() < 0.5
                arg = exp.Distinct(expressions=[_col(table, col)]) if distinct else _col(table, col)
            elif isinstance(inner, exp.Distinct):
                arg = inner.expressions[0].copy() if ctx.rng.random() < 0.5 else exp.Star()
            elif isinstance(inner, exp.Column):
                arg = exp.Distinct(expressions=[inner.copy()]) if ctx.rng.random() < 0.5 else exp.Star()
            else:
                return
            new = t.copy()
            new.expressions[i].replace(exp.Count(this=arg))
            ctx.emit("agg.count_variant", new)
            return
