"""``textDocument/hover``: what sqlintent knows about the text under the cursor.

- On a diagnostic's range: the finding's message, the words of the intent that drove it (alignment rules),
  the detector's score when the finding carries one, its
  clauses, correction and quick fix, then one line of the rule's summary and a link to the rule's full
  documentation (its anchor in docs/rules.md). With several findings under the cursor, the most precise
  (smallest span) comes first.
- On a ``noqa`` code: that rule's explanation.
- Anywhere in a statement with an intent: the verdict's probability that the query does what the intent
  says, and what pulls it down most (rule SIV001; see :mod:`sqlintent.verdict`).
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


def finding_markdown(finding: Finding, text: str) -> str:
    """A finding explained, short: message, score, clauses, correction and fix, then one line on the rule."""
    parts = [f"**{md.text(finding.code)}** {md.code(finding.name)}: {md.text(finding.message)}"]
    meta = []
    if finding.confidence < 1.0:
        meta.append(f"confidence {finding.confidence:.2f}")
    score = finding.data.get("score") if isinstance(finding.data, dict) else None
    if isinstance(score, (int, float)):
        threshold = finding.data.get("threshold")
        meta.append(f"detector score {score:.3f}" + (f" (threshold {threshold})" if threshold is not None else ""))
    if meta:
        parts.append("*" + "; ".join(meta) + "*")
    words = finding.data.get("intent_words") if isinstance(finding.data, dict) else None
    if words:
        parts.append("**Intent words:** " + ", ".join(md.code(w) for w in words if isinstance(w, str)))
    report = finding.report
    clauses = list(report.problematic_clauses) if report is not None else []
    clauses += [c for c in finding.related if c not in clauses]
    if clauses:
        lines = []
        for c in clauses:
            snippet = _snippet(text, c.span)
            lines.append(f"- {md.text(c.label)}: {md.code(snippet)}" if snippet else f"- {md.text(c.label)}")
        parts.append("\n".join(lines))
    if report is not None and report.correction:
        parts.append(f"**Correction:** {md.text(report.correction.strip())}")
    if finding.fix is not None:
        parts.append(f"Quick fix ({finding.fix.safety.value}): {md.text(finding.fix.description)}")
    rule = get_rule(finding.code)
    if rule is not None:
        parts.append(f"{rule.code} {rule.name}: {summary_line(rule)}{_measured(rule.code)} "
                     f"[Full documentation]({rule.help_uri})")
    return "\n\n".join(parts)


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
    """The verdict of the statement under ``offset`` (its intent line included), or None."""
    if engine is None or document is None:
        return None
    for stmt in document.statements:
        start = stmt.intent_span.start if getattr(stmt, "intent_span", None) is not None else stmt.start
        if not (min(start, stmt.start) <= offset <= stmt.end) or not stmt.intent:
            continue
        try:
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
            text += "\n\nWhy: " + "; ".join(md.text(r) for r in reasons)
        return text
    return None


def hover_at(outcome, offset: int, schema_text: str | None, verdict_text: str | None = None) -> str | None:
    parts = ([verdict_text] if verdict_text else []) + [finding_markdown(f, outcome.text)
                                                        for f in findings_at(outcome.findings, offset)]
    code = noqa_code_at(outcome.document, offset)
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
        index = LineIndex(outcome.text, ls.workspace.position_codec)
        offset = index.offset(params.position)
        from sqlintent.server.schema_hover import schema_hover

        loop = asyncio.get_running_loop()
        schema_text = verdict_text = None
        if outcome.engine is not None and outcome.document is not None:
            schema_text = await loop.run_in_executor(ls.thread_pool, schema_hover, outcome.engine,
                                                     outcome.document, offset)
            verdict_text = await loop.run_in_executor(ls.thread_pool, verdict_markdown, outcome.engine,
                                                      outcome.document, offset)
        value = hover_at(outcome, offset, schema_text, verdict_text)
        if value is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value))
