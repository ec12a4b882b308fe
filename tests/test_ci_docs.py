"""docs/ci.md says what the code does: its workflows are valid YAML whose `sqlintent check` lines run as
written and give what the page promises, and its pre-commit config names the shipped hooks."""
from __future__ import annotations

import json
import re
import shlex
import sqlite3
from pathlib import Path

import yaml

from conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
BLOCKS = [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", PAGE, re.S)]


def workspace(tmp_path: Path) -> Path:
    conn = sqlite3.connect(tmp_path / "shop.sqlite")
    conn.executescript("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL); INSERT INTO orders VALUES (1, 2);")
    conn.close()
    (tmp_path / "sqlintent.toml").write_text('database = "shop.sqlite"\n', encoding="utf-8")
    (tmp_path / "q.sql").write_text("-- intent: every order's total\nSELECT id, totl FROM orders;\n",
                                    encoding="utf-8")
    return tmp_path


def check_steps(workflow: dict) -> list[str]:
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    return [s["run"] for s in steps if "run" in s and s["run"].startswith("sqlintent check")]


def run_step(line: str, cwd: Path):
    command, _, redirect = line.partition(">")
    args = shlex.split(command)[2:] + ["--no-model"]
    proc = run_cli("check", *args, cwd=cwd)
    return proc, redirect.strip()


def test_workflows_and_pre_commit_config_parse():
    workflows = [b for b in BLOCKS if "jobs" in b]
    assert len(workflows) == 3
    hook_ids = {h["id"] for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    (config,) = [b for b in BLOCKS if "repos" in b]
    assert {h["id"] for r in config["repos"] for h in r["hooks"]} <= hook_ids


def test_sarif_workflow_writes_a_log_and_passes(tmp_path):
    (workflow,) = [b for b in BLOCKS if "jobs" in b and "security-events" in b.get("permissions", {})]
    (line,) = check_steps(workflow)
    proc, target = run_step(line, workspace(tmp_path))
    assert proc.returncode == 0, proc.stderr
    upload = next(s for job in workflow["jobs"].values() for s in job["steps"]
                  if s.get("uses", "").startswith("github/codeql-action/upload-sarif"))
    assert upload["with"]["sarif_file"] == target
    log = json.loads(proc.stdout)
    assert log["version"] == "2.1.0"
    results = log["runs"][0]["results"]
    assert any(r["ruleId"] == "SIS003" for r in results)


def test_github_workflow_annotates_and_fails(tmp_path):
    (workflow,) = [b for b in BLOCKS if "jobs" in b and "security-events" not in b.get("permissions", {})
                   and "forks" not in b["name"]]
    (line,) = check_steps(workflow)
    proc, _ = run_step(line, workspace(tmp_path))
    assert proc.returncode == 1
    assert re.search(r"^::error file=\./q\.sql,line=2,col=12,.*title=SIS003", proc.stdout, re.M) or \
        re.search(r"^::error file=q\.sql,line=2,col=12,.*title=SIS003", proc.stdout, re.M), proc.stdout


def test_fork_workflow_pins_the_base_config_and_ignores_the_pull_requests(tmp_path):
    (workflow,) = [b for b in BLOCKS if "jobs" in b and "forks" in b["name"]]
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert "pull_request" in triggers and "pull_request_target" not in triggers
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    checkouts = [s for s in steps if s.get("uses", "").startswith("actions/checkout")]
    assert {c["with"]["path"] for c in checkouts} == {"base", "pr"}
    assert all(c["with"]["persist-credentials"] is False for c in checkouts)
    step = next(s for s in steps if s.get("run", "").startswith("sqlintent check"))
    (name,) = step["env"]
    assert "secrets." in step["env"][name]
    # the base branch names its database through the environment; the pull request's own config asks
    # for dbt and ignores the finding: it is not read at all
    (tmp_path / "base").mkdir()
    base = workspace(tmp_path / "base")
    (base / "sqlintent.toml").write_text(f'database = "env:{name}"\n', encoding="utf-8")
    pr = tmp_path / "pr"
    pr.mkdir()
    (base / "q.sql").rename(pr / "q.sql")
    (pr / "sqlintent.toml").write_text('templater = "dbt"\nignore = ["SIS003"]\n', encoding="utf-8")
    command = shlex.split(step["run"])[2:] + ["--no-model"]
    proc = run_cli("check", *command, cwd=tmp_path, env={name: str(base / "shop.sqlite")})
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert re.search(r"^::error file=pr/q\.sql,line=2,col=12,.*title=SIS003", proc.stdout, re.M), proc.stdout
    # a fork's run gets no secrets: the variable is empty, SID001 (an error) says the database checks are
    # skipped and stops the job (exit 2); --ignore SID001 runs the rest
    proc = run_cli("check", *command, cwd=tmp_path, env={name: ""})
    assert proc.returncode == 2 and "::error title=SID001" in proc.stdout, proc.stdout + proc.stderr
    assert "is not set; database checks are skipped" in proc.stdout
    proc = run_cli("check", *command, "--ignore", "SID001", cwd=tmp_path, env={name: ""})
    assert "SID001" not in proc.stdout and "SIS003" not in proc.stdout, proc.stdout
