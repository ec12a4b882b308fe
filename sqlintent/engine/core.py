"""The :class:`Engine`: a file's text in, its findings out (templating, statements, noqa, per-file ignores).

The Engine is a small facade over its parts, each an object with its own state:

- :class:`~.report.Reporter` (``engine.reporter``): the one reporting seam (enabled codes, severity
  overrides, noqa, the run's findings);
- :class:`~.sources.Sources` (``engine.sources``): database, schema, detector, verdict model;
- :class:`~.cache.StatementCache` (``engine.statement_cache``): findings and verdicts per statement, in memory
  and, with a score store, on disk;
- :class:`~.phases.Phases` (``engine.phases``): the two checking phases of one statement, within the limits.

Beside them: :mod:`.probes` (refusals and failed probes as findings), :mod:`.noqa`, :mod:`.selection` (enabled
rules) and :mod:`.result` (:class:`FileResult`, what checking a file gives every door).
"""
from __future__ import annotations

import time
from dataclasses import replace

from sqlintent.analyzers.engine_rules import MODEL_UNAVAILABLE, TEMPLATE_ERROR, VERDICT
from sqlintent.config import Config
from sqlintent.document import Document, Statement, parse_document
from sqlintent.engine.cache import StatementCache
from sqlintent.engine.phases import Deferred, Phases
from sqlintent.engine.report import Reporter
from sqlintent.engine.result import FileResult
from sqlintent.engine.selection import enabled_rules, load_detector
from sqlintent.engine.sources import _UNSET, Sources
from sqlintent.engine_shared import EngineShared
from sqlintent.findings import Finding, Span


class Engine:
    """``shared``: what every statement context carries (``ctx.shared``) and lives as long as the engine, a
    :class:`~sqlintent.engine_shared.EngineShared` (the detector's scorer, the signal rules' value indexes and
    join graphs, the intent's schema vocabulary, the database front ends' parsers, the templater's cache, the
    server's hover samples). What the engine's own parts hold is in their attributes, not there."""

    def __init__(self, config: Config | None = None, *, database=None, schema=None, detector=_UNSET,
                 detector_loader=None, score_store=None):
        """``detector``: a loaded detector, None for none, or left out to load what the config asks for
        on first use (a failure becomes one SIM002 finding for the run), with ``detector_loader(config)``
        (returns ``(detector or None, problem or None)`` as :func:`load_detector` does) when given.
        ``score_store``: the persistent cache (:class:`sqlintent.cache.ScoreStore`) where the detector's
        scores and complete statement results are kept between runs; None: nothing is kept on disk."""
        self.config = config or Config()
        self.rules = enabled_rules(self.config)
        self.shared = EngineShared()
        self.reporter = Reporter(self.config, self.rules)
        self.sources = Sources(self.config, self.reporter, database=database, schema=schema, detector=detector,
                               detector_loader=detector_loader or load_detector,
                               verdict_loader=self._load_verdict_model)
        self.statement_cache = StatementCache(self.sources, self.reporter, score_store)
        self.phases = Phases(self.config, self.rules, self.sources, self.statement_cache, self.reporter,
                             self.shared, self._verdict_step)

    # -- the parts, as the doors know them
    @property
    def run_findings(self) -> list[Finding]:
        """Findings said once per run (database unavailable, ...), not tied to a file."""
        return self.reporter.run_findings

    @property
    def score_store(self):
        return self.statement_cache.score_store

    def use_store(self, store) -> None:
        """Keep detector scores and complete results in ``store`` (a ScoreStore) from now on; call it before
        the first check (the detector's scorer takes the store it finds when it is made)."""
        self.statement_cache.use_store(store)

    @property
    def schema(self):
        return self.sources.schema

    @property
    def database(self):
        """The database probes run on; None without one, with probes off, or for a refused superuser."""
        return self.sources.database

    @property
    def detector(self):
        """The error detector, loaded on first use when the config and the enabled rules ask for it."""
        return self.sources.detector

    @property
    def verdict_model(self):
        """The verdict model (``verdict.path`` or the bundled one), or None when SIV001 is off or none exists."""
        return self.sources.verdict_model

    @property
    def needs_model(self) -> bool:
        """Whether an enabled rule reads the detector (a batch of files is then scored together first)."""
        return self.phases.needs_model

    def open_sources(self) -> None:
        """Open the database and schema files named in the config, once. Failures become one finding."""
        self.sources.open()

    def close(self) -> None:
        """Close the database connection (a resident process drops an engine after each run)."""
        self.sources.close()

    def database_version(self):
        return self.sources.database_version()

    def check_statement(self, stmt: Statement) -> list[Finding]:
        """Findings for one statement, spans relative to the statement, noqa not yet applied."""
        return self.phases.check_statement(stmt)

    def verdict(self, stmt: Statement):
        """The verdict of a statement with an intent (a ``Verdict``: probability, features, reasons), or None.

        Computed with the statement's model findings (:meth:`check_statement` runs here if needed)."""
        return self.phases.verdict(stmt)

    def prefetch_scores(self, statements) -> None:
        """Score the statements that have an intent with the detector in one batch, before the rules run."""
        self.phases.prefetch_scores(statements)

    def model_pending(self, stmt: Statement) -> bool:
        """Whether the statement's model findings are still to compute (not cached, model rules on)."""
        return self.phases.model_pending(stmt)

    def preload_findings(self, statements) -> None:
        """Read the statements' findings kept on disk into the in-memory cache (one query a file)."""
        self.statement_cache.preload(statements)

    def cache_bytes(self) -> int:
        """About how much the statement cache holds (characters of keys, plus a share per finding)."""
        return self.statement_cache.size()

    def forget_text(self, text: str) -> None:
        """Drop the cached results of ``text``'s statements (an editor closed the document)."""
        doc = parse_document(text, comment_block_intent=self.config.intent.comment_block,
                             dialect=self.config.dialect)
        self.statement_cache.forget(doc.statements)

    def _load_verdict_model(self):
        from sqlintent.verdict.step import load_model

        return load_model(self.config, self.reporter, VERDICT, MODEL_UNAVAILABLE)

    def _verdict_step(self, ctx, findings: list[Finding], has_database: bool):
        from sqlintent.verdict.step import engine_step

        return engine_step(ctx, findings, VERDICT, model=self.verdict_model, detector=self.detector,
                           severity=self.reporter.severity(VERDICT), threshold=float(self.config.verdict.threshold),
                           has_database=has_database, show_below=float(self.config.verdict.show_below))

    # -- a file
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
        off = self.reporter.ignored(path)  # per-file-ignores
        from sqlintent.analyzers.base import ProbeBudget

        # the file's probes share probes.file_timeout_ms (passed down: the server checks documents side by side)
        budget = ProbeBudget(self.config.probes.file_timeout_ms / 1000)
        phases = self.phases
        from sqlintent.engine import file_schema

        # the tables the file itself creates (a schema file, a migration) are known to its statements
        own = file_schema.file_schema(doc.statements, self.sources.schema, self.config.dialect)
        token = file_schema.CURRENT.set(own)
        try:
            findings, pending = self._check_statements(doc, model, budget, phases, path, off)
        finally:
            file_schema.CURRENT.reset(token)
        if templated is not None:  # spans in the rendered SQL -> spans in the template the user edits
            findings = [templated.source_map.finding(f) for f in findings]
        findings.sort(key=Finding.sort_key)
        return FileResult(path, text, doc, findings, pending=pending, templated=templated)

    def _check_statements(self, doc, model: bool, budget, phases, path, off) -> tuple[list[Finding], bool]:
        from sqlintent import limits

        findings: list[Finding] = []
        pending = False
        cpu_start = time.process_time()
        for k, stmt in enumerate(doc.statements):
            if time.process_time() - cpu_start > limits.FILE_CPU_S:  # the file's bound: the rest is not checked
                findings.extend(self._file_bound(stmt, len(doc.statements) - k - 1, path))
                break
            waiting = not model and phases.model_pending(stmt)
            fast = phases.fast(stmt, defer=not model, budget=budget)
            deferred = isinstance(fast, Deferred)
            pending = pending or waiting or deferred
            part = fast + ([] if waiting else phases.model(stmt, budget=budget))
            raw = [f.shift(stmt.start) for f in part]
            kept = self.reporter.noqa(stmt, raw, waiting=waiting or deferred, deferred=deferred)
            for f in kept:
                if not self.reporter.ignores(f.code, off):
                    findings.append(_located(f, path, stmt.index))
        return findings, pending

    def _file_bound(self, stmt: Statement, after: int, path: str | None) -> list[Finding]:
        """The one SIS006 that says the file's checks ran past their CPU time (limits.FILE_CPU_S) at ``stmt``."""
        from sqlintent import limits
        from sqlintent.analyzers.engine_rules import STATEMENT_NOT_CHECKED

        out: list[Finding] = []
        first = stmt.text.split(None, 1)[0] if stmt.text.strip() else " "
        self.reporter.report(out, STATEMENT_NOT_CHECKED,
                             f"not checked: the file's checks used {limits.FILE_CPU_S:g} s of CPU time; this "
                             f"statement and the {after} after it were skipped", Span(0, max(1, len(first))))
        return [_located(f.shift(stmt.start), path, stmt.index) for f in out]

    def _template(self, text: str, path: str | None):
        """The file rendered when it is templated (Jinja, a dbt model), else None."""
        if not self.config.templater and (path is None or "://" in str(path)):
            return None
        from sqlintent.templating import prepare

        return prepare(text, path, self.config, schema=self.schema, cache=self.shared.templates)

    def _untemplated(self, templated, path: str | None) -> FileResult:
        findings = []
        if templated.error is not None and self.reporter.enabled(TEMPLATE_ERROR.code):
            at = templated.error.offset or 0
            end = templated.source.find("\n", at)
            span = Span(at, max(at + 1, end if end > at else len(templated.source)))
            self.reporter.report(findings, TEMPLATE_ERROR, f"cannot render the template ({templated.templater}): "
                                 f"{templated.error}; the file was not checked", span, path=path)
        return FileResult(path, templated.source, None, findings, templated=templated)


def _with_model_intent(doc: Document, intent: str) -> Document:
    """A dbt model's description as the intent of its final statement, when no comment gives one."""
    if not doc.statements or doc.statements[-1].intent:
        return doc
    last = replace(doc.statements[-1], intent=" ".join(intent.split()))
    return replace(doc, statements=doc.statements[:-1] + [last])


def _located(f: Finding, path: str | None, index: int) -> Finding:
    from sqlintent.redact import redact

    return replace(f, path=path, statement_index=index, message=redact(f.message))
