"""``sqlintent server --tcp HOST:PORT`` answers LSP over a socket (to a client that sends its token)."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _read_message(stream) -> dict:
    length = None
    while True:
        line = stream.readline()
        assert line, "server closed the connection"
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))


def test_tcp_server_initializes():
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "sqlintent", "server", "--tcp", f"127.0.0.1:{port}"],
                            env=env, stderr=subprocess.PIPE)
    try:
        assert b"listening" in proc.stderr.readline()  # printed once the socket is about to open
        token_line = proc.stderr.readline().decode()  # "token in PATH (send it as initializationOptions.token)"
        token = Path(token_line.split("token in ", 1)[1].split(" (send it", 1)[0]).read_text().strip()
        for _ in range(200):  # connection attempts, not sleeps: each waits on the kernel
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except ConnectionRefusedError:
                proc.poll()
                assert proc.returncode is None
                import select
                select.select([], [], [], 0.05)
        stream = sock.makefile("rwb")
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                           "params": {"processId": None, "rootUri": None, "capabilities": {},
                                      "initializationOptions": {"token": token}}}).encode()
        stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stream.flush()
        reply = _read_message(stream)
        assert reply["id"] == 1
        caps = reply["result"]["capabilities"]
        assert caps["hoverProvider"] and caps["codeActionProvider"]
        assert reply["result"]["serverInfo"]["name"] == "sqlintent"
        sock.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
