"""A database file that came with the checkout (a pull request can commit one and name it in its
sqlintent.toml) is opened read-only with extension loading off (issue 37, item 6): SQLite without
extension loading, memory-mapped reads or unchecked cell sizes; DuckDB with external access, extension
installing and autoloading off, its configuration locked."""
from __future__ import annotations

import sqlite3

import pytest

from tests.security.cli_run import sqlintent


def _repo(tmp_path, name: str):
    (tmp_path / ".git").mkdir()
    (tmp_path / "sqlintent.toml").write_text(f'database = "{name}"\n[model]\nenabled = false\n')
    (tmp_path / "q.sql").write_text("-- intent: the names\nSELECT name FROM t;\n")
    return tmp_path


def test_a_committed_sqlite_file_is_opened_with_its_defences(tmp_path):
    from sqlintent.db.sqlite import SQLiteDatabase

    repo = _repo(tmp_path, "app.db")
    db = sqlite3.connect(repo / "app.db")
    db.execute("CREATE TABLE t (name TEXT)")
    db.execute("CREATE VIEW v AS SELECT sqlite_source_id() AS x FROM t")  # a function off the allowlist
    db.execute("INSERT INTO t VALUES ('a')")
    db.commit()
    db.close()
    handle = SQLiteDatabase(repo / "app.db")
    conn = handle._conn
    conn.set_authorizer(None)  # to read its settings (probes keep the authorizer)
    try:
        settings = {p: conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("cell_size_check", "mmap_size")}
        assert settings == {"cell_size_check": 1, "mmap_size": 0}
        with pytest.raises(sqlite3.OperationalError):
            conn.execute("SELECT load_extension('./evil')").fetchone()  # extension loading is off
    finally:
        handle.close()
    # through the CLI: the view's function is never called, and the run says so by class
    (repo / "q.sql").write_text("-- intent: x\nSELECT x FROM v;\n")
    out = sqlintent(repo, "check", "q.sql", "--no-model", env={"CI": "true"}).stdout.decode()
    assert "SIX001" in out and "SQLite error (not authorized" in out and "sqlite_source_id" not in out, out


def test_a_committed_duckdb_file_is_opened_read_only_without_extensions(tmp_path):
    duckdb = pytest.importorskip("duckdb")
    from sqlintent.db.duckdb import DuckDBDatabase

    repo = _repo(tmp_path, "app.duckdb")
    con = duckdb.connect(str(repo / "app.duckdb"))
    con.execute("CREATE TABLE t (name TEXT)")
    con.close()
    db = DuckDBDatabase(repo / "app.duckdb")
    got = {s: db._conn.execute(f"SELECT current_setting('{s}')").fetchone()[0]
           for s in ("enable_external_access", "autoinstall_known_extensions", "autoload_known_extensions",
                     "allow_community_extensions", "lock_configuration", "access_mode")}
    assert got == {"enable_external_access": False, "autoinstall_known_extensions": False,
                   "autoload_known_extensions": False, "allow_community_extensions": False,
                   "lock_configuration": True, "access_mode": "read_only"}
    db.close()
