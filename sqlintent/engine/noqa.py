"""noqa directives: drop the findings they suppress, report unknown codes and unused directives (SIN001).

A directive's list is parsed with :mod:`sqlintent.analyzers.selectors` (codes, prefixes, names, ``ALL``, as in
``--select``): a selector that does not parse suppresses nothing and is reported, and a colon with no list
after it is reported too; neither ever becomes a blanket ``noqa``.
"""
from __future__ import annotations

from sqlintent.analyzers.engine_rules import UNUSED_NOQA
from sqlintent.analyzers.selectors import Selector, UnknownSelector, any_matches, parse_many
from sqlintent.document import NoqaDirective, Statement
from sqlintent.findings import Edit, Finding, Fix, FixSafety, Severity


def directive_selectors(d: NoqaDirective) -> tuple[list[Selector] | None, list[UnknownSelector]]:
    """(the selectors of ``d``, None for a blanket ``noqa``; the ones that did not parse)."""
    if d.codes is None:
        return None, []
    return parse_many(d.codes, "noqa")


def apply_noqa(reporter, stmt: Statement, findings: list[Finding], waiting: bool = False,
               deferred: bool = False) -> list[Finding]:
    """Drop suppressed findings; report unknown codes and unused directives (``waiting``: the model's
    findings are not in yet, so a directive that could suppress one is not called unused; ``deferred``:
    nor is any directive while some rule's findings are still to come). ``reporter``: the engine's
    :class:`~sqlintent.engine.report.Reporter` (the enabled codes, their severities)."""
    if not stmt.noqa:
        return findings
    parsed = [directive_selectors(d) for d in stmt.noqa]
    used = [False] * len(stmt.noqa)
    kept = []
    for f in findings:
        suppressed = False
        for i, (sels, _bad) in enumerate(parsed):
            if sels is None or any_matches(f.code, sels) or _folded_match(f.code, sels):
                used[i] = suppressed = True
        if not suppressed:
            kept.append(f)
    if reporter.enabled(UNUSED_NOQA.code):
        for d, u, (sels, bad) in zip(stmt.noqa, used, parsed):
            sev = reporter.severity(UNUSED_NOQA)
            if bad or d.codes == ():
                unknown = [e.text for e in bad]
                from sqlintent.analyzers.selectors import suggest

                near = sorted({s for c in unknown for s in suggest(c)[:1]})
                msg = (f"unknown rule code{'s' if len(unknown) > 1 else ''} in noqa: {', '.join(unknown)}" +
                       (f" (did you mean {', '.join(near)}?)" if near else "")) if unknown else \
                    "noqa: with no rule code after the colon suppresses nothing (write `noqa` alone for every finding)"
                # a typo suppresses nothing and is certain: an error unless the config says otherwise
                if reporter.severity_override(UNUSED_NOQA) is None:
                    sev = Severity.ERROR
            elif not u and deferred:
                continue
            elif not u and waiting and (sels is None or any(any_matches(m, sels) for m in reporter.model_codes)):
                continue
            elif not u:
                what = ", ".join(d.codes) if d.codes else "any finding"
                msg = f"unused noqa: {what} not reported on this statement"
            else:
                continue
            kept.append(Finding(UNUSED_NOQA.code, UNUSED_NOQA.name, msg, d.span, sev,
                                fix=Fix("Remove the noqa directive", (Edit(d.span, ""),), FixSafety.SAFE)))
    return kept


def _folded_match(code: str, sels: list[Selector]) -> bool:
    """SIM001 is folded into SIV001 (issue 39): a noqa naming SIM001 suppresses the verdict's finding."""
    from sqlintent.verdict.step import FOLDED

    return any(into == code and any_matches(folded, sels) for folded, into in FOLDED.items())
