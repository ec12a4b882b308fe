"""Diagnostics, pushed (``textDocument/publishDiagnostics``) or pulled (``textDocument/diagnostic``).

The mode follows the client: pull when it declares ``textDocument.diagnostic``, push otherwise. Checks run
in the server's thread pool, never on the event loop. Per document, edits are coalesced: while a check
runs, further edits only mark the document dirty, and one more check runs for the newest version when the
running one ends (after ``debounce_ms``, when set). A result computed for a version that is no longer
current is dropped. The engine caches statement results, so a check after an edit re-runs only the
statements that changed.
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

from lsprotocol import types

from sqlintent.server.outcome import CheckOutcome


@dataclass
class DocumentState:
    dirty: bool = False
    task: asyncio.Task | None = None
    outcome: CheckOutcome | None = None  # the newest outcome for a version that was current


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
        doc = self.server.workspace.get_text_document(uri)
        return doc.source, doc.version

    def current_version(self, uri: str):
        docs = self.server.workspace.text_documents
        doc = docs.get(uri)
        return doc.version if doc is not None else None

    async def run_check(self, uri: str) -> CheckOutcome:
        """Check the current text of ``uri`` in a worker thread and deliver its notices."""
        text, version = self._snapshot(uri)
        loop = asyncio.get_running_loop()
        outcome = await loop.run_in_executor(self.server.thread_pool, self.server.check, uri, text, version)
        self.server.deliver(outcome)
        return outcome

    def schedule(self, uri: str) -> None:
        """A document changed: check it (push mode), coalescing edits that arrive while a check runs."""
        state = self.docs.setdefault(uri, DocumentState())
        state.dirty = True
        if not self.pull and (state.task is None or state.task.done()):
            state.task = asyncio.ensure_future(self._push_loop(uri, state))

    async def _push_loop(self, uri: str, state: DocumentState) -> None:
        if self.server.debounce_s:
            await asyncio.sleep(self.server.debounce_s)  # debounce: let a burst of keystrokes settle
        while state.dirty:
            state.dirty = False
            if uri not in self.server.workspace.text_documents:
                return  # closed meanwhile
            try:
                outcome = await self.run_check(uri)
            except Exception as exc:  # keep serving
                self.server.log(f"check of {uri} failed: {exc!r}", types.MessageType.Error)
                return
            if state.dirty or outcome.version != self.current_version(uri):
                self.server.log(f"dropped stale diagnostics for {uri} version {outcome.version}")
                continue
            state.outcome = outcome
            self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=uri, diagnostics=outcome.diagnostics, version=outcome.version))

    async def pull_report(self, uri: str, previous_result_id: str | None):
        state = self.docs.setdefault(uri, DocumentState())
        outcome = state.outcome
        if (outcome is None or outcome.version != self.current_version(uri)
                or outcome.generation != self.server.engines.generation or state.dirty):
            state.dirty = False
            outcome = await self.run_check(uri)
            if outcome.version == self.current_version(uri):
                state.outcome = outcome
        result_id = outcome.result_id
        if previous_result_id is not None and previous_result_id == result_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
        return types.RelatedFullDocumentDiagnosticReport(items=outcome.diagnostics, result_id=result_id)

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
        for uri in list(self.server.workspace.text_documents):
            self.schedule(uri)

    def closed(self, uri: str) -> None:
        state = self.docs.pop(uri, None)
        if state is not None and state.task is not None and not state.task.done():
            state.task.cancel()
        text = state.outcome.text if state is not None and state.outcome is not None else None
        if text:  # the engine's cached statements of the closed document are freed
            for engine in self.server.engines.engines():
                engine.forget_text(text)
        if not self.pull:
            self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


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
