"""Statements without semicolons: a new top-level SELECT/WITH on a new line after a complete statement
starts a new statement; the missing ';' is one hint with a fix; genuine syntax errors stay exact."""
import pytest

from sqlintent.config import Config
from sqlintent.document import parse_document
from sqlintent.engine import Engine
from sqlintent.fixes import apply_fixes

RUN_ON = """-- intent: names of customers
SELECT name FROM customers

-- intent: how many orders
SELECT count(*) FROM orders -- noqa: SIR001

/* intent: the cities */
WITH c AS (SELECT city FROM customers)
SELECT city FROM c;
SELECT 1
"""


def _texts(sql):
    return [s.text for s in parse_document(sql).statements]


def test_run_on_queries_are_split_with_their_intents_and_noqa():
    doc = parse_document(RUN_ON)
    assert [s.text for s in doc.statements] == [
        "SELECT name FROM customers", "SELECT count(*) FROM orders",
        "WITH c AS (SELECT city FROM customers)\nSELECT city FROM c", "SELECT 1"]
    assert [s.intent for s in doc.statements] == ["names of customers", "how many orders", "the cities", None]
    assert [s.missing_terminator for s in doc.statements] == [True, True, False, False]
    assert [d.codes for d in doc.statements[1].noqa] == [("SIR001",)]
    assert doc.statements[0].noqa == []


@pytest.mark.parametrize("sql", [
    "SELECT 1\nUNION ALL\nSELECT 2",
    "SELECT 1\nUNION\nSELECT 2",
    "SELECT a FROM t\nEXCEPT\nSELECT a FROM u",
    "WITH x AS (SELECT 1)\nSELECT * FROM x",
    "WITH x AS (\n  SELECT 1\n)\nSELECT * FROM x",
    "INSERT INTO t (a, b)\nSELECT a, b FROM u",
    "CREATE VIEW v AS\nSELECT 1",
    "SELECT a FROM t WHERE b IN\n(SELECT b FROM u)",
    "SELECT a FROM t WHERE b =\nSELECT 1",
    "SELECT a, (\nSELECT max(b) FROM u) FROM t",
    "SELECT a FROM t WITH (NOLOCK)",
    "SELECT 'x\nSELECT y' FROM t",
])
def test_no_split_where_the_query_goes_on(sql):
    assert len(_texts(sql)) == 1


def test_with_after_a_query_starts_a_new_statement():
    assert _texts("SELECT 1\nWITH x AS (SELECT 2) SELECT * FROM x") == ["SELECT 1", "WITH x AS (SELECT 2) SELECT * FROM x"]


def test_each_query_is_checked_and_the_missing_semicolon_is_one_hint_with_a_fix(shop_db):
    engine = Engine(Config(database=str(shop_db), select=["SIS"]))
    text = "-- intent: a\nSELECT nme FROM customers\n\n-- intent: b\nSELECT totl FROM orders\n"
    found = engine.check_text(text).findings
    codes = [(f.code, text[f.span.start:f.span.end]) for f in found]
    assert ("SIS003", "nme") in codes and ("SIS003", "totl") in codes  # both statements are checked
    hints = [f for f in found if f.code == "SIS005"]
    assert len(hints) == 1 and hints[0].severity.value == "hint"
    assert not any(f.code == "SIS001" for f in found)
    fixed = apply_fixes(text, hints).text
    assert fixed.startswith("-- intent: a\nSELECT nme FROM customers;\n")
    assert not [f for f in engine.check_text(fixed).findings if f.code in ("SIS005", "SIS001")]


def test_genuine_syntax_errors_stay_exact(shop_db):
    engine = Engine(Config(database=str(shop_db), select=["SIS"]))
    text = "SELECT name FROM customers WHERE\nSELECT 1;\n"
    found = [f for f in engine.check_text(text).findings if f.code.startswith("SIS00")]
    assert [f.code for f in found] == ["SIS001"]
    text = "SELECT name FROM customers WHERE city = 'x\nSELECT 1\n"
    found = [f for f in engine.check_text(text).findings if f.code == "SIS001"]
    assert len(found) == 1 and "unterminated string" in found[0].message
