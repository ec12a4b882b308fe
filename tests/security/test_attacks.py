"""Every attack of cases.py through Engine.check_text against the real database: nothing changes, nothing
secret comes out, every probe is cut by its timeout, and what is refused is named once."""
from __future__ import annotations

import pytest

from .cases import BY_DIALECT, COMMON, count
from .conftest import BOUND_S, MARKER, Sentinel, check_attack, findings_text, snapshot


TARGETS = {"sqlite": "sqlite_target", "duckdb": "duckdb_target", "postgres": "pg_target",
           "postgres-superuser": "pg_super_target"}


def _cases(target: str):
    dialect = target.split("-")[0]
    return [pytest.param(target, sql, refused, id=f"{target}-{name}")
            for name, sql, refused in COMMON + BY_DIALECT[dialect]]


ALL = _cases("sqlite") + _cases("duckdb") + _cases("postgres")
# PostgreSQL once more as the superuser, as probes.allow_superuser = true would: the guard alone holds
AS_SUPERUSER = _cases("postgres-superuser")


def test_there_are_at_least_100_cases():
    assert count() == len(ALL) >= 100


@pytest.mark.parametrize("which, sql, refused", ALL + AS_SUPERUSER)
def test_attack_is_refused_or_harmless(request, which, sql, refused):
    target = request.getfixturevalue(TARGETS[which])
    sentinel = Sentinel() if target.dialect == "postgres" else None
    try:
        before = snapshot(target)
        findings, times = check_attack(target, sql)
        after = snapshot(target)
        assert after == before, "the attack changed the database or wrote a file"
        if sentinel is not None:
            assert sentinel.alive(), "another session was terminated"
    finally:
        if sentinel is not None:
            sentinel.close()
    # nothing of the secret file reaches any finding (message, data, report)
    assert MARKER not in findings_text(findings)
    # every probe was cut by its timeout (BOUND_S: the timeout with a margin for a loaded machine)
    slow = [(round(s, 3), q) for s, q in times if s > BOUND_S]
    assert not slow, f"probes past {BOUND_S}s: {slow}"
    refusals = [f for f in findings if f.code == "SIX002"]
    if refused is not None:
        assert len(refusals) == 1, [f.message for f in findings]
        assert refused.lower() in str(refusals[0].data.get("refused")).lower(), refusals[0].message
        assert refusals[0].severity.value == "info"
        # a refused statement is never sent: no probe of it ran at all
        assert times == [], times
    else:  # once per statement at most
        assert len({f.statement_index for f in refusals}) == len(refusals), [f.message for f in refusals]
