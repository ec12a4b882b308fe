"""``sqlintent server --tcp`` in a child process, and raw sockets to it (for the TCP door's tests)."""
from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def frame(obj, **headers) -> bytes:
    body = json.dumps(obj).encode()
    extra = b"".join(f"{k}: {v}\r\n".encode() for k, v in headers.items())
    return b"Content-Length: %d\r\n" % len(body) + extra + b"\r\n" + body


def initialize(token=None, rid=1) -> dict:
    options = {} if token is None else {"token": token}
    return {"jsonrpc": "2.0", "id": rid, "method": "initialize",
            "params": {"processId": None, "rootUri": None, "capabilities": {}, "initializationOptions": options}}


class TcpServer:
    def __init__(self, tmp: Path, *args: str):
        self.port = free_port()
        env = dict(os.environ, PYTHONPATH=str(REPO), XDG_RUNTIME_DIR=str(tmp))
        self.log = tmp / "server.log"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sqlintent", "server", "--tcp", f"127.0.0.1:{self.port}",
             "--log-file", str(self.log), *args], env=env, stderr=subprocess.PIPE, cwd=tmp)
        self.stderr = [self.proc.stderr.readline().decode(), self.proc.stderr.readline().decode()]
        token_line = self.stderr[1]
        self.token_file = Path(token_line.split("token in ", 1)[1].split(" (send it", 1)[0])
        self.token = self.token_file.read_text().strip()

    def connect(self) -> socket.socket:
        for _ in range(200):  # connection attempts, not sleeps: each waits on the kernel
            try:
                return socket.create_connection(("127.0.0.1", self.port), timeout=10)
            except ConnectionRefusedError:
                assert self.proc.poll() is None, "the server exited"
                select.select([], [], [], 0.05)
        raise AssertionError("the server never listened")

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def read_message(sock: socket.socket) -> dict | None:
    """The next message, or None when the server closed the connection."""
    stream = sock.makefile("rb")
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))


def closed_without_answer(sock: socket.socket) -> bool:
    """True when the server closes the connection having sent nothing."""
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:  # closed with our bytes unread: a reset instead of an end of stream
            return data == b""
        if not chunk:
            return data == b""
        data += chunk
