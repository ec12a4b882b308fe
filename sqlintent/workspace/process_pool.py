"""Worker processes that survive a worker's death: batches in order, a bounded number in flight.

``scan`` runs its rows through one (:mod:`sqlintent.scan.run`); ``check --jobs`` uses a plain fork pool
(:mod:`.batch`) and the daemon its warm one (:mod:`.warm_pool`). A worker that dies (a crash in native code,
the out-of-memory killer) breaks a :class:`concurrent.futures.ProcessPoolExecutor`: here the pool is started
again, the batch it was on is run again an item at a time, an item that kills its worker ``max_retries + 1``
times gets ``lost(item, tries)`` as its result instead, and the other batches in flight are submitted again.
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable


class OrderedPool:
    """``work(batch) -> (results, messages)`` (a module-level function: it is pickled) run in ``jobs``
    processes started with ``initializer(*initargs)``; :meth:`run` hands each batch's results to
    ``on_result`` in input order and its messages to ``on_messages``."""

    def __init__(self, jobs: int, initializer: Callable, initargs: tuple, work: Callable, *,
                 max_retries: int, lost: Callable[[Any, int], Any], in_flight: int = 3):
        self.jobs, self.initializer, self.initargs, self.work = jobs, initializer, initargs, work
        self.max_retries, self.lost, self.in_flight = max_retries, lost, in_flight
        self.pool = None

    def _start(self) -> None:
        from concurrent.futures import ProcessPoolExecutor

        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=self.initializer,
                                        initargs=self.initargs)

    def run(self, batches: Iterable[list], on_result: Callable[[list], None],
            on_messages: Callable[[list], None] = lambda m: None) -> None:
        from concurrent.futures.process import BrokenProcessPool

        self._start()
        pending: deque = deque()
        it = iter(batches)
        exhausted = False
        try:
            while True:
                while not exhausted and len(pending) < self.jobs * self.in_flight:
                    batch = next(it, None)
                    if batch is None:
                        exhausted = True
                        break
                    pending.append((batch, self.pool.submit(self.work, batch)))
                if not pending:
                    break
                batch, fut = pending.popleft()
                try:
                    results, messages = fut.result()
                except BrokenProcessPool:
                    self._start()
                    results, messages = self._isolate(batch, on_messages), []
                    again = [b for b, _ in pending]
                    pending.clear()
                    pending.extend((b, self.pool.submit(self.work, b)) for b in again)
                on_messages(messages)
                on_result(results)
        except BaseException:  # Ctrl-C, a signal: end the workers now (waiting on them could hang)
            self._terminate()
            raise
        self.pool.shutdown(wait=True, cancel_futures=True)

    def _terminate(self) -> None:
        for proc in list(getattr(self.pool, "_processes", {}).values()):
            try:
                proc.terminate()
            except Exception:  # noqa: BLE001 - already gone
                pass
        self.pool.shutdown(wait=False, cancel_futures=True)

    def _isolate(self, batch: list, on_messages: Callable[[list], None]) -> list:
        from concurrent.futures.process import BrokenProcessPool

        out = []
        tries = self.max_retries + 1
        for item in batch:
            for _ in range(tries):
                try:
                    results, messages = self.pool.submit(self.work, [item]).result()
                except BrokenProcessPool:
                    self._start()
                    continue
                on_messages(messages)
                out.extend(results)
                break
            else:
                out.append(self.lost(item, tries))
        return out
