"""Finding and reading the files to check: clear messages for what cannot be checked."""
from __future__ import annotations

import errno
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

SQL_SUFFIXES = (".sql",)
# files a directory walk does not check though they hold SQL: counted so a run of them is not a clean pass
OTHER_SQL_SUFFIXES = (".pgsql", ".psql", ".plsql", ".mysql", ".tsql", ".hql", ".ddl", ".dml")
SKIP_DIRS = {".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".tox", "build", "dist"}
DEFAULT_MAX_BYTES = 2 * 1024 * 1024


@dataclass
class Source:
    path: str  # as shown to the user ("-" for stdin, or --stdin-filename)
    text: str | None
    error: str | None = None


def resolved(path: str | Path) -> Path:
    """``Path(path).resolve()`` that never raises: a symlink loop or an unreadable folder gives the
    absolute path as written (``Path.resolve`` raises RuntimeError on a loop in Python 3.11)."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):
        return Path(os.path.abspath(path))


def describe_missing(path: str) -> str:
    """Why ``path`` cannot be opened: a symlink loop, a dangling symlink, or nothing there."""
    if os.path.islink(path):
        try:
            os.stat(path)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return "symbolic link loop"
            return f"symbolic link to a missing file ({os.readlink(path)})"
    return "no such file or directory"


def not_regular(path: str) -> str | None:
    """Why ``path`` is not a regular file one can read without blocking (a FIFO, socket, device), or None."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # reading it reports the error
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")
    return f"{kind}, not a regular file: skipped"


def collect(paths: list[str], excluded=None, root_of=None, skipped: list | None = None,
            other_types: list[str] | None = None) -> tuple[list[str], list[Source]]:
    """Expand directories (recursively, *.sql); returns (files, errors for paths that cannot be read).

    ``excluded(path) -> bool`` drops files found by walking a directory (files named directly are kept).
    Folders that cannot be listed are errors (they are not silently skipped); symlinked folders are not
    followed, so a loop cannot trap the walk. A file found by walking whose real path (links resolved)
    leaves the checked root (``root_of(folder)``: the repository holding the walked folder; by default the
    folder itself) is skipped, and ``(path, why)`` added to ``skipped``: a committed link to a file outside
    the checkout is not read.
    ``other_types``, when given, receives the files of the walk that hold SQL by their name but are not
    ``*.sql`` (``.pgsql``, ``.psql``, ...): they are not checked.
    """
    files, errors = [], []
    for p in paths:
        if p == "-":
            files.append(p)
            continue
        path = Path(p)
        if path.is_dir():
            found = []

            def unreadable(exc: OSError) -> None:
                errors.append(Source(exc.filename or p, None,
                                     f"cannot read directory: {exc.strerror or exc}: not checked"))

            for root, dirs, names in os.walk(path, onerror=unreadable):
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
                found.extend(os.path.join(root, n) for n in sorted(names) if n.lower().endswith(SQL_SUFFIXES))
                if other_types is not None:
                    other = [os.path.join(root, n) for n in sorted(names) if n.lower().endswith(OTHER_SQL_SUFFIXES)]
                    other_types.extend(f for f in other if not (excluded and _excluded(excluded, f)))
            top = resolved(root_of(path) if root_of else path)
            for f in found:
                if excluded and _excluded(excluded, f):
                    continue
                if not resolved(f).is_relative_to(top):
                    if skipped is not None:
                        skipped.append((f, f"a symbolic link to a file outside {top}: skipped (name it on the "
                                           "command line to check it)"))
                    continue
                files.append(f)
        elif path.exists():
            files.append(p)
        else:
            errors.append(Source(p, None, describe_missing(p)))
    return _unique(files), errors


def _unique(files: list[str]) -> list[str]:
    """Each file once, as first named: ``q.sql q.sql .`` checks q.sql once (a --diff would repeat its hunks)."""
    seen, out = set(), []
    for f in files:
        key = f if f == "-" else os.path.normcase(os.path.abspath(f))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _excluded(excluded, path: str) -> bool:
    try:
        return bool(excluded(path))
    except (OSError, RuntimeError):  # a path that cannot be resolved is checked (and its error reported)
        return False


def read_source(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES, stdin_name: str | None = None) -> Source:
    shown = stdin_name or path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            odd = not_regular(path)
            if odd:
                return Source(shown, None, odd)
            size = os.path.getsize(path)
            if size > max_bytes:
                return Source(shown, None, f"file is {_human(size)}, over the {_human(max_bytes)} limit: "
                                           "skipped (raise it with --max-file-size or max_file_size)")
            # O_NONBLOCK: a FIFO swapped in after the check above still cannot block the run
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "rb") as fh:
                mode = os.fstat(fd).st_mode
                if not stat.S_ISREG(mode):
                    return Source(shown, None, "is a directory" if stat.S_ISDIR(mode) else
                                  "not a regular file: skipped")
                data = fh.read(max_bytes + 1)
    except IsADirectoryError:
        return Source(shown, None, "is a directory")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return Source(shown, None, "symbolic link loop")
        return Source(shown, None, f"cannot read file: {exc.strerror or exc}")
    if len(data) > max_bytes:
        return Source(shown, None, f"input is {_human(len(data))}, over the {_human(max_bytes)} limit: skipped")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16 (or UTF-32 LE) with a byte-order mark: not binary
        return Source(shown, None, "UTF-16 text (byte-order mark): skipped; save it as UTF-8")
    if b"\x00" in data[:8192]:
        return Source(shown, None, "binary file (contains NUL bytes): skipped")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        return Source(shown, None, f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at line {line}): skipped")
    return Source(shown, text)


def _human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


def parse_size(text: str) -> int:
    """'2MB', '512k', '1048576' -> bytes.

    >>> parse_size("2MB"), parse_size("512k"), parse_size("10")
    (2097152, 524288, 10)
    """
    t = text.strip().lower().rstrip("b").rstrip("i")
    mult = {"k": 1024, "m": 1024 ** 2, "g": 1024 ** 3}.get(t[-1:], 1)
    if mult > 1:
        t = t[:-1]
    value = float(t)
    if value <= 0:
        raise ValueError("size must be positive")
    return int(value * mult)
