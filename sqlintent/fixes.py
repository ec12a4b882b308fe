"""Applying the fixes that findings carry: one pure function for the CLI (``--fix``, ``--diff``) and the
language server (quick fixes and ``source.fixAll.sqlintent``).

A fix is applied whole or not at all. Fixes are taken in the order of their first edit; one that overlaps
a fix already taken is skipped (a later pass, after a re-check, may take it), and one whose edits fall
outside the text or change nothing no longer applies. Both kinds are counted, never applied half-way.
Safe fixes only, unless ``unsafe`` is set.

>>> from sqlintent.findings import Edit, Finding, Fix, FixSafety, Span
>>> f = Finding("X1", "x", "m", Span(7, 11), fix=Fix("fix", (Edit(Span(7, 11), "name"),), FixSafety.SAFE))
>>> apply_fixes("SELECT nmae FROM t", [f]).text
'SELECT name FROM t'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from sqlintent.findings import Edit, Finding, FixSafety


@dataclass
class FixResult:
    text: str
    applied: list[Finding] = field(default_factory=list)
    overlapping: list[Finding] = field(default_factory=list)  # skipped: another fix touches the same text
    stale: list[Finding] = field(default_factory=list)  # skipped: outside the text, or changes nothing

    @property
    def skipped(self) -> int:
        return len(self.overlapping) + len(self.stale)


def eligible(finding: Finding, unsafe: bool = False, manual: bool = False) -> bool:
    """Whether a bulk fix applies ``finding``'s fix: safe ones always, unsafe ones with ``unsafe``, manual
    ones (a template to complete) only when one fix is chosen by hand (``manual``: an editor's quick fix)."""
    if finding.fix is None:
        return False
    if finding.fix.safety == FixSafety.MANUAL:
        return manual
    return unsafe or finding.fix.safety == FixSafety.SAFE


def _signature(f: Finding) -> tuple:
    return tuple((e.span.start, e.span.end, e.replacement) for e in f.fix.edits)


def _clash(a: Edit, b: Edit) -> bool:
    """Edits that touch the same text; two insertions at one point clash too (their order is ambiguous)."""
    (s1, e1), (s2, e2) = (a.span.start, a.span.end), (b.span.start, b.span.end)
    if s1 == e1 and s2 == e2:
        return s1 == s2
    if s1 == e1:
        return s2 < s1 < e2
    if s2 == e2:
        return s1 < s2 < e1
    return s1 < e2 and s2 < e1


def apply_fixes(text: str, findings: Iterable[Finding], *, unsafe: bool = False, manual: bool = False) -> FixResult:
    """Apply every eligible, non-overlapping fix of ``findings`` (spans are offsets into ``text``)."""
    result = FixResult(text)
    taken: list[Edit] = []
    seen: set[tuple] = set()
    candidates = [f for f in findings if eligible(f, unsafe, manual)]
    candidates.sort(key=lambda f: (min((e.span.start for e in f.fix.edits), default=0), f.code))
    for f in candidates:
        sig = _signature(f)
        if sig in seen:  # the same edits offered by two findings: applied once, both fixed
            result.applied.append(f)
            continue
        edits = f.fix.edits
        if not edits or any(e.span.start < 0 or e.span.end > len(text) for e in edits) or \
                all(text[e.span.start:e.span.end] == e.replacement for e in edits):
            result.stale.append(f)
            continue
        if any(_clash(e, t) for e in edits for t in taken) or any(
                _clash(a, b) for i, a in enumerate(edits) for b in edits[i + 1:]):
            result.overlapping.append(f)
            continue
        taken.extend(edits)
        seen.add(sig)
        result.applied.append(f)
    out = text
    for e in sorted(taken, key=lambda e: (e.span.start, e.span.end), reverse=True):
        out = out[:e.span.start] + e.replacement + out[e.span.end:]
    result.text = out
    return result


@dataclass
class FixLoop:
    text: str
    fixed: int = 0
    skipped: int = 0  # fixes still offered after the last pass, or never applicable
    passes: int = 0
    findings: list[Finding] = field(default_factory=list)  # of the final text


def fix_until_stable(text: str, check: Callable[[str], list[Finding]], *, unsafe: bool = False,
                     max_passes: int = 10) -> FixLoop:
    """Check, fix, re-check until no fix applies: a fix may make another possible, or stale.

    ``check(text)`` returns the findings whose fixes are wanted (already filtered by the caller). A fix
    applied once is not applied again (a fix that does not make its finding go away would loop).
    """
    loop = FixLoop(text)
    done: set[tuple] = set()
    findings = check(text)
    while loop.passes < max_passes:
        todo = [f for f in findings if eligible(f, unsafe) and (f.code, f.fix.description, _signature(f)) not in done]
        if not todo:
            break
        result = apply_fixes(loop.text, todo, unsafe=unsafe)
        loop.passes += 1
        if not result.applied or result.text == loop.text:
            break
        done.update((f.code, f.fix.description, _signature(f)) for f in result.applied)
        loop.fixed += len(result.applied)
        loop.text = result.text
        findings = check(loop.text)
    loop.findings = findings
    loop.skipped = sum(1 for f in findings if eligible(f, unsafe))
    return loop
