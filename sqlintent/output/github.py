"""GitHub Actions workflow commands: annotations on the pull request's diff. Every text is escaped twice:
control characters first (:mod:`sqlintent.escape`), then the workflow commands' own escaping."""
from __future__ import annotations

from sqlintent.escape import (
    safe_path,
    safe_text,
    workflow_data,
    workflow_property,
)

_LEVEL = {"error": "error", "warning": "warning", "info": "notice", "hint": "notice"}


def _data(s: str) -> str:
    return workflow_data(safe_text(s))


def _prop(s: str) -> str:
    return workflow_property(safe_text(s))


def render(run) -> str:
    out = []
    for f in run.run_findings:
        out.append(f"::{_LEVEL[f.severity.value]} title={_prop(f.code + ' ' + f.name)}::{_data(f.message)}")
    for fr in run.files:
        path = workflow_property(safe_path(fr.path))
        if fr.error:
            out.append(f"::error file={path},title=sqlintent::{_data(fr.error)}")
            continue
        for f in fr.findings:
            sl, sc = fr.locator.line_col(f.span.start)
            el, ec = fr.locator.line_col(f.span.end)
            msg = safe_text(f.message)
            if f.report and f.report.correction:
                msg += "\n" + safe_text(f.report.correction)  # a real line break, inside the annotation
            out.append(f"::{_LEVEL[f.severity.value]} file={path},line={sl},col={sc},endLine={el},"
                       f"endColumn={ec},title={_prop(f.code + ' ' + f.name)}::{workflow_data(msg)}")
    return "\n".join(out) + ("\n" if out else "")
