"""Run a function on a worker thread with a big stack and a deadline.

The SQL parser and several rules recurse once per nesting level; a worker thread with a big stack (and a
recursion limit raised to match) lets them reach :data:`sqlintent.limits.MAX_NESTING_DEPTH`. A call that
runs past its deadline is interrupted: :class:`Interrupted` is raised inside the worker at its next Python
instruction (``PyThreadState_SetAsyncExc``), and the caller gets :class:`DeadlineExceeded` at once, so a
statement that makes the parser go exponential stalls nothing. A worker stuck inside C code stops when the
C call returns; it is a daemon thread and never keeps the process alive.
"""
from __future__ import annotations

import ctypes
import os
import queue
import sys
import threading
import time
from contextlib import contextmanager
from typing import Callable, TypeVar

T = TypeVar("T")

STACK_BYTES = 512 * 1024 * 1024  # address space only: pages are touched as the recursion goes deeper
RECURSION_LIMIT = 10_000  # Python frames: 200 levels of any nesting kind check within 8,000 (measured)

_start_lock = threading.Lock()


def _raise_recursion_limit() -> None:
    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)


_raise_recursion_limit()  # once, at import: the workers need it, and nothing changes it mid-run


class Interrupted(BaseException):
    """Raised inside a worker that ran past its deadline (a BaseException: ``except Exception`` lets it by)."""


class DeadlineExceeded(Exception):
    def __init__(self, seconds: float):
        super().__init__(f"ran past {seconds:g} s")
        self.seconds = seconds


class _Worker:
    """A big-stack daemon thread that runs one call at a time; retired when a call runs past its deadline."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        with _start_lock:
            _raise_recursion_limit()
            old = threading.stack_size()
            try:
                threading.stack_size(STACK_BYTES)
            except (ValueError, RuntimeError):  # a platform that refuses: the default stack, RecursionError sooner
                pass
            try:
                self.thread = threading.Thread(target=self._loop, name="sqlintent-bounded", daemon=True)
                self.thread.start()
            finally:
                threading.stack_size(old)

    def _loop(self) -> None:
        while True:
            try:
                if self._step():
                    return
            except Interrupted:  # arrived late, after its call had finished: nothing to stop
                continue

    def _step(self) -> bool:
        """Run one job; True when retired."""
        job = self.jobs.get()
        if job is None:
            return True
        _local.job = job
        try:
            job.box["value"] = job.fn()
        except Interrupted:
            job.box["interrupted"] = True
        except BaseException as exc:  # handed to the caller
            job.box["error"] = exc
        finally:
            _local.job = None
            with job.lock:
                job.finished = True
            job.done.set()
        return False

    def interrupt(self) -> None:
        if self.thread.ident is not None and self.thread.is_alive():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread.ident),
                                                       ctypes.py_object(Interrupted))


class _Job:
    """One call: its result box, and the time it spent paused (database probes, the model)."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.box: dict = {}
        self.paused_s = 0.0
        self.paused_at: float | None = None
        self.lock = threading.Lock()
        self.finished = False

    def charged(self, start: float) -> float:
        now = time.monotonic()
        return now - start - self.paused_s - (now - self.paused_at if self.paused_at is not None else 0.0)


_local = threading.local()


@contextmanager
def paused():
    """Time spent inside does not count against the deadline of the bounded call running on this thread
    (a database probe has its own timeout; loading and running the model is not analysis); nor can that
    call be interrupted inside."""
    job = getattr(_local, "job", None)
    if job is None or job.paused_at is not None:
        yield
        return
    job.paused_at = time.monotonic()
    try:
        yield
    finally:
        job.paused_s += time.monotonic() - job.paused_at
        job.paused_at = None


_idle: list[_Worker] = []
_MAX_IDLE = 8


def _forget_workers_after_fork() -> None:
    global _start_lock
    _idle.clear()  # a forked child has none of the parent's threads
    _start_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_workers_after_fork)


def run_bounded(fn: Callable[[], T], deadline_s: float) -> T:
    """``fn()`` on a big-stack worker thread; its exception re-raised here; DeadlineExceeded after deadline_s."""
    with _start_lock:
        worker = _idle.pop() if _idle else None
    if worker is None or not worker.thread.is_alive():
        worker = _Worker()
    job = _Job()
    job.fn = fn
    start = time.monotonic()
    worker.jobs.put(job)
    while not job.done.wait(max(0.01, deadline_s - job.charged(start))):
        if job.charged(start) < deadline_s:
            continue  # paused for a while: the deadline moved
        for _ in range(20):  # a handler (a gc callback, a bare except) may swallow one: insist, then leave it
            with job.lock:
                if job.finished:
                    break
                worker.interrupt()
            if job.done.wait(0.05):
                break
        worker.jobs.put(None)  # retired: it ends once its call has unwound
        raise DeadlineExceeded(deadline_s)
    box = job.box
    with _start_lock:
        if len(_idle) < _MAX_IDLE:
            _idle.append(worker)
        else:
            worker.jobs.put(None)
    if "error" in box:
        raise box["error"]
    if box.get("interrupted"):
        raise DeadlineExceeded(deadline_s)
    return box["value"]
