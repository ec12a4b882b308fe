"""SARIF 2.1.0 output for GitHub code scanning: every rule with its full explanation and help URI."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from sqlintent import __version__
from sqlintent.analyzers.base import REPOSITORY_URL, explain

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "info": "note", "hint": "note"}


def _uri(path: str) -> str:
    """A URI reference for a file: relative to the working directory where it can be, percent-encoded (a
    space, '%', '#', '?' or ':' in a name would otherwise make it another URI or none)."""
    p = Path(path)
    if p.is_absolute():
        try:
            p = p.relative_to(Path.cwd())
        except ValueError:
            return p.as_uri()
    return quote(p.as_posix(), safe="/!$&'()*+,;=@-._~")


def _region(locator, span) -> dict:
    sl, sc = locator.line_col(span.start)
    el, ec = locator.line_col(span.end)
    return {"startLine": sl, "startColumn": sc, "endLine": el, "endColumn": ec,
            "charOffset": span.start, "charLength": span.end - span.start}


def render(run) -> str:
    rules = list(run.rules)
    index = {r.code: i for i, r in enumerate(rules)}
    descriptors = [{
        "id": r.code,
        "name": r.name,
        "shortDescription": {"text": r.summary},
        "fullDescription": {"text": explain(r)},
        "help": {"text": explain(r), "markdown": explain(r, markdown=True)},
        "helpUri": r.help_uri,
        "defaultConfiguration": {"level": _LEVEL[r.severity.value], "enabled": r.default_enabled},
        "properties": {"tags": ["sql"]},
    } for r in rules]
    results = []
    for fr in run.files:
        if fr.error:
            continue
        for f in fr.findings:
            loc = {"physicalLocation": {"artifactLocation": {"uri": _uri(fr.path)},
                                        "region": _region(fr.locator, f.span)}}
            res = {
                "ruleId": f.code,
                "level": _LEVEL[f.severity.value],
                "message": {"text": f.message + (f"\n{f.report.correction}" if f.report and f.report.correction
                                                 else "")},
                "locations": [loc],
                "properties": {"confidence": round(f.confidence, 4), "name": f.name},
            }
            if f.code in index:
                res["ruleIndex"] = index[f.code]
            related = list(f.related) + (list(f.report.problematic_clauses) if f.report else [])
            if related:
                res["relatedLocations"] = [
                    {"id": i, "message": {"text": c.label},
                     "physicalLocation": {"artifactLocation": {"uri": _uri(fr.path)},
                                          "region": _region(fr.locator, c.span)}}
                    for i, c in enumerate(related)]
            if f.fix:
                res["fixes"] = [{"description": {"text": f.fix.description}, "artifactChanges": [{
                    "artifactLocation": {"uri": _uri(fr.path)},
                    "replacements": [{"deletedRegion": _region(fr.locator, e.span),
                                      "insertedContent": {"text": e.replacement}} for e in f.fix.edits]}]}]
            results.append(res)
    notifications = [{"level": _LEVEL[f.severity.value], "message": {"text": f.message},
                      "descriptor": {"id": f.code}} for f in run.run_findings]
    notifications += [{"level": "error", "message": {"text": f"{fr.path}: {fr.error}"}} for fr in run.errors]
    doc = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "sqlintent", "version": __version__, "semanticVersion": __version__,
                                "informationUri": REPOSITORY_URL, "rules": descriptors}},
            "invocations": [{"executionSuccessful": not run.errors,
                             "toolExecutionNotifications": notifications}],
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
