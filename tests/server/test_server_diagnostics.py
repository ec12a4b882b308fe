"""End-to-end: the real server as a subprocess, driven as VS Code (pull) and Neovim 0.7 (push) drive it."""
from __future__ import annotations

import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from lsp_support import (QUERIES, client, codes, diagnostics, edit_range, initialize, is_pull,
                                 make_workspace, open_document, pulled, replace_text, server_config,
                                 wait_queue)

pytestmark = pytest.mark.asyncio


async def test_open_reports_findings_with_codes_links_and_clause_ranges(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    diags = await diagnostics(client, uri, version=1)
    assert codes(diags) == [("SIS002", 7), ("SIS003", 4)]
    col = next(d for d in diags if d.code == "SIS003")
    assert col.source == "sqlintent"
    assert col.severity == types.DiagnosticSeverity.Error
    assert "totl" in col.message and "total" in col.message
    assert col.code_description.href.endswith("docs/rules.md#sis003-unknown-column")
    # the range covers the misspelt column, not the whole statement
    assert (col.range.start.line, col.range.start.character, col.range.end.character) == (4, 11, 15)


async def test_change_updates_only_with_the_new_version(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    assert ("SIS003", 4) in codes(await diagnostics(client, uri, version=1))
    # fix the typo with an incremental edit: 'totl' -> 'total'
    edit_range(client, uri, 2, line=4, start=11, end=15, new="total")
    diags = await diagnostics(client, uri, version=2)
    assert codes(diags) == [("SIS002", 7)]
    # break another statement
    edit_range(client, uri, 3, line=1, start=7, end=11, new="nme")
    assert codes(await diagnostics(client, uri, version=3)) == [("SIS002", 7), ("SIS003", 1)]


async def test_rapid_edits_end_with_the_last_versions_diagnostics(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    await diagnostics(client, uri, version=1)
    text = QUERIES
    for v in range(2, 12):  # ten quick edits; only the last one's result must stick
        text = text.replace("SELECT * FROM item", f"SELECT * FROM item{v}") if v < 11 else \
            QUERIES.replace("totl", "total").replace("FROM item;", "FROM items;")
        replace_text(client, uri, text, v)
    if is_pull(client):
        assert codes(await diagnostics(client, uri)) == []
        return
    versions = []
    while not versions or versions[-1] != 11:  # every push until the last version's
        p = await wait_queue(client, "diagnostics", lambda p: p.uri == uri)
        versions.append(p.version)
        last = p
    assert versions == sorted(set(versions))  # never an older version's result after a newer one
    assert codes(last.diagnostics) == []


async def test_utf16_positions_after_non_bmp_characters(client):
    text = "-- intent: 😀 emoji names\nSELECT '😀😀', totl FROM orders;\n"
    uri = open_document(client, client.root / "emoji.sql", text)
    diags = await diagnostics(client, uri, version=1)
    col = next(d for d in diags if d.code == "SIS003")
    # "SELECT '😀😀', " is 13 characters but 15 UTF-16 code units
    assert (col.range.start.line, col.range.start.character, col.range.end.character) == (1, 15, 19)


async def test_file_that_does_not_parse(client):
    text = "-- intent: broken\nSELECT name FROM WHERE city = 'Paris';\n\n-- intent: fine\nSELECT totl FROM orders;\n"
    uri = open_document(client, client.root / "broken.sql", text)
    diags = await diagnostics(client, uri, version=1)
    assert ("SIS001", 1) in codes(diags)
    # the other statement is still checked
    assert ("SIS003", 4) in codes(diags)
    # an unterminated string: still diagnostics, no crash
    replace_text(client, uri, "SELECT 'unterminated FROM customers", 2)
    diags = await diagnostics(client, uri, version=2)
    assert [str(d.code) for d in diags] == ["SIS001"]


async def test_database_that_disappears(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    assert ("SIS002", 7) in codes(await diagnostics(client, uri, version=1))
    (client.root / "shop.sqlite").unlink()
    replace_text(client, uri, QUERIES + "\n-- intent: one\nSELECT 1;\n", 2)
    diags = await diagnostics(client, uri, version=2)
    shown = await wait_queue(client, "show", lambda p: "database" in p.message)
    assert "not found" in shown.message and shown.type == types.MessageType.Warning
    # schema checks are off, the server keeps serving everything else
    assert codes(diags) == []
    replace_text(client, uri, "SELECT FROM;", 3)
    assert [str(d.code) for d in await diagnostics(client, uri, version=3)] == ["SIS001"]
    # said once: no second message for the same missing database
    assert sum("not found" in m.message for m in client.messages) == 1
    # the database comes back: the schema checks resume
    make_workspace(client.root)
    replace_text(client, uri, QUERIES, 4)
    assert codes(await diagnostics(client, uri, version=4)) == [("SIS002", 7), ("SIS003", 4)]


async def test_pull_result_ids(client):
    if not is_pull(client):
        pytest.skip("Neovim 0.7 does not pull diagnostics")
    uri = open_document(client, client.root / "q.sql", QUERIES)
    first = await pulled(client, uri)
    assert first.kind == "full" and first.result_id
    again = await pulled(client, uri, previous=first.result_id)
    assert again.kind == "unchanged" and again.result_id == first.result_id
    replace_text(client, uri, QUERIES.replace("totl", "total"), 2)
    changed = await pulled(client, uri, previous=first.result_id)
    assert changed.kind == "full" and changed.result_id != first.result_id


async def test_model_that_cannot_be_loaded_is_reported_once(client):
    (client.root / "empty_model").mkdir()
    (client.root / "sqlintent.toml").write_text(
        'database = "shop.sqlite"\nselect = ["SIS", "SIN", "SIM"]\n[model]\npath = "empty_model"\n',
        encoding="utf-8")
    # model.path is taken from the workspace's config only when the user trusts it (docs/security.md)
    if is_pull(client):
        client.set_configuration({"trustWorkspace": True}, section="sqlintent")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings=None if is_pull(client) else {"sqlintent": {"trustWorkspace": True}}))
    await wait_queue(client, "log", lambda p: "configuration changed" in p.message)
    uri = open_document(client, client.root / "q.sql", QUERIES)
    diags = await diagnostics(client, uri, version=1)
    shown = await wait_queue(client, "show", lambda p: "detector" in p.message)
    assert "unavailable" in shown.message and "model.onnx" in shown.message
    assert codes(diags) == [("SIS002", 7), ("SIS003", 4)]  # everything else still served
    replace_text(client, uri, QUERIES.replace("totl", "total"), 2)
    assert codes(await diagnostics(client, uri, version=2)) == [("SIS002", 7)]
    assert sum("detector" in m.message for m in client.messages) == 1


@pytest_lsp.fixture(config=server_config())
async def nvim11(lsp_client: LanguageClient, tmp_path):
    """Neovim 0.11 (pytest-lsp's capture): pulls diagnostics and prefers UTF-8 positions."""
    root = make_workspace(tmp_path / "ws")
    lsp_client.root = root
    lsp_client.init_result = await initialize(lsp_client, "neovim@v0.11.0", root)
    yield
    await lsp_client.shutdown_session()


async def test_utf8_positions_when_the_client_prefers_them(nvim11):
    assert nvim11.init_result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    text = "-- intent: 😀 emoji names\nSELECT '😀é', totl FROM orders;\n"
    uri = open_document(nvim11, nvim11.root / "emoji.sql", text)
    diags = await diagnostics(nvim11, uri, version=1)
    col = next(d for d in diags if d.code == "SIS003")
    # "SELECT '😀é', " is 13 characters, 17 UTF-8 bytes
    assert (col.range.start.line, col.range.start.character, col.range.end.character) == (1, 17, 21)


async def test_a_path_with_a_space_gets_its_diagnostics_under_the_uri_the_client_sent(client):
    """Clients send file:///.../with%20space/a%20b.sql; pygls keeps the document under the decoded URI, and a
    lookup by the sent URI dropped every result as stale: a push client (Neovim) saw none."""
    folder = client.root / "with space"
    folder.mkdir()
    uri = open_document(client, folder / "a b%.sql", QUERIES)
    assert "%20" in uri
    assert ("SIS003", 4) in codes(await diagnostics(client, uri, version=1))
    edit_range(client, uri, 2, line=4, start=11, end=15, new="total")
    assert codes(await diagnostics(client, uri, version=2)) == [("SIS002", 7)]
