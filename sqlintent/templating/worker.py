"""The render process: where a template is rendered, within limits (started by :mod:`.process`).

Run as ``python -E -B -c <start>``: it sets its own limits once its modules are imported (no core
files, no file writes, an address space of what it has plus ``memory`` bytes, a CPU-time ceiling for its
whole life), then answers requests, one at a time, from stdin: a 4-byte length and a JSON object. Before
each request the CPU-time soft limit is set to the time used so far plus the request's ``cpu_s``: the
kernel stops the process (SIGXCPU) when a render runs past it, even inside one long C call (a huge
``**``, ``center(1500000000)``), where no Python-level watchdog could. A render that runs out of address
space gets a MemoryError and is answered as such; the process then exits (its heap may be fragmented).

Requests (JSON; the answer is JSON too, never pickle: the parent trusts nothing this process says beyond
its shape):

- ``{"op": "jinja", "text", "root", "loaded", "serial", "model", "tables", "cpu_s"}``: the built-in
  templater with the dbt-style context of the project at ``root`` (read from its dbt_project.yml when
  ``loaded``; the parent's copy ``serial`` is reused until it changes), macro files' top-level code
  included; ``root`` null: no context;
- ``{"op": "align", "text", "rendered", "cpu_s"}``: the source map of dbt's compiled SQL.

Either may carry ``max_bytes``: a rendered SQL longer than that (UTF-8) is answered as an error, and neither
it nor its source map is sent (rendered SQL is held to ``max_file_size``, as a file is).

Answers: ``{"ok": true, "rendered", "segments": [start, end, source_start, source_end, literal, ...],
"cpu"}``, or ``{"ok": false, "error", "offset", "cpu", "memory": bool}``.
"""
from __future__ import annotations

import json
import os
import struct
import sys

_projects: dict[str, tuple[int, object]] = {}  # root -> (the parent's serial, the project)


def _project(req: dict):
    from pathlib import Path

    from sqlintent.templating.dbt_project import DbtProject

    root = req["root"]
    known = _projects.get(root)
    if known is not None and known[0] == req["serial"]:
        return known[1]
    project = DbtProject.load(Path(root)) if req.get("loaded") else DbtProject(Path(root))
    if len(_projects) > 16:
        _projects.clear()
    _projects[root] = (req["serial"], project)
    return project


def _jinja(req: dict):
    from sqlintent.templating import jinja

    env = jinja.make_environment()
    if req.get("root") is None:
        return jinja.render(req["text"], {}, env)
    from sqlintent.templating.dbt_project import context, macro_globals

    project = _project(req)
    tables = set(req["tables"]) if req.get("tables") is not None else None
    ctx, _ = context(project, req.get("model") or "model", tables)
    env.globals.update(ctx)
    for _ in range(2):  # twice: a macro that calls another file's macro finds it the second time
        env.globals.update(macro_globals(project, env))
    return jinja.render(req["text"], ctx, env)


def _answer(req: dict) -> dict:
    from sqlintent.templating.jinja import TemplateError
    from sqlintent.templating.sourcemap import align

    try:
        if req["op"] == "align":
            rendered, source_map = req["rendered"], align(req["text"], req["rendered"])
        else:
            rendered, source_map = _jinja(req)
    except TemplateError as exc:
        return {"ok": False, "error": str(exc), "offset": exc.offset}
    limit = req.get("max_bytes")
    if isinstance(limit, int) and len(rendered) > limit // 4 and len(rendered.encode("utf-8", "replace")) > limit:
        # checked in the parent too: here so that megabytes of SQL and its source map are never sent
        return {"ok": False, "error": too_large(len(rendered.encode("utf-8", "replace")), limit), "offset": None}
    flat = []
    for s in source_map.segments:
        flat += (s.start, s.end, s.source_start, s.source_end, int(s.literal))
    return {"ok": True, "rendered": rendered, "segments": flat}


def too_large(size: int, limit: int) -> str:
    return f"the rendered SQL has {size} bytes, over max_file_size ({limit})"


def _cpu_used() -> float:
    try:
        import resource
    except ImportError:  # no rlimits here (Windows): the parent's deadline alone
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _limit(name: str, soft: int, hard: int | None = None) -> None:
    try:
        import resource

        resource.setrlimit(getattr(resource, name), (soft, soft if hard is None else hard))
    except (ImportError, ValueError, OSError, AttributeError):  # not on this system (macOS: no RLIMIT_AS)
        pass


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _read(stream, n: int) -> bytes | None:
    data = b""
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def main(memory: int, lifetime_cpu_s: int) -> None:
    import math
    import signal

    # everything a render needs, imported before the limits (no import may need a file write after them)
    import jinja2.sandbox  # noqa: F401
    import yaml  # noqa: F401

    from sqlintent.templating import dbt_project, jinja, sourcemap  # noqa: F401

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not corrupt the answers
    _limit("RLIMIT_CORE", 0)
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write to a file fails (EFBIG) rather than kill
    _limit("RLIMIT_FSIZE", 0)
    base = _address_space()
    if base is not None:
        _limit("RLIMIT_AS", base + memory)
    hard = lifetime_cpu_s
    _limit("RLIMIT_CPU", hard)
    stdout.write(struct.pack(">I", 0))  # ready
    stdout.flush()
    while True:
        head = _read(stdin, 4)
        if head is None:
            return  # the parent is gone or done
        body = _read(stdin, struct.unpack(">I", head)[0])
        if body is None:
            return
        req = json.loads(body)
        soft = min(hard, math.ceil(_cpu_used()) + max(1, int(req.get("cpu_s", 10))))
        _limit("RLIMIT_CPU", soft, hard)
        exhausted = False
        try:
            answer = _answer(req)
        except MemoryError:
            answer, exhausted = {"ok": False, "error": "memory", "offset": None, "memory": True}, True
        except RecursionError:
            answer = {"ok": False, "error": "the template recurses too deeply", "offset": None}
        except Exception as exc:  # noqa: BLE001 - said as the file's template error, and the next file goes on
            answer = {"ok": False, "error": f"template error: {type(exc).__name__}: {exc}"[:500], "offset": None}
        answer["cpu"] = _cpu_used()
        try:
            out = json.dumps(answer).encode("ascii")
        except MemoryError:
            out, exhausted = b'{"ok": false, "error": "memory", "offset": null, "memory": true}', True
        stdout.write(struct.pack(">I", len(out)) + out)
        stdout.flush()
        if exhausted:
            return
