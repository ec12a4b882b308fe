"""A table name or a file name from a pull request cannot start a GitHub workflow command or rewrite the
terminal: every format escapes control characters, and so does every line on stderr."""
from __future__ import annotations

import json
import sqlite3
import subprocess

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


# `check --diff`: a file name and the file's own text cannot forge diff lines or reach the terminal raw
HOSTILE = "\x1b[31m\u202e\u2028\rq\nz"  # ESC sequence, bidi override, line separator, bare CR, newline
RAW = ("\x1b", "\u202e", "\u2028", "\x9b")


@pytest.fixture
def diff_ws(tmp_path):
    db = sqlite3.connect(tmp_path / "app.db")
    db.execute('CREATE TABLE "t%s" (id INTEGER, city TEXT)' % HOSTILE)
    db.execute("CREATE TABLE customers (id INTEGER, city TEXT)")
    db.execute("INSERT INTO customers VALUES (1, 'Paris'), (2, 'Lyon')")
    db.commit()
    db.close()
    (tmp_path / "sqlintent.toml").write_text('database = "app.db"\n[model]\nenabled = false\n')
    return tmp_path


def test_diff_escapes_the_file_name_and_what_a_terminal_obeys(diff_ws):
    name = f"d{HOSTILE}\n::error file=x::owned.sql"
    text = (f"-- intent: cities \x1b]0;title\x07\nSELECT city FROM \"tx{HOSTILE}\";\n"
            f"SELECT city FROM customers WHERE city = 'paris'; -- \u202eevil\u2069 \x1b[2K\rok\n")
    (diff_ws / name).write_bytes(text.encode())
    proc = sqlintent(diff_ws, "check", "--diff", ".")
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 1, err
    assert (diff_ws / name).read_bytes() == text.encode()  # --diff writes nothing
    for bad in RAW:
        assert bad not in out and bad not in err
    assert "\r" not in out.replace("\r\n", "") and "\r" not in err  # no bare CR
    lines = out.split("\n")
    assert lines[0] == "--- a/./d\\x1b[31m\\u202e\\u2028\\rq\\nz\\n::error file=x::owned.sql"
    assert lines[1] == "+++ b/./d\\x1b[31m\\u202e\\u2028\\rq\\nz\\n::error file=x::owned.sql"
    # every body line is a diff line: nothing in the file starts a line of its own
    assert all(line[:1] in ("@", " ", "-", "+", "\\") for line in lines[2:-1]) and lines[-1] == "", out
    assert "-SELECT city FROM \"tx\\x1b[31m\\u202e\\u2028\\rq" in out  # escaped, still readable
    assert "+SELECT city FROM \"t\\x1b[31m\\u202e\\u2028\\rq" in out  # the fix names the real table, quoted
    assert "'Paris'; -- \\u202eevil\\u2069 \\x1b[2K\\rok" in out
    assert "do not apply as printed" in err and "::error" not in err.replace("\\n::error", "")
    # only the printed diff is escaped: --fix writes the table's real name
    fixed = sqlintent(diff_ws, "check", "--fix", ".")
    after = (diff_ws / name).read_bytes()
    assert f"FROM \"t{HOSTILE}\"".encode() in after and b"\\x1b" not in after, fixed.stderr


def test_diff_of_plain_text_applies(diff_ws):
    """Escaping changes nothing in a plain file: CRLF line ends and tabs are kept, a last line without a
    newline is marked as diff marks it, and `git apply` takes the diff."""
    text = "-- intent: cities\r\nSELECT 1;\r\nSELECT\tcity FROM customers WHERE city = 'paris';"
    (diff_ws / "plain.sql").write_bytes(text.encode())
    proc = sqlintent(diff_ws, "check", "--diff", "plain.sql")
    assert proc.returncode == 1 and b"not apply" not in proc.stderr
    assert proc.stdout.endswith(b" SELECT 1;\r\n-SELECT\tcity FROM customers WHERE city = 'paris';\n"
                                b"\\ No newline at end of file\n+SELECT\tcity FROM customers WHERE city = 'Paris';\n"
                                b"\\ No newline at end of file\n"), proc.stdout
    (diff_ws / "fix.patch").write_bytes(proc.stdout)
    applied = subprocess.run(["git", "apply", "fix.patch"], cwd=diff_ws, capture_output=True)
    assert applied.returncode == 0, applied.stderr
    assert (diff_ws / "plain.sql").read_bytes() == text.replace("'paris'", "'Paris'").encode()


def test_show_settings_escapes_file_and_folder_names(diff_ws):
    sub = diff_ws / f"s{HOSTILE}"
    sub.mkdir()
    (sub / "sqlintent.toml").write_text('dialect = "duckdb"\n')
    (sub / f"f{HOSTILE}.sql").write_text("SELECT 1;\n")
    proc = sqlintent(diff_ws, "check", "--show-settings", str(sub / f"f{HOSTILE}.sql"))
    out = proc.stdout.decode()
    assert proc.returncode == 0 and 'dialect = "duckdb"' in out
    assert f"# from {sub.parent}/s\\x1b[31m\\u202e\\u2028\\rq\\nz/sqlintent.toml\n" in out
    assert not any(bad in out for bad in (*RAW, "\r")), out


def test_server_log_file_lines_are_escaped(tmp_path):
    """`sqlintent server --log-file`'s filter: a record naming a hostile file is one escaped line, a
    traceback keeps its line breaks."""
    import logging

    from sqlintent.redact import RedactingFilter

    handler = logging.FileHandler(tmp_path / "server.log", encoding="utf-8")
    handler.addFilter(RedactingFilter())
    log = logging.getLogger("sqlintent.test_escape")
    log.addHandler(handler)
    try:
        log.warning("didChange for %s, which is not open", f"/w/f{HOSTILE}.sql")
        try:
            raise ValueError(f"bad name t{HOSTILE}")
        except ValueError:
            log.exception("check failed")
    finally:
        log.removeHandler(handler)
        handler.close()
    text = (tmp_path / "server.log").read_bytes().decode()
    lines = text.split("\n")
    assert lines[0] == "didChange for /w/f\\x1b[31m\\u202e\\u2028\\rq\\nz.sql, which is not open", text
    # (the traceback keeps its lines: the exception's own newline breaks its line, escaped on both sides)
    assert "Traceback (most recent call last):" in lines
    assert "ValueError: bad name t\\x1b[31m\\u202e\\u2028\\rq" in lines
    assert not any(bad in text for bad in (*RAW, "\r")), text
