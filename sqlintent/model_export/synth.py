"""Structural, value-grounded rewrites of gold queries: the synthetic half of the detector's training data.

Naive edits (swap a column, flip an operator) teach a detector which edit was made, not whether a query fits
its question (``docs/DETECTOR.md`` of the shared material: AUC 0.46-0.48 on real parser output). The rewrites
here imitate what real parsers get wrong, and most of them are *sometimes* right: whether a rewrite still
answers the question depends on the data, so every candidate is labelled by execution against the gold, and
the same kind of edit yields both correct and wrong queries.

Each rewriter takes a :class:`Context` (the gold, parsed after :func:`normalise_sql`, so every column is
``table.column`` and no table has an alias; the question; the schema with keys; a value probe on the
database) and returns ``[(kind, sql), ...]``. Kinds are ``family.variant``:

- ``join.extra_parent`` / ``join.extra_child`` (join one more table along a foreign key, N:1 or 1:N),
  ``join.drop`` (drop a table used only to filter through its join), ``join.wrong_key`` (join on another
  column pair of matching type);
- ``setop.drop_branch`` (keep one branch of UNION/INTERSECT/EXCEPT), ``setop.and_to_intersect``,
  ``setop.or_to_union``, ``setop.intersect_to_and``, ``setop.union_to_or``, ``setop.except_to_not_in``;
- ``subq.in_to_join`` / ``subq.join_to_in`` (IN-subquery against JOIN);
- ``superl.limit_to_minmax`` / ``superl.minmax_to_limit`` (ORDER BY ... LIMIT 1 against a MIN/MAX subquery);
- ``group.id_to_name`` / ``group.name_to_id`` (grouping by name instead of id and back);
- ``select.add_column`` / ``select.drop_column`` / ``select.join_partner`` (select the joined key of the
  other table);
- ``value.question_form`` (the literal as the question words it: 'African' for 'Africa'; also as
  ``LIKE '%African%'``: ``value.question_form_like``),
  ``value.like`` (``= 'v'`` as ``LIKE '%v%'``), ``value.other_value`` (another value of the same column);
- ``filter.sibling_column`` (the literal compared with another column of the tables in scope that holds
  it), ``filter.join_partner`` (the filter moved across a join key), ``filter.drop_condition``;
- ``distinct.add`` / ``distinct.drop``; ``agg.count_variant`` (``COUNT(*)``, ``COUNT(col)``,
  ``COUNT(DISTINCT col)``).

The NL2SQL-Bugs taxonomy (attribute, table, value, condition, function, clause, subquery, join, set
operation mistakes) served as the checklist.
"""
from __future__ import annotations

import random
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Callable

from sqlintent.db import run_select

_NUMERIC = ("int", "real", "num", "float", "double", "dec", "bool")


def _is_numeric(ctype: str) -> bool:
    t = (ctype or "").lower()
    return any(k in t for k in _NUMERIC)


@dataclass
class SchemaInfo:
    """Lower-cased schema: columns with types, primary keys, foreign keys."""

    columns: dict[str, list[tuple[str, str]]]  # table -> [(column, type)]
    pks: dict[str, list[str]]
    fks: list[tuple[tuple[str, str], tuple[str, str]]]  # (child table, col) -> (parent table, col)

    @classmethod
    def from_tables_entry(cls, entry: dict) -> "SchemaInfo":
        cols = {t.lower(): [(c.lower(), ty) for c, ty in zip(cs, entry["column_types"][t])]
                for t, cs in entry["tables"].items()}
        pks: dict[str, list[str]] = {}
        for t, c in entry["primary_keys"]:
            pks.setdefault(t.lower(), []).append(c.lower())
        fks = [((a.lower(), b.lower()), (c.lower(), d.lower())) for (a, b), (c, d) in entry["foreign_keys"]]
        return cls(cols, pks, fks)

    def plain(self) -> dict[str, list[str]]:
        return {t: [c for c, _ in cs] for t, cs in self.columns.items()}

    def ctype(self, table: str, column: str) -> str:
        for c, ty in self.columns.get(table, ()):
            if c == column:
                return ty
        return ""

    def name_column(self, table: str) -> str | None:
        """The column most likely to hold a row's name (text, 'name' in it)."""
        cols = self.columns.get(table, [])
        for c, ty in cols:
            if "name" in c and not _is_numeric(ty):
                return c
        for c, ty in cols:
            if c in ("title", "type") and not _is_numeric(ty):
                return c
        return None


class ValueProbe:
    """Small read-only look-ups of values on one database (memoised)."""

    def __init__(self, conn: sqlite3.Connection, timeout_s: float = 2.0):
        self.conn = conn
        self.timeout_s = timeout_s
        self._memo: dict[str, list[tuple]] = {}

    def query(self, sql: str, max_rows: int = 50) -> list[tuple]:
        if sql not in self._memo:
            try:
                self._memo[sql] = run_select(self.conn, sql, timeout_s=self.timeout_s, max_rows=max_rows).rows
            except Exception:  # noqa: BLE001 - a probe that fails just finds nothing
                self._memo[sql] = []
        return self._memo[sql]

    def holds(self, table: str, column: str, value: str) -> bool:
        lit = "'" + value.replace("'", "''") + "'"
        return bool(self.query(f'SELECT 1 FROM "{table}" WHERE "{column}" = {lit} LIMIT 1', 1))

    def other_values(self, table: str, column: str, value: str, n: int = 5) -> list:
        lit = "'" + str(value).replace("'", "''") + "'"
        rows = self.query(f'SELECT DISTINCT "{column}" FROM "{table}" WHERE "{column}" IS NOT NULL AND '
                          f'"{column}" <> {lit} LIMIT {n}', n)
        return [r[0] for r in rows]


@dataclass
class Context:
    gold_sql: str  # normalised gold
    tree: object  # sqlglot expression of gold_sql
    question: str
    schema: SchemaInfo
    probe: ValueProbe | None
    rng: random.Random
    out: list[tuple[str, str]] = field(default_factory=list)

    def emit(self, kind: str, node_or_sql) -> None:
        sql = node_or_sql if isinstance(node_or_sql, str) else node_or_sql.sql(dialect="sqlite")
        self.out.append((kind, sql))


# ---- AST helpers -------------------------------------------------------------------------------------
def _exp():
    from sqlglot import exp

    return exp


def _parse(sql: str):
    import sqlglot

    return sqlglot.parse_one(sql, read="sqlite")


def _sources(sel) -> list:
    exp = _exp()
    out = []
    frm = sel.args.get("from_") or sel.args.get("from")
    if frm is not None:
        out.append(frm.this)
    out.extend(j.this for j in sel.args.get("joins") or [])
    return out


def _table_names(sel) -> list[str]:
    exp = _exp()
    return [s.name.lower() for s in _sources(sel) if isinstance(s, exp.Table)]


def _own_columns(node, sel) -> list:
    """Columns under ``node`` whose nearest SELECT is ``sel`` (not those of nested subqueries)."""
    exp = _exp()
    return [c for c in node.find_all(exp.Column) if c.find_ancestor(exp.Select) is sel]


def _is_plain_select(tree) -> bool:
    exp = _exp()
    return isinstance(tree, exp.Select) and all(isinstance(s, exp.Table) for s in _sources(tree)) \
        and len(set(_table_names(tree))) == len(_table_names(tree))


def _conjuncts(cond) -> list:
    exp = _exp()
    while isinstance(cond, exp.Paren):
        cond = cond.this
    if isinstance(cond, exp.And):
        return _conjuncts(cond.this) + _conjuncts(cond.expression)
    return [cond]


def _and_all(conds):
    exp = _exp()
    out = None
    for c in conds:
        out = c if out is None else exp.And(this=out, expression=c)
    return out


def _col(table: str, column: str):
    exp = _exp()
    return exp.column(column, table=table, quoted=None)


def _join_eqs(sel) -> list[tuple[tuple[str, str], tuple[str, str], object]]:
    """(left (t, c), right (t, c), join node) for each ``t.c = u.d`` ON condition."""
    exp = _exp()
    out = []
    for j in sel.args.get("joins") or []:
        on = j.args.get("on")
        if on is None:
            continue
        for c in _conjuncts(on):
            if isinstance(c, exp.EQ) and isinstance(c.this, exp.Column) and isinstance(c.expression, exp.Column) \
                    and c.this.table and c.expression.table:
                out.append(((c.this.table.lower(), c.this.name.lower()),
                            (c.expression.table.lower(), c.expression.name.lower()), j))
    return out


def _literal_filters(sel) -> list[tuple[object, object, object]]:
    """(comparison node, column, literal) for WHERE conjuncts ``t.c <op> literal`` of ``sel``."""
    exp = _exp()
    where = sel.args.get("where")
    if where is None:
        return []
    out = []
    for c in _conjuncts(where.this):
        if isinstance(c, (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Like)):
            a, b = c.this, c.expression
            if isinstance(a, exp.Column) and isinstance(b, exp.Literal) and a.table:
                out.append((c, a, b))
    return out


# ---- rewriters ---------------------------------------------------------------------------------------
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


REWRITERS: tuple[Callable[[Context], None], ...] = (
    join_rewrites, setop_rewrites, subquery_rewrites, superlative_rewrites, group_rewrites, select_rewrites,
    value_rewrites, filter_rewrites, distinct_rewrites, agg_rewrites,
)


def rewrites(gold_normalised: str, question: str, schema: SchemaInfo, probe: ValueProbe | None,
             rng: random.Random) -> list[tuple[str, str]]:
    """All rewrites of one (normalised) gold query: ``[(kind, sql), ...]``, duplicates and the gold removed."""
    from sqlglot.errors import SqlglotError

    try:
        tree = _parse(gold_normalised)
    except (SqlglotError, ValueError):
        return []
    ctx = Context(gold_normalised, tree, question, schema, probe, rng)
    for fn in REWRITERS:
        try:
            fn(ctx)
        except (SqlglotError, ValueError, AttributeError, TypeError, IndexError, KeyError):
            continue
    seen = {gold_normalised}
    out = []
    for kind, sql in ctx.out:
        if sql not in seen:
            seen.add(sql)
            out.append((kind, sql))
    return out
