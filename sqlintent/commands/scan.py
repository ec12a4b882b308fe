"""``sqlintent scan INPUT --out OUTPUT``: check a table of statements (a query log, text-to-SQL output)."""
from __future__ import annotations

import argparse
import json
import os
import sys

from sqlintent.commands.check import _codes, build_config
from sqlintent.escape import safe_text
from sqlintent.redact import redact


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "scan", help="check a table of statements (query logs, text-to-SQL output), in-process or on Ray",
        description="Check every row of a table of statements (Parquet, JSONL or CSV: SQL, intent, optional "
                    "id, database and candidate group) and write one output row per input row (Parquet or "
                    "JSONL: findings, detector score, verdict), keyed by the id. A run that stops can be "
                    "started again: rows already in the output are skipped. Runs on all cores of this "
                    "machine, or on a Ray cluster with --ray. See docs/scan.md. Exit status: 0 done, 2 "
                    "usage or input error.")
    p.add_argument("input", help="the statements: a .parquet (file or folder), .jsonl or .csv file ('-': JSONL on stdin)")
    p.add_argument("--out", "-o", required=True,
                   help="where the output goes: a .jsonl file, or a .parquet folder of part files")
    p.add_argument("--input-format", choices=("parquet", "jsonl", "csv"), help="default: from the name")
    p.add_argument("--output-format", choices=("parquet", "jsonl"), help="default: from the name")
    cols = p.add_argument_group("input columns (default: the first present of the names listed)")
    cols.add_argument("--sql-column", help="the SQL (sql, query, statement, predicted_sql)")
    cols.add_argument("--intent-column", help="the intent (intent, question, comment, title)")
    cols.add_argument("--id-column", help="the row's id (id, query_id, qid; none: the row number)")
    cols.add_argument("--db-column", help="the row's database name, resolved under --db-dir (db, db_id, database)")
    cols.add_argument("--group-column", help="candidate group for re-ranking (group, group_id, question_id)")
    p.add_argument("--db-dir", help="folder of databases named by the rows' database column: NAME/NAME.sqlite, "
                                    "NAME.sqlite, NAME.duckdb, or CREATE TABLE files NAME/schema.sql, NAME.sql")
    p.add_argument("--db", help="database for every row: SQLite/DuckDB file, sqlite:///, duckdb:/// or postgresql:// URL")
    p.add_argument("--schema", action="append", help="CREATE TABLE file (repeatable), when no database")
    p.add_argument("--dialect", help="SQL dialect of the statements (default sqlite)")
    p.add_argument("--config", help="config file (sqlintent.toml or pyproject.toml); default: found upward from INPUT")
    p.add_argument("--trust-config", action="store_true",
                   help="trust the config file found in the checkout (docs/security.md)")
    p.add_argument("--select", type=_codes, help="comma-separated codes or prefixes to enable (replaces config)")
    p.add_argument("--ignore", type=_codes, help="comma-separated codes or prefixes to disable (adds to config)")
    p.add_argument("--no-probes", action="store_true", help="do not run probe queries against the database")
    p.add_argument("--no-model", action="store_true", help="do not run the neural error detector")
    p.add_argument("--model", help="detector model directory (default: config, else the bundled model)")
    p.add_argument("--provider", choices=("auto", "cpu", "cuda"), help="ONNX Runtime provider in-process")
    p.add_argument("--jobs", "-j", type=int, default=0, help="in-process worker processes (default: all cores)")
    p.add_argument("--batch-rows", type=int, default=64, help="rows per task (default 64)")
    p.add_argument("--limit", type=int, help="check at most this many new rows")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="run on Ray: a cluster address (ray://host:10001, host:6379), 'auto' (the cluster this "
                        "machine belongs to) or 'local' (start one here)")
    p.add_argument("--runtime-env", metavar="JSON",
                   help="Ray runtime environment for the actors, as JSON (e.g. '{\"pip\": [\"sqlintent[ray]\"]}')")
    p.add_argument("--workers", type=int, default=0, help="Ray actors (default: the cluster's CPUs)")
    p.add_argument("--gpus-per-worker", type=float,
                   help="GPUs per Ray actor (default: the cluster's GPUs shared by the actors when the model is on)")
    p.add_argument("--window-rows", type=int, default=500_000,
                   help="Ray: rows handed to the cluster at a time; each window starts the actors anew "
                        "(default 500000)")
    p.add_argument("--max-retries", type=int, default=2,
                   help="a row whose worker process or Ray actor died is run again at most this many times, "
                        "then written with SIX003 (on Ray a batch too, before its rows are run one at a time; "
                        "in-process a batch is split at once); default 2")
    p.add_argument("--summary-json", help="also write the summary as JSON to this file")
    p.add_argument("--no-progress", action="store_true", help="no progress line on stderr")
    p.set_defaults(func=run, max_file_size=None, stdin_filename=None)
    return p


def run(args) -> int:
    from sqlintent.scan import ScanOptions, TableError, scan

    args.paths = [args.input if args.input != "-" else "."]
    config, problems, errors = build_config(args)
    for p in errors:  # a refused or unreadable setting (docs/security.md): nothing runs without it
        print(f"sqlintent: error: config: {safe_text(redact(p))}", file=sys.stderr)
    if errors:
        return 2
    model = {}
    if args.model:
        from pathlib import Path

        model["path"] = str(Path(args.model).resolve())
    if args.provider:
        model["provider"] = args.provider
    if model:
        from sqlintent.workspace.overrides import FlagOverrides

        config, more = config.with_overrides({"model": model}, label=FlagOverrides({}).label)
        problems += more
    for p in problems:
        print(f"sqlintent: warning: config: {safe_text(redact(p))}", file=sys.stderr)
    if args.limit is not None and args.limit < 0:
        print("sqlintent: --limit must be 0 or more", file=sys.stderr)
        return 2
    for flag in ("jobs", "batch_rows", "workers", "window_rows", "max_retries"):
        if getattr(args, flag) < 0 or (flag in ("batch_rows", "window_rows") and getattr(args, flag) < 1):
            print(f"sqlintent: --{flag.replace('_', '-')} must be positive", file=sys.stderr)
            return 2
    runtime_env = None
    if args.runtime_env:
        try:
            runtime_env = json.loads(args.runtime_env)
            assert isinstance(runtime_env, dict)
        except (ValueError, AssertionError):
            print("sqlintent: --runtime-env must be a JSON object", file=sys.stderr)
            return 2
    opts = ScanOptions(
        args.input, args.out, input_format=args.input_format, output_format=args.output_format,
        columns={"sql": args.sql_column, "intent": args.intent_column, "id": args.id_column,
                 "db": args.db_column, "group": args.group_column},
        db_dir=args.db_dir, jobs=args.jobs, batch_rows=args.batch_rows, ray=args.ray, workers=args.workers,
        gpus_per_worker=args.gpus_per_worker, progress=False if args.no_progress else None, limit=args.limit,
        runtime_env=runtime_env, window_rows=args.window_rows, max_retries=args.max_retries)
    import signal
    import threading

    def _terminated(signum, frame):  # SIGTERM: stop like Ctrl-C, so the worker processes are ended too
        raise SystemExit(128 + signum)

    old_term = None
    if threading.current_thread() is threading.main_thread():
        old_term = signal.signal(signal.SIGTERM, _terminated)
    try:
        summary = scan(config, opts)
    except TableError as exc:
        print(f"sqlintent scan: {safe_text(exc)}", file=sys.stderr)
        return 2
    finally:
        if old_term is not None:
            signal.signal(signal.SIGTERM, old_term)
    sys.stderr.write(summary.render())
    if args.summary_json:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(args.summary_json)), exist_ok=True)
            with open(args.summary_json, "w", encoding="utf-8") as fh:
                json.dump(summary.to_dict(), fh, indent=2)
        except OSError as exc:
            print(f"sqlintent scan: cannot write --summary-json {args.summary_json}: {exc.strerror or exc}",
                  file=sys.stderr)
            return 2
    return 0
