"""Offsets to LSP positions and back, findings to diagnostics, and the noqa edit (no server process)."""
from __future__ import annotations

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from sqlintent.document import parse_document
from sqlintent.findings import Clause, ErrorReport, Finding, Severity, Span
from sqlintent.server.code_actions import noqa_edit
from sqlintent.server.convert import LineIndex, to_diagnostic


def test_positions_in_utf16_utf8_and_crlf():
    text = "SELECT '😀'\r\nFROM t\rWHERE x"
    idx = LineIndex(text)  # UTF-16 by default
    from_ = text.index("FROM")
    assert idx.position(from_) == types.Position(line=1, character=0)
    assert idx.position(text.index("WHERE")) == types.Position(line=2, character=0)  # a lone CR ends a line
    end_quote = text.index("'", 8)
    assert idx.position(end_quote) == types.Position(line=0, character=10)  # the emoji is 2 UTF-16 units
    assert idx.offset(types.Position(line=0, character=10)) == end_quote
    utf8 = LineIndex(text, PositionCodec(types.PositionEncodingKind.Utf8))
    assert utf8.position(end_quote).character == 12  # 4 bytes in UTF-8
    assert idx.line_end(0) == text.index("\r\n")


def test_ranges_are_never_empty():
    idx = LineIndex("SELECT 1")
    r = idx.range(Span(8, 8))  # at the very end
    assert (r.start.character, r.end.character) == (7, 8)


def test_diagnostic_carries_code_link_severity_and_related_clauses():
    text = "SELECT a FROM t WHERE b = 1"
    f = Finding("SIS003", "unknown-column", "unknown column 'a'", Span(7, 8), Severity.ERROR,
                related=(Clause("FROM clause", Span(9, 15)),),
                report=ErrorReport("bad filter", (Clause("WHERE clause", Span(16, 27)),), "filter on c"),
                data={"score": 0.12})
    d = to_diagnostic(f, LineIndex(text), "file:///q.sql")
    assert d.code == "SIS003" and d.source == "sqlintent"
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.code_description.href.endswith("docs/rules.md#sis003-unknown-column")
    assert [(r.message, r.location.range.start.character) for r in d.related_information] == [
        ("FROM clause", 9), ("WHERE clause", 16)]
    assert d.data["score"] == 0.12


def _finding_in(doc, index: int, code="SIS003"):
    stmt = doc.statements[index]
    return Finding(code, "x", "m", Span(stmt.start, stmt.start + 1), statement_index=index)


def test_noqa_edit_goes_at_the_end_of_the_statements_last_line():
    text = "SELECT a\nFROM t\nWHERE b = 1;\nSELECT 2;\n"
    doc = parse_document(text)
    edit = noqa_edit(doc, _finding_in(doc, 0), LineIndex(text))
    assert edit.range.start == types.Position(line=2, character=12) and edit.new_text == " -- noqa: SIS003"


def test_noqa_edit_extends_an_existing_directive():
    text = "SELECT a FROM t; -- noqa: SIS002\n"
    doc = parse_document(text)
    edit = noqa_edit(doc, _finding_in(doc, 0), LineIndex(text))
    assert edit.new_text == ", SIS003" and edit.range.start.character == len("SELECT a FROM t; -- noqa: SIS002")
    assert noqa_edit(doc, _finding_in(doc, 0, "SIS002"), LineIndex(text)) is None  # already suppressed


def test_hover_text_shows_report_score_and_rule():
    from sqlintent.server.hover import finding_markdown

    text = "SELECT name FROM head WHERE age > 56"
    f = Finding("SIM001", "low-intent-match", "the error detector gives this query a 12% chance",
                Span(0, len(text)), Severity.WARNING, confidence=0.88,
                report=ErrorReport("The query lists names where a count was asked for.",
                                   (Clause("SELECT clause", Span(0, 11)),), "Count the rows: SELECT count(*)",
                                   "SELECT count(*) FROM head WHERE age > 56"),
                data={"score": 0.12, "threshold": 0.5})
    md = finding_markdown(f, text)
    assert "detector score 0.120 (threshold 0.5)" in md
    assert "- SELECT clause: `SELECT name`" in md
    assert "**Correction:** Count the rows" in md
    assert "SIM001 low-intent-match" in md  # the rule's explanation follows
