"""The console script exits without the interpreter's teardown, and loses nothing by it: the whole output,
the exit status, the atexit handlers' work, a live thread's work, and the persistent cache."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path, **extra: str) -> dict:
    return dict(os.environ, PYTHONPATH=str(ROOT), SQLINTENT_DAEMON="0",
                SQLINTENT_CACHE_DIR=str(tmp_path / "cache"), **extra)


def _workspace(tmp_path: Path, files: int = 60) -> Path:
    con = sqlite3.connect(tmp_path / "shop.sqlite")
    con.executescript("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT);"
                      "INSERT INTO customers VALUES (1, 'Ann', 'Paris'), (2, 'Bob', 'Lyon');")
    con.close()
    q = tmp_path / "q"
    q.mkdir()
    for i in range(files):
        (q / f"f{i:03d}.sql").write_text(f"-- intent: how many customers live in city number {i}?\n"
                                         f"SELECT count(*) FROM customers WHERE city = 'Nowhere{i}';\n"
                                         "SELECT nme FROM customers;\n")
    return q


def test_a_large_output_arrives_whole_with_the_exit_status_and_the_cache_is_kept(tmp_path):
    q = _workspace(tmp_path)
    cmd = [sys.executable, "-m", "sqlintent", "check", str(q), "--db", str(tmp_path / "shop.sqlite"),
           "--format", "json", "--no-model"]
    first = subprocess.run(cmd, capture_output=True, text=True, env=_env(tmp_path), timeout=300)
    assert first.returncode == 1, first.stderr  # SIS003 (unknown column) is an error
    data = json.loads(first.stdout)
    assert len(data["files"]) == 60
    assert all(any(f["code"] == "SIS003" for f in x["findings"]) for x in data["files"])
    cache = list((tmp_path / "cache").rglob("*.sqlite*"))
    assert cache, "the persistent cache was not written"
    second = subprocess.run(cmd, capture_output=True, text=True, env=_env(tmp_path), timeout=300)
    assert second.returncode == 1 and json.loads(second.stdout) == data


def test_a_reader_that_leaves_early_is_no_error(tmp_path):
    q = _workspace(tmp_path, files=40)
    proc = subprocess.run(f"'{sys.executable}' -m sqlintent check '{q}' --db '{tmp_path / 'shop.sqlite'}' "
                          "--format json --no-model | head -c 10; exit ${PIPESTATUS[0]}", shell=True,
                          executable="/bin/bash", capture_output=True, text=True, env=_env(tmp_path), timeout=300)
    assert proc.stdout == '{\n  "tool"'[:10]
    assert "Traceback" not in proc.stderr
    assert proc.returncode in (0, 1)


def test_atexit_handlers_run_and_a_live_thread_is_waited_for(tmp_path):
    marker = tmp_path / "atexit.txt"
    code = ("import atexit, sys, threading, time\n"
            "from sqlintent.cli import quick_exit\n"
            f"atexit.register(lambda: open({str(marker)!r}, 'w').write('ran'))\n"
            "if sys.argv[1] == 'thread':\n"
            "    threading.Thread(target=lambda: (time.sleep(0.3), print('thread done', flush=True))).start()\n"
            "print('partial line', end='')\n"
            "quick_exit(3)\n")
    for mode in ("plain", "thread"):
        marker.unlink(missing_ok=True)
        proc = subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True,
                              env=_env(tmp_path), timeout=60)
        assert proc.returncode == 3
        assert proc.stdout.startswith("partial line")
        assert marker.read_text() == "ran"
        assert ("thread done" in proc.stdout) == (mode == "thread")


def test_github_format_writes_a_job_summary(cli, shop_db, tmp_path):
    """With --format github and GITHUB_STEP_SUMMARY set, a Markdown summary is appended: findings by rule and
    file, and what was not checked; names from the checkout cannot break out of its table."""
    (tmp_path / "a|b.sql").write_text("-- intent: names\nSELECT nme FROM customers;\n" + "(" * 300 + ";\n")
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n")
    proc = cli("check", str(tmp_path / "a|b.sql"), "--db", str(shop_db), "--no-model", "--format", "github",
               env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert proc.returncode == 1, proc.stdout + proc.stderr
    text = summary.read_text()
    assert text.startswith("earlier step\n## sqlintent")  # appended, not overwritten
    assert "| SIS003 unknown-column | error | 1 |" in text
    assert "a\\|b.sql" in text and "a|b.sql" not in text
    assert "### Not checked" in text and "SIS006" in text
    plain = cli("check", str(tmp_path / "a|b.sql"), "--db", str(shop_db), "--no-model",
                env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert plain.returncode == 1 and summary.read_text() == text  # only the github format writes it
