"""run_bounded counts the worker thread's CPU time, with a wall-clock backstop for a call that is blocked.

Whether a statement is checked must not depend on how loaded the machine is: a computing call is stopped
by its CPU budget (however much wall time a busy machine takes to give it that CPU), a blocked one (no CPU
used) by the backstop. Budgets here are small; nothing asserts how long anything took.
"""
from __future__ import annotations

import threading
import time

import pytest

from sqlintent.limits import bounded
from sqlintent.limits.bounded import DeadlineExceeded, paused, run_bounded

pytestmark = pytest.mark.skipif(bounded._thread_cpu_clock() is None, reason="no per-thread CPU clock here")


def _spin():
    while True:
        pass


def _blocked():
    while True:
        time.sleep(0.005)


def test_a_computing_call_is_stopped_by_its_cpu_budget():
    with pytest.raises(DeadlineExceeded) as info:
        run_bounded(_spin, 0.2, wall_s=600)  # a backstop it cannot reach first
    assert info.value.clock == "cpu"
    assert str(info.value) == "ran past 0.2 s of CPU time"


def test_a_blocked_call_is_stopped_by_the_wall_clock_backstop():
    with pytest.raises(DeadlineExceeded) as info:
        run_bounded(_blocked, 60, wall_s=0.3)  # sleeping uses no CPU: only the backstop stops it
    assert info.value.clock == "wall"
    assert str(info.value) == "ran past 0.3 s of wall-clock time"


def test_the_backstop_defaults_to_a_multiple_of_the_budget(monkeypatch):
    monkeypatch.setattr(bounded, "WALL_BACKSTOP_FACTOR", 3)
    with pytest.raises(DeadlineExceeded) as info:
        run_bounded(_blocked, 0.1)
    assert (info.value.clock, info.value.seconds) == ("wall", pytest.approx(0.3))


def test_cpu_used_while_paused_is_not_charged():
    def work():
        with paused():  # the model, a probe: more CPU than the whole budget
            start = time.thread_time()
            while time.thread_time() - start < 0.4:
                pass
        return "done"

    assert run_bounded(work, 0.2, wall_s=600) == "done"


def test_a_worker_stays_usable_after_a_stopped_call():
    with pytest.raises(DeadlineExceeded):
        run_bounded(_spin, 0.1, wall_s=600)
    assert run_bounded(lambda: threading.current_thread().name, 5) == "sqlintent-bounded"


def test_an_interrupt_swallowed_by_a_callback_prints_nothing():
    """The long fuzz runs printed "Exception ignored in: <function gc_callback ...> ... Interrupted" when a
    deadline's interrupt landed in a gc callback (run_bounded sends it again): a user's terminal must not
    get that. Other exceptions a callback cannot raise are still printed."""
    import subprocess
    import sys

    code = (
        "import sqlintent.limits.bounded as b\n"
        "class Gone:\n"
        "    def __init__(self, exc): self.exc = exc\n"
        "    def __del__(self): raise self.exc\n"
        "Gone(b.Interrupted())\n"
        "Gone(ValueError('a real problem'))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Interrupted" not in proc.stderr
    assert "ValueError: a real problem" in proc.stderr
