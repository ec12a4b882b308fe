"""The attacks, per database. Each is (id, SQL, refused): ``refused`` is a word the one SIX002 finding must
name (the function or command refused), or None when the statement is harmless as written (the splitter
reads it as several statements that are not queries, or it is a pure query that the limits stop).

``{marker}``/``{csv}``: files holding a secret marker line; ``{out}``/``{outdir}``: where a write would land.
"""
from __future__ import annotations

# Shapes every database must survive (the splitter, the guard and the driver each stop them).
COMMON = [
    ("two-statements", "SELECT 1; DELETE FROM orders", None),
    ("comment-hides-rest", "SELECT '--'; DELETE FROM orders; SELECT 1 --'", None),
    ("block-comment-semicolon", "SELECT 1 /* ; */ ; DROP TABLE orders", None),
    ("string-semicolon-then-update", "SELECT ';' AS x; UPDATE orders SET status = 'pwned'", None),
    ("cte-delete", "WITH gone AS (DELETE FROM orders RETURNING *) SELECT count(*) FROM gone", None),
    ("cte-update", "WITH x AS (UPDATE orders SET status = 'x' RETURNING 1) SELECT * FROM x", None),
    ("select-into", "SELECT * INTO stolen FROM orders", None),
    ("create-table-as", "CREATE TABLE stolen AS SELECT * FROM orders", None),
    ("insert-select", "INSERT INTO orders SELECT order_id + 1000, customer_id, status, amount FROM orders", None),
    ("drop-table", "DROP TABLE customers", None),
    ("alter-table", "ALTER TABLE orders ADD COLUMN pwned INTEGER", None),
    ("update-subquery", "UPDATE orders SET amount = (SELECT max(amount) FROM orders)", None),
    ("delete-where", "DELETE FROM orders WHERE order_id IN (SELECT order_id FROM orders)", None),
    ("unterminated-string", "SELECT count(*) FROM orders WHERE status = 'x; DELETE FROM orders", None),
    ("unknown-function", "SELECT evil_function(status) FROM orders", "evil_function"),
    ("quoted-function-name", 'SELECT "upper"(status) FROM orders', "upper"),
    ("function-in-where", "SELECT count(*) FROM orders WHERE status = evil_function('x')", "evil_function"),
    ("function-in-subquery", "SELECT name FROM customers WHERE customer_id IN "
                             "(SELECT evil_function(customer_id) FROM orders)", "evil_function"),
    ("function-in-join", "SELECT c.name FROM customers c JOIN orders o ON o.customer_id = evil_fn(c.customer_id)",
     "evil_fn"),
    ("function-after-comment", "SELECT /* upper( */ evil_function(1)", "evil_function"),
    ("cross-join-count", "SELECT count(*) FROM orders a, orders b, orders c, orders d, orders e, orders f, "
                         "orders g, orders h", None),
    ("cross-join-group", "SELECT a.status, count(*) FROM orders a, orders b, orders c, orders d, orders e, "
                         "orders f, orders g GROUP BY a.status", None),
]

SQLITE = [
    ("attach", "ATTACH DATABASE '{outdir}/x.db' AS x", None),
    ("vacuum-into", "VACUUM INTO '{out}'", None),
    ("pragma-writable-schema", "PRAGMA writable_schema = 1", None),
    ("load-extension", "SELECT load_extension('/tmp/evil.so')", "load_extension"),
    ("readfile", "SELECT readfile('{marker}')", "readfile"),
    ("writefile", "SELECT writefile('{out}', 'x')", "writefile"),
    ("fts3-tokenizer", "SELECT fts3_tokenizer('simple')", "fts3_tokenizer"),
    ("bracket-ident-semicolon", "SELECT [a;b] FROM (SELECT 1 AS [a;b]); DELETE FROM orders", None),
    ("backtick-ident-semicolon", "SELECT `a;b` FROM (SELECT 1 AS `a;b`); DELETE FROM orders", None),
    ("printf-huge", "SELECT printf('%.*c', 900000000, 'x')", "printf"),
    ("format-huge", "SELECT format('%.*c', 900000000, 'x')", "format"),
    ("instr-quadratic", "SELECT instr(replace(hex(zeroblob(4000000)), '0', 'a'), "
                        "replace(hex(zeroblob(2000000)), '0', 'a') || 'b')", None),
    ("zeroblob-huge", "SELECT length(zeroblob(2000000000))", None),
    ("randomblob-huge", "SELECT length(randomblob(1000000000))", None),
    ("replace-growth", "SELECT length(replace(hex(zeroblob(5000000)), '0', 'xxxxxxxxxx'))", None),
    ("recursive-forever", "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
                          "SELECT count(*) FROM r", None),
    ("like-pathological", "SELECT count(*) FROM orders WHERE replace(hex(zeroblob(100000)), '0', 'a') "
                          "LIKE '%a%a%a%a%a%a%a%a%a%a%a%a%b'", None),
    ("sqlite-master-write", "UPDATE sqlite_master SET sql = 'x'", None),
    ("reindex", "REINDEX", None),
    ("begin-immediate", "BEGIN IMMEDIATE", None),
    ("savepoint", "SAVEPOINT s1", None),
    ("e-string-is-not-sqlite", "SELECT E'\\'; DELETE FROM orders; --'", None),
]

DUCKDB = [
    ("read-csv", "SELECT * FROM read_csv('{csv}')", "read_csv"),
    ("read-csv-auto", "SELECT * FROM read_csv_auto('{marker}')", "read_csv_auto"),
    ("read-text", "SELECT content FROM read_text('{marker}')", "read_text"),
    ("read-blob", "SELECT content FROM read_blob('{marker}')", "read_blob"),
    ("read-json", "SELECT * FROM read_json('{marker}')", "read_json"),
    ("read-parquet", "SELECT * FROM read_parquet('{marker}')", "read_parquet"),
    ("parquet-scan", "SELECT * FROM parquet_scan('{marker}')", "parquet_scan"),
    ("sniff-csv", "SELECT * FROM sniff_csv('{csv}')", "sniff_csv"),
    ("glob", "SELECT * FROM glob('{outdir}/../*')", "glob"),
    ("bare-file-path", "SELECT * FROM '{csv}'", "file path"),
    ("quoted-file-path", 'SELECT * FROM "{csv}"', "file path"),
    ("from-first-read", "FROM read_csv('{csv}')", "read_csv"),
    ("method-call-read", "SELECT '{marker}'.read_text()", "read_text"),
    ("scalar-cast-error", "SELECT CAST(content AS INTEGER) FROM read_text('{marker}')", "read_text"),
    ("copy-to", "COPY (SELECT * FROM customers) TO '{out}'", None),
    ("copy-to-dollar", "COPY (SELECT * FROM customers) TO $${out}$$", None),
    ("copy-from", "COPY customers FROM '{csv}'", None),
    ("export-database", "EXPORT DATABASE '{outdir}'", None),
    ("import-database", "IMPORT DATABASE '{outdir}'", None),
    ("install", "INSTALL httpfs", None),
    ("load", "LOAD httpfs", None),
    ("attach", "ATTACH '{outdir}/x.duckdb' AS x", None),
    ("pragma", "PRAGMA database_list", None),
    ("set-external-access", "SET enable_external_access = true", None),
    ("set-threads", "SET threads = 16", None),
    ("reset", "RESET memory_limit", None),
    ("call", "CALL pragma_version()", None),
    ("summarize", "SUMMARIZE customers", None),
    ("getenv", "SELECT getenv('HOME')", "getenv"),
    ("current-setting", "SELECT current_setting('memory_limit')", "current_setting"),
    ("duckdb-settings", "SELECT * FROM duckdb_settings()", "duckdb_settings"),
    ("query-function", "SELECT * FROM query('SELECT 1')", "query"),
    ("query-table", "SELECT * FROM query_table('customers')", "query_table"),
    ("range-sort", "SELECT list_sort(range(100000000))", "range"),
    ("repeat-huge", "SELECT length(repeat('x', 2000000000))", "repeat"),
    ("lpad-huge", "SELECT length(lpad('x', 2000000000, 'y'))", "lpad"),
    ("printf-width", "SELECT printf('%2000000000d', 1)", "printf"),
    ("string-agg-big", "SELECT length(string_agg(a.status || b.status || c.status, '')) "
                       "FROM orders a, orders b, orders c, orders d", None),
    ("dollar-tag-split", "SELECT $t$ ; $t$; COPY customers TO '{out}'", None),
    ("nested-comment-split", "SELECT 1 /* /* */ ; COPY customers TO '{out}'; -- */", None),
    ("e-string-split", "SELECT E'\\''; COPY customers TO '{out}'; SELECT '", None),
    ("checkpoint", "CHECKPOINT", None),
]

POSTGRES = [
    ("issue-e-string", "SELECT E'--\\''; COMMIT; BEGIN READ WRITE; UPDATE orders SET status = $$pwned$$ "
                       "WHERE order_id = 2; COMMIT; SELECT 1 --'", None),
    ("copy-to-program", "SELECT 1; COPY (SELECT 1) TO PROGRAM $$touch {out}$$", None),
    ("copy-to-file", "COPY (SELECT * FROM customers) TO '{out}'", None),
    ("copy-from-file", "COPY customers FROM '{csv}'", None),
    ("pg-read-file", "SELECT pg_read_file('{marker}')", "pg_read_file"),
    ("pg-read-binary-file", "SELECT pg_read_binary_file('{marker}')", "pg_read_binary_file"),
    ("pg-ls-dir", "SELECT pg_ls_dir('{outdir}')", "pg_ls_dir"),
    ("pg-stat-file", "SELECT pg_stat_file('{marker}')", "pg_stat_file"),
    ("qualified-read-file", "SELECT pg_catalog.pg_read_file('{marker}')", "pg_read_file"),
    ("upper-case-read-file", "SELECT PG_READ_FILE('{marker}')", "pg_read_file"),
    ("quoted-read-file", "SELECT \"pg_read_file\"('{marker}')", "pg_read_file"),
    ("cast-error-read-file", "SELECT pg_read_file('{marker}')::int", "pg_read_file"),
    ("lo-import", "SELECT lo_import('{marker}')", "lo_import"),
    ("lo-export", "SELECT lo_export(1, '{out}')", "lo_export"),
    ("dblink", "SELECT * FROM dblink('dbname=postgres', 'DELETE FROM orders') AS t(x text)", "dblink"),
    ("advisory-lock", "SELECT pg_advisory_lock(4242)", "pg_advisory_lock"),
    ("advisory-lock-shared", "SELECT pg_advisory_lock_shared(4242)", "pg_advisory_lock_shared"),
    ("advisory-xact-lock", "SELECT pg_advisory_xact_lock(4242)", "pg_advisory_xact_lock"),
    ("try-advisory-lock", "SELECT count(*) FROM orders WHERE pg_try_advisory_lock(order_id)",
     "pg_try_advisory_lock"),
    ("terminate-backend", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity", "pg_terminate_backend"),
    ("cancel-backend", "SELECT pg_cancel_backend(pid) FROM pg_stat_activity", "pg_cancel_backend"),
    ("reload-conf", "SELECT pg_reload_conf()", "pg_reload_conf"),
    ("stat-reset", "SELECT pg_stat_reset()", "pg_stat_reset"),
    ("switch-wal", "SELECT pg_switch_wal()", "pg_switch_wal"),
    ("txid-current", "SELECT txid_current()", "txid_current"),
    ("current-xact-id", "SELECT pg_current_xact_id()", "pg_current_xact_id"),
    ("logical-emit", "SELECT pg_logical_emit_message(true, 'x', 'y')", "pg_logical_emit_message"),
    ("set-config", "SELECT set_config('statement_timeout', '0', false)", "set_config"),
    ("current-setting", "SELECT current_setting('data_directory')", "current_setting"),
    ("pg-sleep", "SELECT pg_sleep(10)", "pg_sleep"),
    ("nextval", "SELECT nextval('orders_seq')", "nextval"),
    ("pg-notify", "SELECT pg_notify('chan', 'x')", "pg_notify"),
    ("query-to-xml", "SELECT query_to_xml('DELETE FROM orders RETURNING 1', true, true, '')", "query_to_xml"),
    ("pg-shadow", "SELECT * FROM pg_shadow", "pg_shadow"),
    ("pg-authid", "SELECT rolpassword FROM pg_catalog.pg_authid", "pg_authid"),
    ("pg-stat-activity", "SELECT query FROM pg_stat_activity", "pg_stat_activity"),
    ("for-update", "SELECT * FROM orders FOR UPDATE", "for update"),
    ("for-share", "SELECT * FROM orders FOR SHARE", "for update"),
    ("set-role", "SET ROLE postgres", None),
    ("reset-all", "RESET ALL", None),
    ("do-block", "DO $$ BEGIN DELETE FROM orders; END $$", None),
    ("call", "CALL evil()", None),
    ("prepare-execute", "PREPARE p AS DELETE FROM orders; EXECUTE p", None),
    ("listen-notify", "LISTEN chan; NOTIFY chan", None),
    ("lock-table", "LOCK TABLE orders IN ACCESS EXCLUSIVE MODE", None),
    ("vacuum", "VACUUM orders", None),
    ("create-temp", "CREATE TEMP TABLE t AS SELECT 1", None),
    ("begin-read-write", "BEGIN READ WRITE; DELETE FROM orders; COMMIT", None),
    ("dollar-tag-split", "SELECT $a$ ; $a$; DELETE FROM orders", None),
    ("nested-comment-split", "SELECT 1 /* /* */ ; DELETE FROM orders; -- */", None),
    ("backslash-is-not-escape", "SELECT 'a\\'; DELETE FROM orders; --'", None),
    ("unicode-escape", "SELECT U&'\\0027'; DELETE FROM orders", None),
    ("string-agg-huge", "SELECT length(string_agg(repeat('x', 1000000), '')) FROM generate_series(1, 900)", None),
    ("recursive-forever", "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
                          "SELECT count(*) FROM r", None),
    ("repeat-huge", "SELECT length(repeat('x', 1000000000))", None),
    # the system catalogue through casts to reg* types (every role, table and function by name)
    ("regrole-cast", "SELECT g::oid::regrole::text FROM generate_series(1, 20000) AS g", "::regrole"),
    ("regclass-literal", "SELECT 'pg_authid'::regclass::oid", "::regclass"),
    ("regprocedure-cast", "SELECT CAST(g AS regprocedure) FROM generate_series(1, 9000) AS g", "::regprocedure"),
    # the same types qualified, quoted or as arrays (issue 37: pg_catalog.regrole passed the guard)
    ("regrole-qualified", "SELECT CAST(g::oid AS pg_catalog.regrole)::text FROM generate_series(1, 20000) AS g",
     "::regrole"),
    ("regrole-quoted", 'SELECT g::oid::"regrole"::text FROM generate_series(1, 20000) AS g', "::regrole"),
    ("regclass-qualified-quoted", "SELECT 'pg_authid'::pg_catalog.\"regclass\"::oid", "::regclass"),
    ("regnamespace-quoted-array", 'SELECT CAST(ARRAY[g::oid] AS "pg_catalog"."regnamespace"[])::text '
                                  "FROM generate_series(1, 200) AS g", "::regnamespace"),
    ("regrole-array", "SELECT ARRAY[g::oid]::regrole[] FROM generate_series(1, 200) AS g", None),
    # an allowlisted name in another schema is the schema owner's function, not pg_catalog's
    ("other-schema-call", "SELECT sqlintent_security.lower(c) FROM customers AS c", "lower()"),
    # functional notation: x.f is f(x) (the schema holds lockit(customers), which takes an advisory lock)
    ("functional-notation", "WITH x AS (SELECT * FROM customers) SELECT x.name, x.lockit FROM x", None),
    ("functional-notation-paren", "SELECT (c).lockit FROM customers AS c", None),
]

BY_DIALECT = {"sqlite": SQLITE, "duckdb": DUCKDB, "postgres": POSTGRES}


def count() -> int:
    return len(COMMON) * 3 + sum(len(v) for v in BY_DIALECT.values())
