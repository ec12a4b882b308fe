"""Pages for people: what a user reads (rule pages, `rule --all`, the README, the quick start, `check --help`)
uses no model or statistics jargon; `rule CODE` gives one measured line in words; the per-corpus figures
live on the developer page docs/measurements.md, kept equal to its generator."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JARGON = [r"\bECE\b", r"\bAUC\b", r"\bWilson\b", r"\blogits?\b", r"both heads", r"calibrat", r"gold-clean",
          r"\brecall\b", r"softmax", r"sigmoid", r"lower bound", r"\bROC\b", r"\bF1\b", r"Policy v2",
          r"precision -"]


def _jargon(text: str) -> list[str]:
    return [w for w in JARGON if re.search(w, text, re.IGNORECASE)]


def test_user_facing_text_has_no_jargon(cli):
    texts = {
        "rule --all": cli("rule", "--all").stdout,
        "rule --all --format markdown": cli("rule", "--all", "--format", "markdown").stdout,
        "check --help": cli("check", "--help").stdout,
        "README.md": (ROOT / "README.md").read_text(encoding="utf-8"),
        "docs/quickstart.md": (ROOT / "docs" / "quickstart.md").read_text(encoding="utf-8"),
    }
    found = {k: _jargon(v) for k, v in texts.items() if _jargon(v)}
    assert not found, found


def test_rule_page_has_one_measured_line_in_words(cli):
    page = cli("rule", "SIL007").stdout
    measured = [ln for ln in page.splitlines() if ln.startswith("Measured")]
    assert len(measured) == 1, page
    assert re.search(r"\d+ of its \d+ findings pointed at a query that was wrong", measured[0]), measured
    assert "A/pgexercises" not in page and "spider_dev_gold" not in page  # corpus names a user cannot know
    for part in ("What it does:", "Why is this bad?", "Example:", "Use instead:", "Fix safety:", "Default severity:"):
        assert part in page


def test_rule_all_is_short(cli):
    out = cli("rule", "--all", "--format", "json").stdout
    import json

    n = len(json.loads(out))
    lines = cli("rule", "--all").stdout.count("\n")
    assert lines / n < 15, (lines, n)


def test_measurements_page_is_generated(cli):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "sqlintent.analyzers.policy"], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    page = (ROOT / "docs" / "measurements.md").read_text(encoding="utf-8")
    assert page == proc.stdout, "docs/measurements.md is stale: python -m sqlintent.analyzers.policy > docs/measurements.md"
    assert "| A/pgexercises |" in page and "Wilson" in page  # the figures moved here, for developers
