"""End-to-end: hover, code actions, configuration and the workspace check, as VS Code and Neovim 0.7."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.dirname(__import__("os").path.abspath(__file__))))
from lsp_support import (QUERIES, client, codes, diagnostics, initialize, is_pull, make_workspace,
                                 open_document, replace_text, server_config, uri_of, wait_queue)

pytestmark = pytest.mark.asyncio


def _pos(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


async def _hover(client, uri, line, character) -> str | None:
    result = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=_pos(line, character)))
    return None if result is None else result.contents.value


async def test_hover_on_a_diagnostic_explains_the_rule(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    await diagnostics(client, uri, version=1)
    text = await _hover(client, uri, 4, 12)  # inside 'totl'
    assert "SIS003" in text and "unknown-column" in text
    assert "did you mean 'total'" in text
    assert "Offered as a quick fix: " in text
    # one line of the rule's summary and a link to its documentation, not the documentation itself
    assert "Why is this bad?" not in text
    assert "docs/rules.md#sis003-unknown-column" in text


async def test_hover_on_names_shows_types_keys_and_sample_values(client):
    text = "-- intent: order totals of customers\nSELECT c.name, o.total FROM customers AS c JOIN orders AS o " \
           "ON o.customer_id = c.id;\n"
    uri = open_document(client, client.root / "h.sql", text)
    await diagnostics(client, uri, version=1)
    line = text.splitlines()[1]
    column = await _hover(client, uri, 1, line.index("name") + 1)
    assert "customers.name" in column and "TEXT" in column
    assert "'Ann'" in column and "'Bob'" in column  # sample values from the database
    fk = await _hover(client, uri, 1, line.index("customer_id") + 2)
    assert "orders.customer_id" in fk and "foreign key -> `customers.id`" in fk
    table = await _hover(client, uri, 1, line.index("customers") + 2)
    assert "**table** `customers`" in table and "| id | INTEGER | PK |" in table
    assert "Referenced by `orders.customer_id`" in table


async def test_hover_on_a_noqa_code_explains_that_rule(client):
    text = "-- intent: names\nSELECT name FROM customers; -- noqa: SIS004\n"
    uri = open_document(client, client.root / "n.sql", text)
    diags = await diagnostics(client, uri, version=1)
    assert codes(diags) == [("SIN001", 1)]  # nothing to suppress: the directive is unused
    hover = await _hover(client, uri, 1, text.splitlines()[1].index("SIS004") + 2)
    assert "SIS004" in hover and "ambiguous-column" in hover


async def _actions(client, uri, diag) -> list[types.CodeAction]:
    result = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diag.range,
        context=types.CodeActionContext(diagnostics=[diag])))
    return list(result or [])


def _apply(text: str, edits: list[types.TextEdit]) -> str:
    lines = text.splitlines(keepends=True)

    def offset(p):
        return sum(len(ln) for ln in lines[:p.line]) + p.character  # ASCII text: code units = characters

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
    return text


async def test_code_actions_fix_and_suppress(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    diags = await diagnostics(client, uri, version=1)
    col = next(d for d in diags if d.code == "SIS003")
    actions = await _actions(client, uri, col)
    titles = [a.title for a in actions]
    fix = next(a for a in actions if "Replace with 'total'" in a.title)
    assert fix.is_preferred is True and fix.kind == types.CodeActionKind.QuickFix
    suppress = next(a for a in actions if a.title == "Suppress SIS003 with noqa")
    assert not suppress.is_preferred, titles
    fixed = _apply(QUERIES, fix.edit.changes[uri])
    assert "SELECT id, total FROM orders;" in fixed
    replace_text(client, uri, fixed, 2)
    assert ("SIS003", 4) not in codes(await diagnostics(client, uri, version=2))
    # the suppression, applied to the original text, silences the finding without an unused-noqa
    suppressed = _apply(QUERIES, suppress.edit.changes[uri])
    assert "SELECT id, totl FROM orders; -- noqa: SIS003" in suppressed
    replace_text(client, uri, suppressed, 3)
    assert codes(await diagnostics(client, uri, version=3)) == [("SIS002", 7)]


async def test_unsafe_fix_is_not_preferred(client):
    text = "-- intent: ids\nSELECT id FROM orders JOIN customers ON customers.id = orders.customer_id;\n"
    uri = open_document(client, client.root / "a.sql", text)
    diags = await diagnostics(client, uri, version=1)
    amb = next(d for d in diags if d.code == "SIS004")
    actions = await _actions(client, uri, amb)
    fixes = [a for a in actions if not a.title.startswith("Suppress")]
    assert fixes and all(not a.is_preferred for a in fixes)


async def _change_settings(client, settings: dict) -> None:
    """What each client does when the user edits settings."""
    if is_pull(client):  # VS Code: empty notification, the server pulls workspace/configuration
        client.set_configuration(settings, section="sqlintent")
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    else:  # Neovim 0.7: the settings table itself
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"sqlintent": settings}))


async def test_configuration_change_rechecks_open_documents(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    assert codes(await diagnostics(client, uri, version=1)) == [("SIS002", 7), ("SIS003", 4)]
    await _change_settings(client, {"ignore": ["SIS003"], "severity": {"SIS002": "warning"}})
    if is_pull(client):
        await wait_queue(client, "log", lambda p: "configuration changed" in p.message)
    diags = await diagnostics(client, uri)
    assert codes(diags) == [("SIS002", 7)]
    assert diags[0].severity == types.DiagnosticSeverity.Warning


async def test_invalid_setting_is_shown_and_default_used(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    await diagnostics(client, uri, version=1)
    await _change_settings(client, {"dialect": "klingon", "probes": {"timeout_ms": "soon"}})
    if is_pull(client):
        await wait_queue(client, "log", lambda p: "configuration changed" in p.message)
    diags = await diagnostics(client, uri)
    shown = await wait_queue(client, "show", lambda p: "klingon" in p.message)
    assert shown.type == types.MessageType.Warning and "dialect" in shown.message
    assert codes(diags) == [("SIS002", 7), ("SIS003", 4)]  # still checked, with the default dialect


async def test_workspace_check_command_reports_progress(client):
    (client.root / "sub").mkdir()
    (client.root / "sub" / "one.sql").write_text("-- intent: x\nSELECT nme FROM customers;\n", encoding="utf-8")
    (client.root / "two.sql").write_text("-- intent: y\nSELECT name FROM customer;\n", encoding="utf-8")
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="sqlintent.checkWorkspace"))
    assert result["files"] == 2 and result["findings"] == 2
    pushed = {}
    while len(pushed) < 2:
        p = await wait_queue(client, "diagnostics")
        pushed[p.uri] = codes(p.diagnostics)
    assert pushed[uri_of(client.root / "sub" / "one.sql")] == [("SIS003", 1)]
    assert pushed[uri_of(client.root / "two.sql")] == [("SIS002", 1)]
    (token, reports), = client.progress_reports.items()
    kinds = [r.kind for r in reports]
    assert kinds[0] == "begin" and kinds[-1] == "end" and kinds.count("report") == 2


@pytest_lsp.fixture(config=server_config(), params=["vscode", "neovim"])
async def bare_client(lsp_client: LanguageClient, request, tmp_path):
    """A workspace without sqlintent.toml: the database comes from initializationOptions."""
    root = make_workspace(tmp_path / "bare", config=None)
    lsp_client.root = root
    await initialize(lsp_client, request.param, root,
                     init_options={"database": "shop.sqlite", "select": ["SIS", "SIN"]})
    yield
    await lsp_client.shutdown_session()


async def test_initialization_options_configure_the_server(bare_client):
    uri = open_document(bare_client, bare_client.root / "q.sql", QUERIES)
    # the schema checks run: the relative database path resolved against the workspace folder
    assert codes(await diagnostics(bare_client, uri, version=1)) == [("SIS002", 7), ("SIS003", 4)]


async def test_the_same_settings_pushed_again_do_not_rebuild_the_checker(bare_client):
    """Neovim's shipped config sends its settings as initializationOptions and pushes them once started
    (Neovim 0.7 sends none itself): the push of the same settings changes nothing and checks nothing again."""
    client = bare_client
    if is_pull(client):
        pytest.skip("a push client's notification")
    same = {"sqlintent": {"database": "shop.sqlite", "select": ["SIS", "SIN"]}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=same))
    changed = {"sqlintent": {**same["sqlintent"], "ignore": ["SIS003"]}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=changed))
    log = await wait_queue(client, "log", lambda p: "configuration changed" in p.message)
    assert "SIS003" in log.message  # the first change the server acted on is the second notification


EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"


@pytest_lsp.fixture(config=server_config(), params=["vscode", "neovim"])
async def example_client(lsp_client: LanguageClient, request):
    if not (EXAMPLES / "shop.sqlite").is_file():  # what `python examples/build_db.py` does
        import importlib.util

        spec = importlib.util.spec_from_file_location("build_db", EXAMPLES / "build_db.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.build(EXAMPLES / "shop.sqlite")
    lsp_client.root = EXAMPLES
    await initialize(lsp_client, request.param, EXAMPLES)
    yield
    await lsp_client.shutdown_session()


async def test_example_workspace_squiggles_hovers_and_quick_fixes(example_client):
    """Whatever the example queries contain: every diagnostic is explained by its hover, and fixes apply."""
    client = example_client
    with_fix = 0
    for path in sorted((EXAMPLES / "queries").glob("*.sql")):
        text = path.read_text(encoding="utf-8")
        uri = uri_of(path)
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=uri, language_id="sql", version=1, text=text)))
        diags = await diagnostics(client, uri, version=1)
        for d in diags:
            assert d.source == "sqlintent" and d.code and f"docs/rules.md#{d.code.lower()}-" in d.code_description.href
            assert d.range.start != d.range.end
            hover = await _hover(client, uri, d.range.start.line, d.range.start.character)
            assert hover and str(d.code) in hover
            actions = await _actions(client, uri, d)
            fixes = [a for a in actions if not a.title.startswith("Suppress")]
            with_fix += bool(fixes)
            for a in fixes:
                assert all(e.new_text is not None for e in a.edit.changes[uri])
    assert with_fix > 0


async def test_config_file_change_is_picked_up(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    assert codes(await diagnostics(client, uri, version=1)) == [("SIS002", 7), ("SIS003", 4)]
    toml = client.root / "sqlintent.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + 'ignore = ["SIS002"]\n', encoding="utf-8")
    await wait_queue(client, "log", lambda p: "ready;" in p.message)  # initialized has been handled
    watching = any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in client.registrations)
    assert watching == (client.kind == "vscode")
    if watching:
        # VS Code watches the files the server asked for and says so
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=uri_of(toml), type=types.FileChangeType.Changed)]))
        assert codes(await diagnostics(client, uri)) == [("SIS003", 4)]
    else:  # Neovim 0.7 cannot watch files: the next edit sees the new config
        replace_text(client, uri, QUERIES, 2)
        assert codes(await diagnostics(client, uri, version=2)) == [("SIS003", 4)]


async def test_file_over_the_size_limit_is_skipped_with_a_message(client):
    uri = open_document(client, client.root / "q.sql", QUERIES)
    assert codes(await diagnostics(client, uri, version=1)) == [("SIS002", 7), ("SIS003", 4)]
    await _change_settings(client, {"max_file_size": 64})
    if is_pull(client):
        await wait_queue(client, "log", lambda p: "configuration changed" in p.message)
    assert codes(await diagnostics(client, uri)) == []
    shown = await wait_queue(client, "show", lambda p: "max_file_size" in p.message)
    assert "not checked" in shown.message


async def test_suppressing_a_statement_that_shares_its_line_stays_inside_it(client):
    """A '-- noqa' at the end of the line would belong to the next statement on it (and be an unused noqa
    there): the directive goes inside the statement, as a block comment before its semicolon."""
    text = "-- intent: totals\nSELECT id, totl FROM orders; SELECT id FROM orders;\n"
    uri = open_document(client, client.root / "shared.sql", text)
    col = next(d for d in await diagnostics(client, uri, version=1) if d.code == "SIS003")
    suppress = next(a for a in await _actions(client, uri, col) if a.title == "Suppress SIS003 with noqa")
    fixed = _apply(text, suppress.edit.changes[uri])
    assert fixed == "-- intent: totals\nSELECT id, totl FROM orders /* noqa: SIS003 */; SELECT id FROM orders;\n"
    replace_text(client, uri, fixed, 2)
    assert [c for c, _ in codes(await diagnostics(client, uri, version=2)) if c in ("SIS003", "SIN001")] == []
