"""GitHub Actions workflow commands: annotations on the pull request's diff."""
from __future__ import annotations

_LEVEL = {"error": "error", "warning": "warning", "info": "notice", "hint": "notice"}


def _data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(s: str) -> str:
    return _data(s).replace(":", "%3A").replace(",", "%2C")


def render(run) -> str:
    out = []
    for f in run.run_findings:
        out.append(f"::{_LEVEL[f.severity.value]} title={_prop(f.code + ' ' + f.name)}::{_data(f.message)}")
    for fr in run.files:
        if fr.error:
            out.append(f"::error file={_prop(fr.path)},title=sqlintent::{_data(fr.error)}")
            continue
        for f in fr.findings:
            sl, sc = fr.locator.line_col(f.span.start)
            el, ec = fr.locator.line_col(f.span.end)
            msg = f.message
            if f.report and f.report.correction:
                msg += "\n" + f.report.correction
            out.append(f"::{_LEVEL[f.severity.value]} file={_prop(fr.path)},line={sl},col={sc},endLine={el},"
                       f"endColumn={ec},title={_prop(f.code + ' ' + f.name)}::{_data(msg)}")
    return "\n".join(out) + ("\n" if out else "")
