"""Who decides a schema error: the database's own front end where it can be asked, sqlintent's resolver
where it cannot (shared by SIS002, SIS003 and SIS004).

:attr:`StatementContext.names_verdict` asks the database (:mod:`sqlintent.frontend`). When it accepts the
statement, no schema error is reported, whatever sqlglot's tree suggests; when it refuses it over a name, that
one error is reported, at the identifier the database names and with its own message; otherwise (no database
front end for the dialect, a refusal for another reason) the resolver's findings stand, unless the resolver
could not follow the query (then the rules abstain).
"""
from __future__ import annotations

from sqlintent.analyzers.base import StatementContext
from sqlintent.findings import Span
from sqlintent.frontend import Verdict, locate


def database_decides(ctx: StatementContext) -> Verdict | None:
    """The verdict when the database decided the statement's schema errors (it accepted it, or refused it
    over a name); None when the resolver must judge."""
    verdict = ctx.names_verdict
    if verdict is not None and (verdict.accepted or verdict.names_error):
        return verdict
    return None


def decided(ctx: StatementContext, kinds: tuple[str, ...], database_error, resolver_findings):
    """The findings of a schema rule (SIS002-SIS004), who decides in one place: none where the database
    accepted the statement; its own error where it refused it over a name of ``kinds``
    (``database_error(ctx, verdict)``); then the resolver's findings (``resolver_findings()``, each rule's
    own reading, called only if needed) beside that error."""
    verdict = database_decides(ctx)
    if verdict is not None and verdict.accepted:
        return  # the database accepted the statement: no error, ever
    found = None
    if verdict is not None and verdict.kind in kinds:  # the database named it itself
        found = database_error(ctx, verdict)
        yield found
    for finding in resolver_findings():  # the others (the database names only its first error)
        if beside(found.span if found else None, finding.span):
            yield finding


def beside(found: Span | None, span: Span | None) -> bool:
    """Whether a resolver finding at ``span`` is another error than the database's at ``found``: the
    database names only the first error of a statement it refuses, so the resolver's others stand beside it
    (on a refused statement they cannot make valid SQL red)."""
    return span is not None and (found is None or span.end <= found.start or span.start >= found.end)


def named_span(ctx: StatementContext, verdict: Verdict) -> Span:
    """Where the name the database reports is in the statement (the whole statement when it is not found)."""
    last = verdict.name.rsplit(".", 1)[-1]
    return locate(ctx.sql, verdict.name) or locate(ctx.sql, last) or ctx.whole_span()


def resolver_trusted(ctx: StatementContext) -> bool:
    """Whether the resolver followed every FROM form of the statement (else the rules that need it abstain)."""
    return not ctx.resolution.uncertain
