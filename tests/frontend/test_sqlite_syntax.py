"""SQLite's parser judges the syntax of SQLite files: statements sqlglot reads but SQLite refuses are
syntax errors (SIS001, exit 1) at the token SQLite stopped at, with a database, schema files or neither;
the compile step never runs or attaches anything."""
import sqlite3

import pytest

from sqlintent.config import Config
from sqlintent.engine import Engine
from sqlintent.sqlite_syntax import check

REFUSED = [  # (statement, the text SIS001 points at)
    ("SELECT name, FROM customers;", "FROM"),  # a trailing comma: sqlglot takes FROM as an alias
    ("SELECT name FROM FROM customers;", "FROM"),
    ("SELEKT name FROM customers;", "SELEKT"),
    ("SELECT name FROM customers WHERE name ILIKE 'a%';", "ILIKE"),  # not SQLite
]


@pytest.mark.parametrize("sql,token", REFUSED)
def test_what_sqlite_refuses_is_a_syntax_error_at_its_token(shop_db, tmp_path, sql, token):
    with pytest.raises(sqlite3.OperationalError, match="syntax error"):
        sqlite3.connect(shop_db).execute(sql)
    ddl = tmp_path / "schema.sql"
    ddl.write_text("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);\n")
    for config in (Config(database=str(shop_db)), Config(schema_files=[str(ddl)]), Config()):
        text = f"-- intent: the names\n{sql}\n"
        found = Engine(config).check_text(text).findings
        assert [f.code for f in found if f.severity.name == "ERROR"] == ["SIS001"]
        sis = next(f for f in found if f.code == "SIS001")
        assert text[sis.span.start:sis.span.end] == token
        assert not [f for f in found if f.code in ("SIS003", "SIX001", "SIM001")]  # nothing else judges it


def test_the_later_of_two_equal_tokens_is_named_when_it_is_the_one(shop_db):
    text = "SELECT name FROM FROM customers;"
    err = check(text)
    assert err.span.start == text.index("FROM", text.index("FROM") + 1)


def test_an_unfinished_statement_points_at_its_end():
    text = "SELECT city FROM customers GROUP BY"
    err = check(text)
    assert err is not None and "ends before it is complete" in err.message
    assert err.span.end == len(text)


@pytest.mark.parametrize("sql", [
    "WITH c AS (SELECT city FROM customers) SELECT city FROM c",
    "SELECT name, row_number() OVER (PARTITION BY city ORDER BY name) FROM customers",
    "SELECT name FROM customers WHERE id = ? OR city = :city",
    "SELECT * FROM no_such_table",  # a name error, not a syntax error
    "SELECT 1; SELECT 2",
])
def test_what_sqlite_parses_passes(sql):
    assert check(sql) is None


def test_compiling_runs_nothing(tmp_path):
    target = tmp_path / "attached.db"
    for sql in (f"ATTACH '{target}' AS x", f"VACUUM INTO '{target}'", "SELECT load_extension('x')"):
        assert check(sql) is None
    assert not target.exists()


def test_other_dialects_and_databases_are_not_judged_by_sqlite(shop_db):
    text = "-- intent: the names\nSELECT name::text FROM customers;\n"
    pg = [f.code for f in Engine(Config(dialect="postgres")).check_text(text).findings]
    assert "SIS001" not in pg
    assert "SIS001" in [f.code for f in Engine(Config()).check_text(text).findings]  # files declared SQLite
