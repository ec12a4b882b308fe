"""The language server follows the same trust model as `check` (docs/security.md, "Trust"): opening a dbt
model whose config asks for dbt-core, in a workspace the user has not marked trusted, runs none of the
checkout's code and says why, as an error; ``sqlintent.trustWorkspace = true`` trusts the workspace."""
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

TESTS = Path(__file__).resolve().parents[1]
for p in (str(TESTS), str(Path(__file__).resolve().parent)):
    if p not in sys.path:
        sys.path.insert(0, p)
from lsp_support import REPO, initialize, make_client, open_document  # noqa: E402  (after the sys.path set-up above)
from test_trust import MODEL, dbt_pull_request, git_repo  # noqa: E402  (after the sys.path set-up above)

MARKER = Path(tempfile.mkdtemp(prefix="sqlintent-trust-")) / "marker"


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["SQLINTENT_TEST_MARKER"] = str(MARKER)
    return env


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[sys.executable, "-m", "sqlintent", "server"], client_factory=make_client, server_env=_env()))
async def untrusted(lsp_client: LanguageClient, tmp_path):
    repo = git_repo(tmp_path / "repo")
    dbt_pull_request(repo)
    lsp_client.root = repo
    await initialize(lsp_client, "neovim", repo)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_opening_a_model_runs_no_code_and_says_why(untrusted):
    client = untrusted
    open_document(client, client.root / "sub" / "models" / "m.sql", MODEL)

    async def refused():
        while True:
            msg = await client.queues["show"].get()
            if "templater = \"dbt\"" in msg.message:
                return msg
    msg = await asyncio.wait_for(refused(), 60)
    assert msg.type == types.MessageType.Error
    assert "is refused in a config file found in the checkout" in msg.message
    assert "sqlintent.trustWorkspace" in msg.message
    await asyncio.wait_for(client.queues["diagnostics"].get(), 60)  # the model was checked (without dbt)
    assert not MARKER.exists()


def test_trust_workspace_is_the_users_setting_and_off_by_default(tmp_path):
    from sqlintent.server.configuration import Settings

    repo = git_repo(tmp_path / "repo")
    sub = dbt_pull_request(repo)
    model = sub / "models" / "m.sql"
    settings = Settings()
    config, problems = settings.config_for(model, repo)
    assert config.templater == "" and any(p.startswith("refused: ") and "templater" in p for p in problems)
    settings.set_init_options({"sqlintent": {"trustWorkspace": True}})
    config, problems = settings.config_for(model, repo)
    assert config.templater == "dbt" and not any(p.startswith("refused: ") for p in problems)
    assert "trustWorkspace" not in settings.merged  # the server's own key, not a config setting
