"""``sqlintent scan --ray``: the same checks on a Ray cluster, with Ray Data and stateful actors.

The driver (where ``sqlintent scan`` runs) reads the input, leaves out the rows already in the output, and
hands the rest to the cluster a window at a time (``window_rows``, as Arrow blocks in the object store).
Each window is one Ray Data pipeline: ``map_batches`` over a pool of :class:`ScanActor` actors, each of
which builds its :class:`~sqlintent.scan.checker.RowChecker` once (opens the database or the schema files
through sqlintent's db layer, loads the detector) and then checks batch after batch. The driver streams the
results back and writes them, so resume works as in-process.

Fault tolerance: an actor that dies is restarted (Ray Data's ``max_restarts=-1``) and the batch it held is
run again on a live actor, at most ``max_retries`` times (``max_task_retries``; Ray Data's default is
without end). A batch that still fails (a statement in it kills every actor that checks it: a crash in
native code, ``os._exit``, the out-of-memory killer) is dropped from the pipeline (``max_errored_blocks``)
and its rows, which the driver finds missing by their sequence numbers, are run again one row per batch at
the end of the window; a row that fails ``max_retries + 1`` times again is written with a SIX003 finding.
Every other row is checked and the job ends. A row is written once, when its batch comes back.

GPUs: when the cluster has GPUs and the model is on, the actors share them (``num_gpus`` = GPUs / actors,
unless ``gpus_per_worker`` is given) and their detectors use the CUDA provider; otherwise the CPU one.
"""
from __future__ import annotations

import bisect
import sys
import warnings

from sqlintent.scan.checker import failed_row

_RAY_HINT = "scan --ray needs Ray: pip install 'sqlintent[ray]'"
SEQ = "_scan_seq"  # a column of the blocks between the driver and the actors: the row's number in the run


class ScanActor:
    """A Ray Data callable class: one RowChecker per actor, built once, called once per batch.

    Ray Data builds it with no arguments (see :func:`actor_class`), so that a restarted actor never needs
    constructor arguments from the object store.
    """

    def __init__(self, config, db_dir=None, model_batch=16, onnx_threads=1):
        from sqlintent.scan.checker import RowChecker

        self.checker = RowChecker(config, db_dir=db_dir, onnx_threads=onnx_threads, model_batch=model_batch)
        for m in self.checker.messages:
            print(f"sqlintent scan: warning: {m}", file=sys.stderr)
        self._told = len(self.checker.messages)

    def __call__(self, batch):
        import pyarrow as pa

        from sqlintent.scan.table import arrow_schema

        seq = batch.column(SEQ)  # the driver's row numbers, handed back so it can tell which rows came back
        rows = self.checker.check_batch(batch.drop_columns([SEQ]).to_pylist())
        for m in self.checker.messages[self._told:]:
            print(f"sqlintent scan: warning: {m}", file=sys.stderr)
        self._told = len(self.checker.messages)
        return pa.Table.from_pylist(rows, schema=arrow_schema()).append_column(SEQ, seq)


def actor_class(config, db_dir, model_batch):
    """A ScanActor subclass with the run's settings built in (shipped with the class by value)."""

    class ConfiguredScanActor(ScanActor):
        def __init__(self):
            super().__init__(config, db_dir=db_dir, model_batch=model_batch)

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
    win = _Window(ray, pa, n, gpus, actor_config, opts, summary, on_result)
    for batch in pending_batches(opts, done, summary, opts.batch_rows):
        win.add(batch)
        if win.rows >= opts.window_rows:
            win.run()
    win.run()


_SCHEMA_IN = ("id", "sql", "intent", "db", "group", "error")


class _Window:
    """Input blocks handed to the cluster together (one Ray Data pipeline), and what to do with the rows of
    blocks that never came back."""

    def __init__(self, ray, pa, n, gpus, actor_config, opts, summary, on_result):
        self.ray, self.pa, self.n, self.gpus = ray, pa, n, gpus
        self.actor_config, self.opts, self.summary, self.on_result = actor_config, opts, summary, on_result
        self.schema = pa.schema([(c, pa.string()) for c in _SCHEMA_IN] + [(SEQ, pa.int64())])
        self.next_seq = 0
        self._reset()

    def _reset(self) -> None:
        self.refs: list = []  # one block per batch: Ray Data hands blocks to actors, so small ones spread evenly
        self.starts: list[int] = []  # the first row number of each block (rows are numbered consecutively)
        self.rows = 0

    def _block(self, rows: list[dict], first: int):
        table = {c: [r.get(c) for r in rows] for c in _SCHEMA_IN}  # every block the same columns
        table[SEQ] = list(range(first, first + len(rows)))
        return self.pa.Table.from_pydict(table, schema=self.schema)

    def add(self, batch: list[dict]) -> None:
        self.refs.append(self.ray.put(self._block(batch, self.next_seq)))
        self.starts.append(self.next_seq)
        self.next_seq += len(batch)
        self.rows += len(batch)

    def run(self) -> None:
        if not self.refs:
            return
        expected = set(range(self.starts[0], self.next_seq))
        came = self._pipeline(self.refs, self.opts.batch_rows)
        missing = sorted(expected - came)
        if missing and not came and len(missing) > 4 * self.opts.batch_rows:
            raise SystemExit("sqlintent scan: every batch of the window failed on the Ray actors (see the errors "
                             "above); nothing was written for it")
        if missing:
            # the rows of batches that failed every try, isolated: one row per batch, with the same bound
            rows = self._rows(missing)
            singles = [self.ray.put(rows[seq]) for seq in missing]
            tries = self.opts.max_retries + 1
            lost = set(missing) - self._pipeline(singles, 1)
            for seq in sorted(lost):
                (row,) = rows[seq].drop_columns([SEQ]).to_pylist()
                self.on_result([failed_row(row, f"the Ray actor checking this row died, {tries} times out of "
                                                f"{tries} (a crash in native code, a killed process)")])
        self._reset()

    def _rows(self, seqs: list[int]) -> dict:
        """Row number -> that row as a one-row block, read back from the window's blocks."""
        out, blocks = {}, {}
        for seq in seqs:
            k = bisect.bisect_right(self.starts, seq) - 1
            if k not in blocks:
                blocks[k] = self.ray.get(self.refs[k])
            out[seq] = blocks[k].slice(seq - self.starts[k], 1)
        return out

    def _pipeline(self, refs: list, batch_size: int) -> set[int]:
        """Run the blocks through the actor pool; the row numbers that came back (and were written)."""
        ray = self.ray
        ctx = ray.data.DataContext.get_current()
        errored_before = ctx.max_errored_blocks
        ctx.max_errored_blocks = -1  # a batch that failed every try is left out, not the end of the run
        try:
            ds = ray.data.from_arrow_refs(refs)
        finally:
            ctx.max_errored_blocks = errored_before
        kwargs = {"num_gpus": self.gpus} if self.gpus else {}
        if self.opts.runtime_env:
            kwargs["runtime_env"] = self.opts.runtime_env  # also when joining a session started without it
        with warnings.catch_warnings():
            # max_task_retries has no named parameter in Ray 2.60 (pinned): it goes through ray_remote_args,
            # which Ray announces will be removed in 2.64
            warnings.filterwarnings("ignore", message=".*ray_remote_args.*deprecated")
            out = ds.map_batches(actor_class(self.actor_config, self.opts.db_dir, self.opts.model_batch),
                                 batch_size=batch_size, batch_format="pyarrow",
                                 compute=ray.data.ActorPoolStrategy(size=self.n), num_cpus=1,
                                 max_task_retries=self.opts.max_retries, **kwargs)
        seen: set[int] = set()
        for table in out.iter_batches(batch_size=None, batch_format="pyarrow"):
            seqs = table.column(SEQ).to_pylist()
            fresh = [i for i, s in enumerate(seqs) if s not in seen]  # a block is never written twice
            if len(fresh) < len(seqs):
                table = table.take(fresh)
                seqs = [seqs[i] for i in fresh]
            seen.update(seqs)
            if seqs:
                self.on_result(table.drop_columns([SEQ]).to_pylist())
        return seen
