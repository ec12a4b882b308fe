"""Database locations as URLs or paths (printed through :func:`sqlintent.redact.redact`)."""
from __future__ import annotations

import re
from pathlib import Path

from sqlintent.redact import redact  # the one redaction function, kept importable here


def classify(location: str) -> tuple[str, str]:
    """Return (kind, target): kind is sqlite, duckdb or postgres; target the path or the URL.

    >>> classify("examples/shop.sqlite")
    ('sqlite', 'examples/shop.sqlite')
    >>> classify("duckdb:///tmp/x.duckdb")
    ('duckdb', '/tmp/x.duckdb')
    >>> classify("postgres://u@h/db")[0]
    'postgres'
    """
    low = location.lower()
    if low.startswith(("postgresql://", "postgres://")):
        return "postgres", location
    for scheme in ("sqlite", "duckdb"):
        if low.startswith(scheme + ":"):
            rest = location[len(scheme) + 1:]
            if rest.startswith("///"):
                rest = rest[2:]
            elif rest.startswith("//"):
                rest = rest[2:]
            return scheme, rest
    if re.match(r"^[a-z][a-z0-9+.-]*://", low):
        raise ValueError(f"unsupported database URL scheme in {redact(location)!r}; "
                         "use a SQLite/DuckDB file path, sqlite:///, duckdb:/// or postgresql://")
    suffix = Path(location).suffix.lower()
    return ("duckdb" if suffix in (".duckdb", ".ddb") else "sqlite"), location
