"""Warm worker processes for the daemon's ``--jobs N`` requests.

Outside the daemon, ``check --jobs N`` forks N workers for the run and they load the detector again; here the
workers outlive the request. They are started from a fork server that has imported spaCy, ONNX Runtime and
the engine (so a worker starts in milliseconds and shares those pages) and that was started as a fresh
process, not forked from the daemon's threads. Each batch carries its request's working directory,
environment and cache choice; a worker that sees a new request puts them in place and drops the engines of
the last one (their database connections, their configuration), keeping its detector session and parser.

Requests run on them through :class:`~sqlintent.workspace.process_pool.OrderedPool`, as ``check --jobs`` and
``scan`` run on theirs, with :class:`WarmWorkers` as its workers: a pool whose worker died (a crash in native
code, the out-of-memory killer) is replaced by a new one for this request and the ones after it, and the
file that killed it is reported as not checked.
"""
from __future__ import annotations

import multiprocessing
import threading

__all__ = ["WarmWorkers", "pool_for", "replace", "shutdown"]

_POOLS: dict[int, object] = {}
_LOCK = threading.Lock()


def _context():
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["sqlintent.workspace.warm_preload"])
        return ctx
    return multiprocessing.get_context("spawn")


def pool_for(jobs: int):
    """The daemon's pool of ``jobs`` warm workers (made on first use)."""
    from concurrent.futures import ProcessPoolExecutor

    from sqlintent.workspace.batch import init_warm_worker

    with _LOCK:
        pool = _POOLS.get(jobs)
        if pool is None:
            pool = _POOLS[jobs] = ProcessPoolExecutor(max_workers=jobs, mp_context=_context(),
                                                      initializer=init_warm_worker, initargs=(jobs,))
        return pool


def replace(jobs: int, broken) -> object:
    """A new pool of ``jobs`` warm workers in place of ``broken`` (a worker of it died), or the one another
    request already put in its place."""
    with _LOCK:
        if _POOLS.get(jobs) is broken:
            del _POOLS[jobs]
        else:
            broken = None  # already replaced
    if broken is not None:
        broken.shutdown(wait=False, cancel_futures=True)
    return pool_for(jobs)


class WarmWorkers:
    """The :class:`~sqlintent.workspace.process_pool.Workers` of a daemon request: the pool of ``jobs`` warm
    workers, kept when the request ends (even an interrupted one: its last batches just finish)."""

    def __init__(self, jobs: int):
        self.jobs = jobs

    def executor(self):
        return pool_for(self.jobs)

    def replace(self, broken):
        return replace(self.jobs, broken)

    def finish(self, interrupted: bool) -> None:
        pass


def shutdown() -> None:
    with _LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)
