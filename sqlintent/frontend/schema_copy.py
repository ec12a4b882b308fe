"""An empty copy of a schema for a database front end: CREATE TABLE statements from sqlintent's schema model.

Whatever the schema came from (a SQLite or DuckDB file, a PostgreSQL server, CREATE TABLE files), its tables
and views become empty tables with the same names and columns, so the database resolves names exactly as it
would on the real one. A table that cannot be copied makes the copy incomplete: its names are then not
judged by the database (:attr:`Copy.missing`).
"""
from __future__ import annotations

from dataclasses import dataclass, field


def quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


@dataclass
class Copy:
    missing: set[str] = field(default_factory=set)  # lower-case names of tables that could not be created


def create_tables(schema, execute, *, typed: bool) -> Copy:
    """Run one CREATE TABLE per table of ``schema`` through ``execute`` (which raises on failure); with
    ``typed``, columns keep their declared type where the database takes it (else they are VARCHAR)."""
    copy = Copy()
    for table in schema.tables.values():
        seen, cols = set(), []
        for c in table.columns:
            if c.name.lower() in seen:
                continue
            seen.add(c.name.lower())
            cols.append(c)
        if not cols:
            copy.missing.add(table.name.lower())
            continue
        attempts = []
        if typed:
            attempts.append(", ".join(f"{quote(c.name)} {_type(c.type)}" for c in cols))
            attempts.append(", ".join(f"{quote(c.name)} VARCHAR" for c in cols))
        else:
            attempts.append(", ".join(quote(c.name) for c in cols))
        for body in attempts:
            try:
                execute(f"CREATE TABLE {quote(table.name)} ({body})")
                break
            except Exception:  # noqa: BLE001 - a type or name this database will not take
                continue
        else:
            copy.missing.add(table.name.lower())
    return copy


def _type(declared: str) -> str:
    t = (declared or "").strip()
    if not t or not all(ch.isalnum() or ch in " _(),[]" for ch in t):
        return "VARCHAR"
    return t
