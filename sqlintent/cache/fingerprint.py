"""What a cached result depends on besides its own inputs: the code that computed it.

:func:`code_fingerprint` hashes sqlintent's version and files (names, sizes, modification times: an edited
rule in a development checkout changes it), the interpreter, and the installed packages' directories (an
upgrade of spaCy or ONNX Runtime changes their modification time). The daemon retires itself when its
fingerprint differs from its client's; the persistent cache keys statement findings with it.
"""
from __future__ import annotations

import hashlib
import os
import sys
from functools import lru_cache
from pathlib import Path

__all__ = ["code_fingerprint", "files_fingerprint"]

PROTOCOL = 1


def code_fingerprint() -> str:
    """The fingerprint of the running code (computed afresh: about 3 ms)."""
    import sysconfig

    import sqlintent

    h = hashlib.sha256()
    h.update(f"{PROTOCOL}\0{sqlintent.__version__}\0{sys.executable}\0{sys.version}".encode("utf-8", "replace"))
    root = Path(sqlintent.__file__).resolve().parent
    for base, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")):
                continue
            p = os.path.join(base, name)
            try:
                st = os.stat(p)
            except OSError:
                continue
            h.update(f"{os.path.relpath(p, root)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode("utf-8", "replace"))
    for key in ("purelib", "platlib"):
        p = sysconfig.get_paths().get(key)
        try:
            h.update(f"{p}\0{os.stat(p).st_mtime_ns}\n".encode("utf-8", "replace"))
        except (OSError, TypeError):
            pass
    return h.hexdigest()[:16]


@lru_cache(maxsize=1)
def process_code_fingerprint() -> str:
    """:func:`code_fingerprint`, once per process (a process runs the code it imported)."""
    return code_fingerprint()


def files_fingerprint(paths) -> list:
    """(path, size, mtime_ns) of each file, or of each file in a directory; None for one that is missing."""
    out = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out.extend(files_fingerprint(sorted(q for q in p.iterdir() if q.is_file())))
            continue
        try:
            st = p.stat()
        except OSError:
            out.append([str(p), None])
            continue
        out.append([str(p), st.st_size, st.st_mtime_ns])
    return out
