"""The VS Code extension declares what it does in an untrusted workspace: limited support, and the settings
that choose what runs, where to connect and what to read are restricted (the workspace's values ignored).
The behaviour itself (interpreter, working folder, settings sent) runs in
editor_clients/vscode/scripts/smoke-test.js, through tests/server/test_server_vscode_extension.py."""
from __future__ import annotations

import json
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "editor_clients" / "vscode" / "package.json"
MUST_BE_RESTRICTED = {"sqlintent.interpreter", "sqlintent.database", "sqlintent.schema_files", "sqlintent.templater",
                      "sqlintent.dbt.profiles_dir", "sqlintent.model.path", "sqlintent.verdict.path",
                      "sqlintent.probes.allow_superuser"}


def test_untrusted_workspaces_are_limited_and_the_dangerous_settings_restricted():
    pkg = json.loads(PACKAGE.read_text(encoding="utf-8"))
    untrusted = pkg["capabilities"]["untrustedWorkspaces"]
    assert untrusted["supported"] == "limited" and untrusted["description"]
    restricted = set(untrusted["restrictedConfigurations"])
    assert MUST_BE_RESTRICTED <= restricted
    assert restricted <= set(pkg["contributes"]["configuration"]["properties"])  # no stale names
