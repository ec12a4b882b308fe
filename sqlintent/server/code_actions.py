"""``textDocument/codeAction``: the fixes the analyzers offer, "suppress with noqa", and
``source.fixAll.sqlintent`` (every safe fix of the document at once).

A fix is marked preferred only when its safety is SAFE. The suppression appends ``-- noqa: CODE`` at the end
of the statement's last line, or adds the code to a ``noqa`` directive already there. Which fixes apply,
and which overlap or no longer apply, is decided by ``sqlintent.fixes.apply_fixes``, as for ``check --fix``.
A fix's description names the file's identifiers and literals: titles are written with control characters
escaped (:func:`sqlintent.escape.safe_text`); the edits carry the fix's text as it is.
"""
from __future__ import annotations

from lsprotocol import types

from sqlintent.escape import safe_text
from sqlintent.findings import Finding, FixSafety, Span
from sqlintent.fixes import apply_fixes
from sqlintent.server.convert import LineIndex, to_diagnostic

NOT_SUPPRESSIBLE = {"SIN001"}  # an unused noqa is removed, not suppressed
FIX_ALL = f"{types.CodeActionKind.SourceFixAll.value}.sqlintent"


def _overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start <= b_end and b_start <= a_end


def fix_action(finding: Finding, index: LineIndex, uri: str) -> types.CodeAction | None:
    fix = finding.fix
    if fix is None or not apply_fixes(index.text, [finding], unsafe=True, manual=True).applied:
        return None  # no fix, or one that no longer applies to this text
    edits = [types.TextEdit(range=_edit_range(index, e.span), new_text=e.replacement) for e in fix.edits]
    description = safe_text(fix.description)
    title = description if fix.safety != FixSafety.UNSAFE else f"{description} (unsafe: review)"
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
            from sqlintent.analyzers.selectors import any_matches, selectors

            if any_matches(finding.code, selectors(d.codes, "noqa")):
                return None
            return types.TextEdit(range=_edit_range(index, Span(d.span.end, d.span.end)),
                                  new_text=f", {finding.code}")
    following = next((s for s in document.statements if s.index == stmt.index + 1), None)
    if following is not None and following.start < line_end:
        # another statement starts on this line: a line comment at its end would be that statement's, so
        # the directive goes inside this one, as a block comment before its semicolon
        return types.TextEdit(range=_edit_range(index, Span(stmt.end, stmt.end)),
                              new_text=f" /* noqa: {finding.code} */")
    line_text = text[:line_end]
    sep = "" if line_text.endswith((" ", "\t")) else " "
    return types.TextEdit(range=_edit_range(index, Span(line_end, line_end)),
                          new_text=f"{sep}-- noqa: {finding.code}")


def suppress_action(finding: Finding, outcome, index: LineIndex, uri: str) -> types.CodeAction | None:
    if finding.code in NOT_SUPPRESSIBLE:
        return None
    edit = noqa_edit(outcome.result.source_document, finding, index)
    if edit is None:
        return None
    return types.CodeAction(
        title=f"Suppress {finding.code} with noqa",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[to_diagnostic(finding, index, uri)],
        is_preferred=False,
        edit=types.WorkspaceEdit(changes={uri: [edit]}),
    )


def fix_all_action(outcome, index: LineIndex, uri: str) -> types.CodeAction | None:
    """Every safe fix of the document that applies without overlapping another, as one edit."""
    result = apply_fixes(outcome.result.text, outcome.result.findings)
    if not result.applied:
        return None
    edits, seen = [], set()
    for f in result.applied:
        for e in f.fix.edits:
            if (e.span, e.replacement) not in seen:
                seen.add((e.span, e.replacement))
                edits.append(types.TextEdit(range=_edit_range(index, e.span), new_text=e.replacement))
    n = len(result.applied)
    return types.CodeAction(title=f"Fix all safe sqlintent findings ({n})", kind=FIX_ALL,
                            edit=types.WorkspaceEdit(changes={uri: edits}))


def _wants(only: list[str] | None, kind: str) -> bool:
    return not only or any(kind == k or kind.startswith(k + ".") for k in only)


def actions_for(outcome, index: LineIndex, uri: str, start: int, end: int,
                only: list[str] | None = None) -> list[types.CodeAction]:
    out = []
    if only and _wants(only, FIX_ALL):  # asked for by kind only (on save, or "Fix all")
        action = fix_all_action(outcome, index, uri)
        out = [action] if action is not None else []
    if not _wants(only, types.CodeActionKind.QuickFix.value):
        return out
    fixes, suppressions = [], []
    for f in outcome.result.findings:
        if not _overlaps(f.span.start, f.span.end, start, end):
            continue
        a = fix_action(f, index, uri)
        if a is not None:
            fixes.append(a)
        s = suppress_action(f, outcome, index, uri)
        if s is not None and s.title not in {x.title for x in suppressions}:
            suppressions.append(s)
    return out + fixes + suppressions


def register(server) -> None:
    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]))
    async def code_action(ls, params: types.CodeActionParams):
        uri = params.text_document.uri
        outcome = await ls.diagnostics.outcome_for(uri)
        index = LineIndex(outcome.result.text, ls.workspace.position_codec)
        start, end = index.offset(params.range.start), index.offset(params.range.end)
        return actions_for(outcome, index, uri, start, end, params.context.only)
