"""A CTE's column list names its columns: `WITH r(n) AS (...) SELECT n FROM r` has no unknown column
(SIS003, an error that fails CI, fired on every such query), and a name outside the list still is one."""
import pytest

from sqlintent.config import Config
from sqlintent.engine import Engine


@pytest.mark.parametrize("sql,unknown", [
    ("WITH r(n) AS (SELECT 1) SELECT n FROM r", []),
    ("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r", []),
    ("WITH c(who) AS (SELECT name FROM customers) SELECT who FROM c", []),
    ("WITH c(who) AS (SELECT name FROM customers) SELECT name FROM c", ["name"]),  # renamed by the list
])
def test_cte_column_lists(shop_db, sql, unknown):
    engine = Engine(Config(database=str(shop_db), select=["SIS003"]))
    found = engine.check_text(f"-- intent: numbers\n{sql};\n").findings
    assert [f.message.split("'")[1] for f in found if f.code == "SIS003"] == unknown
