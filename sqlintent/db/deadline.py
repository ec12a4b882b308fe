"""A deadline that holds even when the database cannot be interrupted.

SQLite's progress handler and DuckDB's ``interrupt()`` act between steps; one long function call (a huge
``instr`` or ``replace``) can run past them. :func:`call_with_deadline` runs the query in a worker thread
and gives up on it at the deadline: the caller gets its answer in time, the connection is abandoned (its
owner opens a fresh one), and the worker closes the old connection when the query finally ends.
"""
from __future__ import annotations

import atexit
import os
import queue
import threading
import time
from typing import Callable, TypeVar

T = TypeVar("T")
GRACE_S = 0.02  # after the database's own timeout, before the probe is abandoned


EXIT_WAIT_S = 60.0  # at exit, how long abandoned calls are stopped and waited for

#: abandoned calls that can be asked to stop: (set once the call and its cleanup have ended, stop)
_abandoned: list[tuple[threading.Event, Callable[[], None] | None]] = []


class Abandoned(TimeoutError):
    """The call did not return by its deadline; it goes on in its thread, which cleans up after it."""


class _Runner:
    """A thread that runs one call at a time, handed to it by :func:`call_with_deadline`. A check of a
    repository runs thousands of probes, and a thread started for each cost about 75 microseconds a probe
    in one process and far more in ``--jobs`` workers (the corpus of docs/performance.md without the model,
    ``--jobs 2``: 2.4 s with a thread a probe, 1.8 s with reused ones), so idle runners are kept (at most
    ``_MAX_IDLE``) and reused. A runner whose call was abandoned is reused only once that call has ended
    and its cleanup has run."""

    def __init__(self):
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._loop, name="sqlintent-probe", daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while self.jobs.get()():  # a job says whether its runner is back among the idle ones
            pass


_MAX_IDLE = 4
_idle: list[_Runner] = []
_idle_lock = threading.Lock()


def _take() -> _Runner:
    with _idle_lock:
        if _idle:
            return _idle.pop()
    return _Runner()


def _park(runner: _Runner) -> bool:
    """Back among the idle runners after a call; False (the thread ends) when enough are idle."""
    with _idle_lock:
        if len(_idle) < _MAX_IDLE:
            _idle.append(runner)
            return True
    return False


def _forget_runners() -> None:
    """In a forked child: the parent's runner threads do not exist there."""
    global _idle_lock
    _idle.clear()
    _idle_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_runners)


def call_with_deadline(fn: Callable[[], T], seconds: float, *, cleanup: Callable[[], None] | None = None,
                       stop: Callable[[], None] | None = None, name: str = "sqlintent-probe") -> T:
    """``fn()`` if it returns (or raises) within ``seconds``; else raise Abandoned and, once ``fn`` ends,
    call ``cleanup`` from its thread. ``stop`` asks a running ``fn`` to end; at interpreter exit it is
    called until every abandoned call that has one has ended (at most ``EXIT_WAIT_S``), so that no C++
    database code (DuckDB) is still running in a thread while Python shuts down. SQLite's C code needs no
    such wait. ``fn`` runs in a reused thread (named ``name`` while it runs)."""
    box: dict = {}
    done = threading.Event()
    ended = threading.Event()  # the call and, when abandoned, its cleanup are over (its runner lives on)
    lock = threading.Lock()
    state = {"abandoned": False}

    def work():
        me = threading.current_thread()
        me.name = name
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            box["error"] = exc
        with lock:
            abandoned = state["abandoned"]
            parked = not abandoned and _park(runner)  # before the caller goes on: its next call may take it
            done.set()
        if abandoned:
            if cleanup is not None:
                try:
                    cleanup()
                except Exception:
                    pass
            parked = _park(runner)  # only now: the abandoned call has ended
        me.name = "sqlintent-probe"
        ended.set()
        return parked

    runner = _take()
    runner.jobs.put(work)
    if not done.wait(max(0.0, seconds)):
        with lock:
            if not done.is_set():
                state["abandoned"] = True
                if stop is not None:
                    _abandoned.append((ended, stop))
                raise Abandoned(f"no answer within {seconds:.3f}s")
    if "error" in box:
        raise box["error"]
    return box["value"]


@atexit.register
def _wait_for_abandoned() -> None:
    end = time.monotonic() + EXIT_WAIT_S
    for ended, stop in list(_abandoned):
        while not ended.is_set() and time.monotonic() < end:
            if stop is not None:
                try:
                    stop()
                except Exception:
                    pass
            ended.wait(0.05)
