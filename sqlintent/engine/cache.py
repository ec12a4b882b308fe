"""The engine's per-statement cache: findings by (statement text, intent, database version, phase).

Bounded (least recently used evicted past :data:`CACHE_ENTRIES` statements or :data:`CACHE_CHARS` characters
of keys) and freed per document when an editor closes it. When the engine's owner gives it the persistent
cache (``shared["score_store"]``: ``sqlintent check``), complete results are kept on disk too
(:mod:`sqlintent.cache.findings` says what is and is not) and read back a file at a time.
"""
from __future__ import annotations

from sqlintent.document import Statement, parse_document
from sqlintent.findings import Finding

CACHE_ENTRIES = 5000  # statements whose findings are kept
CACHE_CHARS = 32 * 1024 * 1024  # and at most this much statement and intent text
UNKNOWN = object()  # an engine's disk fingerprint before it is first needed


class CacheMixin:
    """Part of :class:`~sqlintent.engine.Engine`: ``_cache``, ``_cache_size``, ``_verdicts``, ``_disk_fp``
    and ``_lock`` are set by ``Engine.__init__``."""

    def _key(self, stmt: Statement, part: str) -> tuple:
        return (stmt.text, stmt.intent, stmt.unterminated is not None, stmt.missing_terminator,
                self.database_version(), part)

    def _store(self, key: tuple, findings: list[Finding], persist: bool = False) -> list[Finding]:
        self._remember(key, findings)
        if persist:
            self._persist(key, findings)
        return findings

    def _cached(self, key: tuple) -> list[Finding] | None:
        with self._lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
            return cached

    def _remember(self, key: tuple, out: list[Finding]) -> None:
        """Cache a statement's findings, evicting the least recently used past CACHE_ENTRIES/CACHE_CHARS."""
        size = len(key[0]) + len(key[1] or "") + 256 * len(out)
        with self._lock:
            if key in self._cache:
                return
            while self._cache and (len(self._cache) >= CACHE_ENTRIES or self._cache_size + size > CACHE_CHARS):
                old, findings = self._cache.popitem(last=False)
                self._cache_size -= len(old[0]) + len(old[1] or "") + 256 * len(findings)
            self._cache[key] = out
            self._cache_size += size

    def _disk(self):
        """(store, engine fingerprint) when this engine's findings may be kept on disk, else None."""
        store = self.shared.get("score_store")
        if store is None or getattr(store, "broken", None):
            return None
        fp = self._disk_fp
        if fp is UNKNOWN:
            from sqlintent.cache.findings import engine_fingerprint

            self.open_sources()  # the fingerprint reads the database's version
            try:
                fp = engine_fingerprint(self)
            except Exception:  # noqa: BLE001 - an unreadable model directory ...: not kept on disk
                fp = None
            self._disk_fp = fp
        return (store, fp) if fp else None

    def preload_findings(self, statements) -> None:
        """Read the statements' findings kept on disk into the in-memory cache (one query a file)."""
        disk = self._disk()
        if disk is None:
            return
        from sqlintent.cache.findings import from_json, statement_key

        store, fp = disk
        wanted = {}
        with self._lock:
            for stmt in statements:
                for part in ("fast", "model"):
                    key = self._key(stmt, part)
                    if key not in self._cache:
                        wanted[statement_key(fp, key)] = key
        for disk_key, value in store.get_many(wanted).items():
            findings = from_json(value.get("f"))
            if findings is not None:
                self._remember(wanted[disk_key], findings)

    def _persist(self, key: tuple, findings: list[Finding]) -> None:
        """Keep a complete result on disk (not while the run has a source or model problem to report)."""
        if self.run_findings:
            return
        disk = self._disk()
        if disk is None:
            return
        from sqlintent.cache.findings import statement_key, to_json

        value = to_json(findings)
        if value is not None:
            store, fp = disk
            store.put_many({statement_key(fp, key): {"f": value}})

    def _remember_verdict(self, key: tuple, verdict) -> None:
        with self._lock:
            if len(self._verdicts) >= CACHE_ENTRIES:
                self._verdicts.clear()
            self._verdicts[key] = verdict

    def cache_bytes(self) -> int:
        """About how much the statement cache holds (characters of keys, plus a share per finding)."""
        return self._cache_size

    def forget_text(self, text: str) -> None:
        """Drop the cached results of ``text``'s statements (an editor closed the document)."""
        doc = parse_document(text, comment_block_intent=self.config.intent.comment_block,
                             dialect=self.config.dialect)
        gone = {(s.text, s.intent) for s in doc.statements}
        with self._lock:
            for key in [k for k in self._cache if k[:2] in gone]:
                findings = self._cache.pop(key)
                self._cache_size -= len(key[0]) + len(key[1] or "") + 256 * len(findings)
            for key in [k for k in self._verdicts if k[:2] in gone]:
                del self._verdicts[key]
