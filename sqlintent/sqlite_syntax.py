"""SQLite's own parser as the judge of a SQLite statement's syntax.

sqlglot reads more than SQLite accepts (``SELECT name, FROM t`` parses, with ``FROM`` as a column alias), so
for the ``sqlite`` dialect a statement is also compiled by SQLite itself: on an empty in-memory database,
with an authorizer that denies every action, so nothing is ever run, attached or created, whatever the text
says. Only SQLite's syntax messages count ('near "X": syntax error', "incomplete input", "unrecognized
token"); a missing table or a denied action means the statement parsed.

SQLite does not say where it stopped beyond the token's text, so the position is found by compiling the
text up to each place that token occurs: the first prefix that fails with the same message ends at it.
"""
from __future__ import annotations

import re
import sqlite3

from sqlintent.findings import Span
from sqlintent.sqlast import SqlSyntaxError

_NEAR = re.compile(r'near "(.*)": syntax error\Z', re.S)
_UNRECOGNIZED = re.compile(r'unrecognized token: "(.*)"\Z', re.S)
_MAX_CANDIDATES = 20


def _deny(*_args) -> int:
    return sqlite3.SQLITE_DENY


def _compile_error(conn: sqlite3.Connection, sql: str) -> str | None:
    """SQLite's syntax message for ``sql``, or None when SQLite parses it."""
    try:
        conn.execute(sql)
    except sqlite3.Warning:  # more than one statement: the first parsed
        return None
    except sqlite3.Error as exc:
        msg = str(exc)
        if _NEAR.match(msg) or _UNRECOGNIZED.match(msg) or msg == "incomplete input":
            return msg
    except (ValueError, OverflowError, MemoryError):  # NUL characters, a text SQLite will not take
        return None
    return None


def check(sql: str) -> SqlSyntaxError | None:
    """The syntax error SQLite finds in one statement, with the span of the token it stopped at; None when
    SQLite parses it."""
    if "\x00" in sql:
        return None
    conn = sqlite3.connect(":memory:")
    try:
        conn.set_authorizer(_deny)
        msg = _compile_error(conn, sql)
        if msg is None:
            return None
        end = len(sql.rstrip().rstrip(";").rstrip())
        if msg == "incomplete input":
            return SqlSyntaxError("the statement ends before it is complete (SQLite: incomplete input)",
                                  Span(max(0, end - 1), max(end, 1)))
        m = _NEAR.match(msg) or _UNRECOGNIZED.match(msg)
        token = m.group(1)
        span = _locate(conn, sql, token, msg) or Span(0, max(1, end))
        shown = token if len(token) <= 40 else token[:30] + "..."
        what = (f"unexpected '{shown}' (SQLite: near \"{shown}\")" if _NEAR.match(msg)
                else f"unrecognised token {shown!r} (SQLite)")
        return SqlSyntaxError(what, span)
    finally:
        conn.close()


def _locate(conn: sqlite3.Connection, sql: str, token: str, msg: str) -> Span | None:
    if not token:
        return None
    start, tried = 0, 0
    first = None
    while tried < _MAX_CANDIDATES:
        i = sql.find(token, start)
        if i < 0:
            break
        span = Span(i, i + len(token))
        first = first or span
        if _compile_error(conn, sql[:i + len(token)]) == msg:
            return span
        start, tried = i + 1, tried + 1
    return first
