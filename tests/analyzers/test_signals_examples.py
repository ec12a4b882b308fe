"""Every signal's documented Example fires it, and its documented "Use instead" does not.

The examples are read from the rules' docstrings (what ``sqlintent rule CODE``, hover and the docs show),
and run on the shop database that tests/signals_shop.sql builds.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import SIGNAL_CODES, build_shop, engine_for

from sqlintent.analyzers import all_rules, explain, get_rule
from sqlintent.analyzers.base import rule_examples


@pytest.fixture(scope="module")
def shop(tmp_path_factory) -> Path:
    return build_shop(tmp_path_factory.mktemp("examples") / "shop.sqlite")


def test_all_signals_registered():
    codes = {r.code for r in all_rules().rules}
    assert set(SIGNAL_CODES) <= codes
    names = [get_rule(c).name for c in SIGNAL_CODES]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("code", SIGNAL_CODES)
def test_documented_example_fires_and_fix_does_not(shop, code):
    rule = get_rule(code)
    bad, good = rule_examples(rule)
    assert bad.strip() and good.strip(), f"{code} lacks Example or Use instead"
    engine = engine_for(shop, (code,))
    bad_findings = [f for f in engine.check_text(bad + "\n", "example.sql").findings if f.code == code]
    good_findings = [f for f in engine.check_text(good + "\n", "fix.sql").findings if f.code == code]
    assert bad_findings, f"{code} does not fire on its documented example"
    assert good_findings == [], [f.message for f in good_findings]
    f = bad_findings[0]
    # a clause is blamed, not the whole statement
    body_start = bad.index("SELECT")
    assert (f.span.start, f.span.end) != (body_start, len(bad.rstrip()))
    assert f.report is not None and f.report.example and f.report.problematic_clauses


@pytest.mark.parametrize("code", SIGNAL_CODES)
def test_explanation_has_every_section(code):
    text = explain(get_rule(code))
    for section in ("What it does:", "Why is this bad?", "Example:", "Use instead:", "Fix safety:"):
        assert section in text, (code, section)


def test_text_output_shows_the_error_report(shop, cli):
    path = shop.parent / "q.sql"
    path.write_text("-- intent: customers in Boston\nSELECT name FROM customers WHERE city = 'boston';\n")
    proc = cli("check", str(path), "--db", str(shop), "--select", "SIP001", "--no-model", "--show-values", "enum")
    assert proc.returncode == 0, proc.stderr  # SIP001 is info (docs/rules.md, severity policy): CI passes
    assert "SIP001 [info]" in proc.stdout
    assert "SIP001" in proc.stdout
    assert "why: Empty predicate" in proc.stdout
    assert "clause 2:34 (predicate): city = 'boston'" in proc.stdout
    assert "'Boston'" in proc.stdout
