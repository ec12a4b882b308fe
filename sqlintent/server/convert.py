"""Findings to LSP diagnostics, and character offsets to LSP positions and back.

The engine speaks character offsets (Python string indices); LSP speaks zero-based lines and columns in
the client's position encoding (UTF-16 unless negotiated otherwise). :class:`LineIndex` does the mapping
once per text, using pygls' position codec for the column units and LSP's own line breaks
(``\\n``, ``\\r\\n``, ``\\r``).
"""
from __future__ import annotations

import bisect
import re
from typing import Iterable

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from sqlintent.analyzers import get_rule
from sqlintent.findings import Finding, Severity, Span

SOURCE = "sqlintent"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")

SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}

# findings that mark text that could simply go (editors fade it)
UNNECESSARY_CODES = {"SIN001"}


class LineIndex:
    """Offsets <-> LSP positions for one text, in the client's position encoding."""

    def __init__(self, text: str, codec: PositionCodec | None = None):
        self.text = text
        self.codec = codec or PositionCodec()
        self.starts = [0] + [m.end() for m in _LINE_BREAK.finditer(text)]
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        """The lines without their line breaks (what the codec measures)."""
        if self._lines is None:
            out = []
            for i, start in enumerate(self.starts):
                end = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.text)
                out.append(self.text[start:end].rstrip("\r\n"))
            self._lines = out
        return self._lines

    def position(self, offset: int) -> types.Position:
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.starts, offset) - 1
        col = offset - self.starts[line]
        line_text = self._line_text(line)
        col = min(col, len(line_text))
        prefix = line_text[:col]
        # ASCII counts the same in every encoding; otherwise the codec counts the client's code units
        units = col if prefix.isascii() else self.codec.client_num_units(prefix)
        return types.Position(line=line, character=units)

    def _line_text(self, line: int) -> str:
        if self._lines is not None:
            return self._lines[line]
        start = self.starts[line]
        end = self.starts[line + 1] if line + 1 < len(self.starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def range(self, span: Span) -> types.Range:
        """The range of ``span``; never zero-width while the text has a character to point at."""
        start, end = self.position(span.start), self.position(max(span.end, span.start + 1))
        if (start.line, start.character) == (end.line, end.character) and span.start > 0:
            start = self.position(span.start - 1)
        return types.Range(start=start, end=end)

    def offset(self, position: types.Position) -> int:
        """The character offset of an LSP position (clamped to the text)."""
        if not self.starts:
            return 0
        if position.line >= len(self.starts):
            return len(self.text)
        line_text = self._line_text(position.line)
        pos = self.codec.position_from_client_units([line_text],
                                                    types.Position(line=0, character=position.character))
        return min(self.starts[position.line] + min(pos.character, len(line_text)), len(self.text))

    def line_end(self, offset: int) -> int:
        """The offset of the end of the line holding ``offset`` (before its line break)."""
        line = bisect.bisect_right(self.starts, max(0, min(offset, len(self.text)))) - 1
        return self.starts[line] + len(self._line_text(line))


def to_diagnostic(finding: Finding, index: LineIndex, uri: str) -> types.Diagnostic:
    """One finding as an LSP diagnostic: code, link to its explanation, clause range, related clauses."""
    rule = get_rule(finding.code)
    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri, range=index.range(c.span)), message=c.label)
        for c in _related_clauses(finding)
    ]
    tags = [types.DiagnosticTag.Unnecessary] if finding.code in UNNECESSARY_CODES else None
    data = {"code": finding.code, "span": [finding.span.start, finding.span.end]}
    if "score" in finding.data:
        data["score"] = finding.data["score"]
    return types.Diagnostic(
        range=index.range(finding.span),
        message=finding.message,
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
