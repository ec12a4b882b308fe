"""The persistent cache holds findings (and so what they quote): its folder is 0700 and its files 0600,
whatever the umask, the SQLite -wal and -shm files included."""
from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys

import pytest

from tests.security.cli_run import REPO

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")


def _run(ws, cache, umask: int) -> None:
    db = sqlite3.connect(ws / "app.db")
    db.execute("CREATE TABLE IF NOT EXISTS t (plan TEXT)")
    db.execute("INSERT INTO t VALUES ('Pro')")
    db.commit()
    db.close()
    (ws / "sqlintent.toml").write_text('database = "app.db"\n[model]\nenabled = false\n')
    (ws / "q.sql").write_text("-- intent: plans\nSELECT plan FROM t WHERE plan = 'pro';\n")
    env = dict(os.environ, PYTHONPATH=str(REPO), SQLINTENT_CACHE_DIR=str(cache))
    code = f"import os, runpy, sys; os.umask({umask:#o}); sys.argv = ['sqlintent', 'check', 'q.sql']; " \
           "runpy.run_module('sqlintent', run_name='__main__')"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ws, env=env, capture_output=True, text=True, timeout=300)
    assert "SIP001" in proc.stdout, proc.stderr


def _mode(p) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_new_cache_is_private(tmp_path, umask):
    cache = tmp_path / "cache" / "sqlintent"
    _run(tmp_path, cache, umask)
    files = list(cache.iterdir())
    assert files
    assert _mode(cache) == 0o700
    for p in files:
        assert _mode(p) == 0o600, (p, oct(_mode(p)))


def test_an_existing_open_cache_is_narrowed(tmp_path):
    cache = tmp_path / "cache"
    _run(tmp_path, cache, 0o022)
    os.chmod(cache, 0o755)
    for p in cache.iterdir():
        os.chmod(p, 0o644)
    _run(tmp_path, cache, 0o022)
    assert _mode(cache) == 0o700
    assert all(_mode(p) == 0o600 for p in cache.iterdir())


def test_wal_and_shm_files_are_private_while_the_cache_is_open(tmp_path):
    from sqlintent.cache import ScoreStore

    old = os.umask(0)
    try:
        store = ScoreStore(tmp_path / "c")
        store.put_many({"k": {"v": 1}})
        names = {p.name: _mode(p) for p in (tmp_path / "c").iterdir()}
    finally:
        os.umask(old)
    assert {n for n in names if n.endswith(("-wal", "-shm"))}, names  # open in WAL mode: both exist now
    assert set(names.values()) == {0o600}, names
