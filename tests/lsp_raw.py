"""A raw LSP client over the server's stdio: bytes exactly as written, for malformed-frame tests and the
long run in benchmarks/bench_lsp_abuse.py (no tests here)."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def frame(obj, *, length: int | None = None, sep: bytes = b"\r\n", header: bool = True) -> bytes:
    body = json.dumps(obj).encode("utf-8") if not isinstance(obj, (bytes, str)) else \
        (obj.encode("utf-8", "surrogatepass") if isinstance(obj, str) else obj)
    if not header:
        return sep + body
    n = len(body) if length is None else length
    return b"Content-Length: %d" % n + sep + sep + body


class RawServer:
    """``python -m sqlintent server`` on pipes; a thread splits what it writes into messages."""

    def __init__(self, cwd: Path, *args: str, env: dict | None = None):
        full = dict(os.environ, PYTHONPATH=str(REPO), **(env or {}))
        self.proc = subprocess.Popen([sys.executable, "-m", "sqlintent", "server", *args], cwd=cwd,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env=full)
        self.messages: queue.Queue = queue.Queue()
        self.all: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
                elif line in (b"\r\n", b"\n") and length is not None:
                    break
            msg = json.loads(out.read(length))
            self.all.append(msg)
            self.messages.put(msg)

    def send(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def request(self, method: str, params) -> int:
        rid = self.next_id
        self.next_id += 1
        self.send(frame({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}))
        return rid

    def notify(self, method: str, params) -> None:
        self.send(frame({"jsonrpc": "2.0", "method": method, "params": params}))

    def wait_response(self, rid: int, timeout: float = 60) -> dict:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no response to request {rid} within {timeout} s")
            try:
                msg = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if msg.get("id") == rid and ("result" in msg or "error" in msg):
                return msg

    def initialize(self, root: Path) -> dict:
        rid = self.request("initialize", {"processId": None, "rootUri": root.as_uri(), "capabilities": {}})
        reply = self.wait_response(rid)
        self.notify("initialized", {})
        return reply

    def popups(self) -> list[dict]:
        return [m for m in self.all if m.get("method") == "window/showMessage"]

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def close(self) -> None:
        try:
            rid = self.request("shutdown", None)
            self.wait_response(rid, timeout=30)
            self.notify("exit", None)
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
            self.proc.wait()
