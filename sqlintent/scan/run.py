"""Run a scan: read the table, skip the rows already written, check the rest, write, report.

In-process (the default) with ``jobs`` worker processes (:mod:`sqlintent.workspace.process_pool`), each
holding one :class:`RowChecker` (``jobs=1`` checks in this process); on Ray with ``ray`` set (see
:mod:`sqlintent.scan.on_ray`).
"""
from __future__ import annotations

import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from sqlintent.escape import safe_text
from sqlintent.scan.checker import RowChecker, failed_row
from sqlintent.scan.table import (TableError, Writer, check_output_path, done_ids, output_format, read_rows,
                                  table_format)


@dataclass
class ScanOptions:
    input: str
    output: str
    input_format: str | None = None
    output_format: str | None = None
    columns: dict = field(default_factory=dict)  # role (id, sql, intent, db, group) -> column name
    db_dir: str | None = None  # rows' database names resolve under this folder
    jobs: int = 0  # in-process worker processes; 0: every core this process may use
    batch_rows: int = 64  # rows per task (what one worker checks at a time)
    model_batch: int = 16  # pairs per model run
    ray: str | None = None  # None: in-process; "auto", "local" or a cluster address
    workers: int = 0  # Ray actors; 0: the cluster's CPUs
    gpus_per_worker: float | None = None  # None: share the cluster's GPUs between the actors
    runtime_env: dict | None = None  # Ray runtime environment (pip, env_vars, working_dir) for the actors
    window_rows: int = 500_000  # Ray: rows handed to the cluster at a time (bounds the object store)
    progress: bool | None = None  # None: when stderr is a terminal
    limit: int | None = None  # check at most this many new rows (benchmarks, trials)
    max_retries: int = 2  # a row (and on Ray a batch) whose worker died is run again at most this many times


@dataclass
class Summary:
    rows: int = 0  # checked in this run
    skipped: int = 0  # already in the output
    read: int = 0  # input rows read
    failures: int = 0  # rows with a SIX003 finding (not checked)
    findings: Counter = field(default_factory=Counter)
    elapsed_s: float = 0.0
    messages: list[str] = field(default_factory=list)
    mode: str = ""
    first_s: float | None = None  # seconds from the start to the first rows back (start-up: workers, models)
    first_rows: int = 0

    @property
    def steady_rows_per_s(self) -> float:
        """Rows/s after the first rows came back: the rate without the workers' start-up."""
        if self.first_s is None or self.elapsed_s <= self.first_s:
            return 0.0
        return (self.rows - self.first_rows) / (self.elapsed_s - self.first_s)

    @property
    def rows_per_s(self) -> float:
        return self.rows / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def add(self, rows: list[dict]) -> None:
        self.rows += len(rows)
        for r in rows:
            for code in (f["code"] for f in r["findings"]):
                self.findings[code] += 1
            if r.get("error"):
                self.failures += 1

    def note(self, messages) -> None:
        for m in messages:
            if m not in self.messages:
                self.messages.append(m)

    def to_dict(self) -> dict:
        return {"rows": self.rows, "skipped": self.skipped, "failures": self.failures,
                "findings": dict(sorted(self.findings.items())), "elapsed_s": round(self.elapsed_s, 3),
                "rows_per_s": round(self.rows_per_s, 1), "steady_rows_per_s": round(self.steady_rows_per_s, 1),
                "startup_s": None if self.first_s is None else round(self.first_s, 2), "mode": self.mode, "messages": self.messages}

    def render(self) -> str:
        lines = [f"scanned {self.rows:,} rows in {self.elapsed_s:.1f} s ({self.rows_per_s:,.1f} rows/s, {self.mode})"
                 + (f"; {self.skipped:,} rows already in the output were skipped" if self.skipped else "")]
        total = sum(self.findings.values())
        if total:
            lines.append(f"findings: {total:,} (" + ", ".join(f"{c} {n:,}" for c, n in
                                                      sorted(self.findings.items(), key=lambda kv: (-kv[1], kv[0])))
                         + ")")
        else:
            lines.append("findings: none")
        lines.append(f"failures: {self.failures:,} rows could not be checked (SIX003)" if self.failures
                     else "failures: none")
        lines.extend(f"warning: {safe_text(m)}" for m in self.messages)  # they quote the input: escaped
        return "\n".join(lines) + "\n"


class Progress:
    """One status line on stderr: rows, rows/s, findings, failures (redrawn at most 4 times a second)."""

    def __init__(self, summary: Summary, enabled: bool):
        self.summary, self.enabled = summary, enabled
        self.start = time.monotonic()
        self.last = 0.0
        self.drawn = 0

    def update(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self.last < 0.25:
            return
        self.last = now
        s = self.summary
        rate = s.rows / (now - self.start) if now > self.start else 0.0
        line = (f"scan: {s.rows:,} rows  {rate:,.1f} rows/s  {sum(s.findings.values()):,} findings  "
                f"{s.failures:,} failures")
        sys.stderr.write("\r" + line.ljust(self.drawn))
        sys.stderr.flush()
        self.drawn = max(self.drawn, len(line))

    def done(self) -> None:
        if self.enabled and self.drawn:
            sys.stderr.write("\r" + " " * self.drawn + "\r")
            sys.stderr.flush()


def pending_batches(opts: ScanOptions, done: set[str], summary: Summary, batch_rows: int):
    """Input rows not yet in the output, in batches of ``batch_rows``."""
    fmt = table_format(opts.input, opts.input_format)
    left = opts.limit
    buf: list[dict] = []
    first_row: dict[str, int] = {}  # id -> the input row that had it first
    for batch in read_rows(opts.input, fmt, opts.columns, batch_rows=max(batch_rows, 256)):
        for row in batch:
            at = summary.read
            seen = first_row.setdefault(row["id"], at)
            summary.read += 1
            if seen != at:
                # a resume skips the rows whose id is in the output: a second row with an id would never be
                # checked. It is written as an error row under an id of its own ("d1#2": input row 2), so
                # that it is reported once and a resume knows it is done
                row = {**row, "id": f"{row['id']}#{at}",
                       "error": f"duplicate id {row['id']!r} (first at input row {seen}): ids must be unique; "
                                "this row was not checked"}
            if row["id"] in done:
                summary.skipped += 1
                continue
            if left is not None:
                if left <= 0:
                    break
                left -= 1
            buf.append(row)
            if len(buf) >= batch_rows:
                yield buf
                buf = []
        if left is not None and left <= 0:
            break
    if buf:
        yield buf


def scan(config, opts: ScanOptions) -> Summary:
    """Check every row of ``opts.input`` not yet in ``opts.output`` and append its output row there."""
    out_fmt = output_format(opts.output, opts.output_format)
    table_format(opts.input, opts.input_format)  # a bad name fails before anything is written
    check_output_path(opts.output, out_fmt)
    if opts.input != "-" and os.path.exists(opts.input) and os.path.exists(opts.output) and \
            os.path.samefile(opts.input, opts.output):
        raise TableError(f"--out {opts.output} is the input: the output is appended to, so give another path")
    done = done_ids(opts.output, out_fmt)
    summary = Summary()
    writer = Writer(opts.output, out_fmt)
    progress = Progress(summary, sys.stderr.isatty() if opts.progress is None else opts.progress)
    start = time.monotonic()

    def on_result(rows: list[dict]) -> None:
        writer.write(rows)
        summary.add(rows)
        if summary.first_s is None:
            summary.first_s, summary.first_rows = time.monotonic() - start, summary.rows
        progress.update()

    try:
        if opts.ray:
            from sqlintent.scan.on_ray import run_on_ray

            run_on_ray(config, opts, done, summary, on_result)
        else:
            from sqlintent.threads import cpu_count

            jobs = opts.jobs or cpu_count()
            summary.mode = f"in-process, {jobs} process{'es' if jobs > 1 else ''}"
            batches = pending_batches(opts, done, summary, opts.batch_rows)
            if jobs == 1:
                _run_here(config, opts, batches, summary, on_result)
            else:
                _pool(config, opts, jobs).run(batches, on_result, summary.note)
    finally:
        writer.close()
        progress.done()
        summary.elapsed_s = time.monotonic() - start
    return summary


def _run_here(config, opts, batches, summary, on_result) -> None:
    # one core: ONNX Runtime on one thread too (its default, a thread per core, spent twice the CPU per row
    # for the same rows/s on a busy machine: see docs/scan.md)
    checker = RowChecker(config, db_dir=opts.db_dir, onnx_threads=1, model_batch=opts.model_batch,
                         path=opts.input)
    try:
        for batch in batches:
            on_result(checker.check_batch(batch))
            summary.note(checker.messages)
    finally:
        checker.close()


# -- the process pool ---------------------------------------------------------------------------------
_CHECKER: RowChecker | None = None


def _init_worker(config, db_dir, model_batch, path=None) -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's: it stops the workers
    global _CHECKER
    _CHECKER = RowChecker(config, db_dir=db_dir, onnx_threads=1, model_batch=model_batch, path=path)


def _check_in_worker(batch: list[dict]):
    return _CHECKER.check_batch(batch), list(_CHECKER.messages)


def _pool(config, opts: ScanOptions, jobs: int):
    """The run's worker processes (:class:`sqlintent.workspace.process_pool.OrderedPool`): a row that kills
    its worker ``max_retries + 1`` times is written with a SIX003 finding."""
    from sqlintent.workspace.process_pool import OrderedPool, ProcessWorkers, fork_context

    def lost(row: dict, tries: int) -> dict:
        return failed_row(row, f"the worker process died while checking this row, {tries} times out of {tries} "
                               "(a crash in native code, a killed process)")

    workers = ProcessWorkers(jobs, _init_worker, (config, opts.db_dir, opts.model_batch, opts.input), fork_context())
    return OrderedPool(workers, _check_in_worker, max_retries=opts.max_retries, lost=lost)
