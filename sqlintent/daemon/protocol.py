"""Where the daemon's socket lives and how a message is framed (which code it runs:
:func:`sqlintent.cache.fingerprint.code_fingerprint`).

A message is an 8-byte big-endian length, then that many bytes of UTF-8 JSON. One request, one answer, one
connection.
"""
from __future__ import annotations

import hashlib
import json
import os
import socket
import stat
import struct
import sys
from pathlib import Path

__all__ = ["DaemonError", "daemon_dir", "socket_path", "send", "receive", "MAX_REQUEST"]

MAX_REQUEST = 64 * 1024 * 1024  # a request is argv, cwd and the environment: far less
_HEADER = struct.Struct(">Q")
_MAX_SOCKET_PATH = 100  # sun_path holds 104-108 bytes, depending on the OS


class DaemonError(Exception):
    """The daemon cannot be reached or used; the caller checks in its own process instead."""


def daemon_dir() -> Path:
    """``$SQLINTENT_DAEMON_DIR``, else ``$XDG_RUNTIME_DIR/sqlintent``, else ``/tmp/sqlintent-<uid>``: created
    mode 0700; refused when another user owns it or others may write to it."""
    env = os.environ.get("SQLINTENT_DAEMON_DIR")
    if env:
        d = Path(env).expanduser()
    elif os.environ.get("XDG_RUNTIME_DIR"):
        d = Path(os.environ["XDG_RUNTIME_DIR"]) / "sqlintent"
    else:
        d = Path("/tmp") / f"sqlintent-{os.getuid()}"
    try:
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(d)
    except OSError as exc:
        raise DaemonError(f"cannot create the daemon directory {d}: {exc.strerror or exc}") from exc
    if not stat.S_ISDIR(st.st_mode):
        raise DaemonError(f"{d} is not a directory")
    if st.st_uid != os.getuid():
        raise DaemonError(f"{d} belongs to another user")
    if st.st_mode & 0o022:
        raise DaemonError(f"{d} may be written by other users (mode {stat.S_IMODE(st.st_mode):o}); "
                          "make it 0700 or set SQLINTENT_DAEMON_DIR")
    return d


def _install_key() -> str:
    """One daemon per interpreter and sqlintent installation."""
    import sqlintent

    text = f"{sys.executable}\0{Path(sqlintent.__file__).resolve().parent}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def socket_path() -> Path:
    path = daemon_dir() / f"d-{_install_key()}.sock"
    if len(os.fsencode(path)) > _MAX_SOCKET_PATH:
        raise DaemonError(f"the socket path {path} is too long for a Unix socket; set SQLINTENT_DAEMON_DIR "
                          "to a shorter directory")
    return path


def send(sock: socket.socket, message: dict) -> None:
    data = json.dumps(message, ensure_ascii=False).encode("utf-8", "surrogateescape")
    sock.sendall(_HEADER.pack(len(data)) + data)


def _exactly(sock: socket.socket, n: int) -> bytes:
    chunks, left = [], n
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            raise DaemonError("the connection closed mid-message")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def receive(sock: socket.socket, limit: int | None = None) -> dict:
    (n,) = _HEADER.unpack(_exactly(sock, _HEADER.size))
    if limit is not None and n > limit:
        raise DaemonError(f"message of {n} bytes is over the limit of {limit}")
    try:
        message = json.loads(_exactly(sock, n).decode("utf-8", "surrogateescape"))
    except ValueError as exc:
        raise DaemonError(f"malformed message: {exc}") from exc
    if not isinstance(message, dict):
        raise DaemonError("malformed message: not an object")
    return message
