"""Human-readable output: ``path:line:col: CODE [severity] message``, with the error report beneath."""
from __future__ import annotations

from collections import Counter

from sqlintent.escape import safe_path
from sqlintent.escape import safe_text as e

_COLORS = {"error": "\033[31m", "warning": "\033[33m", "info": "\033[36m", "hint": "\033[2m"}
_RESET, _BOLD = "\033[0m", "\033[1m"
# findings that say a file or statement was not checked at all (a template that did not render, a statement
# too deep or slow to read, a crash): counted apart in the summary, as a run with them is no clean pass
NOT_CHECKED = frozenset({"SIT001", "SIS006", "SIX003"})


def render(run) -> str:
    out: list[str] = []

    def c(text: str, code: str) -> str:
        return f"{code}{text}{_RESET}" if run.color else text

    for f in run.run_findings:
        out.append(f"sqlintent: {c(f.severity.value, _COLORS[f.severity.value])}: {c(e(f.code), _BOLD)} {e(f.message)}")
    for fr in run.files:
        if fr.error:
            out.append(f"{safe_path(fr.path)}: {c('error', _COLORS['error'])}: {e(fr.error)}")
            continue
        for f in fr.findings:
            line, col = fr.locator.line_col(f.span.start)
            sev = c(f.severity.value, _COLORS[f.severity.value])
            out.append(f"{safe_path(fr.path)}:{line}:{col}: {c(e(f.code), _BOLD)} [{sev}] {e(f.message)}")
            words = f.data.get("intent_words") if isinstance(f.data, dict) else None
            if words:
                out.append("    intent words: " + ", ".join(e(repr(w)) for w in words if isinstance(w, str)))
            if f.report:
                out.append(f"    why: {e(f.report.description)}")
                for clause in f.report.problematic_clauses:
                    cl, cc = fr.locator.line_col(clause.span.start)
                    snippet = " ".join(fr.text[clause.span.start:clause.span.end].split())
                    out.append(f"    clause {cl}:{cc} ({e(clause.label)}): {e(snippet)}")
                if f.report.correction:
                    out.append(f"    fix: {e(f.report.correction)}")
            if f.fix:
                applied = " ".join(f.fix.description.split())
                out.append(f"    {'fix' if f.fix.safety.value == 'safe' else 'suggestion'} available: {e(applied)}")
    findings = [f for fr in run.files for f in fr.findings] + run.run_findings
    counts = Counter(f.severity.value for f in findings)
    checked = sum(1 for fr in run.files if not fr.error)
    if findings:
        detail = ", ".join(f"{counts[s]} {s}{'s' if counts[s] != 1 else ''}"
                           for s in ("error", "warning", "info", "hint") if counts[s])
        out.append(f"Found {len(findings)} finding{'s' if len(findings) != 1 else ''} ({detail}) "
                   f"in {checked} file{'s' if checked != 1 else ''}.")
    elif run.errors:  # never "passed" when something was not checked
        out.append(f"No findings in {checked} file{'s' if checked != 1 else ''} checked.")
    else:
        out.append(f"All checks passed ({checked} file{'s' if checked != 1 else ''}).")
    errs = len(run.errors)
    if errs:
        out.append(f"{errs} file{'s' if errs != 1 else ''} could not be checked.")
    unchecked = not_checked_count(findings)
    codes = sorted({f.code for f in findings if f.code in NOT_CHECKED or f.code == "SIU001"})
    if unchecked:
        out.append(f"{unchecked} file{'s or statements were' if unchecked != 1 else ' or statement was'} not "
                   f"checked ({', '.join(codes)}).")
    elif checked == 0 and not errs:
        out.append(f"Nothing was checked ({', '.join(codes) or 'no SQL file'}).")
    return "\n".join(out) + "\n"


def not_checked_count(findings) -> int:
    """How many files or statements the run did not check: one per SIT001, SIS006 or SIX003 finding, and
    the count each SIU001 finding carries (one per cause: sqlintent.commands.unchecked)."""
    n = sum(1 for f in findings if f.code in NOT_CHECKED)
    return n + sum(int(f.data.get("count") or 0) for f in findings if f.code == "SIU001" and isinstance(f.data, dict))
