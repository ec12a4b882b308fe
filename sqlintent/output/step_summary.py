"""The Markdown job summary of a GitHub Actions run (``--format github`` with ``$GITHUB_STEP_SUMMARY`` set).

Beside the annotations on the diff, ``check --format github`` appends to the file GitHub names in
``GITHUB_STEP_SUMMARY`` a short report a reviewer reads on the run's page: the findings counted by rule and
by file, and what was not checked (files that could not be read, templates that did not render, statements
too deep or slow to read). The path comes from the environment (trusted); everything written in it that came
from the checkout (file names, rule names) is escaped so that it cannot break out of the table.
"""
from __future__ import annotations

import os
import re
from collections import Counter

from sqlintent.escape import safe_text
from sqlintent.output.text import NOT_CHECKED

_ORDER = ("error", "warning", "info", "hint")
_MAX_ROWS = 50  # per table: a summary is read, not searched


def cell(text: str) -> str:
    """``text`` as one Markdown table cell: control characters, U+2028/U+2029 and the bidirectional controls
    shown as escapes (:func:`sqlintent.escape.safe_text`), Markdown's active
    characters (``|``, backticks, brackets, ``<``, ``*``, ``_``...) escaped."""
    text = safe_text(text)
    return re.sub(r"([\\`*_{}\[\]()<>#+!|~])", r"\\\1", text)


def render(run) -> str:
    findings = run.findings
    by_rule = Counter((f.code, f.name, f.severity.value) for f in findings)
    by_file = Counter(fr.path for fr in run.files for _ in fr.findings)
    unread = run.errors
    unchecked = [(fr.path, f) for fr in run.files for f in fr.findings if f.code in NOT_CHECKED]
    unchecked += [("the run", f) for f in run.run_findings if f.code == "SIU001"]  # one per cause
    sev = Counter(f.severity.value for f in findings)
    out = ["## sqlintent", ""]
    checked = sum(1 for fr in run.files if not fr.error)
    if findings:
        counts = ", ".join(f"{sev[s]} {s}{'s' if sev[s] != 1 else ''}" for s in _ORDER if sev[s])
        out.append(f"{len(findings)} finding{'s' if len(findings) != 1 else ''} ({counts}) in {checked} "
                   f"file{'s' if checked != 1 else ''} checked.")
    else:
        out.append(f"No findings in {checked} file{'s' if checked != 1 else ''} checked.")
    if by_rule:
        out += ["", "| rule | severity | findings |", "|---|---|---:|"]
        rows = sorted(by_rule.items(), key=lambda kv: (_ORDER.index(kv[0][2]), -kv[1], kv[0][0]))
        out += [f"| {cell(code)} {cell(name)} | {s} | {n} |" for (code, name, s), n in rows[:_MAX_ROWS]]
    if by_file:
        out += ["", "| file | findings |", "|---|---:|"]
        out += [f"| {cell(path)} | {n} |" for path, n in by_file.most_common(_MAX_ROWS)]
    if unread or unchecked:
        out += ["", "### Not checked", ""]
        out += [f"- {cell(fr.path)}: {cell(fr.error)}" for fr in unread[:_MAX_ROWS]]
        out += [f"- {cell(path)}: {cell(f.code)} {cell(f.message)}" for path, f in unchecked[:_MAX_ROWS]]
    return "\n".join(out) + "\n\n"


def write(run, environ=os.environ) -> None:
    """Append the summary to ``$GITHUB_STEP_SUMMARY`` when it is set (nothing otherwise); a file that cannot
    be written is said on stderr and does not change the run's exit status."""
    path = environ.get("GITHUB_STEP_SUMMARY")
    if not path:
        return
    try:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(render(run))
    except OSError as exc:
        import sys

        print(f"sqlintent: could not write the job summary to GITHUB_STEP_SUMMARY: {exc.strerror}",
              file=sys.stderr)
