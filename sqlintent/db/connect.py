"""Open any supported database from a path or URL."""
from __future__ import annotations

import os
from pathlib import Path

from sqlintent.db.base import Database
from sqlintent.db.url import classify
from sqlintent.redact import register_env, register_url


def connect(location: str, *, base_dir: Path | None = None, timeout_s: float = 2.0, origin: str = "user") -> Database:
    """Open ``location`` read-only. Relative file paths resolve against ``base_dir`` (the config's folder).

    ``env:NAME`` reads the location from the environment variable NAME (so that a password stays out of
    the configuration file); its value is masked in everything sqlintent prints, and it is the operator's
    (``origin`` "user").

    ``origin`` says who wrote a PostgreSQL URL (docs/security.md): "user" (flags, environment, editor: used
    as written), "config" (a trusted config file: restricted parameters, SCRAM) or "untrusted" (a file of the
    checkout: no credential of the operator's is used; see :class:`~sqlintent.db.postgres.PostgresDatabase`).

    Raises DatabaseOpenError with a printable reason (no secrets) on failure, ValueError for a bad URL.
    """
    if location.startswith("env:"):
        name = location[4:].strip()
        register_env(name)
        value = os.environ.get(name)
        if not value:
            from sqlintent.db.sqlite import DatabaseOpenError

            raise DatabaseOpenError(f"the environment variable {name} named by 'database' is not set")
        location = value
        origin = "user"
    register_url(location)
    kind, target = classify(location)
    if kind == "postgres":
        from sqlintent.db.postgres import PostgresDatabase

        return PostgresDatabase(target, timeout_s=timeout_s, origin=origin)
    path = Path(target).expanduser()
    if base_dir is not None and not path.is_absolute():
        path = base_dir / path
    if kind == "duckdb":
        from sqlintent.db.duckdb import DuckDBDatabase

        return DuckDBDatabase(path)
    from sqlintent.db.sqlite import SQLiteDatabase

    return SQLiteDatabase(path)
