"""The valid-SQL benchmark's figures, a section of docs/rules.md (rendered by ``sqlintent rule --all --format
markdown``). Re-run the commands below and update the table when the front ends or the resolver change."""

SECTION = """## Error findings on valid SQL

An error finding (SIS001-SIS004) must be certain: each database's own front end decides it (`sqlintent/frontend/`,
see each rule's "Who decides"). `benchmarks/bench_valid_sql.py` checks statements the database itself accepted
first (SQLite compiles each one on its database, DuckDB prepares it after the test file's setup ran, libpg_query
parses it) and counts the error findings on them; each one is a false error.

{table}

The external suites are fetched outside the repository and passed by path (checkouts of the `fetch` tool's
snapshots): SQLite's sqllogictest from the public mirror gregrahn/sqllogictest@d8d4f4b9a351102ec63196a920e8052f4f025509,
DuckDB's tests from duckdb/duckdb@044a04a7cd39e6e8235f756597ae42dde084e5e5 (`test/sql`, files without extensions
or loops), PostgreSQL's regression SQL as libpg_query ships it, pganalyze/libpg_query@06670290ad39e61805ecacbc6267df61f6ae3d91
(`test/sql/postgres_regress`). The commands:

```sh
python benchmarks/bench_valid_sql.py --shared ../shared
python benchmarks/bench_valid_sql.py --shared ../shared --resolver-only
python benchmarks/bench_valid_sql.py --corpora '' --sqllogictest ../ext/sqllogictest --slt-glob 'select*.test'
python benchmarks/bench_valid_sql.py --corpora '' --sqllogictest ../ext/sqllogictest --slt-glob 'random/*/*.test' --slt-files 60
python benchmarks/bench_valid_sql.py --corpora '' --duckdb ../ext/duckdb --duckdb-files 600
python benchmarks/bench_valid_sql.py --corpora '' --pg-regress ../ext/libpg_query
```

{notes}
"""
