"""SQLite's own front end on an empty in-memory copy of the schema: syntax, unknown tables and columns,
ambiguous columns, exactly as SQLite names them.

The statement is compiled as ``EXPLAIN <statement>``, which prepares it without ever running it, on a
throwaway in-memory database holding only empty copies of the schema's tables. The authorizer lets SQLite
resolve names (SELECT, reading a column, which it replaces with NULL, calling a function, a recursive CTE,
INSERT/UPDATE/DELETE of the copies) and denies every other action (ATTACH, PRAGMA, CREATE, ...): a denied
statement is undecided, not accepted.
"""
from __future__ import annotations

import re
import sqlite3
import threading

from sqlintent.frontend import ACCEPTED, REFUSED, Verdict, cached, undecided
from sqlintent.frontend.schema_copy import create_tables

ENGINE = "SQLite"
_ALLOWED = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE, sqlite3.SQLITE_INSERT,
            sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE}
_NAMES = (("column", re.compile(r"no such column: (.+)\Z", re.DOTALL)),
          ("table", re.compile(r"no such table: (.+)\Z", re.DOTALL)),
          ("ambiguous", re.compile(r"ambiguous column name: (.+)\Z", re.DOTALL)))
_SYNTAX = re.compile(r'near ".*": syntax error\Z|unrecognized token: |incomplete input\Z', re.DOTALL)
_DENIED = re.compile(r"not authorized\Z|access to .* is prohibited\Z", re.DOTALL)


def _authorize(action, *_args) -> int:
    if action == sqlite3.SQLITE_READ:
        return sqlite3.SQLITE_IGNORE  # the column resolved; nothing is read
    return sqlite3.SQLITE_OK if action in _ALLOWED else sqlite3.SQLITE_DENY


class SqliteFrontend:
    def __init__(self, schema):
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        self.copy = create_tables(schema, conn.execute, typed=False)
        conn.set_authorizer(_authorize)
        self.conn = conn
        self.lock = threading.Lock()

    def judge(self, sql: str) -> Verdict:
        text = sql.strip().rstrip(";").strip()
        if not text:
            return undecided(ENGINE)
        if not re.match(r"explain\b", text, re.IGNORECASE):
            text = "EXPLAIN " + text
        with self.lock:
            try:
                self.conn.execute(text).fetchall()
            except sqlite3.Warning:  # more than one statement
                return undecided(ENGINE, "more than one statement")
            except sqlite3.Error as exc:
                return self._refused(str(exc))
            except (ValueError, OverflowError, MemoryError):
                return undecided(ENGINE)
        return Verdict(ENGINE, ACCEPTED)

    def _refused(self, msg: str) -> Verdict:
        if _SYNTAX.match(msg):
            return Verdict(ENGINE, REFUSED, "syntax", message=msg)
        if _DENIED.match(msg):
            return undecided(ENGINE, msg)
        for kind, pattern in _NAMES:
            m = pattern.match(msg)
            if m:
                name = m.group(1)
                if kind == "table" and name.lower().split(".")[-1] in self.copy.missing:
                    return undecided(ENGINE, msg)  # a table the copy lacks: not SQLite's verdict
                if kind == "column" and self.copy.missing:
                    return undecided(ENGINE, msg)  # it may be a column of a table the copy lacks
                return Verdict(ENGINE, REFUSED, kind, name, msg)
        return Verdict(ENGINE, REFUSED, "other", message=msg)


def frontend_for(schema, shared: dict) -> SqliteFrontend:
    return cached(shared, "frontend.sqlite", schema, lambda: SqliteFrontend(schema))  # one copy per engine


def judge(sql: str, schema, database, shared: dict) -> Verdict:
    return frontend_for(schema, shared).judge(sql)
