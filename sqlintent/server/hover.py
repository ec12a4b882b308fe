"""``textDocument/hover``: what sqlintent knows about the text under the cursor.

- On a diagnostic's range: each finding in at most five lines (the message with the intent's words that drove
  it, the clauses, the correction, the quick fix, the rule's summary with a link to its documentation), the
  most precise (the clause under the cursor) first, about 25 lines in all; the rest are counted, not shown.
- On a ``noqa`` code: that rule's explanation.
- Anywhere in a statement with an intent: the verdict's probability that the query does what the intent
  says, and what pulls it down most, on one line (rule SIV001; see :mod:`sqlintent.verdict`).
- On a table or column name: its type, keys and a few sample values; on a CTE or derived table (a
  subquery in FROM) and its columns: where each column comes from, traced to a table column or shown as
  computed (see :mod:`schema_hover`).
"""
from __future__ import annotations

import asyncio
import re

from lsprotocol import types

from sqlintent.analyzers import explain, get_rule
from sqlintent.findings import Finding
from sqlintent.server import markdown as md
from sqlintent.server.convert import LineIndex

_CODE = re.compile(r"[A-Za-z]+[0-9]+")


SUMMARY_MAX = 200  # characters of the rule's summary line


def summary_line(rule) -> str:
    """The first sentence of the rule's summary, on one line."""
    paragraph = " ".join(rule.summary.strip().split("\n\n")[0].split())
    sentence = re.split(r"(?<=[.!?])\s", paragraph, maxsplit=1)[0]
    return sentence if len(sentence) <= SUMMARY_MAX else sentence[:SUMMARY_MAX - 1].rstrip() + "…"


def _measured(code: str) -> str:
    """The rule's measured precision, in a few words (docs/rules.md has the figures), or nothing."""
    try:
        from sqlintent.analyzers.policy import measured

        m = measured(code) or {}
    except Exception:  # noqa: BLE001 - the hover goes on without it
        return ""
    p = m.get("precision")
    return f" Measured precision {p:.1f}%." if isinstance(p, (int, float)) else ""


def _snippet(text: str, span) -> str:
    snippet = " ".join(text[span.start:span.end].split())
    return snippet if len(snippet) <= 80 else snippet[:79] + "…"


FINDING_LINES = 5  # the most lines one finding takes in a hover
HOVER_LINES = 25  # about the most a hover shows in all (the schema card of a name comes after, kept short)
LINE_MAX = 160  # characters of one line of a finding


def _line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= LINE_MAX else text[:LINE_MAX - 1].rstrip() + "…"


def finding_lines(finding: Finding, text: str) -> list[str]:
    """A finding in at most :data:`FINDING_LINES` Markdown lines: what is wrong (with the intent's words that
    drove it), where (the clauses, on one line), what to do, the quick fix, and the rule's page."""
    words = finding.data.get("intent_words") if isinstance(finding.data, dict) else None
    head = f"**{md.text(finding.code)}** {md.text(_line(finding.message))}"
    if words:
        head += " (intent: " + ", ".join(md.code(w) for w in words[:3] if isinstance(w, str)) + ")"
    lines = [head]
    report = finding.report
    clauses = list(report.problematic_clauses) if report is not None else []
    clauses += [c for c in finding.related if c not in clauses]
    if clauses:
        shown = []
        for c in clauses[:2]:
            snippet = _snippet(text, c.span)
            shown.append(f"{md.text(c.label)} {md.code(snippet)}" if snippet else md.text(c.label))
        more = f" (+{len(clauses) - 2} more)" if len(clauses) > 2 else ""
        lines.append("Where: " + "; ".join(shown) + more)
    if report is not None and report.correction:
        lines.append("Fix: " + md.text(_line(report.correction.strip())))
    if finding.fix is not None:
        kind = "quick fix" if finding.fix.safety.value == "safe" else "suggestion (review it)"
        lines.append(f"Offered as a {kind}: {md.text(_line(finding.fix.description))}")
    rule = get_rule(finding.code)
    if rule is not None:
        lines.append(f"{md.text(_line(summary_line(rule)))}{_measured(rule.code)} [{rule.code} documentation]"
                     f"({rule.help_uri})")
    return lines[:FINDING_LINES]


def finding_markdown(finding: Finding, text: str) -> str:
    """A finding explained in at most five lines (Markdown hard line breaks between them)."""
    return "  \n".join(finding_lines(finding, text))


def findings_at(findings, offset: int) -> list[Finding]:
    """The findings whose span holds ``offset``, the most precise (smallest span) first."""
    hits = [f for f in findings if f.span.start <= offset < max(f.span.end, f.span.start + 1)]
    return sorted(hits, key=lambda f: (f.span.end - f.span.start, f.sort_key()))


def noqa_code_at(document, offset: int) -> str | None:
    """The rule code of a ``noqa`` directive under ``offset``."""
    if document is None:
        return None
    for stmt in document.statements:
        for d in stmt.noqa:
            if not (d.span.start <= offset <= d.span.end) or not d.codes:
                continue
            chunk = document.text[d.span.start:d.span.end]
            for m in _CODE.finditer(chunk):
                if m.start() + d.span.start <= offset <= m.end() + d.span.start and m.group(0).lower() != "noqa":
                    return m.group(0).upper()
    return None


def verdict_markdown(engine, document, offset: int) -> str | None:
    """The verdict of the statement under ``offset`` (its intent line included), or None. Only a verdict
    the last check computed: a hover never runs the model (it answers at once; the verdict shows once the
    check's model phase is done)."""
    if engine is None or document is None:
        return None
    for stmt in document.statements:
        start = stmt.intent_span.start if getattr(stmt, "intent_span", None) is not None else stmt.start
        if not (min(start, stmt.start) <= offset <= stmt.end) or not stmt.intent:
            continue
        try:
            if engine.model_pending(stmt):  # the model phase has not scored it yet: nothing to read
                return None
            v = engine.verdict(stmt)
        except Exception:  # noqa: BLE001 - a hover never fails because of the verdict
            return None
        if v is None or v.probability is None:
            return None
        from sqlintent.verdict.step import describe_reason, distinct_terms

        text = f"**verdict** {v.probability:.0%} chance that this query does what its intent says"
        if v.inputs.score is not None:
            text += f" (the error detector alone: {v.inputs.score:.0%})"
        reasons: list[str] = []
        for name, _ in distinct_terms(v.reasons):
            r = describe_reason(name, v, stmt.intent)
            if r is not None and r not in reasons:
                reasons.append(r)
            if len(reasons) == 3:
                break
        if reasons:
            text += ". Why: " + "; ".join(md.text(r) for r in reasons)
        return text
    return None


def hover_at(outcome, offset: int, schema_text: str | None, verdict_text: str | None = None) -> str | None:
    """The hover: the verdict (one line), then the findings under the cursor, the most precise (the clause
    under the cursor) first, within :data:`HOVER_LINES` lines in all; then a noqa code's rule, then the schema
    card of the name under the cursor."""
    parts = [verdict_text] if verdict_text else []
    budget = HOVER_LINES - len(parts)
    hits = findings_at(outcome.result.findings, offset)
    for i, f in enumerate(hits):
        lines = finding_lines(f, outcome.result.text)
        if len(lines) > budget:
            parts.append(f"*{len(hits) - i} more finding{'s' if len(hits) - i != 1 else ''} here: see the "
                         "Problems panel*")
            break
        parts.append("  \n".join(lines))
        budget -= len(lines) + 1
    code = noqa_code_at(outcome.result.source_document, offset)
    if code:
        rule = get_rule(code)
        parts.append(explain(rule, markdown=True) if rule else f"`{code}`: no such sqlintent rule")
    if schema_text:
        parts.append(schema_text)
    return "\n\n---\n\n".join(parts) if parts else None


def register(server) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls, params: types.HoverParams):
        uri = params.text_document.uri
        outcome = await ls.diagnostics.outcome_for(uri)
        index = LineIndex(outcome.result.text, ls.workspace.position_codec)
        offset = index.offset(params.position)
        from sqlintent.server.schema_hover import schema_hover

        loop = asyncio.get_running_loop()
        schema_text = verdict_text = None
        document = outcome.result.source_document
        if outcome.engine is not None and document is not None:
            schema_text = await loop.run_in_executor(ls.thread_pool, schema_hover, outcome.engine, document, offset)
            verdict_text = await loop.run_in_executor(ls.thread_pool, verdict_markdown, outcome.engine, document,
                                                      offset)
        value = hover_at(outcome, offset, schema_text, verdict_text)
        if value is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value))
