"""The shipped .pre-commit-hooks.yaml, run by the real ``pre-commit`` on a temporary git repository.

The hook repository is a temporary git copy of this checkout (what pre-commit clones from a URL in
practice: here a local path, no network); pre-commit builds its own virtual environment with sqlintent
installed from it, once per test session (PRE_COMMIT_HOME in a temporary folder).
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]
PRE_COMMIT = shutil.which("pre-commit", path=os.path.dirname(sys.executable)) or shutil.which("pre-commit")
GIT = shutil.which("git")
pytestmark = [pytest.mark.skipif(PRE_COMMIT is None, reason="pre-commit is not installed (pip install -e '.[dev]')"),
              pytest.mark.skipif(GIT is None, reason="git is not installed")]

QUERY_BAD = "-- intent: the total of every order\nSELECT id, totl FROM orders;\n"
QUERY_GOOD = "-- intent: the total of every order\nSELECT id, total FROM orders;\n"


def git(cwd: Path, *args: str) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.org")
    return subprocess.run([GIT, *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def test_hooks_file_declares_both_hooks():
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert set(hooks) == {"sqlintent", "sqlintent-fix"}
    assert hooks["sqlintent"]["entry"] == "sqlintent check"
    assert hooks["sqlintent-fix"]["entry"] == "sqlintent check --fix"
    assert all(h["language"] == "python" and h["types"] == ["sql"] for h in hooks.values())


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> tuple[Path, str, Path]:
    """(a git repository holding this checkout's package and hooks file, its commit, PRE_COMMIT_HOME)."""
    repo = tmp_path_factory.mktemp("hookrepo") / "sqlintent"
    repo.mkdir()
    for name in ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml"):
        shutil.copy2(ROOT / name, repo / name)
    shutil.copytree(ROOT / "sqlintent", repo / "sqlintent",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "hooks")
    return repo, git(repo, "rev-parse", "HEAD").strip(), tmp_path_factory.mktemp("pre-commit-home")


def project(tmp_path: Path, hook_repo, hook_id: str, text: str) -> Path:
    repo, rev, _ = hook_repo
    proj = tmp_path / "project"
    proj.mkdir()
    conn = sqlite3.connect(proj / "shop.sqlite")
    conn.executescript("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL);"
                       "INSERT INTO orders VALUES (1, 20.5), (2, 7);")
    conn.close()
    (proj / "sqlintent.toml").write_text('database = "shop.sqlite"\nselect = ["SIS"]\n', encoding="utf-8")
    (proj / "queries.sql").write_text(text, encoding="utf-8")
    (proj / "notes.txt").write_text("SELECT totl FROM orders\n", encoding="utf-8")  # not SQL: not checked
    (proj / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{
        "repo": str(repo), "rev": rev, "hooks": [{"id": hook_id, "args": ["--no-model"]}]}]}), encoding="utf-8")
    git(proj, "init", "-q")
    git(proj, "add", "-A")
    return proj


def pre_commit(proj: Path, hook_repo) -> subprocess.CompletedProcess:
    env = dict(os.environ, PRE_COMMIT_HOME=str(hook_repo[2]), NO_COLOR="1")
    env.pop("PYTHONPATH", None)  # the hook runs the sqlintent pre-commit installed, not this checkout
    return subprocess.run([PRE_COMMIT, "run", "--all-files", "--color", "never"], cwd=proj, env=env,
                          capture_output=True, text=True, timeout=1500)


@pytest.mark.slow  # 18 s: pre-commit builds its own environment; the slow pass of .ci/run runs it
def test_sqlintent_hook_fails_on_a_finding_and_passes_when_fixed(tmp_path, hook_repo):
    proj = project(tmp_path, hook_repo, "sqlintent", QUERY_BAD)
    proc = pre_commit(proj, hook_repo)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "sqlintent" in proc.stdout and "Failed" in proc.stdout
    assert "queries.sql:2:12: SIS003" in proc.stdout and "did you mean 'total'" in proc.stdout
    assert "notes.txt" not in proc.stdout
    (proj / "queries.sql").write_text(QUERY_GOOD, encoding="utf-8")
    proc = pre_commit(proj, hook_repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Passed" in proc.stdout


@pytest.mark.slow  # 73 s under load: the first pre-commit run builds the hook's environment (.ci/run's slow pass)
def test_sqlintent_fix_hook_rewrites_the_file(tmp_path, hook_repo):
    if "--fix" not in run_cli("check", "--help").stdout:
        pytest.skip("`sqlintent check --fix` is not built in this checkout yet (issue 17, fixes); the hook is "
                    "shipped and this test runs once it is")
    proj = project(tmp_path, hook_repo, "sqlintent-fix", QUERY_BAD)
    proc = pre_commit(proj, hook_repo)
    assert proc.returncode == 1, proc.stdout + proc.stderr  # pre-commit fails a hook that changed files
    assert (proj / "queries.sql").read_text(encoding="utf-8") == QUERY_GOOD
    proc = pre_commit(proj, hook_repo)
    assert proc.returncode == 0, proc.stdout + proc.stderr
