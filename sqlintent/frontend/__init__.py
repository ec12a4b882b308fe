"""Each database's own front end as the judge of a statement's error findings.

sqlglot reads SQL for every dialect, and reads some of it wrongly; an error finding (SIS001 syntax, SIS002
unknown table, SIS003 unknown column, SIS004 ambiguous column) fails CI, so it must be what the database itself
would say. For each dialect the database's own parser and name resolution decide:

- ``sqlite``: SQLite compiles the statement (``EXPLAIN``, never run) on an empty in-memory copy of the schema,
  with an authorizer that lets it resolve names and denies everything else (:mod:`.sqlite`).
- ``duckdb``: DuckDB parses (``extract_statements``) and binds (``PREPARE``) it on an empty in-memory copy of
  the schema, external access off and the configuration locked (:mod:`.duckdb`).
- ``postgres``: libpg_query (pglast) decides syntax; with a server configured, a ``PREPARE`` in a read-only
  transaction decides names (:mod:`.postgres`).

A :class:`Verdict` says what the database made of the statement: accepted (then no error finding is ever
emitted for it), refused with a name error the rules report at the identifier the database names, refused for
another reason, or undecided (the database could not be asked). The schema rules fall back on sqlintent's own
resolver (:mod:`sqlintent.analyzers.resolve`) only when the database could not be asked.
"""
from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlintent.findings import Span

if TYPE_CHECKING:
    from sqlintent.db.base import Database
    from sqlintent.schema.model import Schema

ACCEPTED, REFUSED, UNDECIDED = "accepted", "refused", "undecided"
NAME_KINDS = ("table", "column", "qualifier", "ambiguous")


@dataclass(frozen=True)
class Verdict:
    engine: str  # "SQLite", "DuckDB", "PostgreSQL": who decided
    outcome: str  # accepted | refused | undecided
    kind: str = ""  # for a refusal: syntax | table | column | ambiguous | other
    name: str = ""  # the identifier the database names (``t.x`` for a qualified column; the table for
    # "qualifier", a qualifier naming no table of the query)
    message: str = ""  # the database's own message, first line
    # for an undecided verdict: why the database could not judge (sqlintent.db.refusal: timeout, privilege,
    # unclassified), which leaves the statement unchecked; "" when nothing was asked of it
    cause: str = ""

    @property
    def accepted(self) -> bool:
        return self.outcome == ACCEPTED

    @property
    def names_error(self) -> bool:
        return self.outcome == REFUSED and self.kind in NAME_KINDS

    def quote(self) -> str:
        """The database's message as shown beside sqlintent's explanation."""
        return f"({self.engine}: {self.message})"


def undecided(engine: str, why: str = "", cause: str = "") -> Verdict:
    return Verdict(engine, UNDECIDED, message=why, cause=cause)


def names_verdict(sql: str, dialect: str, schema: Schema | None, database: Database | None,
                  shared: dict) -> Verdict | None:
    """What the database makes of ``sql``'s names (tables, columns), on ``schema``; None where no database
    front end applies (another dialect, no schema, a database of another dialect)."""
    if schema is None or "\x00" in sql:
        return None
    if database is not None and database.dialect != dialect:
        return None
    if dialect == "sqlite":
        from sqlintent.frontend.sqlite import judge
    elif dialect == "duckdb":
        from sqlintent.frontend.duckdb import judge
    elif dialect == "postgres" and database is not None:
        if schema is not database.schema():  # with tables a checked file creates: the server lacks them
            return None
        from sqlintent.frontend.postgres import judge_on_server as judge
    else:
        return None
    return judge(sql, schema, database, shared)


def locate(sql: str, name: str) -> Span | None:
    """Where the identifier ``name`` (``t.x`` or ``x``, as a database names it) occurs in ``sql``: the first
    occurrence outside string literals and comments, quoted or not; None when it does not occur."""
    if not name:
        return None
    parts = [re.escape(p) for p in name.split(".")]
    ident = [rf'(?:"{p}"|`{p}`|\[{p}\]|\b{p}\b)' for p in parts]
    pattern = re.compile(r"\s*\.\s*".join(ident), re.IGNORECASE)
    masked = _mask(sql)
    m = pattern.search(masked)
    return Span(m.start(), m.end()) if m else None


_LITERALS = re.compile(r"'(?:[^']|'')*'?|--[^\n]*|/\*.*?(?:\*/|\Z)", re.DOTALL)


def _mask(sql: str) -> str:
    """``sql`` with string literals and comments blanked (same length, so offsets hold)."""
    return _LITERALS.sub(lambda m: " " * len(m.group(0)), sql)


_BUILD = threading.Lock()


def cached(shared: dict, key: str, schema, build):
    """The front end kept in an engine's front ends (``EngineShared.frontends``) under ``key``: ``build()`` made once per engine and
    schema (a reloaded schema replaces it), and again in a forked worker (a connection never crosses a fork)."""
    with _BUILD:
        found = shared.get(key)
        if found is None or found[0] is not schema or found[1] != os.getpid():
            found = shared[key] = (schema, os.getpid(), build())
    return found[2]
