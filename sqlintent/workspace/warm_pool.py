"""Warm worker processes for the daemon's ``--jobs N`` requests.

Outside the daemon, ``check --jobs N`` forks N workers for the run and they load the detector again; here the
workers outlive the request. They are started from a fork server that has imported spaCy, ONNX Runtime and
the engine (so a worker starts in milliseconds and shares those pages) and that was started as a fresh
process, not forked from the daemon's threads. Each batch carries its request's working directory,
environment and cache choice; a worker that sees a new request puts them in place and drops the engines of
the last one (their database connections, their configuration), keeping its detector session and parser.
"""
from __future__ import annotations

import multiprocessing
import threading

__all__ = ["pool_for", "discard", "shutdown"]

_POOLS: dict[int, object] = {}
_LOCK = threading.Lock()


def _context():
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["sqlintent.daemon.preload"])
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


def discard(jobs: int) -> None:
    """Forget a pool that broke (a worker died); the next request makes a new one."""
    with _LOCK:
        pool = _POOLS.pop(jobs, None)
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    with _LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)
