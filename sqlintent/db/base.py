"""The database handle: the one contract every database sqlintent reads implements, whatever the engine.

:func:`sqlintent.db.connect` returns a :class:`Database` (:class:`~sqlintent.db.sqlite.SQLiteDatabase`,
:class:`~sqlintent.db.duckdb.DuckDBDatabase`, :class:`~sqlintent.db.postgres.PostgresDatabase`), and the
schema it reads carries it as ``Schema.database`` (None for a schema read from DDL files, or none at all).
The engine, the rules and the front ends read these attributes directly: every implementation sets each
one explicitly (a class attribute, an instance attribute or a property), so no user guesses a default.
tests/schema/test_database_protocol.py holds each real class to it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from sqlintent.db.sqlite import QueryResult
from sqlintent.schema.model import Schema, ValueSource


@runtime_checkable
class Database(ValueSource, Protocol):
    """A read-only database handle. Attributes (all set by every implementation):

    ``dialect``: the SQL it reads, "sqlite", "duckdb" or "postgres" (the guard, the front ends and the value
    probes follow it). ``description``: where it is, safe to print (a file's path; a URL without its
    password). ``path``: the file behind a file database (SQLite, DuckDB), which a resident process watches
    for changes; None for a server. ``superuser``: the role it connected as can do anything (a PostgreSQL
    superuser): no probe runs unless ``probes.allow_superuser``; False for files. ``privilege_problem``: why
    the role has more rights than probes need (printable, no secret; reported once as SID002), or None
    (always None for files). ``can_prepare``: :meth:`prepare` asks the database itself to analyse a
    statement's names without running it (PostgreSQL); where False, :meth:`prepare` raises
    NotImplementedError and the front end decides without the server.
    """

    dialect: str
    description: str
    path: Path | None
    superuser: bool
    privilege_problem: str | None
    can_prepare: bool

    def schema(self) -> Schema:
        """The tables, columns and keys, read once; its ``database`` is this handle."""
        ...

    def run_select(self, sql: str, *, timeout_s: float, max_rows: int) -> QueryResult:
        """One guarded, read-only probe (:mod:`sqlintent.db.guard`) with a time limit and a row cap."""
        ...

    def prepare(self, sql: str, *, timeout_s: float) -> None:
        """Have the database parse and analyse ``sql`` without running it; raises its error. Only where
        ``can_prepare``: NotImplementedError elsewhere."""
        ...

    def version(self) -> object:
        """Changes when the data may have changed (file mtime and size for files; None for a server)."""
        ...

    def close(self) -> None: ...
