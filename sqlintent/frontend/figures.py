"""The valid-SQL benchmark's figures: a section of docs/rules.md, printed by ``sqlintent rule --all --format
markdown``. Re-run the commands it names and update it when the front ends or the resolver change."""

SECTION = """
## Error findings on valid SQL

An error finding (SIS001-SIS004) must be certain, so each database's own front end decides it
(`sqlintent/frontend/`; each rule's "Who decides" says how). `benchmarks/bench_valid_sql.py` gives every statement
to the database itself first (SQLite compiles it on its database, DuckDB prepares it after the test file's setup
statements ran, libpg_query parses it) and checks only those it accepts. Each error finding on one of those
statements is a false error. Measured on 27 November 2026 (sqlglot 30.30.0, SQLite 3.40.1, DuckDB 2.0.1, pglast 8.8):

| corpus | dialect | statements the database accepts | refused (left out) | error findings |
|---|---|---|---|---|
| Spider dev gold | sqlite | 972 | 0 | 0 |
| Spider train gold | sqlite | 8,560 | 3 | 0 |
| BIRD dev gold (CREATE TABLE files only) | sqlite | 1,078 | 0 | 0 |
| realworld_dev A, `ok` answers | sqlite | 674 | 0 | 0 |
| realworld_dev B, `ok` answers | sqlite | 175 | 0 | 0 |
| sqllogictest `select1-5.test` | sqlite | 8,884 | 0 | 0 |
| sqllogictest `random/*/*.test`, first 10 files | sqlite | 100,000 | 0 | 0 |
| DuckDB `test/sql`, first 600 files (without extensions or loops) | duckdb | 2,473 | 89 | 0 |
| PostgreSQL regression SQL | postgres | 41,268 | 550 | 0 |
| **total** | | **164,084** | | **0** |

With the database front ends switched off (`--resolver-only`: how PostgreSQL files are judged with CREATE TABLE
files and no server), sqlintent's own resolver raises no error either on the five corpora above it (11,459
statements) and on sqllogictest's `select1-5.test` (8,884). The PostgreSQL regression SQL has no schema here, so it
measures syntax (libpg_query) alone; names on PostgreSQL are tested against a real server by
`tests/frontend/test_frontend_postgres.py`. A slice runs in CI as `tests/frontend/test_valid_sql.py`.

The external suites are fetched outside the repository and passed by path (checkouts of the `fetch` tool's
snapshots): SQLite's sqllogictest from the public mirror gregrahn/sqllogictest@d8d4f4b9a351102ec63196a920e8052f4f025509,
DuckDB's tests from duckdb/duckdb@044a04a7cd39e6e8235f756597ae42dde084e5e5, PostgreSQL's regression SQL as
libpg_query ships it, pganalyze/libpg_query@06670290ad39e61805ecacbc6267df61f6ae3d91 (`test/sql/postgres_regress`).
From the repository's root, with `../shared` and the checkouts in `../ext`:

```sh
python benchmarks/bench_valid_sql.py --shared ../shared
python benchmarks/bench_valid_sql.py --shared ../shared --resolver-only
python benchmarks/bench_valid_sql.py --corpora '' --sqllogictest ../ext/sqllogictest --slt-glob 'select*.test'
python benchmarks/bench_valid_sql.py --corpora '' --sqllogictest ../ext/sqllogictest --slt-glob 'select*.test' --resolver-only
python benchmarks/bench_valid_sql.py --corpora '' --sqllogictest ../ext/sqllogictest --slt-glob 'random/*/*.test' --slt-files 10
python benchmarks/bench_valid_sql.py --corpora '' --duckdb ../ext/duckdb --duckdb-files 600
python benchmarks/bench_valid_sql.py --corpora '' --pg-regress ../ext/libpg_query
```

"""
