"""The attacks through the ``check`` command (text, JSON, SARIF), the driver's own one-statement rule with
the guard out of the way, the document splitter, and the least-privilege checks on PostgreSQL."""
from __future__ import annotations

import json

import pytest

from sqlintent.db import NotReadOnlyError, ProbeRefused, QueryTimeout, connect, ensure_select
from sqlintent.document import parse_document

from .cases import BY_DIALECT, COMMON
from .conftest import MARKER, TIMEOUT_MS, Sentinel, snapshot, write_config


def _attack_file(folder, target) -> str:
    cases = COMMON + BY_DIALECT[target.dialect]
    # an unterminated string swallows the rest of a file: those go last
    cases = sorted(cases, key=lambda c: "unterminated" in c[0])
    parts = [f"-- intent: attack {name}\n{target.fill(sql)};\n" for name, sql, _ in cases]
    path = folder / "attacks.sql"
    path.write_text("\n".join(parts), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_cli_output_holds_no_secret_and_changes_nothing(cli, tmp_path, any_target, fmt):
    env = write_config(tmp_path, any_target)
    path = _attack_file(tmp_path, any_target)
    sentinel = Sentinel() if any_target.dialect == "postgres" else None
    try:
        before = snapshot(any_target)
        # the database is outside this folder: the config is trusted by naming it (docs/security.md)
        proc = cli("check", path, "--no-model", "--format", fmt, "--exit-zero", "--config",
                   str(tmp_path / "sqlintent.toml"), cwd=tmp_path, env=env, timeout=600)
        assert snapshot(any_target) == before
        if sentinel is not None:
            assert sentinel.alive()
    finally:
        if sentinel is not None:
            sentinel.close()
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout + proc.stderr
    assert MARKER not in out
    assert "Traceback" not in out
    if fmt == "json":
        doc = json.loads(proc.stdout)
        codes = [f["code"] for fr in doc["files"] for f in fr["findings"]]
        expected = sum(1 for _, _, refused in COMMON + BY_DIALECT[any_target.dialect] if refused)
        assert codes.count("SIX002") >= expected
    if fmt == "sarif":
        json.loads(proc.stdout)  # well-formed


# -- one statement at the driver, with the guard out of the way ----------------------------------------
SEVERAL = {
    "sqlite": "SELECT 1; DELETE FROM orders",
    "duckdb": "SELECT 1; COPY customers TO '{out}'",
    "postgres": "SELECT 1; DELETE FROM orders",
}


def test_the_driver_refuses_several_statements_without_the_guard(monkeypatch, any_target):
    """Even if the guard let two statements through, the driver would run none of the second."""
    import sqlintent.db.duckdb as duck
    import sqlintent.db.postgres as pg
    import sqlintent.db.sqlite as lite

    for mod in (lite, duck, pg):
        monkeypatch.setattr(mod, "ensure_select", lambda sql, dialect="sqlite": sql)
    db = connect(any_target.location, timeout_s=TIMEOUT_MS / 1000)
    try:
        before = snapshot(any_target)
        with pytest.raises(Exception) as info:
            db.run_select(any_target.fill(SEVERAL[any_target.dialect]), timeout_s=1, max_rows=5)
        assert snapshot(any_target) == before
        assert not isinstance(info.value, QueryTimeout)
    finally:
        db.close()


@pytest.mark.parametrize("dialect, sql, first", [
    ("postgres", "SELECT E'--\\''; UPDATE orders SET status = 'x'; SELECT 1 --'", "SELECT E'--\\''"),
    ("postgres", "SELECT $x$ ; $x$; DELETE FROM orders", "SELECT $x$ ; $x$"),
    ("postgres", "SELECT 1 /* /* */ */ ; DELETE FROM orders", "SELECT 1"),
    ("postgres", "SELECT 'a\\'; DELETE FROM t; --'", "SELECT 'a\\'"),
    ("duckdb", "SELECT E'\\''; COPY t TO 'x'; SELECT 1", "SELECT E'\\''"),
    ("sqlite", "SELECT [;]; DELETE FROM t", "SELECT [;]"),
    ("sqlite", "SELECT E'\\'; DELETE FROM t; --'", "SELECT E'\\'"),
    ("mysql", "SELECT 'a\\'; DELETE FROM t; -- '; SELECT 2", "SELECT 'a\\'; DELETE FROM t; -- '"),
    ("mysql", "SELECT 1 # ; DELETE\n; SELECT 2", "SELECT 1"),
])
def test_the_splitter_and_the_guard_agree_on_strings_and_comments(dialect, sql, first):
    doc = parse_document(sql, dialect=dialect)
    assert doc.statements[0].text == first  # the splitter ends the first statement where the database does
    assert len(doc.statements) >= 2
    if dialect in ("postgres", "duckdb", "sqlite"):
        with pytest.raises(ProbeRefused):  # ...and the guard refuses the whole text as several statements
            ensure_select(sql, dialect)


@pytest.mark.parametrize("dialect", ["postgres", "duckdb"])
def test_a_nested_comment_swallows_what_postgres_swallows(dialect):
    sql = "SELECT 1 /* /* */ ; DELETE FROM orders; -- */"
    assert [s.text for s in parse_document(sql, dialect=dialect).statements] == ["SELECT 1"]
    assert ensure_select(sql, dialect) == "SELECT 1"


def test_a_long_intent_is_cut_before_anything_reads_it():
    from sqlintent.sqltext import MAX_INTENT_CHARS

    doc = parse_document("-- intent: " + "word " * 100_000 + "\nSELECT 1")
    assert len(doc.statements[0].intent) <= MAX_INTENT_CHARS


# -- least privilege (PostgreSQL) ----------------------------------------------------------------------
def _superuser_url():
    import pg_support

    from .conftest import PG_SCHEMA

    if not pg_support.ADMIN_URL:
        pytest.skip(pg_support.SKIP_REASON)
    return pg_support.with_search_path(pg_support.ADMIN_URL, PG_SCHEMA)


def _engine(location: str, extra: dict | None = None):
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    settings = {"database": location, "dialect": "postgres", "model": {"enabled": False},
                "probes": {"timeout_ms": TIMEOUT_MS}}
    settings.update(extra or {})
    config, problems = Config().with_overrides(settings)
    assert not problems
    return Engine(config)


def test_a_superuser_is_reported_and_not_probed(pg_target):
    url = _superuser_url()
    db = connect(url)
    try:
        if not db.superuser:
            pytest.skip("SQLINTENT_TEST_PG_SUPERUSER_URL is not a superuser")
    finally:
        db.close()
    engine = _engine(url)
    result = engine.check_text("-- intent: list the orders\nSELECT * FROM orders WHERE status = 'nope'")
    sid = [f for f in engine.run_findings if f.code == "SID002"]
    assert len(sid) == 1 and "superuser" in sid[0].message and "allow_superuser" in sid[0].message
    assert engine.database is None  # no probe runs
    assert not [f for f in result.findings if f.code in ("SIR001", "SIX001", "SIX002")]


@pytest.mark.parametrize("sql, refused", [
    ("SELECT pg_read_file('{marker}')", "pg_read_file"),
    ("SELECT 1; COPY (SELECT 1) TO PROGRAM $$touch {out}$$", None),
    ("SELECT pg_terminate_backend(pid) FROM pg_stat_activity", "pg_terminate_backend"),
    ("SELECT pg_reload_conf()", "pg_reload_conf"),
    ("SELECT * FROM pg_authid", "pg_authid"),
    ("SELECT lo_import('{marker}')", "lo_import"),
])
def test_even_an_allowed_superuser_runs_no_attack(pg_target, sql, refused):
    engine = _engine(_superuser_url(), {"probes": {"timeout_ms": TIMEOUT_MS, "allow_superuser": True}})
    sentinel = Sentinel()
    try:
        before = snapshot(pg_target)
        result = engine.check_text("-- intent: list the orders\n" + pg_target.fill(sql))
        assert snapshot(pg_target) == before and sentinel.alive()
        probed = engine.database is not None
    finally:
        sentinel.close()
        engine.close()
    assert MARKER not in json.dumps([f.to_dict() for f in result.findings], default=str)
    assert probed  # probes are on
    if refused:
        assert [f.data["refused"] for f in result.findings if f.code == "SIX002"] == [f"{refused}()"] \
            or refused in str([f.data for f in result.findings if f.code == "SIX002"])


def test_the_read_only_role_is_not_reported(pg_target):
    db = connect(pg_target.location)
    try:
        if db.superuser:
            pytest.skip("SQLINTENT_TEST_PG_URL is a superuser here (.ci/run hands the tests a read-only role)")
        assert db.privilege_problem is None
        with pytest.raises(NotReadOnlyError):
            db.run_select("DELETE FROM orders", timeout_s=1, max_rows=1)
    finally:
        db.close()


def test_a_role_that_can_write_is_reported_once(pg_target):
    import psycopg

    import pg_support

    from .conftest import PG_SCHEMA

    with psycopg.connect(pg_support.ADMIN_URL, autocommit=True) as c:
        if not c.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()[0]:
            pytest.skip("creating a role needs the superuser URL")
        c.execute("DROP ROLE IF EXISTS sqlintent_writer")
        c.execute("CREATE ROLE sqlintent_writer LOGIN")
        c.execute(f"GRANT USAGE ON SCHEMA {PG_SCHEMA} TO sqlintent_writer")
        c.execute(f"GRANT SELECT, UPDATE ON ALL TABLES IN SCHEMA {PG_SCHEMA} TO sqlintent_writer")
    from psycopg.conninfo import conninfo_to_dict

    info = conninfo_to_dict(pg_support.ADMIN_URL)
    url = "postgresql://sqlintent_writer@{host}:{port}/{dbname}".format(
        host=info.get("host", "127.0.0.1"), port=info.get("port", 5432), dbname=info.get("dbname", "postgres"))
    engine = _engine(pg_support.with_search_path(url, PG_SCHEMA))
    try:
        engine.check_text("-- intent: count orders\nSELECT count(*) FROM orders")
        engine.check_text("SELECT count(*) FROM customers")
        sid = [f for f in engine.run_findings if f.code == "SID002"]
        assert len(sid) == 1 and "can write" in sid[0].message and "orders" in sid[0].message
        assert engine.database is not None  # not a superuser: probes still run, read only
    finally:
        engine.close()
        with psycopg.connect(pg_support.ADMIN_URL, autocommit=True) as c:
            c.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA {PG_SCHEMA} FROM sqlintent_writer")
            c.execute(f"REVOKE ALL ON SCHEMA {PG_SCHEMA} FROM sqlintent_writer")
            c.execute("DROP ROLE IF EXISTS sqlintent_writer")


@pytest.mark.parametrize("sql, hint", [
    # the engine's parse of another text, or of this text read as another dialect, is never used
    ('SELECT * FROM "data/secret.csv"', ('SELECT * FROM "data/other"', "sqlite")),
    ('SELECT * FROM "data/secret.csv"', ('SELECT * FROM "data/secret.csv"', "duckdb")),
])
def test_the_guard_reuses_a_parse_only_of_the_same_text_in_the_same_dialect(sql, hint):
    from sqlintent import sqlast

    harmless = tuple(sqlast.parse_trees("SELECT 1", "sqlite"))
    with pytest.raises(ProbeRefused):
        ensure_select(sql, "sqlite", parsed=(hint[0], hint[1], harmless))


def test_the_guard_gives_the_same_verdict_with_the_engines_parse():
    from sqlintent import sqlast

    for sql in ('SELECT * FROM "data/secret.csv"', "SELECT a FROM t WHERE b > 1"):
        alone = None
        try:
            alone = ensure_select(sql + " ", "sqlite")
        except ProbeRefused as exc:
            alone = type(exc)
        try:
            reused = ensure_select(sql, "sqlite", parsed=(sql, "sqlite", tuple(sqlast.parse_trees(sql, "sqlite"))))
        except ProbeRefused as exc:
            reused = type(exc)
        assert reused == alone
