"""Two-phase checking of one statement.

The first phase (:meth:`PhasesMixin._check_fast`) runs every rule that does not read the model (milliseconds,
probes included); the second (:meth:`PhasesMixin._check_model`) runs the rules that read the error detector
and then the verdict. Both parse and analyse within the limits of :mod:`sqlintent.limits` (nesting depth,
parse and analysis deadlines); a statement past them gets one SIS006 finding, never an exception.
"""
from __future__ import annotations

from contextlib import nullcontext
from dataclasses import replace
from typing import Iterable

from sqlintent import limits
from sqlintent.analyzers.base import Rule, StatementContext
from sqlintent.analyzers.engine_rules import STATEMENT_NOT_CHECKED, VERDICT
from sqlintent.document import Statement
from sqlintent.engine.probes import probe_findings, refusal
from sqlintent.engine.selection import runs_on
from sqlintent.findings import Finding, Severity, Span
from sqlintent.limits.bounded import DeadlineExceeded

DATABASE_JUDGED = ("SIS002", "SIS003", "SIS004")  # rules the database's own front end decides (sqlintent.frontend)


class Deferred(list):
    """A statement's first-phase findings with some rules skipped until the intent's tags can be read (see
    ``PhasesMixin._check_fast``): not cached, and the file's result is ``pending``."""


class PhasesMixin:
    """Part of :class:`~sqlintent.engine.Engine`: the attributes it reads are set by ``Engine.__init__``."""

    def check_statement(self, stmt: Statement) -> list[Finding]:
        """Findings for one statement, spans relative to the statement, noqa not yet applied."""
        return self._check_fast(stmt) + self._check_model(stmt)

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
        ctx = StatementContext(stmt.text, intent=stmt.intent, config=self.config, schema=self._schema,
                               database=None if model else self.database,
                               detector=self.detector if (model and stmt.intent and self._needs_model) else None,
                               shared=self.shared, statement=local)
        ctx.file_budget = getattr(self._file, "budget", None)  # set by check_text in this thread
        if ctx.detector is not None:  # the model rules read the detector through the engine's scorer
            from sqlintent.detector.scoring import scorer_for

            scorer_for(ctx)
        return ctx

    def _check_fast(self, stmt: Statement, defer: bool = False) -> list[Finding]:
        """The findings of every rule that does not read the model (milliseconds). ``defer``: a rule that
        would need the intent's spaCy tags while spaCy is not loaded yet is skipped, and the result (a
        :class:`Deferred` list, not cached) says so."""
        self.open_sources()
        key = self._key(stmt, "fast")
        cached = self._cached(key)
        if cached is not None:
            return cached
        ctx = self._context(stmt, model=False)
        rules = [r for r in self._statement_rules if r.code not in self._model_codes]
        out: list[Finding] = []
        deferred: list[str] = []  # rules skipped until the intent's tags can be read
        problem = self._parse_bounded(stmt, ctx) or ctx.not_analysed
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
        try:
            limits.run_bounded(lambda: self._run_rules(stmt, ctx, out, rules, deferred if defer else None),
                               limits.ANALYSIS_DEADLINE_S)
        except DeadlineExceeded as exc:
            out = list(out)  # the worker may still be unwinding
            problem = problem or f"not fully checked: its analysis {exc}; the remaining checks were skipped"
        except RecursionError:
            problem = problem or self._too_deep(stmt.text)
        if problem and STATEMENT_NOT_CHECKED.code in self._enabled_codes:
            # the database read a statement sqlglot cannot ("not analysed"): its errors were judged, so this
            # is an info, whatever the severity of a statement not checked at all
            analysed = problem is ctx.not_analysed
            out.append(Finding(STATEMENT_NOT_CHECKED.code, STATEMENT_NOT_CHECKED.name, problem,
                               Span(0, max(1, len(stmt.text.split(None, 1)[0]) if stmt.text.strip() else 1)),
                               Severity.INFO if analysed else self._severity(STATEMENT_NOT_CHECKED)))
        probe_findings(self, stmt, ctx, refused, out)
        if deferred:
            return Deferred(out)
        complete = problem is None and not ctx.probe_timed_out  # a probe's timeout may not recur
        return self._store(key, out, persist=complete)

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
        complete = self._parse_bounded(stmt, ctx) is None
        if complete:
            rules = [r for r in self._statement_rules if r.code in self._model_codes]
            try:
                limits.run_bounded(lambda: self._run_rules(stmt, ctx, out, rules), limits.ANALYSIS_DEADLINE_S)
            except (DeadlineExceeded, RecursionError):
                out = list(out)
                complete = False
            if VERDICT.code in self._enabled_codes and ctx.tree is not None and not stmt.unterminated:
                out = list(out)
                self._run_verdict(stmt, ctx, out, key)
        return self._store(key, list(out), persist=complete and self._detector is not None)

    def _run_verdict(self, stmt: Statement, ctx: StatementContext, out: list[Finding], key: tuple) -> None:
        """The verdict step, after every rule (both phases): one probability, SIV001 (into ``out``) when low."""
        from sqlintent.verdict.step import engine_step

        findings = list(self._check_fast(stmt)) + out  # cached: the first phase has run
        with limits.paused():  # it may score the pair with the model (when SIM001 did not)
            verdict = engine_step(ctx, findings, VERDICT, model=self.verdict_model, detector=self.detector,
                                  severity=self._severity(VERDICT), threshold=float(self.config.verdict.threshold),
                                  has_database=self.database is not None)  # the model phase's ctx holds none
        if len(findings) > len(self._check_fast(stmt)) + len(out):
            out.append(findings[-1])
        self._remember_verdict(key, verdict)

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
        from sqlintent.detector.scoring import scorer_for

        scorer = scorer_for(StatementContext("", intent=None, config=self.config, schema=self._schema,
                                             detector=self.detector, shared=self.shared))
        try:  # bounded like the rules (model loading and inference are paused inside): a hostile statement
            # that stalls its preparation costs the batch, and each statement is then scored alone by SIM001
            limits.run_bounded(lambda: scorer.prefetch(pairs), limits.ANALYSIS_DEADLINE_S + len(pairs))
        except (Exception, RecursionError):  # noqa: BLE001 - DeadlineExceeded included
            pass

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
        for rule in rules:
            if not runs_on(rule, stmt.intent):
                continue
            if "schema" in rule.needs and self._schema is None:
                continue
            if "database" in rule.needs and ctx.database is None:
                continue
            # a statement that does not parse: only the syntax rule and rules needing nothing but the text
            if rule.code != "SIS001" and (ctx.tree is None or stmt.unterminated) and rule.needs - {"intent"} \
                    and not (ctx.not_analysed and rule.code in DATABASE_JUDGED):  # the database names errors
                continue
            sev = self._severity(rule)
            before = len(out)
            try:
                with (limits.paused() if "model" in rule.needs else nullcontext()):  # loading, inference
                    for f in rule.check(ctx) or ():
                        out.append(f if f.severity == sev else replace(f, severity=sev))
            except RecursionError:
                raise  # too deep for this rule: reported once for the statement, as SIS006
            except Exception as exc:  # a rule bug must not hide the other rules' findings
                if "model" in rule.needs and type(exc).__name__ == "DetectorUnavailable":
                    self._model_failed(exc)  # a model that fails to load on first use: one SIM002
                    continue
                if deferred is not None and type(exc).__name__ == "TagsNotReady":
                    deferred.append(rule.code)  # its findings come with the next check (its own, partial
                    del out[before:]  # findings are dropped: the next check runs the rule whole)
                    continue
                out.append(Finding(rule.code, rule.name, f"internal error in {rule.code}: {exc!r}",
                                   Span(0, max(1, len(stmt.text))), Severity.INFO,
                                   data={"internal_error": True}))
