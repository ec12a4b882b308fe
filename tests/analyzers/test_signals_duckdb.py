"""The database signals on a DuckDB file: same findings, probes through DuckDB's read-only connection."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import build_shop_duckdb, check, engine_for

duckdb = pytest.importorskip("duckdb")


@pytest.fixture(scope="module")
def shop_duckdb(tmp_path_factory) -> Path:
    return build_shop_duckdb(tmp_path_factory.mktemp("duck") / "shop.duckdb")


@pytest.mark.parametrize("sql,intent,code,blamed", [
    ("SELECT T1.name FROM customers AS T1 WHERE T1.city = 'boston'", None, "SIP001", "T1.city = 'boston'"),
    ("SELECT c.name FROM customers AS c JOIN orders AS o ON c.customer_id = o.order_id", None, "SIJ001",
     "c.customer_id = o.order_id"),
    ("SELECT count(*) FROM orders WHERE discount > 0", None, "SIR001", "count(*)"),
    ("SELECT name FROM customers WHERE city = 'New York'", "customers who live in the state of New York",
     "SIA001", "city = 'New York'"),
    ("SELECT name FROM products WHERE product_id = (SELECT product_id FROM order_items WHERE quantity > 2)", None,
     "SIQ001", "product_id = (SELECT product_id FROM order_items WHERE quantity > 2)"),
])
def test_signal_on_duckdb(shop_duckdb, sql, intent, code, blamed):
    engine = engine_for(shop_duckdb, (code,), {"dialect": "duckdb"})
    text, findings = check(engine, sql, intent)
    assert [f.code for f in findings] == [code]
    assert text[findings[0].span.start:findings[0].span.end] == blamed


def test_stored_value_is_silent_on_duckdb(shop_duckdb):
    engine = engine_for(shop_duckdb, ("SIP001", "SIR001", "SIX001"), {"dialect": "duckdb"})
    _, findings = check(engine, "SELECT T1.name FROM customers AS T1 WHERE T1.city = 'Boston'")
    assert findings == []
