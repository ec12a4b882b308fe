"""``sqlintent scan --ray``: the same checks on a Ray cluster, with Ray Data and stateful actors.

The driver (where ``sqlintent scan`` runs) reads the input, leaves out the rows already in the output, and
hands the rest to the cluster a window at a time (``window_rows``, as Arrow blocks in the object store).
Each window is one Ray Data pipeline: ``map_batches`` over a pool of :class:`ScanActor` actors, each of
which builds its :class:`~sqlintent.scan.checker.RowChecker` once (opens the database or the schema files
through sqlintent's db layer, loads the detector) and then checks batch after batch. The driver streams the
results back and writes them, so resume works as in-process.

Fault tolerance: an actor that dies is restarted and the batch it held is run again (Ray Data's
``max_restarts=-1`` and ``max_task_retries=-1``), so a killed worker loses no row; a row is written once, when
its batch comes back. What stops a statement that kills every actor checking it (a crash in native code,
``os._exit``, the out-of-memory killer) from being retried without end is :class:`Attempts`, a small actor
of the run that counts how often each batch, and each row, was started: a batch started more than
``max_retries`` times before is checked a row at a time, and a row started ``max_retries + 1`` times
before is written with a SIX003 finding instead of being checked again. Every other row is checked and the
job ends. (Ray Data's ``max_errored_blocks`` with a bounded ``max_task_retries`` was tried first: in Ray
2.60 a block lost with its actor then left the pipeline waiting for ever.)

GPUs: when the cluster has GPUs and the model is on, the actors share them (``num_gpus`` = GPUs / actors,
unless ``gpus_per_worker`` is given) and their detectors use the CUDA provider; otherwise the CPU one.
"""
from __future__ import annotations

import sys

from sqlintent.escape import safe_text
from sqlintent.scan.checker import failed_row

_RAY_HINT = "scan --ray needs Ray: pip install 'sqlintent[ray]'"
SEQ = "_scan_seq"  # a column of the blocks between the driver and the actors: the row's number in the run


class Attempts:
    """How often each batch and row of a run was started (a Ray actor of the run, no CPU).

    ``begin(key)`` counts one more start and answers how many there were before; ``end(key)`` forgets the
    key once its check came back, so only starts that were cut short (the actor died) add up.
    """

    def __init__(self):
        self.started: dict[str, int] = {}

    def begin(self, key: str) -> int:
        n = self.started.get(key, 0)
        self.started[key] = n + 1
        return n

    def end(self, key: str) -> None:
        self.started.pop(key, None)


class ScanActor:
    """A Ray Data callable class: one RowChecker per actor, built once, called once per batch.

    Ray Data builds it with no arguments (see :func:`actor_class`), so that a restarted actor never needs
    constructor arguments from the object store. With ``attempts`` (an :class:`Attempts` actor handle), a
    batch or row that killed ``max_retries + 1`` actors before is not run whole again (see the module's
    docstring).
    """

    def __init__(self, config, db_dir=None, model_batch=16, onnx_threads=1, attempts=None, max_retries=2,
                 path=None):
        from sqlintent.scan.checker import RowChecker

        self.checker = RowChecker(config, db_dir=db_dir, onnx_threads=onnx_threads, model_batch=model_batch,
                                  path=path)
        self.attempts, self.max_retries = attempts, max_retries
        for m in self.checker.messages:
            print(f"sqlintent scan: warning: {safe_text(m)}", file=sys.stderr)
        self._told = len(self.checker.messages)

    def __call__(self, batch):
        import pyarrow as pa

        from sqlintent.scan.table import arrow_schema

        seqs = batch.column(SEQ)  # the driver's row numbers: the keys of the attempts
        rows = batch.drop_columns([SEQ]).to_pylist()
        if self.attempts is None:
            out = self.checker.check_batch(rows)
        else:
            out = self._check_counted(rows, seqs.to_pylist())
        for m in self.checker.messages[self._told:]:
            print(f"sqlintent scan: warning: {safe_text(m)}", file=sys.stderr)
        self._told = len(self.checker.messages)
        return pa.Table.from_pylist(out, schema=arrow_schema()).append_column(SEQ, seqs)

    def _check_counted(self, rows: list[dict], seqs: list[int]) -> list[dict]:
        import ray

        tries = self.max_retries + 1
        key = f"b{seqs[0]}-{len(seqs)}"
        if ray.get(self.attempts.begin.remote(key)) < tries:
            out = self.checker.check_batch(rows)
        else:  # this batch killed its actor every time: one row at a time, each counted
            out = []
            for seq, row in zip(seqs, rows):
                if ray.get(self.attempts.begin.remote(f"r{seq}")) < tries:
                    out.extend(self.checker.check_batch([row]))
                else:
                    out.append(failed_row(row, f"the Ray actor checking this row died, {tries} times out of "
                                               f"{tries} (a crash in native code, a killed process)"))
                self.attempts.end.remote(f"r{seq}")
        self.attempts.end.remote(key)
        return out


def actor_class(config, db_dir, model_batch, attempts=None, max_retries=2, path=None):
    """A ScanActor subclass with the run's settings built in (shipped with the class by value)."""

    class ConfiguredScanActor(ScanActor):
        def __init__(self):
            super().__init__(config, db_dir=db_dir, model_batch=model_batch, attempts=attempts,
                             max_retries=max_retries, path=path)

    ConfiguredScanActor.__name__ = ConfiguredScanActor.__qualname__ = "ScanActor"
    return ConfiguredScanActor


def connect(address: str | None, workers: int = 0, runtime_env: dict | None = None):
    """Join the cluster at ``address`` ("auto": the one this machine belongs to), or start a local one
    ("local"); a session already started in this process (``ray.init`` by the caller) is used as is."""
    try:
        import ray
    except ImportError:
        raise SystemExit(f"sqlintent: {_RAY_HINT}") from None
    if not ray.is_initialized():
        import logging

        kwargs = {"log_to_driver": True, "include_dashboard": False, "logging_level": logging.WARNING}
        if runtime_env:
            kwargs["runtime_env"] = runtime_env
        if address in (None, "", "local"):
            if workers:
                kwargs["num_cpus"] = workers
        else:
            kwargs["address"] = address
        ray.init(**kwargs)
    return ray


def plan(ray, config, workers: int, gpus_per_worker: float | None):
    """(actors, GPUs per actor, config for the actors): the cluster's CPUs by default; the GPUs shared."""
    res = ray.cluster_resources()
    cpus = int(res.get("CPU", 1))
    gpus = float(res.get("GPU", 0))
    n = workers or max(1, cpus)
    model_on = config.model.enabled
    if gpus_per_worker is None:
        gpus_per_worker = min(1.0, gpus / n) if (gpus and model_on) else 0.0
    provider = "cuda" if gpus_per_worker > 0 else "cpu"
    actor_config, _ = config.with_overrides({"model": {"provider": provider}})
    return n, gpus_per_worker, actor_config


def quiet(ray) -> None:
    """No Ray Data progress bars or per-dataset log lines: the scan draws its own progress line."""
    import logging

    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False
    for attr in ("print_on_execution_start", "enable_rich_progress_bars"):
        if hasattr(ctx, attr):
            setattr(ctx, attr, False)
    for name in ("ray.data", "ray.data._internal"):
        logging.getLogger(name).setLevel(logging.WARNING)


def run_on_ray(config, opts, done: set[str], summary, on_result) -> None:
    from sqlintent.scan.run import pending_batches

    ray = connect(opts.ray, opts.workers, opts.runtime_env)
    try:
        import pyarrow as pa
    except ImportError:
        raise SystemExit(f"sqlintent: {_RAY_HINT}") from None
    from sqlintent.scan.table import arrow_schema  # noqa: F401 - fails early without pyarrow

    quiet(ray)
    n, gpus, actor_config = plan(ray, config, opts.workers, opts.gpus_per_worker)
    summary.mode = f"Ray, {n} actor{'s' if n > 1 else ''}" + (f", {gpus:g} GPU each" if gpus else "")
    attempts = ray.remote(num_cpus=0)(Attempts).remote()
    actor = actor_class(actor_config, opts.db_dir, opts.model_batch, attempts, opts.max_retries, opts.input)
    schema = pa.schema([(c, pa.string()) for c in _SCHEMA_IN] + [(SEQ, pa.int64())])
    window: list = []
    window_rows = seq = 0
    try:
        for batch in pending_batches(opts, done, summary, opts.batch_rows):
            # one block per batch: Ray Data hands blocks to actors, so small blocks spread the work evenly
            cols = {c: [r.get(c) for r in batch] for c in _SCHEMA_IN}  # every block the same columns
            cols[SEQ] = list(range(seq, seq + len(batch)))
            window.append(ray.put(pa.Table.from_pydict(cols, schema=schema)))
            seq += len(batch)
            window_rows += len(batch)
            if window_rows >= opts.window_rows:
                _run_window(ray, window, actor, n, gpus, opts, on_result)
                window, window_rows = [], 0
        if window:
            _run_window(ray, window, actor, n, gpus, opts, on_result)
    finally:
        ray.kill(attempts)


_SCHEMA_IN = ("id", "sql", "intent", "db", "group", "error")


def _run_window(ray, refs, actor, n, gpus, opts, on_result) -> None:
    ds = ray.data.from_arrow_refs(refs)
    kwargs = {"num_gpus": gpus} if gpus else {}
    if opts.runtime_env:
        kwargs["runtime_env"] = opts.runtime_env  # also when joining a session started without it
    out = ds.map_batches(actor, batch_size=opts.batch_rows, batch_format="pyarrow",
                         compute=ray.data.ActorPoolStrategy(size=n), num_cpus=1, **kwargs)
    for table in out.iter_batches(batch_size=None, batch_format="pyarrow"):
        on_result(table.drop_columns([SEQ]).to_pylist())
