"""The engine's per-statement cache: findings by (statement text, intent, database version, phase).

Bounded (least recently used evicted past :data:`CACHE_ENTRIES` statements or :data:`CACHE_CHARS` characters
of keys) and freed per document when an editor closes it.
"""
from __future__ import annotations

from sqlintent.document import Statement, parse_document
from sqlintent.findings import Finding

CACHE_ENTRIES = 5000  # statements whose findings are kept
CACHE_CHARS = 32 * 1024 * 1024  # and at most this much statement and intent text


class CacheMixin:
    """Part of :class:`~sqlintent.engine.Engine`: ``_cache``, ``_cache_size``, ``_verdicts`` and ``_lock``
    are set by ``Engine.__init__``."""

    def _key(self, stmt: Statement, part: str) -> tuple:
        return (stmt.text, stmt.intent, stmt.unterminated is not None, stmt.missing_terminator,
                self.database_version(), part)

    def _store(self, key: tuple, findings: list[Finding]) -> list[Finding]:
        self._remember(key, findings)
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
