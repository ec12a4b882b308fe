"""Issue 39: one model finding per statement. SIM001 is folded into SIV001 (its clause attribution kept in the
verdict's explanation, its code still naming the verdict in noqa), and SIV001 takes its severity only below
``verdict.show_below``: above it the verdict stays in JSON (a hint) and in the hover, not in the default output."""
from __future__ import annotations

import json

QUERY = "-- intent: How many customers are there in each state?\nSELECT name FROM customers ORDER BY name DESC;\n"


def _check(cli, tmp_path, shop_db, text: str, *args: str) -> list[dict]:
    (tmp_path / "q.sql").write_text(text, encoding="utf-8")
    proc = cli("check", str(tmp_path / "q.sql"), "--db", str(shop_db), "--format", "json", "--select",
               "SIM001,SIV001,SIX003", *args, cwd=tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    (f,) = json.loads(proc.stdout)["files"]
    return f["findings"]


def test_the_detector_finding_is_folded_into_the_verdict(cli, tmp_path, shop_db):
    found = _check(cli, tmp_path, shop_db, QUERY, "--min-severity", "hint")
    codes = [f["code"] for f in found]
    assert codes == ["SIV001"], codes  # one model finding, not SIM001 beside SIV001
    (siv,) = found
    # the detector's own clause attribution is kept in the verdict's explanation
    assert "the error detector" in siv["message"] and "doubts the" in siv["message"], siv["message"]
    assert siv["data"]["detector"]["code"] == "SIM001" and siv["data"]["detector"]["clauses"]
    assert 0 < siv["data"]["probability"] < 0.5


def test_the_verdict_is_a_hint_until_a_measured_threshold(cli, tmp_path, shop_db):
    # by default no threshold has earned 60% precision: not in the text a user reads, but kept in JSON as a hint
    (tmp_path / "q.sql").write_text(QUERY, encoding="utf-8")
    text = cli("check", str(tmp_path / "q.sql"), "--db", str(shop_db), cwd=tmp_path)
    assert "SIV001" not in text.stdout and "SIM001" not in text.stdout and text.returncode == 0, text.stdout
    (hint,) = _check(cli, tmp_path, shop_db, QUERY)
    assert hint["code"] == "SIV001" and hint["severity"] == "hint" and 0 < hint["data"]["probability"] < 0.5
    (tmp_path / "sqlintent.toml").write_text("[verdict]\nshow_below = 0.5\n", encoding="utf-8")
    (shown,) = _check(cli, tmp_path, shop_db, QUERY)
    assert shown["code"] == "SIV001" and shown["severity"] == "info"


def test_a_noqa_naming_sim001_silences_the_verdict(cli, tmp_path, shop_db):
    text = QUERY.replace("DESC;", "DESC;  -- noqa: SIM001")
    found = _check(cli, tmp_path, shop_db, text, "--min-severity", "hint")
    assert [f["code"] for f in found] == [], found  # suppressed, and the directive is not "unused" (SIX003)
