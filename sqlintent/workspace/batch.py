"""How ``sqlintent check`` (and the daemon) walks its files: in batches (so the detector scores a batch of
files' statements together), in this process or in worker processes, as many as pay.

* Files go in batches of up to :data:`BATCH_FILES`: the batch's sources are read, every statement with an
  intent is scored in one go (intents parsed in one ``nlp.pipe`` call, pairs run through the model in
  batches, results cached; ``Engine.prefetch_scores``), then each file is checked as before.
* Without ``--jobs``, :func:`auto_jobs` picks the number of worker processes: one per idle core when at least
  2 are idle and every worker gets ``MIN_FILES_PER_WORKER`` files; else the files are checked in this process
  (``--jobs 1`` always does that).
* ``--jobs N`` (N > 1, and at least ``MIN_FILES_PER_WORKER * N`` files; in the daemon, whose workers are
  kept warm between runs by :mod:`sqlintent.workspace.warm_pool`, ``MIN_FILES_PER_WARM_WORKER * N``): N
  worker processes, each with its own engines (one per configuration, :mod:`sqlintent.workspace.engine_store`),
  detector session and connection to the persistent cache, and ``cores // N`` ONNX Runtime threads
  (:mod:`sqlintent.threads`). On Linux the workers are forked from this process after it has imported the
  heavy libraries (spaCy, ONNX Runtime, tokenizers) and loaded the question parser, so a worker starts in
  milliseconds and shares those pages; each builds its own ONNX Runtime session (a session is not carried
  across a fork). Batches are dealt out in order and their reports come back in order, through the pool
  machinery ``scan`` uses too (:class:`sqlintent.workspace.process_pool.OrderedPool`): a file that kills its
  worker (a crash in native code, the out-of-memory killer) ``MAX_RETRIES + 1`` times is reported as not
  checked ("the worker process died while checking this file"), which makes the run exit 2 as an unreadable
  file does, and the run's other files are checked.
"""
from __future__ import annotations

import math
import os

BATCH_FILES = 32
#: below this many files per worker, ``--jobs`` checks in this process: a worker (a fork, its own engine,
#: database connection and ONNX Runtime session) costs about what checking a few dozen files does, and on
#: the 2-core development machine, never idle, two workers did not beat one process (docs/performance.md)
MIN_FILES_PER_WORKER = 32
#: the same with the daemon's warm workers (:mod:`sqlintent.workspace.warm_pool`): a batch costs them a new engine
#: (the schema read again), not a process and a model
MIN_FILES_PER_WARM_WORKER = 4
#: files up to this size are split into statements ahead of checking (once: the check reuses it), so their
#: statements join the batch
PREPARSE_MAX_CHARS = 64 * 1024


def check_source(src, engine, prepared=None):
    """The result for one read source (an engine bug becomes the file's error, not a crash), without its
    document; ``prepared``: ``engine.prepare``'s result for it, when the batch made one."""
    from sqlintent.engine.result import FileResult

    if src.error:
        return FileResult(src.path, None, error=src.error)
    try:
        result = engine.check_text(src.text, src.path, prepared=prepared)
    except Exception as exc:  # an engine bug must not stop the other files
        from sqlintent.db.errors import printable  # a database's message quotes values
        return FileResult(src.path, src.text, error=f"internal error while checking: {printable(exc)}")
    return result.without_document()


def check_batch(paths: list[str], engine, stdin_name: str | None = None) -> list:
    """Reports for ``paths`` (in order), the detector scoring all their statements together first.

    With the model on, each file is rendered (when templated) and split into statements once, before
    the batch is scored; the check reuses that (``Engine.prepare``), so no file is parsed twice and a
    template's statements are those of its rendered SQL."""
    from sqlintent.files import read_source

    sources = [read_source(p, max_bytes=engine.config.max_file_size, stdin_name=stdin_name if p == "-" else None)
               for p in paths]
    prepared: dict[int, tuple] = {}
    if engine.needs_model and len(sources) > 1:
        # one file alone is batched by check_text itself; a large file is left to it too (its statements
        # are scored in its own batch)
        statements = []
        for i, src in enumerate(sources):
            if src.text is not None and not src.error and len(src.text) <= PREPARSE_MAX_CHARS:
                try:
                    prepared[i] = engine.prepare(src.text, src.path)
                except Exception:  # noqa: BLE001 - check_source reports it
                    continue
                doc = prepared[i][1]
                statements.extend(doc.statements if doc is not None else ())
        engine.preload_findings(statements)  # kept on disk: those statements need no score
        engine.prefetch_scores(statements)
    return [check_source(src, engine, prepared.get(i)) for i, src in enumerate(sources)]


#: the smallest batch dealt out near the end of a parallel run (see :func:`batches`)
MIN_TAIL_FILES = 4


def batches(files: list, jobs: int) -> list[list]:
    """Split ``files`` into ordered batches of at most BATCH_FILES. With several workers the batches shrink
    towards the end (each at most an eighth of the files left per worker, at least MIN_TAIL_FILES), so the
    workers finish together: the last batch dealt out is small, and no worker waits long for another's."""
    if not files:
        return []
    if jobs <= 1:
        return [files[i: i + BATCH_FILES] for i in range(0, len(files), BATCH_FILES)]
    out, i = [], 0
    while i < len(files):
        left = len(files) - i
        size = max(1, min(BATCH_FILES, max(MIN_TAIL_FILES, math.ceil(left / (4 * jobs)))))
        out.append(files[i: i + size])
        i += size
    return out


def batches_by_engine(files: list[str], engine_for):
    """Ordered (batch, engine) pairs: consecutive files that share an engine (one per configuration), at
    most BATCH_FILES a batch; stdin ("-") in a batch of its own, so the files before it are checked (and
    shown in the progress bar) before the run waits on it."""
    batch, current = [], None
    for f in files:
        engine = engine_for(f)
        if batch and (engine is not current or len(batch) >= BATCH_FILES or f == "-" or batch[-1] == "-"):
            yield batch, current
            batch = []
        batch.append(f)
        current = engine
    if batch:
        yield batch, current


def parallel_worthwhile(files: int, jobs: int, warm_pools=None) -> bool:
    """Whether ``files`` files are enough to hand to ``jobs`` workers (see MIN_FILES_PER_WORKER); ``warm_pools``:
    the daemon's (:mod:`sqlintent.workspace.warm_pool`), whose kept workers pay sooner."""
    return jobs > 1 and files >= _files_per_worker(warm_pools) * jobs


def _files_per_worker(warm_pools=None) -> int:
    return MIN_FILES_PER_WARM_WORKER if warm_pools is not None else MIN_FILES_PER_WORKER


def idle_cores() -> int:
    """The cores this process may use that the machine's other work leaves free (see :func:`busy_cores`)."""
    from sqlintent.threads import cpu_count

    cores = cpu_count()
    return max(0, cores - busy_cores())


def busy_cores() -> int:
    """How many cores other work keeps busy: the whole part of the 1-minute load average (0.9 is a core used
    now and then, not a busy one), but no more than the processes runnable right now besides this one where
    the system says (Linux's ``/proc/loadavg``): the average lags a minute behind, so a run that follows
    another (a CI job's second step) is not kept to one process by the work that just ended."""
    try:
        with open("/proc/loadavg", encoding="ascii") as fh:
            return busy_from(fh.read())
    except (OSError, ValueError):
        pass
    try:
        return int(os.getloadavg()[0])
    except (AttributeError, OSError):  # no load average on this OS: every core counts as idle
        return 0


def busy_from(loadavg: str) -> int:
    """:func:`busy_cores` from the text of ``/proc/loadavg`` ("0.52 0.58 0.59 2/467 12345")."""
    fields = loadavg.split()
    running = int(fields[3].split("/")[0]) - 1  # this process is one of them
    return max(0, min(int(float(fields[0])), running))


def auto_jobs(files: int, warm_pools=None) -> int:
    """How many worker processes a run over ``files`` files gets without ``--jobs``: one per idle core, as
    long as each worker has at least ``MIN_FILES_PER_WORKER`` files; 1 (this process) unless at least 2
    cores are idle and the files fill 2 workers, since a worker that waits for a busy core costs more than it
    saves (docs/performance.md). With the daemon's ``warm_pools``: 1, its warm workers are for an explicit
    ``--jobs N`` (a pool per N, kept until it stops)."""
    if warm_pools is not None:
        return 1
    idle = idle_cores()
    jobs = min(idle, files // _files_per_worker())
    return jobs if idle >= 2 and jobs >= 2 else 1


class BatchWorker:
    """One worker process's state for ``check --jobs``: its engines (one per configuration), its detectors (one
    per model setting, kept for the process's life), its cache choice, and, in a daemon's warm worker, the
    request it serves now (a new request drops the last one's engines)."""

    def __init__(self) -> None:
        self.engines = None  # workspace.engine_store.Engines, made on first use
        self.detectors = None  # workspace.detectors.Detectors, made on first use
        self.use_cache = False
        self.request: str | None = None  # the daemon request's token

    def set_cache(self, on: bool) -> None:
        """This worker's cache choice; the intents' tags read through this process's own connection to the
        cache (not the parent's, across a fork)."""
        from sqlintent.intent import tagger

        self.use_cache = bool(on)
        if self.use_cache:
            from sqlintent.cache import ScoreStore

            tagger.use_store(ScoreStore())
        else:
            tagger.use_store(None)

    def enter(self, context: dict) -> None:
        """Put a daemon request's directory, environment and cache choice in place in this warm worker (a
        process of its own; once a request), dropping the last request's engines."""
        if context["token"] == self.request:
            return
        if self.engines is not None:
            self.engines.close()
        os.chdir(context["cwd"])
        os.environ.clear()
        os.environ.update(context["env"])
        self.set_cache(context["use_cache"])
        self.request = context["token"]

    def engine_for(self, config):
        from sqlintent.engine import Engine
        from sqlintent.workspace.detectors import Detectors
        from sqlintent.workspace.engine_store import Engines, config_key

        if self.detectors is None:
            self.detectors = Detectors()
        loader = self.detectors.detector_for

        def build():
            store = None
            if self.use_cache:
                from sqlintent.cache import ScoreStore

                store = ScoreStore()
            return Engine(config, detector_loader=loader, score_store=store)

        if self.engines is None:
            self.engines = Engines()
        return self.engines.get(config_key(config), build)

    def run(self, tasks: list, context: dict | None = None):
        """Reports for ``[(path, config)]`` in order, and the run findings the batch's engines raised;
        ``context``: the daemon request's (see :meth:`enter`)."""
        if context is not None:
            self.enter(context)
        reports, run_findings = [], []
        engines = {}
        for path, config in tasks:
            engines.setdefault(id(config), self.engine_for(config))
        for batch, engine in batches_by_engine([t for t in tasks], lambda t: engines[id(t[1])]):
            reports.extend(check_batch([p for p, _ in batch], engine))
        for engine in {id(e): e for e in engines.values()}.values():
            run_findings.extend(engine.run_findings)
            engine.run_findings.clear()
        return reports, run_findings


#: this process's worker, when it is one (made by the pool's initializer, or on its first batch): the process
#: pools call module functions, so the object a worker process keeps between batches is found here
_WORKER: BatchWorker | None = None


def _this_worker() -> BatchWorker:
    global _WORKER
    if _WORKER is None:
        _WORKER = BatchWorker()
    return _WORKER


def _init_worker(use_cache: bool, jobs: int) -> None:
    import signal

    from sqlintent import threads

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it ends the workers
    threads.configure(jobs)
    _this_worker().set_cache(use_cache)


def init_warm_worker(jobs: int) -> None:
    """A daemon worker's start: its share of the threads (its detector sessions are kept between requests,
    in its :class:`BatchWorker`)."""
    from sqlintent import threads

    threads.configure(jobs)
    _this_worker()


def _run_batch(tasks: list, context: dict | None = None):
    """A batch in this worker process (:meth:`BatchWorker.run`)."""
    return _this_worker().run(tasks, context)


def load_model_stack() -> None:
    """Import (and load) what a check with the model needs: the engine, spaCy and its parser, ONNX Runtime,
    tokenizers, the scorer and the SQL graph. Done ahead of forking workers (who then share it), in the
    daemon as it starts, and in the fork server of its workers. Best effort: a check that needs a missing
    piece says what is missing."""
    try:
        import sqlintent.engine
        from sqlintent.graphs.question_graph import default_parser

        default_parser().nlp
        import onnxruntime  # noqa: F401
        import tokenizers  # noqa: F401

        import sqlintent.detector.scoring
        import sqlintent.graphs.sql_graph  # noqa: F401
    except Exception:  # noqa: BLE001 - reported by the check that needs it
        pass


def _warm_parent(config) -> None:
    """Import the rules (sqlglot and the analyzers: this process needs them for the report anyway) and,
    when the config runs the model, load the model stack before forking, so the workers share them
    instead of each importing them again."""
    from sqlintent.engine import enabled_rules

    rules = enabled_rules(config)  # imports every rule module
    if config.model.enabled and any("model" in r.needs for r in rules):
        load_model_stack()


#: a file whose worker died is checked again (alone) at most this many times before it is reported as not
#: checked (as ``scan`` does with a row)
MAX_RETRIES = 2


def run_parallel(tasks: list, jobs: int, use_cache: bool, on_report=None, warm_pools=None):
    """Check ``[(path, config)]`` (no stdin) in ``jobs`` worker processes: (reports in order, run findings);
    ``on_report(path)`` as each report comes back. A file that kills its worker (a crash in native code, the
    out-of-memory killer) every time it is checked is reported as not checked; the others are checked.

    Outside the daemon the workers are forked for the run (Linux) after this process loaded what they
    need; in the daemon (``warm_pools``: :mod:`sqlintent.workspace.warm_pool`, which the daemon hands to each
    request) they are its warm workers (:class:`~sqlintent.workspace.warm_pool.WarmWorkers`), and each batch
    carries the request's directory, environment and cache choice."""
    import functools

    from sqlintent.workspace.process_pool import OrderedPool, ProcessWorkers, fork_context

    if warm_pools is not None:
        import uuid

        context = {"token": uuid.uuid4().hex, "cwd": os.getcwd(), "env": dict(os.environ), "use_cache": use_cache}
        workers, work = warm_pools.WarmWorkers(jobs), functools.partial(_run_batch, context=context)
    else:
        ctx = fork_context()
        if ctx is not None and tasks:
            _warm_parent(tasks[0][1])
            import gc

            # what the workers inherit (the libraries, the question parser) stays alive for the run: kept out
            # of the collector's generations, the workers' full collections need not walk it (~0.1 s each)
            gc.freeze()
        workers, work = ProcessWorkers(jobs, _init_worker, (use_cache, jobs), ctx), _run_batch
    reports, run_findings = [], []

    def on_result(batch_reports: list) -> None:
        reports.extend(batch_reports)
        if on_report:
            for r in batch_reports:
                on_report(r.path)

    OrderedPool(workers, work, max_retries=MAX_RETRIES, lost=_lost_file).run(batches(tasks, jobs), on_result,
                                                                            run_findings.extend)
    return reports, run_findings


def _lost_file(task: tuple, tries: int):
    """The report of a file whose worker process died every time it was checked."""
    from sqlintent.engine import FileResult

    return FileResult(task[0], None, error=f"the worker process died while checking this file, {tries} times out "
                                           f"of {tries} (a crash in native code, a killed process)")
