"""Nothing secret leaves: the database password never appears in the language server's logMessage or
showMessage notifications, in its --log-file, or in the CLI's output, whatever form the URL takes."""
from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from sqlintent.redact import redact, register_url

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))
from lsp_support import REPO, initialize, make_client, make_workspace, open_document  # noqa: E402

# passwords a naive redaction misses: an unencoded '@', a percent-encoded one, a key-value DSN
PW_AT = "Sec@ret-one:x"
PW_ENC = "p%40ss%2Fword-two"
PW_ENC_DECODED = "p@ss/word-two"
PW_KV = "kv-secret-three"
URL_AT = f"postgresql://alice:{PW_AT}@127.0.0.1:1/shop"  # nothing listens on port 1: the open fails
URL_ENC = f"postgresql://alice:{PW_ENC}@127.0.0.1:1/shop"
DSN_KV = f"postgresql://127.0.0.1:1/shop?user=alice&password={PW_KV}"
SECRETS = (PW_AT, PW_ENC, PW_ENC_DECODED, PW_KV, "Sec@ret", "ret-one")

LOG_FILE = Path(tempfile.mkdtemp(prefix="sqlintent-secret-log-")) / "server.log"


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[sys.executable, "-m", "sqlintent", "server", "--log-file", str(LOG_FILE)],
    client_factory=make_client, server_env=_env()))
async def secret_client(lsp_client: LanguageClient, tmp_path):
    root = make_workspace(tmp_path / "ws", config='select = ["SIS", "SID"]\n')
    lsp_client.root = root
    await initialize(lsp_client, "neovim", root, init_options={"sqlintent": {"database": URL_AT}})
    yield
    await lsp_client.shutdown_session()


def _drain(client, name: str) -> list[str]:
    out = []
    q = client.queues[name]
    while not q.empty():
        out.append(q.get_nowait().message)
    return out


async def _wait_for(client, name: str, needle: str, seen: list[str]) -> None:
    async def loop():
        while not any(needle in m for m in seen):
            seen.append((await client.queues[name].get()).message)
    await asyncio.wait_for(loop(), 60)


@pytest.mark.asyncio
async def test_no_password_in_any_server_message(secret_client):
    client = secret_client
    logs: list[str] = []
    shown: list[str] = []
    # the settings echo at start and the database problem when a document is checked
    open_document(client, client.root / "q.sql", "-- intent: all customers\nSELECT * FROM customers;\n")
    await _wait_for(client, "show", "database", shown)
    # a change of settings is echoed too: percent-encoded, then a key-value password
    for url in (URL_ENC, DSN_KV):
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={"sqlintent": {"database": url}}))
        seen: list[str] = []
        await _wait_for(client, "log", "configuration changed", seen)
        logs += seen
    open_document(client, client.root / "r.sql", "SELECT name FROM customers;\n")
    await _wait_for(client, "log", "checked", logs)
    logs += _drain(client, "log")
    shown += _drain(client, "show")
    everything = "\n".join(logs + shown)
    assert "configuration changed" in everything and "database" in everything  # the messages did come
    assert "alice" in everything  # the URL is shown, its password is not
    for secret in SECRETS:
        assert secret not in everything, secret


@pytest.mark.asyncio
async def test_no_password_in_the_server_log_file(secret_client):
    client = secret_client
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"sqlintent": {"database": URL_ENC}}))
    open_document(client, client.root / "q.sql", "SELECT 1;\n")
    await _wait_for(client, "log", "configuration changed", [])
    text = LOG_FILE.read_text(encoding="utf-8", errors="replace")
    assert "initialized" in text  # pygls logged the initialization parameters...
    for secret in SECRETS:
        assert secret not in text, secret  # ...with the password masked


@pytest.mark.parametrize("url", [URL_AT, URL_ENC, DSN_KV])
def test_no_password_in_cli_output(cli, tmp_path, url):
    (tmp_path / "q.sql").write_text("-- intent: everything\nSELECT 1;\n", encoding="utf-8")
    for fmt in ("text", "json", "sarif"):
        proc = cli("check", str(tmp_path / "q.sql"), "--db", url, "--no-model", "--format", fmt, "--exit-zero",
                   cwd=tmp_path)
        out = proc.stdout + proc.stderr
        assert "SID001" in out or "database-unavailable" in out
        for secret in SECRETS:
            assert secret not in out, (fmt, secret)


def test_no_password_from_a_config_file_in_cli_warnings(cli, tmp_path):
    (tmp_path / "sqlintent.toml").write_text(f'database = "{URL_AT}"\nbogus = "{URL_AT}"\n', encoding="utf-8")
    (tmp_path / "q.sql").write_text("SELECT 1;\n", encoding="utf-8")
    # named with --config: trusted, so the URL is tried (a discovered one is refused before it is opened)
    proc = cli("check", "q.sql", "--no-model", "--exit-zero", "--config", "sqlintent.toml", cwd=tmp_path)
    assert "SID001" in proc.stdout and "bogus" in proc.stderr
    for secret in SECRETS:
        assert secret not in proc.stdout + proc.stderr


@pytest.mark.parametrize("text, secret", [
    ("postgresql://bob:hunter2@db/x", "hunter2"),
    ("postgres://bob:hu@nter2@db:5432/x?sslmode=require", "hu@nter2"),
    ("postgresql://bob:hu%40nter2@db/x", "hu%40nter2"),
    ("host=db user=bob password=hunter2 dbname=x", "hunter2"),
    ("host=db password='hun ter2' dbname=x", "hun ter2"),
    ("postgresql://db/x?password=hunter2&user=bob", "hunter2"),
    ("{'database': 'x', 'password': 'hunter2'}", "hunter2"),
    ('{"token": "hunter2"}', "hunter2"),
])
def test_redact_masks_every_form(text, secret):
    assert secret not in redact(text)


def test_registered_and_environment_secrets_are_masked(monkeypatch):
    register_url("postgresql://carol:zz%40top@h/db")
    assert "zz@top" not in redact("error near zz@top") and "zz%40top" not in redact("zz%40top")
    monkeypatch.setenv("SHOP_DB_PASSWORD", "env-secret-9")
    monkeypatch.setenv("SHOP_DATABASE_URL", "postgresql://dave:url-secret-8@h/db")
    assert "env-secret-9" not in redact("the server said env-secret-9")
    assert "url-secret-8" not in redact("decoded url-secret-8")
