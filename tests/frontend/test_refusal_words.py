"""What a database's refusal means (sqlintent.db.refusal): an error for the statement's own mistakes, a
statement left unchecked where sqlintent could not ask, and never a value the database quotes."""
from __future__ import annotations

import sqlite3

import pytest

from sqlintent.db.refusal import describe


@pytest.mark.parametrize("state, message, cause", [
    ("42883", "function round(double precision, integer) does not exist", "refused"),
    ("42883", "function pg_catalog.extract(unknown, integer) does not exist", "refused"),
    ("42883", "operator does not exist: integer = text", "refused"),
    ("42803", 'column "o.id" must appear in the GROUP BY clause or be used in an aggregate function', "refused"),
    ("22P02", 'invalid input syntax for type integer: "s3cr3t-value"', "refused"),
    # an extension's operator outside pg_catalog: the probe's search_path cannot see it
    ("42883", "operator does not exist: hstore -> unknown", "unclassified"),
    ("42883", "operator does not exist: text % unknown", "unclassified"),
    ("42883", "operator does not exist: citext = citext", "unclassified"),
    ("42704", 'type "mood" does not exist', "unclassified"),
    ("42501", "permission denied for table orders", "privilege"),
    ("57014", "canceling statement due to statement timeout", "timeout"),
    ("08006", "server closed the connection unexpectedly", "unclassified"),
])
def test_postgres_states(state, message, cause):
    why = describe(sqlstate=state, message=message)
    assert why.cause == cause
    assert "s3cr3t" not in why.words and "o.id" not in why.words  # quoted parts never leave


def test_sqlite_exceptions_keep_their_words_without_quoted_parts():
    why = describe(sqlite3.OperationalError("near \"'secret-literal'\": syntax error"))
    assert why.cause == "unclassified" and "secret" not in why.words
    assert describe(sqlite3.OperationalError("interrupted")).cause == "timeout"
    assert describe(sqlite3.OperationalError("disk I/O error")).words == "disk I/O error"
