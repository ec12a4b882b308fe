"""Unchecked means failing: every way a run leaves files or statements unchecked is one SIU001 warning per
cause (exit 1), counted in the summary line, unless --allow-unchecked or ``allow_unchecked = true`` accepts
it. A statement the database refuses, whatever the reason, is an error (SIS007) that quotes no value."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from conftest import run_cli
import pg_support

ENV = {"SQLINTENT_DAEMON": "0"}


def _check(*args: str, cwd: Path | None = None):
    return run_cli("check", "--no-model", "--no-cache", *args, cwd=cwd, env=ENV)


def test_an_empty_folder_fails_with_one_unchecked_warning(tmp_path):
    (tmp_path / "queries").mkdir()
    r = _check(str(tmp_path / "queries"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "SIU001" in r.stdout and "no SQL file was checked" in r.stdout
    assert "All checks passed" not in r.stdout
    assert "Nothing was checked" in r.stdout


def test_a_folder_of_pgsql_files_fails_and_counts_them(tmp_path):
    q = tmp_path / "queries"
    q.mkdir()
    (q / "a.pgsql").write_text("SELECT 1;\n")
    (q / "b.psql").write_text("SELECT 2;\n")
    r = _check(str(q))
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.count("warning: SIU001") == 2  # no *.sql file; two files skipped for their type
    assert "2 files of SQL by name were skipped" in r.stdout and ".pgsql" in r.stdout and ".psql" in r.stdout
    assert "2 files or statements were not checked (SIU001)." in r.stdout


def test_allow_unchecked_flag_and_config_key_accept_it_as_an_info(tmp_path):
    q = tmp_path / "queries"
    q.mkdir()
    (q / "a.pgsql").write_text("SELECT 1;\n")
    flag = _check(str(q), "--allow-unchecked")
    assert flag.returncode == 0, flag.stdout + flag.stderr
    assert "info: SIU001" in flag.stdout
    (tmp_path / "sqlintent.toml").write_text("allow_unchecked = true\n")
    key = _check("queries", cwd=tmp_path)
    assert key.returncode == 0, key.stdout + key.stderr
    assert "info: SIU001" in key.stdout
    (tmp_path / "sqlintent.toml").write_text("allow-unchecked = true\n")
    assert _check("queries", cwd=tmp_path).returncode == 0


def test_probes_that_time_out_are_one_warning_with_their_count(tmp_path):
    con = sqlite3.connect(tmp_path / "big.sqlite")
    con.execute("CREATE TABLE t (x INTEGER)")
    con.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(3000)])
    con.commit()
    con.close()
    (tmp_path / "sqlintent.toml").write_text('database = "big.sqlite"\n[probes]\ntimeout_ms = 20\n')
    slow = "SELECT count(*) FROM t a, t b, t c WHERE a.x + b.x + c.x = -{n};\n"
    (tmp_path / "q.sql").write_text("".join(slow.format(n=n) for n in range(1, 4)))
    r = _check("q.sql", "--format", "json", cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    data = json.loads(r.stdout)
    found = [f for f in data["run_findings"] if f["code"] == "SIU001"] if "run_findings" in data else \
        [f for f in _all(data) if f["code"] == "SIU001"]
    assert len(found) == 1 and found[0]["severity"] == "warning"
    assert "3 statements" in found[0]["message"] and "time limit" in found[0]["message"]


def _all(data):
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "code" and isinstance(v, str):
                yield data
            else:
                yield from _all(v)
    elif isinstance(data, list):
        for v in data:
            yield from _all(v)


def test_sqlite_refusal_for_another_reason_is_an_error(tmp_path, shop_db):
    (tmp_path / "q.sql").write_text("-- intent: the customers' names\nSELECT name FROM customers HAVING count(*) > 1;\n")
    r = _check(str(tmp_path / "q.sql"), "--db", str(shop_db))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "SIS007 [error] SQLite refuses this statement: HAVING clause on a non-aggregate query" in r.stdout


def test_valid_sql_gets_no_refusal_and_passes(tmp_path, shop_db):
    (tmp_path / "q.sql").write_text("SELECT name FROM customers WHERE city = 'Paris';\n"
                                    "SELECT city, count(*) FROM customers GROUP BY city HAVING count(*) > 1;\n")
    r = _check(str(tmp_path / "q.sql"), "--db", str(shop_db))
    assert "SIS007" not in r.stdout and "SIU001" not in r.stdout, r.stdout


# ---- PostgreSQL: a configured server ----

pg = pytest.mark.skipif(not pg_support.PROBE_URL, reason=pg_support.SKIP_REASON)
SCHEMA = "sqlintent_gate_unchecked"


@pytest.fixture(scope="module")
def pg_schema():
    pg_support.create_schema(SCHEMA, "CREATE TABLE orders (id int PRIMARY KEY, price float8, code text);"
                                     "INSERT INTO orders VALUES (1, 2.5, 'a'), (2, 4.0, 'b');")
    yield SCHEMA
    pg_support.drop_schema(SCHEMA)


def _pg_url(url: str) -> str:
    return pg_support.with_search_path(url, SCHEMA)


@pg
def test_postgres_type_errors_from_prepare_are_errors_without_values(tmp_path, pg_schema):
    (tmp_path / "q.sql").write_text(
        "-- intent: the average price\nSELECT round(avg(price), 2) FROM orders;\n"
        "-- intent: the month of each order\nSELECT extract(month FROM id) FROM orders;\n"
        "-- intent: orders with a secret code\nSELECT id FROM orders WHERE id = 'hunter2-secret'::int;\n")
    r = _check(str(tmp_path / "q.sql"), "--db", _pg_url(pg_support.PROBE_URL), "--dialect", "postgres")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "round(double precision, integer) does not exist" in r.stdout
    assert "extract(unknown, integer) does not exist" in r.stdout
    assert r.stdout.count("SIS007 [error] PostgreSQL refuses this statement") == 3
    assert "hunter2" not in r.stdout + r.stderr  # the database's quoted value never leaves


@pg
def test_postgres_superuser_without_probes_fails_as_unchecked(tmp_path, pg_schema):
    if pg_support.admin_user() == pg_support.probe_user():
        pytest.skip("needs SQLINTENT_TEST_PG_SUPERUSER_URL, a superuser distinct from the probing role")
    (tmp_path / "q.sql").write_text("-- intent: how many orders\nSELECT count(*) FROM orders;\n")
    r = _check(str(tmp_path / "q.sql"), "--db", _pg_url(pg_support.ADMIN_URL), "--dialect", "postgres")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "warning: SIU001 connected as a PostgreSQL superuser" in r.stdout
    assert "1 file or statement was not checked (SIU001)." in r.stdout
    ok = _check(str(tmp_path / "q.sql"), "--db", _pg_url(pg_support.ADMIN_URL), "--dialect", "postgres",
                "--allow-unchecked")
    assert ok.returncode == 0, ok.stdout + ok.stderr


@pg
def test_postgres_role_without_select_grant_fails_as_unchecked(tmp_path, pg_schema):
    import psycopg
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    role = "sqlintent_gate_nogrant"
    try:
        with psycopg.connect(pg_support.ADMIN_URL, autocommit=True) as c:
            c.execute(f"DROP ROLE IF EXISTS {role}")
            c.execute(f"CREATE ROLE {role} LOGIN")
            c.execute(f"GRANT USAGE ON SCHEMA {SCHEMA} TO {role}")
    except psycopg.Error as exc:
        pytest.skip(f"cannot create a role: {type(exc).__name__}")
    params = conninfo_to_dict(pg_support.ADMIN_URL)
    params.update(user=role)
    params.pop("password", None)
    url = "postgresql://{user}@{host}:{port}/{dbname}".format(**{"host": "127.0.0.1", "port": 5432, **params})
    try:
        psycopg.connect(make_conninfo(url)).close()
    except psycopg.Error:
        pytest.skip("the new role cannot log in without a password here")
    try:
        (tmp_path / "q.sql").write_text("-- intent: the orders over 3\nSELECT id FROM orders WHERE price > 3;\n")
        r = _check(str(tmp_path / "q.sql"), "--db", _pg_url(url), "--dialect", "postgres")
        assert r.returncode == 1, r.stdout + r.stderr
        assert "warning: SIU001 the database role has no SELECT grant on 1 table (orders)" in r.stdout
        assert "unknown table" not in r.stdout  # the table is there; the role may not read it
    finally:
        with psycopg.connect(pg_support.ADMIN_URL, autocommit=True) as c:
            c.execute(f"DROP OWNED BY {role}")
            c.execute(f"DROP ROLE IF EXISTS {role}")


@pg
def test_postgres_refusal_it_cannot_classify_fails_as_unchecked(tmp_path, pg_schema):
    (tmp_path / "q.sql").write_text("-- intent: codes\nSELECT code::no_such_type_here FROM orders;\n")
    r = _check(str(tmp_path / "q.sql"), "--db", _pg_url(pg_support.PROBE_URL), "--dialect", "postgres")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "SIU001" in r.stdout and "cannot classify" in r.stdout


def test_github_format_annotates_it_and_the_job_summary_lists_it(tmp_path):
    (tmp_path / "queries").mkdir()
    summary = tmp_path / "summary.md"
    r = run_cli("check", "--no-model", "--no-cache", "--format", "github", str(tmp_path / "queries"),
                env={**ENV, "GITHUB_STEP_SUMMARY": str(summary)})
    assert r.returncode == 1
    assert r.stdout.startswith("::warning title=SIU001 not-checked::no SQL file was checked"), r.stdout
    page = summary.read_text()
    assert "### Not checked" in page and "SIU001 no SQL file was checked" in page
