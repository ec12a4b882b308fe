"""What keeps a hostile or broken client from hurting the server: framing, popups, tracebacks, shutdown.

- :func:`serve_io` runs pygls behind :mod:`sqlintent.server.transport`, so a malformed frame is dropped and
  the next one read (pygls alone goes deaf after one); :func:`serve_tcp` runs it behind
  :mod:`sqlintent.server.tcp_gate` (a token, strict frames, one client).
- :class:`GuardedProtocol` never puts a traceback in a response (pygls puts ``format_tb`` in
  ``error.data``; sqlintent logs it instead) and makes ``shutdown`` safe while requests finish: pygls
  iterates its pending-request dict while cancelling, and a cancelled thread-pool future removes itself
  from that dict at once ("dictionary changed size during iteration", answered as -32603). An error
  response's message is written with control characters escaped (it may quote the checked file).
- :class:`PopupLimiter` lets one error popup per kind through per minute; the rest go to the log.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time

from lsprotocol import types
from pygls.io_ import run_async
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from sqlintent.escape import safe_text
from sqlintent.server.transport import ReframingReader

logger = logging.getLogger("sqlintent.server")

POPUP_INTERVAL_S = 60.0


class _SnapshotDict(dict):
    """A dict whose ``items()`` is a snapshot: safe to iterate while callbacks remove entries."""

    def items(self):  # type: ignore[override]
        return list(super().items())

    def values(self):  # type: ignore[override]
        return list(super().values())


class _Ignored:
    """What a malformed request becomes once answered: pygls skips a message of an unknown JSON-RPC version."""

    jsonrpc = "ignored"


_IGNORED = _Ignored()


class GuardedProtocol(LanguageServerProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._request_futures = _SnapshotDict(self._request_futures)

    def structure_message(self, data):
        """pygls drops a request whose params do not deserialize without answering it (the client waits
        forever); answer it with InvalidParams instead, and ignore the message."""
        try:
            return super().structure_message(data)
        except Exception as exc:
            if isinstance(data, dict) and "method" in data and isinstance(data.get("id"), (int, str)):
                logger.warning("request %r (%s): invalid params: %s", data.get("id"), data.get("method"), exc)
                self._send_response(data["id"], error=types.ResponseError(
                    code=types.ErrorCodes.InvalidParams, message=f"invalid params for {data.get('method')}"))
                return _IGNORED
            raise

    def handle_message(self, message):
        """A body that is JSON but no message (an array, a number, an object without "jsonrpc"): logged and
        dropped (pygls raises AttributeError on it, which became an error popup). A request after
        ``shutdown`` is answered with InvalidRequest, as the protocol asks (pygls drops it unanswered and
        the client waits forever)."""
        if message is _IGNORED:  # already answered (InvalidParams) and logged by structure_message
            return None
        if not hasattr(message, "jsonrpc"):
            logger.warning("not a JSON-RPC message, ignored: %.200r", message)
            return None
        method, msg_id = getattr(message, "method", None), getattr(message, "id", None)
        if self._shutdown and method not in (None, types.EXIT) and isinstance(msg_id, (int, str)):
            self._send_response(msg_id, error=types.ResponseError(
                code=types.ErrorCodes.InvalidRequest, message=f"{method}: the server is shutting down"))
            return None
        return super().handle_message(message)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        """A change to a document that is not open (sent after didClose) is logged and ignored: pygls
        raised KeyError on it, which became an error popup."""
        from sqlintent.server.diagnostics import open_document

        uri = params.text_document.uri
        if open_document(self.workspace, uri) is None:
            logger.warning("didChange for %s, which is not open: ignored", uri)
            return
        yield from super().lsp_text_document__did_change(params)

    def _send_response(self, msg_id, result=None, error=None):
        if error is not None:  # no traceback, and the message (an exception's, naming the file) escaped
            if getattr(error, "data", None) is not None:
                logger.error("request %s failed: %s\n%s", msg_id, error.message, _text(error.data))
            error = types.ResponseError(code=error.code, message=safe_text(error.message))
        return super()._send_response(msg_id, result, error)


def _text(data) -> str:
    if isinstance(data, dict) and "traceback" in data:
        return "".join(data["traceback"])
    return str(data)


class PopupLimiter:
    """At most one popup per kind per ``interval_s`` (kinds are few: a bounded table)."""

    def __init__(self, interval_s: float = POPUP_INTERVAL_S, max_kinds: int = 256):
        self.interval_s = interval_s
        self.max_kinds = max_kinds
        self.last: dict[str, float] = {}
        self.suppressed = 0
        self._lock = threading.Lock()

    def allow(self, kind: str) -> bool:
        now = time.monotonic()
        with self._lock:
            at = self.last.get(kind)
            if at is not None and now - at < self.interval_s:
                self.suppressed += 1
                return False
            if len(self.last) >= self.max_kinds:
                self.last = {k: t for k, t in self.last.items() if now - t < self.interval_s}
                if len(self.last) >= self.max_kinds:
                    self.suppressed += 1
                    return False
            self.last[kind] = now
            return True


def serve_io(server, stdin, stdout) -> int:
    """A stdio server like pygls' ``start_io``, reading through :class:`ReframingReader` on a thread of its
    own (pygls reads stdin on the thread pool that runs the checks: with every worker busy, the server
    would not even read ``shutdown``). Returns the exit status: 1 after an ``exit`` without ``shutdown``
    (as the protocol asks), else 0."""
    from concurrent.futures import ThreadPoolExecutor

    from pygls.io_ import StdinAsyncReader, StdoutWriter

    server._stop_event = stop = threading.Event()
    server.protocol.set_writer(StdoutWriter(stdout))
    reading = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlintent-stdin")
    code = 0
    try:
        asyncio.run(run_async(stop_event=stop, reader=StdinAsyncReader(ReframingReader(stdin), reading),
                              protocol=server.protocol, logger=logger, error_handler=server.report_server_error))
    except BrokenPipeError:
        logger.error("the client closed the connection: shutting down")
    except KeyboardInterrupt:
        pass
    except SystemExit as exc:  # pygls' exit handler: 0 after shutdown, 1 without
        code = exc.code if isinstance(exc.code, int) else 0
    finally:
        reading.shutdown(wait=False)
        server.shutdown()
    return code


def serve_tcp(server, host: str, port: int, token: str) -> None:
    """A TCP server like pygls' ``start_tcp``, behind :mod:`sqlintent.server.tcp_gate`: each connection
    must send the token in its first message, with strict frames; the first that does is served, every
    other connection is closed. The server stops when its client leaves."""
    from sqlintent.server.tcp_gate import GatedReader, Refused, authenticate

    server._stop_event = stop = threading.Event()
    served = False

    def refused(peer, why: str) -> None:
        logger.warning("TCP connection from %s closed: %s", peer, why)

    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal served
        peer = writer.get_extra_info("peername")
        try:
            if served:
                raise Refused("the server already has its client")
            deframer, first = await authenticate(reader, token)
            if served:
                raise Refused("the server already has its client")
        except (Refused, ValueError, OSError) as exc:
            refused(peer, str(exc))
            writer.close()
            return
        served = True
        server.protocol.set_writer(writer)
        await run_async(stop_event=stop, reader=GatedReader(reader, deframer, first, lambda why: refused(peer, why)),
                        protocol=server.protocol, logger=logger, error_handler=server.report_server_error)
        writer.close()
        server.shutdown()
        server._server.close()

    async def main() -> None:
        server._server = await asyncio.start_server(connection, host, port)
        async with server._server:
            try:
                await server._server.serve_forever()
            except asyncio.CancelledError:
                pass

    try:
        asyncio.run(main())
    except asyncio.CancelledError:
        pass
