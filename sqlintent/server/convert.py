"""Findings to LSP diagnostics, and character offsets to LSP positions and back.

The engine speaks character offsets (Python string indices); LSP speaks zero-based lines and columns in
the client's position encoding (UTF-16 unless negotiated otherwise). :class:`LineIndex` does the mapping
once per text (:mod:`sqlintent.lines`: LSP's own line breaks, ``\\n``, ``\\r\\n`` and ``\\r``, the
same as the command line's), using pygls' position codec for the column units.

A finding's message and its related clauses' labels name the checked file's tables, columns and literals:
they are written with control characters escaped (:func:`sqlintent.escape.safe_text`) before an editor
renders them, here, where every diagnostic (published, pulled, or carried by a code action) is made.
"""
from __future__ import annotations

from typing import Iterable

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from sqlintent.analyzers import get_rule
from sqlintent.escape import safe_text
from sqlintent.findings import Finding, Severity, Span
from sqlintent import lines

SOURCE = "sqlintent"

SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}

# findings that mark text that could simply go (editors fade it)
UNNECESSARY_CODES = {"SIN001"}


class LineIndex(lines.LineIndex):
    """Offsets <-> LSP positions for one text, in the client's position encoding (the line ends and the
    line starts are :class:`sqlintent.lines.LineIndex`'s, shared with the command line)."""

    def __init__(self, text: str, codec: PositionCodec | None = None):
        super().__init__(text)
        self.codec = codec or PositionCodec()

    def position(self, offset: int) -> types.Position:  # type: ignore[override]
        offset = max(0, min(offset, len(self.text)))
        line = self.line_of(offset)
        line_text = self.line_text(line)
        prefix = line_text[:min(offset - self.starts[line], len(line_text))]
        # ASCII counts the same in every encoding; otherwise the codec counts the client's code units
        units = len(prefix) if prefix.isascii() else self.codec.client_num_units(prefix)
        return types.Position(line=line, character=units)

    def range(self, span: Span) -> types.Range:
        """The range of ``span``; never zero-width while the text has a character to point at."""
        start, end = self.position(span.start), self.position(max(span.end, span.start + 1))
        if (start.line, start.character) == (end.line, end.character) and span.start > 0:
            start = self.position(span.start - 1)
        return types.Range(start=start, end=end)

    def offset(self, position: types.Position) -> int:  # type: ignore[override]
        """The character offset of an LSP position (clamped to the text)."""
        if position.line >= len(self.starts):
            return len(self.text)
        line_text = self.line_text(position.line)
        pos = self.codec.position_from_client_units([line_text],
                                                    types.Position(line=0, character=position.character))
        return min(self.starts[position.line] + min(pos.character, len(line_text)), len(self.text))


def to_diagnostic(finding: Finding, index: LineIndex, uri: str) -> types.Diagnostic:
    """One finding as an LSP diagnostic: code, link to its explanation, clause range, related clauses."""
    rule = get_rule(finding.code)
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri, range=index.range(c.span)), message=safe_text(c.label))
        for c in _related_clauses(finding)
    ]
    tags = [types.DiagnosticTag.Unnecessary] if finding.code in UNNECESSARY_CODES else None
    data = {"code": finding.code, "span": [finding.span.start, finding.span.end]}
    if "score" in finding.data:
        data["score"] = finding.data["score"]
    return types.Diagnostic(
        range=index.range(finding.span),
        message=safe_text(finding.message),
        severity=SEVERITY.get(finding.severity, types.DiagnosticSeverity.Warning),
        code=finding.code,
        code_description=types.CodeDescription(href=rule.help_uri) if rule is not None else None,
        source=SOURCE,
        related_information=related or None,
        tags=tags,
        data=data,
    )


def _related_clauses(finding: Finding):
    seen: set[tuple[int, int]] = {(finding.span.start, finding.span.end)}
    clauses = list(finding.related)
    if finding.report is not None:
        clauses.extend(finding.report.problematic_clauses)
    for c in clauses:
        key = (c.span.start, c.span.end)
        if key in seen:
            continue
        seen.add(key)
        yield c


def to_diagnostics(findings: Iterable[Finding], text: str, uri: str,
                   codec: PositionCodec | None = None) -> list[types.Diagnostic]:
    index = LineIndex(text, codec)
    return [to_diagnostic(f, index, uri) for f in findings]


__all__ = ["LineIndex", "SOURCE", "SEVERITY", "ServerTextPosition", "to_diagnostic", "to_diagnostics"]
