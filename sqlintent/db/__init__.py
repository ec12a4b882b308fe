"""Safe access to a user's database: read-only connections, SELECT only, a timeout and a row cap.

Every query sqlintent runs against a user's data goes through :func:`run_select` here; every database
handle (:func:`connect`) is a :class:`Database` (``base.py``).
"""
from sqlintent.db.base import Database
from sqlintent.db.connect import connect
from sqlintent.db.guard import NotReadOnlyError, ProbeRefused, ensure_select
from sqlintent.db.sqlite import (
    DatabaseOpenError,
    QueryResult,
    QueryTimeout,
    open_sqlite_readonly,
    SQLiteDatabase,
    run_select,
)
from sqlintent.redact import redact

__all__ = [
    "Database",
    "SQLiteDatabase",
    "connect",
    "redact",
    "DatabaseOpenError",
    "NotReadOnlyError",
    "ProbeRefused",
    "QueryResult",
    "QueryTimeout",
    "ensure_select",
    "open_sqlite_readonly",
    "run_select",
]
