"""Names and stored values in a hover cannot break out of their code spans into links, images or HTML."""
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

markdown_it = pytest.importorskip("markdown_it")
pytestmark = pytest.mark.asyncio

# (the probe guard takes a name holding "/", ":" or "." for a file path: the URLs go in the stored value)
TABLE = "t`` ![x](evil-image) [c](evil-link) <img src=x>"
COLUMN = "v` [col](evil-col)|x"
VALUE = "``` ![seen](https://evil.example/pixel.png) <b>hi</b> [go](https://evil.example/go) www.evil.example"


def _html(md: str) -> str:
    return markdown_it.MarkdownIt("commonmark").enable("table").render(md)


@pytest_lsp.fixture(config=server_config())
async def client(lsp_client: LanguageClient, tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    db = sqlite3.connect(root / "shop.sqlite")
    db.execute(f'CREATE TABLE "{TABLE.replace(chr(34), chr(34) * 2)}" (id INTEGER PRIMARY KEY, "{COLUMN}" TEXT)')
    db.execute(f'INSERT INTO "{TABLE}" VALUES (1, ?), (2, ?)', (VALUE, "plain"))
    db.commit()
    db.close()
    (root / "sqlintent.toml").write_text('database = "shop.sqlite"\nselect = ["SIS"]\n[model]\nenabled = false\n')
    lsp_client.root = root
    await initialize(lsp_client, "vscode", root)
    yield
    await lsp_client.shutdown_session()


async def _hover(client, uri, line, character) -> str:
    result = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))
    assert result is not None
    return result.contents.value


async def test_hover_escapes_names_and_sample_values(client):
    line = f'SELECT "{COLUMN}", nope FROM "{TABLE}";'
    uri = open_document(client, client.root / "h.sql", f"-- intent: the values\n{line}\n")
    await diagnostics(client, uri, version=1)
    for character in (line.index("v`") + 1, line.index("t``") + 1, line.index("nope") + 1):
        md = await _hover(client, uri, 1, character)
        html = _html(md)
        assert "href=" not in html.replace('href="https://github.com/sqlintent', ''), md
        assert "<img" not in html and "<b>" not in html, md
    column = await _hover(client, uri, 1, line.index("v`") + 1)
    assert "Sample values" in column and "pixel.png" in _html(column)  # shown, as text in a code span
    table = await _hover(client, uri, 1, line.index("t``") + 1)
    assert "evil-image" in _html(table)
