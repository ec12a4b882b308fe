"""Every rule's default severity follows severity policy v2 and its recorded measurements (docs/rules.md)."""
from __future__ import annotations

from pathlib import Path

from sqlintent.analyzers import all_rules, get_rule
from sqlintent.analyzers.policy import (
    CERTAIN,
    MAX_GOOD_FIRING,
    MIN_PRECISION,
    MIN_WILSON_LOW,
    allowed_severity,
    corpus_figures,
    false_errors,
    measurements,
    policy_failures,
    pooled,
    wilson_low,
)
from sqlintent.findings import Severity


def test_measurements_cover_every_rule_with_a_check_on_every_corpus():
    m = measurements()
    assert m.get("schema") == 2 and m["commands"]
    missing = [r.code for r in all_rules().rules if r.check is not None and "corpora" not in m["rules"].get(r.code, {})]
    assert not missing, f"no per-corpus measurements for {missing}: run the commands in tools/update_measured.py"
    kinds = {c["kind"] for c in m["corpora"].values()}
    assert kinds == {"labelled", "good"}
    real = [k for k, c in m["corpora"].items() if c["real_world"] and c["kind"] == "labelled"]
    assert len(real) >= 5, real  # realworld_dev A and B by source, and the fetched corpora


def test_default_severity_never_exceeds_what_the_policy_allows():
    order = {"hint": 0, "info": 1, "warning": 2, "error": 3}
    for rule in all_rules().rules:
        if rule.check is None or not rule.default_enabled:
            continue
        allowed = allowed_severity(rule.code)
        assert order[rule.severity.value] <= order[allowed], (rule.code, rule.severity.value, allowed,
                                                              policy_failures(rule.code))


def test_warnings_are_precise_on_real_sql_and_quiet_on_known_good_sql():
    for rule in all_rules().rules:
        if rule.check is None or rule.severity is not Severity.WARNING:
            continue
        p = pooled(rule.code)
        assert p["precision_pct"] >= MIN_PRECISION and p["wilson_low_pct"] >= MIN_WILSON_LOW, rule.code
        assert all(f["good_firing_pct"] is None or f["good_firing_pct"] <= MAX_GOOD_FIRING
                   for f in corpus_figures(rule.code).values()), rule.code


def test_errors_are_only_the_certain_rules():
    errors = {r.code for r in all_rules().rules if r.check is not None and r.severity is Severity.ERROR}
    assert errors <= CERTAIN


def test_the_policy_demotes_a_rule_that_is_imprecise_or_noisy_anywhere(monkeypatch):
    """Fed figures, the policy says warning only when every condition holds."""
    from sqlintent.analyzers import policy

    corpora = {"A": {"kind": "labelled", "real_world": True, "ok": 1000, "wrong": 100},
               "B": {"kind": "labelled", "real_world": True, "ok": 100, "wrong": 100},
               "gold": {"kind": "good", "real_world": False, "ok": 1000, "wrong": 0}}
    good = {"precision_gold_clean": 95.0, "corpora": {"A": [1, 30, 0], "B": [0, 12, 0]}}
    cases = {
        "SIX901": (good, "warning"),
        "SIX902": ({**good, "corpora": {"A": [4, 25, 0], "B": [0, 10, 0]}}, "info"),  # precision 89.7%, 0.4% of ok
        "SIX903": ({**good, "corpora": {"A": [0, 9, 0]}}, "info"),  # 100% but 9 firings: Wilson 70%
        "SIX904": ({**good, "corpora": {"A": [1, 30, 0], "B": [1, 20, 0]}}, "info"),  # 1 of 100 ok answers of B
        "SIX905": ({**good, "corpora": {"A": [1, 30, 0], "B": [0, 20, 0], "gold": [6, 0, 0]}}, "info"),  # 0.6% gold
        "SIX906": ({**good, "precision_gold_clean": 70.0}, "info"),
        "SIX907": ({"corpora": {"A": [1, 30, 0], "B": [0, 20, 0]}}, "info"),  # Spider dev not measured
    }
    monkeypatch.setattr(policy, "measurements", lambda: {"corpora": corpora,
                                                         "rules": {k: v for k, (v, _) in cases.items()}})
    got = {code: policy.allowed_severity(code) for code in cases}
    assert got == {code: want for code, (_, want) in cases.items()}
    assert policy.allowed_severity("SIS003") == "error"
    monkeypatch.setattr(policy, "DESIGN_SOURCES", {"SIX901": ("A",)})  # designed on A: measured on B alone
    assert policy.pooled("SIX901")["fired_wrong"] == 12 and policy.allowed_severity("SIX901") == "info"


def test_wilson_lower_bound():
    assert wilson_low(0, 0) is None
    assert round(wilson_low(16, 16), 1) == 80.6 and wilson_low(15, 15) < 80
    assert round(wilson_low(45, 50), 1) == 78.6


def test_the_figures_per_corpus_are_on_the_developer_page(cli):
    from sqlintent.analyzers.policy import measured_details

    detail = measured_details("SIL005", markdown=True)
    assert "Per corpus" in detail and "A/sqlzoo_aa:" in detail and "spider_dev_gold:" in detail
    assert "Policy v2: info, because" in detail
    m = get_rule("SIL005").measured
    ok, wrong, deb = m["corpora"]["A/sqlzoo_aa"]
    assert f"A/sqlzoo_aa: {ok} / {wrong} / {deb};" in detail
    assert "Errors on correct queries (must be 0)" in measured_details("SIS003")
    page = (Path(__file__).resolve().parents[2] / "docs" / "measurements.md").read_text(encoding="utf-8")
    assert detail in page
    assert "Per corpus" not in cli("rule", "SIL005").stdout  # the rule page says it in one line


def test_error_rules_never_fired_on_a_correct_query():
    bad = {code: false_errors(code) for code in sorted(CERTAIN) if false_errors(code)}
    assert not bad, f"errors on correct queries, per rule: {bad}"
