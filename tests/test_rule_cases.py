"""Data-driven pass/fail/fix cases of the database signals (tests/rule_cases/<CODE>.yaml).

Each case gives a statement (and optionally an intent and config overrides) and says whether the rule fires;
when it fires, the case may name the exact text the finding blames, a message fragment, and the statement
after applying the rule's fix (``fixed: null`` asserts that no fix is offered). Every finding must carry an
error report whose problematic clauses lie inside the statement.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from signal_support import build_shop, check, engine_for

CASES_DIR = Path(__file__).resolve().parent / "rule_cases"


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


def test_every_signal_has_cases():
    codes = {yaml.safe_load(f.read_text(encoding="utf-8"))["rule"] for f in CASES_DIR.glob("*.yaml")}
    from signal_support import SIGNAL_CODES

    assert set(SIGNAL_CODES) <= codes


@pytest.mark.parametrize("code,case", _cases())
def test_rule_case(shop, code, case):
    engine = engine_for(shop, (code,), case.get("config"))
    text, findings = check(engine, " ".join(case["sql"].split()), case.get("intent"))
    mine = [f for f in findings if f.code == code]
    assert not [f for f in findings if f.data.get("internal_error")], findings
    if not case["fires"]:
        assert mine == [], [f.message for f in mine]
        return
    assert mine, f"{code} did not fire on: {case['sql']}"
    f = mine[0]
    stmt_start = text.index(" ".join(case["sql"].split()))
    stmt_end = stmt_start + len(" ".join(case["sql"].split()))
    if "blames" in case:
        assert text[f.span.start:f.span.end] == " ".join(case["blames"].split())
    if "message" in case:
        assert case["message"] in f.message, f.message
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
            assert f.fix.apply(text)[stmt_start:].strip() == " ".join(case["fixed"].split())
