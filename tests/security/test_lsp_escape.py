"""What the language server sends an editor to show (diagnostic messages, their related information, code
action titles, shown and logged messages, error responses) holds no raw control character, however the
checked file, its folder or its tables are named: ESC sequences, bidi overrides, line separators, a bare CR
and newlines arrive as visible escapes (``\\x1b``, ``\\u202e``, ``\\u2028``, ``\\r``, ``\\n``)."""
from __future__ import annotations

import asyncio
import re
import sqlite3
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lsp_support import diagnostics, initialize, open_document, server_config, wait_queue

pytestmark = pytest.mark.asyncio

HOSTILE = "\x1b[31m\u202e\u2028\rq\nz"  # ESC sequence, bidi override, line separator, bare CR, newline
ESCAPED = "\\x1b[31m\\u202e\\u2028\\rq\\nz"
RAW = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


@pytest_lsp.fixture(config=server_config())
async def client(lsp_client: LanguageClient, tmp_path):
    root = tmp_path / "ws"
    sub = root / f"sub{HOSTILE}"  # a folder of the pull request
    sub.mkdir(parents=True)
    db = sqlite3.connect(sub / "app.db")
    db.execute('CREATE TABLE "t%s" (id INTEGER, city TEXT)' % HOSTILE)
    db.execute("CREATE TABLE customers (id INTEGER, city TEXT)")
    db.execute("INSERT INTO customers VALUES (1, 'Paris'), (2, 'Lyon')")
    db.commit()
    db.close()
    # an invalid value: the warning names the config file, and so its folder
    (sub / "sqlintent.toml").write_text('database = "app.db"\ndialect = "nope"\nselect = ["SIS", "SIP"]\n'
                                        "[model]\nenabled = false\n")
    lsp_client.root = sub
    await initialize(lsp_client, "vscode", root)
    yield
    await lsp_client.shutdown_session()


def _clean(text: str | None) -> bool:
    return text is None or RAW.search(text) is None


async def test_diagnostics_code_actions_and_messages_are_escaped(client):
    text = (f"-- intent: cities\nSELECT city FROM \"tx{HOSTILE}\";\n"
            f"SELECT city FROM customers WHERE city = 'pa{HOSTILE}ris';\n")
    uri = open_document(client, client.root / f"f{HOSTILE}.sql", text)
    diags = await diagnostics(client, uri, version=1)
    by_code = {str(d.code): d for d in diags}
    assert {"SIS002", "SIP001"} <= set(by_code), [(d.code, d.message) for d in diags]
    for d in diags:
        assert _clean(d.message), repr(d.message)
        for r in d.related_information or []:
            assert _clean(r.message), repr(r.message)
    assert f"'tx{ESCAPED}'" in by_code["SIS002"].message  # the name, escaped, still readable
    assert "'pa\\x1b[31m\\u202e" in by_code["SIP001"].message  # (the literal's spaces shown as one)

    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=9, character=0)),
        context=types.CodeActionContext(diagnostics=diags)))
    actions = list(result or [])
    titles = [a.title for a in actions]
    assert all(_clean(t) for t in titles), titles
    replace = next(a for a in actions if a.title.startswith("Replace with"))
    assert replace.title == f"Replace with '\"t{ESCAPED}\"' [SIS002]"  # quoted: the name is no plain identifier
    assert list(replace.diagnostics) == [by_code["SIS002"]]  # the same diagnostic the editor shows, escaped once
    edit = next(iter(replace.edit.changes.values()))[0]
    assert edit.new_text == f"\"t{HOSTILE}\""  # the edit itself is the table's real name, quoted

    shown = await wait_queue(client, "show", lambda p: "dialect" in p.message)
    assert _clean(shown.message) and f"sub{ESCAPED}" in shown.message, repr(shown.message)
    await asyncio.sleep(0)  # let the logs queued with the diagnostics arrive
    logs = []
    while not client.queues["log"].empty():
        logs.append(client.queues["log"].get_nowait().message)
    assert any("dialect" in m for m in logs)
    assert all(_clean(m) for m in logs), [m for m in logs if not _clean(m)]
