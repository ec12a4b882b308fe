"""noqa directives: drop the findings they suppress, report unknown codes and unused directives (SIX003)."""
from __future__ import annotations

from sqlintent.analyzers import all_rules
from sqlintent.analyzers.engine_rules import UNUSED_NOQA
from sqlintent.document import Statement
from sqlintent.findings import Edit, Finding, Fix, FixSafety, Severity


def apply_noqa(reporter, stmt: Statement, findings: list[Finding], waiting: bool = False,
               deferred: bool = False) -> list[Finding]:
    """Drop suppressed findings; report unknown codes and unused directives (``waiting``: the model's
    findings are not in yet, so a directive that could suppress one is not called unused; ``deferred``:
    nor is any directive while some rule's findings are still to come). ``reporter``: the engine's
    :class:`~sqlintent.engine.report.Reporter` (the enabled codes, their severities)."""
    if not stmt.noqa:
        return findings
    rules = all_rules()
    used = [False] * len(stmt.noqa)
    kept = []
    for f in findings:
        suppressed = False
        for i, d in enumerate(stmt.noqa):
            if d.codes is None or any(code_matches(f.code, c, rules) for c in d.codes):
                used[i] = suppressed = True
        if not suppressed:
            kept.append(f)
    if reporter.enabled(UNUSED_NOQA.code):
        for d, u in zip(stmt.noqa, used):
            unknown = [c for c in (d.codes or ()) if rules.by_code(c) is None]
            sev = reporter.severity(UNUSED_NOQA)
            if unknown:
                from sqlintent.analyzers.codes import suggest

                near = sorted({s for c in unknown for s in suggest(c)[:1]})
                msg = f"unknown rule code{'s' if len(unknown) > 1 else ''} in noqa: {', '.join(unknown)}" + \
                    (f" (did you mean {', '.join(near)}?)" if near else "")
                # a typo suppresses nothing and is certain: an error unless the config says otherwise
                if UNUSED_NOQA.code not in reporter.config.severity:
                    sev = Severity.ERROR
            elif not u and deferred:
                continue
            elif not u and waiting and (d.codes is None or any(
                    code_matches(m, c, rules) for c in d.codes for m in reporter.model_codes)):
                continue
            elif not u:
                what = ", ".join(d.codes) if d.codes else "any finding"
                msg = f"unused noqa: {what} not reported on this statement"
            else:
                continue
            kept.append(Finding(UNUSED_NOQA.code, UNUSED_NOQA.name, msg, d.span, sev,
                                fix=Fix("Remove the noqa directive", (Edit(d.span, ""),), FixSafety.SAFE)))
    return kept


def code_matches(code: str, pattern: str, rules) -> bool:
    from sqlintent.verdict.step import FOLDED

    rule = rules.by_code(pattern)
    # SIM001 is folded into SIV001 (issue 39): a noqa naming it suppresses the verdict's finding
    return (rule is not None and rule.code == code) or code == pattern or FOLDED.get(pattern.upper()) == code
