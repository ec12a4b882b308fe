"""The language server shows a failed probe by its class too: no stored value in a diagnostic or its hover
(issue 37, item 1; the CLI's formats are in test_database_messages.py)."""
from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lsp_support import diagnostics, initialize, open_document, server_config

pytestmark = pytest.mark.asyncio

TOKENS = ["sk_live_51HqLyjWDarjtT1zdp7dcXyz", "quietmeadowpassphrase"]
ATTACK = "-- intent: the tokens\nSELECT json_extract('[1]', group_concat(token)) FROM secrets;\n"


@pytest_lsp.fixture(config=server_config())
async def client(lsp_client: LanguageClient, tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    db = sqlite3.connect(root / "app.db")
    db.execute("CREATE TABLE secrets (id INTEGER PRIMARY KEY, token TEXT)")
    db.executemany("INSERT INTO secrets (token) VALUES (?)", [(t,) for t in TOKENS])
    db.commit()
    db.close()
    (root / "sqlintent.toml").write_text('database = "app.db"\n[model]\nenabled = false\n')
    lsp_client.root = root
    await initialize(lsp_client, "vscode", root)
    yield
    await lsp_client.shutdown_session()


def _leaks(text: str) -> list[str]:
    return [t for t in TOKENS if t[:10] in text]


async def test_diagnostics_and_hover_hold_no_stored_value(client):
    uri = open_document(client, client.root / "attack.sql", ATTACK)
    diags = await diagnostics(client, uri, version=1)
    six = [d for d in diags if str(d.code) == "SIX001"]
    assert six and "SQLite error (a bad JSON path)" in six[0].message, [(d.code, d.message) for d in diags]
    assert _leaks(" ".join(d.message for d in diags)) == []
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=six[0].range.start))
    assert hover is not None and "SIX001" in hover.contents.value
    assert _leaks(hover.contents.value) == [], hover.contents.value
    logged = " ".join(m.message for m in client.log_messages) + " ".join(m.message for m in client.messages)
    assert _leaks(logged) == []
