"""A forgiving LSP transport: malformed frames are dropped and the stream resynchronises on the next header.

pygls 2.1 (``pygls.io_.run_async``) reads a header line, a blank line and exactly ``Content-Length`` bytes.
After one frame with a wrong, zero or missing Content-Length, or LF-only headers, its reads straddle the
following frames and it never finds a header again: the server stays alive but answers nothing (reported
upstream as pygls "run_async never resynchronises after a malformed frame"). Instead of copying that loop,
sqlintent puts a reader in front of it that re-frames the byte stream: :class:`Deframer` finds each
``Content-Length`` header wherever it starts (CRLF or LF line ends, any case), takes the body, and when the
length is wrong takes the JSON body that runs up to the next header; bytes that are no frame are dropped
with a log line. pygls then only ever sees well-formed frames.
"""
from __future__ import annotations

import json
import logging
import re
from collections import deque
from typing import Callable

logger = logging.getLogger("sqlintent.server.transport")

_HEADER = re.compile(rb"content-length[ \t]*:[ \t]*(\d{1,12})[ \t]*\r?\n", re.I)
MAX_BODY = 64 * 1024 * 1024  # a bigger frame is refused (the document size limit is far below this)
_MAX_HEADER_LINE = 1024


def _json_object(data: bytes) -> bool:
    text = data.strip()
    if not text.startswith(b"{"):
        return False
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


class Deframer:
    """Bytes in (:meth:`feed`), message bodies out; what cannot be a frame is logged and dropped."""

    def __init__(self, log: Callable[[str], None] | None = None):
        self.buf = bytearray()
        self.log = log or logger.warning
        self.dropped = 0  # frames or stretches of bytes thrown away

    def _drop(self, upto: int, why: str) -> None:
        if upto > 0:
            self.dropped += 1
            self.log(f"LSP stream: {why}; dropped {upto} bytes and resynchronised on the next header")
            del self.buf[:upto]

    def feed(self, data: bytes) -> list[bytes]:
        self.buf += data
        out: list[bytes] = []
        while self._next(out):
            pass
        if len(self.buf) > MAX_BODY + 4096:
            self._drop(len(self.buf), "more than 64 MiB without a complete frame")
        return out

    def _next(self, out: list[bytes]) -> bool:
        """Take one frame (or drop one stretch of junk) from the buffer; False when more bytes are needed."""
        buf = self.buf
        m = _HEADER.search(buf)
        if m is None:
            brace = buf.find(b"{")
            if brace >= 0 and _json_object(bytes(buf[brace:])):  # a body with no header at all
                self.log("LSP stream: a message without Content-Length; read up to the end of its JSON")
                out.append(bytes(buf[brace:]).strip())
                del buf[:]
                return False
            keep = buf.rfind(b"\n")
            if keep > 0 and not buf[:keep].strip().startswith(b"{"):  # junk lines that hold no header
                self._drop(keep + 1, "bytes outside any frame")
            return False
        if m.start() > 0:
            junk = bytes(buf[:m.start()])
            brace = junk.find(b"{")
            if brace >= 0 and _json_object(junk[brace:]):  # a body whose header was missing or unreadable
                self.log("LSP stream: a message without a readable Content-Length; read it up to the next header")
                out.append(junk[brace:].strip())
                del buf[:m.start()]
            else:
                self._drop(m.start(), "bytes before a header")
            return True
        # the other header lines, up to the blank line
        pos = m.end()
        while True:
            nl = buf.find(b"\n", pos)
            if nl < 0:
                if len(buf) - pos > _MAX_HEADER_LINE:
                    self._drop(m.end(), "a header block without an end")
                    return True
                return False
            line = bytes(buf[pos:nl + 1])
            if not line.strip():
                pos = nl + 1
                break
            if _HEADER.match(line) or b":" not in line or len(line) > _MAX_HEADER_LINE:
                self._drop(m.end(), "a header block without its blank line")
                return True
            pos = nl + 1
        length = int(m.group(1))
        nxt = _HEADER.search(buf, pos)
        if 0 < length <= MAX_BODY and len(buf) >= pos + length and (nxt is None or nxt.start() >= pos + length):
            # the common case: exactly the announced bytes (pygls reports a body that is not JSON); a header
            # inside them means the length is wrong (no JSON text can hold one), handled below
            out.append(bytes(buf[pos:pos + length]))
            del buf[:pos + length]
            return True
        # a zero, too big or too small Content-Length: the JSON body that runs up to the next header
        if nxt is not None:
            candidate = bytes(buf[pos:nxt.start()])
            if _json_object(candidate):
                self.log(f"LSP stream: Content-Length {length} does not match its {len(candidate.strip())}-byte body;"
                         " read the body up to the next header")
                out.append(candidate.strip())
                del buf[:nxt.start()]
            else:
                self._drop(nxt.start(), f"a frame whose Content-Length ({length}) does not fit its body")
            return True
        if length == 0 or length > MAX_BODY:
            if _json_object(bytes(buf[pos:])):
                self.log(f"LSP stream: Content-Length {length}; read the body up to the end of its JSON")
                out.append(bytes(buf[pos:]).strip())
                del buf[:]
                return False
            if length > MAX_BODY:
                self._drop(m.end(), f"Content-Length {length} is over the 64 MiB limit")
                return True
        return False  # the body is still arriving


class ReframingReader:
    """A blocking binary reader (stdin) seen through :class:`Deframer`: ``readline``/``read`` hand pygls
    one well-formed frame at a time (``Content-Length: N``, a blank line, N bytes)."""

    def __init__(self, raw, deframer: Deframer | None = None):
        self.raw = raw
        self.deframer = deframer or Deframer()
        self.bodies: deque[bytes] = deque()
        self.lines: deque[bytes] = deque()
        self.body: bytes | None = None

    def _chunk(self) -> bytes:
        read1 = getattr(self.raw, "read1", None)
        return read1(65536) if read1 is not None else self.raw.read(1)

    def readline(self) -> bytes:
        if not self.lines:
            while not self.bodies:
                chunk = self._chunk()
                if not chunk:
                    return b""  # end of the stream
                self.bodies.extend(self.deframer.feed(chunk))
            self.body = self.bodies.popleft()
            self.lines.extend((b"Content-Length: %d\r\n" % len(self.body), b"\r\n"))
        return self.lines.popleft()

    def read(self, n: int) -> bytes:
        body, self.body = self.body, None
        return body if body is not None else b""
