"""Read a Schema from a SQLite connection (tables, views, columns, types, primary and foreign keys)."""
from __future__ import annotations

import sqlite3

from sqlintent.schema.model import Column, ForeignKey, Schema, Table
from sqlintent.sqltext import quote_ident as _q


def read_sqlite_schema(conn: sqlite3.Connection, source: str = "") -> Schema:
    tables = []
    rows = conn.execute(
        "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') "
        "AND name NOT LIKE 'sqlite_%' ORDER BY rowid").fetchall()
    for name, kind in rows:
        cols, pk = [], []
        for _cid, cname, ctype, notnull, _default, pkpos in conn.execute(f"PRAGMA table_info({_q(name)})"):
            cols.append(Column(cname, ctype or "", bool(pkpos), not notnull))
            if pkpos:
                pk.append((pkpos, cname))
        fks: dict[int, list] = {}
        if kind == "table":
            for fid, _seq, ref_table, from_col, to_col, *_ in conn.execute(
                    f"PRAGMA foreign_key_list({_q(name)})"):
                fks.setdefault(fid, []).append((from_col, ref_table, to_col))
        foreign = []
        for parts in fks.values():
            ref_table = parts[0][1]
            to_cols = []
            for from_col, _rt, to_col in parts:
                if to_col is None:  # REFERENCES t without a column: the referenced primary key
                    to_col = _primary_key_of(conn, ref_table, len(to_cols))
                to_cols.append(to_col)
            foreign.append(ForeignKey(tuple(p[0] for p in parts), ref_table, tuple(to_cols)))
        tables.append(Table(name, cols, tuple(c for _, c in sorted(pk)), foreign, kind))
    return Schema.from_tables(tables, source=source, dialect="sqlite")


def _primary_key_of(conn, table: str, position: int) -> str:
    pk = sorted((r[5], r[1]) for r in conn.execute(f"PRAGMA table_info({_q(table)})") if r[5])
    return pk[position][1] if position < len(pk) else "rowid"
