"""Every database handle :func:`sqlintent.db.connect` returns is a :class:`sqlintent.db.base.Database`: each
attribute the engine, the rules and the front ends read is set, with the type the protocol declares, and the
capabilities it states (a file to watch, a server to prepare statements on, the role's rights) are true.
SQLite and DuckDB always; PostgreSQL when SQLINTENT_TEST_PG_URL names a server (tests/pg_support.py)."""
import os
import sqlite3
import sys
import typing

import pytest

from sqlintent.db import Database, connect
from sqlintent.schema.ddl import load_ddl_files

DDL = "CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT);"
PG_URL = os.environ.get("SQLINTENT_TEST_PG_URL")


def _check_attributes(db) -> None:
    """``db`` has every attribute and method of the protocol, each attribute of the declared type."""
    assert isinstance(db, Database)
    hints = typing.get_type_hints(Database)
    assert {"dialect", "description", "path", "superuser", "privilege_problem", "can_prepare"} <= set(hints)
    wrong = {name: (type(getattr(db, name)).__name__, str(hint)) for name, hint in hints.items()
             if not isinstance(getattr(db, name), hint)}
    assert wrong == {}
    for method in ("schema", "run_select", "prepare", "version", "close"):
        assert callable(getattr(db, method))
    assert db.dialect in ("sqlite", "duckdb", "postgres")
    assert db.schema().database is db  # a schema read from a database carries its handle


def _check_file_database(db, path) -> None:
    _check_attributes(db)
    assert db.path == path and db.description == str(path)
    assert db.superuser is False and db.privilege_problem is None  # a file has no roles
    assert db.can_prepare is False
    with pytest.raises(NotImplementedError):
        db.prepare("SELECT name FROM singer", timeout_s=1.0)
    assert db.run_select("SELECT name FROM singer", timeout_s=2.0, max_rows=5).rows == [("Ann",)]
    before = db.version()
    assert before is not None
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # the file changed: so does its version
    assert db.version() != before


def test_sqlite_is_a_database(tmp_path):
    path = tmp_path / "music.sqlite"
    with sqlite3.connect(path) as c:
        c.executescript(DDL + "INSERT INTO singer VALUES (1, 'Ann');")
    db = connect(str(path))
    try:
        assert db.dialect == "sqlite"
        _check_file_database(db, path)
    finally:
        db.close()


def test_duckdb_is_a_database(tmp_path):
    duckdb = pytest.importorskip("duckdb")
    path = tmp_path / "music.duckdb"
    c = duckdb.connect(str(path))
    c.execute(DDL)
    c.execute("INSERT INTO singer VALUES (1, 'Ann')")
    c.close()
    db = connect(f"duckdb:///{path}")
    try:
        assert db.dialect == "duckdb"
        _check_file_database(db, path)
    finally:
        db.close()


@pytest.mark.skipif(not PG_URL, reason="SQLINTENT_TEST_PG_URL not set (.ci/run starts a server and sets it)")
@pytest.mark.postgres
def test_postgres_is_a_database():
    pytest.importorskip("psycopg")
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import pg_support

    pg_support.create_schema("sqlintent_protocol", DDL + "INSERT INTO singer VALUES (1, 'Ann');")
    db = connect(pg_support.with_search_path(PG_URL, "sqlintent_protocol"))
    try:
        _check_attributes(db)
        assert db.dialect == "postgres" and db.path is None and db.version() is None  # a server: no file
        assert db.can_prepare is True
        db.prepare("SELECT name FROM singer", timeout_s=2.0)  # the server accepts it, runs nothing
        with pytest.raises(Exception, match='relation ".*nowhere" does not exist'):
            db.prepare("SELECT name FROM nowhere", timeout_s=2.0)
        # the role's rights: a problem is named exactly when it has more than probes need
        assert (db.privilege_problem is not None) == (db.superuser or bool(db.server_file_roles)
                                                      or bool(db.writable_tables))
        assert db.run_select("SELECT name FROM singer", timeout_s=2.0, max_rows=5).rows == [("Ann",)]
    finally:
        db.close()
        pg_support.drop_schema("sqlintent_protocol")


def test_a_schema_from_ddl_files_has_no_database(tmp_path):
    """The schema-files-only case: no handle stands in for a database, and the schema says so."""
    ddl = tmp_path / "schema.sql"
    ddl.write_text(DDL, encoding="utf-8")
    schema = load_ddl_files([ddl], "sqlite")
    assert schema.table("singer") is not None and schema.database is None
    assert schema.sample_values("singer", "name") == []  # nothing to fetch values from
