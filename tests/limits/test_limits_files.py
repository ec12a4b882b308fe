"""Files that are not plain readable files: reported as not checked (exit 2), never a hang or a traceback.

Cases from issue 12: a FIFO named pipe.sql blocked `check` forever; symlink loops (as a path, --db,
--schema, in a walk with exclude) raised; an unreadable folder was skipped silently with "All checks
passed"; a directory given as --db said "database file not found"; --config nope.toml exited 1.
"""
from __future__ import annotations

import os
import socket
import sys

import pytest

GOOD = "SELECT nme FROM customers;\n"


@pytest.fixture
def tree(tmp_path):
    d = tmp_path / "d"
    d.mkdir()
    (d / "good.sql").write_text(GOOD)
    return tmp_path


def _loop(at):
    os.symlink(at / "loop2", at / "loop1")
    os.symlink(at / "loop1", at / "loop2")
    return at / "loop1"


def _clean(proc):
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_sql_is_skipped_not_read(cli, shop_db, tree):
    os.mkfifo(tree / "d" / "pipe.sql")
    proc = cli("check", str(tree / "d"), "--db", str(shop_db), "--no-model", timeout=60)
    _clean(proc)
    assert "pipe.sql: error: a named pipe (FIFO), not a regular file: skipped" in proc.stdout
    assert "good.sql:1:8: SIS003" in proc.stdout
    assert "1 file could not be checked." in proc.stdout
    assert proc.returncode == 2


def test_a_socket_is_skipped(cli, shop_db, tree):
    path = tree / "d" / "s.sql"
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(path))
    except OSError:
        pytest.skip("cannot bind a unix socket here")
    try:
        proc = cli("check", str(path), str(tree / "d" / "good.sql"), "--db", str(shop_db), "--no-model")
    finally:
        sock.close()
    _clean(proc)
    assert "s.sql: error: a socket, not a regular file: skipped" in proc.stdout
    assert proc.returncode == 2


def test_a_device_is_skipped(cli, shop_db, tree):
    proc = cli("check", "/dev/zero", str(tree / "d" / "good.sql"), "--db", str(shop_db), "--no-model")
    _clean(proc)
    assert "/dev/zero: error: a device, not a regular file: skipped" in proc.stdout
    assert proc.returncode == 2


def test_a_symlink_loop_as_a_path(cli, shop_db, tree):
    loop = _loop(tree)
    proc = cli("check", str(loop), str(tree / "d" / "good.sql"), "--db", str(shop_db), "--no-model")
    _clean(proc)
    assert f"{loop}: error: symbolic link loop" in proc.stdout
    assert "good.sql:1:8: SIS003" in proc.stdout
    assert proc.returncode == 2


@pytest.mark.parametrize("flag", ["--db", "--schema"])
def test_a_symlink_loop_as_database_or_schema(cli, tree, flag):
    loop = _loop(tree)
    proc = cli("check", str(tree / "d" / "good.sql"), flag, str(loop), "--no-model")
    _clean(proc)
    # a file named on the command line that cannot be used is a usage error (issue 17)
    assert proc.returncode == 2 and proc.stdout == ""
    assert f"{loop} (symbolic link loop)" in proc.stderr


def test_a_symlink_loop_in_a_walk_with_exclude(cli, shop_db, tree):
    _loop(tree)
    os.symlink(tree / "loop1", tree / "d" / "loopy.sql")
    (tree / "sqlintent.toml").write_text('exclude = ["vendor/**"]\n')
    proc = cli("check", str(tree / "d"), "--db", str(shop_db), "--no-model", cwd=tree)
    _clean(proc)
    assert "loopy.sql: error: symbolic link loop" in proc.stdout
    assert "good.sql:1:8: SIS003" in proc.stdout
    assert proc.returncode == 2


def test_a_directory_as_the_database_says_so(cli, tree):
    proc = cli("check", str(tree / "d" / "good.sql"), "--db", str(tree / "d"), "--no-model")
    _clean(proc)
    assert proc.returncode == 2  # named on the command line: a usage error (issue 17)
    assert f"{tree / 'd'} is a directory, not a database file" in proc.stderr


def test_a_missing_config_file_is_a_usage_error(cli, tree):
    proc = cli("check", str(tree / "d"), "--config", "nope.toml")
    _clean(proc)
    assert proc.returncode == 2
    assert "sqlintent check: error: config file not found: nope.toml" in proc.stderr


def _main(capsys, *args):
    from sqlintent.cli import main

    code = main(list(args))
    return code, capsys.readouterr().out


def test_an_unreadable_folder_is_reported_and_nothing_passes(capsys, tree, monkeypatch):
    locked = tree / "d" / "locked"
    locked.mkdir()
    (locked / "hidden.sql").write_text(GOOD)
    real = os.scandir

    def scandir(path="."):  # what a folder without read permission does (the tests may run as root)
        if os.fspath(path).rstrip("/").endswith("locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, out = _main(capsys, "check", str(locked), "--no-model", "--no-probes")
    assert f"{locked}: error: cannot read directory: Permission denied: not checked" in out
    assert "All checks passed" not in out
    assert "No findings in 0 files checked." in out and "1 file could not be checked." in out
    assert code == 2


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads any folder")
def test_an_unreadable_folder_really_chmodded(cli, tree):
    locked = tree / "d" / "locked"
    locked.mkdir()
    (locked / "hidden.sql").write_text(GOOD)
    locked.chmod(0)
    try:
        proc = cli("check", str(tree / "d"), "--no-model", "--no-probes")
    finally:
        locked.chmod(0o755)
    assert "cannot read directory: Permission denied" in proc.stdout and proc.returncode == 2


def test_an_unreadable_file_is_reported_and_nothing_passes(capsys, tree, monkeypatch):
    bad = tree / "d" / "secret.sql"
    bad.write_text("SELECT 1;\n")
    real = os.open

    def deny(path, flags, *a, **k):
        if os.fspath(path).endswith("secret.sql"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path, flags, *a, **k)

    monkeypatch.setattr(os, "open", deny)
    code, out = _main(capsys, "check", str(bad), "--no-model", "--no-probes")
    assert f"{bad}: error: cannot read file: Permission denied" in out
    assert "All checks passed" not in out and "1 file could not be checked." in out
    assert code == 2
