"""A deadline that holds even when the database cannot be interrupted.

SQLite's progress handler and DuckDB's ``interrupt()`` act between steps; one long function call (a huge
``instr`` or ``replace``) can run past them. :func:`call_with_deadline` runs the query in a worker thread
and gives up on it at the deadline: the caller gets its answer in time, the connection is abandoned (its
owner opens a fresh one), and the worker closes the old connection when the query finally ends.
"""
from __future__ import annotations

import atexit
import threading
import time
from typing import Callable, TypeVar

T = TypeVar("T")
GRACE_S = 0.02  # after the database's own timeout, before the probe is abandoned


EXIT_WAIT_S = 60.0  # at exit, how long abandoned calls are stopped and waited for

_abandoned: list[tuple[threading.Thread, Callable[[], None] | None]] = []


class Abandoned(TimeoutError):
    """The call did not return by its deadline; it goes on in its thread, which cleans up after it."""


def call_with_deadline(fn: Callable[[], T], seconds: float, *, cleanup: Callable[[], None] | None = None,
                       stop: Callable[[], None] | None = None, name: str = "sqlintent-probe") -> T:
    """``fn()`` if it returns (or raises) within ``seconds``; else raise Abandoned and, once ``fn`` ends,
    call ``cleanup`` from its thread. ``stop`` asks a running ``fn`` to end; at interpreter exit it is
    called until every abandoned call that has one has ended (at most ``EXIT_WAIT_S``), so that no C++
    database code (DuckDB) is still running in a thread while Python shuts down. SQLite's C code needs no
    such wait."""
    box: dict = {}
    done = threading.Event()
    lock = threading.Lock()
    state = {"abandoned": False}

    def work():
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            box["error"] = exc
        with lock:
            done.set()
            abandoned = state["abandoned"]
        if abandoned and cleanup is not None:
            try:
                cleanup()
            except Exception:
                pass

    worker = threading.Thread(target=work, name=name, daemon=True)
    worker.start()
    if not done.wait(max(0.0, seconds)):
        with lock:
            if not done.is_set():
                state["abandoned"] = True
                if stop is not None:
                    _abandoned.append((worker, stop))
                raise Abandoned(f"no answer within {seconds:.3f}s")
    if "error" in box:
        raise box["error"]
    return box["value"]


@atexit.register
def _wait_for_abandoned() -> None:
    end = time.monotonic() + EXIT_WAIT_S
    for worker, stop in list(_abandoned):
        while worker.is_alive() and time.monotonic() < end:
            if stop is not None:
                try:
                    stop()
                except Exception:
                    pass
            worker.join(0.05)
