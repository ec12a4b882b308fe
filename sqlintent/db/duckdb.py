"""DuckDB files opened read-only, with a timeout enforced by interrupting the connection.

The connection cannot reach outside its file: external access (files, network, replacement scans of
paths and Python objects) is disabled, extensions are neither installed nor loaded, nothing spills to a
temporary directory, memory is capped and one thread runs; then the configuration is locked, so a probe
cannot change any of it. A probe runs as the one SELECT statement object ``extract_statements`` finds.

DuckDB ignores an interrupt that arrives before the query has started, so once the time is up the watchdog
interrupts every 10 ms until the query returns. DuckDB's own progress bar is turned off: stdout belongs to
sqlintent's report.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

from sqlintent.db.guard import NotReadOnlyError, ensure_select
from sqlintent.db.limits import DUCKDB_MEMORY_LIMIT, cap_rows, fetch_capped
from sqlintent.db.sqlite import DatabaseOpenError, QueryResult, QueryTimeout
from sqlintent.schema.model import Column, ForeignKey, Schema, Table


_CONFIG = {
    "enable_external_access": False,
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
    "allow_community_extensions": False,
    "allow_unsigned_extensions": False,
    "python_enable_replacements": False,
    "temp_directory": "",
    "memory_limit": DUCKDB_MEMORY_LIMIT,
    "threads": 1,
}


class DuckDBDatabase:
    """A DuckDB file opened read-only (a :class:`sqlintent.db.base.Database`)."""

    dialect = "duckdb"
    superuser = False  # a file has no roles
    privilege_problem: str | None = None
    can_prepare = False  # sqlintent.frontend.duckdb asks an in-memory copy instead

    def __init__(self, path: str | Path):
        try:
            import duckdb
        except ImportError:
            raise DatabaseOpenError("DuckDB support needs duckdb: pip install 'sqlintent[duckdb]'") from None
        self.path = Path(path)
        self.description = str(self.path)
        if not self.path.is_file():
            from sqlintent.db.sqlite import _not_a_file

            raise DatabaseOpenError(_not_a_file(self.path))
        try:
            self._conn = self._open()
        except duckdb.Error as exc:
            raise DatabaseOpenError(f"cannot open database {self.path}: {exc}") from None
        self._lock = threading.Lock()
        self._schema = None

    def _open(self):
        import duckdb

        conn = duckdb.connect(str(self.path), read_only=True, config=_CONFIG)
        for setting in ("SET enable_progress_bar = false", "SET lock_configuration = true"):
            try:
                conn.execute(setting)
            except duckdb.InvalidInputException:
                pass  # this process opened the file before: its configuration is already locked
        return conn

    def schema(self) -> Schema:
        if self._schema is None:
            with self._lock:
                self._schema = self._read_schema()
        return self._schema

    def _read_schema(self) -> Schema:
        c = self._conn
        tables: dict[str, Table] = {}
        for tname, kind in c.execute(
                "SELECT table_name, table_type FROM information_schema.tables "
                "WHERE table_schema = current_schema() ORDER BY table_name").fetchall():
            tables[tname] = Table(tname, kind="view" if kind == "VIEW" else "table")
        for tname, cname, ctype, nullable in c.execute(
                "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns "
                "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position").fetchall():
            if tname in tables:
                tables[tname].columns.append(Column(cname, ctype, False, nullable == "YES"))
        for tname, ctype, cols, ref_table, ref_cols in c.execute(
                "SELECT table_name, constraint_type, constraint_column_names, referenced_table, "
                "referenced_column_names FROM duckdb_constraints() "
                "WHERE constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')").fetchall():
            t = tables.get(tname)
            if t is None:
                continue
            if ctype == "PRIMARY KEY":
                t.primary_key = tuple(cols)
                for col in t.columns:
                    col.primary_key = col.name in cols
            else:
                t.foreign_keys.append(ForeignKey(tuple(cols), ref_table, tuple(ref_cols)))
        schema = Schema.from_tables(tables.values(), source=self.description, dialect="duckdb")
        schema.database = self
        return schema

    def run_select(self, sql: str, *, timeout_s: float = 2.0, max_rows: int = 1000) -> QueryResult:
        """One probe: interrupted at ``timeout_s``, abandoned (see :mod:`.deadline`) if DuckDB has not
        stopped a grace period later, in which case the next probe gets a fresh connection."""
        from sqlintent.db.deadline import GRACE_S, Abandoned, call_with_deadline

        start = time.monotonic()
        sql = ensure_select(sql, "duckdb")
        with self._lock:
            if self._conn is None:  # the last probe was abandoned
                self._conn = self._open()
            conn = self._conn
            left = max(0.0, timeout_s - (time.monotonic() - start))
            try:
                columns, rows = call_with_deadline(lambda: _run(conn, sql, left, max_rows, timeout_s),
                                                   left + GRACE_S, cleanup=conn.close, stop=conn.interrupt,
                                                   name="sqlintent-duckdb-probe")
            except Abandoned:  # its watchdog goes on interrupting it every 10 ms; nothing here may block
                self._conn = None
                raise QueryTimeout(f"query ran past {timeout_s:g}s and was interrupted") from None
        rows, truncated = cap_rows(rows, max_rows)
        return QueryResult(columns, rows, truncated, time.monotonic() - start)

    def prepare(self, sql: str, *, timeout_s: float = 2.0) -> None:
        raise NotImplementedError("DuckDB: no server to prepare statements on (can_prepare is False)")

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


def _run(conn, sql: str, left: float, max_rows: int, timeout_s: float):
    """Run the one SELECT statement object DuckDB finds in ``sql``; interrupt it after ``left`` seconds."""
    import duckdb

    done = threading.Event()
    watchdog = threading.Thread(target=_interrupt_after, args=(conn, left, done), daemon=True,
                                name="sqlintent-duckdb-timeout")
    watchdog.start()
    try:
        statements = conn.extract_statements(sql)
        if len(statements) != 1 or statements[0].type != duckdb.StatementType.SELECT:
            raise NotReadOnlyError("only a single SELECT may be run; DuckDB reads "
                                   f"{len(statements)} statement(s) of another kind")
        cur = conn.execute(statements[0])
        rows = fetch_capped(iter(cur.fetchone, None), max_rows)
        return tuple(d[0] for d in (cur.description or ())), rows
    except duckdb.InterruptException:
        raise QueryTimeout(f"query ran past {timeout_s:g}s and was interrupted") from None
    finally:
        done.set()
        watchdog.join()  # no interrupt may reach the next query


def _interrupt_after(conn, timeout_s: float, done: threading.Event) -> None:
    """Interrupt ``conn`` once ``timeout_s`` has passed, and again every 10 ms until ``done`` is set."""
    if done.wait(timeout_s):
        return
    while True:
        conn.interrupt()
        if done.wait(0.01):
            return
