"""The ``dbt`` templater: dbt-core's own compiler (``pip install 'sqlintent[dbt]'``), so macros, packages
and adapters render exactly as ``dbt compile`` renders them.

``dbt compile`` runs in a child process (dbt keeps global state, and an adapter such as dbt-duckdb cannot
open a database file that the checker has open in the same process), with the project's profile
(``dbt.profiles_dir`` in the config, else a profiles.yml in the project folder, else dbt's default), into a
private work folder (not the project's ``target/``): one made by :func:`tempfile.mkdtemp` (mode 0700, a
random name no other user can plant or follow a link at) for each project and run, removed when the run's
engine is gone or the checker exits. The child has limits: ``CPU_LIMIT_S`` of CPU time, ``MEMORY_LIMIT``
bytes of address space (``resource.setrlimit``, set before dbt is imported), and it is killed after
``TIMEOUT_S`` seconds. The first model of a run compiles the whole project
once; later models read their compiled SQL from there, and a model saved after that compile is compiled
again on its own. The compiled SQL carries no positions, so the source map comes from aligning it with
the template (:func:`~sqlintent.templating.sourcemap.align`).

Unlike the built-in templater this runs the project's Jinja with dbt's full powers (``run_query``,
adapters, packages): use it on code you trust, and ``templater = "jinja"`` where pull requests from
strangers are checked.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import weakref
from pathlib import Path

from sqlintent.templating.jinja import TemplateError

_LOCK = threading.Lock()  # one compile at a time per project folder is plenty
TIMEOUT_S = 600  # wall-clock seconds of one dbt compile: then it is killed
CPU_LIMIT_S = 300  # CPU seconds of one dbt compile
MEMORY_LIMIT = 8 * 1024 ** 3  # bytes of address space of one dbt compile (dbt and its adapter map a lot)
_RUNNER = ("import sys\ntry:\n    import resource\n"
           "    resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))\n"
           "    resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))\n"
           "    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))\n"
           "except (ImportError, ValueError, OSError):\n    pass\n"
           "from dbt.cli.main import cli\nsys.exit(cli())")


def available() -> bool:
    import importlib.util

    return importlib.util.find_spec("dbt") is not None and importlib.util.find_spec("dbt.cli") is not None


class _WorkDir:
    """A private folder for dbt's output, removed when the object is gone (or at exit)."""

    def __init__(self) -> None:
        self.path = Path(tempfile.mkdtemp(prefix="sqlintent-dbt-"))  # 0700, a random name
        self._remove = weakref.finalize(self, shutil.rmtree, str(self.path), ignore_errors=True)


def _work_dir(root: Path, cache: dict) -> Path:
    """The run's work folder for the project at ``root`` (made on first use, kept in ``cache``)."""
    key = ("dbt-work", str(root))
    work = cache.get(key)
    if work is None:
        work = cache[key] = _WorkDir()
    return work.path


def _compile(root: Path, work: Path, select: str | None, profiles_dir: str | None,
             target: str | None) -> tuple[bool, str]:
    # --no-populate-cache: no listing of the database's relations, which would need a connection that a
    # file database such as DuckDB refuses while the checker has the file open
    runner = _RUNNER.format(cpu=CPU_LIMIT_S, memory=MEMORY_LIMIT)
    args = [sys.executable, "-c", runner, "compile", "--no-populate-cache", "--project-dir", str(root),
            "--target-path", str(work / "target"), "--log-path", str(work / "logs")]
    if select:
        args += ["--select", select]
    if profiles_dir is None and (root / "profiles.yml").is_file():
        profiles_dir = str(root)
    if profiles_dir:
        args += ["--profiles-dir", profiles_dir]
    if target:
        args += ["--target", target]
    env = dict(os.environ, DO_NOT_TRACK="1", DBT_SEND_ANONYMOUS_USAGE_STATS="False")
    try:
        proc = subprocess.run(args, cwd=root, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return False, f"dbt compile ran past its time limit ({TIMEOUT_S} s), and was stopped"
    except OSError as exc:
        return False, str(exc)
    if proc.returncode == -getattr(signal, "SIGXCPU", 24):
        return False, f"dbt compile ran past its CPU time limit ({CPU_LIMIT_S} s), and was stopped"
    errors = list(dict.fromkeys(ln.split("  ", 1)[-1].strip() for ln in proc.stdout.splitlines() if "rror" in ln))
    return proc.returncode == 0, ("; ".join(errors[-2:]) or proc.stderr.strip())[-400:]


def compile_model(root: Path, path: Path, profiles_dir: str | None, target: str | None,
                  cache: dict) -> str:
    """dbt's compiled SQL for the model in ``path`` (saved on disk). Raises TemplateError."""
    if not available():
        raise TemplateError("templater 'dbt' needs dbt-core and an adapter: pip install 'sqlintent[dbt]' "
                            "(or use templater = \"jinja\")")
    rel = path.resolve().relative_to(root)
    import yaml  # dbt_project.yml's name decides the compiled folder

    try:
        name = (yaml.safe_load((root / "dbt_project.yml").read_text(encoding="utf-8")) or {}).get("name")
    except Exception:  # noqa: BLE001
        name = None
    key = ("dbt-compiled", str(root))
    with _LOCK:
        work = _work_dir(root, cache)
        compiled = work / "target" / "compiled" / str(name or "") / rel
        message = ""
        if key not in cache:  # the whole project, once per run
            _, message = _compile(root, work, None, profiles_dir, target)
            cache[key] = True
        if not _fresh(compiled, path):
            ok, message = _compile(root, work, f"path:{rel.as_posix()}", profiles_dir, target)
    if not _fresh(compiled, path):
        raise TemplateError(f"dbt compile failed for {rel.as_posix()}: {message or 'no compiled SQL'}")
    try:
        return compiled.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateError(f"cannot read dbt's compiled SQL {compiled}: {exc}") from None


def _fresh(compiled: Path, source: Path) -> bool:
    try:
        return compiled.stat().st_mtime_ns >= source.stat().st_mtime_ns
    except OSError:
        return False
