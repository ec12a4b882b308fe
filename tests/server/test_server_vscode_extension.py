"""The compiled VS Code extension, run under Node with a stand-in ``vscode`` module
(editor_clients/vscode/scripts/smoke-test.js): interpreter choice, explicit settings only, restart."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

EXT = Path(__file__).resolve().parent.parent.parent / "editor_clients" / "vscode"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_extension_smoke():
    if not (EXT / "out" / "extension.js").is_file() or not (EXT / "node_modules").is_dir():
        pytest.skip("extension not built: cd editor_clients/vscode && npm ci && npm run compile")
    proc = subprocess.run([NODE, "scripts/smoke-test.js"], cwd=EXT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "extension smoke test: ok" in proc.stdout
