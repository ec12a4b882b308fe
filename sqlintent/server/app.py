"""The language server object: state shared by the feature modules, and ``create_server``.

The server keeps the client's settings, one engine per configuration (:mod:`engines`), the per-document
diagnostic state (:mod:`diagnostics`) and the messages it has already shown. LSP messages are only sent
from the event loop; checks run in the server's thread pool and hand their results back.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from sqlintent import __version__
from sqlintent.engine.result import FileResult
from sqlintent.escape import safe_text
from sqlintent.redact import redact
from sqlintent.server.configuration import REFUSED, Settings
from sqlintent.server.guard import GuardedProtocol, PopupLimiter, serve_io, serve_tcp
from sqlintent.server.outcome import CheckOutcome  # re-exported: where it used to live
from sqlintent.server.convert import LineIndex, to_diagnostic
from sqlintent.workspace.engines import EngineRegistry

NAME = "sqlintent"


class SqlintentServer(LanguageServer):
    """pygls server plus sqlintent's state."""

    def __init__(self, *args, debounce_ms: int = 0, **kwargs):
        kwargs.setdefault("protocol_cls", GuardedProtocol)
        super().__init__(NAME, __version__, *args, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         **kwargs)
        self.popups = PopupLimiter()
        self.settings = Settings()
        self.engines = EngineRegistry()
        self.debounce_s = max(0, debounce_ms) / 1000
        self.shown: set[str] = set()  # messages already shown once
        self.diagnostics = None  # set by diagnostics.register
        self.first_check = threading.Event()  # set when a check has finished (the model load waits for it)

    # -- talking to the user ---------------------------------------------------------------------------
    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        """Send a log line to the client, secrets masked (sqlintent.redact) and control characters escaped
        (sqlintent.escape: a file name or a name from the checked file is hostile text)."""
        self.window_log_message(types.LogMessageParams(type=kind, message=f"sqlintent: {safe_text(redact(message))}"))

    def show_once(self, message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        """Show (and log) a message the first time it occurs, secrets masked (sqlintent.redact); errors at
        most once per kind per minute; control characters escaped."""
        message = safe_text(redact(message))
        if message in self.shown:
            return
        if len(self.shown) >= 1000:  # bounded: a flood of distinct messages must not grow memory
            self.shown.clear()
        self.shown.add(message)
        self.log(message, kind)
        if kind == types.MessageType.Error and not self.popups.allow("error:" + message.split(":", 1)[0][:60]):
            return
        self.window_show_message(types.ShowMessageParams(type=kind, message=f"sqlintent: {message}"))

    def report_server_error(self, error: Exception, source) -> None:
        """pygls' hook for errors outside a request: logged; a popup at most once per kind per minute."""
        import logging

        name = getattr(source, "__name__", str(source))
        logging.getLogger("sqlintent.server").error("%s: %s: %s", name, type(error).__name__, error)
        if name == "FeatureRequestError":  # the response already carries the error
            return
        if self.popups.allow(f"{name}:{type(error).__name__}"):
            text = safe_text(redact(" ".join(str(error).split())[:300]))
            self.window_show_message(types.ShowMessageParams(
                type=types.MessageType.Error, message=f"sqlintent: internal error ({type(error).__name__}): {text}"))

    # -- transport ---------------------------------------------------------------------------------------
    def start_io(self, stdin=None, stdout=None) -> int:
        """stdio, reading through the forgiving transport (:mod:`sqlintent.server.transport`); returns the
        exit status (1 after an ``exit`` without ``shutdown``)."""
        import sys

        return serve_io(self, stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)

    def start_tcp(self, host: str, port: int, token: str) -> None:
        """TCP on a loopback address; the client's ``initialize`` must carry ``token`` (see tcp_gate)."""
        serve_tcp(self, host, port, token)

    def deliver(self, outcome: CheckOutcome) -> None:
        """Send a check's notices (on the event loop)."""
        if outcome.database_changed:  # a database that comes back and goes again is announced again
            self.shown = {m for m in self.shown if "database" not in m.lower()}
            if self.diagnostics is not None:
                self.diagnostics.refresh_all()
        for line in outcome.logs:
            self.log(line)
        result = outcome.result
        if result.source_document is not None:
            phase = " (model findings follow)" if result.pending else ""
            self.log(f"checked {outcome.uri} (version {outcome.version}): {result.statements} "
                     f"statements, {len(result.findings)} findings in {outcome.seconds * 1000:.1f} ms{phase}",
                     types.MessageType.Log)
        for kind, message in outcome.notices:
            self.show_once(message, kind)

    # -- workspace -------------------------------------------------------------------------------------
    @property
    def root(self) -> Path | None:
        try:
            folders = self.workspace.folders
            if folders:
                first = next(iter(folders.values()))
                p = to_fs_path(first.uri)
                return Path(p) if p else None
            root = self.workspace.root_path
            return Path(root) if root else None
        except Exception:
            return None

    def reconfigure(self) -> None:
        """Settings changed: new engines, and every open document checked again."""
        self.engines.clear()
        if self.diagnostics is not None:
            self.diagnostics.refresh_all()

    # -- checking (worker threads) ---------------------------------------------------------------------
    def engine_for_uri(self, uri: str):
        path = to_fs_path(uri) if uri.startswith("file:") else None
        return self.engines.engine_for(Path(path) if path else None, self.settings, self.root)

    def check(self, uri: str, text: str, version: int | None, model: bool = True) -> CheckOutcome:
        """Check one document's text; runs in a worker thread. Never raises. ``model=False``: the findings
        that need no model run (those cached are included); ``outcome.result.pending`` says whether more
        follow."""
        started = time.perf_counter()
        path = to_fs_path(uri) or uri
        outcome = CheckOutcome(uri, version, FileResult(path, text))
        try:
            entry, changed = self.engine_for_uri(uri)
            engine, problems = entry.engine, entry.problems
        except Exception as exc:
            from sqlintent.db.errors import printable  # a database's message quotes values
            outcome.notices.append((types.MessageType.Error, f"cannot set up the checker: {printable(exc)}"))
            return outcome
        outcome.engine = engine
        outcome.generation = self.engines.generation
        for p in problems:  # a setting refused from the workspace's config (docs/security.md) is an error
            outcome.notices.append((types.MessageType.Error, p) if p.startswith(REFUSED) else
                                   (types.MessageType.Warning, f"invalid setting, default used: {p}"))
        model_problem = self.engines.detectors.model_problem(engine.config)
        if model_problem:
            outcome.notices.append((types.MessageType.Warning, model_problem))
        if changed:
            outcome.logs.append("database state changed: checking against a fresh engine")
            outcome.database_changed = True
        for rf in engine.run_findings:
            outcome.notices.append((types.MessageType.Warning, rf.message))
        if not engine.run_findings:  # database-unavailable may be deselected: the editor still says so
            missing = database_problem(engine)
            if missing:
                outcome.notices.append((types.MessageType.Warning, missing))
        fs_path = to_fs_path(uri) if uri.startswith("file:") else None
        if fs_path and engine.config.is_excluded(fs_path):
            outcome.logs.append(f"{fs_path} matches 'exclude': not checked")
            return outcome
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > engine.config.max_file_size:
            outcome.notices.append((types.MessageType.Info,
                                    f"{uri}: {size} bytes is over max_file_size ({engine.config.max_file_size}); "
                                    "not checked"))
            return outcome
        from sqlintent.templating.process import stop_when

        try:
            with stop_when(self._edited_since(uri, version)):  # a render of an outdated text is killed
                result = engine.check_text(text, path, model=model)
        except Exception as exc:  # an engine bug: say so, keep serving
            from sqlintent.db.errors import printable  # a database's message quotes values
            outcome.notices.append((types.MessageType.Error, f"internal error while checking {uri}: {printable(exc)}"))
            return outcome
        outcome.result = result
        index = LineIndex(text, self.workspace.position_codec)
        outcome.diagnostics = [to_diagnostic(f, index, uri) for f in result.findings]
        outcome.seconds = time.perf_counter() - started
        return outcome

    def _edited_since(self, uri: str, version: int | None):
        """A test, safe from a worker thread, of whether the open document has moved past ``version``."""
        if version is None or self.diagnostics is None:
            return None
        return lambda: self.diagnostics.current_version(uri) != version


def database_problem(engine) -> str | None:
    """Why the configured database is not in use, or None when it is (or none is configured)."""
    config = engine.config
    if not config.database or engine.schema is not None and engine.schema.database is not None:
        return None
    from sqlintent.workspace.engines import _configured_file

    path = _configured_file(config)
    if path is not None and not path.exists():
        return f"database file not found: {path}; database checks are skipped"
    return f"cannot open database {config.database}; database checks are skipped"


def create_server(*, debounce_ms: int = 0) -> SqlintentServer:
    """A new server with every feature registered."""
    from sqlintent.server import code_actions, configuration, diagnostics, hover, lifecycle, workspace_check

    server = SqlintentServer(debounce_ms=debounce_ms)
    for module in (lifecycle, configuration, diagnostics, hover, code_actions, workspace_check):
        module.register(server)
    return server
