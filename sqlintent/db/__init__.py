"""Safe access to a user's database: read-only connections, SELECT only, a timeout and a row cap.

Every query sqlintent runs against a user's data goes through :func:`run_select` here.
"""
from sqlintent.db.guard import NotReadOnlyError, ensure_select
from sqlintent.db.sqlite import (
    DatabaseOpenError,
    QueryResult,
    QueryTimeout,
    open_sqlite_readonly,
    run_select,
)

__all__ = [
    "DatabaseOpenError",
    "NotReadOnlyError",
    "QueryResult",
    "QueryTimeout",
    "ensure_select",
    "open_sqlite_readonly",
    "run_select",
]
