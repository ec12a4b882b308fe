"""PostgreSQL's own front end: libpg_query (through pglast) for syntax, and, when a server is configured,
the server's parse analysis (``PREPARE``, never executed, in a read-only transaction) for tables and columns.

pglast is optional (the ``postgres`` extra); without it sqlglot alone reads PostgreSQL syntax, as before.
The server-side check runs only on statements the probe guard lets through, with the probes' name scope:
tables qualified with the schema sqlintent loaded and ``search_path`` reduced to pg_catalog
(:mod:`sqlintent.db.pg_scope`), so a name outside them is not found rather than resolved elsewhere.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from sqlintent.findings import Span
from sqlintent.frontend import ACCEPTED, REFUSED, Verdict, undecided

if TYPE_CHECKING:
    from sqlintent.db.base import Database

ENGINE = "PostgreSQL"
PREPARE_TIMEOUT_S = 2.0
_NAMES = {"42703": ("column", re.compile(r'column "?(.+?)"? does not exist')),
          "42P01": ("table", re.compile(r'relation "(.+?)" does not exist')),
          "42702": ("ambiguous", re.compile(r'column reference "(.+?)" is ambiguous'))}
_MISSING_FROM = re.compile(r'missing FROM-clause entry for table "(.+?)"')


def syntax_error(sql: str):
    """libpg_query's syntax error in ``sql`` as a SqlSyntaxError at the place it stopped; None when it
    parses, or when pglast is not installed."""
    try:
        from pglast.parser import ParseError, parse_sql
    except ImportError:
        return None
    from sqlintent.sqlast import SqlSyntaxError

    try:
        parse_sql(sql)
    except ParseError as exc:
        msg, location = (exc.args + (None, None))[:2]
        end = len(sql.rstrip().rstrip(";").rstrip())
        if isinstance(location, int) and 0 <= location < len(sql.encode("utf-8")):
            start = len(sql.encode("utf-8")[:location].decode("utf-8", "ignore"))
            word = re.match(r"\w+|\S", sql[start:])
            span = Span(start, start + (len(word.group(0)) if word else 1))
        else:
            span = Span(max(0, end - 1), max(end, 1))
        return SqlSyntaxError(f"{msg} (PostgreSQL)", span)
    except Exception:  # noqa: BLE001 - whatever libpg_query makes of hostile text: no verdict
        return None
    return None


def judge_on_server(sql: str, schema, database: Database, shared: dict) -> Verdict:
    """The server's parse analysis of ``sql`` (see the module's docstring)."""
    if not database.can_prepare:
        return undecided(ENGINE)
    try:
        database.prepare(sql, timeout_s=PREPARE_TIMEOUT_S)
    except Exception as exc:  # noqa: BLE001 - refused by the guard, the server, or the connection
        state = getattr(getattr(exc, "diag", None), "sqlstate", None) or getattr(exc, "sqlstate", None)
        msg = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return _verdict(state, msg)
    return Verdict(ENGINE, ACCEPTED)


def _verdict(state: str | None, msg: str) -> Verdict:
    if state == "42P01":
        m = _MISSING_FROM.search(msg)
        if m:
            return Verdict(ENGINE, REFUSED, "qualifier", m.group(1), msg)
    if state in _NAMES:
        kind, pattern = _NAMES[state]
        m = pattern.search(msg)
        if m:
            name = m.group(1)
            if kind == "table":
                name = name.rsplit(".", 1)[-1]  # qualified by the probe's scope
            return Verdict(ENGINE, REFUSED, kind, name, msg)
    if not state:  # the guard's refusal (SIX002 says it), or the connection: the server was not asked
        return undecided(ENGINE, msg)
    from sqlintent.db.refusal import REFUSED as REFUSED_CAUSE, describe

    why = describe(sqlstate=state, message=msg, engine=ENGINE)
    if why.cause == REFUSED_CAUSE:  # the server refuses the statement itself, whatever the data (SIS007)
        return Verdict(ENGINE, REFUSED, "other", message=why.words)
    return undecided(ENGINE, why.words, cause=why.cause)  # it could not be asked: the statement goes unchecked
