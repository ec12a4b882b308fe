"""End-to-end: the workspace check's progress is cancellable (``window/workDoneProgress/cancel``).

A workspace of 200 .sql files of 40 statements, each statement with a finding; the client cancels the check
as soon as the first progress report arrives (after a second check has been refused while the first runs).
Every wait is on a message from the server, never a pause.
"""
from __future__ import annotations

import asyncio
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from lsp_support import (TIMEOUT, codes, diagnostics, initialize, make_workspace,
                                 open_document, server_config, uri_of, wait_queue)

pytestmark = pytest.mark.asyncio

FILES = 200
STATEMENTS = 40
# several statements per file, each with an unknown column (SIS003), so that every file takes a moment
STATEMENT = "-- intent: totals of order {n}\nSELECT id, totl FROM orders WHERE id = {n};\n\n"
COMMAND = types.ExecuteCommandParams(command="sqlintent.checkWorkspace")


@pytest_lsp.fixture(config=server_config(), params=["vscode", "neovim"])
async def client(lsp_client: LanguageClient, request, tmp_path):
    root = make_workspace(tmp_path / "ws")
    for i in range(FILES):
        text = "".join(STATEMENT.format(n=n) for n in range(STATEMENTS))
        (root / f"q{i:03d}.sql").write_text(text, encoding="utf-8")
    lsp_client.root = root
    await initialize(lsp_client, request.param, root)
    yield
    await lsp_client.shutdown_session()


def _kind(params: types.ProgressParams) -> str:
    value = params.value
    return value["kind"] if isinstance(value, dict) else value.kind


def _field(params: types.ProgressParams, name: str):
    value = params.value
    return value.get(name) if isinstance(value, dict) else getattr(value, name)


async def _start_and_wait_for_first_report(client):
    """Start a check; returns its request task, the progress token and the begin notification."""
    check = asyncio.ensure_future(client.workspace_execute_command_async(COMMAND))
    begin = await wait_queue(client, "progress", lambda p: _kind(p) == "begin")
    await wait_queue(client, "progress", lambda p: p.token == begin.token and _kind(p) == "report")
    return check, begin.token, begin


async def test_cancelling_the_progress_stops_the_check(client):
    check, token, begin = await _start_and_wait_for_first_report(client)
    assert _field(begin, "cancellable") is True

    # a second check while this one runs is refused, and says why
    with pytest.raises(JsonRpcException, match="already running"):
        await asyncio.wait_for(client.workspace_execute_command_async(COMMAND), TIMEOUT)

    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    result = await asyncio.wait_for(check, TIMEOUT)
    end = await wait_queue(client, "progress", lambda p: p.token == token and _kind(p) == "end")
    assert result["cancelled"] is True and result["total"] == FILES
    assert 1 <= result["files"] < FILES
    assert _field(end, "message").startswith(f"cancelled after {result['files']} of {FILES} files")

    # the diagnostics of the files checked before the cancel were published, and stay (nothing clears them)
    published = {}
    while len(published) < result["files"]:
        p = await wait_queue(client, "diagnostics")
        published[p.uri] = codes(p.diagnostics)
    assert all(c and c[0][0] == "SIS003" for c in published.values())
    assert client.queues["diagnostics"].empty()

    # the server still answers
    text = "-- intent: ids\nSELECT id, totl FROM orders;\n"
    uri = open_document(client, client.root / "open.sql", text)
    assert codes(await diagnostics(client, uri, version=1)) == [("SIS003", 1)]
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=12)))
    assert hover is not None and "SIS003" in hover.contents.value

    # and a later check runs to the end
    result = await asyncio.wait_for(client.workspace_execute_command_async(COMMAND), TIMEOUT)
    assert result["cancelled"] is False and result["files"] == result["total"] == FILES + 1
    assert result["findings"] == STATEMENTS * FILES + 1 and not result["skipped"]
    end = await wait_queue(client, "progress", lambda p: p.token != token and _kind(p) == "end")
    assert _field(end, "message") == f"{FILES + 1} files, {STATEMENTS * FILES + 1} findings"
    assert uri_of(client.root / f"q{FILES - 1:03d}.sql") in client.diagnostics
