"""The value-to-column index is built once per database and rebuilt when the database file changes."""
from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import build_shop, check, engine_for


def test_value_index_follows_the_database_file(tmp_path):
    db = build_shop(tmp_path / "shop.sqlite")
    engine = engine_for(db, ("SIA001",))
    intent = "names of customers who live in the state of Ohio"
    sql = "SELECT name FROM customers WHERE city = 'Ohio'"
    _, findings = check(engine, sql, intent)
    assert findings == []  # no column stores 'Ohio' yet
    index = engine.shared.value_indexes
    assert len(index) == 1
    version, built = next(iter(index.values()))
    assert built.built and ("customers", "state") in built.columns

    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO customers VALUES (6, 'Ohio Jones', 'Columbus', 'Ohio', 'USA')")
    conn.commit()
    conn.close()
    st = db.stat()
    os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # a distinct mtime on any filesystem

    _, findings = check(engine, sql, intent)
    assert [f.code for f in findings] == ["SIA001"]
    assert "customers.state" in findings[0].message
    new_version, rebuilt = next(iter(engine.shared.value_indexes.values()))
    assert new_version != version and rebuilt is not built


def test_index_is_shared_between_statements(tmp_path):
    db = build_shop(tmp_path / "shop.sqlite")
    engine = engine_for(db, ("SIA001",))
    check(engine, "SELECT name FROM customers WHERE city = 'Boston'", "customers in Boston")
    first = next(iter(engine.shared.value_indexes.values()))[1]
    check(engine, "SELECT company FROM suppliers WHERE city = 'Berlin'", "suppliers in Berlin")
    assert next(iter(engine.shared.value_indexes.values()))[1] is first
