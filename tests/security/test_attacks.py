"""Every attack of cases.py through Engine.check_text against the real database: nothing changes, nothing
secret comes out, every probe returns within its timeout plus 100 ms, and what is refused is named once."""
from __future__ import annotations

import pytest

from .cases import BY_DIALECT, COMMON, count
from .conftest import BOUND_S, MARKER, Sentinel, check_attack, findings_text, snapshot


def _cases(dialect: str):
    return [pytest.param(dialect, sql, refused, id=f"{dialect}-{name}")
            for name, sql, refused in COMMON + BY_DIALECT[dialect]]


ALL = _cases("sqlite") + _cases("duckdb") + _cases("postgres")


def test_there_are_at_least_100_cases():
    assert count() == len(ALL) >= 100


@pytest.mark.parametrize("dialect, sql, refused", ALL)
def test_attack_is_refused_or_harmless(request, dialect, sql, refused):
    target = request.getfixturevalue({"sqlite": "sqlite_target", "duckdb": "duckdb_target",
                                      "postgres": "pg_target"}[dialect])
    sentinel = Sentinel() if dialect == "postgres" else None
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
    # every probe returned within its timeout plus 100 ms
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
