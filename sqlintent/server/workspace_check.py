"""The ``sqlintent.checkWorkspace`` command: check every .sql file of the workspace, with ``$/progress``.

Diagnostics of files that are not open in the editor are pushed with ``textDocument/publishDiagnostics``
(open documents keep their own diagnostics). Returns a summary: files checked, findings, files skipped.
"""
from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

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
    """The .sql files under ``folders``, minus those the folder's config excludes."""
    from sqlintent.files import collect

    files: list[str] = []
    for folder in folders:
        entry, _changed = server.engine_for_uri(from_fs_path(str(Path(folder) / "x.sql")))
        found, _missing = collect([folder], excluded=entry.engine.config.is_excluded)
        files.extend(found)
    return files


def register(server) -> None:
    @server.command(COMMAND)
    async def check_workspace(ls, *args):
        folders = [str(a) for a in args if isinstance(a, str)]
        if not folders:
            folders = [p for p in (_folder_path(f.uri) for f in ls.workspace.folders.values()) if p]
        if not folders and ls.root is not None:
            folders = [str(ls.root)]
        loop = asyncio.get_running_loop()
        files = await loop.run_in_executor(ls.thread_pool, _collect, ls, folders)
        caps = ls.client_capabilities
        token = None
        if caps.window and caps.window.work_done_progress:
            token = str(uuid.uuid4())
            try:
                await ls.work_done_progress.create_async(token)
            except Exception:
                token = None
        if token:
            ls.work_done_progress.begin(token, types.WorkDoneProgressBegin(
                title="sqlintent: checking the workspace", message=f"{len(files)} files", percentage=0,
                cancellable=False))
        open_docs = set(ls.workspace.text_documents)
        total_findings, skipped = 0, []
        for i, path in enumerate(files):
            uri, outcome, error = await loop.run_in_executor(ls.thread_pool, _check_file, ls, path)
            if error:
                skipped.append(f"{path}: {error}")
                ls.log(f"{path}: {error}", types.MessageType.Warning)
            elif outcome is not None:
                ls.deliver(outcome)
                total_findings += len(outcome.findings)
                if uri not in open_docs:
                    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                        uri=uri, diagnostics=outcome.diagnostics))
            if token:
                ls.work_done_progress.report(token, types.WorkDoneProgressReport(
                    message=f"{i + 1}/{len(files)} {Path(path).name}",
                    percentage=int(100 * (i + 1) / max(1, len(files)))))
        summary = {"files": len(files), "findings": total_findings, "skipped": skipped}
        if token:
            ls.work_done_progress.end(token, types.WorkDoneProgressEnd(
                message=f"{len(files)} files, {total_findings} findings"))
        ls.log(f"workspace check: {summary}", types.MessageType.Info)
        return summary


def _folder_path(uri: str) -> str | None:
    from pygls.uris import to_fs_path

    return to_fs_path(uri)
