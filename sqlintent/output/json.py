"""JSON output: every finding with its span, line/column location, fix, error report and data."""
from __future__ import annotations

import json

from sqlintent import __version__


def render(run) -> str:
    files = []
    for fr in run.files:
        files.append({
            "path": fr.path,
            "error": fr.error,
            "statements": fr.statements,
            "findings": [f.to_dict(fr.locator) for f in fr.findings],
        })
    findings = run.findings
    doc = {
        "tool": "sqlintent",
        "version": __version__,
        "files": files,
        "run_findings": [f.to_dict() for f in run.run_findings],
        "summary": {
            "files": len(run.files),
            "files_with_errors": len(run.errors),
            "findings": len(findings),
            "by_severity": {s: sum(1 for f in findings if f.severity.value == s)
                            for s in ("error", "warning", "info", "hint")},
        },
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
