"""Run a function on a worker thread with a big stack and a budget of CPU time.

The SQL parser and several rules recurse once per nesting level; a worker thread with a big stack (and a
recursion limit raised to match) lets them reach :data:`sqlintent.limits.MAX_NESTING_DEPTH`. A call that
uses more than its budget of the worker thread's CPU time (``pthread_getcpuclockid``: what the call itself
computed, so the same statement meets the budget on a quiet and on a loaded machine), or that runs past a
wall-clock backstop :data:`WALL_BACKSTOP_FACTOR` times longer (a call blocked in I/O or waiting on a lock
uses no CPU), is interrupted: :class:`Interrupted` is raised inside the worker at its next Python
instruction (``PyThreadState_SetAsyncExc``), and the caller gets :class:`DeadlineExceeded` at once, so a
statement that makes the parser go exponential stalls nothing. A worker stuck inside C code stops when the
C call returns; it is a daemon thread and never keeps the process alive. Where a thread's CPU clock cannot
be read (no ``pthread_getcpuclockid``: macOS, Windows), the budget counts wall time. Only the worker's own
CPU time counts: work the call hands to another thread and waits for is bounded by the wall-clock
backstop alone (database probes run :func:`paused`, under their own timeouts).
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
WALL_BACKSTOP_FACTOR = 10.0  # a call is also stopped after this many times its CPU budget of wall time

_start_lock = threading.Lock()


def _raise_recursion_limit() -> None:
    if sys.getrecursionlimit() < RECURSION_LIMIT:
        sys.setrecursionlimit(RECURSION_LIMIT)


_raise_recursion_limit()  # once, at import: the workers need it, and nothing changes it mid-run


class Interrupted(BaseException):
    """Raised inside a worker that ran past its deadline (a BaseException: ``except Exception`` lets it by)."""


def _quiet_unraisable(unraisable, _previous=sys.unraisablehook) -> None:
    """Python prints "Exception ignored in ..." with a traceback when an exception leaves a callback it
    cannot raise from (a gc callback, a ``__del__``, a weakref callback). An :class:`Interrupted` that lands
    there is swallowed by design (:func:`run_bounded` sends it again, then gives the call up): nothing for
    the user's terminal. Any other exception is printed as before."""
    if isinstance(getattr(unraisable, "exc_value", None), Interrupted):
        return
    _previous(unraisable)


sys.unraisablehook = _quiet_unraisable


class DeadlineExceeded(Exception):
    """A bounded call stopped: ``clock`` is "cpu" (its CPU budget) or "wall" (the wall-clock backstop)."""

    def __init__(self, seconds: float, clock: str = "cpu"):
        super().__init__(f"ran past {seconds:g} s of CPU time" if clock == "cpu"
                         else f"ran past {seconds:g} s of wall-clock time")
        self.seconds = seconds
        self.clock = clock


def _thread_cpu_clock():
    """The calling thread's CPU-time clock id for :func:`time.clock_gettime`, or None where there is none."""
    try:
        clock = time.pthread_getcpuclockid(threading.get_ident())
        time.clock_gettime(clock)
        return clock
    except (AttributeError, OSError, ValueError):
        return None


class _Worker:
    """A big-stack daemon thread that runs one call at a time; retired when a call runs past its deadline."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.clock = None  # the worker thread's CPU clock, set by the thread itself
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
        self.clock = _thread_cpu_clock()
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
        job.cpu_start = _cpu_now()
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

    def cpu_s(self) -> float | None:
        """The worker thread's CPU seconds so far (None without a CPU clock, or once the thread has ended)."""
        if self.clock is None:
            return None
        try:
            return time.clock_gettime(self.clock)
        except OSError:
            return None

    def interrupt(self) -> None:
        if self.thread.ident is not None and self.thread.is_alive():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread.ident),
                                                       ctypes.py_object(Interrupted))


def _cpu_now() -> float:
    """The calling thread's CPU seconds (the same clock the caller reads through the worker's clock id)."""
    return time.thread_time()


class _Job:
    """One call: its result box, and the wall and CPU time it spent paused (database probes, the model)."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.box: dict = {}
        self.paused_s = 0.0
        self.paused_at: float | None = None
        self.paused_cpu_s = 0.0
        self.paused_cpu_at: float | None = None
        self.cpu_start: float | None = None  # the worker's CPU clock when it took the job
        self.lock = threading.Lock()
        self.finished = False

    def charged(self, start: float) -> float:
        """Wall seconds charged since ``start`` (paused time left out)."""
        now = time.monotonic()
        paused_at = self.paused_at
        return now - start - self.paused_s - (now - paused_at if paused_at is not None else 0.0)

    def charged_cpu(self, worker: "_Worker", start: float) -> float:
        """The worker's CPU seconds charged to this call (paused time left out); wall seconds without a clock."""
        cpu_start, now = self.cpu_start, worker.cpu_s()
        if worker.clock is None or now is None:
            return self.charged(start)
        if cpu_start is None:  # not yet taken by the worker
            return 0.0
        paused_at = self.paused_cpu_at
        return now - cpu_start - self.paused_cpu_s - (now - paused_at if paused_at is not None else 0.0)


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
    job.paused_cpu_at = _cpu_now()
    job.paused_at = time.monotonic()
    try:
        yield
    finally:
        job.paused_s += time.monotonic() - job.paused_at
        job.paused_cpu_s += _cpu_now() - job.paused_cpu_at
        job.paused_at = None
        job.paused_cpu_at = None


_idle: list[_Worker] = []
_MAX_IDLE = 8


def _forget_workers_after_fork() -> None:
    global _start_lock
    _idle.clear()  # a forked child has none of the parent's threads
    _start_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_workers_after_fork)


def run_bounded(fn: Callable[[], T], deadline_s: float, wall_s: float | None = None) -> T:
    """``fn()`` on a big-stack worker thread; its exception re-raised here; DeadlineExceeded once it has used
    ``deadline_s`` of the worker's CPU time or run ``wall_s`` of wall time (default: deadline_s times
    :data:`WALL_BACKSTOP_FACTOR`), time inside :func:`paused` not counted in either."""
    if wall_s is None:
        wall_s = deadline_s * WALL_BACKSTOP_FACTOR
    with _start_lock:
        worker = _idle.pop() if _idle else None
    if worker is None or not worker.thread.is_alive():
        worker = _Worker()
    job = _Job()
    job.fn = fn
    start = time.monotonic()
    worker.jobs.put(job)
    # a thread's CPU time grows no faster than wall time: what is left of the CPU budget is a safe wait
    while not job.done.wait(max(0.01, min(deadline_s - job.charged_cpu(worker, start),
                                          wall_s - job.charged(start)))):
        if job.charged_cpu(worker, start) >= deadline_s:
            over = DeadlineExceeded(deadline_s, "cpu")
        elif job.charged(start) >= wall_s:
            over = DeadlineExceeded(wall_s, "wall")
        else:
            continue  # paused for a while, or waiting for a CPU: the deadline moved
        for _ in range(20):  # a handler (a gc callback, a bare except) may swallow one: insist, then leave it
            with job.lock:
                if job.finished:
                    break
                worker.interrupt()
            if job.done.wait(0.05):
                break
        worker.jobs.put(None)  # retired: it ends once its call has unwound
        raise over
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
