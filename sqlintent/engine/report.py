"""The engine's one reporting seam: how a rule's or the engine's own finding becomes a result.

A :class:`Reporter` knows which rule codes the config enables and at what severity (the ``severity``
overrides), keeps the run's findings (said once per run: a database or model that is unavailable, a
privileged role) and applies a statement's noqa directives (:mod:`.noqa`). The other parts of the engine
(:mod:`.sources`, :mod:`.phases`, :mod:`.probes`) report through it and read nothing of the rule selection
themselves; caching what a phase found is :mod:`.cache`'s part, called by the phases.
"""
from __future__ import annotations

from typing import Iterable

from sqlintent.analyzers.base import Rule
from sqlintent.analyzers.selectors import Selector, any_matches, most_specific, selectors
from sqlintent.config import Config
from sqlintent.document import Statement
from sqlintent.engine.noqa import apply_noqa
from sqlintent.findings import Finding, Severity, Span


class Reporter:
    def __init__(self, config: Config, rules: Iterable[Rule]):
        rules = list(rules)
        self.config = config
        self.codes = frozenset(r.code for r in rules)  # the enabled rules' codes
        #: the statement rules that read the model: a noqa naming one is not "unused" while they have not run
        self.model_codes = frozenset(r.code for r in rules if r.check is not None and "model" in r.needs)
        self.run_findings: list[Finding] = []  # once per run (database unavailable, ...)
        # the config's selectors, parsed once (one that does not parse changes nothing: the settings checks
        # report it): severity overrides, and per-file-ignores by glob pattern
        self._severities = [(sel, Severity.parse(v)) for k, v in config.severity.items()
                            for sel in selectors([k], "severity")]
        self._per_file = {sel.text: sel for codes in config.per_file_ignores.values()
                          for sel in selectors(codes, "per-file-ignores")}

    def enabled(self, code: str) -> bool:
        return code in self.codes

    def severity_override(self, rule: Rule) -> Severity | None:
        """The config's ``severity`` for the rule (its most specific selector's), or None."""
        return most_specific(rule.code, self._severities)

    def severity(self, rule: Rule) -> Severity:
        """The rule's severity: the config's override, else the rule's own."""
        override = self.severity_override(rule)
        return rule.severity if override is None else override

    def ignored(self, path: str | None) -> list[Selector]:
        """What ``per-file-ignores`` turns off for ``path``."""
        return [self._per_file[c] for c in self.config.ignored_codes(path) if c in self._per_file]

    def ignores(self, code: str, ignored: list[Selector]) -> bool:
        return any_matches(code, ignored)

    def report(self, out: list[Finding], rule: Rule, message: str, span: Span, *, severity: Severity | None = None,
               data: dict | None = None, path: str | None = None) -> None:
        """Append the engine's finding for ``rule`` to ``out`` when the rule is enabled, at its configured
        severity unless ``severity`` says otherwise."""
        if rule.code not in self.codes:
            return
        sev = self.severity(rule) if severity is None else severity
        out.append(Finding(rule.code, rule.name, message, span, sev, data={} if data is None else data, path=path))

    def internal_error(self, rule: Rule, exc: BaseException, span: Span) -> Finding:
        """The finding that stands for a rule that raised (an info: a bug must not hide the other findings)."""
        from sqlintent.db.errors import printable  # a database's message quotes values
        return Finding(rule.code, rule.name, f"internal error in {rule.code}: {printable(exc)}", span, Severity.INFO,
                       data={"internal_error": True})

    def report_run(self, rule: Rule, message: str) -> None:
        """A finding for the whole run (a source or the model unavailable), when ``rule`` is enabled."""
        self.report(self.run_findings, rule, message, Span(0, 1))

    def noqa(self, stmt: Statement, findings: list[Finding], *, waiting: bool = False,
             deferred: bool = False) -> list[Finding]:
        """``findings`` less those the statement's noqa directives suppress, with its unknown codes and unused
        directives reported (see :func:`.noqa.apply_noqa`)."""
        return apply_noqa(self, stmt, findings, waiting, deferred)
