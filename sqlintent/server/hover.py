"""``textDocument/hover``: what sqlintent knows about the text under the cursor.

- On a diagnostic's range: the finding's message, the words of the intent that drove it (alignment rules),
  its error report (problematic clauses, correction, example), the detector's score when the finding
  carries one, and the rule's explanation.
- On a ``noqa`` code: that rule's explanation.
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
from sqlintent.server.convert import LineIndex

_CODE = re.compile(r"[A-Za-z]+[0-9]+")


def finding_markdown(finding: Finding, text: str) -> str:
    """A finding explained: message, report, score, then the rule's documentation."""
    parts = [f"**{finding.code}** `{finding.name}`: {finding.message}"]
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
        parts.append("**Intent words:** " + ", ".join(f"`{w}`" for w in words if isinstance(w, str)))
    report = finding.report
    if report is not None:
        lines = ["#### Error report", "", report.description.strip()]
        if report.problematic_clauses:
            lines.append("")
            lines.append("Problematic clauses:")
            for c in report.problematic_clauses:
                snippet = " ".join(text[c.span.start:c.span.end].split())
                lines.append(f"- {c.label}: `{snippet}`" if snippet else f"- {c.label}")
        if report.correction:
            lines += ["", f"**Correction:** {report.correction.strip()}"]
        if report.example:
            lines += ["", "Example:", "", "```sql", report.example.strip(), "```"]
        parts.append("\n".join(lines))
    if finding.fix is not None:
        parts.append(f"Quick fix ({finding.fix.safety.value}): {finding.fix.description}")
    rule = get_rule(finding.code)
    if rule is not None:
        parts.append(explain(rule, markdown=True))
    return "\n\n".join(parts)


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


def hover_at(outcome, offset: int, schema_text: str | None) -> str | None:
    parts = []
    for f in outcome.findings:
        if f.span.start <= offset < max(f.span.end, f.span.start + 1):
            parts.append(finding_markdown(f, outcome.text))
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
        schema_text = None
        if outcome.engine is not None and outcome.document is not None:
            schema_text = await loop.run_in_executor(ls.thread_pool, schema_hover, outcome.engine,
                                                     outcome.document, offset)
        value = hover_at(outcome, offset, schema_text)
        if value is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value))
