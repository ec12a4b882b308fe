"""Data-driven pass/fail/fix cases of every rule (tests/rule_cases/<CODE>.yaml).

Each case gives a statement (and optionally an intent and config overrides) and says whether the rule fires;
when it fires, the case may name the exact text the finding blames, a message fragment, and the statement
after applying the rule's fix (``fixed: null`` asserts that no fix is offered). The statement's whitespace is
collapsed to single spaces unless the case says ``verbatim: true``; ``needs: VARIABLE`` runs a case only where
that environment variable is set (the test PostgreSQL server's URLs, tests/pg_support.py). The findings a check reports once per run (the
database or model could not be read) count too. A database signal's finding must carry an error report whose
problematic clauses lie inside the statement; every finding lies inside the checked text.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import SIGNAL_CODES, build_shop, check, engine_for

CASES_DIR = Path(__file__).resolve().parent.parent / "rule_cases"


def _cases():
    out = []
    for f in sorted(CASES_DIR.glob("*.yaml")):
        spec = yaml.safe_load(f.read_text(encoding="utf-8"))
        for case in spec["cases"]:
            out.append(pytest.param(spec["rule"], case, id=f"{spec['rule']}-{case['name']}"))
    return out


@pytest.fixture(scope="module")
def shop(tmp_path_factory) -> Path:
    return build_shop(tmp_path_factory.mktemp("signals") / "shop.sqlite")


#: rules no statement can make fire in a check, with where they are tested instead
NO_CASES = {
    "SIX003": "scan's row that could not be checked (a crash, a row without SQL): tests/scan/test_scan.py",
    "SIU001": "what a whole run left unchecked, one per cause: tests/cli/test_unchecked.py",
}


def test_every_rule_has_cases():
    from sqlintent.analyzers import all_rules

    codes = {yaml.safe_load(f.read_text(encoding="utf-8"))["rule"] for f in CASES_DIR.glob("*.yaml")}
    assert set(SIGNAL_CODES) <= codes
    assert {r.code for r in all_rules().rules} - codes == set(NO_CASES)


@pytest.mark.parametrize("code,case", _cases())
def test_rule_case(shop, code, case):
    if case.get("needs") and not os.environ.get(case["needs"]):
        pytest.skip(f"{case['needs']} not set (.ci/run starts a PostgreSQL server and sets it)")
    engine = engine_for(shop, (code,), case.get("config"))
    flat = (lambda s: s.strip()) if case.get("verbatim") else (lambda s: " ".join(s.split()))
    text, findings = check(engine, flat(case["sql"]), case.get("intent"))
    findings = [*findings, *engine.run_findings]
    mine = [f for f in findings if f.code == code]
    assert not [f for f in findings if f.data.get("internal_error")], findings
    if not case["fires"]:
        assert mine == [], [f.message for f in mine]
        return
    assert mine, f"{code} did not fire on: {case['sql']}"
    f = mine[0]
    stmt_start = text.index(flat(case["sql"]))
    stmt_end = stmt_start + len(flat(case["sql"]))
    assert 0 <= f.span.start < f.span.end <= len(text)
    if "blames" in case:
        assert text[f.span.start:f.span.end] == flat(case["blames"])
    if "message" in case:
        assert case["message"] in f.message, f.message
    if code in SIGNAL_CODES:
        assert f.report is not None and f.report.description and f.report.correction
        assert f.report.problematic_clauses
        for clause in f.report.problematic_clauses:
            assert stmt_start <= clause.span.start < clause.span.end <= stmt_end
    assert 0.0 < f.confidence <= 1.0
    if "fixed" in case:
        if case["fixed"] is None:
            assert f.fix is None, f.fix
        else:
            assert f.fix is not None, f"{code} offers no fix"
            assert " ".join(f.fix.apply(text)[stmt_start:].split()) == " ".join(case["fixed"].split())
