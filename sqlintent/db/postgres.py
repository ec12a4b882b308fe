"""PostgreSQL through psycopg 3: read-only transactions, a statement timeout, a row cap."""
from __future__ import annotations

import threading
import time

from sqlintent.db.guard import ensure_select
from sqlintent.db.sqlite import DatabaseOpenError, QueryResult, QueryTimeout
from sqlintent.db.url import redact
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


class PostgresDatabase:
    dialect = "postgres"

    def __init__(self, url: str, *, connect_timeout_s: float = 5.0, timeout_s: float = 2.0):
        try:
            import psycopg
        except ImportError:
            raise DatabaseOpenError("PostgreSQL support needs psycopg: pip install 'sqlintent[postgres]'") \
                from None
        self.description = redact(url)
        self._lock = threading.Lock()
        self._schema = None
        ours = f"-c default_transaction_read_only=on -c statement_timeout={int(timeout_s * 1000)}"
        try:
            from psycopg.conninfo import conninfo_to_dict

            given = conninfo_to_dict(url).get("options") or ""
            self._conn = psycopg.connect(
                url, connect_timeout=max(1, int(round(connect_timeout_s))), autocommit=False,
                options=f"{given} {ours}".strip())
        except psycopg.Error as exc:
            msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise DatabaseOpenError(f"cannot connect to {self.description}: {redact(msg)}") from None
        self._conn.read_only = True

    def schema(self) -> Schema:
        if self._schema is None:
            with self._lock:
                self._schema = self._read_schema()
        return self._schema

    def _read_schema(self) -> Schema:
        with self._conn.cursor() as cur:
            cur.execute(_KINDS)
            kinds = {name: ("view" if kind == "VIEW" else "table") for name, kind in cur.fetchall()}
            cur.execute(_COLUMNS)
            tables: dict[str, Table] = {}
            for tname, cname, ctype, nullable in cur.fetchall():
                t = tables.setdefault(tname, Table(tname, kind=kinds.get(tname, "table")))
                t.columns.append(Column(cname, ctype, False, nullable == "YES"))
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

        sql = ensure_select(sql)
        start = time.monotonic()
        with self._lock:
            try:
                with self._conn.cursor() as cur:
                    cur.execute(f"SET LOCAL statement_timeout = {int(timeout_s * 1000)}")
                    cur.execute(sql)
                    rows = cur.fetchmany(max_rows + 1)
                    columns = tuple(d.name for d in (cur.description or ()))
            except psycopg.errors.QueryCanceled:
                raise QueryTimeout(f"query ran past {timeout_s:g}s and was cancelled") from None
            finally:
                self._conn.rollback()
        return QueryResult(columns, [tuple(r) for r in rows[:max_rows]], len(rows) > max_rows,
                           time.monotonic() - start)

    def version(self):
        return None

    def close(self) -> None:
        self._conn.close()
