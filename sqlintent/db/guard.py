"""Refuse anything but a single read-only query before it reaches a database."""
from __future__ import annotations

import re

_COMMENT = re.compile(r"--[^\n]*|/\*.*?(\*/|$)", re.S)
_STRING = re.compile(r"'(?:[^']|'')*'")
_READ_START = re.compile(r"^\s*(\(\s*)*(select|with|values)\b", re.I)
_FORBIDDEN = re.compile(
    r"\b(insert\s+into|insert\s+or|delete\s+from|update\s+\S+\s+set|drop|create|alter|attach|detach|"
    r"pragma|vacuum|truncate|grant|revoke)\b",
    re.I,
)


class NotReadOnlyError(ValueError):
    """The statement is not a single read-only query and was not run."""


def ensure_select(sql: str) -> str:
    """Return ``sql`` without a trailing semicolon if it is one read-only query, else raise.

    >>> ensure_select("SELECT 1;")
    'SELECT 1'
    >>> ensure_select("DELETE FROM t")
    Traceback (most recent call last):
    ...
    sqlintent.db.guard.NotReadOnlyError: only a single SELECT may be run; refusing: DELETE FROM t
    """
    stripped = sql.strip().rstrip(";").strip()
    scrubbed = _STRING.sub("''", _COMMENT.sub(" ", stripped))
    short = " ".join(stripped.split())[:80]
    if ";" in scrubbed:
        raise NotReadOnlyError(f"only a single SELECT may be run; refusing several statements: {short}")
    if not _READ_START.match(scrubbed):
        raise NotReadOnlyError(f"only a single SELECT may be run; refusing: {short}")
    # A WITH may carry a data-modifying body in some dialects (PostgreSQL); refuse such keywords anywhere
    # outside strings. Identifiers named like keywords are quoted in practice; a false refusal is safe.
    bad = _FORBIDDEN.search(_strip_quoted_identifiers(scrubbed))
    if bad:
        raise NotReadOnlyError(f"only a single SELECT may be run; '{bad.group(0)}' refused in: {short}")
    return stripped


def _strip_quoted_identifiers(sql: str) -> str:
    return re.sub(r'"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]', '""', sql)
