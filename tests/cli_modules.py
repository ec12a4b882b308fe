"""Run ``sqlintent`` in a fresh interpreter and report which heavy modules it imported (for tests of what a
check loads): ``run_cli(args, cwd, env)`` returns the finished process and the loaded subset of ``HEAVY``."""
from __future__ import annotations

import subprocess
import sys

HEAVY = ("spacy", "networkx", "numpy", "onnxruntime", "torch", "multiprocessing")

_RUN = """
import sys
from sqlintent.cli import main
sys.argv = ["sqlintent"] + sys.argv[1:]
try:
    main()
except SystemExit:
    pass
heavy = [m for m in %r if m in sys.modules]
sys.stderr.write("\\nHEAVY=" + ",".join(heavy) + "\\n")
""" % (HEAVY,)


def run_cli(args, cwd, env, timeout: int = 600) -> tuple[subprocess.CompletedProcess, set[str]]:
    proc = subprocess.run([sys.executable, "-c", _RUN, *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=timeout)
    line = next((x for x in reversed(proc.stderr.splitlines()) if x.startswith("HEAVY=")), "HEAVY=")
    return proc, {m for m in line[len("HEAVY="):].split(",") if m}
