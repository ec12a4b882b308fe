"""What a ``check`` run left unchecked, as one SIU001 finding per cause (never one per statement).

The causes: no SQL file matched the paths (an empty folder, only ``.pgsql`` files); files skipped for their
type; a PostgreSQL role that may not read the tables (no SELECT grant) or a superuser no probe runs as
(SID002); probes that ran past their time limit; a refusal of the database sqlintent cannot classify. Each
finding carries the count in ``data["count"]``; the summary line adds them up. They are warnings (CI fails)
unless ``--allow-unchecked`` or ``allow_unchecked = true`` accepts them, then infos.
"""
from __future__ import annotations

from sqlintent.analyzers.engine_rules import NOT_CHECKED
from sqlintent.findings import Finding, Severity, Span

_WHY = {
    "timeout": ("a database probe ran past its time limit (probes.timeout_ms, probes.file_timeout_ms), so the "
                "data checks of {n} did not run"),
    "privilege": "the database role may not read what {n} use{s}: their data checks did not run",
    "unclassified": ("the database refused a probe or the statement for a reason sqlintent cannot classify, "
                     "so {n} {were} not fully checked"),
}


def _statements(n: int) -> str:
    return f"{n} statement{'s' if n != 1 else ''}"


def unchecked_findings(reports, run_findings, configs: dict, *, no_files: bool, paths: list[str],
                       skipped: list[str], allow: bool, enabled) -> list[Finding]:
    """The run's SIU001 findings (see the module). ``run_findings``: the engines' and workers' run findings
    (they may hold SIU001 already, from the database's grants, and SID002); ``enabled(code)``: whether the
    configuration reports a code; ``allow``: the run accepts what it left unchecked."""
    if not enabled(NOT_CHECKED.code):
        return []
    sev = Severity.INFO if allow else Severity.WARNING
    tail = "" if allow else " (--allow-unchecked accepts it)"
    out: list[Finding] = []

    def add(cause: str, message: str, count: int) -> None:
        out.append(Finding(NOT_CHECKED.code, NOT_CHECKED.name, message + tail, Span(0, 1), sev,
                           data={"cause": cause, "count": count}))

    if no_files:
        named = ", ".join(paths[:3]) + (" ..." if len(paths) > 3 else "")
        add("no-files", f"no SQL file was checked: {named} holds no *.sql file that is not excluded", 0)
    if skipped:
        kinds = sorted({s.rsplit(".", 1)[-1].lower() for s in skipped})
        n = len(skipped)
        add("file-type", f"{n} file{'s' if n != 1 else ''} of SQL by name{' were' if n != 1 else ' was'} skipped: "
            f"only *.sql files are checked in a folder ({', '.join('.' + k for k in kinds)}; name such a file "
            "directly to check it)", n)
    per_cause: dict[str, set] = {}
    for fr in reports:
        for f in fr.findings:
            if f.code == "SIX001" and isinstance(f.data, dict) and f.data.get("cause"):
                per_cause.setdefault(f.data["cause"], set()).add((fr.path, f.span.start))
    grants = [f for f in run_findings if f.code == NOT_CHECKED.code and f.data.get("cause") == "privilege"]
    if grants:
        f = grants[0]
        n = len(per_cause.pop("privilege", ()))
        extra = f"; {_statements(n)} failed on it" if n else ""
        add("privilege", f.message + extra, n)
    superuser = any(f.code == "SID002" and f.data.get("probes_skipped") for f in run_findings)
    if superuser:
        n = sum(fr.statements or 0 for fr in reports if not fr.error)
        add("superuser", "connected as a PostgreSQL superuser, so no probe ran: the data checks of "
            f"{_statements(n)} did not run (SID002)", n)
    for cause in ("timeout", "privilege", "unclassified"):
        n = len(per_cause.get(cause, ()))
        if n:
            add(cause, _WHY[cause].format(n=_statements(n), s="" if n != 1 else "s", were="were" if n != 1 else "was"), n)
    return out
