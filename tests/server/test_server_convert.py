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


def test_hover_text_shows_report_and_rule_in_five_lines():
    from sqlintent.server.hover import finding_markdown

    text = "SELECT name FROM head WHERE age > 56"
    f = Finding("SIM001", "low-intent-match", "the error detector gives this query a 12% chance",
                Span(0, len(text)), Severity.WARNING, confidence=0.88,
                report=ErrorReport("The query lists names where a count was asked for.",
                                   (Clause("SELECT clause", Span(0, 11)),), "Count the rows: SELECT count(*)",
                                   "SELECT count(*) FROM head WHERE age > 56"),
                data={"score": 0.12, "threshold": 0.5})
    md = finding_markdown(f, text)
    lines = md.split("  \n")
    assert len(lines) <= 5  # at most five lines a finding
    assert lines[0] == "**SIM001** the error detector gives this query a 12% chance"
    assert "Where: SELECT clause `SELECT name`" in md
    assert "Fix: Count the rows" in md
    # no model internals: no raw score, threshold or confidence
    assert "0.120" not in md and "threshold" not in md and "confidence" not in md
    # then one line on the rule and a link to its documentation, not the whole documentation
    last = lines[-1]
    assert last.startswith("The error detector thinks the query does not match its intent.")
    assert last.endswith("(https://github.com/sqlintent/sqlintent/blob/main/docs/rules.md#sim001-low-intent-match)")
    assert "Why is this bad?" not in md and len(md) < 600


def test_a_hover_over_many_findings_stays_short():
    """Findings under the cursor: the clause's own first, about 25 lines in all, the rest counted."""
    from types import SimpleNamespace

    from sqlintent.engine import FileResult
    from sqlintent.server.hover import HOVER_LINES, hover_at

    text = "SELECT name FROM head WHERE age > 56"
    wide = [Finding(f"SIL00{i}", "x", f"statement-wide finding {i}", Span(0, len(text)), Severity.INFO,
                    report=ErrorReport("d", (Clause("SELECT clause", Span(0, 11)),), "do something", None))
            for i in range(1, 9)]
    narrow = Finding("SIS003", "unknown-column", "unknown column 'age'", Span(28, 31), Severity.ERROR)
    outcome = SimpleNamespace(result=FileResult("q.sql", text, findings=wide + [narrow]))
    md = hover_at(outcome, 29, None, "**verdict** 10% chance that this query does what its intent says")
    body = [ln for ln in md.replace("  \n", "\n").splitlines() if ln.strip() and ln != "---"]
    assert len(body) <= HOVER_LINES + 1, len(body)
    blocks = md.split("\n\n---\n\n")
    assert blocks[0].startswith("**verdict**") and "\n" not in blocks[0]  # the verdict on one line
    assert blocks[1].startswith("**SIS003**")  # the clause under the cursor first
    assert blocks[-1].startswith("*") and "more finding" in blocks[-1]
