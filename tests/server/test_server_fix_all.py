"""``source.fixAll.sqlintent``: every safe fix of a document as one code action, chosen by the same
function as ``check --fix`` (VS Code and Neovim 0.7 clients)."""
from __future__ import annotations

import sys

import pytest
from lsprotocol import types

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from test_server_features import _apply
from lsp_support import client, codes, diagnostics, open_document, replace_text

pytestmark = pytest.mark.asyncio

TEXT = ("-- intent: totals\nSELECT id, totl FROM orders;\n\n"
        "-- intent: names\nSELECT nme FROM customers; -- noqa: SIS002\n")


async def _ask(client, uri, only):
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=only)))
    return list(result or [])


async def test_fix_all_applies_every_safe_fix_and_the_recheck_is_clean(client):
    uri = open_document(client, client.root / "f.sql", TEXT)
    assert codes(await diagnostics(client, uri, version=1)) == [("SIN001", 4), ("SIS003", 1), ("SIS003", 4)]
    for only in (["source.fixAll"], ["source.fixAll.sqlintent"], ["source"]):
        actions = await _ask(client, uri, only)
        assert [a.kind for a in actions] == ["source.fixAll.sqlintent"], only
    fixed = _apply(TEXT, actions[0].edit.changes[uri])
    assert fixed == ("-- intent: totals\nSELECT id, total FROM orders;\n\n"
                     "-- intent: names\nSELECT name FROM customers; -- \n")
    replace_text(client, uri, fixed, 2)
    assert codes(await diagnostics(client, uri, version=2)) == []
    assert await _ask(client, uri, ["source.fixAll"]) == []  # nothing left to fix
    assert await _ask(client, uri, ["quickfix"]) == []


async def test_fix_all_never_inserts_empty_intent_templates_but_the_quick_fix_offers_one(client):
    """The missing-intent fix inserts '-- intent: ' to fill in: applied on every save it stacked empty lines
    (an empty intent is still missing). It is a quick fix only, and not the preferred one."""
    text = "SELECT name FROM customers;\n"
    folder = client.root / "strict"
    folder.mkdir()
    (folder / "sqlintent.toml").write_text("[intent]\nrequired = true\n")
    uri = open_document(client, folder / "no_intent.sql", text)
    assert codes(await diagnostics(client, uri, version=1)) == [("SII001", 0)]
    assert await _ask(client, uri, ["source.fixAll"]) == []
    quick = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=6)),
        context=types.CodeActionContext(diagnostics=[], only=["quickfix"])))
    add = [a for a in quick or [] if a.title.startswith("Add an intent comment")]
    assert add and not add[0].is_preferred
    assert _apply(text, add[0].edit.changes[uri]) == "-- intent: \nSELECT name FROM customers;\n"
