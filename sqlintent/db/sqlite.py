"""Read-only SQLite access with a per-query timeout, a row cap and an authorizer that denies writes."""
from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from sqlintent.db.allowlist import allowed
from sqlintent.db.guard import ensure_select
from sqlintent.db.limits import MAX_VALUE_BYTES, cap_rows, fetch_capped

_READ_ACTIONS = {
    sqlite3.SQLITE_SELECT,
    sqlite3.SQLITE_READ,
    sqlite3.SQLITE_FUNCTION,
    getattr(sqlite3, "SQLITE_RECURSIVE", 33),
}


class DatabaseOpenError(OSError):
    """The database could not be opened (missing, unreadable, locked, not a database)."""


class QueryTimeout(TimeoutError):
    """A query ran past its time limit and was interrupted."""


@dataclass(frozen=True)
class QueryResult:
    columns: tuple[str, ...]
    rows: list[tuple]
    truncated: bool  # True when the row cap cut the result short
    seconds: float


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _authorizer(action, *_args):
    return sqlite3.SQLITE_OK if action in _READ_ACTIONS else sqlite3.SQLITE_DENY


def _not_a_file(p: Path) -> str:
    """Why ``p`` is no database file: a folder, a loop, something else, or nothing there."""
    from sqlintent.files import describe_missing, not_regular

    if p.is_dir():
        return f"{p} is a directory, not a database file"
    odd = not_regular(str(p))
    if odd:
        return f"{p} is {odd.split(',')[0]}, not a database file"
    if os.path.lexists(p):
        return f"cannot open database {p}: {describe_missing(str(p))}"
    return f"database file not found: {p}"


def _probe_authorizer(action, arg1, arg2, *_args):
    """Probes: reads only, and only the functions on the SQLite allowlist (the guard checked them too)."""
    if action == sqlite3.SQLITE_FUNCTION:
        return sqlite3.SQLITE_OK if arg2 and allowed(arg2, "sqlite") else sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK if action in _READ_ACTIONS else sqlite3.SQLITE_DENY


def _bound(conn: sqlite3.Connection) -> None:
    """Limits no probe can raise: value length, SQL length, LIKE pattern length, no attached databases."""
    for name, value in (("SQLITE_LIMIT_LENGTH", MAX_VALUE_BYTES), ("SQLITE_LIMIT_SQL_LENGTH", 1_000_000),
                        ("SQLITE_LIMIT_LIKE_PATTERN_LENGTH", 1000), ("SQLITE_LIMIT_ATTACHED", 0),
                        ("SQLITE_LIMIT_EXPR_DEPTH", 500), ("SQLITE_LIMIT_COMPOUND_SELECT", 100)):
        if hasattr(conn, "setlimit") and hasattr(sqlite3, name):
            conn.setlimit(getattr(sqlite3, name), value)


def _harden(conn: sqlite3.Connection) -> None:
    """Settings for a database file that may be hostile (one committed to the checked repository: SQLite's
    "defense against the dark arts"): no extension loading, no memory-mapped reads, every cell's size
    checked, and defensive mode (no writes to the schema or shadow tables) where the driver can set it.
    (``trusted_schema = OFF`` is not set: SQLite 3.40 then refuses views that call ``json_extract``; the
    probe authorizer allows only the functions of the allowlist, in views too.)"""
    if hasattr(conn, "enable_load_extension"):
        conn.enable_load_extension(False)
    for pragma in ("cell_size_check = ON", "mmap_size = 0"):
        conn.execute(f"PRAGMA {pragma}")
    if hasattr(conn, "setconfig") and hasattr(sqlite3, "SQLITE_DBCONFIG_DEFENSIVE"):
        conn.setconfig(sqlite3.SQLITE_DBCONFIG_DEFENSIVE, True)


def open_sqlite_readonly(path: str | Path, *, guard: bool = True) -> sqlite3.Connection:
    """Open ``path`` read-only (URI ``mode=ro``); with ``guard`` an authorizer denies anything but reads.

    Raises DatabaseOpenError with a one-line reason when the file is missing, not a database, or locked.
    """
    p = Path(path)
    if not p.is_file():
        raise DatabaseOpenError(_not_a_file(p))
    try:
        conn = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False,
                               timeout=1.0)
        conn.text_factory = _decode
        _harden(conn)
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:  # not a database, locked, permission
        raise DatabaseOpenError(f"cannot open database {p}: {exc}") from None
    _bound(conn)
    if guard:
        conn.set_authorizer(_authorizer)
    return conn


def run_select(conn: sqlite3.Connection, sql: str, *, timeout_s: float = 2.0,
               max_rows: int = 1000) -> QueryResult:
    """Run one read-only query with a time limit and a row cap.

    Raises NotReadOnlyError (before touching the database) for anything but a single pure query (see
    :mod:`sqlintent.db.guard`), QueryTimeout past ``timeout_s``, and sqlite3.Error for queries SQLite
    rejects. sqlite3 itself refuses a second statement; the progress handler stops the query at the deadline.
    """
    sql = ensure_select(sql)
    deadline = time.monotonic() + timeout_s
    timed_out = False

    def _progress():
        nonlocal timed_out
        if time.monotonic() > deadline:
            timed_out = True
            return 1
        return 0

    start = time.monotonic()
    conn.set_progress_handler(_progress, 200)
    try:
        cur = conn.execute(sql)
        rows = fetch_capped(iter(cur.fetchone, None), max_rows)
        columns = tuple(d[0] for d in (cur.description or ()))
    except sqlite3.OperationalError as exc:
        if timed_out:
            raise QueryTimeout(f"query ran past {timeout_s:g}s and was interrupted") from None
        raise exc
    finally:
        conn.set_progress_handler(None, 0)
    rows, truncated = cap_rows(rows, max_rows)
    return QueryResult(columns, rows, truncated, time.monotonic() - start)


class SQLiteDatabase:
    """A SQLite file opened read-only, with an authorizer that denies anything but reads
    (a :class:`sqlintent.db.base.Database`)."""

    dialect = "sqlite"
    superuser = False  # a file has no roles
    privilege_problem: str | None = None
    can_prepare = False  # sqlintent.frontend.sqlite asks an in-memory copy instead

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.description = str(self.path)
        self._conn = open_sqlite_readonly(self.path, guard=False)
        self._schema = None
        self._lock = __import__("threading").Lock()
        self.schema()  # load with PRAGMAs before the authorizer goes on
        self._conn.set_authorizer(_probe_authorizer)

    def _reopen(self) -> sqlite3.Connection:
        conn = open_sqlite_readonly(self.path, guard=False)
        conn.set_authorizer(_probe_authorizer)
        return conn

    def schema(self):
        if self._schema is None:
            from sqlintent.schema.sqlite import read_sqlite_schema

            self._schema = read_sqlite_schema(self._conn, source=str(self.path))
            self._schema.database = self
        return self._schema

    def run_select(self, sql: str, *, timeout_s: float = 2.0, max_rows: int = 1000) -> QueryResult:
        """One probe; past ``timeout_s`` plus a grace period it is abandoned (see :mod:`.deadline`) and
        the next probe gets a fresh connection."""
        from sqlintent.db.deadline import GRACE_S, Abandoned, call_with_deadline

        start = time.monotonic()
        ensure_select(sql, "sqlite")  # refused before any thread or connection is involved
        with self._lock:  # one sqlite3 connection, many threads (language server workers)
            if self._conn is None:  # the last probe was abandoned
                self._conn = self._reopen()
            conn = self._conn
            left = timeout_s - (time.monotonic() - start)
            try:
                return call_with_deadline(
                    lambda: run_select(conn, sql, timeout_s=left, max_rows=max_rows), left + GRACE_S,
                    cleanup=conn.close, name="sqlintent-sqlite-probe")
            except Abandoned:
                conn.interrupt()
                self._conn = None
                raise QueryTimeout(f"query ran past {timeout_s:g}s and was interrupted") from None
            except QueryTimeout:  # stopped by the progress handler at what was ``left``: name the setting
                raise QueryTimeout(f"query ran past {timeout_s:g}s and was interrupted") from None

    def prepare(self, sql: str, *, timeout_s: float = 2.0) -> None:
        raise NotImplementedError("SQLite: no server to prepare statements on (can_prepare is False)")

    def version(self):
        try:
            st = self.path.stat()
            return (st.st_mtime_ns, st.st_size)
        except OSError:
            return None

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
