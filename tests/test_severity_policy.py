"""Every rule's default severity follows the written policy and its recorded measurements (docs/rules.md)."""
from __future__ import annotations

from sqlintent.analyzers import all_rules, explain, get_rule
from sqlintent.analyzers.policy import CERTAIN, MAX_GOLD_FIRING, MIN_PRECISION, allowed_severity, measurements
from sqlintent.findings import Severity


def test_measurements_cover_every_rule_with_a_check():
    recorded = measurements()["rules"]
    missing = [r.code for r in all_rules().rules if r.check is not None and r.code not in recorded]
    assert not missing, f"no measurements for {missing}: run the commands in tools/update_measured.py"
    assert measurements()["commands"]


def test_default_severity_never_exceeds_what_the_policy_allows():
    order = {"hint": 0, "info": 1, "warning": 2, "error": 3}
    for rule in all_rules().rules:
        if rule.check is None or not rule.default_enabled:
            continue
        allowed = allowed_severity(rule.code)
        assert order[rule.severity.value] <= order[allowed], (rule.code, rule.severity.value, allowed,
                                                              rule.measured)


def test_warnings_are_measured_precise_and_quiet_on_gold():
    for rule in all_rules().rules:
        if rule.check is None or rule.severity is not Severity.WARNING:
            continue
        m = rule.measured
        assert m["precision_gold_clean"] >= MIN_PRECISION, rule.code
        assert m["spider_gold_firing_pct"] <= MAX_GOLD_FIRING, rule.code


def test_errors_are_only_the_certain_rules():
    errors = {r.code for r in all_rules().rules if r.check is not None and r.severity is Severity.ERROR}
    assert errors <= CERTAIN


def test_rule_command_prints_the_measured_precision(cli):
    proc = cli("rule", "SIL002")
    assert proc.returncode == 0
    m = get_rule("SIL002").measured
    assert f"gold-clean precision {m['precision_gold_clean']:.1f}%" in proc.stdout
    assert "Spider dev gold queries" in proc.stdout
    assert "Measured" in explain(get_rule("SIJ001"), markdown=True)
