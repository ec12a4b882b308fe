"""The progress bar of `sqlintent check`, as a user sees it in a terminal.

The CLI runs for real with its stderr on a pseudo-terminal (stdout stays a pipe, as when findings are
piped on); what the terminal shows is replayed through a tiny terminal model (carriage return, newline,
auto-wrap at the terminal's width), so the tests say what is left on the screen, not which bytes were sent.
"""
from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest

from conftest import run_cli

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals as on Linux")

SCHEMA = "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER, total REAL);\n"
BAR = re.compile(rb"\[[#.]{30}\] (\d+)/(\d+)")
# Restore Python's own Ctrl-C handling in the child: a test runner started in the background inherits
# SIGINT ignored, and Python keeps it ignored.
INTERRUPTIBLE = ("import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
                 "sys.argv[0] = 'sqlintent'; runpy.run_module('sqlintent', run_name='__main__')")


def _workspace(root: Path, n: int) -> Path:
    (root / "schema.sql").write_text(SCHEMA)
    q = root / "q"
    q.mkdir()
    for i in range(1, n + 1):
        (q / f"f{i:03d}.sql").write_text(f"-- intent: the total of order {i}\n"
                                         f"SELECT totl FROM orders WHERE id = {i};\n")
    return root


def _child_env() -> dict:
    env = dict(os.environ)
    for name in ("CI", "NO_COLOR", "COLUMNS", "LINES"):
        env.pop(name, None)
    return env


def run_in_terminal(*args: str, cwd: Path, columns: int = 80, stdin: bytes | None = None,
                    interrupt_at: bytes | None = None, timeout: float = 180):
    """Run `sqlintent ARGS` with stderr on a pseudo-terminal COLUMNS wide and stdout on a pipe.

    Returns (exit status, stdout bytes, the bytes the terminal received). ``interrupt_at``: send Ctrl-C
    (SIGINT) once the terminal has received these bytes; stdin then stays open, so the run cannot end alone.
    """
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    cmd = [sys.executable, "-c", INTERRUPTIBLE, *args] if interrupt_at else [sys.executable, "-m", "sqlintent", *args]
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, env=_child_env(), stdout=subprocess.PIPE, stderr=slave,
                                stdin=subprocess.DEVNULL if stdin is None and not interrupt_at else subprocess.PIPE)
    finally:
        os.close(slave)
    received = bytearray()
    seen = threading.Event()

    def read_terminal():
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: every writer of the terminal has gone
                break
            if not chunk:
                break
            received.extend(chunk)
            if interrupt_at and interrupt_at in received:
                seen.set()
        seen.set()

    reader = threading.Thread(target=read_terminal, daemon=True)
    reader.start()
    try:
        if stdin is not None:
            proc.stdin.write(stdin)
            proc.stdin.close()
        if interrupt_at:
            assert seen.wait(timeout), bytes(received)
            # A SIGINT that lands just before the child enters its blocking read only sets Python's flag,
            # and the read then waits on; a repeated Ctrl-C always gets through (as for a user).
            for _ in range(10):
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=10)
                    break
                except subprocess.TimeoutExpired:
                    pass
            else:
                proc.kill()
        out = proc.stdout.read()
        proc.wait(timeout=timeout)
        reader.join(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stdin and not proc.stdin.closed:
            proc.stdin.close()
        proc.stdout.close()
        os.close(master)
    return proc.returncode, out, bytes(received)


def screen(data: bytes, columns: int = 80) -> tuple[list[str], tuple[int, int]]:
    """What a COLUMNS-wide terminal shows after DATA: its rows (right-trimmed, trailing blank rows dropped)
    and the cursor (row, column). Models CR, LF and auto-wrap with the usual deferred wrap at the last column."""
    text = data.decode("utf-8")
    assert "\x1b" not in text, "escape sequences are not modelled"
    rows: list[list[str]] = [[]]
    r = c = 0
    pending_wrap = False
    for ch in text:
        if ch == "\r":
            c, pending_wrap = 0, False
        elif ch == "\n":
            r, pending_wrap = r + 1, False
        else:
            if pending_wrap:
                r, c, pending_wrap = r + 1, 0, False
            while len(rows) <= r:
                rows.append([])
            row = rows[r]
            row.extend(" " * (c + 1 - len(row)))
            row[c] = ch
            if c == columns - 1:
                pending_wrap = True
            else:
                c += 1
        while len(rows) <= r:
            rows.append([])
    lines = ["".join(row).rstrip() for row in rows]
    while lines and not lines[-1]:
        lines.pop()
    return lines, (r, c)


def counts(data: bytes) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in BAR.findall(data)]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    return _workspace(tmp_path_factory.mktemp("progress"), 30)


@pytest.fixture(scope="module")
def piped(workspace):
    """The same run with stderr a pipe: what a script or CI sees."""
    proc = run_cli("check", "q", "--schema", "schema.sql", "--no-model", cwd=workspace)
    assert proc.returncode == 1, proc.stderr
    return proc


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_terminal_shows_progress_to_the_last_file_then_clears_it(workspace, piped, jobs):
    rc, out, term = run_in_terminal("check", "q", "--schema", "schema.sql", "--no-model", "--jobs", jobs,
                                    cwd=workspace)
    assert rc == 1, term
    assert counts(term) == [(k, 30) for k in range(1, 31)], term  # every file, in order, up to 30/30
    assert b"[" + b"#" * 30 + b"] 30/30 q/f030.sql" in term
    rows, cursor = screen(term)
    assert rows == [] and cursor == (0, 0), (rows, cursor)  # nothing left behind for the summary to follow
    # stdout is untouched by the bar: byte for byte what a non-terminal run prints
    assert out.decode() == piped.stdout
    assert out.decode().splitlines()[-1] == "Found 30 findings (30 errors) in 30 files."
    assert b"\r" not in out and not BAR.search(out)


def test_no_progress_when_stderr_is_not_a_terminal(piped):
    assert piped.stderr == ""
    assert "\r" not in piped.stdout and not BAR.search(piped.stdout.encode())


def test_no_progress_when_stderr_is_not_a_terminal_with_jobs(workspace, piped):
    proc = run_cli("check", "q", "--schema", "schema.sql", "--no-model", "--jobs", "2", cwd=workspace)
    assert proc.returncode == 1
    assert proc.stderr == ""
    assert proc.stdout == piped.stdout


@pytest.mark.parametrize("target", ["q/f001.sql", "one"])
def test_one_file_draws_no_bar_even_on_a_terminal(workspace, target):
    one = workspace / "one"
    one.mkdir(exist_ok=True)
    (one / "only.sql").write_text("SELECT total FROM orders;\n")
    rc, out, term = run_in_terminal("check", target, "--schema", "schema.sql", "--no-model", "--jobs", "2",
                                    cwd=workspace)
    assert term == b""
    assert rc in (0, 1) and out.decode().strip()


def test_json_output_stays_clean_while_the_terminal_shows_progress(workspace):
    rc, out, term = run_in_terminal("check", "q", "--schema", "schema.sql", "--no-model", "--format", "json",
                                    cwd=workspace)
    piped = run_cli("check", "q", "--schema", "schema.sql", "--no-model", "--format", "json", cwd=workspace)
    assert rc == piped.returncode == 1
    assert out.decode() == piped.stdout  # the bar goes to stderr only; stdout is the JSON document alone
    doc = json.loads(out)
    assert len(doc["files"]) == 30 and doc["summary"]["findings"] == 30
    assert counts(term)[-1] == (30, 30)  # --format does not switch the bar off; it stays on stderr
    assert screen(term) == ([], (0, 0))


@pytest.mark.parametrize("columns", [80, 60])
def test_bar_fits_the_terminal_so_redraws_never_pile_up(tmp_path, columns):
    # 120 files: "120/120" makes the line longer than with 30; a line as wide as the terminal wraps, and
    # each redraw would then start a fresh row, leaving a trail of stale bars on the screen
    ws = _workspace(tmp_path, 120)
    rc, out, term = run_in_terminal("check", "q", "--schema", "schema.sql", "--no-model", cwd=ws,
                                    columns=columns)
    assert rc == 1
    assert counts(term)[-1] == (120, 120)
    assert max(len(seg) for seg in term.split(b"\r")) < columns
    assert screen(term, columns) == ([], (0, 0))
    assert out.decode().splitlines()[-1] == "Found 120 findings (120 errors) in 120 files."


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_stdin_counts_as_one_more_file(workspace, jobs):
    rc, out, term = run_in_terminal("check", "q", "-", "--stdin-filename", "typed.sql", "--schema", "schema.sql",
                                    "--no-model", "--jobs", jobs, cwd=workspace,
                                    stdin=b"-- intent: every total\nSELECT totl FROM orders;\n")
    assert rc == 1
    assert counts(term)[-1] == (31, 31), term
    assert screen(term) == ([], (0, 0))
    assert "typed.sql:2:8: SIS003" in out.decode()


def test_ctrl_c_clears_the_bar_before_saying_interrupted(workspace):
    # the 30 files are checked, then the run waits on stdin (left open): Ctrl-C lands there, mid-run
    rc, out, term = run_in_terminal("check", "q", "-", "--schema", "schema.sql", "--no-model", cwd=workspace,
                                    interrupt_at=b"30/31")
    assert rc == 2
    rows, cursor = screen(term)
    assert rows == ["sqlintent: interrupted"] and cursor == (1, 0), (rows, term[-300:])
    assert out == b""
