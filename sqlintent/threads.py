"""One place that decides how many threads each library may start in this process (and in each worker).

sqlintent runs three native libraries that each start their own thread pools unless told otherwise:

* BLAS (OpenBLAS, bundled with numpy), used by spaCy's parser through numpy (``NumpyOps(use_blis=False)``);
* ONNX Runtime, which runs the error detector;
* spaCy/thinc themselves start no threads beyond BLAS's.

Left alone, OpenBLAS starts one thread per core for matrices of a few hundred numbers and ONNX Runtime
spins one thread per core between runs; on a shared or small machine they fight each other and a question
parse that takes 5 ms alone takes 60-190 ms (``docs/performance.md`` has the measurements). The plan:

* BLAS: 1 thread, always (spaCy's matrices are far too small to gain from more);
* ONNX Runtime: ``cores // jobs`` intra-op threads (at least 1, at most 4), no inter-op parallelism, and no
  spinning (a spinning pool burns the cores the parser and the rules need);
* ``jobs`` worker processes each get the same plan with their share of the cores.

A thread count the user set in the environment (``OPENBLAS_NUM_THREADS`` ...) is kept. BLAS reads its
variable when numpy is first imported, so :func:`configure` must run before that; when numpy is already
loaded, the loaded OpenBLAS is limited through its C API instead (best effort).
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass

__all__ = ["ThreadPlan", "cpu_count", "plan", "configure", "session_options", "import_spacy"]

BLAS_ENV = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS",
            "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS")
ORT_ENV = "SQLINTENT_ORT_THREADS"  # overrides the ONNX Runtime intra-op thread count


@dataclass(frozen=True)
class ThreadPlan:
    """Thread counts for one process: ``blas`` for numpy's BLAS, ``ort_intra`` for ONNX Runtime."""

    blas: int
    ort_intra: int
    ort_spinning: bool = False


_configured: ThreadPlan | None = None


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity mask where the OS has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def plan(jobs: int = 1, cpus: int | None = None) -> ThreadPlan:
    """The thread counts for one of ``jobs`` processes (or threads) sharing ``cpus`` cores."""
    cpus = cpus or cpu_count()
    ort = max(1, min(4, cpus // max(1, jobs)))
    env = os.environ.get(ORT_ENV, "")
    if env.isdigit() and int(env) > 0:
        ort = int(env)
    return ThreadPlan(blas=1, ort_intra=ort)


def configure(jobs: int = 1) -> ThreadPlan:
    """Apply :func:`plan` to this process: BLAS variables (unless the user set them) and, when numpy is
    already imported, the loaded OpenBLAS. Returns the plan; later calls return the first plan unless
    ``jobs`` differs."""
    global _configured
    p = plan(jobs)
    if _configured == p:
        return p
    for name in BLAS_ENV:
        os.environ.setdefault(name, str(p.blas))
    if "numpy" in sys.modules:
        limit_loaded_openblas(int(os.environ.get("OPENBLAS_NUM_THREADS", p.blas) or p.blas))
    _configured = p
    return p


def current() -> ThreadPlan:
    """The plan :func:`configure` applied, or the plan for one job when nothing configured the process."""
    return _configured or plan(1)


def session_options(ort_module, threads: int | None = None):
    """ONNX Runtime session options that follow the plan (``threads`` overrides the intra-op count)."""
    p = current()
    opts = ort_module.SessionOptions()
    opts.log_severity_level = 3
    opts.intra_op_num_threads = int(threads or p.ort_intra)
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort_module.ExecutionMode.ORT_SEQUENTIAL
    opts.add_session_config_entry("session.intra_op.allow_spinning", "1" if p.ort_spinning else "0")
    return opts


def import_spacy():
    """``import spacy`` (and ``thinc.api``) without letting thinc import torch, nor spaCy its command line.

    thinc imports torch whenever it is installed (the training extra installs it), which costs about a second
    and 150-200 MB per process; the question parser never uses it. When torch is not loaded yet, it is
    hidden while spaCy is first imported (a later ``import torch`` still works). ``spacy.cli`` is likewise
    stood in for during the import (``import spacy.cli`` afterwards loads the real one).
    """
    if "spacy" in sys.modules or "torch" in sys.modules:
        import spacy
        import thinc.api

        return spacy
    import types

    hidden = {"torch": None}  # None in sys.modules makes `import torch` raise ImportError
    if "spacy.cli" not in sys.modules:
        # spacy/__init__ imports its command line (typer, weasel, requests, httpx: ~0.2 s) for one name;
        # a stand-in serves that import and is removed again, so a later `import spacy.cli` gets the real one
        cli = types.ModuleType("spacy.cli")
        cli.__path__ = []  # type: ignore[attr-defined]
        info = types.ModuleType("spacy.cli.info")
        info.info = lambda *a, **k: None  # type: ignore[attr-defined]
        hidden.update({"spacy.cli": cli, "spacy.cli.info": info})
    for name, module in hidden.items():
        sys.modules[name] = module  # type: ignore[assignment]
    try:
        import spacy
        import thinc.api  # noqa: F401  (its shims would import torch too)
    finally:
        for name, module in hidden.items():
            if sys.modules.get(name, 0) is module:
                del sys.modules[name]
        if "spacy" in sys.modules and getattr(sys.modules["spacy"], "cli", None) is hidden.get("spacy.cli"):
            delattr(sys.modules["spacy"], "cli")
    return spacy


def limit_loaded_openblas(n: int) -> bool:
    """Limit an OpenBLAS already loaded in this process to ``n`` threads (Linux; False if none found)."""
    import ctypes

    try:
        with open("/proc/self/maps", encoding="utf-8") as fh:
            libs = {line.split()[-1] for line in fh if "openblas" in line.split()[-1].lower()}
    except OSError:
        return False
    done = False
    for path in libs:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for fn in ("scipy_openblas_set_num_threads64_", "openblas_set_num_threads64_", "openblas_set_num_threads",
                   "scipy_openblas_set_num_threads"):
            f = getattr(lib, fn, None)
            if f is not None:
                f(ctypes.c_int(n))
                done = True
                break
    return done
