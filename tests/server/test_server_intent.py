"""End-to-end: an intent-alignment finding in the editor shows the intent words that drove it and its fix."""
from __future__ import annotations

import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from lsp_support import diagnostics, initialize, make_workspace, open_document, server_config

pytestmark = pytest.mark.asyncio

TEXT = "-- intent: top 2 orders by total\nSELECT id FROM orders ORDER BY total DESC LIMIT 5;\n"


@pytest_lsp.fixture(config=server_config(), params=["vscode", "neovim"])
async def sil_client(lsp_client: LanguageClient, request, tmp_path):
    root = make_workspace(tmp_path / "ws", config='database = "shop.sqlite"\nselect = ["SIL"]\n')
    lsp_client.root = root
    await initialize(lsp_client, request.param, root)
    yield
    await lsp_client.shutdown_session()


async def test_hover_names_the_intent_words_and_the_fix_applies(sil_client):
    client = sil_client
    uri = open_document(client, client.root / "q.sql", TEXT)
    diags = await diagnostics(client, uri, version=1)
    diag = next(d for d in diags if d.code == "SIL002")
    # SIL002 is info by severity policy v2 (measured on real SQL: docs/rules.md)
    assert diag.severity == types.DiagnosticSeverity.Information
    assert TEXT.splitlines()[1][diag.range.start.character:diag.range.end.character] == "ORDER BY total DESC LIMIT 5"
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=diag.range.start))
    text = hover.contents.value
    assert "(intent: `top 2`)" in text
    assert "superlative-mismatch" in text and "Measured" in text
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diag.range,
        context=types.CodeActionContext(diagnostics=[diag])))
    fix = next(a for a in actions if a.title == "Use LIMIT 2 (unsafe: review) [SIL002]")
    (edit,) = fix.edit.changes[uri]
    assert edit.new_text == "2" and not fix.is_preferred  # unsafe: offered, not preferred


NEGATION_TEXT = "-- intent: orders that do not contain a pen\nSELECT order_id FROM items WHERE product <> 'pen';\n"


async def test_hover_of_a_data_aware_alignment_rule_shows_its_intent_words(sil_client):
    client = sil_client
    uri = open_document(client, client.root / "n.sql", NEGATION_TEXT)
    diags = await diagnostics(client, uri, version=1)
    diag = next(d for d in diags if d.code == "SIL012")
    line = NEGATION_TEXT.splitlines()[1]
    assert line[diag.range.start.character:diag.range.end.character] == "product <> 'pen'"
    assert "also have the excluded value" in diag.message
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=diag.range.start))
    text = hover.contents.value
    assert "(intent: `not`)" in text and "row-negation-for-property" in text
