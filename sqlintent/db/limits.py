"""Bounds on what a probe may cost and return, the same for every database."""
from __future__ import annotations

MAX_RESULT_BYTES = 8 * 1024 * 1024  # what a probe may hand back, all values together
MAX_VALUE_BYTES = 16 * 1024 * 1024  # SQLite: the longest string or blob a probe may build
DUCKDB_MEMORY_LIMIT = "512MB"
CANCEL_GRACE_S = 0.0  # PostgreSQL: the client cancels this long after the probe's deadline
DROP_GRACE_S = 0.01  # ... and drops the connection this long after the deadline


def value_size(value) -> int:
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        return len(value)
    if isinstance(value, (list, tuple)):
        return sum(value_size(v) for v in value) + 8
    if isinstance(value, dict):
        return sum(value_size(k) + value_size(v) for k, v in value.items()) + 8
    return 8


def fetch_capped(rows, max_rows: int, max_bytes: int = MAX_RESULT_BYTES) -> list:
    """Rows taken one at a time from ``rows`` (an iterator: a DB-API cursor's ``iter(cur.fetchone, None)``,
    psycopg's ``stream()``), stopping once there are more than ``max_rows`` or more than ``max_bytes`` of
    values, so the caps stop the transfer (``fetchmany(max_rows + 1)`` would first copy up to 1,001 rows of
    16 MB each); :func:`cap_rows` then cuts the last row read and says the result was truncated."""
    out, size = [], 0
    for row in rows:
        out.append(row)
        size += value_size(row)
        if len(out) > max_rows or size > max_bytes:
            break
    return out


def cap_rows(rows: list, max_rows: int, max_bytes: int = MAX_RESULT_BYTES) -> tuple[list, bool]:
    """The first rows that fit ``max_rows`` and ``max_bytes``; True when rows were cut.

    >>> cap_rows([("a",), ("b",), ("c",)], 2)
    ([('a',), ('b',)], True)
    >>> cap_rows([("x" * 10,), ("y" * 10,)], 5, max_bytes=30)
    ([('xxxxxxxxxx',)], True)
    """
    out, total = [], 0
    for row in rows[:max_rows]:
        total += value_size(row)
        if total > max_bytes:
            return out, True
        out.append(tuple(row))
    return out, len(rows) > max_rows
