"""``sqlintent server --tcp``: only a client with the token gets in, one client, strict frames; a browser's
request (HTTP, an Origin header) never reaches the server."""
from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from tests.security.tcp_client import REPO, TcpServer, closed_without_answer, frame, initialize, read_message


@pytest.fixture
def server(tmp_path):
    srv = TcpServer(tmp_path)
    yield srv
    srv.close()


def _shutdown_seen(srv) -> str:
    return srv.log.read_text(errors="replace") if srv.log.exists() else ""


def test_token_file_is_private_and_named_on_stderr(server):
    assert server.token_file.exists() and len(server.token) >= 32
    assert stat.S_IMODE(server.token_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(server.token_file.parent.stat().st_mode) == 0o700
    assert server.token not in "".join(server.stderr)  # the path, not the token


def test_no_token_is_dropped(server):
    sock = server.connect()
    sock.sendall(frame(initialize()))
    assert closed_without_answer(sock)
    assert "closed: the first message is not an initialize request carrying the token" in _shutdown_seen(server)


def test_wrong_token_is_dropped(server):
    sock = server.connect()
    sock.sendall(frame(initialize("x" * 43)))
    assert closed_without_answer(sock)
    assert "a wrong token" in _shutdown_seen(server)


def test_http_post_with_a_frame_in_its_body_is_dropped(server):
    body = frame(initialize(server.token)) + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    request = (b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\n"
               b"Content-Type: text/plain\r\nContent-Length: %d\r\n\r\n" % len(body)) + body
    sock = server.connect()
    sock.sendall(request)
    assert closed_without_answer(sock)
    log = _shutdown_seen(server)
    assert "an HTTP request" in log
    # nothing was processed: the server still waits for its client, which now gets in
    good = server.connect()
    good.sendall(frame(initialize(server.token)))
    assert read_message(good)["result"]["serverInfo"]["name"] == "sqlintent"


def test_origin_header_is_dropped(server):
    sock = server.connect()
    sock.sendall(frame(initialize(server.token), Origin="http://localhost:8000"))
    assert closed_without_answer(sock)
    assert "an Origin header" in _shutdown_seen(server)


def test_junk_before_a_header_is_not_skipped(server):
    sock = server.connect()
    sock.sendall(b"hello there\r\n" + frame(initialize(server.token)))
    assert closed_without_answer(sock)


@pytest.mark.parametrize("depth", [50, 100_000, 1_000_000])
@pytest.mark.parametrize("opener", [b"[", b'{"a":'])
def test_deeply_nested_json_before_the_token_is_refused_without_a_traceback(server, depth, opener):
    """Issue 37: a body nested deeper than Python's stack raised an unhandled RecursionError. Any depth is
    refused as a bad frame (or, parsed, as a message without the token); the server keeps waiting."""
    closer = b"]" if opener == b"[" else b"}"
    body = opener * depth + b"1" + closer * depth
    sock = server.connect()
    sock.sendall(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert closed_without_answer(sock)
    log = _shutdown_seen(server)
    assert "Traceback" not in log and "RecursionError" not in log
    assert "closed: a frame whose body is not one JSON object" in log or "carrying the token" in log
    good = server.connect()  # still serving: the right client gets in
    good.sendall(frame(initialize(server.token)))
    assert read_message(good)["result"]["serverInfo"]["name"] == "sqlintent"


def test_right_token_works_and_a_second_client_is_refused(server):
    sock = server.connect()
    sock.sendall(frame(initialize(server.token)))
    reply = read_message(sock)
    assert reply["id"] == 1 and reply["result"]["capabilities"]["hoverProvider"]
    other = server.connect()
    other.sendall(frame(initialize(server.token)))
    assert closed_without_answer(other)
    sock.sendall(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
    assert read_message(sock)["id"] == 2
    assert server.token not in _shutdown_seen(server)  # taken out before pygls logs the options


def test_given_token_file(tmp_path):
    token_file = tmp_path / "tok"
    token_file.write_text("a-token-of-enough-length-1234\n")
    token_file.chmod(0o644)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    cmd = [sys.executable, "-m", "sqlintent", "server", "--tcp", "127.0.0.1:1", "--token-file", str(token_file)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "can be read or written by others" in proc.stderr
    token_file.chmod(0o600)
    srv = TcpServer(tmp_path, "--token-file", str(token_file))
    try:
        assert srv.token == "a-token-of-enough-length-1234"
        sock = srv.connect()
        sock.sendall(frame(initialize(srv.token)))
        assert read_message(sock)["id"] == 1
    finally:
        srv.close()


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.10", "example.com", "::"])
def test_non_loopback_host_is_refused(host):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    target = f"[{host}]:8123" if ":" in host else f"{host}:8123"
    proc = subprocess.run([sys.executable, "-m", "sqlintent", "server", "--tcp", target], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "listens on a loopback address only" in proc.stderr
