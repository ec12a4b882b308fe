"""Whole-process measurement for benchmarks/bench_cli.py: wall time, peak resident memory and CPU seconds of
a process (``wait4``) or of a process tree (``/proc``), and the findings of a JSON report as comparable rows."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path


def run_process(cmd: list[str], env: dict, cwd: Path | None = None) -> tuple[float, int, str, int]:
    """(wall s, peak RSS MB, stdout, exit status) of one process; its CPU seconds are added to CPU_USED."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd)
    out, err = proc.communicate()
    wall = time.perf_counter() - t0
    # the child has been reaped by communicate(); its rusage is read through wait4 in _peak below
    peak = _PEAKS.pop(proc.pid, 0)
    CPU_USED[0] += _CPU.pop(proc.pid, 0.0)
    if proc.returncode not in (0, 1):
        sys.stderr.write(f"bench: {' '.join(cmd[:6])} ... exited {proc.returncode}: {err.decode()[-800:]}\n")
    return wall, peak, out.decode("utf-8", "replace"), proc.returncode


_PEAKS: dict[int, int] = {}
_CPU: dict[int, float] = {}
CPU_USED = [0.0]  # CPU seconds (user + system) of the processes run since it was last reset


def install_wait4_hook() -> None:
    """Make subprocess reap children with os.wait4 so each child's peak RSS is recorded by pid."""
    orig = os.waitpid

    def waitpid(pid, options):
        if pid > 0:
            rpid, status, usage = os.wait4(pid, options)
            if rpid:
                _PEAKS[rpid] = int(usage.ru_maxrss / 1024)  # kB on Linux
                _CPU[rpid] = usage.ru_utime + usage.ru_stime
            return rpid, status
        return orig(pid, options)

    subprocess.os.waitpid = waitpid  # type: ignore[attr-defined]


def _descendants(pid: int) -> list[int]:
    """``pid`` and every process below it (from /proc)."""
    parents: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            parents.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(parents.get(p, []))
    return out


def process_tree_usage(pid: int) -> tuple[float, int]:
    """(CPU seconds, largest VmHWM in MB) of ``pid`` and its descendants, including reaped children."""
    tick = os.sysconf("SC_CLK_TCK")
    cpu, peak = 0.0, 0
    for p in _descendants(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{p}/status").read_text()
        except OSError:
            continue
        cpu += sum(int(x) for x in fields[11:15]) / tick  # utime stime cutime cstime
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                peak = max(peak, int(line.split()[1]) // 1024)
    return cpu, peak


def findings_of(stdout: str, base: Path) -> list[tuple]:
    try:
        data = json.loads(stdout)
    except ValueError:
        return [("<unparsable output>", stdout[:200])]
    out = []
    for fr in data.get("files", []) if isinstance(data, dict) else []:
        path = fr.get("path") or ""
        try:
            path = str(Path(path).resolve().relative_to(base))
        except ValueError:
            pass
        if fr.get("error"):
            out.append(("<error>", path, None, None, fr["error"]))
        for f in fr.get("findings", []):
            start = (f.get("location") or {}).get("start") or {}
            out.append((f.get("code"), path, start.get("line"), start.get("column"), f.get("message")))
    for f in data.get("run_findings", []) if isinstance(data, dict) else []:
        out.append((f.get("code"), "<run>", None, None, f.get("message")))
    return sorted(out, key=lambda t: tuple(str(x) for x in t))


def diff_findings(a: list[tuple], b: list[tuple], limit: int = 10) -> list[str]:
    sa, sb = set(a), set(b)
    lines = [f"  - {x}" for x in sorted(sa - sb, key=str)[:limit]]
    lines += [f"  + {x}" for x in sorted(sb - sa, key=str)[:limit]]
    return lines
