"""``sqlintent check PATH...``: check SQL files against their intent comments, the schema and the data."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from sqlintent.output import FORMATS
from sqlintent.escape import note, safe_text
from sqlintent.redact import redact


def _codes(text: str) -> list[str]:
    return [c.strip() for c in text.split(",") if c.strip()]


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "check", help="check SQL files (the CI linter)",
        description="Check SQL files (directories recursively, '-' for stdin). Exit status: 0 no finding of "
                    "--fail-on severity (default warning) or above, 1 such findings, 2 usage or internal "
                    "error, or a file that could not be checked.")
    p.add_argument("paths", nargs="*", default=[],
                   help="files, directories, or - for stdin (default: ., or - with --stdin-filename)")
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("--select", type=_codes, help="comma-separated codes or prefixes to enable (replaces config)")
    p.add_argument("--ignore", type=_codes, help="comma-separated codes or prefixes to disable (adds to config)")
    p.add_argument("--db", help="database: SQLite/DuckDB file, sqlite:///, duckdb:/// or postgresql:// URL")
    p.add_argument("--schema", action="append", help="CREATE TABLE file (repeatable), when no database")
    p.add_argument("--dialect", help="SQL dialect of the files (default sqlite)")
    p.add_argument("--config", help="config file (sqlintent.toml or pyproject.toml); default: found upward")
    p.add_argument("--trust-config", action="store_true",
                   help="trust every config file found in the checkout (templater = \"dbt\", a database URL "
                        "...): for your own repository, never for a pull request (docs/security.md)")
    p.add_argument("--no-probes", action="store_true", help="do not run probe queries against the database")
    p.add_argument("--no-model", action="store_true", help="do not run the neural error detector")
    p.add_argument("--min-severity", choices=("error", "warning", "info", "hint"), default="info",
                   help="hide findings below this severity unless their code was --select-ed (default info)")
    p.add_argument("--fail-on", choices=("error", "warning", "info", "hint"), default="warning",
                   help="exit 1 when a shown finding has at least this severity (default warning)")
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    p.add_argument("--allow-unchecked", action="store_true",
                   help="accept what the run could not check (no SQL file matched, probes that could not run: "
                        "SIU001) as an info instead of a warning that fails the run; config: allow_unchecked")
    p.add_argument("--jobs", "-j", type=int, default=None,
                   help="worker processes checking files in parallel (default: one per idle core when at least "
                        "2 are idle and there are at least 32 files per worker, else 1; --jobs 1 checks in "
                        "this process)")
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the persistent cache of findings and detector results (`sqlintent clean` "
                        "deletes it; SQLINTENT_CACHE_DIR moves it)")
    p.add_argument("--daemon", action="store_true",
                   help="check in a resident sqlintent process (started on first use; SQLINTENT_DAEMON=1 "
                        "sets it for every run; `sqlintent daemon stop` ends it), which keeps the model "
                        "loaded between runs")
    p.add_argument("--no-daemon", action="store_true", help="check in this process even when SQLINTENT_DAEMON=1")
    p.add_argument("--max-file-size", help="skip larger files with a message (default 2MB)")
    p.add_argument("--stdin-filename", help="name to show for input read from stdin (its config applies)")
    p.add_argument("--show-settings", action="store_true",
                   help="print the settings that apply to each PATH, and the config file they came from")
    p.add_argument("--fix", action="store_true", help="apply safe fixes in place, then report what is left")
    p.add_argument("--unsafe-fixes", action="store_true",
                   help="with --fix or --diff, apply the fixes that may change what a query returns too")
    p.add_argument("--diff", action="store_true",
                   help="print the fixes as a unified diff instead of writing them (exit 1 when there is one)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    p.add_argument("--show-values", choices=("never", "enum", "always"),
                   help="which stored database values findings may name: none, those of columns that look like "
                        "enumerations, or any, with a database's own error messages outside CI (never values "
                        "that look like secrets; default: $SQLINTENT_SHOW_VALUES, else never with --format "
                        "github/sarif or CI=true, else enum)")
    p.set_defaults(func=run, parser=p)
    return p


def flag_overrides(args):
    """The flags' settings, applied on top of each config file found (a ``FlagOverrides``)."""
    from sqlintent.files import resolved
    from sqlintent.workspace.overrides import FlagOverrides

    base: dict = {}
    if args.db:
        db = args.db
        if "://" not in db and ":" not in db[:7]:
            db = str(resolved(db))
        base["database"] = db
    if args.schema:
        base["schema_files"] = [str(resolved(s)) for s in args.schema]
    if args.dialect:
        base["dialect"] = args.dialect
    if args.select is not None:
        base["select"] = args.select
    if args.no_probes:
        base["probes"] = {"enabled": False}
    if args.no_model:
        base["model"] = {"enabled": False}
    if args.max_file_size:
        base["max_file_size"] = args.max_file_size
    return FlagOverrides(base, args.ignore)


def _named_file_problem(what: str, path: str) -> str | None:
    """Why a file named by a flag cannot be used (missing, a symlink loop, a directory), or None."""
    from sqlintent.files import describe_missing

    p = Path(path).expanduser()
    if p.is_dir():
        return f"{path} is a directory, not a {what} file"
    if not p.is_file():
        why = describe_missing(str(p))
        return f"{what} file not found: {path}" + ("" if why == "no such file or directory" else f" ({why})")
    return None


def usage_problems(args) -> list[str]:
    """What is wrong with the command line itself: unknown rule codes, files named but missing."""
    from sqlintent.settings.codes import selector_problems

    out = selector_problems(args.select or [], "--select") + selector_problems(args.ignore or [], "--ignore")
    if args.stdin_filename and "-" not in args.paths:
        out.append("--stdin-filename names input read from stdin: give '-' among the paths, or no path")
    if args.max_file_size:
        from sqlintent.config import RANGES
        from sqlintent.files import parse_size

        lo, hi = RANGES["max_file_size"]
        try:
            size = parse_size(args.max_file_size)
        except (ValueError, IndexError) as exc:
            why = "must be positive" if "positive" in str(exc) else "not a size like '2MB', '512k' or '1048576'"
            out.append(f"--max-file-size {args.max_file_size!r}: {why}")
        else:
            if not lo <= size <= hi:
                out.append(f"--max-file-size {args.max_file_size!r}: must be between {lo} bytes and {hi // 1024 ** 2}MB")
    if args.config:
        out.append(_named_file_problem("config", args.config))
    for s in args.schema or []:
        out.append(_named_file_problem("schema", s))
    if args.db and not args.db.startswith("env:"):  # env:NAME: read when the database opens
        from sqlintent.db.url import classify

        try:
            kind, target = classify(args.db)
        except ValueError as exc:
            out.append(str(exc))
        else:
            if kind != "postgres" and target != ":memory:":
                problem = _named_file_problem("database", target)
                out.append(redact(problem) if problem else None)
    return [p for p in out if p]


def make_resolver(args):
    """Per-file configuration for this run (``--config`` replaces discovery); its engines load their
    detector from ``args.detectors`` when a resident process (the daemon) gives one, else from one
    registry for the run."""
    from sqlintent.workspace import ConfigResolver

    return ConfigResolver(flag_overrides(args), Path(args.config) if args.config else None,
                          roots=[p for p in args.paths if p != "-"],
                          trust_all=bool(getattr(args, "trust_config", False)),
                          detectors=getattr(args, "detectors", None))


def build_config(args, path: str | None = None):
    """The configuration for one path (default: the first path), the warnings found reading it and the
    errors (an unreadable or refused setting: the run must stop)."""
    resolver = make_resolver(args)
    target = path or next((p for p in args.paths if p != "-"), args.stdin_filename or ".")
    config = resolver.config_for(target)
    return config, resolver.problems, resolver.errors


def _checked_root(folder) -> Path:
    """The root a walk of ``folder`` stays in: its git work tree's top, else the folder itself."""
    from sqlintent.files import resolved
    from sqlintent.trust import git_top

    return git_top(resolved(folder)) or resolved(folder)


def _target(path: str, stdin_name: str | None) -> str:
    """The path whose config applies: stdin takes the config of its --stdin-filename."""
    return (stdin_name or "-") if path == "-" else path


def run(args) -> int:
    from sqlintent.engine.result import FileResult
    from sqlintent.files import collect
    from sqlintent.findings import Severity

    if not args.paths:
        args.paths = ["-"] if args.stdin_filename else ["."]
    problems = usage_problems(args)
    if problems:
        parser = getattr(args, "parser", None)
        if parser is None:
            for p in problems:
                note(f"sqlintent check: error: {p}", args.format)
            return 2
        parser.error("; ".join(problems))  # usage, then the message; exits 2
    from sqlintent import disclosure

    # the run's disclosure mode, in the environment so that --jobs workers see it too (sqlintent.disclosure)
    os.environ[disclosure.ENV] = args.show_values or disclosure.default_mode(args.format)
    resolver = make_resolver(args)
    if args.show_settings:
        from sqlintent.settings.show import show_settings

        return show_settings(resolver, args.paths, args.stdin_filename)
    if args.jobs is not None and args.jobs < 1:
        print("sqlintent: --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.paths.count("-") > 1:
        print("sqlintent: '-' (stdin) may be given once", file=sys.stderr)
        return 2
    skipped: list = []
    other_types: list[str] = []
    files, missing = collect(args.paths, resolver.excluded, root_of=_checked_root, skipped=skipped,
                             other_types=other_types)
    for path, why in skipped:
        note(f"sqlintent: {path}: {why}", args.format)
    args.skipped_files = other_types
    configs = {f: resolver.config_for(_target(f, args.stdin_filename)) for f in files}
    for p in resolver.problems:
        note(f"sqlintent: warning: config: {redact(p)}", args.format)
    for p in resolver.errors:
        note(f"sqlintent: error: config: {redact(p)}", args.format)
    if resolver.errors:
        return 2
    reports: list[FileResult] = [FileResult(m.path, None, error=m.error) for m in missing]
    floor = Severity.parse(args.min_severity).rank
    from sqlintent.analyzers.selectors import any_matches, selectors

    explicit = selectors(args.select or [], "--select")  # a rule selected by name shows below the floor too

    def visible(f) -> bool:
        return f.severity.rank >= floor or any_matches(f.code, explicit)

    if args.fix or args.diff:
        from sqlintent.commands.check_fix import run_fix

        status, reports = run_fix(args, files, reports, resolver, _target, visible)
        if status is not None:  # --diff: the diff is the output
            return 2 if any(r.error for r in reports) else status
        if "-" in files:  # stdout carries the fixed text: the findings go to stderr
            files = [f for f in files if f != "-"]
        return _finish(args, reports, resolver, files, configs, visible,
                       sys.stderr if "-" in configs else sys.stdout)
    progress = _Progress(len(files)) if sys.stderr.isatty() and len(files) > 1 else None
    step = progress.step if progress else None
    store = None
    if not args.no_cache:
        from sqlintent.cache import ScoreStore

        store = ScoreStore()  # detector results kept between runs (sqlintent.cache)
    from sqlintent.intent import tagger

    tagger.use_store(store)  # and the intents' spaCy tags: a warm run does not load spaCy

    def engine_for(f: str):
        engine = resolver.engine_for(_target(f, args.stdin_filename if f == "-" else None))
        if store is not None and engine.score_store is None:
            engine.use_store(store)
        return engine

    try:  # the resolver's engines share one detector for every configuration of the run, not one per folder
        run_findings = _check_files(args, files, configs, reports, engine_for, store, step)
    finally:  # cleared even when interrupted, so no half-drawn bar is left before the next message
        if progress:
            progress.done()
    return _finish(args, reports, resolver, files, configs, visible, sys.stdout, run_findings)


def _check_files(args, files: list[str], configs: dict, reports: list, engine_for, store, step) -> list:
    """Check ``files`` (in ``--jobs`` workers when worthwhile; without ``--jobs``, as many as pay), appending
    to ``reports``; the workers' run findings."""
    from sqlintent.workspace import batch as batching

    run_findings = []
    disk = [f for f in files if f != "-"]
    warm_pools = getattr(args, "warm_pools", None)  # the daemon's kept workers, when it runs this check
    jobs = args.jobs if args.jobs is not None else batching.auto_jobs(len(disk), warm_pools)
    if batching.parallel_worthwhile(len(disk), jobs, warm_pools):
        from sqlintent import threads

        threads.configure(jobs)
        done, run_findings = batching.run_parallel([(f, configs[f]) for f in disk], jobs,
                                                    store is not None, step, warm_pools)
        reports.extend(done)
        rest = [f for f in files if f == "-"]
    else:
        rest = files
    for batch, engine in batching.batches_by_engine(rest, engine_for):
        for report in batching.check_batch(batch, engine, args.stdin_filename):
            reports.append(report)
            if step:
                step(report.path)
    return run_findings


def _finish(args, reports, resolver, files, configs, visible, out, run_findings=()) -> int:
    from sqlintent.findings import Severity
    from sqlintent.output import render
    from sqlintent.output.run import RunResult

    if not resolver.engines():
        resolver.engine_for(next((p for p in args.paths if p != "-"), "."))
    engines = resolver.engines()
    for engine in engines:
        engine.open_sources()  # an empty run still says when the database is unavailable
    _note_missing_sources(files, configs, reports, args.stdin_filename, args.format)
    seen, merged = set(), []
    for f in [f for e in engines for f in e.run_findings] + list(run_findings):
        if f.message not in seen:
            seen.add(f.message)
            merged.append(f)
    merged = [f for f in merged if f.code != "SIU001"] + _unchecked(args, reports, merged, resolver, files, configs)
    for r in reports:
        r.findings = [f for f in r.findings if visible(f)]
    merged = [f for f in merged if visible(f)]
    rules = list({r.code: r for e in engines for r in e.rules}.values())
    color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty() and not os.environ.get("NO_COLOR"))
    result = RunResult(reports, merged, rules, color=color and args.format == "text" and out is sys.stdout)
    out.write(render(args.format, result))
    if args.format == "github":  # the job summary on the run's page, beside the annotations
        from sqlintent.output import step_summary

        step_summary.write(result)
    # a database that cannot be opened is a configuration error whatever named it: every database check
    # was skipped, so the run must not pass (nor merely "fail" like a finding)
    if result.errors or any(f.code == "SID001" for e in engines for f in e.run_findings):
        return 2
    fail_rank = Severity.parse(args.fail_on).rank
    if any(f.severity.rank >= fail_rank for f in result.findings) and not args.exit_zero:
        return 1
    return 0


def _unchecked(args, reports, run_findings, resolver, files, configs) -> list:
    """The run's SIU001 findings (:mod:`sqlintent.commands.unchecked`), under the config of the first path."""
    from sqlintent.commands.unchecked import unchecked_findings

    root = resolver.config_for(_target(next((p for p in args.paths if p != "-"), "-"), args.stdin_filename)) \
        if args.paths else None
    engine = resolver.engine_for(_target(args.paths[0], args.stdin_filename)) if args.paths else None
    allow = bool(getattr(args, "allow_unchecked", False)) or bool(root is not None and root.allow_unchecked) or \
        (bool(configs) and all(c.allow_unchecked for c in configs.values()))
    return unchecked_findings(reports, run_findings, configs, no_files=not files and not reports,
                              paths=list(args.paths), skipped=list(getattr(args, "skipped_files", [])), allow=allow,
                              enabled=engine.reporter.enabled if engine is not None else (lambda code: True))


def _note_missing_sources(files: list[str], configs: dict, reports=(), stdin_name: str | None = None,
                          fmt: str = "text") -> None:
    """Say once when files were checked with neither a database nor a schema, and which rules that skipped
    (files that could not be read were not checked: they are not counted)."""
    unread = {r.path for r in reports if r.error}
    shown = {f: (stdin_name or "-") if f == "-" else f for f in files}
    bare = [f for f in files if not configs[f].database and not configs[f].schema_files and shown[f] not in unread]
    if not bare:
        return
    from sqlintent.engine import enabled_rules

    skipped = sorted(r.code for r in enabled_rules(configs[bare[0]]) if r.needs & {"schema", "database"})
    if not skipped:  # no enabled rule needs them: nothing was lost
        return
    source = configs[bare[0]].source
    why = "no config file was found" if source is None else f"{source} names neither"
    n = len(bare)
    note(f"sqlintent: note: {n} file{'s' if n != 1 else ''} checked with no database and no schema "
         f"(e.g. {shown[bare[0]]}: {why}); skipped rules: {', '.join(skipped)}. Set 'database' or "
         "'schema_files' in sqlintent.toml, or pass --db or --schema.", fmt)


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
        path = safe_text(path)
        name = path if len(path) < 40 else "..." + path[-37:]
        line = f"[{'#' * filled}{'.' * (width - filled)}] {self.done_count}/{self.total} {name:<40}"
        line = line[:self.columns]
        sys.stderr.write("\r" + line.ljust(self.drawn))
        self.drawn = max(self.drawn, len(line))
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\r" + " " * self.drawn + "\r")
        sys.stderr.flush()
