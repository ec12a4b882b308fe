"""``sqlintent check PATH...``: check SQL files against their intent comments, the schema and the data."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from sqlintent.output import FORMATS


def _codes(text: str) -> list[str]:
    return [c.strip().upper() for c in text.split(",") if c.strip()]


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "check", help="check SQL files (the CI linter)",
        description="Check SQL files (directories recursively, '-' for stdin). Exit status: 0 no finding of "
                    "--fail-on severity (default warning) or above, 1 such findings, 2 usage or internal "
                    "error, or a file that could not be checked.")
    p.add_argument("paths", nargs="*", default=["."], help="files, directories, or - for stdin")
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("--select", type=_codes, help="comma-separated codes or prefixes to enable (replaces config)")
    p.add_argument("--ignore", type=_codes, help="comma-separated codes or prefixes to disable (adds to config)")
    p.add_argument("--db", help="database: SQLite/DuckDB file, sqlite:///, duckdb:/// or postgresql:// URL")
    p.add_argument("--schema", action="append", help="CREATE TABLE file (repeatable), when no database")
    p.add_argument("--dialect", help="SQL dialect of the files (default sqlite)")
    p.add_argument("--config", help="config file (sqlintent.toml or pyproject.toml); default: found upward")
    p.add_argument("--no-probes", action="store_true", help="do not run probe queries against the database")
    p.add_argument("--no-model", action="store_true", help="do not run the neural error detector")
    p.add_argument("--min-severity", choices=("error", "warning", "info", "hint"), default="info",
                   help="hide findings below this severity unless their code was --select-ed (default info)")
    p.add_argument("--fail-on", choices=("error", "warning", "info", "hint"), default="warning",
                   help="exit 1 when a shown finding has at least this severity (default warning)")
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    p.add_argument("--jobs", "-j", type=int, default=1,
                   help="worker processes checking files in parallel (default 1)")
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the persistent cache of detector results (`sqlintent clean` "
                        "deletes it; SQLINTENT_CACHE_DIR moves it)")
    p.add_argument("--max-file-size", help="skip larger files with a message (default 2MB)")
    p.add_argument("--stdin-filename", help="name to show for input read from stdin")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    p.set_defaults(func=run)
    return p


def build_config(args):
    """The run's configuration: the config file (explicit or found upward), then the flags."""
    from sqlintent.config import discover_config, load_config
    from sqlintent.files import resolved

    if args.config:
        path = Path(args.config)
        if not path.is_file():
            print(f"sqlintent: config file not found: {args.config}", file=sys.stderr)
            raise SystemExit(2)  # a usage error, not findings
        config, problems = load_config(path)
    else:
        first = next((p for p in args.paths if p != "-"), ".")
        config, problems = discover_config(Path(first))
    overrides: dict = {}
    if args.db:
        db = args.db
        if "://" not in db and ":" not in db[:7]:
            db = str(resolved(db))
        overrides["database"] = db
    if args.schema:
        overrides["schema_files"] = [str(resolved(s)) for s in args.schema]
    if args.dialect:
        overrides["dialect"] = args.dialect
    if args.select is not None:
        overrides["select"] = args.select
    if args.ignore:
        overrides["ignore"] = list(config.ignore) + args.ignore
    if args.no_probes:
        overrides["probes"] = {"enabled": False}
    if args.no_model:
        overrides["model"] = {"enabled": False}
    if args.max_file_size:
        overrides["max_file_size"] = args.max_file_size
    config, flag_problems = config.with_overrides(overrides)
    return config, problems + [p.replace("'", "'--", 1) if p.startswith("invalid value") else p
                               for p in flag_problems]


def _check_one(path: str, config, engine, stdin_name=None):
    from sqlintent.commands.check_jobs import check_batch

    return check_batch([path], engine, stdin_name)[0]


def run(args) -> int:
    from sqlintent.engine import Engine
    from sqlintent.files import collect
    from sqlintent.findings import Severity
    from sqlintent.output import render
    from sqlintent.output.run import FileReport, RunResult

    config, problems = build_config(args)
    for p in problems:
        print(f"sqlintent: warning: config: {p}", file=sys.stderr)
    if args.jobs < 1:
        print("sqlintent: --jobs must be at least 1", file=sys.stderr)
        return 2
    files, missing = collect(args.paths, config.is_excluded)
    if args.paths.count("-") > 1:
        print("sqlintent: '-' (stdin) may be given once", file=sys.stderr)
        return 2
    reports: list[FileReport] = [FileReport(m.path, None, error=m.error) for m in missing]
    engine = Engine(config)
    if not args.no_cache:
        from sqlintent.cache import ScoreStore

        engine.shared["score_store"] = ScoreStore()  # detector results kept between runs (sqlintent.cache)
    progress = _Progress(len(files)) if sys.stderr.isatty() and len(files) > 1 else None
    run_findings = []
    step = progress.step if progress else None
    try:
        from sqlintent.commands import check_jobs

        disk = [f for f in files if f != "-"]
        if args.jobs > 1 and len(disk) >= check_jobs.MIN_FILES_PER_WORKER * args.jobs:
            from sqlintent import threads

            threads.configure(args.jobs)
            done, run_findings = check_jobs.run_parallel(disk, config, args.jobs, not args.no_cache, step)
            reports.extend(done)
            if "-" in files:
                reports.append(_check_one("-", config, engine, args.stdin_filename))
                if step:
                    step("-")
        else:
            for batch in check_jobs.batches(files, 1):
                for report in check_jobs.check_batch(batch, engine, args.stdin_filename):
                    reports.append(report)
                    if step:
                        step(report.path)
    finally:  # cleared even when interrupted, so no half-drawn bar is left before the next message
        if progress:
            progress.done()
    engine.open_sources()  # an empty run still says when the database is unavailable
    seen, merged = set(), []
    for f in list(engine.run_findings) + run_findings:
        if f.message not in seen:
            seen.add(f.message)
            merged.append(f)

    floor = Severity.parse(args.min_severity).rank
    explicit = set(args.select or [])

    def visible(f) -> bool:
        return f.severity.rank >= floor or any(f.code.startswith(c) for c in explicit)

    for r in reports:
        r.findings = [f for f in r.findings if visible(f)]
    merged = [f for f in merged if visible(f)]
    color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty() and not os.environ.get("NO_COLOR"))
    result = RunResult(reports, merged, engine.rules, color=color and args.format == "text")
    sys.stdout.write(render(args.format, result))
    if result.errors:
        return 2
    fail_rank = Severity.parse(args.fail_on).rank
    if any(f.severity.rank >= fail_rank for f in result.findings) and not args.exit_zero:
        return 1
    return 0


class _Progress:
    def __init__(self, total: int):
        self.total, self.done_count, self.drawn = total, 0, 0
        try:
            columns = os.get_terminal_size(sys.stderr.fileno()).columns
        except (OSError, ValueError):
            columns = 0
        # one column short of the terminal's width: a line that reaches or passes it wraps, and then
        # each "\r" redraw starts a new row instead of overwriting the last one
        self.columns = (columns or 80) - 1

    def step(self, path: str) -> None:
        self.done_count += 1
        width = 30
        filled = int(width * self.done_count / self.total)
        name = path if len(path) < 40 else "..." + path[-37:]
        line = f"[{'#' * filled}{'.' * (width - filled)}] {self.done_count}/{self.total} {name:<40}"
        line = line[:self.columns]
        sys.stderr.write("\r" + line.ljust(self.drawn))
        self.drawn = max(self.drawn, len(line))
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\r" + " " * self.drawn + "\r")
        sys.stderr.flush()
