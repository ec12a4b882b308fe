"""What the rewrites of :mod:`sqlintent_lab.model_export.synth` work with: the schema with its keys, small value
look-ups on the database, the rewrite context, and helpers over sqlglot trees."""
from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass, field

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
