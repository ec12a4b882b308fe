"""Schema providers against real engines: SQLite, DuckDB, PostgreSQL (a real server), CREATE TABLE files."""
import os
import sqlite3
import sys

import pytest

from sqlintent.db import DatabaseOpenError, NotReadOnlyError, QueryTimeout, connect, redact
from sqlintent.schema.ddl import SchemaFileError, load_ddl_files

DDL = """
CREATE TABLE departments (department_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE employees (
  employee_id INTEGER PRIMARY KEY,
  name TEXT,
  department_id INTEGER REFERENCES departments(department_id),
  manager_id INTEGER,
  FOREIGN KEY (manager_id) REFERENCES employees(employee_id)
);
CREATE VIEW staff AS SELECT name FROM employees;
"""
ROWS = "INSERT INTO departments VALUES (1, 'Sales'), (2, 'Engineering');"


def _check_schema(schema):
    emp = schema.table("EMPLOYEES")
    assert emp is not None and emp.primary_key == ("employee_id",)
    assert [c.name for c in emp.columns] == ["employee_id", "name", "department_id", "manager_id"]
    fks = {(f.columns, f.ref_table, f.ref_columns) for f in emp.foreign_keys}
    assert (("department_id",), "departments", ("department_id",)) in fks
    assert (("manager_id",), "employees", ("employee_id",)) in fks
    assert schema.table("staff").kind == "view"


def test_sqlite(tmp_path):
    p = tmp_path / "x.sqlite"
    c = sqlite3.connect(p)
    c.executescript(DDL + ROWS)
    c.close()
    db = connect(str(p))
    _check_schema(db.schema())
    res = db.run_select("SELECT name FROM departments ORDER BY 1", timeout_s=1, max_rows=1)
    assert res.rows == [("Engineering",)] and res.truncated


def test_sqlite_is_read_only_even_past_the_guard(tmp_path):
    p = tmp_path / "x.sqlite"
    c = sqlite3.connect(p)
    c.executescript(DDL + ROWS)
    c.close()
    before = p.read_bytes()
    db = connect(str(p))
    with pytest.raises(NotReadOnlyError):
        db.run_select("DELETE FROM departments", timeout_s=1, max_rows=10)
    with pytest.raises(sqlite3.DatabaseError):  # the authorizer and mode=ro stop a direct write too
        db._conn.execute("DELETE FROM departments")
    assert p.read_bytes() == before


def test_sqlite_timeout(tmp_path):
    p = tmp_path / "x.sqlite"
    sqlite3.connect(p).executescript(DDL)
    db = connect(str(p))
    with pytest.raises(QueryTimeout):
        db.run_select("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r",
                      timeout_s=0.2, max_rows=10)


def test_duckdb(tmp_path):
    duckdb = pytest.importorskip("duckdb")
    p = tmp_path / "x.duckdb"
    c = duckdb.connect(str(p))
    c.execute(DDL.replace("INTEGER PRIMARY KEY", "INTEGER PRIMARY KEY"))
    c.execute(ROWS)
    c.close()
    db = connect(f"duckdb:///{p}")
    _check_schema(db.schema())
    assert db.run_select("SELECT count(*) FROM departments", timeout_s=2, max_rows=5).rows == [(2,)]
    with pytest.raises(NotReadOnlyError):
        db.run_select("DROP TABLE departments", timeout_s=1, max_rows=1)


def test_ddl_files(tmp_path):
    f = tmp_path / "schema.sql"
    f.write_text(DDL)
    _check_schema(load_ddl_files([f]))
    bad = tmp_path / "bad.sql"
    bad.write_text("CREATE TABLE (")
    with pytest.raises(SchemaFileError):
        load_ddl_files([bad])


def test_redaction():
    assert redact("postgresql://u:pw@h/db") == "postgresql://u:***@h/db"


PG_URL = os.environ.get("SQLINTENT_TEST_PG_URL")
pg = pytest.mark.skipif(not PG_URL, reason="SQLINTENT_TEST_PG_URL not set (.ci/run starts a server and sets it)")


@pytest.fixture
def pg_db():
    """The schema, set up by the superuser, read through SQLINTENT_TEST_PG_URL (the read-only role in CI)."""
    pytest.importorskip("psycopg")
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import pg_support

    pg_support.create_schema("sqlintent_test", DDL + ROWS)
    yield pg_support.with_search_path(PG_URL, "sqlintent_test")
    pg_support.drop_schema("sqlintent_test")


@pg
@pytest.mark.postgres
def test_postgres_schema_and_read_only(pg_db):
    db = connect(pg_db)
    _check_schema(db.schema())
    assert db.run_select("SELECT name FROM departments ORDER BY 1", timeout_s=2, max_rows=5).rows == [
        ("Engineering",), ("Sales",)]
    with pytest.raises(NotReadOnlyError):
        db.run_select("DELETE FROM departments", timeout_s=1, max_rows=1)
    import psycopg

    with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):  # the session itself is read-only
        with db._conn.cursor() as cur:
            cur.execute("DELETE FROM departments")
    db._conn.rollback()


@pg
@pytest.mark.postgres
def test_postgres_statement_timeout(pg_db):
    db = connect(pg_db)
    with pytest.raises(QueryTimeout):
        # 2^45 rows of a cross join (pg_sleep itself is off the allowlist: probes may not call it)
        db.run_select("SELECT count(*) FROM " + ", ".join(f"departments d{i}" for i in range(45)),
                      timeout_s=0.3, max_rows=1)
    # the connection is still usable afterwards
    assert db.run_select("SELECT 1", timeout_s=1, max_rows=1).rows == [(1,)]


@pg
@pytest.mark.postgres
def test_check_against_postgres_from_the_cli(cli, pg_db, tmp_path):
    f = tmp_path / "q.sql"
    f.write_text("-- intent: department names\nSELECT nme FROM departments;\n")
    proc = cli("check", str(f), "--db", pg_db, "--dialect", "postgres")
    assert "q.sql:2:8: SIS003 [error] unknown column 'nme'; did you mean 'name'?" in proc.stdout, proc.stdout


def test_bad_url_scheme():
    with pytest.raises(ValueError, match="unsupported database URL scheme"):
        connect("mysql://u:pw@h/db")


def test_missing_file():
    with pytest.raises(DatabaseOpenError, match="not found"):
        connect("/nonexistent/x.sqlite")


def test_sample_and_distinct_values_on_demand(shop_db):
    schema = connect(str(shop_db)).schema()
    assert schema.sample_values("orders", "status", 1) == ["delivered"]  # the most frequent value first
    assert sorted(schema.distinct_values("categories", "name")) == [
        "Books", "Clothing", "Electronics", "Garden", "Kitchen", "Stationery"]
    assert schema.sample_values("orders", "no_such_column") == []
    assert load_ddl_files_schema_has_no_values(shop_db) == []


def load_ddl_files_schema_has_no_values(tmp):
    f = tmp.parent / "only_ddl.sql"
    f.write_text("CREATE TABLE t (a INT);")
    return load_ddl_files([f]).sample_values("t", "a")
