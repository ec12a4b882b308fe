"""The probes' deadline (sqlintent.db.deadline): answers in time, gives up at the deadline, cleans up after
an abandoned call, and reuses its threads (a repository's check runs thousands of probes)."""
import os
import threading
import time

import pytest

from sqlintent.db.deadline import Abandoned, call_with_deadline


def _probe_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("sqlintent-")]


def test_the_value_and_the_error_of_a_call_come_back():
    assert call_with_deadline(lambda: 42, 1.0) == 42
    with pytest.raises(ZeroDivisionError):
        call_with_deadline(lambda: 1 / 0, 1.0)


def test_the_call_runs_in_a_thread_named_as_asked():
    assert call_with_deadline(lambda: threading.current_thread().name, 1.0, name="sqlintent-x") == "sqlintent-x"
    assert call_with_deadline(lambda: threading.current_thread() is threading.main_thread(), 1.0) is False


def test_many_calls_leave_few_threads_behind():
    for i in range(300):
        assert call_with_deadline(lambda i=i: i * 2, 1.0) == i * 2
    assert len(_probe_threads()) <= 5


def test_a_call_past_its_deadline_is_abandoned_and_cleaned_up_when_it_ends():
    release = threading.Event()
    cleaned = threading.Event()
    started = time.monotonic()
    with pytest.raises(Abandoned):
        call_with_deadline(lambda: release.wait(10), 0.2, cleanup=cleaned.set)
    assert time.monotonic() - started < 2.0
    # the stuck call does not hold up the next one
    assert call_with_deadline(lambda: "next", 1.0) == "next"
    assert not cleaned.is_set()
    release.set()
    assert cleaned.wait(5), "the abandoned call's cleanup did not run once it ended"
    # and its thread serves calls again afterwards
    for _ in range(20):
        assert call_with_deadline(lambda: 1, 1.0) == 1
    assert len(_probe_threads()) <= 5


def test_calls_from_several_threads_get_their_own_answers():
    out: dict[int, int] = {}

    def caller(k: int):
        for j in range(50):
            v = call_with_deadline(lambda: (k, j), 2.0)
            assert v == (k, j)
        out[k] = k

    threads = [threading.Thread(target=caller, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert out == {0: 0, 1: 1, 2: 2, 3: 3}


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_does_not_wait_on_its_parents_threads():
    """Run in a fresh interpreter: a fork from the test process would inherit whatever locks the suite's
    other threads hold at that moment, which is not what this checks."""
    import subprocess
    import sys

    script = """
import os
from sqlintent.db.deadline import call_with_deadline
call_with_deadline(lambda: 1, 1.0)  # leaves an idle thread in this process, which a child lacks
pid = os.fork()
if pid == 0:  # the child: a call must be answered, not handed to a thread that is not there
    code = 1
    try:
        code = 0 if call_with_deadline(lambda: 7, 3.0) == 7 else 2
    finally:
        os._exit(code)
_, status = os.waitpid(pid, 0)
raise SystemExit(0 if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else 1)
"""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    proc = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_at_exit_the_wait_for_abandoned_calls_ends_when_they_have_ended():
    """At exit, an abandoned call that can be stopped is asked to stop until it has ended (DuckDB's C++ must
    not run while Python shuts down); its thread lives on as an idle runner, which must not hold exit up."""
    from sqlintent.db import deadline

    release = threading.Event()
    asked: list[int] = []

    def stop():
        asked.append(1)
        release.set()

    with pytest.raises(Abandoned):
        call_with_deadline(lambda: release.wait(30), 0.1, stop=stop)
    waiter = threading.Thread(target=deadline._wait_for_abandoned, daemon=True)
    waiter.start()
    waiter.join(20)  # the whole wait is at most EXIT_WAIT_S (60 s): ending here means it saw the call end
    assert not waiter.is_alive(), "the exit wait went on after the abandoned call had ended"
    assert asked and release.is_set()
    deadline._abandoned.clear()
