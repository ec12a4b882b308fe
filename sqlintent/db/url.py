"""Database locations as URLs or paths, and printing them without secrets."""
from __future__ import annotations

import re
from pathlib import Path

_PASSWORD = re.compile(r"(?P<pre>[a-z][a-z0-9+.-]*://[^:/@\s]*:)(?P<pw>[^@\s]*)(?P<at>@)", re.I)
_KW_PASSWORD = re.compile(r"(password\s*=\s*)('[^']*'|\S+)", re.I)


def redact(text: str) -> str:
    """Hide passwords in URLs and key=value connection strings.

    >>> redact("postgresql://alice:s3cret@localhost:5432/db")
    'postgresql://alice:***@localhost:5432/db'
    >>> redact("host=x password=s3cret dbname=y")
    'host=x password=*** dbname=y'
    """
    text = _PASSWORD.sub(lambda m: m.group("pre") + "***" + m.group("at"), text)
    return _KW_PASSWORD.sub(lambda m: m.group(1) + "***", text)


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
