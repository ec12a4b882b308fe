"""The persistent cache: findings and detector results kept on disk between runs, so a CI re-run checks only
what changed.

One SQLite file (``scores.sqlite``, WAL journal, so concurrent runs and ``--jobs`` workers read and write it
safely) in the cache directory:

1. ``$SQLINTENT_CACHE_DIR`` when set;
2. else ``$XDG_CACHE_HOME/sqlintent`` or ``~/.cache/sqlintent`` (``%LOCALAPPDATA%\\sqlintent`` on Windows).

Entries are keyed by a SHA-256 over everything a detector result depends on (see
:func:`sqlintent.detector.scoring.cache_key`): sqlintent's version, the model's content hash, the schema the
query normaliser read (the database's tables and columns), the dialect, the intent and the query with its
whitespace folded. The same file keeps the intents' parses (their spaCy tags for the intent model,
``sqlintent.intent.tagger``, and the dependency parses the detector's question graphs are built from,
``sqlintent.detector.parse_cache``), keyed by the parser's and sqlintent's versions and the text, so a run
that scores an edited query under an unchanged intent does not load spaCy. It also keeps each statement's
findings (:mod:`sqlintent.cache.findings`: keyed by the code, the configuration, the database's version, the
statement and its intent), so a statement nothing changed for is not checked again. A value is a small JSON
object.
Nothing in the cache is trusted beyond that: a row that does not parse is ignored and rescored.

``sqlintent check --no-cache`` neither reads nor writes it; ``sqlintent clean`` deletes it. A cache that
cannot be opened (read-only home, full disk, a locked file) is skipped silently: the run goes on uncached.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Iterable, Mapping

__all__ = ["cache_dir", "ScoreStore", "file_fingerprint", "clean"]

FILE_NAME = "scores.sqlite"
MAX_ROWS = 200_000  # older entries are dropped beyond this


def cache_dir() -> Path:
    """Where the persistent cache lives (see the module docstring)."""
    env = os.environ.get("SQLINTENT_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "sqlintent"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "sqlintent"


def clean(directory: Path | None = None) -> list[Path]:
    """Delete the cache files; returns the paths removed."""
    d = directory or cache_dir()
    removed = []
    for name in (FILE_NAME, FILE_NAME + "-wal", FILE_NAME + "-shm"):
        p = d / name
        try:
            p.unlink()
            removed.append(p)
        except FileNotFoundError:
            pass
    try:
        d.rmdir()  # only when nothing else is in it
    except OSError:
        pass
    return removed


def _private(directory: Path, path: Path) -> None:
    """The cache holds findings (and so what they quote): its folder 0700 and its file 0600, whatever the
    umask. SQLite gives the -wal and -shm files the database file's mode. An existing folder or file of the
    user's is narrowed to those modes; one of another user's is left alone (and the cache used read-write
    only if the user may)."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not hasattr(os, "getuid"):  # Windows: the user's profile folder is private already
        return
    for p, mode in ((directory, 0o700), (path, 0o600)):
        if p == path and not p.exists():
            os.close(os.open(p, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600))
        st = p.stat()
        if st.st_uid == os.getuid() and st.st_mode & 0o777 != mode:
            os.chmod(p, mode)
    for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if extra.stat().st_uid == os.getuid():
                os.chmod(extra, 0o600)
        except OSError:
            pass


class ScoreStore:
    """Key -> JSON value on disk. Every method swallows storage errors (the run goes on uncached).

    Thread-safe (one connection per thread); safe across processes (SQLite WAL, busy timeout). Open it in
    the process that uses it (after a fork), never before.
    """

    def __init__(self, directory: Path | None = None):
        self.directory = Path(directory) if directory else cache_dir()
        self.path = self.directory / FILE_NAME
        self._local = threading.local()
        self.broken: str | None = None
        self.reads = self.hits = self.writes = 0

    def _conn(self) -> sqlite3.Connection | None:
        if self.broken:
            return None
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            return conn
        try:
            _private(self.directory, self.path)
            conn = sqlite3.connect(str(self.path), timeout=10.0, isolation_level=None)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("CREATE TABLE IF NOT EXISTS scores (key TEXT PRIMARY KEY, value TEXT NOT NULL, "
                         "created REAL NOT NULL)")
            conn.execute("CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, size INTEGER, "
                         "mtime_ns INTEGER, sha256 TEXT)")
        except (sqlite3.Error, OSError) as exc:
            self.broken = f"cache unavailable at {self.path}: {exc}"
            return None
        self._local.conn = conn
        return conn

    def get_many(self, keys: Iterable[str]) -> dict[str, dict]:
        keys = list(dict.fromkeys(keys))
        conn = self._conn()
        if conn is None or not keys:
            return {}
        out: dict[str, dict] = {}
        try:
            for i in range(0, len(keys), 500):
                chunk = keys[i: i + 500]
                rows = conn.execute(f"SELECT key, value FROM scores WHERE key IN ({','.join('?' * len(chunk))})",
                                    chunk).fetchall()
                for k, v in rows:
                    try:
                        val = json.loads(v)
                    except ValueError:
                        continue
                    if isinstance(val, dict):
                        out[k] = val
        except sqlite3.Error:
            return out
        self.reads += len(keys)
        self.hits += len(out)
        return out

    def put_many(self, items: Mapping[str, dict]) -> None:
        conn = self._conn()
        if conn is None or not items:
            return
        now = time.time()
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany("INSERT OR REPLACE INTO scores (key, value, created) VALUES (?, ?, ?)",
                             [(k, json.dumps(v, separators=(",", ":")), now) for k, v in items.items()])
            conn.execute("COMMIT")
            self.writes += len(items)
            if self.writes and self.writes % 1000 < len(items):
                self._trim(conn)
        except sqlite3.Error:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def _trim(self, conn: sqlite3.Connection) -> None:
        (n,) = conn.execute("SELECT count(*) FROM scores").fetchone()
        if n > MAX_ROWS:
            conn.execute("DELETE FROM scores WHERE key IN (SELECT key FROM scores ORDER BY created LIMIT ?)",
                         (n - MAX_ROWS + MAX_ROWS // 10,))

    def file_hash(self, path: Path) -> str:
        """SHA-256 of a file's bytes, remembered per (path, size, mtime) so a large model is read once."""
        st = path.stat()
        conn = self._conn()
        if conn is not None:
            try:
                row = conn.execute("SELECT sha256 FROM files WHERE path = ? AND size = ? AND mtime_ns = ?",
                                   (str(path), st.st_size, st.st_mtime_ns)).fetchone()
                if row:
                    return row[0]
            except sqlite3.Error:
                pass
        digest = _sha256(path)
        if conn is not None:
            try:
                conn.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)",
                             (str(path), st.st_size, st.st_mtime_ns, digest))
            except sqlite3.Error:
                pass
        return digest


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_fingerprint(paths: Iterable[Path], store: ScoreStore | None = None) -> str:
    """One hash over several files' contents (e.g. a model directory's files)."""
    h = hashlib.sha256()
    for p in paths:
        h.update(p.name.encode())
        h.update((store.file_hash(p) if store is not None else _sha256(p)).encode())
    return h.hexdigest()
