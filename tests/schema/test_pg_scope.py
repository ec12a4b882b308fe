"""Tables of a PostgreSQL probe are qualified with the loaded schema (every other name then resolves in
pg_catalog only); CTE names and qualified tables are left alone, and a long ON-less join chain that the
guard lets through is read with the guard's linear parser (sqlglot alone takes minutes on it)."""
from sqlintent.db.guard import ensure_select
from sqlintent.db.pg_scope import qualify_tables


def test_tables_take_the_schema_ctes_and_qualified_tables_do_not():
    sql = 'WITH x AS (SELECT * FROM users) SELECT x.name FROM x JOIN "Order Items" oi ON true, other.t'
    assert qualify_tables(sql, 'my "s') == ('WITH x AS (SELECT * FROM "my ""s".users) SELECT x.name FROM x '
                                           'JOIN "my ""s"."Order Items" oi ON true, other.t')


def test_a_join_chain_the_guard_passes_is_qualified_too():
    sql = "SELECT 1 FROM t0 " + " ".join(f"JOIN t{i}" for i in range(1, 40))
    ensure_select(sql, "postgres")
    assert qualify_tables(sql, "s") == "SELECT 1 FROM " + " JOIN ".join(f'"s".t{i}' for i in range(40))


def test_a_cte_is_never_qualified_quoted_or_case_folded():
    from sqlintent.db.pg_scope import qualify_tables

    assert qualify_tables('WITH "Top" AS (SELECT 1) SELECT * FROM "Top"', "s") == \
        'WITH "Top" AS (SELECT 1) SELECT * FROM "Top"'
    assert qualify_tables("WITH Top AS (SELECT 1) SELECT * FROM TOP t", "s") == \
        "WITH Top AS (SELECT 1) SELECT * FROM TOP t"
    # an unquoted CTE name folds to lower case: a quoted "Top" is then another relation, qualified
    assert qualify_tables('WITH Top AS (SELECT 1) SELECT * FROM "Top"', "s") == \
        'WITH Top AS (SELECT 1) SELECT * FROM "s"."Top"'


def test_a_cte_named_like_a_table_reads_the_table_in_its_own_body():
    # PostgreSQL scopes a WITH's names: a CTE's own body (without RECURSIVE) and the CTEs before it see the
    # table, not the CTE; the query and the later CTEs see the CTE. Qualifying the body's name as a CTE left
    # it unresolved, and a correct answer got SIS002 "relation songs does not exist" (real-world corpus).
    sql = "WITH songs AS (SELECT title FROM plays JOIN songs s ON true) SELECT * FROM songs"
    assert qualify_tables(sql, "s") == \
        'WITH songs AS (SELECT title FROM "s".plays JOIN "s".songs s ON true) SELECT * FROM songs'
    assert qualify_tables("WITH b AS (SELECT * FROM a), a AS (SELECT 1) SELECT * FROM a, b", "s") == \
        'WITH b AS (SELECT * FROM "s".a), a AS (SELECT 1) SELECT * FROM a, b'
    assert qualify_tables("WITH RECURSIVE t AS (SELECT 1 UNION ALL SELECT 1 FROM t) SELECT * FROM t", "s") == \
        "WITH RECURSIVE t AS (SELECT 1 UNION ALL SELECT 1 FROM t) SELECT * FROM t"
    # a CTE of a subquery is not in scope outside it
    assert qualify_tables("SELECT * FROM (WITH x AS (SELECT 1) SELECT * FROM x) q, x", "s") == \
        'SELECT * FROM (WITH x AS (SELECT 1) SELECT * FROM x) q, "s".x'
