"""The VS Code extension declares what it does in an untrusted workspace: limited support, and the settings
that choose what runs, where to connect and what to read are restricted (the workspace's values ignored).
The behaviour itself (interpreter, working folder, settings sent) runs in
editor_clients/vscode/scripts/smoke-test.js, through tests/server/test_server_vscode_extension.py."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "editor_clients" / "vscode" / "package.json"
MUST_BE_RESTRICTED = {"sqlintent.interpreter", "sqlintent.database", "sqlintent.schema_files", "sqlintent.templater",
                      "sqlintent.dbt.profiles_dir", "sqlintent.model.path", "sqlintent.verdict.path",
                      "sqlintent.probes.allow_superuser",
                      # resource limits: a repository's settings may not raise them (issue 37)
                      "sqlintent.probes.timeout_ms", "sqlintent.probes.file_timeout_ms", "sqlintent.probes.max_rows",
                      "sqlintent.max_file_size"}


def test_untrusted_workspaces_are_limited_and_the_dangerous_settings_restricted():
    pkg = json.loads(PACKAGE.read_text(encoding="utf-8"))
    untrusted = pkg["capabilities"]["untrustedWorkspaces"]
    assert untrusted["supported"] == "limited" and untrusted["description"]
    restricted = set(untrusted["restrictedConfigurations"])
    assert MUST_BE_RESTRICTED <= restricted
    assert restricted <= set(pkg["contributes"]["configuration"]["properties"])  # no stale names


EXT = PACKAGE.parent
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_an_untrusted_repository_with_a_committed_venv_runs_none_of_it(tmp_path):
    """Issue 37: a repository whose settings and Python extension both name its committed
    ``.venv/bin/python``. Opened untrusted, the command the extension starts (run here for real) runs none
    of it; trusting the workspace is the opt-in that lets it run."""
    if not (EXT / "out" / "extension.js").is_file() or not (EXT / "node_modules").is_dir():
        pytest.skip("extension not built: cd editor_clients/vscode && npm ci && npm run compile")
    repo = tmp_path / "repo"
    marker = tmp_path / "repo-python-ran"
    python = repo / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\necho ran >> "{marker}"\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    (repo / "sqlintent").mkdir()  # and a package that would stand in for sqlintent from the working folder
    (repo / "sqlintent" / "__main__.py").write_text(f"open({str(marker)!r}, 'a').write('pkg')\n")
    (repo / "sqlintent" / "__init__.py").write_text("")
    proc = subprocess.run([NODE, "scripts/smoke-test.js"], cwd=EXT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, SQLINTENT_SMOKE_WORKSPACE=str(repo)))
    assert proc.returncode == 0, proc.stderr
    starts = {s["trusted"]: s for s in (json.loads(line[6:]) for line in proc.stdout.splitlines()
                                        if line.startswith("START "))}
    bin_dir = tmp_path / "bin"  # the user's python3: this interpreter
    bin_dir.mkdir()
    (bin_dir / "python3").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    (bin_dir / "python3").chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=str(PACKAGE.parents[2]))

    def start(s: dict) -> subprocess.CompletedProcess:  # the server reads EOF on stdin and exits
        return subprocess.run([s["command"], *s["args"]], cwd=s["cwd"], env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=120)

    untrusted = start(starts[False])
    assert untrusted.returncode == 0, untrusted.stderr[-2000:]  # the real server ran, and stopped at EOF
    assert not marker.exists()
    assert not str(starts[False]["cwd"]).startswith(str(repo))
    start(starts[True])  # trusted: the user's opt-in, and the committed Python runs
    assert marker.exists()
