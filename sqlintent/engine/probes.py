"""How a statement's probes end up as findings: the guard's refusal of the statement itself (SIX002, once
per statement) and the probes that failed (SIX001), unless the schema rules already reject the statement."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from sqlintent.analyzers.base import StatementContext
from sqlintent.analyzers.engine_rules import PROBE_FAILED, PROBE_REFUSED
from sqlintent.document import Statement
from sqlintent.findings import Finding, Severity, Span

if TYPE_CHECKING:  # sqlintent.db loads when a database is opened, not before
    from sqlintent.db.base import Database


# the statements a schema file or a dump holds: tables, views, indexes, comments, constraints, grants, the
# session settings pg_dump writes. They define the schema rather than ask it anything: only their syntax is
# judged (SIS001, SIS005), nothing of them is probed, no name in them is "unknown", no function "not pure"
_DDL = re.compile(r"(?:\s|--[^\n]*\n|/\*.*?\*/)*(?:(?:CREATE|ALTER|COMMENT\s+ON|DROP|GRANT|REVOKE|SET|RESET)\b|"
                  r"SELECT\s+pg_catalog\.set_config\s*\()", re.IGNORECASE | re.DOTALL)
DDL_RULES = frozenset({"SIS001", "SIS005"})


def is_schema_ddl(sql: str) -> bool:
    """Whether ``sql`` is a statement of a schema file (see ``_DDL``), not a query."""
    return bool(_DDL.match(sql))


def refusal(database: Database | None, sql: str, parsed: tuple | None = None):
    """A ProbeFailure when the guard refuses ``sql`` itself for what it calls or reads, else None.
    ``parsed``: the engine's parse of ``sql`` (``StatementContext.parsed``), which the guard reuses when it
    would parse the same text with the same dialect."""
    if database is None:
        return None
    from sqlintent.analyzers.base import ProbeFailure
    from sqlintent.db import NotReadOnlyError, ProbeRefused, ensure_select

    try:
        ensure_select(sql, database.dialect, parsed=parsed)
    except ProbeRefused as exc:
        return ProbeFailure(PROBE_REFUSED.code, str(exc), refused=exc.what)
    except NotReadOnlyError:  # not a query (DDL, DML): rules do not run it; not a refusal to report
        return None
    return None


def probe_findings(reporter, stmt: Statement, ctx: StatementContext, refused, out: list[Finding]) -> None:
    """Append the statement's SIX002 (the first refusal) and SIX001 findings to ``out``, through the engine's
    :class:`~sqlintent.engine.report.Reporter`."""
    # a statement the schema rules already reject cannot be probed: say that once, as the error
    rejected = any(f.severity == Severity.ERROR and f.code.startswith("SIS") for f in out)
    refusals = ([refused] if refused is not None else []) + [pf for pf in ctx.probe_failures if pf.refused]
    at = Span(0, max(1, len(stmt.text.split(None, 1)[0]))) if refusals or ctx.probe_failures else None
    if refusals:  # once per statement
        reporter.report(out, PROBE_REFUSED, refusals[0].message, at, data={"refused": refusals[0].refused})
    if not rejected:
        for pf in ctx.probe_failures:
            if not pf.refused:
                reporter.report(out, PROBE_FAILED, pf.message, at, data={"rule": pf.rule, "cause": pf.cause})
