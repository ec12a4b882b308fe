"""A checked file's own DDL as schema: the tables and views a file creates (a schema file, a dump, a
migration) are known to the file's later statements and to its own DDL, beside the configured schema.

:func:`file_schema` reads the file's CREATE TABLE / CREATE VIEW statements with the schema reader
(:func:`sqlintent.schema.ddl.parse_ddl`); when they create a table the configured schema lacks, the file is
checked with both (:data:`CURRENT`, set by the engine around the file's statements), and the statement cache
keys carry the DDL's fingerprint, so a result never crosses to a file without it.
"""
from __future__ import annotations

import hashlib
import re
from contextvars import ContextVar

# (schema, fingerprint, the names of the tables it adds) while a file with its own tables is checked, else None
CURRENT: ContextVar[tuple | None] = ContextVar("sqlintent_file_schema", default=None)
_CREATES = re.compile(r"(?:\s|--[^\n]*\n|/\*.*?\*/)*CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:GLOBAL\s+|LOCAL\s+)?"
                      r"(?:TEMP|TEMPORARY|UNLOGGED)\s+)?(?:TABLE|VIEW)\b", re.IGNORECASE | re.DOTALL)
MAX_DDL_CHARS = 2_000_000


def file_schema(statements, base, dialect: str):
    """(schema, fingerprint) for a file whose statements create tables ``base`` lacks, else None."""
    if base is None:  # no schema to add to: the file's tables alone would make every other table unknown
        return None
    ddl = [s.text for s in statements if _CREATES.match(s.text)]
    if not ddl or sum(len(t) for t in ddl) > MAX_DDL_CHARS:
        return None
    from sqlintent import limits
    from sqlintent.schema.ddl import parse_ddl
    from sqlintent.schema.model import Schema

    tables = []
    for text in ddl:  # one by one: a statement the reader cannot take costs only itself
        try:
            tables.extend(limits.run_bounded(lambda text=text: parse_ddl(text, dialect), limits.PARSE_DEADLINE_S))
        except Exception:  # noqa: BLE001 - SchemaFileError, a deadline, a parser's error: not schema
            continue
    known = base.tables
    new = [t for t in tables if t.name.lower() not in known]
    if not new:
        return None
    merged = Schema.from_tables([*known.values(), *new], source=base.source, dialect=base.dialect,
                                database=base.database)
    digest = hashlib.sha256("\x00".join(ddl).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return merged, f"file-schema:{digest}", frozenset(t.name.lower() for t in new)


def current_schema(default):
    """The schema a statement is checked with now: the file's when it has one, else ``default``."""
    found = CURRENT.get()
    return found[0] if found is not None else default


def uses_new_table(sql: str) -> bool:
    """Whether ``sql`` names a table the checked file creates (the database has no rows of it to probe)."""
    found = CURRENT.get()
    if found is None:
        return False
    words = {w.lower() for w in re.findall(r"[A-Za-z_][A-Za-z0-9_$]*", sql)}
    return bool(words & found[2])


def key_suffix() -> tuple:
    found = CURRENT.get()
    return () if found is None else (found[1],)
