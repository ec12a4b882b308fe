"""Every rule is documented the same way everywhere: docstring sections, the CLI, and docs/rules.md."""
from pathlib import Path

from sqlintent.analyzers import all_rules
from sqlintent.analyzers.base import SECTIONS

ROOT = Path(__file__).resolve().parents[2]


def test_every_rule_has_all_sections_and_a_kebab_name():
    for rule in all_rules().rules:
        sections = rule.sections()
        missing = [s for s in SECTIONS if not sections.get(s)]
        assert not missing, f"{rule.code} lacks {missing}"
        assert rule.name == rule.name.lower() and " " not in rule.name and "_" not in rule.name
        assert rule.code[:2] == "SI" and rule.code[2].isalpha() and rule.code[3:].isdigit()


def test_docs_page_matches_the_cli_output(cli):
    proc = cli("rule", "--all", "--format", "markdown")
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert page.endswith(proc.stdout), "docs/rules.md is stale: regenerate it (see its first lines)"
