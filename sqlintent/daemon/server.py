"""The daemon's loop: accept a connection, run its request, answer, and exit after an idle spell.

Requests run one at a time, each as ``sqlintent <argv>`` in this process with the client's working directory
and environment put in place for the run and restored after it, stdout and stderr captured. What persists
between requests is what loads slowly and depends on nothing a request changes: imported libraries, the
question parser, the detector sessions (one per model setting, reloaded when the model file changes: the
daemon's :class:`sqlintent.workspace.detectors.Detectors`, handed to each request's ``check``) and the warm
``--jobs`` workers (:mod:`sqlintent.workspace.warm_pool`). Engines, database connections, configuration and
the persistent cache's connection are made afresh for each request, so an edited config file or database is
read as a new process would read it.
"""
from __future__ import annotations

import contextlib
import gc
import io
import os
import socket
import struct
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Callable

from sqlintent.cache.fingerprint import code_fingerprint
from sqlintent.daemon.protocol import MAX_REQUEST, DaemonError, receive, send

__all__ = ["serve", "IDLE_ENV", "DEFAULT_IDLE_S"]

IDLE_ENV = "SQLINTENT_DAEMON_IDLE"
DEFAULT_IDLE_S = 900.0
_LOCK_WAIT_S = 10.0
_TICK_S = 5.0  # how often an idle daemon checks that its socket file is still there
RUNNING = False  # true in the daemon process: ``check --daemon`` inside it must not forward again


def idle_seconds() -> float:
    try:
        value = float(os.environ.get(IDLE_ENV, DEFAULT_IDLE_S))
    except ValueError:
        return DEFAULT_IDLE_S
    return value if value > 0 else DEFAULT_IDLE_S


def _peer_ok(conn: socket.socket) -> bool:
    """Whether the peer runs as this user (Linux: SO_PEERCRED; elsewhere the 0700 directory guards)."""
    opt = getattr(socket, "SO_PEERCRED", None)
    if opt is None:
        return True
    try:
        _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, opt, struct.calcsize("3i")))
    except OSError:
        return False
    return uid == os.getuid()


def _take_lock(path: Path):
    """The daemon's lock file, held for its life; None when another daemon holds it and answers."""
    import fcntl

    handle = open(path.with_suffix(".lock"), "a")  # held until exit
    deadline = time.monotonic() + _LOCK_WAIT_S
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return handle
        except OSError:
            pass
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(path))
            handle.close()
            return None  # a daemon runs
        except OSError:
            if time.monotonic() > deadline:
                handle.close()
                return None
            time.sleep(0.05)
        finally:
            probe.close()


class Daemon:
    def __init__(self, path: Path, idle_s: float, runner: Callable[..., int]):
        self.path, self.idle_s = path, idle_s
        self.runner = runner  # sqlintent.commands.run, handed in by `sqlintent daemon run`
        self.inode = None
        self.fingerprint = code_fingerprint()
        self.started = time.time()
        self.served = 0
        self.run_lock = threading.Lock()  # the warm-up, then each request
        self.stopping = False
        self.detectors = None  # the detectors every request's engines share (set by serve)
        self.warm_pools = None  # the kept --jobs workers (sqlintent.workspace.warm_pool, set by serve)

    def warm(self) -> None:
        """Load what every check with the model needs, before the first request asks (holding the run lock,
        so a request waits for it rather than loading the same things beside it)."""
        from sqlintent.workspace.batch import load_model_stack

        with self.run_lock:
            load_model_stack()
            gc.collect()
            gc.freeze()  # the loaded libraries' objects live as long as the daemon: the collector skips them

    def handle(self, conn: socket.socket) -> None:
        conn.settimeout(30.0)  # to read the request; the run itself has no limit here
        message = receive(conn, MAX_REQUEST)
        conn.settimeout(None)
        op = message.get("op")
        if message.get("fingerprint") != self.fingerprint and op != "stop":
            self.stopping = True
            send(conn, {"stale": True})
            return
        if op == "status":
            send(conn, {"pid": os.getpid(), "started": self.started, "served": self.served,
                        "idle_s": self.idle_s, "fingerprint": self.fingerprint})
        elif op == "stop":
            self.stopping = True
            send(conn, {"stopped": os.getpid()})
        elif op == "run":
            argv, cwd, env = message.get("argv"), message.get("cwd"), message.get("env")
            if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv) and isinstance(cwd, str)
                    and isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                      for k, v in env.items())):
                send(conn, {"error": "malformed request"})
                return
            if not argv or argv[0] != "check":
                send(conn, {"error": "the daemon runs 'check' only"})
                return
            with self.run_lock:
                code, out, err = run_in_place(argv, cwd, env, self.detectors, runner=self.runner,
                                              warm_pools=self.warm_pools)
            self.served += 1
            send(conn, {"code": code, "stdout": out, "stderr": err})
        else:
            send(conn, {"error": f"unknown op {op!r}"})

    def still_ours(self) -> bool:
        """Whether the socket file is still the one this daemon bound (not deleted or replaced)."""
        try:
            return os.stat(self.path).st_ino == self.inode
        except OSError:
            return False

    def loop(self, listener: socket.socket) -> None:
        listener.settimeout(min(self.idle_s, _TICK_S))
        last = time.monotonic()
        while not self.stopping:
            try:
                conn, _ = listener.accept()
            except socket.timeout:
                if time.monotonic() - last >= self.idle_s or not self.still_ours():
                    return  # idle, or nobody can reach it any more
                continue
            last = time.monotonic()
            with conn:
                if not _peer_ok(conn):
                    continue
                try:
                    self.handle(conn)
                except (DaemonError, OSError) as exc:  # a client gone or malformed: the next one is served
                    print(f"sqlintent daemon: request failed: {exc}", file=sys.stderr, flush=True)
            last = time.monotonic()


def run_in_place(argv: list[str], cwd: str, env: dict[str, str], detectors=None, *,
                 runner: Callable[..., int], warm_pools=None) -> tuple[int, str, str]:
    """``runner(argv)`` (:func:`sqlintent.commands.run`: the daemon runs each command in place, never forwards)
    in this process with ``cwd`` and ``env`` in place: (exit status, stdout, stderr); its engines load their
    detector from ``detectors`` (the daemon's, kept between requests) when given, and its ``--jobs`` workers
    come from ``warm_pools`` (the daemon's, kept between requests) when given."""
    main = runner

    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    out, err = io.StringIO(), io.StringIO()
    try:
        os.chdir(cwd)
    except OSError as exc:
        return 2, "", f"sqlintent: error: cannot enter the working directory {cwd}: {exc.strerror or exc}\n"
    os.environ.clear()
    os.environ.update(env)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv, detectors=detectors, warm_pools=warm_pools)
            except SystemExit as exc:  # argparse's usage errors, --help
                if exc.code is None or isinstance(exc.code, int):
                    code = exc.code or 0
                else:
                    print(exc.code, file=sys.stderr)
                    code = 1
            except Exception:  # noqa: BLE001 - as a process of its own would print it, and the daemon lives on
                traceback.print_exc()
                code = 2
    finally:
        os.environ.clear()
        os.environ.update(saved_env)
        os.chdir(saved_cwd)
    return code, out.getvalue(), err.getvalue()


def serve(path: Path, runner: Callable[..., int], idle_s: float | None = None) -> int:
    """Run the daemon on ``path`` until it is idle for ``idle_s`` seconds, stopped, or its code changes; each
    request's command runs with ``runner`` (:func:`sqlintent.commands.run`, which the daemon never imports)."""
    global RUNNING
    RUNNING = True
    lock = _take_lock(path)
    if lock is None:
        return 0  # another daemon answers on this path
    daemon = Daemon(path, idle_s or idle_seconds(), runner)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()  # a socket left by a daemon that died
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    try:
        listener.bind(str(path))
    finally:
        os.umask(old)
    listener.listen(64)
    daemon.inode = os.stat(path).st_ino
    from sqlintent.workspace import warm_pool as pool
    from sqlintent.workspace.detectors import Detectors

    daemon.detectors = Detectors()  # kept for the daemon's life: each request's engines share them
    daemon.warm_pools = pool  # never fork this threaded process: each request's workers come from a fork server
    threading.Thread(target=daemon.warm, name="sqlintent-daemon-warm", daemon=True).start()
    print(f"sqlintent daemon {os.getpid()} on {path} (idle exit after {daemon.idle_s:.0f} s)",
          file=sys.stderr, flush=True)
    try:
        daemon.loop(listener)
    finally:
        listener.close()
        with contextlib.suppress(OSError):
            if daemon.still_ours():
                path.unlink()
        pool.shutdown()
        lock.close()
    return 0
