"""The door of ``sqlintent server --tcp``: loopback only, a token, strict frames, one client.

Anyone on the machine can connect to a loopback port, and a web page can make the browser send an HTTP
request to one (a no-cors ``fetch`` whose body holds an LSP frame). So the TCP transport, unlike stdio:

- binds a loopback address only (:func:`loopback_host`);
- reads frames strictly (:class:`StrictDeframer`): a connection whose bytes are not an LSP header block
  (``Content-Length`` and ``Content-Type`` lines, a blank line, a JSON object of exactly that length), that
  starts with an HTTP request line, or that carries an ``Origin:`` header is closed: nothing is
  resynchronised and nothing of it reaches the server;
- wants the token in its first message, an ``initialize`` request whose
  ``initializationOptions.token`` equals the server's (:func:`check_first_message`); the token is removed
  before pygls (and its log) sees the message;
- serves one client: once a client has passed the token, every other connection is closed at once.

The token is random (``secrets.token_urlsafe``) and lives in a file only its owner can read
(:func:`load_or_create_token`).
"""
from __future__ import annotations

import hmac
import ipaddress
import json
import os
import re
import secrets
import stat
from pathlib import Path

MAX_BODY = 64 * 1024 * 1024
_MAX_HEADER_BLOCK = 4096
_HEADER_LINE = re.compile(rb"([A-Za-z][A-Za-z0-9-]{0,63})[ \t]*:[ \t]*([^\r\n]{0,1024}?)[ \t]*\r?\n")
_REQUEST_LINE = re.compile(rb"^[A-Z]{3,10} [^\r\n ]* HTTP/")
_ALLOWED_HEADERS = {b"content-length", b"content-type"}
AUTH_TIMEOUT_S = 10.0


class Refused(Exception):
    """The connection is closed; the message says why (logged, never sent to the peer)."""


def loopback_host(host: str) -> str:
    """``host`` if it names a loopback address, else :class:`ValueError` with a message for the user."""
    if host in ("localhost", ""):
        return "127.0.0.1"
    try:
        if ipaddress.ip_address(host.strip("[]")).is_loopback:
            return host.strip("[]")
    except ValueError:
        pass
    raise ValueError(f"--tcp {host}: the language server listens on a loopback address only (127.0.0.1, ::1 or "
                     "localhost); anyone who can reach the port could otherwise drive it. Use stdio, or reach a "
                     "remote machine through an SSH tunnel to its loopback port.")


def _private_file_ok(path: Path) -> str | None:
    st = path.stat()
    if not hasattr(os, "getuid"):  # Windows: no POSIX owner and mode to check
        return None
    if st.st_uid != os.getuid():
        return f"{path} belongs to another user"
    if st.st_mode & 0o077:
        return f"{path} can be read or written by others (mode {stat.S_IMODE(st.st_mode):o}; chmod 600 it)"
    return None


def load_or_create_token(path: str | None, port: int) -> tuple[str, Path]:
    """The token and the file that holds it. A given file that exists is read (it must be the user's and
    0600); one that does not is created (0600) with a new token; without a path the file goes in a fresh
    0700 folder of the user's runtime or temporary folder (:func:`remove_token_file` removes both)."""
    if path:
        file = Path(path).expanduser()
        if file.exists():
            why = _private_file_ok(file)
            if why:
                raise ValueError(f"--token-file: {why}")
            token = file.read_text(encoding="utf-8").strip()
            if len(token) < 16:
                raise ValueError(f"--token-file: {file} holds no token of at least 16 characters")
            return token, file
    else:
        import tempfile

        base = os.environ.get("XDG_RUNTIME_DIR") or None
        if base and not Path(base).is_dir():
            base = None
        file = Path(tempfile.mkdtemp(prefix="sqlintent-tcp-", dir=base)) / f"token-{port}"  # mkdtemp: 0700
    token = secrets.token_urlsafe(32)
    fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(token + "\n")
    return token, file


def remove_token_file(file: Path) -> None:
    """Remove a token file this run made (and its folder)."""
    try:
        file.unlink()
        file.parent.rmdir()
    except OSError:
        pass


class StrictDeframer:
    """Bytes in, JSON bodies out; anything else raises :class:`Refused` (the connection is then closed)."""

    def __init__(self):
        self.buf = bytearray()
        self.started = False

    def feed(self, data: bytes) -> list[bytes]:
        self.buf += data
        if not self.started and b"\n" in self.buf:
            self.started = True
            if _REQUEST_LINE.match(bytes(self.buf[:1100])):
                raise Refused("an HTTP request, not LSP")
        out: list[bytes] = []
        while True:
            body = self._next()
            if body is None:
                return out
            out.append(body)

    def _next(self) -> bytes | None:
        buf, pos, length = self.buf, 0, None
        while True:
            if buf[pos:pos + 2] == b"\r\n" or buf[pos:pos + 1] == b"\n":
                pos += 2 if buf[pos:pos + 1] == b"\r" else 1
                break
            m = _HEADER_LINE.match(buf, pos)
            if m is None:
                nl = buf.find(b"\n", pos)
                if nl >= 0 or len(buf) - pos > 1100:
                    raise Refused("bytes that are not an LSP header")
                return None  # the line is still arriving
            name = m.group(1).lower()
            if name == b"origin":
                raise Refused("an Origin header (a browser sent this)")
            if name not in _ALLOWED_HEADERS:
                raise Refused(f"a header LSP does not have ({name.decode('ascii')})")
            if name == b"content-length":
                if length is not None or not m.group(2).isdigit() or len(m.group(2)) > 12:
                    raise Refused("a bad Content-Length")
                length = int(m.group(2))
            pos = m.end()
            if pos > _MAX_HEADER_BLOCK:
                raise Refused("a header block over 4 KiB")
        if length is None or not 0 < length <= MAX_BODY:
            raise Refused("a frame without a usable Content-Length")
        if len(buf) < pos + length:
            return None
        body = bytes(buf[pos:pos + length])
        try:
            ok = isinstance(json.loads(body), dict)
        except (ValueError, RecursionError):  # RecursionError: nested deeper than Python's stack allows
            ok = False
        if not ok:
            raise Refused("a frame whose body is not one JSON object of its Content-Length")
        del buf[:pos + length]
        return body


def check_first_message(body: bytes, token: str) -> bytes:
    """The first message with the token taken out, or :class:`Refused`."""
    msg = json.loads(body)
    params = msg.get("params") if msg.get("method") == "initialize" else None
    options = params.get("initializationOptions") if isinstance(params, dict) else None
    given = options.get("token") if isinstance(options, dict) else None
    if not isinstance(given, str) or not hmac.compare_digest(given.encode("utf-8", "replace"), token.encode()):
        raise Refused("the first message is not an initialize request carrying the token"
                      if given is None else "a wrong token")
    del options["token"]
    try:
        return json.dumps(msg).encode("utf-8")
    except RecursionError:  # parsed, but too deep to write again
        raise Refused("a first message nested too deeply") from None


class GatedReader:
    """An ``asyncio.StreamReader`` seen through :class:`StrictDeframer`, ``readline``/``readexactly`` as
    pygls' ``run_async`` awaits them; ``first`` is the already-checked first body."""

    def __init__(self, stream, deframer: StrictDeframer, first: list[bytes], on_refused):
        self.stream = stream
        self.deframer = deframer
        self.bodies = list(first)
        self.lines: list[bytes] = []
        self.body: bytes | None = None
        self.on_refused = on_refused

    async def readline(self) -> bytes:
        if not self.lines:
            while not self.bodies:
                chunk = await self.stream.read(65536)
                if not chunk:
                    return b""
                try:
                    self.bodies.extend(self.deframer.feed(chunk))
                except Refused as exc:
                    self.on_refused(str(exc))
                    return b""
            self.body = self.bodies.pop(0)
            self.lines.extend((b"Content-Length: %d\r\n" % len(self.body), b"\r\n"))
        return self.lines.pop(0)

    async def readexactly(self, n: int) -> bytes:
        body, self.body = self.body, None
        return body if body is not None else b""


async def authenticate(reader, token: str) -> tuple[StrictDeframer, list[bytes]]:
    """Read up to the first message (within :data:`AUTH_TIMEOUT_S`) and check it: the deframer and the
    bodies read so far (the first with its token removed), or :class:`Refused`."""
    import asyncio

    deframer = StrictDeframer()
    bodies: list[bytes] = []

    async def first() -> None:
        while not bodies:
            chunk = await reader.read(65536)
            if not chunk:
                raise Refused("closed before its first message")
            bodies.extend(deframer.feed(chunk))

    try:
        await asyncio.wait_for(first(), AUTH_TIMEOUT_S)
    except asyncio.TimeoutError:
        raise Refused(f"no first message within {AUTH_TIMEOUT_S:g} s") from None
    bodies[0] = check_first_message(bodies[0], token)
    return deframer, bodies
