"""Parse coverage of sqlintent's SQLite grammar on real queries.

Runs :func:`sqlintent.grammars.parse_sqlite` over every gold query of Spider train (``train_gold.sql``,
including the ``train_others`` part) and dev (``dev.json``), and every candidate in the files of
``<shared>/data/eval``. Each distinct (database, query) pair is first run by SQLite itself against its
database (read-only, stopped after a fixed number of VM steps: a query that starts running counts as
executable); the figure reported is the share of the executable queries that the grammar parses. Queries
the grammar rejects are grouped by construct, with examples.

Usage::

    python benchmarks/parse_coverage.py [--shared PATH] [--out runs/parse_coverage]

Writes ``<out>.json`` and ``<out>.md`` and prints the summary. ``<shared>`` defaults to
``$SQLINTENT_SHARED`` or the ``shared`` folder next to the repository.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from sqlintent.grammars import STATS, SqlParseError, parse_sqlite  # noqa: E402

STEP_LIMIT = 2_000_000  # SQLite VM steps before a running query is stopped (and counted as executable)


def shared_dir(arg: str | None) -> Path:
    for cand in (arg, os.environ.get("SQLINTENT_SHARED"), REPO.parent / "shared"):
        if cand and Path(cand).is_dir():
            return Path(cand)
    raise SystemExit("shared data not found: pass --shared or set SQLINTENT_SHARED")


def load_queries(shared: Path) -> dict[tuple[str, str], set[str]]:
    """(db_id, sql) -> the sources it appears in."""
    data = shared / "data"
    out: dict[tuple[str, str], set[str]] = defaultdict(set)
    for line in (data / "spider" / "train_gold.sql").read_text(encoding="utf-8").splitlines():
        if line.strip():
            sql, db = line.rsplit("\t", 1)
            out[(db.strip(), sql.strip())].add("spider_train")
    for ex in json.loads((data / "spider" / "dev.json").read_text(encoding="utf-8")):
        out[(ex["db_id"], ex["query"].strip())].add("spider_dev")
    for path in sorted((data / "eval").glob("*.jsonl")):
        source = "eval:" + path.name.removeprefix("spider_dev.").removesuffix(".jsonl")
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            for sql in rec.get("candidates", []):
                out[(rec["db_id"], sql.strip())].add(source)
    return out


def executable(conn: sqlite3.Connection, sql: str) -> tuple[bool, str]:
    steps = [0]

    def progress() -> int:
        steps[0] += 1
        return 1 if steps[0] * 1000 >= STEP_LIMIT else 0

    conn.set_progress_handler(progress, 1000)
    try:
        cur = conn.execute(sql)
        cur.fetchone()
        return True, ""
    except sqlite3.OperationalError as exc:
        if str(exc) == "interrupted":
            return True, "stopped after step limit"
        return False, str(exc)
    except (sqlite3.Error, ValueError, OverflowError) as exc:  # Warning for several statements, etc.
        return False, str(exc)
    finally:
        conn.set_progress_handler(None, 0)


CONSTRUCTS = [
    ("parenthesised compound member", re.compile(r"\)\s*(UNION|INTERSECT|EXCEPT)\b|\b(UNION|INTERSECT|EXCEPT)(\s+ALL)?\s*\(", re.I)),
    ("window function", re.compile(r"\bOVER\b", re.I)),
    ("CAST", re.compile(r"\bCAST\s*\(", re.I)),
    ("CASE", re.compile(r"\bCASE\b", re.I)),
    ("IS [NOT] DISTINCT FROM", re.compile(r"\bDISTINCT\s+FROM\b", re.I)),
    ("JOIN ... USING", re.compile(r"\bUSING\b", re.I)),
    ("string-literal name", re.compile(r"\bAS\s+'", re.I)),
    ("IN table", re.compile(r"\bIN\s+[A-Za-z_]", re.I)),
]


def construct_of(sql: str, err: SqlParseError) -> str:
    for name, pattern in CONSTRUCTS:
        if pattern.search(sql):
            return name
    tok = err.token.upper() if err.token else "?"
    return f"other (near {tok!r})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=None)
    ap.add_argument("--out", default=str(REPO / "runs" / "parse_coverage"))
    ap.add_argument("--limit", type=int, default=0, help="only the first N distinct queries (smoke test)")
    args = ap.parse_args(argv)
    shared = shared_dir(args.shared)
    queries = load_queries(shared)
    items = sorted(queries.items())
    if args.limit:
        items = items[: args.limit]

    conns: dict[str, sqlite3.Connection | None] = {}
    per_source: dict[str, Counter] = defaultdict(Counter)
    failures: list[dict] = []
    no_db_parsed = Counter()
    sqlite_syntax = Counter()  # SQLite's "syntax error" verdicts against the grammar's
    t0 = time.perf_counter()
    parse_time = 0.0
    for (db, sql), sources in items:
        if db not in conns:
            path = shared / "data" / "spider" / "database" / db / f"{db}.sqlite"
            conns[db] = (
                sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
                if path.exists() else None
            )
            if conns[db] is not None:
                conns[db].text_factory = lambda b: b.decode("utf-8", "replace")
        t = time.perf_counter()
        try:
            parse_sqlite(sql)
            parsed, err = True, None
        except SqlParseError as exc:
            parsed, err = False, exc
        parse_time += time.perf_counter() - t
        conn = conns[db]
        if conn is None:
            status = "no_database"
            no_db_parsed["parsed" if parsed else "failed"] += 1
        else:
            ok, why = executable(conn, sql)
            status = "executable" if ok else "not_executable"
            if not ok and "syntax error" in why:
                sqlite_syntax["grammar_also_rejects" if not parsed else "grammar_accepts"] += 1
        for src in sources | {"all"}:
            per_source[src][status] += 1
            if status == "executable":
                per_source[src]["exec_parsed" if parsed else "exec_failed"] += 1
        if not parsed and status == "executable":
            failures.append({
                "db_id": db, "sql": sql, "sources": sorted(sources),
                "error": str(err), "construct": construct_of(sql, err),
            })

    # Labelled SQL without databases (BIRD LLM runs): label 1 means it executed and was right there.
    labelled: dict[str, Counter] = {}
    labelled_failures: dict[str, list[dict]] = {}
    for path in sorted((shared / "data" / "train_real").glob("*.jsonl")):
        c = Counter()
        fails = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            if "sql" not in rec or "label" not in rec:
                continue
            key = f"label_{rec['label']}"
            c[key] += 1
            try:
                parse_sqlite(rec["sql"])
                c[key + "_parsed"] += 1
            except SqlParseError as exc:
                fails.append({"label": rec["label"], "sql": rec["sql"][:300], "error": str(exc)[:200]})
        labelled[path.name] = c
        labelled_failures[path.name] = fails

    elapsed = time.perf_counter() - t0
    by_construct: dict[str, list[dict]] = defaultdict(list)
    for f in failures:
        by_construct[f["construct"]].append(f)

    summary = {}
    for src, c in sorted(per_source.items()):
        ex = c["executable"]
        summary[src] = {
            "distinct_queries": sum(c[k] for k in ("executable", "not_executable", "no_database")),
            "executable": ex,
            "parsed": c["exec_parsed"],
            "coverage": round(c["exec_parsed"] / ex, 5) if ex else None,
            "not_executable": c["not_executable"],
            "no_database": c["no_database"],
        }
    report = {
        "command": "python benchmarks/parse_coverage.py" + (f" --limit {args.limit}" if args.limit else ""),
        "step_limit": STEP_LIMIT,
        "summary": summary,
        "no_database_parse": dict(no_db_parsed),
        "sqlite_syntax_errors": dict(sqlite_syntax),
        "prediction": {"sll_only": STATS["sll"], "needed_ll": STATS["ll"]},
        "failures_by_construct": {k: {"count": len(v), "examples": v[:5]} for k, v in
                                  sorted(by_construct.items(), key=lambda kv: -len(kv[1]))},
        "all_failures": failures,
        "labelled_without_database": {k: dict(v) for k, v in labelled.items()},
        "labelled_failures_sample": {k: v[:20] for k, v in labelled_failures.items()},
        "seconds": round(elapsed, 1),
        "parse_seconds": round(parse_time, 1),
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(report, indent=2), encoding="utf-8")

    lines = ["# Grammar parse coverage", "", f"Command: `{report['command']}`", "",
             "| source | distinct queries | executable | parsed | coverage | not executable | no database |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for src, s in summary.items():
        cov = f"{100 * s['coverage']:.2f}%" if s["coverage"] is not None else "-"
        lines.append(f"| {src} | {s['distinct_queries']} | {s['executable']} | {s['parsed']} | {cov} | "
                     f"{s['not_executable']} | {s['no_database']} |")
    lines += ["", f"Queries on the missing databases (not counted above): {dict(no_db_parsed)}",
              f"Queries SQLite rejects with a syntax error, by the grammar's verdict: {dict(sqlite_syntax)}",
              f"Parses settled by SLL prediction: {STATS['sll']}; needing the full-LL pass (incl. all "
              f"rejected queries): {STATS['ll']}", "",
              "## Executable queries the grammar rejects, by construct", ""]
    if not failures:
        lines.append("None.")
    for k, v in report["failures_by_construct"].items():
        lines.append(f"- **{k}**: {v['count']}")
        for e in v["examples"][:3]:
            lines.append(f"  - `{e['sql']}` ({e['db_id']}): {e['error']}")
    if labelled:
        lines += ["", "## Labelled SQL without databases (label 1: executed and correct on its database)", ""]
        for name, c in labelled.items():
            for lab in sorted({k.split("_")[1] for k in c if k.count("_") == 1}):
                tot, ok = c[f"label_{lab}"], c[f"label_{lab}_parsed"]
                lines.append(f"- {name}, label {lab}: {ok} of {tot} parse ({100 * ok / tot:.2f}%)")
    lines += ["", f"Wall time {elapsed:.1f} s, of which parsing {parse_time:.1f} s (Spider part)."]
    out.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
