"""The ``check`` side of the daemon: forward a command line, print the answer, return its exit status.

Imports nothing heavy: it runs before the engine would load. Any failure to reach the daemon returns None
and the caller checks in its own process (after one line on stderr saying why).
"""
from __future__ import annotations

import os
import socket
import sys
import time

from sqlintent.cache.fingerprint import code_fingerprint
from sqlintent.daemon.protocol import DaemonError, receive, send, socket_path

__all__ = ["wanted", "forward", "request", "ensure_started"]

START_TIMEOUT_S = 60.0  # a cold start imports spaCy and ONNX Runtime: seconds on a slow machine
_TRUE = ("1", "true", "yes", "on")


def wanted(argv: list[str]) -> bool:
    """Whether this ``check`` command line goes to the daemon: ``--daemon`` or ``SQLINTENT_DAEMON=1``, and
    not ``--no-daemon``, and no stdin (``-``, or ``--stdin-filename``) to read."""
    if "--no-daemon" in argv:
        return False
    if "--daemon" not in argv and os.environ.get("SQLINTENT_DAEMON", "").strip().lower() not in _TRUE:
        return False
    # stdin is read here, not in the daemon: '-', or --stdin-filename with no path (which means '-')
    return "-" not in argv and not any(a == "--stdin-filename" or a.startswith("--stdin-filename=") for a in argv)


def _command_line(argv: list[str]) -> list[str]:
    out = [a for a in argv if a not in ("--daemon", "--no-daemon")]
    given_color = any(a == "--color" or a.startswith("--color=") for a in out)
    if not given_color and sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
        out.append("--color=always")  # the daemon's stdout is not this terminal
    return out


def forward(argv: list[str]) -> int | None:
    """Run ``sqlintent <argv>`` in the daemon (started when none runs): its exit status, or None when the
    daemon cannot be used."""
    if not hasattr(socket, "AF_UNIX"):
        print("sqlintent: note: --daemon needs Unix sockets; checking in this process", file=sys.stderr)
        return None
    message = {"op": "run", "argv": _command_line(argv), "cwd": os.getcwd(), "env": dict(os.environ)}
    try:
        answer = request(message, start=True)
    except DaemonError as exc:
        print(f"sqlintent: note: the daemon is unavailable ({exc}); checking in this process", file=sys.stderr)
        return None
    _write(sys.stdout, answer.get("stdout", ""))
    _write(sys.stderr, answer.get("stderr", ""))
    code = answer.get("code", 2)
    return code if isinstance(code, int) else 2


def _write(stream, text: str) -> None:
    if not text:
        return
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        pass


def _connect(path) -> socket.socket | None:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(str(path))
    except (FileNotFoundError, ConnectionRefusedError):
        s.close()
        return None
    except OSError as exc:
        s.close()
        raise DaemonError(f"cannot connect to {path}: {exc.strerror or exc}") from exc
    return s


def _exchange(sock: socket.socket, message: dict) -> dict:
    try:
        send(sock, message)
        return receive(sock)
    except OSError as exc:
        raise DaemonError(f"the daemon closed the connection ({exc.strerror or exc})") from exc
    finally:
        sock.close()


def request(message: dict, start: bool = False) -> dict:
    """Send one message to the daemon and return its answer. With ``start``, a daemon is started when
    none answers, and a daemon running other code (its fingerprint differs) is replaced."""
    path = socket_path()
    message = dict(message, fingerprint=code_fingerprint())
    for _attempt in range(2):
        sock = _connect(path)
        if sock is None:
            if not start:
                raise DaemonError("no daemon is running")
            sock = ensure_started(path)
        answer = _exchange(sock, message)
        if not answer.get("stale"):
            if "error" in answer:
                raise DaemonError(str(answer["error"]))
            return answer
        if not start:
            raise DaemonError("the daemon runs other code (it exits now)")
        _wait_gone(path)
    raise DaemonError("the daemon was replaced but the new one runs other code too")


def ensure_started(path) -> socket.socket:
    """Start a daemon for ``path`` (detached, its log beside the socket) and connect to it."""
    import subprocess

    log = open(path.with_suffix(".log"), "ab")  # handed to the child
    try:
        # two malloc arenas: a resident process with many threads otherwise keeps one arena per thread
        # (the daemon's resident set after the benchmark corpus: 252 MB against 262 MB)
        env = dict(os.environ)
        env.setdefault("MALLOC_ARENA_MAX", "2")
        subprocess.Popen([sys.executable, "-m", "sqlintent", "daemon", "run", "--socket", str(path)],
                         stdin=subprocess.DEVNULL, stdout=log, stderr=log, close_fds=True,
                         start_new_session=True, cwd=str(path.parent), env=env)
    except OSError as exc:
        raise DaemonError(f"cannot start the daemon: {exc}") from exc
    finally:
        log.close()
    deadline = time.monotonic() + START_TIMEOUT_S
    delay = 0.01
    while time.monotonic() < deadline:
        sock = _connect(path)
        if sock is not None:
            return sock
        time.sleep(delay)
        delay = min(0.1, delay * 2)
    raise DaemonError(f"the daemon did not start within {START_TIMEOUT_S:.0f} s (see {path.with_suffix('.log')})")


def _wait_gone(path, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and os.path.exists(path):
        time.sleep(0.02)
