"""Diagnostics, pushed (``textDocument/publishDiagnostics``) or pulled (``textDocument/diagnostic``).

The mode follows the client: pull when it declares ``textDocument.diagnostic``, push otherwise. Checks run
in the server's thread pool, never on the event loop. Per document, edits are coalesced: while a check
runs, further edits only mark the document dirty, and one more check runs for the newest version when the
running one ends (after ``debounce_ms``, when set). A result computed for a version that is no longer
current is dropped. The engine caches statement results, so a check after an edit re-runs only the
statements that changed.

Two phases: the findings that need no model (milliseconds) are published first; when the model has
statements to score, its findings follow in a second publish (push) or a diagnostics refresh that makes
the client pull again (pull; a client without refresh support waits for the complete result). An edit
while the model runs starts the next version's first phase at once; the model's work is not lost (its
results fill the engine's cache), and the next version's model phase waits for it rather than repeat it.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from urllib.parse import unquote

from lsprotocol import types

from sqlintent.server.outcome import CheckOutcome


def document_key(uri: str) -> str:
    """The key pygls keeps a document under: the percent-decoded URI (``file:///a%20b.sql`` is kept as
    ``file:///a b.sql``), so a lookup by the URI as the client sent it misses."""
    return unquote(uri)


def open_document(workspace, uri: str):
    """The open document of ``uri``, or None."""
    return workspace.text_documents.get(document_key(uri))


def open_uris(server) -> list[str]:
    """The URIs of the open documents as their clients sent them (percent-encoded), not pygls's keys."""
    return [doc.uri for doc in list(server.workspace.text_documents.values())]


@dataclass
class DocumentState:
    dirty: bool = False
    task: asyncio.Task | None = None
    outcome: CheckOutcome | None = None  # the newest outcome for a version that was current
    changed: asyncio.Event = field(default_factory=asyncio.Event)  # set by every edit
    model: asyncio.Future | None = None  # the model phase running for this document, if any
    model_version: int | None = None  # the version it started for


class Diagnostics:
    def __init__(self, server):
        self.server = server
        self.docs: dict[str, DocumentState] = {}
        self.pull = False
        self.refresh_support = False

    def choose_mode(self, caps: types.ClientCapabilities) -> None:
        td = caps.text_document
        self.pull = bool(td and td.diagnostic)
        ws = caps.workspace
        self.refresh_support = bool(ws and ws.diagnostics and ws.diagnostics.refresh_support)

    # -- running checks --------------------------------------------------------------------------------
    def _snapshot(self, uri: str):
        """The document's text and version; a document that is not open is read from disk, and one that
        cannot be read (closed, then deleted) is empty: a request about it gets an empty answer, not an
        internal error."""
        doc = open_document(self.server.workspace, uri)
        if doc is None:
            try:
                doc = self.server.workspace.get_text_document(uri)
                return doc.source, doc.version
            except (OSError, UnicodeDecodeError, ValueError):
                return "", None
        return doc.source, doc.version

    def current_version(self, uri: str):
        doc = open_document(self.server.workspace, uri)
        return doc.version if doc is not None else None

    async def run_check(self, uri: str, model: bool = True) -> CheckOutcome:
        """Check the current text of ``uri`` in a worker thread and deliver its notices."""
        text, version = self._snapshot(uri)
        loop = asyncio.get_running_loop()
        outcome = await loop.run_in_executor(self.server.thread_pool, self.server.check, uri, text, version, model)
        self.server.first_check.set()
        self.server.deliver(outcome)
        return outcome

    def _is_current(self, state: DocumentState, outcome: CheckOutcome) -> bool:
        return (not state.dirty and outcome.version == self.current_version(outcome.uri)
                and outcome.generation == self.server.engines.generation)

    @staticmethod
    async def _done_unless_edited(future: asyncio.Future, state: DocumentState) -> bool:
        """Wait for ``future``; False as soon as the document is edited first."""
        if state.dirty:
            return future.done()
        edited = asyncio.ensure_future(state.changed.wait())
        try:
            await asyncio.wait({future, edited}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            edited.cancel()
        return future.done()

    def _start_model_phase(self, uri: str, state: DocumentState, version: int | None) -> asyncio.Future:
        previous = state.model
        state.model_version = version

        async def run() -> CheckOutcome:
            if previous is not None and not previous.done():
                await asyncio.wait({previous})  # its results fill the cache this check reads
            return await self.run_check(uri, model=True)

        state.model = asyncio.ensure_future(run())
        state.model.add_done_callback(_ignore_result)
        return state.model

    def schedule(self, uri: str) -> None:
        """A document changed: check it (push mode), coalescing edits that arrive while a check runs."""
        state = self.docs.setdefault(uri, DocumentState())
        state.dirty = True
        state.changed.set()
        if not self.pull and (state.task is None or state.task.done()):
            state.task = asyncio.ensure_future(self._push_loop(uri, state))

    async def _push_loop(self, uri: str, state: DocumentState) -> None:
        if self.server.debounce_s:
            await asyncio.sleep(self.server.debounce_s)  # debounce: let a burst of keystrokes settle
        while state.dirty:
            state.dirty = False
            state.changed.clear()
            if open_document(self.server.workspace, uri) is None:
                return  # closed meanwhile
            try:
                outcome = await self.run_check(uri, model=False)
            except Exception as exc:  # keep serving
                from sqlintent.db.errors import printable  # a database's message quotes values
                self.server.log(f"check of {uri} failed: {printable(exc)}", types.MessageType.Error)
                return
            if state.dirty or outcome.version != self.current_version(uri):
                self.server.log(f"dropped stale diagnostics for {uri} version {outcome.version}")
                continue
            self._publish(state, outcome)
            if not outcome.result.pending:
                continue
            model = self._start_model_phase(uri, state, outcome.version)
            if not await self._done_unless_edited(model, state):
                continue  # edited: the next version's findings first
            try:
                outcome = model.result()
            except Exception as exc:
                from sqlintent.db.errors import printable  # a database's message quotes values
                self.server.log(f"model check of {uri} failed: {printable(exc)}", types.MessageType.Error)
                continue
            if state.dirty or outcome.version != self.current_version(uri):
                continue
            self._publish(state, outcome)

    def _publish(self, state: DocumentState, outcome: CheckOutcome) -> None:
        state.outcome = outcome
        self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=outcome.uri, diagnostics=outcome.diagnostics, version=outcome.version))

    async def pull_report(self, uri: str, previous_result_id: str | None):
        state = self.docs.setdefault(uri, DocumentState())
        outcome = state.outcome
        if outcome is None or not self._is_current(state, outcome):
            state.dirty = False
            state.changed.clear()
            # with refresh support the model's findings follow through a refresh; without, wait for them
            outcome = await self.run_check(uri, model=not self.refresh_support)
            if outcome.version == self.current_version(uri):
                state.outcome = outcome
        if outcome.result.pending and (state.model is None or state.model.done()
                                       or state.model_version != outcome.version):
            self._refresh_when_scored(uri, state, outcome)
        result_id = outcome.result_id
        if previous_result_id is not None and previous_result_id == result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
        return types.RelatedFullDocumentDiagnosticReport(items=outcome.diagnostics, result_id=result_id)

    def _refresh_when_scored(self, uri: str, state: DocumentState, first: CheckOutcome) -> None:
        """Pull mode: run the model phase, keep its result and ask the client to pull again."""
        model = self._start_model_phase(uri, state, first.version)

        def done(future: asyncio.Future) -> None:
            if future.cancelled() or future.exception() is not None:
                return
            outcome = future.result()
            if self._is_current(state, outcome) and outcome.version == first.version:
                state.outcome = outcome
                self.server.workspace_diagnostic_refresh(None)

        model.add_done_callback(done)

    async def outcome_for(self, uri: str) -> CheckOutcome:
        """The findings for the document's current version (cached statements make this cheap)."""
        state = self.docs.get(uri)
        if (state is not None and state.outcome is not None and not state.dirty
                and state.outcome.version == self.current_version(uri)
                and state.outcome.generation == self.server.engines.generation):
            return state.outcome
        return await self.run_check(uri)

    def refresh_all(self) -> None:
        """Settings or the database changed: check every open document again."""
        if self.pull:
            for state in self.docs.values():
                state.outcome = None
            if self.refresh_support:
                self.server.workspace_diagnostic_refresh(None)
            return
        for uri in open_uris(self.server):
            self.schedule(uri)

    def closed(self, uri: str) -> None:
        state = self.docs.pop(uri, None)
        if state is not None and state.task is not None and not state.task.done():
            state.task.cancel()
        if state is not None and state.model is not None and not state.model.done():
            state.model.cancel()
        text = state.outcome.result.text if state is not None and state.outcome is not None else None
        if text:  # the engine's cached statements of the closed document are freed
            for engine in self.server.engines.engines():
                engine.forget_text(text)
        if not self.pull:
            self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def _ignore_result(future: asyncio.Future) -> None:
    """Read a finished future's exception so an abandoned model phase logs no "never retrieved" warning."""
    if not future.cancelled():
        future.exception()


def register(server) -> None:
    server.diagnostics = Diagnostics(server)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls, params: types.DidOpenTextDocumentParams):
        ls.diagnostics.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls, params: types.DidChangeTextDocumentParams):
        ls.diagnostics.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls, params: types.DidSaveTextDocumentParams):
        pass  # the text is already known from didChange; registered so clients may send it

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls, params: types.DidCloseTextDocumentParams):
        ls.diagnostics.closed(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC,
                    types.DiagnosticOptions(identifier="sqlintent", inter_file_dependencies=False,
                                            workspace_diagnostics=False))
    async def pull_diagnostics(ls, params: types.DocumentDiagnosticParams):
        return await ls.diagnostics.pull_report(params.text_document.uri, params.previous_result_id)
