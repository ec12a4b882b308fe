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
import queue
import sys
import threading
from typing import Callable, TypeVar

T = TypeVar("T")

STACK_BYTES = 512 * 1024 * 1024  # address space only: pages are touched as the recursion goes deeper
RECURSION_LIMIT = 40_000  # Python frames; MAX_NESTING_DEPTH levels need about 25 each in the parser

_start_lock = threading.Lock()


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
            if sys.getrecursionlimit() < RECURSION_LIMIT:
                sys.setrecursionlimit(RECURSION_LIMIT)
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
            job = self.jobs.get()
            if job is None:
                return
            fn, box, done = job
            try:
                try:
                    box["value"] = fn()
                except Interrupted:
                    box["interrupted"] = True
                except BaseException as exc:  # handed to the caller
                    box["error"] = exc
                finally:
                    done.set()
            except Interrupted:  # arrived late, after the call had finished: harmless
                done.set()

    def interrupt(self) -> None:
        if self.thread.ident is not None and self.thread.is_alive():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.thread.ident),
                                                       ctypes.py_object(Interrupted))


_idle: list[_Worker] = []
_MAX_IDLE = 8


def run_bounded(fn: Callable[[], T], deadline_s: float) -> T:
    """``fn()`` on a big-stack worker thread; its exception re-raised here; DeadlineExceeded after deadline_s."""
    with _start_lock:
        worker = _idle.pop() if _idle else None
    worker = worker or _Worker()
    box: dict = {}
    done = threading.Event()
    worker.jobs.put((fn, box, done))
    if not done.wait(deadline_s):
        for _ in range(5):  # a handler in the worker may swallow one: insist a little, then leave it
            worker.interrupt()
            if done.wait(0.05):
                break
        worker.jobs.put(None)  # retired: it ends once its call has unwound
        raise DeadlineExceeded(deadline_s)
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
