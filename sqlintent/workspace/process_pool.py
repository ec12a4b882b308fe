"""Worker processes that survive a worker's death: batches in order, a bounded number in flight.

The one pool machinery of every door that checks in worker processes: ``scan``'s rows
(:mod:`sqlintent.scan.run`), ``check --jobs`` (and its automatic jobs) and the daemon's ``--jobs`` requests
(:mod:`.batch`). An :class:`OrderedPool` runs batches on the executors that its *workers* hand it:

* :class:`ProcessWorkers`: processes started for one run (``check``'s forked after the parent loaded the
  heavy libraries, ``scan``'s) and ended with it;
* :class:`sqlintent.workspace.warm_pool.WarmWorkers`: the daemon's workers, kept warm between requests and
  shared by them; the pool does not end them, it only asks for a new one in place of one that broke.

A worker that dies (a crash in native code, the out-of-memory killer) breaks a
:class:`concurrent.futures.ProcessPoolExecutor`: here the workers are asked for a new one, the batch whose
result was awaited is run again an item at a time, an item that kills its worker ``max_retries + 1`` times
gets ``lost(item, tries)`` as its result instead, and the other batches in flight are submitted again (those
that had finished keep their results).
"""
from __future__ import annotations

import sys
from collections import deque
from concurrent.futures import CancelledError, Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterable, Protocol

#: what a broken pool looks like from a batch's future: failed as broken, or cancelled by whoever replaced the
#: pool (a pool that no longer takes work, broken or shut down, raises on submit: :meth:`OrderedPool._submit`)
_BROKEN = (BrokenProcessPool, CancelledError)


class Workers(Protocol):
    """Where an :class:`OrderedPool`'s processes come from."""

    jobs: int  # how many processes: the pool keeps ``jobs * in_flight`` batches in flight

    def executor(self) -> Executor:
        """The executor to submit to now (started on first use)."""

    def replace(self, broken: Executor) -> Executor:
        """A working executor in place of ``broken`` (a worker of it died); the same new one to every caller
        that reports the same broken executor."""

    def finish(self, interrupted: bool) -> None:
        """The run is over (``interrupted``: by Ctrl-C, a signal or an error, so no batch is waited for)."""


def fork_context():
    """The fork start method where the platform has it (Linux): workers start in milliseconds and share the
    pages (libraries, models) the parent loaded before; None (the platform's default) elsewhere."""
    import multiprocessing

    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None


class ProcessWorkers:
    """``jobs`` processes for one run, started with ``initializer(*initargs)`` in ``context`` (None: the
    platform's default start method), ended when the run is."""

    def __init__(self, jobs: int, initializer: Callable, initargs: tuple = (), context=None):
        self.jobs, self.initializer, self.initargs, self.context = jobs, initializer, initargs, context
        self._pool = None

    def executor(self) -> Executor:
        from concurrent.futures import ProcessPoolExecutor

        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=self.context,
                                             initializer=self.initializer, initargs=self.initargs)
        return self._pool

    def replace(self, broken: Executor) -> Executor:
        if self._pool is broken:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        return self.executor()

    def finish(self, interrupted: bool) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if interrupted:  # end the workers now: waiting on them could hang
            _terminate(pool)
        else:
            pool.shutdown(wait=True, cancel_futures=True)


def _terminate(pool) -> None:
    """End ``pool``'s processes now, then shut it down: with its processes gone, the pool notices that it
    broke and waiting for it is short (its futures are left to fail as broken, none is cancelled: Python
    3.11's pool reports a cancelled future it then finds broken as an error of its own thread)."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            proc.terminate()
        except Exception:  # noqa: BLE001 - already gone
            pass
    pool.shutdown(wait=True)


class OrderedPool:
    """``work(batch) -> (results, messages)`` (a module-level function or a partial of one: it is pickled)
    run on ``workers``; :meth:`run` hands each batch's results to ``on_result`` in input order and its
    messages to ``on_messages``."""

    def __init__(self, workers: Workers, work: Callable, *, max_retries: int, lost: Callable[[Any, int], Any],
                 in_flight: int = 3):
        self.workers, self.work = workers, work
        self.max_retries, self.lost, self.in_flight = max_retries, lost, in_flight

    def run(self, batches: Iterable[list], on_result: Callable[[list], None],
            on_messages: Callable[[list], None] = lambda m: None) -> None:
        pending: deque[tuple[list, Executor, Future]] = deque()
        it = iter(batches)
        exhausted = False
        try:
            while True:
                while not exhausted and len(pending) < self.workers.jobs * self.in_flight:
                    batch = next(it, None)
                    if batch is None:
                        exhausted = True
                        break
                    pending.append((batch, *self._submit(batch)))
                if not pending:
                    break
                batch, pool, fut = pending.popleft()
                try:
                    results, messages = fut.result()
                except _BROKEN:
                    self.workers.replace(pool)
                    results, messages = self._isolate(batch, on_messages), []
                    again = list(pending)
                    pending.clear()
                    pending.extend((b, p, f) if _finished(f) else (b, *self._submit(b)) for b, p, f in again)
                on_messages(messages)
                on_result(results)
        except BaseException:  # Ctrl-C, a signal, an error in a callback: nothing more is waited for
            self.workers.finish(interrupted=True)
            raise
        self.workers.finish(interrupted=False)

    def _submit(self, batch: list) -> tuple[Executor, Future]:
        """``batch`` submitted to the workers' executor (a new one if that one broke): (executor, future)."""
        pool = self.workers.executor()
        try:
            return pool, pool.submit(self.work, batch)
        except (BrokenProcessPool, RuntimeError):  # broken, or shut down by whoever replaced it
            pool = self.workers.replace(pool)
            return pool, pool.submit(self.work, batch)

    def _isolate(self, batch: list, on_messages: Callable[[list], None]) -> list:
        """The results of ``batch``'s items run one at a time: an item that kills its worker every time gets
        ``lost``."""
        out = []
        tries = self.max_retries + 1
        for item in batch:
            for _ in range(tries):
                pool, fut = self._submit([item])
                try:
                    results, messages = fut.result()
                except _BROKEN:
                    self.workers.replace(pool)
                    continue
                on_messages(messages)
                out.extend(results)
                break
            else:
                out.append(self.lost(item, tries))
        return out


def _finished(fut: Future) -> bool:
    """Whether ``fut`` holds a result (a batch that finished before its pool broke keeps it)."""
    return fut.done() and not fut.cancelled() and fut.exception() is None
