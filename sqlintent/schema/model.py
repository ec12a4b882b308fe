"""The schema model every analyzer reads: tables, columns, types, primary and foreign keys.

Names are matched case-insensitively, as SQLite, DuckDB and unquoted PostgreSQL identifiers are.
Sample and distinct values are fetched on demand through the database the schema came from, if any.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Protocol


class ValueSource(Protocol):
    """What the schema and the readers of ``Schema.database`` need of the database it came from: the part
    of :class:`sqlintent.db.base.Database` (which extends it; see there for each attribute's meaning) that
    the schema package names, so that it imports nothing from ``sqlintent.db`` and the two do not import
    each other."""

    dialect: str
    path: Path | None  # the file behind a file database (SQLite, DuckDB); None for a server

    def run_select(self, sql: str, *, timeout_s: float, max_rows: int) -> Any: ...


@dataclass
class Column:
    name: str
    type: str = ""
    primary_key: bool = False
    nullable: bool = True


@dataclass(frozen=True)
class ForeignKey:
    columns: tuple[str, ...]
    ref_table: str
    ref_columns: tuple[str, ...]


@dataclass
class Table:
    name: str
    columns: list[Column] = field(default_factory=list)
    primary_key: tuple[str, ...] = ()
    foreign_keys: list[ForeignKey] = field(default_factory=list)
    kind: str = "table"  # or "view"

    def column(self, name: str) -> Column | None:
        low = name.lower()
        for c in self.columns:
            if c.name.lower() == low:
                return c
        return None

    @property
    def column_names(self) -> list[str]:
        return [c.name for c in self.columns]


def _quote(dialect: str):
    def q(name: str) -> str:
        if dialect in ("mysql", "bigquery", "spark"):
            return "`" + name.replace("`", "``") + "`"
        return '"' + name.replace('"', '""') + '"'
    return q


@dataclass
class Schema:
    tables: dict[str, Table] = field(default_factory=dict)  # keyed by lower-case name
    source: str = ""  # where it came from, safe to print (no secrets)
    dialect: str = "sqlite"
    database: "ValueSource | None" = None  # the database it was read from; None for DDL files

    @classmethod
    def from_tables(cls, tables: Iterable[Table], **kw) -> "Schema":
        return cls({t.name.lower(): t for t in tables}, **kw)

    def table(self, name: str) -> Table | None:
        t = self.tables.get(name.lower())
        if t is None and "." in name:  # schema-qualified: main.singer, public.singer
            t = self.tables.get(name.rsplit(".", 1)[1].lower())
        return t

    def foreign_key_pairs(self) -> list[tuple[str, str, str, str]]:
        """Every declared key link as (table, column, ref_table, ref_column), lower-case."""
        out = []
        for t in self.tables.values():
            for fk in t.foreign_keys:
                for c, rc in zip(fk.columns, fk.ref_columns):
                    out.append((t.name.lower(), c.lower(), fk.ref_table.lower(), rc.lower()))
        return out

    def sample_values(self, table: str, column: str, limit: int = 5, *, distinct: bool = True,
                      timeout_s: float = 1.0) -> list:
        """A few stored values of ``table.column`` (most frequent first when ``distinct``), fetched on
        demand through the database the schema came from; [] when there is none or the probe fails."""
        t = self.table(table)
        col = t.column(column) if t else None
        if self.database is None or col is None:
            return []
        q = _quote(self.dialect)
        c, tn = q(col.name), q(t.name)
        sql = (f"SELECT {c} FROM {tn} WHERE {c} IS NOT NULL GROUP BY {c} ORDER BY count(*) DESC, {c} "
               f"LIMIT {int(limit)}" if distinct else f"SELECT {c} FROM {tn} LIMIT {int(limit)}")
        try:
            return [r[0] for r in self.database.run_select(sql, timeout_s=timeout_s, max_rows=limit).rows]
        except Exception:
            return []

    def distinct_values(self, table: str, column: str, limit: int = 1000, timeout_s: float = 2.0) -> list:
        """Up to ``limit`` distinct stored values of ``table.column`` ([] without a database)."""
        return self.sample_values(table, column, limit, distinct=True, timeout_s=timeout_s)

    def to_dict(self) -> dict:
        return {
            "source": self.source,
            "tables": [
                {"name": t.name, "kind": t.kind, "primary_key": list(t.primary_key),
                 "columns": [{"name": c.name, "type": c.type} for c in t.columns],
                 "foreign_keys": [{"columns": list(f.columns), "ref_table": f.ref_table,
                                   "ref_columns": list(f.ref_columns)} for f in t.foreign_keys]}
                for t in self.tables.values()
            ],
        }
