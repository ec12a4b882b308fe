"""A fake PostgreSQL server on loopback that asks every client for its password in clear text and records
what it is sent: the start-up parameters of each connection and any password message.

It speaks just enough of the protocol (v3): it declines SSL and GSS encryption requests ('N'), reads the
StartupMessage, answers AuthenticationCleartextPassword, records a PasswordMessage ('p') if one comes,
then sends an error and closes. No test asserts a time: each waits for the server's thread to finish.
"""
from __future__ import annotations

import socket
import struct
import threading
from dataclasses import dataclass, field

SSL_REQUEST = 80877103
GSS_REQUEST = 80877104
CANCEL_REQUEST = 80877102


@dataclass
class Recorded:
    startups: list[dict] = field(default_factory=list)  # each connection's start-up parameters
    passwords: list[bytes] = field(default_factory=list)  # every password message's payload


def _read(conn: socket.socket, n: int) -> bytes:
    out = b""
    while len(out) < n:
        chunk = conn.recv(n - len(out))
        if not chunk:
            raise ConnectionError("closed")
        out += chunk
    return out


def _error(conn: socket.socket, message: str) -> None:
    body = b"SFATAL\0C28P01\0M" + message.encode() + b"\0\0"
    conn.sendall(b"E" + struct.pack("!I", len(body) + 4) + body)


class FakePostgres:
    """``with FakePostgres() as pg:`` listens on 127.0.0.1:``pg.port``; ``pg.recorded`` holds what came."""

    def __init__(self) -> None:
        self.recorded = Recorded()
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(8)
        self._sock.settimeout(0.2)
        self.port = self._sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def url(self, user: str = "alice", query: str = "") -> str:
        return f"postgresql://{user}@127.0.0.1:{self.port}/shop" + (f"?{query}" if query else "")

    def __enter__(self) -> FakePostgres:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(30)
        self._sock.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                conn.settimeout(10)
                try:
                    self._session(conn)
                except (ConnectionError, OSError, struct.error):
                    pass

    def _session(self, conn: socket.socket) -> None:
        while True:
            length, code = struct.unpack("!II", _read(conn, 8))
            if code in (SSL_REQUEST, GSS_REQUEST):
                conn.sendall(b"N")
                continue
            if code == CANCEL_REQUEST:
                _read(conn, length - 8)
                return
            payload = _read(conn, length - 8)
            parts = payload.split(b"\0")
            params = {parts[i].decode(): parts[i + 1].decode() for i in range(0, len(parts) - 1, 2) if parts[i]}
            self.recorded.startups.append(params)
            break
        conn.sendall(b"R" + struct.pack("!II", 8, 3))  # AuthenticationCleartextPassword
        try:
            kind = _read(conn, 1)
        except (ConnectionError, OSError):
            return  # the client refused to answer: nothing sent
        if kind == b"p":
            (n,) = struct.unpack("!I", _read(conn, 4))
            self.recorded.passwords.append(_read(conn, n - 4).rstrip(b"\0"))
        _error(conn, "password authentication failed")
