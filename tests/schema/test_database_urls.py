"""Database URLs as users write them (SQLAlchemy's convention), and the dialect that follows the database.

``sqlite:///x.db`` and ``duckdb:///x.duckdb`` are relative paths (three slashes), ``sqlite:////abs/x.db``
absolute (four); a URL with a host or no file is a clear error, and a database that cannot be opened fails
the run with status 2 whichever source named it.
"""
from __future__ import annotations

import pytest

QUERY = "-- intent: the names of all products\nSELECT name FROM products;\n"


def _no_database_problem(proc) -> bool:
    return "SID001" not in proc.stdout and "database checks are skipped" not in proc.stdout


@pytest.mark.parametrize("scheme", ["sqlite", "duckdb"])
def test_three_slashes_are_relative_and_four_absolute(cli, shop_db, tmp_path, scheme):
    if scheme == "duckdb":
        duckdb = pytest.importorskip("duckdb")
        db = tmp_path / "shop.duckdb"
        con = duckdb.connect(str(db))
        con.execute("CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT)")
        con.execute("INSERT INTO products VALUES (1, 'lamp')")
        con.close()
    else:
        db = tmp_path / "shop.sqlite"
        db.write_bytes(shop_db.read_bytes())
    q = tmp_path / "q.sql"
    q.write_text(QUERY)
    rel = cli("check", "q.sql", "--db", f"{scheme}:///{db.name}", "--no-model", cwd=tmp_path)
    assert _no_database_problem(rel) and rel.returncode == 0, rel.stdout + rel.stderr
    absolute = cli("check", str(q), "--db", f"{scheme}:///{db}", "--no-model")  # f"///{/tmp...}": four
    assert _no_database_problem(absolute) and absolute.returncode == 0, absolute.stdout + absolute.stderr
    # the same file named with three slashes from elsewhere is a relative path that does not exist there
    wrong = cli("check", str(q), "--db", f"{scheme}:///{db.relative_to('/')}", "--no-model", cwd=tmp_path)
    assert wrong.returncode == 2 and "database file not found" in wrong.stderr, wrong.stdout + wrong.stderr


def test_a_url_from_the_config_file_is_relative_to_it(cli, shop_db, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "shop.sqlite").write_bytes(shop_db.read_bytes())
    (tmp_path / "sqlintent.toml").write_text('database = "sqlite:///data/shop.sqlite"\n')
    (tmp_path / "q.sql").write_text(QUERY)
    proc = cli("check", str(tmp_path / "q.sql"), "--no-model")
    assert _no_database_problem(proc) and proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("url", ["sqlite://dbhost/x.db", "duckdb://", "sqlite:///"])
def test_a_url_with_a_host_or_no_file_is_a_clear_error(cli, tmp_path, url):
    (tmp_path / "q.sql").write_text(QUERY)
    (tmp_path / "sqlintent.toml").write_text(f'database = "{url}"\n')
    proc = cli("check", str(tmp_path / "q.sql"), "--no-model")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2, out
    assert "relative/path" in out and "absolute/path" in out, out
    assert "Traceback" not in out


def test_an_unavailable_database_from_the_config_fails_the_run(cli, tmp_path):
    (tmp_path / "q.sql").write_text(QUERY)
    (tmp_path / "sqlintent.toml").write_text('database = "missing.sqlite"\n')
    proc = cli("check", str(tmp_path / "q.sql"), "--no-model")
    assert proc.returncode == 2 and "error: SID001 database file not found" in proc.stdout, proc.stdout + proc.stderr


def test_the_dialect_follows_a_duckdb_database_when_not_set(cli, tmp_path):
    duckdb = pytest.importorskip("duckdb")
    db = tmp_path / "shop.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT, price DOUBLE)")
    con.execute("INSERT INTO products VALUES (1, 'lamp', 10.5)")
    con.close()
    q = tmp_path / "q.sql"
    # DuckDB syntax SQLite refuses: read as SQLite it would be a syntax error
    q.write_text("-- intent: the prices of all products as whole numbers\nSELECT price::INTEGER FROM products;\n")
    shown = cli("check", "--show-settings", str(q), "--db", str(db))
    assert "duckdb" in shown.stdout and 'dialect = "sqlite"' not in shown.stdout, shown.stdout
    proc = cli("check", str(q), "--db", str(db), "--no-model")
    assert "SIS001" not in proc.stdout and proc.returncode == 0, proc.stdout + proc.stderr
    # a dialect that is set wins over the database's kind
    forced = cli("check", "--show-settings", str(q), "--db", str(db), "--dialect", "sqlite")
    assert 'dialect = "sqlite"' in forced.stdout, forced.stdout
