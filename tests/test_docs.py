"""Docs that match the code: the generated configuration reference, rule links, no dead relative link,
and no install command that cannot work."""
import re
import tomllib
from pathlib import Path

import pytest

from sqlintent.analyzers import all_rules
from sqlintent.analyzers.base import REPOSITORY_URL, RULES_PAGE
from sqlintent.settings.reference import render

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
         *sorted((ROOT / "editor_clients").glob("*/README.md")), ROOT / "sqlintent" / "detector_model" / "MODEL_CARD.md"]
# `pip install sqlintent` or `sqlintent[extra]` from an index; `name[extra] @ git+URL` is fine
INDEX_INSTALL = re.compile(r"pip3? install (?:-[-\w]+ )*['\"]?sqlintent\b(?:\[[^\]]*\])?(?![-_\w./@\[])(?!\s*@)")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")


def _slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    text = re.sub(r"[`*_\[\]()]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    out, counts, fence = set(), {}, False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fence = not fence
        m = re.match(r"#{1,6}\s+(.*)", line)
        if m and not fence:
            slug = _slug(m.group(1))
            n = counts.get(slug, 0)
            counts[slug] = n + 1
            out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def _links(page: Path):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    for m in LINK.finditer(text):
        yield m.group(1) or m.group(2)


def test_configuration_reference_is_generated_from_the_model():
    page = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert page == render(), "docs/configuration.md is stale: python -m sqlintent.settings.reference > docs/configuration.md"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_dead_relative_link(page):
    dead = []
    for target in _links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:, ...
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            dead.append(target)
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            dead.append(target)
    assert not dead, f"dead links in {page.relative_to(ROOT)}: {dead}"


def test_the_link_checker_finds_dead_links(tmp_path):
    page = tmp_path / "x.md"
    (tmp_path / "y.md").write_text("# Real heading\n")
    page.write_text("[a](y.md#real-heading) [b](nope.md) [c](y.md#nope) `[d](in-code.md)`\n")
    found = list(_links(page))
    assert found == ["y.md#real-heading", "nope.md", "y.md#nope"]
    assert _anchors(tmp_path / "y.md") == {"real-heading"}


def test_rule_links_resolve_to_rules_md_anchors(monkeypatch):
    monkeypatch.delenv("SQLINTENT_DOCS_URL", raising=False)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["urls"]["Homepage"] == REPOSITORY_URL
    anchors = _anchors(ROOT / RULES_PAGE)
    for rule in all_rules().rules:
        base, _, anchor = rule.help_uri.partition("#")
        assert base == f"{REPOSITORY_URL}/blob/main/{RULES_PAGE}" and anchor in anchors, rule.code
    monkeypatch.setenv("SQLINTENT_DOCS_URL", "https://docs.example.com/rules/{code}.html")
    assert all_rules().by_code("SIS003").help_uri == "https://docs.example.com/rules/SIS003.html"


def test_no_install_from_a_package_index():
    """sqlintent is not on any package index: the docs install from a clone or a git URL."""
    assert _index_install("pip install sqlintent") and _index_install("pip install -U 'sqlintent[ray]'")
    assert not _index_install("pip install 'sqlintent[ray] @ git+https://x/y'")
    assert not _index_install("pip install -e '.[ray]'") and not _index_install("pip install sqlintent-x")
    bad = INDEX_INSTALL
    for page in [*PAGES, ROOT / "editor_clients" / "vscode" / "src" / "extension.ts"]:
        text = page.read_text(encoding="utf-8")
        assert not bad.search(text), f"{page.relative_to(ROOT)}: {bad.search(text).group(0)}"


def _index_install(text: str) -> bool:
    return bool(INDEX_INSTALL.search(text))
