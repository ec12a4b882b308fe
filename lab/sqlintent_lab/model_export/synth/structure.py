"""Rewrites of a query's shape: joins, set operations, subqueries, superlatives, grouping, the selected
columns (see :mod:`sqlintent_lab.model_export.synth` for the kinds)."""
from __future__ import annotations

import re

from sqlintent_lab.model_export.synth.base import (
    Context, _and_all, _col, _conjuncts, _exp, _is_numeric, _is_plain_select, _join_eqs, _own_columns,
    _parse, _table_names,
)


def join_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not _is_plain_select(t):
        return
    tables = _table_names(t)
    # extra parent / child along a foreign key
    parents = [(c, p) for c, p in ctx.schema.fks if c[0] in tables and p[0] not in tables]
    children = [(c, p) for c, p in ctx.schema.fks if p[0] in tables and c[0] not in tables]
    if parents:
        (ct, cc), (pt, pc) = ctx.rng.choice(parents)
        ctx.emit("join.extra_parent", t.join(pt, on=f"{ct}.{cc} = {pt}.{pc}", dialect="sqlite", copy=True))
    if children:
        (ct, cc), (pt, pc) = ctx.rng.choice(children)
        ctx.emit("join.extra_child", t.join(ct, on=f"{pt}.{pc} = {ct}.{cc}", dialect="sqlite", copy=True))
    # drop a table used only through its join condition
    joins = t.args.get("joins") or []
    for idx, j in enumerate(joins):
        if not isinstance(j.this, exp.Table):
            continue
        name = j.this.name.lower()
        uses = [c for c in t.find_all(exp.Column) if (c.table or "").lower() == name]
        on_uses = list(j.find_all(exp.Column)) if j.args.get("on") is not None else []
        on_uses = [c for c in on_uses if (c.table or "").lower() == name]
        if len(uses) != len(on_uses):
            continue
        others = [jj for k, jj in enumerate(joins) if k != idx]
        if any((c.table or "").lower() == name for jj in others for c in jj.find_all(exp.Column)):
            continue
        new = t.copy()
        new.args["joins"].pop(idx)
        if not new.args["joins"]:
            new.set("joins", None)
        ctx.emit("join.drop", new)
        break
    # join on another key pair
    eqs = _join_eqs(t)
    if eqs:
        (lt, lc), (rt, rc), _ = ctx.rng.choice(eqs)
        numeric = _is_numeric(ctx.schema.ctype(lt, lc))
        alts = [c for c, ty in ctx.schema.columns.get(lt, []) if c != lc and _is_numeric(ty) == numeric
                and (c in ctx.schema.pks.get(lt, []) or any(f[0] == (lt, c) for f in ctx.schema.fks) or
                     c.endswith("id"))]
        if alts:
            alt = ctx.rng.choice(alts)
            sql = ctx.gold_sql
            pat = re.compile(rf"\b{re.escape(lt)}\.{re.escape(lc)}\s*=\s*{re.escape(rt)}\.{re.escape(rc)}\b|"
                             rf"\b{re.escape(rt)}\.{re.escape(rc)}\s*=\s*{re.escape(lt)}\.{re.escape(lc)}\b")
            new_sql, n = pat.subn(f"{lt}.{alt} = {rt}.{rc}", sql, count=1)
            if n:
                ctx.emit("join.wrong_key", new_sql)


def setop_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if isinstance(t, exp.SetOperation):
        left, right = t.this, t.expression
        if isinstance(left, exp.Select) and isinstance(right, exp.Select):
            keep = ctx.rng.choice([left, right]) if not isinstance(t, exp.Except) else left
            ctx.emit("setop.drop_branch", keep.copy())
            lw, rw = left.args.get("where"), right.args.get("where")
            simple_from = _table_names(left) == _table_names(right) and \
                [e.sql() for e in left.expressions] == [e.sql() for e in right.expressions] and \
                not left.args.get("group") and not right.args.get("group")
            if simple_from and lw is not None and rw is not None and isinstance(t, (exp.Intersect, exp.Union)):
                new = left.copy()
                cond = exp.And if isinstance(t, exp.Intersect) else exp.Or
                new.set("where", exp.Where(this=cond(this=exp.Paren(this=lw.this.copy()),
                                                     expression=exp.Paren(this=rw.this.copy()))))
                if isinstance(t, exp.Union) and t.args.get("distinct", True):
                    new.set("distinct", exp.Distinct())
                kind = "setop.intersect_to_and" if isinstance(t, exp.Intersect) else "setop.union_to_or"
                ctx.emit(kind, new)
            if isinstance(t, exp.Except) and len(left.expressions) == 1 and len(right.expressions) == 1:
                col = left.expressions[0]
                if isinstance(col, exp.Column):
                    new = left.copy()
                    sub = exp.Not(this=exp.In(this=col.copy(), query=exp.Subquery(this=right.copy())))
                    new = new.where(sub, copy=False)
                    ctx.emit("setop.except_to_not_in", new)
        return
    if not isinstance(t, exp.Select) or t.args.get("group") or t.args.get("order"):
        return
    where = t.args.get("where")
    if where is None:
        return
    cond = where.this
    while isinstance(cond, exp.Paren):
        cond = cond.this
    if isinstance(cond, exp.And):
        parts = _conjuncts(cond)
        k = ctx.rng.randrange(1, len(parts))
        a, b = t.copy(), t.copy()
        a.set("where", exp.Where(this=_and_all([p.copy() for p in parts[:k]])))
        b.set("where", exp.Where(this=_and_all([p.copy() for p in parts[k:]])))
        a.set("distinct", None)
        b.set("distinct", None)
        ctx.emit("setop.and_to_intersect", exp.Intersect(this=a, expression=b, distinct=True))
    elif isinstance(cond, exp.Or):
        a, b = t.copy(), t.copy()
        a.set("where", exp.Where(this=cond.this.copy()))
        b.set("where", exp.Where(this=cond.expression.copy()))
        a.set("distinct", None)
        b.set("distinct", None)
        ctx.emit("setop.or_to_union", exp.Union(this=a, expression=b, distinct=True))


def subquery_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    where = t.args.get("where")
    # IN (SELECT u.y FROM u WHERE ...) -> JOIN u ON x = u.y WHERE ...
    if where is not None and _is_plain_select(t):
        for c in _conjuncts(where.this):
            if isinstance(c, exp.In) and c.args.get("query") is not None and isinstance(c.this, exp.Column):
                sub = c.args["query"].this if isinstance(c.args["query"], exp.Subquery) else c.args["query"]
                if not (_is_plain_select(sub) and len(sub.expressions) == 1 and
                        isinstance(sub.expressions[0], exp.Column) and not sub.args.get("group")
                        and not sub.args.get("limit")):
                    continue
                if set(_table_names(sub)) & set(_table_names(t)):
                    continue
                new = t.copy()
                rest = [x.copy() for x in _conjuncts(where.this) if x is not c]
                sub_where = sub.args.get("where")
                if sub_where is not None:
                    rest.extend(x.copy() for x in _conjuncts(sub_where.this))
                base = new
                frm = sub.args.get("from_") or sub.args.get("from")
                on = exp.EQ(this=c.this.copy(), expression=sub.expressions[0].copy())
                base = base.join(frm.this.copy(), on=on, copy=False)
                for j in sub.args.get("joins") or []:
                    base.append("joins", j.copy())
                base.set("where", exp.Where(this=_and_all(rest)) if rest else None)
                ctx.emit("subq.in_to_join", base)
                break
    # JOIN u ON t.x = u.y with u used only to filter -> t.x IN (SELECT u.y FROM u WHERE ...)
    if _is_plain_select(t) and len(t.args.get("joins") or []) == 1 and where is not None:
        eqs = _join_eqs(t)
        if len(eqs) != 1:
            return
        names = _table_names(t)
        for u in (names[1], names[0]):
            new = _join_to_in(t, u, names, eqs[0], where)
            if new is not None:
                ctx.emit("subq.join_to_in", new)
                return


def _join_to_in(t, u: str, names: list[str], eq, where):
    exp = _exp()
    a, b, _ = eq
    mine, theirs = (a, b) if b[0] == u else (b, a)
    if theirs[0] != u or mine[0] == u:
        return None
    outside = [c for key in ("group", "order", "having") for node in [t.args.get(key)] if node is not None
               for c in node.find_all(exp.Column) if (c.table or "").lower() == u]
    outside += [c for e in t.expressions for c in e.find_all(exp.Column) if (c.table or "").lower() == u]
    if outside:
        return None
    conds = _conjuncts(where.this)
    u_conds = [c for c in conds if list(c.find_all(exp.Column))
               and all((x.table or "").lower() == u for x in c.find_all(exp.Column))]
    t_conds = [c for c in conds if c not in u_conds]
    if not u_conds or any((x.table or "").lower() == u for c in t_conds for x in c.find_all(exp.Column)):
        return None
    sub = f"SELECT {theirs[0]}.{theirs[1]} FROM {u} WHERE " + " AND ".join(c.sql(dialect="sqlite") for c in u_conds)
    other = mine[0]
    in_cond = _parse(f"SELECT 1 FROM x WHERE {mine[0]}.{mine[1]} IN ({sub})").args["where"].this
    new = t.copy()
    new.set("joins", None)
    key = "from_" if "from_" in new.args else "from"
    new.set(key, exp.From(this=exp.to_table(other)))
    new.set("where", exp.Where(this=_and_all([c.copy() for c in t_conds] + [in_cond])))
    return new


def superlative_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    order, limit = t.args.get("order"), t.args.get("limit")
    if order is not None and limit is not None and len(order.expressions) == 1 and not t.args.get("group"):
        lim = limit.args.get("expression")
        o = order.expressions[0]
        key = o.this
        if isinstance(lim, exp.Literal) and lim.this == "1" and isinstance(key, exp.Column) and _is_plain_select(t):
            agg = "MAX" if o.args.get("desc") else "MIN"
            sub = t.copy()
            sub.set("order", None)
            sub.set("limit", None)
            sub.set("distinct", None)
            sub.set("expressions", [exp.Anonymous(this=agg, expressions=[key.copy()])])
            new = t.copy()
            new.set("order", None)
            new.set("limit", None)
            new = new.where(exp.EQ(this=key.copy(), expression=exp.Subquery(this=sub)), copy=False)
            ctx.emit("superl.limit_to_minmax", new)
    where = t.args.get("where")
    if where is not None and order is None:
        for c in _conjuncts(where.this):
            if isinstance(c, exp.EQ) and isinstance(c.this, exp.Column) and isinstance(c.expression, exp.Subquery):
                sub = c.expression.this
                if isinstance(sub, exp.Select) and len(sub.expressions) == 1 and \
                        isinstance(sub.expressions[0], (exp.Max, exp.Min)) and not sub.args.get("where"):
                    desc = isinstance(sub.expressions[0], exp.Max)
                    new = t.copy()
                    rest = [x.copy() for x in _conjuncts(where.this) if x is not c]
                    new.set("where", exp.Where(this=_and_all(rest)) if rest else None)
                    new.set("order", exp.Order(expressions=[exp.Ordered(this=c.this.copy(), desc=desc)]))
                    new.set("limit", exp.Limit(expression=exp.Literal.number(1)))
                    ctx.emit("superl.minmax_to_limit", new)
                    break


def group_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select) or t.args.get("group") is None:
        return
    keys = t.args["group"].expressions
    if len(keys) != 1 or not isinstance(keys[0], exp.Column) or not keys[0].table:
        return
    table, col = keys[0].table.lower(), keys[0].name.lower()
    name = ctx.schema.name_column(table)
    pk = (ctx.schema.pks.get(table) or [None])[0]
    if pk and col == pk and name:
        new = t.copy()
        new.args["group"].expressions[0].replace(_col(table, name))
        ctx.emit("group.id_to_name", new)
    elif name and col == name and pk:
        new = t.copy()
        new.args["group"].expressions[0].replace(_col(table, pk))
        ctx.emit("group.name_to_id", new)
    else:
        # grouping by a joined key instead of this one (t.id against child.t_id)
        for a, b, _ in _join_eqs(t):
            other = b if a == (table, col) else a if b == (table, col) else None
            if other is not None:
                new = t.copy()
                new.args["group"].expressions[0].replace(_col(*other))
                ctx.emit("group.name_to_id" if name and col == name else "group.join_partner", new)
                break


def select_rewrites(ctx: Context) -> None:
    exp = _exp()
    t = ctx.tree
    if not isinstance(t, exp.Select):
        return
    items = t.expressions
    tables = _table_names(t)
    if len(items) > 1 and not t.args.get("group"):
        new = t.copy()
        new.expressions.pop(ctx.rng.randrange(len(items)))
        ctx.emit("select.drop_column", new)
    if tables and not any(isinstance(i, exp.Star) for i in items):
        table = ctx.rng.choice(tables)
        present = {c.name.lower() for c in _own_columns(t, t)}
        pk = (ctx.schema.pks.get(table) or [None])[0]
        name = ctx.schema.name_column(table)
        cands = [c for c in (name, pk) if c and c not in present]
        if cands and not t.args.get("group"):
            new = t.copy()
            new.set("expressions", [e.copy() for e in items] + [_col(table, ctx.rng.choice(cands))])
            ctx.emit("select.add_column", new)
    # the other side of a join key, in the select list
    eqs = {a: b for a, b, _ in _join_eqs(t)}
    eqs.update({b: a for a, b, _ in _join_eqs(t)})
    for i, item in enumerate(items):
        if isinstance(item, exp.Column) and item.table and (item.table.lower(), item.name.lower()) in eqs:
            other = eqs[(item.table.lower(), item.name.lower())]
            new = t.copy()
            new.expressions[i].replace(_col(*other))
            ctx.emit("select.join_partner", new)
            break
