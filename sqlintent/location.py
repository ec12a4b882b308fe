"""Database locations: which kind of database a path or URL names, read one way for every caller (opening it,
the trust checks, the dialect a database implies). Pure: it opens nothing."""
from __future__ import annotations

import re
from pathlib import Path

from sqlintent.redact import redact


def classify(location: str) -> tuple[str, str]:
    """Return (kind, target): kind is sqlite, duckdb or postgres; target the path or the URL.

    ``sqlite://`` and ``duckdb://`` URLs follow SQLAlchemy's convention: three slashes before a relative
    path, four before an absolute one (the URL's host part is empty).

    >>> classify("examples/shop.sqlite")
    ('sqlite', 'examples/shop.sqlite')
    >>> classify("duckdb:///x.duckdb")
    ('duckdb', 'x.duckdb')
    >>> classify("sqlite:////tmp/x.db")
    ('sqlite', '/tmp/x.db')
    >>> classify("postgres://u@h/db")[0]
    'postgres'
    """
    low = location.lower()
    if low.startswith(("postgresql://", "postgres://")):
        return "postgres", location
    for scheme in ("sqlite", "duckdb"):
        if low.startswith(scheme + ":"):
            rest = location[len(scheme) + 1:]
            if not rest.startswith("//"):
                return scheme, rest  # sqlite:x.db: a path with no authority part
            rest = rest[2:]  # the authority (host) part, empty for a file: sqlite:///x.db
            if not rest.startswith("/"):
                raise ValueError(f"{scheme}:// URL {redact(location)!r} names a host; a file is "
                                 f"{scheme}:///relative/path or {scheme}:////absolute/path")
            rest = rest[1:]  # the separator after the empty host: what follows is the path as written
            if not rest or rest == ":memory:":
                raise ValueError(f"{scheme}:// URL {redact(location)!r} names no file; a file is "
                                 f"{scheme}:///relative/path or {scheme}:////absolute/path")
            return scheme, rest
    if re.match(r"^[a-z][a-z0-9+.-]*://", low):
        raise ValueError(f"unsupported database URL scheme in {redact(location)!r}; "
                         "use a SQLite/DuckDB file path, sqlite:///, duckdb:/// or postgresql://")
    suffix = Path(location).suffix.lower()
    return ("duckdb" if suffix in (".duckdb", ".ddb") else "sqlite"), location
