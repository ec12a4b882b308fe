"""A failed probe is reported by its class, never with the database's message (issue 37, item 1).

Databases quote the value they reject: one statement that feeds ``group_concat`` of a secrets column to a
function that rejects it (SQLite's ``json_extract`` path, DuckDB and PostgreSQL casts) used to print the whole
column in SIX001's message, with ``CI=true``, in every output format. Here the attack runs through the real CLI
(text, JSON, SARIF, GitHub annotations) and the real language server (diagnostics, hover), on SQLite, DuckDB
and PostgreSQL, and no stored value may come out; with ``--show-values always`` outside CI the database's
message is shown, but through the secret filter.
"""
from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from tests.security.cli_run import sqlintent

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import pg_support  # noqa: E402

# one value that looks like a key and two that look like nothing (plain words): none may leave in CI. (A
# column named like a secret, or whose values mostly look like keys, is not probed at all with values
# hidden: test_oracle.py. This one is neither, so the probe runs and fails.)
KEY = "sk_live_51HqLyjWDarjtT1zdp7dcXyz"
WORDS = "quietmeadowpassphrase"
TOKENS = [KEY, WORDS, "silverlanternharbour"]
PG_SCHEMA = "sqlintent_secdata_msgs"

ATTACKS = {
    # SQLite: a JSON path built from the column; the error says "JSON path error near '<the path>'"
    "sqlite": "-- intent: the tokens\nSELECT json_extract('[1]', group_concat(note)) FROM secrets;\n",
    # DuckDB and PostgreSQL: a failing cast quotes the string it could not convert
    "duckdb": "-- intent: the tokens\nSELECT CAST(string_agg(note, ',') AS INTEGER) FROM secrets;\n",
    "postgres": "-- intent: the tokens\nSELECT CAST(string_agg(note, ',') AS integer) FROM secrets;\n",
}
CLASS = {"sqlite": "SQLite error (a bad JSON path)", "duckdb": "DuckDB ConversionException",
         "postgres": "PostgreSQL error 22P02 invalid_text_representation (data exception)"}
DDL = "CREATE TABLE secrets (id INTEGER PRIMARY KEY, note TEXT)"


def _fill(execute) -> None:
    execute(DDL)
    for i, t in enumerate(TOKENS, 1):
        execute(f"INSERT INTO secrets VALUES ({i}, '{t}')")


@pytest.fixture(scope="module")
def pg_url():
    if not pg_support.PROBE_URL:
        pytest.skip(pg_support.SKIP_REASON)
    pytest.importorskip("psycopg")
    pg_support.create_schema(PG_SCHEMA, DDL + ";\n" + "".join(
        f"INSERT INTO secrets VALUES ({i}, '{t}');\n" for i, t in enumerate(TOKENS, 1)))
    yield pg_support.with_search_path(pg_support.PROBE_URL, PG_SCHEMA)
    pg_support.drop_schema(PG_SCHEMA)


def _workspace(tmp_path: Path, dialect: str, request) -> tuple[Path, str]:
    """A folder holding the attack and the database (a file, or the URL of the server's schema)."""
    ws = tmp_path / "ws"
    ws.mkdir()
    if dialect == "sqlite":
        db = sqlite3.connect(ws / "app.db")
        _fill(db.execute)
        db.commit()
        db.close()
        location = "app.db"
    elif dialect == "duckdb":
        duckdb = pytest.importorskip("duckdb")
        con = duckdb.connect(str(ws / "app.duckdb"))
        _fill(con.execute)
        con.close()
        location = "app.duckdb"
    else:
        location = request.getfixturevalue("pg_url")
    (ws / "attack.sql").write_text(ATTACKS[dialect], encoding="utf-8")
    return ws, location


def _leaks(text: str) -> list[str]:
    return [t for t in TOKENS if t in text or t[:10] in text]


DIALECTS = ["sqlite", "duckdb", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_a_failed_probe_prints_no_stored_value_in_ci(tmp_path, request, dialect, fmt):
    ws, location = _workspace(tmp_path, dialect, request)
    proc = sqlintent(ws, "check", "attack.sql", "--db", location, "--no-model", "--format", fmt,
                     env={"CI": "true"})
    out = proc.stdout.decode() + proc.stderr.decode()
    assert "SIX001" in out, out  # the probe failed, and that is said
    assert CLASS[dialect] in out, out  # by the database's class of error
    assert _leaks(out) == [], out


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_mode_never_and_published_formats_hide_the_message_outside_ci_too(tmp_path, request, dialect):
    ws, location = _workspace(tmp_path, dialect, request)
    for args in (("--show-values", "never"), ("--show-values", "enum"), ()):
        out = sqlintent(ws, "check", "attack.sql", "--db", location, "--no-model", *args).stdout.decode()
        assert "SIX001" in out and _leaks(out) == [], (args, out)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_show_values_always_shows_the_message_through_the_secret_filter(tmp_path, request, dialect):
    ws, location = _workspace(tmp_path, dialect, request)
    out = sqlintent(ws, "check", "attack.sql", "--db", location, "--no-model", "--show-values", "always"
                    ).stdout.decode()
    assert CLASS[dialect] in out and WORDS in out, out  # the operator asked for the database's words
    assert KEY not in out and KEY[:10] not in out, out  # but never a value that looks like a key
    ci = sqlintent(ws, "check", "attack.sql", "--db", location, "--no-model", "--show-values", "always",
                   env={"CI": "true"}).stdout.decode()
    assert CLASS[dialect] in ci and _leaks(ci) == [], ci  # in CI, not even then


def test_describe_names_the_class_only():
    import sqlite3 as s

    from sqlintent.db.errors import describe, printable

    exc = s.OperationalError(f"JSON path error near '{KEY},{WORDS}'")
    assert describe(exc, "sqlite", False) == "SQLite error (a bad JSON path)"
    assert describe(s.OperationalError(f"unheard-of '{WORDS}'"), "sqlite", False) == "SQLite error"
    shown = describe(exc, "sqlite", True)
    assert WORDS in shown and KEY not in shown
    wrapped = RuntimeError("probe")
    wrapped.__cause__ = exc
    assert _leaks(printable(wrapped)) == [] and "SQLite error" in printable(wrapped)
