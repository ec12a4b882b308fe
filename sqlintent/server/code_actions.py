"""``textDocument/codeAction``: the fixes the analyzers offer, and "suppress with noqa".

A fix is marked preferred only when its safety is SAFE. The suppression appends ``-- noqa: CODE`` at the end
of the statement's last line, or adds the code to a ``noqa`` directive already there.
"""
from __future__ import annotations

from lsprotocol import types

from sqlintent.findings import Finding, FixSafety, Span
from sqlintent.server.convert import LineIndex, to_diagnostic

NOT_SUPPRESSIBLE = {"SIN001"}  # an unused noqa is removed, not suppressed


def _overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start <= b_end and b_start <= a_end


def fix_action(finding: Finding, index: LineIndex, uri: str) -> types.CodeAction | None:
    fix = finding.fix
    if fix is None:
        return None
    edits = [types.TextEdit(range=_edit_range(index, e.span), new_text=e.replacement) for e in fix.edits]
    title = fix.description if fix.safety == FixSafety.SAFE else f"{fix.description} (unsafe: review)"
    return types.CodeAction(
        title=f"{title} [{finding.code}]",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[to_diagnostic(finding, index, uri)],
        is_preferred=fix.safety == FixSafety.SAFE,
        edit=types.WorkspaceEdit(changes={uri: edits}),
    )


def _edit_range(index: LineIndex, span) -> types.Range:
    # edits may be zero-width (insertions): do not widen them like diagnostic ranges
    return types.Range(start=index.position(span.start), end=index.position(span.end))


def noqa_edit(document, finding: Finding, index: LineIndex):
    """The text edit that suppresses ``finding`` on its statement (None when it cannot be placed)."""
    if document is None or finding.statement_index is None:
        return None
    stmt = next((s for s in document.statements if s.index == finding.statement_index), None)
    if stmt is None:
        return None
    text = document.text
    line_end = index.line_end(max(stmt.end - 1, stmt.start))
    # a noqa directive with codes already at the end of that line: extend it
    for d in stmt.noqa:
        if d.codes and d.span.end <= line_end and index.line_end(d.span.start) == line_end:
            if finding.code in d.codes:
                return None
            return types.TextEdit(range=_edit_range(index, Span(d.span.end, d.span.end)),
                                  new_text=f", {finding.code}")
    line_text = text[:line_end]
    sep = "" if line_text.endswith((" ", "\t")) else " "
    return types.TextEdit(range=_edit_range(index, Span(line_end, line_end)),
                          new_text=f"{sep}-- noqa: {finding.code}")


def suppress_action(finding: Finding, outcome, index: LineIndex, uri: str) -> types.CodeAction | None:
    if finding.code in NOT_SUPPRESSIBLE:
        return None
    edit = noqa_edit(outcome.document, finding, index)
    if edit is None:
        return None
    return types.CodeAction(
        title=f"Suppress {finding.code} with noqa",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[to_diagnostic(finding, index, uri)],
        is_preferred=False,
        edit=types.WorkspaceEdit(changes={uri: [edit]}),
    )


def actions_for(outcome, index: LineIndex, uri: str, start: int, end: int,
                only: list[str] | None = None) -> list[types.CodeAction]:
    if only and not any(k == types.CodeActionKind.QuickFix or types.CodeActionKind.QuickFix.startswith(k)
                        for k in only):
        return []
    fixes, suppressions = [], []
    for f in outcome.findings:
        if not _overlaps(f.span.start, f.span.end, start, end):
            continue
        a = fix_action(f, index, uri)
        if a is not None:
            fixes.append(a)
        s = suppress_action(f, outcome, index, uri)
        if s is not None and s.title not in {x.title for x in suppressions}:
            suppressions.append(s)
    return fixes + suppressions


def register(server) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    async def code_action(ls, params: types.CodeActionParams):
        uri = params.text_document.uri
        outcome = await ls.diagnostics.outcome_for(uri)
        index = LineIndex(outcome.text, ls.workspace.position_codec)
        start, end = index.offset(params.range.start), index.offset(params.range.end)
        return actions_for(outcome, index, uri, start, end, params.context.only)
