"""``python -m sqlintent`` in a child process with a private cache folder (for the data-out tests)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def sqlintent(cwd: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("CI", "SQLINTENT_SHOW_VALUES", "GITHUB_ACTIONS")}
    full = dict(base, PYTHONPATH=str(REPO), SQLINTENT_CACHE_DIR=str(cwd / ".cache"), NO_COLOR="1",
                **(env or {}))
    return subprocess.run([sys.executable, "-m", "sqlintent", *args], cwd=cwd, env=full, capture_output=True,
                          timeout=300)
