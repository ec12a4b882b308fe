"""DuckDB's own front end on an empty in-memory copy of the schema: its parser for syntax, its binder for
tables and columns.

The statement is parsed with ``extract_statements`` and bound with ``PREPARE`` (never executed) on an
in-memory database holding only empty copies of the schema's tables, with their types where DuckDB takes
them. External access is off, extensions are neither installed nor loaded, memory is capped, one thread runs,
the configuration is locked, and a watchdog interrupts a statement that takes too long to prepare.
"""
from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING

from sqlintent.findings import Span
from sqlintent.frontend import ACCEPTED, REFUSED, Verdict, cached, undecided
from sqlintent.frontend.schema_copy import create_tables, quote

if TYPE_CHECKING:
    from sqlintent.schema.model import Schema

ENGINE = "DuckDB"
PREPARE_TIMEOUT_S = 1.0
_NAMES = (("column", re.compile(r'Binder Error: Referenced column "(.+?)" not found')),
          ("column", re.compile(r'Binder Error: Values list "[^"]*" does not have a column named "(.+?)"')),
          ("qualifier", re.compile(r'Binder Error: Referenced table "(.+?)" not found')),
          ("table", re.compile(r"Catalog Error: Table with name (.+?) does not exist")),
          ("ambiguous", re.compile(r'Binder Error: Ambiguous reference to column name "(.+?)"')))
_NEAR = re.compile(r'syntax error at or near "(.*?)"')


def _judged_kinds() -> tuple:
    """The kinds of statement prepared here; any other kind (ATTACH, COPY, PRAGMA, ...) is never prepared."""
    import duckdb

    t = duckdb.StatementType
    return (t.SELECT, t.INSERT, t.UPDATE, t.DELETE)


def _connect():
    import duckdb

    from sqlintent.db.duckdb import _CONFIG

    conn = duckdb.connect(":memory:", config=dict(_CONFIG))
    conn.execute("SET enable_progress_bar = false")
    return conn


def catalog_of(schema: Schema) -> str | None:
    """The catalog name the real DuckDB database has (a file's name without its extension, as DuckDB names
    it), so that the copy resolves three-part names (``"jaffle"."main"."orders"``, as dbt writes them); None
    when the schema did not come from a DuckDB file."""
    from pathlib import Path

    source = schema.source
    if schema.dialect != "duckdb" or not source or "," in source:
        return None
    stem = Path(source).stem
    return stem if stem and stem.lower() not in ("memory", "system", "temp") else None


class DuckDBFrontend:
    def __init__(self, schema):
        conn = _connect()
        catalog = catalog_of(schema) if schema is not None else None
        if catalog:  # an in-memory catalog under the real one's name (ATTACH ':memory:' reads no file)
            conn.execute(f"ATTACH ':memory:' AS {quote(catalog)}")
            conn.execute(f"USE {quote(catalog)}")
        self.copy = create_tables(schema, conn.execute, typed=True) if schema is not None else None
        conn.execute("SET lock_configuration = true")
        self.conn = conn
        self.lock = threading.Lock()

    def syntax(self, sql: str) -> tuple[str, Span] | None:
        """DuckDB's parser error for ``sql`` (its message and the span where it stopped), or None."""
        import duckdb

        with self.lock:
            try:
                self.conn.extract_statements(sql)
            except duckdb.ParserException as exc:
                msg = str(exc)
            except duckdb.Error:
                return None
            else:
                return None
        return msg.split("\n", 1)[0], _where(sql, msg)

    def judge(self, sql: str) -> Verdict:
        import duckdb

        from sqlintent.db.duckdb import _interrupt_after

        with self.lock:
            try:
                statements = self.conn.extract_statements(sql)
            except duckdb.ParserException as exc:
                return Verdict(ENGINE, REFUSED, "syntax", message=str(exc).split("\n", 1)[0])
            except duckdb.Error as exc:
                return undecided(ENGINE, str(exc))
            if len(statements) != 1 or statements[0].type not in _judged_kinds():
                return undecided(ENGINE, "not one SELECT, INSERT, UPDATE or DELETE statement")
            done = threading.Event()
            watchdog = threading.Thread(target=_interrupt_after, args=(self.conn, PREPARE_TIMEOUT_S, done),
                                        daemon=True, name="sqlintent-duckdb-frontend")
            watchdog.start()
            try:
                self.conn.execute("PREPARE sqlintent_frontend AS " + statements[0].query)
                self.conn.execute("DEALLOCATE sqlintent_frontend")
            except duckdb.Error as exc:
                return self._refused(str(exc))
            finally:
                done.set()
                watchdog.join()
        return Verdict(ENGINE, ACCEPTED)

    def _refused(self, msg: str) -> Verdict:
        first = msg.split("\n", 1)[0]
        if first.startswith("Parser Error"):
            return undecided(ENGINE, first)  # the PREPARE around it, not the statement
        for kind, pattern in _NAMES:
            m = pattern.match(first)
            if m:
                name = m.group(1)
                if self.copy.missing and kind != "ambiguous":
                    return undecided(ENGINE, first)
                return Verdict(ENGINE, REFUSED, kind, name, first)
        if first.startswith(("Binder Error", "Catalog Error")):
            return Verdict(ENGINE, REFUSED, "other", message=first)
        return undecided(ENGINE, first)  # interrupted, out of memory, permission: not a verdict


def _where(sql: str, msg: str) -> Span:
    """The span DuckDB's error message points at: its ``LINE n:`` excerpt and caret, else the token named."""
    m = re.search(r"\nLINE (\d+): (.*)\n( *)\^+", msg)
    near = _NEAR.search(msg)
    token = near.group(1) if near else ""
    lines = sql.split("\n")
    if m:
        n, shown, caret = int(m.group(1)), m.group(2), len(m.group(3)) - len(f"LINE {m.group(1)}: ")
        if 1 <= n <= len(lines) and lines[n - 1] == shown and 0 <= caret <= len(shown):
            start = sum(len(ln) + 1 for ln in lines[:n - 1]) + caret
            return Span(start, start + max(1, len(token)) if token else start + 1)
    if token:
        i = sql.find(token)
        if i >= 0:
            return Span(i, i + len(token))
    end = len(sql.rstrip().rstrip(";").rstrip())
    return Span(max(0, end - 1), max(end, 1))


def frontend_for(schema, shared: dict) -> DuckDBFrontend:
    key = "frontend.duckdb" if schema is not None else "frontend.duckdb.parser"  # one per engine
    return cached(shared, key, schema, lambda: DuckDBFrontend(schema))


def judge(sql: str, schema, database, shared: dict) -> Verdict:
    return frontend_for(schema, shared).judge(sql)


def syntax_error(sql: str, shared: dict):
    """DuckDB's parser's syntax error in ``sql`` as a SqlSyntaxError, or None when DuckDB parses it."""
    from sqlintent.sqlast import SqlSyntaxError

    found = frontend_for(None, shared).syntax(sql)
    if found is None:
        return None
    msg, span = found
    return SqlSyntaxError(f"{msg.removeprefix('Parser Error: ')} (DuckDB)", span)
