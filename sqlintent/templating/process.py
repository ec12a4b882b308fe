"""Rendering in a child process with limits: the checker's side of :mod:`.worker`.

A template is hostile input, and Jinja's sandbox stops what a template may *reach*, not how long it runs
or how much memory it takes. So every render (the built-in templater's, macro files' top-level code
included, and the alignment of dbt's compiled SQL) runs in a separate Python process that holds
nothing of the checker's (a minimal environment, no database connection, no file writes) and is stopped
by three limits, each reported as the file's template error (SIT001, "the file was not checked"):

- ``CPU_LIMIT_S`` seconds of CPU time per render (``RLIMIT_CPU``: the kernel stops it, even inside one
  long C call such as a huge ``**``);
- ``MEMORY_LIMIT`` bytes of address space above what the process has when it starts (``RLIMIT_AS``:
  ``center(1500000000)`` gets a MemoryError);
- ``TIME_LIMIT_S`` seconds of wall-clock time per render: the checker kills the process (SIGKILL).

A caller may also stop a render early (:func:`stop_when`: the language server does when the document
changes while it renders); the process is killed then too. The process is reused for the next file (one
per thread that renders at once, up to ``MAX_IDLE`` kept waiting), and replaced after a limit was hit,
after ``LIFETIME_CPU_S`` seconds of CPU time in all, or in a forked child of the checker (a pool worker
never shares its parent's).
"""
from __future__ import annotations

import atexit
import json
import os
import struct
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from sqlintent.templating.jinja import TemplateError

CPU_LIMIT_S = 10  # CPU seconds per render (models render in milliseconds)
TIME_LIMIT_S = 20.0  # wall-clock seconds per render: then the process is killed
MEMORY_LIMIT = 1024 * 1024 * 1024  # bytes of address space a render may add to the process's own
LIFETIME_CPU_S = 600  # CPU seconds one process serves before it is replaced
START_TIMEOUT_S = 60.0  # for the process to start (a loaded machine)
MAX_IDLE = 2  # processes kept waiting for the next render
MAX_ANSWER = 64 * 1024 * 1024  # bytes of one answer (rendered SQL is at most 4 million characters)
_START = ("import sys; sys.path.insert(0, {root!r}); from sqlintent.templating.worker import main; "
          "main({memory}, {lifetime})")


class _Stopped(Exception):
    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def _true(predicate) -> bool:
    try:
        return bool(predicate())
    except Exception:  # noqa: BLE001 - a broken predicate stops nothing
        return False


class _Worker:
    def __init__(self) -> None:
        root = str(Path(__file__).resolve().parents[2])  # the sqlintent the checker runs, whatever sys.path says
        env = {"PATH": os.defpath}
        if sys.platform == "win32":
            env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", "")
        start = _START.format(root=root, memory=MEMORY_LIMIT, lifetime=LIFETIME_CPU_S)
        self.proc = subprocess.Popen(
            [sys.executable, "-E", "-B", "-c", start],  # -E: no PYTHON* variables; -B: no .pyc writes
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
            cwd=os.path.abspath(os.sep), close_fds=True, start_new_session=True)
        self.pid = os.getpid()  # the checker process that started it
        self.cpu = 0.0
        self.started = False

    def ask(self, request: dict, deadline: float, stopped) -> dict:
        """The answer to ``request``; raises _Stopped (the process is then dead or to be killed)."""
        if not self.started:  # it says it is ready (imported, limits set) with an empty message
            self._read(4, time.monotonic() + START_TIMEOUT_S, stopped, starting=True)
            self.started = True
            deadline = max(deadline, time.monotonic() + TIME_LIMIT_S)
        body = json.dumps(request).encode("ascii")
        try:
            self.proc.stdin.write(struct.pack(">I", len(body)) + body)
            self.proc.stdin.flush()
        except OSError:  # BrokenPipeError: it had ended before this request
            raise _Stopped("gone") from None
        size = struct.unpack(">I", self._read(4, deadline, stopped))[0]
        if size > MAX_ANSWER:
            raise _Stopped("answer")
        try:
            answer = json.loads(self._read(size, deadline, stopped))
        except ValueError:
            raise _Stopped("answer") from None
        if not isinstance(answer, dict):
            raise _Stopped("answer")
        cpu = answer.get("cpu")
        self.cpu = float(cpu) if isinstance(cpu, (int, float)) else LIFETIME_CPU_S
        return answer

    def _read(self, n: int, deadline: float, stopped, starting: bool = False) -> bytes:
        import selectors

        fd = self.proc.stdout.fileno()
        data = bytearray()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while len(data) < n:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise _Stopped("start" if starting else "time")
                if stopped is not None and _true(stopped):
                    raise _Stopped("cancelled")
                if not sel.select(min(left, 0.05)):
                    continue
                chunk = os.read(fd, min(n - len(data), 1 << 20))
                if not chunk:
                    raise _Stopped("start" if starting else "died")
                data += chunk
        return bytes(data)

    def kill(self) -> int | None:
        """Stop the process; its exit status (negative: the signal that ended it)."""
        if self.proc.poll() is None:
            try:
                self.proc.kill()
            except OSError:
                pass
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        try:
            return self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return None

    def ended(self) -> int | None:
        """The exit status of a process that ended by itself (waits a moment for it)."""
        try:
            return self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return None


_idle: list[_Worker] = []
_lock = threading.Lock()
_local = threading.local()


def _forget_after_fork() -> None:
    global _lock
    _idle.clear()  # the parent's processes: not ours to talk to (nor to kill)
    _lock = threading.Lock()  # another thread of the parent may have held it at the fork


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)
atexit.register(lambda: shutdown())


@contextmanager
def stop_when(predicate):
    """Within the block, a render on this thread is stopped (and its process killed) as soon as
    ``predicate()`` is true; it is asked every 50 ms."""
    previous = getattr(_local, "stopped", None)
    _local.stopped = predicate
    try:
        yield
    finally:
        _local.stopped = previous


def _take() -> _Worker:
    with _lock:
        while _idle:
            worker = _idle.pop()
            if worker.proc.poll() is None:
                return worker
            worker.kill()  # ended while it waited: its pipes closed
    return _Worker()


def _give_back(worker: _Worker) -> None:
    if worker.cpu + CPU_LIMIT_S > LIFETIME_CPU_S:
        worker.kill()
        return
    with _lock:
        if len(_idle) < MAX_IDLE and worker.pid == os.getpid():
            _idle.append(worker)
            return
    worker.kill()


def shutdown() -> None:
    """Stop the waiting processes (they also stop by themselves when the checker exits)."""
    with _lock:
        workers = list(_idle)
        _idle.clear()
    for worker in workers:
        worker.kill()


def _why(reason: str, status: int | None) -> str:
    import signal

    if reason == "time":
        return f"rendering ran past its time limit ({TIME_LIMIT_S:g} s), and was stopped"
    if reason == "cancelled":
        return "rendering stopped: the document changed"
    if reason == "memory":
        return f"rendering ran past its memory limit ({MEMORY_LIMIT // (1024 * 1024)} MB), and was stopped"
    if status is not None and status == -getattr(signal, "SIGXCPU", 24):
        return f"rendering ran past its CPU time limit ({CPU_LIMIT_S} s), and was stopped"
    if reason == "start":
        return "the render process could not start"
    if reason == "answer":
        return "the render process gave a malformed answer"
    if status is not None and status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = str(-status)
        return f"the render process was stopped by {name}"
    return f"the render process ended unexpectedly (status {status})"


def call(request: dict) -> dict:
    """Send ``request`` to a render process; its answer (``ok`` true), or raises TemplateError naming the
    limit that stopped the render."""
    request = dict(request, cpu_s=CPU_LIMIT_S)
    stopped = getattr(_local, "stopped", None)
    for attempt in range(2):
        try:
            worker = _take()
        except OSError as exc:
            raise TemplateError(f"the render process could not start: {exc}") from None
        try:
            answer = worker.ask(request, time.monotonic() + TIME_LIMIT_S, stopped)
        except _Stopped as stop:
            status = worker.ended() if stop.why in ("died", "gone", "start") else None
            worker.kill()
            if stop.why == "gone" and attempt == 0:
                continue  # it had ended while it waited: once more, with a new one
            raise TemplateError(_why(stop.why, status)) from None
        except BaseException:  # KeyboardInterrupt while it renders: it must not outlive the wait
            worker.kill()
            raise
        if answer.get("memory"):
            worker.kill()
            raise TemplateError(_why("memory", None))
        _give_back(worker)
        if not answer.get("ok"):
            offset = answer.get("offset")
            raise TemplateError(str(answer.get("error") or "template error"),
                                offset if isinstance(offset, int) else None)
        return answer
    raise TemplateError(_why("died", None))


def render_jinja(text: str, project, model: str, tables: set[str] | None, max_bytes: int | None = None):
    """(rendered SQL, source map) of ``text`` by the built-in templater, in a render process; a rendered SQL
    over ``max_bytes`` (UTF-8) raises TemplateError instead."""
    request = {"op": "jinja", "text": text, "model": model, "root": None, "max_bytes": max_bytes}
    if project is not None:
        request.update(root=str(project.root), loaded=project.loaded, serial=project.serial,
                       tables=sorted(tables) if tables is not None else None)
    answer = call(request)
    _hold(answer.get("rendered"), max_bytes)
    return answer["rendered"], _source_map(answer, len(text))


def _hold(rendered, max_bytes: int | None) -> None:
    """Raise TemplateError when ``rendered`` is over ``max_bytes`` (rendered SQL is held to max_file_size)."""
    if isinstance(rendered, str) and max_bytes is not None and len(rendered) > max_bytes // 4:
        size = len(rendered.encode("utf-8", "replace"))
        if size > max_bytes:
            from sqlintent.templating.worker import too_large

            raise TemplateError(too_large(size, max_bytes))


def align(text: str, rendered: str, max_bytes: int | None = None):
    """The source map of ``rendered`` (dbt's compiled SQL) against its template, in a render process; over
    ``max_bytes`` it raises TemplateError, before any process is asked."""
    _hold(rendered, max_bytes)
    return _source_map(call({"op": "align", "text": text, "rendered": rendered}), len(text))


def _source_map(answer: dict, source_length: int):
    from sqlintent.templating.sourcemap import Segment, SourceMap

    flat = answer.get("segments")
    if not isinstance(answer.get("rendered"), str) or not isinstance(flat, list) or len(flat) % 5 \
            or not all(isinstance(v, int) for v in flat):
        raise TemplateError("the render process gave a malformed answer")
    segments = [Segment(flat[i], flat[i + 1], flat[i + 2], flat[i + 3], bool(flat[i + 4]))
                for i in range(0, len(flat), 5)]
    return SourceMap(segments, source_length)
