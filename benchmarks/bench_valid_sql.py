"""Error findings on SQL the database accepts: SIS001-SIS004 fired on statements known to be valid.

    python benchmarks/bench_valid_sql.py [--shared ../shared] [--corpora spider-dev,bird,realworld-A,...]
        [--sqllogictest DIR] [--duckdb DIR] [--pg-regress DIR] [--resolver-only] [--show N]

Every statement is first given to the database itself (benchmarks/valid_sql_corpora.py says how), and only
those it accepts are checked; each error finding on one is a false error. Prints, per corpus, the statements
checked, those the database refused (left out) and the error findings by code. ``--resolver-only`` measures
sqlintent's own resolver alone, as it judges where no database front end can be asked (PostgreSQL with
CREATE TABLE files only): the database front ends are switched off.

External suites are fetched outside the project and passed by path (never copied into it):
- SQLite's sqllogictest, a public mirror: gregrahn/sqllogictest@d8d4f4b9a351102ec63196a920e8052f4f025509
  (``--sqllogictest <checkout>``, its ``test/**/*.test``; ``--slt-glob`` picks files, ``--slt-files N`` the
  first N of them).
- DuckDB's tests: duckdb/duckdb@044a04a7cd39e6e8235f756597ae42dde084e5e5 (``--duckdb <checkout>``,
  ``test/sql/**/*.test`` without extensions or loops; ``--duckdb-files N``).
- PostgreSQL's regression SQL as libpg_query ships it: pganalyze/libpg_query@06670290ad39e61805ecacbc6267df61f6ae3d91
  (``--pg-regress <checkout>``, ``test/sql/postgres_regress/*.sql``).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import valid_sql_corpora as corpora

from sqlintent.config import Config
from sqlintent.document import parse_document
from sqlintent.engine import Engine
from sqlintent.findings import Severity

CODES = ["SIS001", "SIS002", "SIS003", "SIS004"]


def resolver_only() -> None:
    """Switch the database front ends off: sqlglot and sqlintent's resolver decide alone."""
    from sqlintent import frontend
    from sqlintent.analyzers.base import StatementContext

    frontend.names_verdict = lambda *a, **k: None
    StatementContext._native_syntax_error = lambda self: ("", None)


def check_group(g: corpora.Group, counts: Counter, examples: list, show: int) -> float:
    overrides = {"dialect": g.dialect, "select": CODES, "probes": {"enabled": False}, "model": {"enabled": False}}
    if g.source and g.source[0] == "database":
        overrides["database"] = g.source[1]
    elif g.source:
        overrides["schema_files"] = [g.source[1]]
    engine = Engine(Config().with_overrides(overrides)[0])
    engine.open_sources()
    spent = 0.0
    for sql in g.statements:
        doc = parse_document(sql, dialect=g.dialect)
        for stmt in doc.statements[:1]:
            t0 = time.perf_counter()
            found = engine.check_statement(stmt)
            spent += time.perf_counter() - t0
            for f in found:
                if f.severity == Severity.ERROR:
                    counts[f.code] += 1
                    if len(examples) < show:
                        examples.append((g.corpus, f.code, f.message, sql))
    return spent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=str(Path(__file__).resolve().parents[1].parent / "shared"))
    ap.add_argument("--corpora", default="spider-dev,spider-train,bird,realworld-A,realworld-B")
    ap.add_argument("--limit", type=int, default=0, help="statements per database (0: all)")
    ap.add_argument("--sqllogictest")
    ap.add_argument("--slt-files", type=int, default=0)
    ap.add_argument("--slt-glob", default="**/*.test", help="which files under test/ (e.g. 'select*.test')")
    ap.add_argument("--duckdb")
    ap.add_argument("--duckdb-files", type=int, default=0)
    ap.add_argument("--pg-regress")
    ap.add_argument("--resolver-only", action="store_true")
    ap.add_argument("--show", type=int, default=0, help="print the first N false errors")
    args = ap.parse_args()
    if args.resolver_only:
        resolver_only()
    shared = Path(args.shared)
    wanted = [c for c in args.corpora.split(",") if c]
    sources = []
    if "spider-dev" in wanted:
        sources.append(("spider-dev", lambda: corpora.spider(shared, "dev", args.limit)))
    if "spider-train" in wanted:
        sources.append(("spider-train", lambda: corpora.spider(shared, "train", args.limit)))
    if "bird" in wanted:
        sources.append(("bird-dev", lambda: corpora.bird(shared, args.limit)))
    for part in ("A", "B"):
        if f"realworld-{part}" in wanted:
            sources.append((f"realworld-{part}", lambda part=part: corpora.realworld(shared, part)))
    if args.sqllogictest:
        sources.append(("sqllogictest", lambda: corpora.sqllogictest(Path(args.sqllogictest), args.slt_files,
                                                                        pattern=args.slt_glob)))
    if args.duckdb:
        sources.append(("duckdb-tests", lambda: corpora.duckdb_tests(Path(args.duckdb), args.duckdb_files)))
    if args.pg_regress:
        sources.append(("pg-regress", lambda: corpora.pg_regress(Path(args.pg_regress))))
    examples: list = []
    total = Counter()
    print(f"{'corpus':14} {'dialect':8} {'valid':>7} {'refused':>7} {'ms/stmt':>7}  error findings")
    for name, load in sources:
        counts, n, refused, spent, dialect = Counter(), 0, 0, 0.0, ""
        for g in load():
            spent += check_group(g, counts, examples, args.show)
            n, refused, dialect = n + len(g.statements), refused + g.refused, g.dialect
        total["valid"] += n
        total.update(counts)
        shown = ", ".join(f"{c} {counts[c]}" for c in CODES if counts[c]) or "none"
        print(f"{name:14} {dialect:8} {n:7} {refused:7} {1000 * spent / max(n, 1):7.2f}  {shown}")
    shown = ", ".join(f"{c} {total[c]}" for c in CODES if total[c]) or "none"
    print(f"{'total':14} {'':8} {total['valid']:7} {'':7} {'':7}  {shown}")
    for corpus, code, message, sql in examples:
        print(f"\n[{corpus}] {code}: {message}\n  {' '.join(sql.split())[:400]}")


if __name__ == "__main__":
    main()
