"""The engine's per-statement cache: findings by (statement text, intent, database version, phase).

Bounded (least recently used evicted past :data:`CACHE_ENTRIES` statements or :data:`CACHE_CHARS` characters
of keys) and freed per document when an editor closes it. When the engine's owner gives it the persistent
cache (``Engine(..., score_store=store)`` or :meth:`StatementCache.use_store`: ``sqlintent check``), complete
results are kept on disk too (:mod:`sqlintent.cache.findings` says what is and is not) and read back a file
at a time. The same store keeps the detector's scores (the engine hands it to the scorer).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Iterable

from sqlintent.document import Statement
from sqlintent.engine.report import Reporter
from sqlintent.engine.sources import Sources
from sqlintent.findings import Finding

CACHE_ENTRIES = 5000  # statements whose findings are kept
CACHE_CHARS = 32 * 1024 * 1024  # and at most this much statement and intent text
UNKNOWN = object()  # an engine's disk fingerprint before it is first needed


class StatementCache:
    """A statement's findings per phase (``"fast"``, ``"model"``) and its verdict, in memory and, with a
    score store, on disk. ``sources``: the database version keys every result, and the disk fingerprint
    reads the config and the sources; ``reporter``: nothing is kept on disk while the run has a finding
    of its own to say (a source or the model unavailable)."""

    def __init__(self, sources: Sources, reporter: Reporter, score_store=None):
        self.sources = sources
        self.reporter = reporter
        self.score_store = score_store  # sqlintent.cache.ScoreStore, or None: nothing kept between runs
        self._memory: OrderedDict[tuple, list[Finding]] = OrderedDict()  # least recently used first
        self._size = 0  # characters of statement and intent text held as keys
        self._verdicts: dict[tuple, object] = {}  # statement key -> sqlintent.verdict.step.Verdict
        self._disk_fp = UNKNOWN  # what the findings kept on disk are keyed by (see _disk)
        self._lock = threading.RLock()

    def use_store(self, store) -> None:
        """Keep results in ``store`` (a :class:`sqlintent.cache.ScoreStore`) from now on; None: in memory only."""
        self.score_store = store

    def key(self, stmt: Statement, part: str) -> tuple:
        from sqlintent.engine.file_schema import key_suffix

        return (stmt.text, stmt.intent, stmt.unterminated is not None, stmt.missing_terminator,
                self.sources.database_version(), part) + key_suffix()

    def get(self, key: tuple) -> list[Finding] | None:
        """The findings kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            cached = self._memory.get(key)
            if cached is not None:
                self._memory.move_to_end(key)
            return cached

    def holds(self, key: tuple) -> bool:
        return self._memory.get(key) is not None

    def put(self, key: tuple, findings: list[Finding], persist: bool = False) -> list[Finding]:
        """Keep a phase's findings (on disk too with ``persist``: a complete result); returns them."""
        self._remember(key, findings)
        if persist:
            self._persist(key, findings)
        return findings

    def _remember(self, key: tuple, out: list[Finding]) -> None:
        """Cache a statement's findings, evicting the least recently used past CACHE_ENTRIES/CACHE_CHARS."""
        size = _cost(key, out)
        with self._lock:
            if key in self._memory:
                return
            while self._memory and (len(self._memory) >= CACHE_ENTRIES or self._size + size > CACHE_CHARS):
                old, findings = self._memory.popitem(last=False)
                self._size -= _cost(old, findings)
            self._memory[key] = out
            self._size += size

    def verdict(self, key: tuple, default=None):
        return self._verdicts.get(key, default)

    def has_verdict(self, key: tuple) -> bool:
        return key in self._verdicts

    def remember_verdict(self, key: tuple, verdict) -> None:
        with self._lock:
            if len(self._verdicts) >= CACHE_ENTRIES:
                self._verdicts.clear()
            self._verdicts[key] = verdict

    def _disk(self):
        """(store, engine fingerprint) when this engine's findings may be kept on disk, else None."""
        store = self.score_store
        if store is None or getattr(store, "broken", None):
            return None
        fp = self._disk_fp
        if fp is UNKNOWN:
            from sqlintent.cache.findings import engine_fingerprint

            self.sources.open()  # the fingerprint reads the database's version
            try:
                fp = engine_fingerprint(self.sources)
            except Exception:  # noqa: BLE001 - an unreadable model directory ...: not kept on disk
                fp = None
            self._disk_fp = fp
        return (store, fp) if fp else None

    def preload(self, statements: Iterable[Statement]) -> None:
        """Read the statements' findings kept on disk into memory (one query a file)."""
        disk = self._disk()
        if disk is None:
            return
        from sqlintent.cache.findings import from_json, statement_key

        store, fp = disk
        wanted = {}
        with self._lock:
            for stmt in statements:
                for part in ("fast", "model"):
                    key = self.key(stmt, part)
                    if key not in self._memory:
                        wanted[statement_key(fp, key)] = key
        for disk_key, value in store.get_many(wanted).items():
            findings = from_json(value.get("f"))
            if findings is not None:
                self._remember(wanted[disk_key], findings)

    def _persist(self, key: tuple, findings: list[Finding]) -> None:
        """Keep a complete result on disk (not while the run has a source or model problem to report)."""
        if self.reporter.run_findings:
            return
        disk = self._disk()
        if disk is None:
            return
        from sqlintent.cache.findings import statement_key, to_json

        value = to_json(findings)
        if value is not None:
            store, fp = disk
            store.put_many({statement_key(fp, key): {"f": value}})

    def size(self) -> int:
        """About how much is held (characters of keys, plus a share per finding)."""
        return self._size

    def forget(self, statements: Iterable[Statement]) -> None:
        """Drop what is kept in memory for these statements' texts and intents (in every phase)."""
        gone = {(s.text, s.intent) for s in statements}
        with self._lock:
            for key in [k for k in self._memory if k[:2] in gone]:
                self._size -= _cost(key, self._memory.pop(key))
            for key in [k for k in self._verdicts if k[:2] in gone]:
                del self._verdicts[key]

    def clear(self) -> None:
        """Drop everything kept in memory (the disk keeps its own)."""
        with self._lock:
            self._memory.clear()
            self._verdicts.clear()
            self._size = 0

    def __len__(self) -> int:
        return len(self._memory)


def _cost(key: tuple, findings: list[Finding]) -> int:
    return len(key[0]) + len(key[1] or "") + 256 * len(findings)
