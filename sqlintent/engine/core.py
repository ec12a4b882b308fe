"""The :class:`Engine`: a file's text in, its findings out (templating, statements, noqa, per-file ignores).

The parts of the engine live beside it: :mod:`.sources` (database, schema, detector), :mod:`.cache` (the
per-statement cache), :mod:`.phases` (the two checking phases of one statement, within the limits),
:mod:`.probes` (refusals and failed probes as findings), :mod:`.noqa`, :mod:`.selection` (enabled rules) and
:mod:`.result` (:class:`FileResult`, what checking a file gives every door).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace

from sqlintent.analyzers.base import Rule
from sqlintent.analyzers.engine_rules import TEMPLATE_ERROR
from sqlintent.config import Config
from sqlintent.document import Document, Statement, parse_document
from sqlintent.engine.cache import UNKNOWN, CacheMixin
from sqlintent.engine.noqa import apply_noqa
from sqlintent.engine.phases import Deferred, PhasesMixin
from sqlintent.engine.result import FileResult
from sqlintent.engine.selection import enabled_rules, load_detector
from sqlintent.engine.sources import _UNSET, SourcesMixin
from sqlintent.findings import Finding, Severity, Span


class Engine(SourcesMixin, CacheMixin, PhasesMixin):
    def __init__(self, config: Config | None = None, *, database=None, schema=None, detector=_UNSET,
                 detector_loader=None):
        """``detector``: a loaded detector, None for none, or left out to load what the config asks for
        on first use (a failure becomes one SIM002 finding for the run), with ``detector_loader(config)``
        (returns ``(detector or None, problem or None)`` as :func:`load_detector` does) when given."""
        self.config = config or Config()
        self.rules = enabled_rules(self.config)
        self._statement_rules = [r for r in self.rules if r.check is not None]
        self._enabled_codes = {r.code for r in self.rules}
        self._database = database
        self._schema = schema
        self._detector = None if detector is _UNSET else detector
        self._detector_loaded = detector is not _UNSET
        self._detector_loader = detector_loader or load_detector
        self._needs_model = any("model" in r.needs for r in self.rules)
        self._model_codes = {r.code for r in self._statement_rules if "model" in r.needs}
        self._sources_opened = database is not None or schema is not None
        self._probes_refused = False  # a PostgreSQL superuser without probes.allow_superuser
        self.run_findings: list[Finding] = []  # once per run (database unavailable, ...)
        self._cache: OrderedDict[tuple, list[Finding]] = OrderedDict()  # least recently used first
        self._verdicts: dict[tuple, object] = {}  # statement key -> sqlintent.verdict.step.Verdict
        self._verdict_model = _UNSET
        self._cache_size = 0  # characters of statement and intent text held as keys
        self._disk_fp = UNKNOWN  # what the findings kept on disk are keyed by (CacheMixin._disk)
        self._lock = threading.RLock()
        self._detector_lock = threading.Lock()
        self.shared: dict = {}
        self._file = threading.local()  # .budget: the probe budget of the file this thread is checking

    def _severity(self, rule: Rule) -> Severity:
        override = self.config.severity.get(rule.code)
        return Severity.parse(override) if override else rule.severity

    def prepare(self, text: str, path: str | None = None):
        """(templated or None, document or None) of a file's text: rendered when it is templated (no document
        when the template is skipped or fails), then split into statements. :meth:`check_text` takes it as
        ``prepared``, so a caller that needs the statements first (to score a batch of files' statements
        together) does not split a file twice."""
        templated = self._template(text, path)
        if templated is not None and (templated.skip or templated.error):
            return templated, None
        doc = parse_document(templated.rendered if templated else text,
                             comment_block_intent=self.config.intent.comment_block, dialect=self.config.dialect)
        if templated is not None and templated.intent:
            doc = _with_model_intent(doc, templated.intent)
        return templated, doc

    def check_text(self, text: str, path: str | None = None, *, model: bool = True, prepared=None) -> FileResult:
        """Check a file's text. ``model=False``: only the findings ready without running the model (those
        of the model rules come from the cache where a statement's are there) or spaCy (rules that need the
        intent's tags while it is not loaded: ``Deferred``); ``pending`` says whether a second check with
        ``model=True`` would add more. ``prepared``: what :meth:`prepare` returned for this text and path."""
        templated, doc = prepared if prepared is not None else self.prepare(text, path)
        if doc is None:
            return self._untemplated(templated, path)
        self.preload_findings(doc.statements)  # kept on disk by an earlier run (``check`` only)
        if model:
            self.prefetch_scores(doc.statements)
        findings: list[Finding] = []
        pending = False
        off = self.config.ignored_codes(path)  # per-file-ignores
        from sqlintent.analyzers.base import ProbeBudget

        # the file's probes share probes.file_timeout_ms (per thread: the server checks documents side by side)
        self._file.budget = ProbeBudget(self.config.probes.file_timeout_ms / 1000)
        try:
            for stmt in doc.statements:
                waiting = not model and self.model_pending(stmt)
                fast = self._check_fast(stmt, defer=not model)
                deferred = isinstance(fast, Deferred)
                pending = pending or waiting or deferred
                part = fast + ([] if waiting else self._check_model(stmt))
                raw = [f.shift(stmt.start) for f in part]
                kept = self._apply_noqa(stmt, raw, waiting=waiting or deferred, deferred=deferred)
                for f in kept:
                    if not (off and any(f.code.startswith(c) or c == "ALL" for c in off)):
                        findings.append(_located(f, path, stmt.index))
        finally:
            self._file.budget = None
        if templated is not None:  # spans in the rendered SQL -> spans in the template the user edits
            findings = [templated.source_map.finding(f) for f in findings]
        findings.sort(key=Finding.sort_key)
        return FileResult(path, text, doc, findings, pending=pending, templated=templated)

    def _template(self, text: str, path: str | None):
        """The file rendered when it is templated (Jinja, a dbt model), else None."""
        if not self.config.templater and (path is None or "://" in str(path)):
            return None
        from sqlintent.templating import prepare

        return prepare(text, path, self.config, schema=self.schema, cache=self.shared)

    def _untemplated(self, templated, path: str | None) -> FileResult:
        findings = []
        if templated.error is not None and TEMPLATE_ERROR.code in self._enabled_codes:
            at = templated.error.offset or 0
            end = templated.source.find("\n", at)
            span = Span(at, max(at + 1, end if end > at else len(templated.source)))
            findings.append(Finding(TEMPLATE_ERROR.code, TEMPLATE_ERROR.name,
                                    f"cannot render the template ({templated.templater}): {templated.error}; "
                                    "the file was not checked", span, self._severity(TEMPLATE_ERROR), path=path))
        return FileResult(path, templated.source, None, findings, templated=templated)

    def _apply_noqa(self, stmt: Statement, findings: list[Finding], waiting: bool = False,
                    deferred: bool = False) -> list[Finding]:
        """Drop suppressed findings; report unknown codes and unused directives (see :func:`.noqa.apply_noqa`)."""
        return apply_noqa(self, stmt, findings, waiting, deferred)


def _with_model_intent(doc: Document, intent: str) -> Document:
    """A dbt model's description as the intent of its final statement, when no comment gives one."""
    if not doc.statements or doc.statements[-1].intent:
        return doc
    last = replace(doc.statements[-1], intent=" ".join(intent.split()))
    return replace(doc, statements=doc.statements[:-1] + [last])


def _located(f: Finding, path: str | None, index: int) -> Finding:
    from sqlintent.redact import redact

    return replace(f, path=path, statement_index=index, message=redact(f.message))
