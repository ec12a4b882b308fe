"""Hover on the columns and names of CTEs and subqueries in FROM: traced back to the table columns.

The cursor is written into the SQL as ``¦`` (removed before the hover is asked for); the hovers are run on
the example shop database, and once end to end through the language server.
"""
from __future__ import annotations

import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

from sqlintent.config import Config
from sqlintent.document import parse_document
from sqlintent.engine import Engine
from sqlintent.server.schema_hover import schema_hover

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from lsp_support import diagnostics, initialize, make_workspace, open_document, server_config

CURSOR = "¦"


@pytest.fixture(scope="module")
def engine(shop_db):
    config, _ = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False}})
    return Engine(config)


def hover(engine, sql_with_cursor: str) -> str | None:
    offset = sql_with_cursor.index(CURSOR)
    sql = sql_with_cursor.replace(CURSOR, "")
    return schema_hover(engine, parse_document(sql), offset)


CTE = "WITH t AS (SELECT name, city FROM customers) SELECT {} FROM {}"


def test_cte_column_is_traced_to_its_table_column_with_type(engine):
    text = hover(engine, CTE.format("t.na¦me", "t"))
    assert text == "**column** `t.name` of CTE `t`\n- derived from `customers.name` `TEXT`"
    assert hover(engine, CTE.format("ci¦ty", "t")) == \
        "**column** `city` of CTE `t`\n- derived from `customers.city` `TEXT`"


def test_cte_name_lists_its_columns_where_defined_read_and_qualifying(engine):
    table = ("**CTE** `t`\n\n| column | type | from |\n|---|---|---|\n"
             "| name | TEXT | customers.name |\n| city | TEXT | customers.city |")
    assert hover(engine, "WITH ¦t AS (SELECT name, city FROM customers) SELECT t.name FROM t") == table
    assert hover(engine, "WITH t AS (SELECT name, city FROM customers) SELECT t.name FROM ¦t") == table
    assert hover(engine, "WITH t AS (SELECT name, city FROM customers) SELECT ¦t.name FROM t") == table
    aliased = "WITH t AS (SELECT name, city FROM customers) SELECT x.name FROM t AS ¦x"
    assert hover(engine, aliased) == table


def test_derived_table_computed_column_shows_its_expression(engine):
    sql = "SELECT s.{} FROM (SELECT count(*) AS n, max(price) AS top FROM products) AS s"
    assert hover(engine, sql.format("¦n")) == "**column** `s.n` of derived table `s`\n- computed: `COUNT(*)`"
    assert hover(engine, sql.format("to¦p")) == \
        "**column** `s.top` of derived table `s`\n- computed: `MAX(price)`, from `products.price`"
    listing = hover(engine, "SELECT s.n FROM (SELECT count(*) AS n, max(price) AS top FROM products) AS ¦s")
    assert listing.startswith("**derived table** `s`")
    assert "| n |  | computed: `COUNT(*)` |" in listing and "| top |  | computed: `MAX(price)` |" in listing


def test_derived_column_unqualified_and_through_a_join(engine):
    sql = ("SELECT ¦total FROM (SELECT o.order_id, sum(i.quantity * i.unit_price) AS total FROM orders AS o "
           "JOIN order_items AS i ON i.order_id = o.order_id GROUP BY o.order_id) AS x")
    assert hover(engine, sql) == ("**column** `total` of derived table `x`\n"
                                  "- computed: `SUM(i.quantity * i.unit_price)`, "
                                  "from `order_items.quantity`, `order_items.unit_price`")
    plain = "SELECT x.order_i¦d FROM (SELECT o.order_id FROM orders AS o) AS x"
    assert hover(engine, plain) == "**column** `x.order_id` of derived table `x`\n" \
                                   "- derived from `orders.order_id` `INTEGER`"


def test_chained_ctes_star_and_renamed_columns(engine):
    sql = "WITH a AS (SELECT * FROM customers), b(who) AS (SELECT a.name FROM a) SELECT w¦ho FROM b"
    assert hover(engine, sql) == \
        "**column** `who` of CTE `b`\n- derived from `customers.name` `TEXT` (via CTE `a`)"
    listing = hover(engine, "WITH a AS (SELECT * FROM customers) SELECT email FROM ¦a")
    assert "| customer_id | INTEGER | customers.customer_id |" in listing
    assert "| joined_on | TEXT | customers.joined_on |" in listing


def test_union_cte_column_comes_from_every_branch(engine):
    sql = ("WITH u AS (SELECT name FROM customers UNION SELECT name FROM newsletter_subscribers) "
           "SELECT u.na¦me FROM u")
    assert hover(engine, sql) == ("**column** `u.name` of CTE `u`\n"
                                  "- derived from `customers.name`, `newsletter_subscribers.name` `TEXT`")


def test_a_cte_shadowing_a_table_is_shown_as_the_cte(engine):
    assert hover(engine, "WITH customers AS (SELECT 1 AS name) SELECT na¦me FROM customers") == \
        "**column** `name` of CTE `customers`\n- computed: `1`"


def test_pipes_in_an_expression_do_not_break_the_table(engine):
    listing = hover(engine, "SELECT x.label FROM (SELECT name || ' ' || city AS label FROM customers) AS ¦x")
    assert "| label |  | computed: `name \\|\\| ' ' \\|\\| city` |" in listing


def test_nothing_for_unknown_columns_and_sources(engine):
    assert hover(engine, "SELECT x.no¦pe FROM (SELECT name FROM customers) AS x") is None
    assert hover(engine, "SELECT x.na¦me FROM (SELECT * FROM nosuch) AS x") is None
    listing = hover(engine, "SELECT x.name FROM (SELECT * FROM nosuch) AS ¦x")
    assert listing.startswith("**derived table** `x`") and "cannot be listed" in listing


def test_recursive_cte_does_not_loop(engine):
    sql = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT ¦n FROM r"
    assert hover(engine, sql).startswith("**column** `n` of CTE `r`")


def test_plain_tables_and_columns_are_unchanged(engine):
    column = hover(engine, "WITH t AS (SELECT na¦me FROM customers) SELECT name FROM t")
    assert column.startswith("**column** `customers.name` `TEXT`\n- not null") and "Sample values:" in column
    table = hover(engine, "SELECT c.name FROM custo¦mers AS c")
    assert table.startswith("**table** `customers`") and "| customer_id | INTEGER | PK |" in table


@pytest_lsp.fixture(config=server_config())
async def client(lsp_client: LanguageClient, tmp_path):
    root = make_workspace(tmp_path / "ws")
    lsp_client.root = root
    await initialize(lsp_client, "vscode", root)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_hover_through_the_server(client):
    text = ("-- intent: order totals per customer\n"
            "WITH t AS (SELECT customer_id, sum(total) AS spent FROM orders GROUP BY customer_id)\n"
            "SELECT c.name, t.spent FROM customers AS c JOIN t ON t.customer_id = c.id;\n")
    uri = open_document(client, client.root / "cte.sql", text)
    await diagnostics(client, uri, version=1)
    line = text.splitlines()[2]

    async def at(character):
        result = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=character)))
        return None if result is None else result.contents.value

    spent = await at(line.index("spent") + 1)
    assert "**column** `t.spent` of CTE `t`" in spent and "computed: `SUM(total)`, from `orders.total`" in spent
    key = await at(line.index("t.customer_id") + 3)
    assert "**column** `t.customer_id` of CTE `t`" in key
    assert "derived from `orders.customer_id` `INTEGER`" in key
    cte = await at(line.index("JOIN t") + 5)
    assert "**CTE** `t`" in cte and "| spent |  | computed: `SUM(total)` |" in cte
