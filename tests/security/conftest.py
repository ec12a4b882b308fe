"""Hostile SQL against real databases: fixtures, state snapshots and the checking helpers.

Every attack is checked through the real entry points (``Engine.check_text`` with a database sqlintent
opened itself, and the ``check`` command), then the test asserts what an attacker would want to change did
not change: the database file's checksum, table contents and row counts, advisory locks and sessions on the
PostgreSQL server, the files in the folders an attack writes to; that a marker line written to a secret
file appears in no output; and that every probe was cut by its timeout (within 3x the timeout plus 0.5 s, a margin for a loaded machine).
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import pg_support  # noqa: E402

TIMEOUT_MS = 500
# a probe must come back cut by its timeout, not run to its end (the attacks run for many seconds or forever);
# the margin is wide so that a loaded machine's wait for a CPU does not fail the test (no wall-time claims)
BOUND_S = 3 * TIMEOUT_MS / 1000 + 0.5
MARKER = f"SQLINTENT-SECRET-MARKER-{uuid.uuid4().hex[:12]}"
ROWS = 40  # rows per table: 40^8 cross-joined rows is far beyond any timeout
PG_SCHEMA = "sqlintent_security"

DDL = """
CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, status TEXT, amount REAL);
"""


# what a database may hold: the owner's functions that take a table's row, one with a side effect beyond
# the transaction (a session advisory lock), reachable as ``x.lockit`` (functional notation) by name
PG_FUNCTIONS = """
CREATE FUNCTION lockit(c customers) RETURNS boolean LANGUAGE sql VOLATILE AS $$ SELECT pg_try_advisory_lock(4343) $$;
CREATE FUNCTION lower(c customers) RETURNS text LANGUAGE sql VOLATILE AS $$ SELECT pg_try_advisory_lock(4344)::text $$;
"""


def _rows_sql() -> str:
    cust = ", ".join(f"({i}, 'name {i}', 'city {i % 5}')" for i in range(1, ROWS + 1))
    orders = ", ".join(f"({i}, {i % ROWS + 1}, '{'shipped' if i % 3 else 'pending'}', {i * 1.5})"
                       for i in range(1, ROWS + 1))
    return f"INSERT INTO customers VALUES {cust};\nINSERT INTO orders VALUES {orders};\n"


@dataclass
class Target:
    """One database under attack: how to open it, and folders an attack may try to write to."""

    dialect: str
    location: str  # what a user writes in the config
    outdir: Path  # attacks try to write here: it must stay empty
    secrets: Path  # the folder holding the marker file
    file: Path | None = None  # SQLite and DuckDB
    extra: dict = field(default_factory=dict)

    def fill(self, sql: str) -> str:
        return (sql.replace("{marker}", str(self.secrets / "secret.txt"))
                .replace("{csv}", str(self.secrets / "secret.csv"))
                .replace("{out}", str(self.outdir / "dump.csv"))
                .replace("{outdir}", str(self.outdir)))


@pytest.fixture(scope="session")
def secrets_dir(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("secrets")
    (d / "secret.txt").write_text(f"{MARKER}\nsecond line\n", encoding="utf-8")
    (d / "secret.csv").write_text(f"a,b\n{MARKER},1\n", encoding="utf-8")
    return d


@pytest.fixture(scope="session")
def sqlite_target(tmp_path_factory, secrets_dir) -> Target:
    d = tmp_path_factory.mktemp("sqlite_target")
    path = d / "shop.sqlite"
    con = sqlite3.connect(path)
    con.executescript(DDL + _rows_sql())
    con.commit()
    con.close()
    out = tmp_path_factory.mktemp("sqlite_out")
    return Target("sqlite", str(path), out, secrets_dir, file=path)


@pytest.fixture(scope="session")
def duckdb_target(tmp_path_factory, secrets_dir) -> Target:
    duckdb = pytest.importorskip("duckdb")
    d = tmp_path_factory.mktemp("duckdb_target")
    path = d / "shop.duckdb"
    con = duckdb.connect(str(path))
    for stmt in (DDL + _rows_sql()).split(";"):
        if stmt.strip():
            con.execute(stmt)
    con.close()
    out = tmp_path_factory.mktemp("duckdb_out")
    return Target("duckdb", str(path), out, secrets_dir, file=path)


@pytest.fixture(scope="session")
def pg_target(tmp_path_factory, secrets_dir) -> Target:
    if not pg_support.PROBE_URL:
        pytest.skip(pg_support.SKIP_REASON)
    pytest.importorskip("psycopg")
    pg_support.create_schema(PG_SCHEMA, DDL + _rows_sql() + PG_FUNCTIONS)
    out = tmp_path_factory.mktemp("pg_out")
    yield Target("postgres", pg_support.with_search_path(pg_support.PROBE_URL, PG_SCHEMA), out, secrets_dir,
                 extra={"user": pg_support.probe_user()})
    pg_support.drop_schema(PG_SCHEMA)


@pytest.fixture(scope="session")
def pg_super_target(pg_target) -> Target:
    """The same schema reached as the superuser (what probes.allow_superuser = true permits)."""
    return Target("postgres", pg_support.with_search_path(pg_support.ADMIN_URL, PG_SCHEMA), pg_target.outdir,
                  pg_target.secrets, extra={"user": pg_support.admin_user()})


@pytest.fixture(params=["sqlite", "duckdb", "postgres"])
def any_target(request):
    return request.getfixturevalue({"sqlite": "sqlite_target", "duckdb": "duckdb_target",
                                     "postgres": "pg_target"}[request.param])


# -- state ---------------------------------------------------------------------------------------------
def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def snapshot(target: Target) -> dict:
    """What an attack must not change."""
    state = {"out": _files(target.outdir), "secrets": _files(target.secrets)}
    if target.file is not None:
        state["checksum"] = hashlib.sha256(target.file.read_bytes()).hexdigest()
        state["folder"] = _files(target.file.parent)
        return state
    import psycopg

    with psycopg.connect(pg_support.ADMIN_URL, autocommit=True) as c:
        tables = [r[0] for r in c.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s ORDER BY 1",
            (PG_SCHEMA,)).fetchall()]
        state["tables"] = tables
        for t in ("customers", "orders"):
            state[t] = c.execute(f"SELECT count(*), md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) "
                                 f"FROM {PG_SCHEMA}.{t} AS x").fetchone()
        state["advisory_locks"] = c.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'").fetchone()
        state["busy_probe_sessions"] = _busy_probe_sessions(c, target.extra.get("user"))
        state["settings"] = c.execute(
            "SELECT string_agg(name || '=' || setting, ',' ORDER BY name) FROM pg_settings "
            "WHERE name IN ('log_statement', 'statement_timeout', 'default_transaction_read_only', "
            "'archive_mode', 'work_mem')").fetchone()
    return state


def _busy_probe_sessions(c, user: str | None) -> int:
    """Sessions of the probing role still running or holding a transaction: none may stay so.

    A backend whose client was dropped at the deadline needs a moment to notice: client_connection_check_interval
    (100 ms) when it is between rows, but one long memory operation runs to its end first (the 900 MB string of
    string-agg-huge kept a backend busy past 3 s once, in CI on the 2-core machine, 2026-11-26). A session that
    was left behind stays busy (idle in transaction, or running until its statement_timeout ends it): this
    waits up to 10 s for it, a bound, not a measurement.
    """
    deadline = time.monotonic() + 10.0
    while True:
        busy = c.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE usename = %s AND application_name = 'sqlintent' "
            "AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')",
            (user,)).fetchone()[0]
        if busy == 0 or time.monotonic() > deadline:
            return busy
        time.sleep(0.05)


class Sentinel:
    """A second PostgreSQL session that an attack (pg_terminate_backend, pg_cancel_backend) may target."""

    def __init__(self):
        import psycopg

        self.conn = psycopg.connect(pg_support.ADMIN_URL, autocommit=True)
        self.pid = self.conn.info.backend_pid

    def alive(self) -> bool:
        try:
            return self.conn.execute("SELECT 1").fetchone() == (1,)
        except Exception:
            return False

    def close(self):
        self.conn.close()


@pytest.fixture
def sentinel(pg_target):
    s = Sentinel()
    yield s
    s.close()


# -- checking ------------------------------------------------------------------------------------------
class TimedDatabase:
    """The database sqlintent opened, with each probe's elapsed time recorded."""

    def __init__(self, inner):
        self.inner = inner
        self.dialect = inner.dialect
        self.description = inner.description
        self.times: list[tuple[float, str]] = []

    def schema(self):
        return self.inner.schema()

    def version(self):
        return self.inner.version()

    def run_select(self, sql, *, timeout_s, max_rows):
        start = time.monotonic()
        try:
            return self.inner.run_select(sql, timeout_s=timeout_s, max_rows=max_rows)
        finally:
            self.times.append((time.monotonic() - start, sql[:80]))

    def close(self):
        self.inner.close()


_OPEN: dict[str, object] = {}


def open_database(target: Target):
    """One connection per target for the session (as one engine holds one for a run)."""
    from sqlintent.db import connect

    key = target.location
    if key not in _OPEN:
        _OPEN[key] = connect(target.location, timeout_s=TIMEOUT_MS / 1000)
    return _OPEN[key]


def engine_for(target: Target, *, database=None):
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    config, problems = Config().with_overrides({
        "dialect": target.dialect, "model": {"enabled": False}, "probes": {"timeout_ms": TIMEOUT_MS},
        "intent": {"required": False}})
    assert not problems, problems
    db = database or TimedDatabase(open_database(target))
    return Engine(config, database=db, schema=db.schema()), db


def findings_text(findings) -> str:
    return json.dumps([f.to_dict() for f in findings], default=str)


def check_attack(target: Target, sql: str):
    """Check ``sql`` as a file through the engine; returns (findings, probe times)."""
    engine, db = engine_for(target)
    text = "-- intent: count the orders of each customer\n" + target.fill(sql) + "\n"
    result = engine.check_text(text, "attack.sql")
    return result.findings, db.times


def write_config(folder: Path, target: Target, extra: str = "") -> dict:
    """A sqlintent.toml for ``target``; returns the environment the run needs. A PostgreSQL URL with
    ``options`` (the test schema's search_path) is refused in a config file (docs/security.md): it goes
    through the environment, as ``database = "env:NAME"``."""
    env = {}
    loc = target.location
    if target.dialect == "postgres":
        env, loc = {"SQLINTENT_SECURITY_PG_URL": loc}, "env:SQLINTENT_SECURITY_PG_URL"
    loc = loc.replace("\\", "\\\\").replace('"', '\\"')
    (folder / "sqlintent.toml").write_text(
        f'database = "{loc}"\ndialect = "{target.dialect}"\n[probes]\ntimeout_ms = {TIMEOUT_MS}\n{extra}',
        encoding="utf-8")
    return env


@pytest.fixture(scope="session", autouse=True)
def _close_connections():
    yield
    for db in _OPEN.values():
        try:
            db.close()
        except Exception:
            pass
    _OPEN.clear()


# The cases that take 8 s or more each on 2 cores (`pytest --durations`): the slow pass of `.ci/run` runs
# them (README, "Run the tests"); the README's test command leaves them out.
SLOW_CASES = ("test_cli_output_holds_no_secret_and_changes_nothing[duckdb-",
              "test_attack_is_refused_or_harmless[duckdb-lpad-huge]",
              "test_attack_is_refused_or_harmless[duckdb-printf-width]",
              "test_attack_is_refused_or_harmless[duckdb-range-sort]",
              "test_attack_is_refused_or_harmless[duckdb-repeat-huge]",
              "test_a_macro_files_top_level_loop_is_stopped_by_the_render_limits",
              "test_the_language_server_answers_while_a_render_runs_and_reports_its_limit",
              # 16-39 s each under load (tests/security took 436 s, load 5-11, 2026-12-07)
              "test_the_same_config_named_with_config_is_trusted_and_dbt_runs",
              "test_an_enumeration_is_named_in_text_but_not_in_ci_or_published_formats",
              "test_opening_a_model_runs_no_code_and_says_why")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.name.startswith(SLOW_CASES):
            item.add_marker(pytest.mark.slow)
