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
