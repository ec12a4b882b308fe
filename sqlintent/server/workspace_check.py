"""The ``sqlintent.checkWorkspace`` command: check every .sql file of the workspace, with ``$/progress``.

Diagnostics of files that are not open in the editor are pushed with ``textDocument/publishDiagnostics``
(open documents keep their own diagnostics). Returns a summary: files checked, findings, files skipped,
the number of files found and whether the check was cancelled.

The progress is cancellable: when the client sends ``window/workDoneProgress/cancel`` for its token, the
check stops before the next file, ends the progress with "cancelled after N of M files" and returns what it
has; the diagnostics already published stay. Only one workspace check runs at a time: a second request
while one runs is refused with an error that says so (cancel the running one first, or let it finish).
"""
from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import from_fs_path

from sqlintent.escape import safe_text
from sqlintent.server.diagnostics import document_key

COMMAND = "sqlintent.checkWorkspace"


def _check_file(server, path: str):
    from sqlintent.files import read_source

    uri = from_fs_path(str(Path(path).resolve()))
    entry, _changed = server.engine_for_uri(uri)
    engine = entry.engine
    src = read_source(path, max_bytes=engine.config.max_file_size)
    if src.error:
        return uri, None, src.error
    return uri, server.check(uri, src.text, None), None


def _collect(server, folders: list[str]) -> list[str]:
    """The .sql files under ``folders``, minus those excluded by the config that applies to each (the
    closest config file above it, as for ``sqlintent check``)."""
    from sqlintent.files import collect, resolved
    from sqlintent.trust import git_top

    configs: dict[Path, object] = {}  # folder -> its config, looked up once per folder

    def excluded(path: str) -> bool:
        folder = Path(path).resolve().parent
        if folder not in configs:
            entry, _changed = server.engine_for_uri(from_fs_path(str(folder / "x.sql")))
            configs[folder] = entry.engine.config
        return configs[folder].is_excluded(path)

    files: list[str] = []
    for folder in folders:
        # a link to a file outside the folder's repository (or the folder, outside git) is not read
        found, _missing = collect([folder], excluded=excluded,
                                  root_of=lambda d: git_top(resolved(d)) or resolved(d))
        files.extend(found)
    return files


class _Running:
    """The state of the workspace check in progress (one at a time)."""

    def __init__(self) -> None:
        self.checked = 0
        self.total: int | None = None


def register(server) -> None:
    running: list[_Running] = []  # the check in progress, if any

    @server.command(COMMAND)
    async def check_workspace(ls, *args):
        """Check the workspace (or the folders given as arguments); refused while another check runs."""
        if running:
            state = running[0]
            done = f" ({state.checked} of {state.total} files checked)" if state.total is not None else ""
            message = (f"sqlintent: a workspace check is already running{done}; cancel it from its progress "
                       "notification or wait for it to finish")
            ls.log(message.removeprefix("sqlintent: "), types.MessageType.Warning)
            raise JsonRpcException(message=message, code=types.LSPErrorCodes.RequestFailed)
        state = _Running()
        running.append(state)
        try:
            return await _run(ls, args, state)
        finally:
            running.clear()


async def _run(ls, args, state: _Running) -> dict:
    folders = [str(a) for a in args if isinstance(a, str)]
    if not folders:
        folders = [p for p in (_folder_path(f.uri) for f in ls.workspace.folders.values()) if p]
    if not folders and ls.root is not None:
        folders = [str(ls.root)]
    loop = asyncio.get_running_loop()
    progress = ls.work_done_progress
    caps = ls.client_capabilities
    token = None
    if caps.window and caps.window.work_done_progress:
        token = str(uuid.uuid4())
        try:
            await progress.create_async(token)
        except Exception:
            token = None
    if token:
        progress.begin(token, types.WorkDoneProgressBegin(
            title="sqlintent: checking the workspace", message="looking for .sql files", percentage=0,
            cancellable=True))

    def cancelled() -> bool:
        # pygls cancels the token's future when the client sends window/workDoneProgress/cancel
        future = progress.tokens.get(token) if token else None
        return future is not None and future.cancelled()

    total_findings, skipped, was_cancelled, finished = 0, [], False, False
    try:
        files = await loop.run_in_executor(ls.thread_pool, _collect, ls, folders)
        state.total = len(files)
        open_docs = set(ls.workspace.text_documents)  # pygls's keys: diagnostics.document_key
        for i, path in enumerate(files):
            if cancelled():  # checked between files: the file being checked is finished and published
                was_cancelled = True
                break
            uri, outcome, error = await loop.run_in_executor(ls.thread_pool, _check_file, ls, path)
            state.checked = i + 1
            if error:
                skipped.append(f"{path}: {error}")
                ls.log(f"{path}: {error}", types.MessageType.Warning)
            elif outcome is not None:
                ls.deliver(outcome)
                total_findings += len(outcome.result.findings)
                if document_key(uri) not in open_docs:
                    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                        uri=uri, diagnostics=outcome.diagnostics))
            if token:
                progress.report(token, types.WorkDoneProgressReport(
                    message=f"{i + 1}/{len(files)} {safe_text(Path(path).name)}",
                    percentage=int(100 * (i + 1) / max(1, len(files)))))
        else:
            was_cancelled = not files and cancelled()
        finished = True
    finally:  # also when the request fails or is dropped: the client's progress bar must end
        total = state.total or 0
        counts = f"{state.checked} of {total} files, {total_findings} findings"
        if was_cancelled:
            end = f"cancelled after {counts}"
        elif finished:
            end = f"{state.checked} files, {total_findings} findings"
        else:
            end = f"stopped after {counts}"
        if token:
            progress.end(token, types.WorkDoneProgressEnd(message=end))
            progress.tokens.pop(token, None)
    summary = {"files": state.checked, "findings": total_findings, "skipped": skipped, "total": total,
               "cancelled": was_cancelled}
    ls.log(f"workspace check: {summary}", types.MessageType.Info)
    return summary


def _folder_path(uri: str) -> str | None:
    from pygls.uris import to_fs_path

    return to_fs_path(uri)
