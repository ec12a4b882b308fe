"""The ``check`` side of the daemon: forward a command line, print the answer, return its exit status.

Imports nothing heavy: it runs before the engine would load. Any failure to reach the daemon returns None
and the caller checks in its own process (after one line on stderr saying why).
"""
from __future__ import annotations

import os
import re
import socket
import stat
import sys
import time
from pathlib import Path

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
    message = {"op": "run", "argv": _command_line(argv), "cwd": os.getcwd(), "env": daemon_environment(argv)}
    try:
        answer = request(message, start=True)
    except DaemonError as exc:
        from sqlintent.escape import safe_text

        print(f"sqlintent: note: the daemon is unavailable ({safe_text(exc)}); checking in this process",
              file=sys.stderr)
        return None
    _write(sys.stdout, answer.get("stdout", ""))
    _write(sys.stderr, answer.get("stderr", ""))
    code = answer.get("code", 2)
    return code if isinstance(code, int) else 2


# what a check reads from the environment: sqlintent's own settings, libpq's and dbt's, CI and terminal hints,
# the locale, where the caches and configs are; plus every variable a `database = "env:NAME"` (or --db) names
_ENV_PREFIXES = ("SQLINTENT_", "PG", "DBT_", "LC_", "XDG_")
_ENV_NAMES = frozenset({"CI", "GITHUB_ACTIONS", "NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS", "LINES", "HOME",
                        "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "PATH", "TMPDIR", "VIRTUAL_ENV", "PYTHONPATH",
                        "SSL_CERT_FILE", "SSL_CERT_DIR", "MALLOC_ARENA_MAX"})
_ENV_REF = re.compile(r"env:([A-Za-z_][A-Za-z0-9_]*)")


def _named_in_configs(argv: list[str]) -> set[str]:
    """The variables ``env:NAME`` names on the command line and in the config files from here upward."""
    names = set(_ENV_REF.findall(" ".join(argv)))
    d = Path.cwd()
    for folder in (d, *d.parents):
        for name in ("sqlintent.toml", ".sqlintent.toml", "pyproject.toml"):
            try:
                names.update(_ENV_REF.findall((folder / name).read_text(encoding="utf-8", errors="replace")[:1 << 20]))
            except OSError:
                pass
    return names


def daemon_environment(argv: list[str]) -> dict[str, str]:
    """The part of the environment a check needs (the daemon runs with exactly this): see the names above."""
    extra = _named_in_configs(argv)
    return {k: v for k, v in os.environ.items()
            if k in _ENV_NAMES or k in extra or k.startswith(_ENV_PREFIXES)}


def _socket_ok(path) -> None:
    """Refuse (DaemonError) a socket, or a folder, that another user could have put there or may replace:
    before anything is sent, the folder must be the user's and 0700, the socket the user's and writable by
    nobody else. A missing socket is fine (a daemon is started)."""
    folder = os.lstat(path.parent)
    if folder.st_uid != os.getuid() or stat.S_IMODE(folder.st_mode) & 0o077:
        raise DaemonError(f"{path.parent} is not private to this user (mode {stat.S_IMODE(folder.st_mode):o}, "
                          f"owner uid {folder.st_uid}); nothing was sent")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid() or st.st_mode & 0o022:
        raise DaemonError(f"{path} is not this user's private socket (mode {stat.S_IMODE(st.st_mode):o}, owner "
                          f"uid {st.st_uid}); nothing was sent")


def _write(stream, text: str) -> None:
    if not text:
        return
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        pass


def _connect(path) -> socket.socket | None:
    _socket_ok(path)
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
