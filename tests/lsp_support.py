"""Shared pieces of the language-server tests (no tests here): a small workspace with a SQLite database,
clients that impersonate VS Code and Neovim from recorded capabilities, and waits on notifications.

The capabilities in tests/fixtures/ were recorded from the clients themselves:
``vscode_capabilities.json`` by ``editor_clients/vscode/scripts/record-capabilities.js`` (what
vscode-languageclient 9 sends), ``neovim_capabilities.json`` by Debian's Neovim 0.7.2 talking to
``tests/fixtures/record_initialize.py``.
"""
from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

from lsprotocol import types
from pygls.protocol import default_converter
from pygls.uris import from_fs_path
import pytest_lsp
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CLIENTS = {"vscode": "vscode_capabilities.json", "neovim": "neovim_capabilities.json"}
TIMEOUT = 60  # a guard against a hung server, not a pause: every wait returns as soon as the message arrives

SCHEMA = """
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
                     total REAL, placed_at TEXT);
CREATE TABLE items (order_id INTEGER REFERENCES orders(id), product TEXT, qty INTEGER);
INSERT INTO customers VALUES (1, 'Ann', 'Paris'), (2, 'Bob', 'Lyon'), (3, 'Chloé', 'Paris');
INSERT INTO orders VALUES (1, 1, 20.5, '2024-01-02'), (2, 1, 7, '2024-02-03'), (3, 2, 99, '2024-03-04');
INSERT INTO items VALUES (1, 'pen', 2), (1, 'ink', 1), (3, 'desk', 1);
"""

# line numbers (0-based) are asserted by the tests
QUERIES = """-- intent: names of customers in Paris
SELECT name FROM customers WHERE city = 'Paris';

-- intent: total of every order
SELECT id, totl FROM orders;

-- intent: every item
SELECT * FROM item;
"""


# the rules these tests are about (other rules join the engine over time and have their own tests)
WORKSPACE_CONFIG = 'database = "shop.sqlite"\nselect = ["SIS", "SIN"]\n'


def make_workspace(root: Path, *, config: str | None = WORKSPACE_CONFIG) -> Path:
    """A folder with shop.sqlite (three tables linked by foreign keys) and a sqlintent.toml."""
    root.mkdir(parents=True, exist_ok=True)
    db = root / "shop.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(SCHEMA)
    conn.commit()
    conn.close()
    if config is not None:
        (root / "sqlintent.toml").write_text(config, encoding="utf-8")
    return root


def uri_of(path: Path) -> str:
    return from_fs_path(str(path))


def load_capabilities(kind: str) -> types.ClientCapabilities:
    if kind not in CLIENTS:  # e.g. "neovim@v0.11.0": a capture bundled with pytest-lsp
        from pytest_lsp import client_capabilities

        return client_capabilities(kind)
    data = json.loads((FIXTURES / CLIENTS[kind]).read_text(encoding="utf-8"))
    return default_converter().structure(data["capabilities"], types.ClientCapabilities)


def client_info(kind: str) -> types.ClientInfo:
    if kind not in CLIENTS:
        name, _, version = kind.partition("@")
        return types.ClientInfo(name=name, version=version or None)
    data = json.loads((FIXTURES / CLIENTS[kind]).read_text(encoding="utf-8"))
    info = data.get("clientInfo") or {}
    return types.ClientInfo(name=info.get("name", kind), version=info.get("version"))


def make_client() -> LanguageClient:
    """pytest-lsp's client, with every notification the tests wait on also put on a queue."""
    client = LanguageClient(converter_factory=default_converter)
    client.queues = defaultdict(asyncio.Queue)
    features = dict(DEFAULT_CLIENT_FEATURES)
    base_publish = features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]
    base_show = features[types.WINDOW_SHOW_MESSAGE]
    base_log = features[types.WINDOW_LOG_MESSAGE]
    base_progress = features[types.PROGRESS]
    base_refresh = features[types.WORKSPACE_DIAGNOSTIC_REFRESH]

    def publish(ls, params):
        base_publish(ls, params)
        ls.queues["diagnostics"].put_nowait(params)

    def show(ls, params):
        base_show(ls, params)
        ls.queues["show"].put_nowait(params)

    def log(ls, params):
        base_log(ls, params)
        ls.queues["log"].put_nowait(params)

    def progress(ls, params):
        base_progress(ls, params)
        ls.queues["progress"].put_nowait(params)

    def refresh(ls, params):
        base_refresh(ls, params)
        ls.queues["refresh"].put_nowait(params)

    def register_capability(ls, params):  # as VS Code does: accept and remember
        ls.registrations.extend(params.registrations)

    client.registrations = []
    features[types.CLIENT_REGISTER_CAPABILITY] = register_capability
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    features[types.WINDOW_SHOW_MESSAGE] = show
    features[types.WINDOW_LOG_MESSAGE] = log
    features[types.PROGRESS] = progress
    features[types.WORKSPACE_DIAGNOSTIC_REFRESH] = refresh
    register_lsp_features(client, features)
    return client


def server_config() -> ClientServerConfig:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return ClientServerConfig(server_command=[sys.executable, "-m", "sqlintent", "server"],
                              client_factory=make_client, server_env=env)


async def initialize(client: LanguageClient, kind: str, root: Path, init_options=None) -> types.InitializeResult:
    client.kind = kind
    params = types.InitializeParams(
        capabilities=load_capabilities(kind), client_info=client_info(kind),
        root_uri=uri_of(root), root_path=str(root),
        workspace_folders=[types.WorkspaceFolder(uri=uri_of(root), name=root.name)],
        initialization_options=init_options)
    return await client.initialize_session(params)


@pytest_lsp.fixture(config=server_config(), params=["vscode", "neovim"])
async def client(lsp_client: LanguageClient, request, tmp_path):
    """The server on a fresh copy of the test workspace, as each recorded client (import it into a module)."""
    root = make_workspace(tmp_path / "ws")
    lsp_client.root = root
    await initialize(lsp_client, request.param, root)
    yield
    await lsp_client.shutdown_session()


def is_pull(client: LanguageClient) -> bool:
    """Whether the client pulls diagnostics (the server then does not push them)."""
    td = client.capabilities.text_document
    return bool(td and td.diagnostic)


async def wait_queue(client: LanguageClient, name: str, predicate=lambda p: True):
    """The next message on ``name``'s queue that satisfies ``predicate`` (earlier ones are consumed)."""
    while True:
        params = await asyncio.wait_for(client.queues[name].get(), TIMEOUT)
        if predicate(params):
            return params


async def pushed(client: LanguageClient, uri: str, version: int | None = None) -> list[types.Diagnostic]:
    params = await wait_queue(client, "diagnostics",
                              lambda p: p.uri == uri and (version is None or p.version == version))
    return list(params.diagnostics)


async def pulled(client: LanguageClient, uri: str, previous: str | None = None):
    return await asyncio.wait_for(client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=previous)), TIMEOUT)


async def diagnostics(client: LanguageClient, uri: str, version: int | None = None) -> list[types.Diagnostic]:
    """The document's diagnostics as the client would show them: pulled (VS Code) or pushed (Neovim)."""
    if is_pull(client):
        report = await pulled(client, uri)
        return list(report.items)
    return await pushed(client, uri, version)


def open_document(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    uri = uri_of(path)
    path.write_text(text, encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="sql", version=version, text=text)))
    return uri


def replace_text(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def edit_range(client: LanguageClient, uri: str, version: int, line: int, start: int, end: int, new: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=line, character=start),
                              end=types.Position(line=line, character=end)), text=new)]))


def codes(diags) -> list[tuple[str, int]]:
    """(code, 0-based start line) of each diagnostic, sorted."""
    return sorted((str(d.code), d.range.start.line) for d in diags)
