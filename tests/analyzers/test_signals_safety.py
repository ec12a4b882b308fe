"""Checking a file never changes the database: destructive statements are never executed.

A real SQLite file is hashed before and after ``sqlintent check`` runs every rule (probes on) over a file
full of DELETE, DROP, UPDATE, INSERT, REPLACE, ATTACH, PRAGMA, VACUUM, CREATE and ALTER statements,
including writes hidden behind CTEs and after a harmless SELECT. Also: a probe that runs past its time
limit yields one informational finding and the other signals still report.
"""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import build_shop, check, engine_for


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _destructive(tmp: Path) -> str:
    evil, copy = tmp / "evil.sqlite", tmp / "copy.sqlite"
    statements = [
        "-- intent: remove every customer\nDELETE FROM customers",
        "DROP TABLE orders",
        "-- intent: make everything free\nUPDATE products SET price = 0 WHERE price > 0",
        "INSERT INTO customers VALUES (99, 'Mallory', 'Boston', 'MA', 'USA')",
        "REPLACE INTO products VALUES (1, 'Free keyboard', 'Hardware', 0)",
        f"ATTACH DATABASE '{evil}' AS evil",
        "PRAGMA user_version = 42",
        "PRAGMA writable_schema = ON",
        "VACUUM",
        f"VACUUM INTO '{copy}'",
        "CREATE TABLE pwned (x)",
        "ALTER TABLE customers RENAME TO customers_gone",
        "-- intent: customers to delete\nWITH doomed AS (SELECT customer_id FROM customers WHERE city = 'Boston') "
        "DELETE FROM customers WHERE customer_id IN (SELECT customer_id FROM doomed)",
        "WITH gone AS (DELETE FROM orders RETURNING order_id) SELECT count(*) FROM gone",
        "WITH src AS (SELECT 7 AS id) INSERT INTO returns SELECT id, 1, 'x' FROM src",
        "WITH src AS (SELECT 1) UPDATE orders SET status = 'lost' WHERE order_id IN (SELECT * FROM src)",
        "SELECT name FROM customers GROUP BY name; DROP TABLE customers",
        "SELECT name FROM customers WHERE city = 'boston' AND customer_id = "
        "(SELECT customer_id FROM orders WHERE status = 'shipped')",
    ]
    return ";\n".join(statements) + ";\n"


def test_checking_destructive_statements_leaves_the_database_unchanged(tmp_path, cli):
    db = build_shop(tmp_path / "shop.sqlite")
    before = _digest(db)
    mtime = db.stat().st_mtime_ns
    sql = tmp_path / "destructive.sql"
    sql.write_text(_destructive(tmp_path), encoding="utf-8")
    proc = cli("check", str(sql), "--db", str(db), "--select", "ALL", "--no-model", "--format", "json")
    assert proc.returncode in (0, 1), proc.stderr
    assert _digest(db) == before
    assert db.stat().st_mtime_ns == mtime
    assert not (tmp_path / "evil.sqlite").exists()
    assert not (tmp_path / "copy.sqlite").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["destructive.sql", "shop.sqlite"]
    # the signals did run: the last SELECT's empty predicate is reported, so probes were on
    assert '"SIP001"' in proc.stdout


def test_a_slow_probe_is_reported_and_does_not_block_other_signals(tmp_path):
    db = build_shop(tmp_path / "shop.sqlite")
    engine = engine_for(db, ("SIR001", "SIG001", "SIX001"), {"probes": {"timeout_ms": 50}})
    sql = ("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
           "SELECT city FROM customers, n GROUP BY city")
    _, findings = check(engine, sql)
    codes = [f.code for f in findings]
    assert "SIG001" in codes
    assert "SIR001" not in codes
    slow = [f for f in findings if f.code == "SIX001"]
    assert len(slow) == 1 and "abnormal-result" in slow[0].message and slow[0].severity.value == "info"


def test_without_a_database_the_data_signals_are_skipped(tmp_path):
    from sqlintent.config import Config
    from sqlintent.engine import Engine
    from sqlintent.schema.sqlite import read_sqlite_schema
    import sqlite3

    db = build_shop(tmp_path / "shop.sqlite")
    conn = sqlite3.connect(db)
    schema = read_sqlite_schema(conn)
    conn.close()
    config, _ = Config().with_overrides({"select": ["SIJ001", "SIP001", "SIG001"], "model": {"enabled": False}})
    engine = Engine(config, schema=schema)
    text = ("SELECT c.name FROM customers AS c JOIN orders AS o ON c.customer_id = o.order_id "
            "WHERE c.city = 'boston' GROUP BY c.name;\n")
    codes = sorted(f.code for f in engine.check_text(text).findings)
    assert codes == ["SIG001", "SIJ001"]


def test_a_query_that_cannot_run_is_not_probed(tmp_path):
    db = build_shop(tmp_path / "shop.sqlite")
    engine = engine_for(db, ("SIR001", "SIQ001", "SIX001"))
    _, findings = check(engine, "SELECT name FROM products WHERE price > (SELECT avg(prize) FROM products)")
    assert findings == []  # the unknown column 'prize' is the schema rules' to report, not a failed probe
    _, findings = check(engine, "SELECT name FROM products WHERE price > (SELECT avg(price) FROM products)")
    assert findings == []
    _, findings = check(engine, "SELECT name FROM products WHERE price > (SELECT avg(quote(price, 2)) FROM products)")
    # SQLite rejects the call: each signal whose probe failed says so, once
    assert sorted(f.message.split(":")[0] for f in findings) == ["abnormal-result", "multi-row-subquery-filter"]
    assert {f.code for f in findings} == {"SIX001"}


def test_a_function_off_the_allowlist_is_never_sent_and_reported_once(tmp_path):
    db = build_shop(tmp_path / "shop.sqlite")
    engine = engine_for(db, ("SIR001", "SIQ001", "SIX001", "SIX002"))
    _, findings = check(engine, "SELECT name FROM products WHERE price > (SELECT anavg(price) FROM products)")
    assert [(f.code, f.data.get("refused")) for f in findings] == [("SIX002", "anavg()")]
    assert "anavg() is not on the sqlite allowlist" in findings[0].message
