"""The language server resolves configuration per document as the CLI does: closest config, `extend`,
`per-file-ignores` (VS Code and Neovim 0.7 clients)."""
from __future__ import annotations

import sys

import pytest

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from lsp_support import QUERIES, client, codes, diagnostics, open_document

pytestmark = pytest.mark.asyncio


async def test_each_document_gets_its_closest_config(client):
    sub = client.root / "sub"
    (sub / "legacy").mkdir(parents=True)
    (sub / "sqlintent.toml").write_text('extend = "../sqlintent.toml"\n[per-file-ignores]\n'
                                        '"legacy/*.sql" = ["SIS003"]\n', encoding="utf-8")
    top = open_document(client, client.root / "q.sql", QUERIES)
    assert codes(await diagnostics(client, top, version=1)) == [("SIS002", 7), ("SIS003", 4)]
    # the database named by the extended file, relative to that file, is found from sub/
    inner = open_document(client, sub / "q.sql", QUERIES)
    assert codes(await diagnostics(client, inner, version=1)) == [("SIS002", 7), ("SIS003", 4)]
    legacy = open_document(client, sub / "legacy" / "q.sql", QUERIES)
    assert codes(await diagnostics(client, legacy, version=1)) == [("SIS002", 7)]


async def test_workspace_check_applies_each_folders_exclude(client):
    from lsprotocol import types

    sub = client.root / "sub"
    (sub / "seed").mkdir(parents=True)
    (sub / "sqlintent.toml").write_text('extend = "../sqlintent.toml"\nexclude = ["seed/**"]\n', encoding="utf-8")
    (sub / "seed" / "data.sql").write_text("SELECT nme FROM customers;\n", encoding="utf-8")
    (sub / "one.sql").write_text("-- intent: x\nSELECT nme FROM customers;\n", encoding="utf-8")
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="sqlintent.checkWorkspace"))
    assert result["files"] == 1 and result["findings"] == 1
