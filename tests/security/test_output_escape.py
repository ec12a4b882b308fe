"""A table name or a file name from a pull request cannot start a GitHub workflow command or rewrite the
terminal: every format escapes control characters, and so does every line on stderr."""
from __future__ import annotations

import json
import sqlite3

import pytest

from tests.security.cli_run import sqlintent

EVIL = "t\n::error file=README.md,line=1::pwned\x1b[2K\x1b[1A\rAll checks passed\u2028x\x9b31m"
EVIL_FILE = "b\n::error file=x::owned\x1b[31m.sql"


@pytest.fixture
def ws(tmp_path):
    db = sqlite3.connect(tmp_path / "app.db")
    db.execute("CREATE TABLE [%s] (id INTEGER, city TEXT)" % EVIL)
    db.execute("CREATE TABLE customers (id INTEGER, city TEXT)")
    db.commit()
    db.close()
    (tmp_path / "sqlintent.toml").write_text('database = "app.db"\n[model]\nenabled = false\n')
    (tmp_path / "a.sql").write_text(f"-- intent: cities\nSELECT x FROM [{EVIL}2];\n")
    (tmp_path / EVIL_FILE).write_text("-- intent: \x1b[31mred\x1b[0m\nSELECT city FROM customers WHERE zzz = 1;\n")
    return tmp_path


def _own_annotation(line: str) -> bool:
    return line.startswith(("::error file=./", "::warning file=./", "::notice file=./", "::error title=",
                            "::warning title=", "::notice title="))


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_no_line_starts_a_workflow_command_and_no_escape_byte(ws, fmt):
    proc = sqlintent(ws, "check", ".", "--format", fmt)
    assert "SIS002" in proc.stdout.decode() and "SIS003" in proc.stdout.decode()  # both files were checked
    for stream in (proc.stdout, proc.stderr):
        text = stream.decode()
        for line in text.splitlines():
            assert not line.lstrip().startswith("::") or (fmt == "github" and _own_annotation(line)), line
        for bad in ("\x1b", "\r", "\u2028", "\x9b"):
            assert bad not in text
    assert "\\x1b[2K" in proc.stdout.decode()  # escaped, still readable


def test_stderr_note_names_the_file_escaped(ws):
    (ws / "sqlintent.toml").write_text("[model]\nenabled = false\n")  # no database: the note names a file
    (ws / "a.sql").unlink()
    for fmt in ("text", "github"):
        proc = sqlintent(ws, "check", ".", "--format", fmt)
        err = proc.stderr.decode()
        assert "checked with no database" in err
        assert "\x1b" not in err and not any(line.startswith("::") for line in err.splitlines())


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_json_and_sarif_stay_valid(ws, fmt):
    proc = sqlintent(ws, "check", ".", "--format", fmt)
    doc = json.loads(proc.stdout)
    assert "SIS002" in json.dumps(doc)
    assert b"\x1b" not in proc.stdout and b"\n::" not in proc.stdout and b"\r" not in proc.stdout
