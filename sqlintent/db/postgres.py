"""PostgreSQL through psycopg 3: read-only sessions, timeouts on both sides, one statement per probe.

Every session is read only (``default_transaction_read_only`` and ``BEGIN READ ONLY``) with
``statement_timeout``, ``lock_timeout``, ``idle_in_transaction_session_timeout`` and
``standard_conforming_strings`` set when it connects. A probe is sent with the extended query protocol
(``cursor.stream``), which the server refuses for more than one statement, and rows are read one at a
time up to the row and byte caps. The server cancels a probe at its
deadline; if it has not returned ``CANCEL_GRACE_S`` later the client cancels it too, and ``DROP_GRACE_S``
later the connection is dropped (shut down under the waiting driver) and opened again for the next probe.

The role's privileges are read once: a superuser, a member of the server-file roles or a role that can
write the tables it reads is reported (see ``privilege_problem``).
"""
from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

from sqlintent.db.guard import ProbeRefused, ensure_select
from sqlintent.db.pg_scope import SEARCH_PATH, qualify_tables
from sqlintent.db.limits import CANCEL_GRACE_S, DROP_GRACE_S, cap_rows, fetch_capped
from sqlintent.db.sqlite import DatabaseOpenError, QueryResult, QueryTimeout
from sqlintent.db.url import credential_options, redact
from sqlintent.schema.model import Column, ForeignKey, Schema, Table

_COLUMNS = """
SELECT c.table_name, c.column_name, c.data_type, c.is_nullable
FROM information_schema.columns c
JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
WHERE c.table_schema = current_schema()
ORDER BY c.table_name, c.ordinal_position
"""
_KINDS = """
SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = current_schema()
"""
_KEYS = """
SELECT con.contype, cl.relname, con.conkey::int[], fcl.relname, con.confkey::int[], con.conrelid, con.confrelid
FROM pg_constraint con
JOIN pg_class cl ON cl.oid = con.conrelid
JOIN pg_namespace ns ON ns.oid = cl.relnamespace
LEFT JOIN pg_class fcl ON fcl.oid = con.confrelid
WHERE ns.nspname = current_schema() AND con.contype IN ('p', 'f')
"""
_ATTNAMES = "SELECT attrelid, attnum, attname FROM pg_attribute WHERE attnum > 0 AND attrelid = ANY(%s)"
_UNREADABLE = """
SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
  AND NOT has_table_privilege(c.oid, 'SELECT') ORDER BY 1 LIMIT 1000
"""
_UNREADABLE_COLUMNS = """
SELECT c.relname::text, c.relkind::text, a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
  AND NOT has_table_privilege(c.oid, 'SELECT') AND NOT has_any_column_privilege(c.oid, 'SELECT')
ORDER BY c.relname, a.attnum LIMIT 20000
"""
_PRIVILEGES = """
SELECT current_setting('is_superuser') = 'on',
       ARRAY(SELECT r FROM unnest(ARRAY['pg_read_server_files', 'pg_write_server_files',
                                        'pg_execute_server_program']) AS r
             WHERE EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) AND pg_has_role(current_user, r, 'MEMBER')),
       ARRAY(SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
               AND has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE') ORDER BY 1)
"""


class PostgresDatabase:
    """A PostgreSQL server reached through a URL (a :class:`sqlintent.db.base.Database`)."""

    dialect = "postgres"
    path: Path | None = None  # a server: no file to watch
    can_prepare = True  # prepare(): the server's own parse analysis (sqlintent.frontend.postgres)
    superuser: bool  # set from the role's privileges when it connects (and privilege_problem with it)

    def __init__(self, url: str, *, connect_timeout_s: float = 5.0, timeout_s: float = 2.0, origin: str = "user"):
        """``origin``: who wrote ``url`` ("user", "config" or "untrusted"; :func:`sqlintent.db.url.credential_options`)."""
        try:
            import psycopg  # noqa: F401 - whether it is installed
        except ImportError:
            raise DatabaseOpenError("PostgreSQL support needs psycopg: pip install 'sqlintent[postgres]'") \
                from None
        self.description = redact(url)
        self._url = url
        self._origin = origin
        self._connect_timeout_s = connect_timeout_s
        self._timeout_ms = max(1, int(timeout_s * 1000))
        self._lock = threading.Lock()
        self._schema = None
        self._conn = self._connect()
        self.superuser, self.server_file_roles, self.writable_tables = self._privileges()

    def _connect(self):
        import psycopg

        authority = self._url.split("://", 1)[-1].split("/", 1)[0]
        if authority.count("@") > 1:
            raise DatabaseOpenError(f"cannot connect to {self.description}: the password holds an unencoded "
                                    "'@'; write it as %40")
        t = self._timeout_ms
        ours = (f"-c default_transaction_read_only=on -c statement_timeout={t} -c lock_timeout={t} "
                f"-c idle_in_transaction_session_timeout={max(1000, 5 * t)} -c standard_conforming_strings=on")
        try:
            from psycopg.conninfo import conninfo_to_dict

            info = conninfo_to_dict(self._url)
            if self._origin != "user":  # a URL written in a file: its parameters are refused there already
                from sqlintent.trust import url_problem

                refused = url_problem(self._url)
                if refused:
                    raise DatabaseOpenError(f"cannot connect to {self.description}: {refused}")
            given = info.get("options") or ""
            conn = psycopg.connect(
                self._url, connect_timeout=max(1, int(round(self._connect_timeout_s))), autocommit=False,
                options=f"{given} {ours}".strip(), application_name=info.get("application_name") or "sqlintent",
                **credential_options(info, self._origin, psycopg.pq.version()))
        except (psycopg.Error, ValueError) as exc:
            msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise DatabaseOpenError(f"cannot connect to {self.description}: {redact(msg)}") from None
        conn.read_only = True
        conn.prepare_threshold = None  # nothing is prepared: no server-side state outlives a probe
        if conn.info.server_version >= 140000:  # the server notices a dropped client within 100 ms
            conn.execute("SET client_connection_check_interval = 100")
            conn.commit()
        # the schema whose tables sqlintent reads: probes name their tables in it (sqlintent.db.pg_scope)
        self.schema_name = conn.execute("SELECT current_schema()").fetchone()[0]
        conn.rollback()
        return conn

    def _privileges(self) -> tuple[bool, list[str], list[str]]:
        with self._conn.cursor() as cur:
            cur.execute(_PRIVILEGES)
            superuser, file_roles, writable = cur.fetchone()
        self._conn.rollback()
        return bool(superuser), list(file_roles or ()), list(writable or ())

    def unreadable_tables(self) -> list[str]:
        """The tables and views of the role's schema it may not SELECT from (they are missing from the
        schema sqlintent reads, and no probe can read them): their names, sorted."""
        try:
            with self._conn.cursor() as cur:
                cur.execute(_UNREADABLE)
                names = [r[0] for r in cur.fetchall()]
            self._conn.rollback()
        except Exception:  # noqa: BLE001 - a catalogue the role cannot read: nothing to say
            try:
                self._conn.rollback()
            except Exception:  # noqa: BLE001
                pass
            return []
        return names

    @property
    def privilege_problem(self) -> str | None:
        """Why this role has more rights than probes need (printable, no secret), or None."""
        if self.superuser:
            return "the PostgreSQL role is a superuser"
        if self.server_file_roles:
            return f"the PostgreSQL role is a member of {', '.join(self.server_file_roles)}"
        if self.writable_tables:
            names = ", ".join(self.writable_tables[:5]) + (" ..." if len(self.writable_tables) > 5 else "")
            return f"the PostgreSQL role can write the tables it reads ({names})"
        return None

    def schema(self) -> Schema:
        if self._schema is None:
            with self._lock:
                self._schema = self._read_schema()
        return self._schema

    def _read_schema(self) -> Schema:
        if self._conn is None or self._conn.closed:
            self._conn = self._connect()
        with self._conn.cursor() as cur:
            cur.execute(_KINDS)
            kinds = {name: ("view" if kind == "VIEW" else "table") for name, kind in cur.fetchall()}
            cur.execute(_COLUMNS)
            tables: dict[str, Table] = {}
            for tname, cname, ctype, nullable in cur.fetchall():
                t = tables.setdefault(tname, Table(tname, kind=kinds.get(tname, "table")))
                t.columns.append(Column(cname, ctype, False, nullable == "YES"))
            # tables the role may not read are absent from information_schema; the catalogue still names them
            # and their columns, so a query on them is not called wrong (its probes fail: SIU001 counts it)
            cur.execute(_UNREADABLE_COLUMNS)
            for tname, kind, cname, ctype, notnull in cur.fetchall():
                t = tables.setdefault(tname, Table(tname, kind="view" if kind == "v" else "table"))
                t.columns.append(Column(cname, ctype, False, not notnull))
            cur.execute(_KEYS)
            keys = cur.fetchall()
            rel_ids = sorted({r[5] for r in keys} | {r[6] for r in keys if r[6]})
            names = {}
            if rel_ids:
                cur.execute(_ATTNAMES, (rel_ids,))
                names = {(rel, num): name for rel, num, name in cur.fetchall()}
        self._conn.rollback()
        for contype, tname, conkey, ftname, confkey, relid, frelid in keys:
            t = tables.get(tname)
            if t is None:
                continue
            cols = tuple(names[(relid, k)] for k in conkey)
            if contype == "p":
                t.primary_key = cols
                for c in t.columns:
                    c.primary_key = c.name in cols
            else:
                t.foreign_keys.append(ForeignKey(cols, ftname, tuple(names[(frelid, k)] for k in confkey)))
        schema = Schema.from_tables(tables.values(), source=self.description, dialect="postgres")
        schema.database = self
        return schema

    def run_select(self, sql: str, *, timeout_s: float = 2.0, max_rows: int = 1000) -> QueryResult:
        import psycopg

        start = time.monotonic()
        sql = ensure_select(sql, "postgres")
        if self.schema_name is None:
            raise ProbeRefused("not probed: the role's search_path names no schema", "no schema")
        try:  # tables in the loaded schema, every other name in pg_catalog only (pg_scope)
            qualified = qualify_tables(sql, self.schema_name)
        except Exception as exc:  # noqa: BLE001 - whatever the parser makes of hostile text: not run
            raise ProbeRefused(f"not probed: its tables cannot be qualified ({type(exc).__name__})",
                               "unqualified tables") from None
        sql = ensure_select(qualified, "postgres")
        with self._lock:
            if self._conn is None or self._conn.closed:
                self._conn = self._connect()
            conn = self._conn
            remaining = max(0.001, timeout_s - (time.monotonic() - start))
            done, dropped = threading.Event(), threading.Event()
            watchdog = threading.Thread(target=_cancel_after, args=(conn, start + timeout_s, done, dropped),
                                        daemon=True, name="sqlintent-postgres-timeout")
            try:
                with conn.cursor() as cur:
                    cur.execute(f"SET LOCAL statement_timeout = {max(1, int(remaining * 1000))}")
                    cur.execute(SEARCH_PATH)
                    watchdog.start()
                    # stream(): the extended query protocol (one statement or an error), row by row, so the
                    # row and byte caps stop the transfer instead of trimming what already arrived
                    rows = fetch_capped(cur.stream(sql), max_rows)
                    columns = tuple(d.name for d in (cur.description or ()))
            except psycopg.errors.QueryCanceled:
                raise QueryTimeout(f"query ran past {timeout_s:g}s and was cancelled") from None
            except psycopg.OperationalError:
                if dropped.is_set():
                    raise QueryTimeout(f"query ran past {timeout_s:g}s; the connection was dropped") from None
                raise
            finally:
                done.set()
                if watchdog.is_alive():
                    watchdog.join()
                self._finish(conn, dropped.is_set() or time.monotonic() >= start + timeout_s)
        rows, truncated = cap_rows(rows, max_rows)
        return QueryResult(columns, rows, truncated, time.monotonic() - start)

    def prepare(self, sql: str, *, timeout_s: float = 2.0) -> None:
        """Have the server parse and analyse ``sql`` (``PREPARE``, then ``DEALLOCATE``: never executed) in a
        read-only transaction, in the probes' name scope; raises the server's error (sqlintent.frontend)."""
        sql = ensure_select(sql, "postgres")
        if self.schema_name is None:
            raise ProbeRefused("not checked: the role's search_path names no schema", "no schema")
        qualified = ensure_select(qualify_tables(sql, self.schema_name), "postgres")
        with self._lock:
            if self._conn is None or self._conn.closed:
                self._conn = self._connect()
            conn = self._conn
            try:
                with conn.cursor() as cur:
                    cur.execute(f"SET LOCAL statement_timeout = {max(1, int(timeout_s * 1000))}")
                    cur.execute(SEARCH_PATH)
                    cur.execute("PREPARE sqlintent_frontend AS " + qualified)
                    cur.execute("DEALLOCATE sqlintent_frontend")
            finally:
                self._finish(conn, False)

    def _finish(self, conn, discard: bool) -> None:
        """End the probe's transaction. A connection past its deadline (or dropped, or broken) is closed in
        the background, which ends its session, and the next probe opens a fresh one."""
        if not discard and not conn.broken:
            try:
                conn.rollback()
                return
            except Exception:
                pass
        self._conn = None
        threading.Thread(target=_close_quietly, args=(conn,), daemon=True, name="sqlintent-postgres-close").start()

    def version(self):
        return None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()


def _cancel_after(conn, deadline: float, done: threading.Event, dropped: threading.Event) -> None:
    """Cancel the running query ``CANCEL_GRACE_S`` after ``deadline`` (time.monotonic), in the background;
    drop the connection ``DROP_GRACE_S`` after it if the query still has not returned."""
    if done.wait(max(0.0, deadline + CANCEL_GRACE_S - time.monotonic())):
        return
    threading.Thread(target=_cancel, args=(conn,), daemon=True, name="sqlintent-postgres-cancel").start()
    if done.wait(max(0.0, deadline + DROP_GRACE_S - time.monotonic())):
        return
    dropped.set()
    try:
        sock = socket.socket(fileno=os.dup(conn.pgconn.socket))
        try:
            sock.shutdown(socket.SHUT_RDWR)
        finally:
            sock.close()
    except Exception:
        pass


def _close_quietly(conn) -> None:
    try:
        conn.close()
    except Exception:
        pass


def _cancel(conn) -> None:
    try:
        conn.cancel_safe(timeout=1.0)
    except Exception:
        pass
