"""The engine: text in, findings out. Knows nothing of LSP or the command line.

One Engine serves a run (or a language-server session): it opens the database once, loads the schema
once, runs the enabled rules over each statement, applies noqa suppressions and reports unused ones.
Per-statement results are cached by (statement text, intent, database version), so re-checking a document
after an edit re-runs only the statements that changed.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Iterable

from sqlintent.analyzers import all_rules
from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.engine_rules import (DATABASE_UNAVAILABLE, MODEL_UNAVAILABLE, PRIVILEGED_ROLE, PROBE_FAILED,
                                              PROBE_REFUSED, STATEMENT_NOT_CHECKED, TEMPLATE_ERROR, UNUSED_NOQA,
                                              VERDICT)
from sqlintent.config import Config
from sqlintent.document import Document, Statement, parse_document
from sqlintent.findings import Edit, Finding, Fix, FixSafety, Severity, Span
from sqlintent import limits
from sqlintent.limits.bounded import DeadlineExceeded


@dataclass
class FileResult:
    path: str | None
    text: str
    document: Document | None
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None  # the file could not be checked at all (binary, unreadable)
    pending: bool = False  # checked with ``model=False``: some statements' model findings are still to come
    templated: object = None  # sqlintent.templating.Templated for a templated file (document: the rendered SQL)


def rule_matches(rule: Rule, patterns: Iterable[str]) -> bool:
    for p in patterns:
        p = p.upper()
        if p == "ALL" or rule.code.startswith(p) or any(a.startswith(p) for a in rule.aliases) \
                or rule.name.upper() == p:
            return True
    return False


def enabled_rules(config: Config) -> list[Rule]:
    out = []
    for rule in all_rules().rules:
        if config.select:
            on = rule_matches(rule, config.select)
        else:
            on = rule.default_enabled
        if on and config.ignore and rule_matches(rule, config.ignore):
            on = False
        if on:
            out.append(rule)
    return out


def load_detector(config: Config):
    """The detector ``config.model`` asks for: (detector or None, why it is unavailable or None).

    None without a message when the model is off or no enabled rule reads it.
    """
    if not config.model.enabled or not any("model" in r.needs for r in enabled_rules(config)):
        return None, None
    try:
        from sqlintent.detector.runtime import detector_from_settings
    except Exception as exc:  # the runtime is not installed (onnxruntime, tokenizers)
        return None, f"the error detector is unavailable ({exc}); model checks are skipped"
    try:
        return detector_from_settings(config.model, config.base_dir), None
    except Exception as exc:  # DetectorUnavailable and friends: one clear message
        return None, f"the error detector is unavailable: {exc}; model checks are skipped"


_UNSET = object()
CACHE_ENTRIES = 5000  # statements whose findings are kept
CACHE_CHARS = 32 * 1024 * 1024  # and at most this much statement and intent text


class Engine:
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
        self._lock = threading.RLock()
        self._detector_lock = threading.Lock()
        self.shared: dict = {}

    # -- sources -------------------------------------------------------------------------------------
    def open_sources(self) -> None:
        """Open the database and schema files named in the config, once. Failures become one finding."""
        with self._lock:
            if self._sources_opened:
                return
            self._sources_opened = True
            cfg = self.config
            if cfg.database:
                from sqlintent.db import DatabaseOpenError, connect, redact

                try:
                    self._database = connect(cfg.database, base_dir=cfg.base_dir,
                                             timeout_s=cfg.probes.timeout_ms / 1000)
                    self._schema = self._database.schema()
                    self._check_privileges(self._database)
                except (DatabaseOpenError, ValueError, OSError) as exc:
                    self._report_unavailable(redact(str(exc)))
                except Exception as exc:  # a driver error we did not foresee: still one clear message
                    self._report_unavailable(redact(f"cannot open database {cfg.database}: {exc}"))
            if self._schema is None and cfg.schema_files:
                from sqlintent.schema.ddl import SchemaFileError, load_ddl_files

                try:
                    self._schema = load_ddl_files([cfg.resolve(p) for p in cfg.schema_files], cfg.dialect)
                except SchemaFileError as exc:
                    self._report_unavailable(str(exc))

    def _check_privileges(self, db) -> None:
        """Say once when the role can do more than read; a superuser is not probed unless allowed."""
        problem = getattr(db, "privilege_problem", None)
        if not problem:
            return
        if getattr(db, "superuser", False) and not self.config.probes.allow_superuser:
            self._probes_refused = True
            problem += ("; no probe runs as a superuser (set probes.allow_superuser = true to probe anyway, "
                        "or connect as a read-only role: see docs/security.md)")
        else:
            problem += "; probes run read-only, but a read-only role is safer (see docs/security.md)"
        if PRIVILEGED_ROLE.code in self._enabled_codes:
            self.run_findings.append(Finding(PRIVILEGED_ROLE.code, PRIVILEGED_ROLE.name, problem, Span(0, 1),
                                             self._severity(PRIVILEGED_ROLE)))

    def _report_unavailable(self, message: str) -> None:
        if DATABASE_UNAVAILABLE.code in self._enabled_codes:
            self.run_findings.append(Finding(
                DATABASE_UNAVAILABLE.code, DATABASE_UNAVAILABLE.name,
                f"{message}; database checks are skipped", Span(0, 1),
                self._severity(DATABASE_UNAVAILABLE)))

    @property
    def schema(self):
        self.open_sources()
        return self._schema

    @property
    def database(self):
        self.open_sources()
        return self._database if self.config.probes.enabled and not self._probes_refused else None

    @property
    def detector(self):
        """The error detector, loaded on first use when the config and the enabled rules ask for it."""
        if not self._detector_loaded:
            with self._detector_lock:  # not self._lock: checks go on (from the cache) while the model loads
                if not self._detector_loaded:
                    self._detector, problem = self._detector_loader(self.config)
                    self._detector_loaded = True
                    if problem and MODEL_UNAVAILABLE.code in self._enabled_codes:
                        self.run_findings.append(Finding(MODEL_UNAVAILABLE.code, MODEL_UNAVAILABLE.name, problem,
                                                         Span(0, 1), self._severity(MODEL_UNAVAILABLE)))
        return self._detector

    def _model_failed(self, exc: Exception) -> None:
        with self._lock:
            if self._detector is None:
                return
            self._detector = None
            if MODEL_UNAVAILABLE.code in self._enabled_codes:
                self.run_findings.append(Finding(
                    MODEL_UNAVAILABLE.code, MODEL_UNAVAILABLE.name,
                    f"the error detector is unavailable: {exc}; model checks are skipped", Span(0, 1),
                    self._severity(MODEL_UNAVAILABLE)))

    def database_version(self):
        db = self._database
        try:
            return db.version() if db is not None else None
        except Exception:
            return None

    # -- checking ------------------------------------------------------------------------------------
    def _severity(self, rule: Rule) -> Severity:
        override = self.config.severity.get(rule.code)
        return Severity.parse(override) if override else rule.severity

    @property
    def verdict_model(self):
        """The verdict model (``verdict.path`` or the bundled one), or None when SIV001 is off or none exists."""
        if self._verdict_model is _UNSET:
            from sqlintent.verdict.step import load_for_engine

            self._verdict_model = load_for_engine(self, VERDICT, MODEL_UNAVAILABLE)
        return self._verdict_model

    def verdict(self, stmt: Statement):
        """The verdict of a statement with an intent (a ``Verdict``: probability, features, reasons), or None.

        Computed with the statement's model findings (:meth:`check_statement` runs here if needed).
        """
        if not stmt.intent or VERDICT.code not in self._enabled_codes:
            return None
        self.open_sources()  # the key holds the database version
        key = self._key(stmt, "model")
        if key not in self._verdicts:
            self.check_statement(stmt)
        return self._verdicts.get(key)

    def _key(self, stmt: Statement, part: str) -> tuple:
        return (stmt.text, stmt.intent, stmt.unterminated is not None, stmt.missing_terminator,
                self.database_version(), part)

    def check_statement(self, stmt: Statement) -> list[Finding]:
        """Findings for one statement, spans relative to the statement, noqa not yet applied."""
        return self._check_fast(stmt) + self._check_model(stmt)

    def _model_runs(self, stmt: Statement) -> bool:
        """Whether the model rules have anything to do for this statement (model on, an intent)."""
        return bool((self._model_codes or VERDICT.code in self._enabled_codes) and stmt.intent
                    and self.config.model.enabled)

    def model_pending(self, stmt: Statement) -> bool:
        """Whether the statement's model findings are still to compute (not cached, model rules on)."""
        return self._model_runs(stmt) and self._cache.get(self._key(stmt, "model")) is None

    def _context(self, stmt: Statement, *, model: bool) -> StatementContext:
        # the statement object carries document offsets; rules work in statement-local offsets
        local = Statement(stmt.index, Span(0, len(stmt.text)), stmt.text, stmt.intent, None, [], [],
                          (stmt.unterminated[0], stmt.unterminated[1] - stmt.start) if stmt.unterminated else None,
                          missing_terminator=stmt.missing_terminator)
        return StatementContext(stmt.text, intent=stmt.intent, config=self.config, schema=self._schema,
                                database=None if model else self.database,
                                detector=self.detector if (model and stmt.intent and self._needs_model) else None,
                                shared=self.shared, statement=local)

    def _store(self, key: tuple, findings: list[Finding]) -> list[Finding]:
        self._remember(key, findings)
        return findings

    def _cached(self, key: tuple) -> list[Finding] | None:
        with self._lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
            return cached

    def _check_fast(self, stmt: Statement, defer: bool = False) -> list[Finding]:
        """The findings of every rule that does not read the model (milliseconds). ``defer``: a rule that
        would need the intent's spaCy tags while spaCy is not loaded yet is skipped, and the result (a
        :class:`_Deferred` list, not cached) says so."""
        self.open_sources()
        key = self._key(stmt, "fast")
        cached = self._cached(key)
        if cached is not None:
            return cached
        ctx = self._context(stmt, model=False)
        rules = [r for r in self._statement_rules if r.code not in self._model_codes]
        out: list[Finding] = []
        deferred: list[str] = []  # rules skipped until the intent's tags can be read
        problem = self._parse_bounded(stmt, ctx)
        refused = None
        if problem is None and ctx.database is not None:
            try:  # the guard parses the statement too: within the same limits
                refused = limits.run_bounded(lambda: _refusal(ctx.database, stmt.text), limits.PARSE_DEADLINE_S)
            except (DeadlineExceeded, RecursionError):
                ctx.database = None  # not cleared by the guard: never probed
        elif problem is not None:
            ctx.database = None
        if refused is not None:
            ctx.database = None  # nothing of this statement reaches the database
        try:
            limits.run_bounded(lambda: self._run_rules(stmt, ctx, out, rules, deferred if defer else None),
                               limits.ANALYSIS_DEADLINE_S)
        except DeadlineExceeded as exc:
            out = list(out)  # the worker may still be unwinding
            problem = problem or f"not fully checked: its analysis {exc}; the remaining checks were skipped"
        except RecursionError:
            problem = problem or self._too_deep(stmt.text)
        if problem and STATEMENT_NOT_CHECKED.code in self._enabled_codes:
            out.append(Finding(STATEMENT_NOT_CHECKED.code, STATEMENT_NOT_CHECKED.name, problem,
                               Span(0, max(1, len(stmt.text.split(None, 1)[0]) if stmt.text.strip() else 1)),
                               self._severity(STATEMENT_NOT_CHECKED)))
        # a statement the schema rules already reject cannot be probed: say that once, as the error
        rejected = any(f.severity == Severity.ERROR and f.code.startswith("SIS") for f in out)
        refusals = ([refused] if refused is not None else []) + [pf for pf in ctx.probe_failures if pf.refused]
        if refusals and PROBE_REFUSED.code in self._enabled_codes:  # once per statement
            out.append(Finding(PROBE_REFUSED.code, PROBE_REFUSED.name, refusals[0].message,
                               Span(0, max(1, len(stmt.text.split(None, 1)[0]))),
                               self._severity(PROBE_REFUSED), data={"refused": refusals[0].refused}))
        if PROBE_FAILED.code in self._enabled_codes and not rejected:
            for pf in ctx.probe_failures:
                if pf.refused:
                    continue
                out.append(Finding(PROBE_FAILED.code, PROBE_FAILED.name, pf.message,
                                   Span(0, max(1, len(stmt.text.split(None, 1)[0]))),
                                   self._severity(PROBE_FAILED), data={"rule": pf.rule}))
        if deferred:
            return _Deferred(out)
        return self._store(key, out)

    def _check_model(self, stmt: Statement) -> list[Finding]:
        """The findings of the rules that read the model (the detector: up to seconds per statement). A
        statement that cannot be parsed in time has none: its first phase reports why (SIS006)."""
        if not self._model_runs(stmt):
            return []
        self.open_sources()
        key = self._key(stmt, "model")
        cached = self._cached(key)
        if cached is not None:
            return cached
        if self.detector is None:  # unavailable (reported once as SIM002): nothing to parse for
            return self._store(key, [])
        ctx = self._context(stmt, model=True)
        out: list[Finding] = []
        if self._parse_bounded(stmt, ctx) is None:
            rules = [r for r in self._statement_rules if r.code in self._model_codes]
            try:
                limits.run_bounded(lambda: self._run_rules(stmt, ctx, out, rules), limits.ANALYSIS_DEADLINE_S)
            except (DeadlineExceeded, RecursionError):
                out = list(out)
            if VERDICT.code in self._enabled_codes and ctx.tree is not None and not stmt.unterminated:
                out = list(out)
                self._run_verdict(stmt, ctx, out, key)
        return self._store(key, list(out))

    def _run_verdict(self, stmt: Statement, ctx: StatementContext, out: list[Finding], key: tuple) -> None:
        """The verdict step, after every rule (both phases): one probability, SIV001 (into ``out``) when low."""
        from sqlintent.verdict.step import engine_step

        findings = list(self._check_fast(stmt)) + out  # cached: the first phase has run
        ctx.memo["has_database"] = self.database is not None  # the model phase's context holds no database
        with limits.paused():  # it may score the pair with the model (when SIM001 did not)
            verdict = engine_step(self, ctx, findings, VERDICT)
        if len(findings) > len(self._check_fast(stmt)) + len(out):
            out.append(findings[-1])
        with self._lock:
            if len(self._verdicts) >= CACHE_ENTRIES:
                self._verdicts.clear()
            self._verdicts[key] = verdict

    def prefetch_scores(self, statements: Iterable[Statement]) -> None:
        """Score the statements that have an intent with the detector in one batch, before the rules run
        (SIM001, and any rule reading ``detector_score.statement_score``, then find them cached). Statements
        whose findings are cached already are skipped; a failure here is left to the rules to report."""
        if not self._needs_model:
            return
        self.open_sources()
        pairs = [(s.intent, s.text) for s in statements
                 if s.intent and s.unterminated is None and self.model_pending(s)
                 and limits.nesting_depth(s.text) <= limits.MAX_NESTING_DEPTH]
        if not pairs or self.detector is None:
            return
        from sqlintent.analyzers.detector_score import prefetch

        ctx = StatementContext("", intent=None, config=self.config, schema=self._schema, detector=self.detector,
                               shared=self.shared)
        try:  # bounded like the rules (model loading and inference are paused inside): a hostile statement
            # that stalls its preparation costs the batch, and each statement is then scored alone by SIM001
            limits.run_bounded(lambda: prefetch(ctx, pairs), limits.ANALYSIS_DEADLINE_S + len(pairs))
        except (Exception, RecursionError):  # noqa: BLE001 - DeadlineExceeded included
            pass

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

    def _parse_bounded(self, stmt: Statement, ctx: StatementContext) -> str | None:
        """Parse within the limits (depth, deadline); why the statement is not checked, or None."""
        if stmt.unterminated:
            return None
        depth = limits.nesting_depth(stmt.text)
        if depth > limits.MAX_NESTING_DEPTH:
            ctx.skip_parse()
            return self._too_deep(stmt.text, depth)
        try:
            limits.run_bounded(lambda: ctx.tree, limits.PARSE_DEADLINE_S)
        except DeadlineExceeded as exc:
            ctx.skip_parse()
            return f"not checked: parsing it {exc}"
        except RecursionError:
            ctx.skip_parse()
            return self._too_deep(stmt.text, depth)
        return None

    @staticmethod
    def _too_deep(sql: str, depth: int | None = None) -> str:
        depth = limits.nesting_depth(sql) if depth is None else depth
        return (f"too deeply nested to check ({depth} levels; "
                f"the limit is {limits.MAX_NESTING_DEPTH})")

    def _run_rules(self, stmt: Statement, ctx: StatementContext, out: list[Finding], rules: list[Rule],
                   deferred: list[str] | None = None) -> None:
        if deferred is None:
            return self._run_rules_now(stmt, ctx, out, rules)
        from sqlintent.intent.tagger import deferring

        with deferring():  # in this (the worker's) thread
            self._run_rules_now(stmt, ctx, out, rules, deferred)

    def _run_rules_now(self, stmt: Statement, ctx: StatementContext, out: list[Finding], rules: list[Rule],
                       deferred: list[str] | None = None) -> None:
        for rule in rules:
            if "schema" in rule.needs and self._schema is None:
                continue
            if "database" in rule.needs and ctx.database is None:
                continue
            # a statement that does not parse: only the syntax rule and rules needing nothing but the text
            if rule.code != "SIS001" and (ctx.tree is None or stmt.unterminated) and rule.needs - {"intent"}:
                continue
            sev = self._severity(rule)
            before = len(out)
            try:
                with (limits.paused() if "model" in rule.needs else nullcontext()):  # loading, inference
                    for f in rule.check(ctx) or ():
                        out.append(f if f.severity == sev else _with_severity(f, sev))
            except RecursionError:
                raise  # too deep for this rule: reported once for the statement, as SIS006
            except Exception as exc:  # a rule bug must not hide the other rules' findings
                if "model" in rule.needs and type(exc).__name__ == "DetectorUnavailable":
                    self._model_failed(exc)  # a model that fails to load on first use: one SIM002
                    continue
                if deferred is not None and type(exc).__name__ == "TagsNotReady":
                    deferred.append(rule.code)  # its findings come with the next check (its own, partial
                    # findings are dropped: the next check runs the rule whole)
                    del out[before:]
                    continue
                out.append(Finding(rule.code, rule.name, f"internal error in {rule.code}: {exc!r}",
                                   Span(0, max(1, len(stmt.text))), Severity.INFO,
                                   data={"internal_error": True}))

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
        of the model rules come from the cache where a statement's are there); ``pending`` says whether
        a second check with ``model=True`` would add more. ``prepared``: what :meth:`prepare` returned for
        this text and path."""
        templated, doc = prepared if prepared is not None else self.prepare(text, path)
        if doc is None:
            return self._untemplated(templated, path)
        if model:
            self.prefetch_scores(doc.statements)
        findings: list[Finding] = []
        pending = False
        off = self.config.ignored_codes(path)  # per-file-ignores
        for stmt in doc.statements:
            waiting = not model and self.model_pending(stmt)
            fast = self._check_fast(stmt, defer=not model)
            deferred = isinstance(fast, _Deferred)
            pending = pending or waiting or deferred
            part = fast + ([] if waiting else self._check_model(stmt))
            raw = [f.shift(stmt.start) for f in part]
            kept = self._apply_noqa(stmt, raw, waiting=waiting or deferred, deferred=deferred)
            for f in kept:
                if not (off and any(f.code.startswith(c) or c == "ALL" for c in off)):
                    findings.append(_located(f, path, stmt.index))
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
        """Drop suppressed findings; report unknown codes and unused directives (``waiting``: the model's
        findings are not in yet, so a directive that could suppress one is not called unused; ``deferred``:
        nor is any directive while some rule's findings are still to come)."""
        if not stmt.noqa:
            return findings
        rules = all_rules()
        used = [False] * len(stmt.noqa)
        kept = []
        for f in findings:
            suppressed = False
            for i, d in enumerate(stmt.noqa):
                if d.codes is None or any(_code_matches(f.code, c, rules) for c in d.codes):
                    used[i] = suppressed = True
            if not suppressed:
                kept.append(f)
        if UNUSED_NOQA.code in self._enabled_codes:
            for d, u in zip(stmt.noqa, used):
                unknown = [c for c in (d.codes or ()) if rules.by_code(c) is None]
                sev = self._severity(UNUSED_NOQA)
                if unknown:
                    from sqlintent.settings.codes import suggest

                    near = sorted({s for c in unknown for s in suggest(c)[:1]})
                    msg = f"unknown rule code{'s' if len(unknown) > 1 else ''} in noqa: {', '.join(unknown)}" + \
                        (f" (did you mean {', '.join(near)}?)" if near else "")
                    # a typo suppresses nothing and is certain: an error unless the config says otherwise
                    if UNUSED_NOQA.code not in self.config.severity:
                        sev = Severity.ERROR
                elif not u and deferred:
                    continue
                elif not u and waiting and (d.codes is None or any(
                        _code_matches(m, c, rules) for c in d.codes for m in self._model_codes)):
                    continue
                elif not u:
                    what = ", ".join(d.codes) if d.codes else "any finding"
                    msg = f"unused noqa: {what} not reported on this statement"
                else:
                    continue
                kept.append(Finding(UNUSED_NOQA.code, UNUSED_NOQA.name, msg, d.span, sev,
                                    fix=Fix("Remove the noqa directive", (Edit(d.span, ""),), FixSafety.SAFE)))
        return kept


class _Deferred(list):
    """A statement's first-phase findings with some rules skipped until the intent's tags can be read (see
    ``Engine._check_fast``): not cached, and the file's result is ``pending``."""


def _with_model_intent(doc: Document, intent: str) -> Document:
    """A dbt model's description as the intent of its final statement, when no comment gives one."""
    from dataclasses import replace

    if not doc.statements or doc.statements[-1].intent:
        return doc
    last = replace(doc.statements[-1], intent=" ".join(intent.split()))
    return replace(doc, statements=doc.statements[:-1] + [last])


def _code_matches(code: str, pattern: str, rules) -> bool:
    rule = rules.by_code(pattern)
    return (rule is not None and rule.code == code) or code == pattern


def _with_severity(f: Finding, sev: Severity) -> Finding:
    from dataclasses import replace

    return replace(f, severity=sev)


def _refusal(database, sql: str):
    """A ProbeFailure when the guard refuses ``sql`` itself for what it calls or reads, else None."""
    if database is None:
        return None
    from sqlintent.analyzers.base import ProbeFailure
    from sqlintent.db import NotReadOnlyError, ProbeRefused, ensure_select

    try:
        ensure_select(sql, getattr(database, "dialect", "sqlite"))
    except ProbeRefused as exc:
        return ProbeFailure(PROBE_REFUSED.code, str(exc), refused=exc.what)
    except NotReadOnlyError:  # not a query (DDL, DML): rules do not run it; not a refusal to report
        return None
    return None


def _located(f: Finding, path: str | None, index: int) -> Finding:
    from dataclasses import replace

    from sqlintent.redact import redact

    return replace(f, path=path, statement_index=index, message=redact(f.message))
