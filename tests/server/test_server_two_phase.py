"""The editor answers at once: the findings that need no model are published first, the model's follow.

Through the real server with the bundled detector, as VS Code (pull diagnostics, then a
``workspace/diagnostic/refresh`` when the model's findings are in) and as Neovim 0.7 (a second
``publishDiagnostics`` for the same version). ``model.threshold = 1.0`` makes the detector report every
statement that has an intent (a score is always below 1), so the second phase always adds SIM001.
Hover on a squiggle is short and starts with the most precise finding under the cursor.
"""
from __future__ import annotations

import asyncio
import os
import re
import sys

import pytest
from lsprotocol import types
import pytest_lsp
from pytest_lsp import LanguageClient

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from lsp_support import (QUERIES, REPO, TIMEOUT, codes, initialize, is_pull, make_workspace,
                                 open_document, pulled, pushed, replace_text, server_config, wait_queue)

pytestmark = pytest.mark.asyncio

MODEL_CONFIG = 'database = "shop.sqlite"\nselect = ["SIS", "SIN", "SIM"]\n[model]\nthreshold = 1.0\n'
INTENT_LINES = [1, 4, 7]  # the first line of each statement of QUERIES


@pytest_lsp.fixture(config=server_config(), params=["vscode", "neovim"])
async def model_client(lsp_client: LanguageClient, request, tmp_path):
    root = make_workspace(tmp_path / "ws", config=MODEL_CONFIG)
    lsp_client.root = root
    await initialize(lsp_client, request.param, root)
    yield
    await lsp_client.shutdown_session()


async def both_phases(client: LanguageClient, uri: str, version: int):
    """The diagnostics of the first answer and of the answer with the model's findings, as the client saw
    them (pull then refresh and pull again, or two pushes of the same version)."""
    if is_pull(client):
        first = await pulled(client, uri)
        await wait_queue(client, "refresh")
        second = await pulled(client, uri, first.result_id)
        return list(first.items), list(second.items)
    first = await pushed(client, uri, version)
    second = await pushed(client, uri, version)
    return first, second


def sim(diags) -> list[int]:
    return sorted(d.range.start.line for d in diags if d.code == "SIM001")


def without_sim(diags) -> list[tuple[str, int]]:
    return [c for c in codes(diags) if c[0] != "SIM001"]


async def test_findings_without_the_model_come_first_then_the_models(model_client):
    client = model_client
    uri = open_document(client, client.root / "q.sql", QUERIES)
    first, second = await both_phases(client, uri, 1)
    assert sim(first) == []  # the first answer did not wait for the model
    assert ("SIS003", 4) in codes(first) and ("SIS002", 7) in codes(first)
    assert sim(second) == INTENT_LINES  # then the model's findings, one per statement with an intent
    assert without_sim(second) == without_sim(first)  # and the others unchanged

    # an edit to one statement: the model's findings on the others come at once (cached), the edited
    # statement's follow
    replace_text(client, uri, QUERIES.replace("SELECT * FROM item;", "SELECT * FROM items;"), 2)
    first, second = await both_phases(client, uri, 2)
    assert sim(first) == [1, 4]
    assert ("SIS002", 7) not in codes(first)
    assert sim(second) == INTENT_LINES


async def _hover(client, uri, line, character) -> str | None:
    result = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=line, character=character))), TIMEOUT)
    return None if result is None else result.contents.value


async def test_hover_is_short_and_starts_with_the_most_precise_finding(model_client):
    client = model_client
    uri = open_document(client, client.root / "q.sql", QUERIES)
    _, second = await both_phases(client, uri, 1)
    assert ("SIS003", 4) in codes(second) and ("SIM001", 4) in codes(second)
    text = await _hover(client, uri, 4, 12)  # inside 'totl': the column finding first
    sections = text.split("\n\n---\n\n")
    assert sections[0].startswith("**SIS003**") and "did you mean 'total'" in sections[0]
    assert "detector score" not in text and "threshold" not in text  # no model internals
    # each finding in at most five lines: message, where, fix, then ONE line on the rule with a link
    first_lines = sections[0].split("  \n")
    assert len(first_lines) <= 5
    assert "Offered as a quick fix" in sections[0]
    link = re.search(r"\((https://[^)]+/docs/rules\.md#([a-z0-9-]+))\)$", first_lines[-1])
    assert link is not None
    headings = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-")
                for h in re.findall(r"^#+ (.+)$", (REPO / "docs" / "rules.md").read_text(encoding="utf-8"), re.M)}
    assert link.group(2) in headings  # the anchor exists in docs/rules.md
    assert "Why is this bad?" not in text and "Example" not in text
    assert len(sections[0]) < 600 and len(text) < 2000
    # the detector's finding sits on the clause it doubts most: hovering there shows it, not the column's
    sim001 = next(d for d in second if d.code == "SIM001" and d.range.start.line == 4)
    only = await _hover(client, uri, sim001.range.start.line, sim001.range.start.character)
    assert "**SIM001**" in only
