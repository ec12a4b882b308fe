"""Rendered SQL is held to ``max_file_size`` as a file is, and one file's checks have a CPU bound (issue 37,
item 4): a 36-byte template that renders megabytes is one SIT001, not minutes of checking."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _check(ws: Path, *args: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(REPO), SQLINTENT_CACHE_DIR=str(ws / ".cache"))
    proc = subprocess.run([sys.executable, "-m", "sqlintent", "check", "--no-model", "--format", "json", *args],
                          cwd=ws, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode in (0, 1), proc.stderr
    return {Path(f["path"]).name: f for f in json.loads(proc.stdout)["files"]}


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "sqlintent.toml").write_text('templater = "jinja"\n', encoding="utf-8")
    (ws / "huge.sql").write_text("SELECT '{{ 'x' * 3000000 }}' AS a;\n", encoding="utf-8")  # 3 MB rendered
    (ws / "many.sql").write_text("{% for i in range(99999) %}SELECT {{ i }} AS a_rather_long_name;\n"
                                 "{% endfor %}\n", encoding="utf-8")  # 4.3 MB of statements
    (ws / "fine.sql").write_text("SELECT '{{ 'x' * 10 }}' AS a;\n", encoding="utf-8")
    return ws


def test_a_render_over_max_file_size_is_a_template_error_and_not_checked(tmp_path):
    ws = _workspace(tmp_path)
    files = _check(ws, "huge.sql", "many.sql", "fine.sql")
    for name, size in (("huge.sql", 3000016), ("many.sql", None)):
        findings = files[name]["findings"]
        assert [f["code"] for f in findings] == ["SIT001"], findings
        message = findings[0]["message"]
        assert "over max_file_size (2097152)" in message and "the file was not checked" in message, message
        if size is not None:
            assert f"has {size} bytes" in message
    assert files["fine.sql"]["findings"] == [] and files["fine.sql"]["statements"] == 1


def test_the_limit_follows_max_file_size(tmp_path):
    ws = _workspace(tmp_path)
    (ws / "fine.sql").write_text("SELECT '{{ 'x' * 2000 }}' AS a;\n", encoding="utf-8")
    files = _check(ws, "fine.sql", "--max-file-size", "1000")
    assert "over max_file_size (1000)" in files["fine.sql"]["findings"][0]["message"]


def test_one_files_checks_stop_at_their_cpu_bound(monkeypatch):
    from sqlintent import limits
    from sqlintent.config import Config
    from sqlintent.engine import Engine

    cfg = Config()
    cfg.model.enabled = False
    engine = Engine(cfg)
    monkeypatch.setattr(limits, "FILE_CPU_S", 0.0)
    text = "".join(f"SELECT {i} AS a FROM t{i} WHERE x = {i};\n" for i in range(200))
    result = engine.check_text(text, "many.sql")
    bound = [f for f in result.findings if "s of CPU time" in f.message]
    assert len(bound) == 1 and bound[0].code == "SIS006", [f.message for f in result.findings][:5]
    assert "the 19" in bound[0].message  # this statement and the ones after it
    monkeypatch.setattr(limits, "FILE_CPU_S", 120.0)
    assert not [f for f in engine.check_text(text, "again.sql").findings if "s of CPU time" in f.message]
