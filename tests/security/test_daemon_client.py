"""``check --daemon`` sends nothing to a socket (or through a folder) that another user could have planted,
and sends the daemon only the environment a check needs."""
from __future__ import annotations

import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from tests.security.cli_run import REPO

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX") or sys.platform == "win32",
                                reason="the daemon needs Unix sockets")

SQL = "-- intent: names of customers\nSELECT name FROM customers;\n"


def _env(daemon_dir: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("SQLINTENT_DAEMON", "CI")}
    return dict(env, PYTHONPATH=str(REPO), SQLINTENT_DAEMON_DIR=str(daemon_dir),
                SQLINTENT_CACHE_DIR=str(daemon_dir / "cache"), **extra)


def _socket_path(env) -> Path:
    out = subprocess.run([sys.executable, "-c", "from sqlintent.daemon.protocol import socket_path; "
                          "print(socket_path())"], env=env, capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


class FakeDaemon:
    """A listener on the daemon's socket path that records what it is sent and answers like a daemon."""

    def __init__(self, path: Path, mode: int):
        self.received: list[dict] = []
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.bind(str(path))
        os.chmod(path, mode)
        self.sock.listen(4)
        self.sock.settimeout(30)
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        try:
            while True:
                conn, _ = self.sock.accept()
                with conn:
                    n = struct.unpack(">Q", conn.recv(8, socket.MSG_WAITALL))[0]
                    self.received.append(json.loads(conn.recv(n, socket.MSG_WAITALL)))
                    data = json.dumps({"code": 0, "stdout": "answered by the fake daemon\n", "stderr": ""}).encode()
                    conn.sendall(struct.pack(">Q", len(data)) + data)
        except OSError:
            return


@pytest.fixture
def short_dir():
    d = Path(tempfile.mkdtemp(prefix="sqs-"))  # short: a Unix socket path holds ~100 bytes
    os.chmod(d, 0o700)
    yield d
    import shutil

    shutil.rmtree(d, ignore_errors=True)


def _workspace(tmp_path: Path) -> Path:
    (tmp_path / "q.sql").write_text(SQL)
    (tmp_path / "sqlintent.toml").write_text("[model]\nenabled = false\n")
    return tmp_path


def _check(ws: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sqlintent", "check", "q.sql", "--daemon", "--no-cache"],
                          cwd=ws, env=env, capture_output=True, text=True, timeout=300)


def test_a_socket_others_may_write_gets_nothing(short_dir, tmp_path):
    env = _env(short_dir)
    fake = FakeDaemon(_socket_path(env), 0o666)
    proc = _check(_workspace(tmp_path), env)
    assert fake.received == []
    assert "answered by the fake daemon" not in proc.stdout
    assert "not this user's private socket" in proc.stderr and "checking in this process" in proc.stderr
    assert "checks passed" in proc.stdout or "finding" in proc.stdout  # checked here instead


def test_a_folder_others_may_read_gets_nothing(short_dir, tmp_path):
    env = _env(short_dir)
    fake = FakeDaemon(_socket_path(env), 0o600)
    os.chmod(short_dir, 0o755)
    proc = _check(_workspace(tmp_path), env)
    assert fake.received == []
    assert "is not private to this user" in proc.stderr and "checking in this process" in proc.stderr


def test_only_the_needed_environment_is_sent(short_dir, tmp_path):
    env = _env(short_dir, AWS_SECRET_ACCESS_KEY="aws-secret-123", GITHUB_TOKEN="ghs_secret",
               SHOP_URL="postgresql://u:p@h/db", SQLINTENT_SHOW_VALUES="never")
    fake = FakeDaemon(_socket_path(env), 0o600)
    ws = _workspace(tmp_path)
    (ws / "sqlintent.toml").write_text('database = "env:SHOP_URL"\n[model]\nenabled = false\n')
    proc = _check(ws, env)
    assert "answered by the fake daemon" in proc.stdout
    sent = fake.received[0]["env"]
    assert "AWS_SECRET_ACCESS_KEY" not in sent and "GITHUB_TOKEN" not in sent
    assert sent["SHOP_URL"] == "postgresql://u:p@h/db"  # named by the config: the check needs it
    assert sent["SQLINTENT_SHOW_VALUES"] == "never" and "PATH" in sent
