"""Two-phase checking of one statement.

The first phase (:meth:`Phases.fast`) runs every rule that does not read the model (milliseconds, probes
included); the second (:meth:`Phases.model`) runs the rules that read the error detector and then the
verdict. Both parse and analyse within the limits of :mod:`sqlintent.limits` (nesting depth, parse and
analysis deadlines); a statement past them gets one SIS006 finding, never an exception. What the phases
find goes through the engine's :class:`~sqlintent.engine.report.Reporter` (enabled codes, severities) into
its :class:`~sqlintent.engine.cache.StatementCache`.
"""
from __future__ import annotations

import threading
from contextlib import nullcontext
from dataclasses import replace
from typing import Callable, Iterable

from sqlintent import limits
from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.engine_rules import STATEMENT_NOT_CHECKED, VERDICT
from sqlintent.config import Config
from sqlintent.document import Statement
from sqlintent.engine.cache import StatementCache
from sqlintent.engine.file_schema import current_schema, uses_new_table
from sqlintent.engine.probes import DDL_RULES, is_schema_ddl, probe_findings, refusal
from sqlintent.engine.report import Reporter
from sqlintent.engine.selection import runs_on
from sqlintent.engine.sources import Sources
from sqlintent.engine_shared import EngineShared
from sqlintent.findings import Finding, Severity, Span
from sqlintent.limits.bounded import DeadlineExceeded
from sqlintent.verdict.step import fold_model_finding

#: a statement's first phase keeps a copy of its parse for its model phase (a copy costs about a quarter of a
#: parse) when the statement is at most this long, for at most this many statements at a time
KEEP_PARSE_MAX_CHARS = 20_000
KEEP_PARSES = 256
DATABASE_JUDGED = ("SIS002", "SIS003", "SIS004")  # rules the database's own front end decides (sqlintent.frontend)


class Deferred(list):
    """A statement's first-phase findings with some rules skipped until the intent's tags can be read (see
    :meth:`Phases.fast`): not cached, and the file's result is ``pending``."""


class Phases:
    """The checking of one statement, over the engine's parts: ``rules`` (the enabled ones), ``sources``,
    ``cache``, ``reporter``; ``shared``: the engine's scratch (value indexes, the detector's scorer, ...), which
    every statement context carries; ``verdict_step(ctx, findings, has_database)``: the verdict of a checked
    statement, appending SIV001 to ``findings`` when it fires (see :func:`sqlintent.verdict.step.engine_step`).

    ``budget`` (of :meth:`fast` and :meth:`model`): the probe budget of the file being checked
    (``probes.file_timeout_ms``), or None."""

    def __init__(self, config: Config, rules: list[Rule], sources: Sources, cache: StatementCache,
                 reporter: Reporter, shared: EngineShared, verdict_step: Callable):
        self.config = config
        self.sources = sources
        self.cache = cache
        self.reporter = reporter
        self.shared = shared
        self.verdict_step = verdict_step
        statement_rules = [r for r in rules if r.check is not None]
        self.fast_rules = [r for r in statement_rules if r.code not in reporter.model_codes]
        self.model_rules = [r for r in statement_rules if r.code in reporter.model_codes]
        self.needs_model = any("model" in r.needs for r in rules)
        # statement text -> a copy of its clean parse from the first phase, for its model phase (popped there)
        self._parses: dict[str, list] = {}
        self._parses_lock = threading.Lock()

    def check_statement(self, stmt: Statement) -> list[Finding]:
        """Findings for one statement, spans relative to the statement, noqa not yet applied."""
        return self.fast(stmt) + self.model(stmt)

    def verdict(self, stmt: Statement):
        """The verdict of a statement with an intent (a ``Verdict``), or None (see ``Engine.verdict``)."""
        if not stmt.intent or not self.reporter.enabled(VERDICT.code):
            return None
        self.sources.open()  # the key holds the database version
        key = self.cache.key(stmt, "model")
        if not self.cache.has_verdict(key):
            self.check_statement(stmt)
        return self.cache.verdict(key)

    def model_runs(self, stmt: Statement) -> bool:
        """Whether the model rules have anything to do for this statement (model on, an intent)."""
        return bool((self.reporter.model_codes or self.reporter.enabled(VERDICT.code)) and stmt.intent
                    and self.config.model.enabled)

    def model_pending(self, stmt: Statement) -> bool:
        """Whether the statement's model findings are still to compute (not cached, model rules on)."""
        return self.model_runs(stmt) and not self.cache.holds(self.cache.key(stmt, "model"))

    def _scorer(self, ctx: StatementContext):
        """The engine's detector scorer (kept in ``shared``), which keeps its scores in the engine's store."""
        from sqlintent.detector.scoring import scorer_for

        return scorer_for(ctx, store=self.cache.score_store)

    def _context(self, stmt: Statement, *, model: bool, budget=None) -> StatementContext:
        # the statement object carries document offsets; rules work in statement-local offsets
        local = Statement(stmt.index, Span(0, len(stmt.text)), stmt.text, stmt.intent, None, [], [],
                          (stmt.unterminated[0], stmt.unterminated[1] - stmt.start) if stmt.unterminated else None,
                          missing_terminator=stmt.missing_terminator)
        ctx = StatementContext(stmt.text, intent=stmt.intent, config=self.config,
                               schema=current_schema(self.sources.schema),
                               database=None if model else self.sources.database,
                               detector=self.sources.detector if (model and stmt.intent and self.needs_model)
                               else None,
                               shared=self.shared, statement=local)
        ctx.file_budget = budget
        if ctx.detector is not None:  # the model rules read the detector through the engine's scorer
            self._scorer(ctx)
        return ctx

    def fast(self, stmt: Statement, defer: bool = False, budget=None) -> list[Finding]:
        """The findings of every rule that does not read the model (milliseconds). ``defer``: a rule that
        would need the intent's spaCy tags while spaCy is not loaded yet is skipped, and the result (a
        :class:`Deferred` list, not cached) says so."""
        self.sources.open()
        key = self.cache.key(stmt, "fast")
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        ctx = self._context(stmt, model=False, budget=budget)
        rules = self.fast_rules
        if is_schema_ddl(stmt.text):  # a schema file's DDL: read as schema, judged for its syntax only
            rules = [r for r in rules if r.code in DDL_RULES]
            ctx.database = None
        elif uses_new_table(stmt.text):  # a table the file creates has no rows in the database yet
            ctx.database = None
        out: list[Finding] = []
        deferred: list[str] = []  # rules skipped until the intent's tags can be read
        problem = self._parse_bounded(stmt, ctx) or ctx.not_analysed
        if problem is None:
            self._keep_parse(stmt, ctx)
        refused = None
        if problem is None and ctx.database is not None:
            try:  # the guard parses the statement too: within the same limits
                parsed = ctx.parsed()  # before any rule runs (rules may change the tree)
                refused = limits.run_bounded(lambda: refusal(ctx.database, stmt.text, parsed),
                                             limits.PARSE_DEADLINE_S)
            except (DeadlineExceeded, RecursionError):
                ctx.database = None  # not cleared by the guard: never probed
        elif problem is not None:
            ctx.database = None
        if refused is not None:
            ctx.database = None  # nothing of this statement reaches the database
        if ctx.database is not None:  # with stored values hidden: findings must not spell values out
            self._watch_oracle(stmt, ctx)
        try:
            limits.run_bounded(lambda: self._run_rules(stmt, ctx, out, rules, deferred if defer else None),
                               limits.ANALYSIS_DEADLINE_S)
        except DeadlineExceeded as exc:
            out = list(out)  # the worker may still be unwinding
            problem = problem or f"not fully checked: its analysis {exc}; the remaining checks were skipped"
        except RecursionError:
            problem = problem or self._too_deep(stmt.text)
        if problem:
            # the database read a statement sqlglot cannot ("not analysed"): its errors were judged, so this
            # is an info, whatever the severity of a statement not checked at all
            analysed = problem is ctx.not_analysed
            self.reporter.report(out, STATEMENT_NOT_CHECKED, problem,
                                 Span(0, max(1, len(stmt.text.split(None, 1)[0]) if stmt.text.strip() else 1)),
                                 severity=Severity.INFO if analysed else None)
        probe_findings(self.reporter, stmt, ctx, refused, out)
        if ctx.oracle is not None:
            # a failed probe counts too: whether it fails (an error, a timeout) can depend on the data
            ctx.oracle.count(stmt.text, ctx.oracle_reads, out, ctx.probed_rules | {"SIX001"})
        if deferred:
            return Deferred(out)
        # a probe's timeout may not recur; the oracle guard's refusals depend on the run
        complete = problem is None and not ctx.probe_timed_out and not ctx.oracle_blocked
        return self.cache.put(key, out, persist=complete)

    def _watch_oracle(self, stmt: Statement, ctx: StatementContext) -> None:
        """Give ``ctx`` the run's oracle guard and the columns the statement reads (sqlintent.engine.oracle),
        where stored values are hidden; nothing otherwise."""
        from sqlintent.engine.oracle import guard_for

        guard = guard_for(self.shared, self.config, ctx.database, ctx.schema)
        if guard is None:
            return
        parsed = ctx.parsed()
        try:
            reads = limits.run_bounded(lambda: guard.reads(stmt.text, parsed[2] if parsed else None),
                                       limits.PARSE_DEADLINE_S)
        except (DeadlineExceeded, RecursionError):
            ctx.database = None  # what it reads cannot be said: not probed
            return
        ctx.oracle, ctx.oracle_reads = guard, reads

    def model(self, stmt: Statement, budget=None) -> list[Finding]:
        """The findings of the rules that read the model (the detector: up to seconds per statement). A
        statement that cannot be parsed in time has none: its first phase reports why (SIS006)."""
        if not self.model_runs(stmt):
            return []
        self.sources.open()
        key = self.cache.key(stmt, "model")
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        if self.sources.detector is None:  # unavailable (reported once as SIM002): nothing to parse for
            return self.cache.put(key, [])
        ctx = self._context(stmt, model=True, budget=budget)
        with self._parses_lock:
            kept = self._parses.pop(stmt.text, None)
        if kept is not None:
            ctx.adopt_parse(kept)
        out: list[Finding] = []
        complete = self._parse_bounded(stmt, ctx) is None
        if complete:
            rules = self.model_rules
            try:
                limits.run_bounded(lambda: self._run_rules(stmt, ctx, out, rules), limits.ANALYSIS_DEADLINE_S)
            except (DeadlineExceeded, RecursionError):
                out = list(out)
                complete = False
            if self.reporter.enabled(VERDICT.code) and ctx.tree is not None and not stmt.unterminated:
                out = list(out)
                self._run_verdict(stmt, ctx, out, key, budget)
        return self.cache.put(key, list(out), persist=complete and self.sources.detector is not None)

    def _run_verdict(self, stmt: Statement, ctx: StatementContext, out: list[Finding], key: tuple,
                     budget=None) -> None:
        """The verdict step, after every rule (both phases): one probability, SIV001 (into ``out``) when low."""
        findings = list(self.fast(stmt, budget=budget)) + out  # cached: the first phase has run
        with limits.paused():  # it may score the pair with the model (when SIM001 did not)
            verdict = self.verdict_step(ctx, findings, self.sources.database is not None)  # ctx holds none
        if len(findings) > len(self.fast(stmt, budget=budget)) + len(out):
            out.append(findings[-1])
        out[:] = fold_model_finding(out, verdict)  # SIM001 folded into SIV001: one model finding at most
        self.cache.remember_verdict(key, verdict)

    def prefetch_scores(self, statements: Iterable[Statement]) -> None:
        """Score the statements that have an intent with the detector in one batch, before the rules run
        (SIM001, and any rule reading ``detector_score.statement_score``, then find them cached). Statements
        whose findings are cached already are skipped; a failure here is left to the rules to report."""
        if not self.needs_model:
            return
        self.sources.open()
        pairs = [(s.intent, s.text) for s in statements
                 if s.intent and s.unterminated is None and self.model_pending(s)
                 and limits.nesting_depth(s.text) <= limits.MAX_NESTING_DEPTH]
        if not pairs or self.sources.detector is None:
            return
        scorer = self._scorer(StatementContext("", intent=None, config=self.config, schema=self.sources.schema,
                                               detector=self.sources.detector, shared=self.shared))
        try:  # bounded like the rules (model loading and inference are paused inside): a hostile statement
            # that stalls its preparation costs the batch, and each statement is then scored alone by SIM001
            limits.run_bounded(lambda: scorer.prefetch(pairs), limits.ANALYSIS_DEADLINE_S + len(pairs))
        except (Exception, RecursionError):  # noqa: BLE001 - DeadlineExceeded included
            pass

    def _keep_parse(self, stmt: Statement, ctx: StatementContext) -> None:
        """Keep a copy of the first phase's parse for the statement's model phase, which then need not parse
        again: only a clean parse, of a statement the model phase will check, made with the syntax checks the
        model phase's context (which has no database) would run."""
        if len(stmt.text) > KEEP_PARSE_MAX_CHARS or not self.model_pending(stmt):
            return
        if ctx.database is not None and ctx.database.dialect != ctx.dialect:
            return
        trees = ctx.parse_copy()
        if trees is not None:
            with self._parses_lock:
                if len(self._parses) >= KEEP_PARSES:
                    del self._parses[next(iter(self._parses))]
                self._parses[stmt.text] = trees

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
        except Exception as exc:  # noqa: BLE001 - the SQL parser failed on hostile input: reported, not raised
            ctx.skip_parse()
            return f"not checked: the SQL parser failed on it ({type(exc).__name__}: {str(exc)[:200]})"
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
        no_schema = self.sources.schema is None
        for rule in rules:
            if not runs_on(rule, stmt.intent):
                continue
            if "schema" in rule.needs and no_schema:
                continue
            if "database" in rule.needs and ctx.database is None:
                continue
            # a statement that does not parse: only the syntax rule and rules needing nothing but the text
            if rule.code != "SIS001" and (ctx.tree is None or stmt.unterminated) and rule.needs - {"intent"} \
                    and not (ctx.not_analysed and rule.code in DATABASE_JUDGED):  # the database names errors
                continue
            sev = self.reporter.severity(rule)
            before = len(out)
            try:
                with (limits.paused() if "model" in rule.needs else nullcontext()):  # loading, inference
                    for f in rule.check(ctx) or ():
                        out.append(f if f.severity == sev else replace(f, severity=sev))
            except RecursionError:
                raise  # too deep for this rule: reported once for the statement, as SIS006
            except Exception as exc:  # a rule bug must not hide the other rules' findings
                if "model" in rule.needs and type(exc).__name__ == "DetectorUnavailable":
                    self.sources.model_failed(exc)  # a model that fails to load on first use: one SIM002
                    continue
                if deferred is not None and type(exc).__name__ == "TagsNotReady":
                    deferred.append(rule.code)  # its findings come with the next check (its own, partial
                    del out[before:]  # findings are dropped: the next check runs the rule whole)
                    continue
                out.append(self.reporter.internal_error(rule, exc, Span(0, max(1, len(stmt.text)))))
