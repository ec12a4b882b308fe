"""Under GitHub Actions, nothing from a checked file becomes a command for the runner (issue 37).

The runner obeys a line that, once trimmed, starts with ``::cmd ...::`` and, in the legacy form, a line that
holds ``##[cmd]`` anywhere (``##[error]``, ``##[stop-commands]``). Hostile names here (a table, a file, an
intent, a config key, a comment a diff shows as context) carry both forms; every format and every stderr
line is read as the runner reads it: only sqlintent's own annotations (``--format github``) may be commands.
JSON and SARIF also write the bidirectional and C1 controls as ``\\u`` escapes.
"""
from __future__ import annotations

import json
import re
import sqlite3

import pytest

from tests.security.cli_run import sqlintent

LEGACY = "##[error]legacy-pwned"
TABLE = f"t{LEGACY}"
BIDI_C1 = "\u202e\u2066\u200f\u061c\x85\x9b"
ACTIONS = {"GITHUB_ACTIONS": "true", "CI": "true"}
V2 = re.compile(r"^::([A-Za-z-]+)[^:]*::")


def commands_obeyed(text: str, own: bool = False) -> list[str]:
    """The lines of ``text`` the runner would read as commands; ``own``: an annotation sqlintent wrote
    (``::error file=...`` or ``::notice title=...``) is allowed."""
    obeyed = []
    for line in text.splitlines():
        trimmed = line.strip()
        m = V2.match(trimmed)
        if m and not (own and m.group(1) in ("error", "warning", "notice")
                      and re.match(r"^::(error|warning|notice) (file=|title=)", trimmed)):
            obeyed.append(line)
        elif not m and "##[" in line:
            obeyed.append(line)
        elif m and "##[" in line:  # inside an annotation: harmless to the runner, but never written raw
            obeyed.append(line)
    return obeyed


@pytest.fixture
def ws(tmp_path):
    db = sqlite3.connect(tmp_path / "app.db")
    db.execute(f'CREATE TABLE "{TABLE}" (id INTEGER, city TEXT)')
    db.execute(f'CREATE TABLE "b{BIDI_C1}" (id INTEGER, city TEXT)')
    db.execute("CREATE TABLE customers (id INTEGER, city TEXT)")
    db.commit()
    db.close()
    (tmp_path / "sqlintent.toml").write_text(
        f'database = "app.db"\n"{LEGACY}" = 1\n[model]\nenabled = false\n', encoding="utf-8")
    (tmp_path / "a.sql").write_text(
        f'-- intent: cities {LEGACY}\nSELECT city FROM "{TABLE}2";\n'
        f'-- intent: cities\nSELECT city FROM "b{BIDI_C1}2";\n', encoding="utf-8")
    (tmp_path / "##[stop-commands]tok.sql").write_text(
        "-- intent: cities\nSELECT city FROM customers WHERE zzz = 1;\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("fmt", ["text", "github", "json", "sarif"])
def test_no_output_line_is_a_runner_command(ws, fmt):
    proc = sqlintent(ws, "check", ".", "--format", fmt, env=ACTIONS)
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert "SIS002" in out and "SIS003" in out, err  # both files were checked, the hostile names named
    assert "legacy-pwned" in out and "legacy-pwned" in err  # the table and the config key are still shown
    assert commands_obeyed(out, own=fmt == "github") == []
    assert commands_obeyed(err) == []
    if fmt in ("json", "sarif"):
        doc = json.loads(out)  # still valid, and decodes to the real names
        assert TABLE in json.dumps(doc, ensure_ascii=False)
        assert not any(ch in out for ch in BIDI_C1), "bidi or C1 control written raw"
        assert "\\u202e" in out and "\\u0085" in out


def test_diff_context_lines_and_legacy_commands_are_escaped_under_actions(tmp_path):
    db = sqlite3.connect(tmp_path / "app.db")
    db.execute("CREATE TABLE customers (id INTEGER, city TEXT)")
    db.commit()
    db.close()
    (tmp_path / "sqlintent.toml").write_text('database = "app.db"\n[model]\nenabled = false\n')
    text = ("-- intent: cities\nSELECT city /*\n  ::error file=README.md::owned\n"
            f" {LEGACY}\n*/ FROM customer;\n")
    (tmp_path / "a.sql").write_text(text)
    proc = sqlintent(tmp_path, "check", "--diff", ".", env={"GITHUB_ACTIONS": "true"})
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 1 and "+*/ FROM customers;" in out, err
    assert commands_obeyed(out) == [] and commands_obeyed(err) == []
    assert "owned" in out and "legacy-pwned" in out  # the context is still shown, escaped
    assert "do not apply as printed" in err
    # outside Actions the same diff is the file's text as is (it applies with git apply)
    local = sqlintent(tmp_path, "check", "--diff", ".").stdout.decode()
    assert "\n   ::error file=README.md::owned\n" in local and f"\n  {LEGACY}\n" in local


def test_github_annotations_escape_their_properties_and_message(ws):
    (ws / "a.sql").unlink()
    name = "c,line=1::x%0A::error::y.sql"
    (ws / name).write_text(f'-- intent: cities\nSELECT city FROM "{TABLE}2";\n', encoding="utf-8")
    out = sqlintent(ws, "check", name, "--format", "github", env=ACTIONS).stdout.decode()
    [line] = [ln for ln in out.splitlines() if "SIS002" in ln]
    assert line.startswith("::error file=c%2Cline=1%3A%3Ax%250A%3A%3Aerror%3A%3Ay.sql,line=2,")
    assert "##[" not in line and "legacy-pwned" in line


def test_show_settings_writes_no_runner_command(ws):
    (ws / "sqlintent.toml").write_text(f'exclude = ["{LEGACY}/*.sql"]\n"{LEGACY}" = 1\n', encoding="utf-8")
    proc = sqlintent(ws, "check", "--show-settings", "a.sql", env=ACTIONS)
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 0 and "legacy-pwned/*.sql" in out, err
    assert commands_obeyed(out) == [] and commands_obeyed(err) == []
