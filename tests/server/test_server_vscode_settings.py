"""The VS Code extension's contributed ``sqlintent.*`` settings mirror the server's configuration."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sqlintent.config import DIALECTS, Config

PACKAGE = Path(__file__).resolve().parent.parent.parent / "editor_clients" / "vscode" / "package.json"
CLIENT_ONLY = {"sqlintent.interpreter", "sqlintent.trace.server"}
SERVER_ONLY = {"sqlintent.trustWorkspace"}  # the server's own setting, not a config key (docs/security.md)


def _flatten(d: dict, prefix: str = "") -> dict:
    out = {}
    for k, v in d.items():
        if isinstance(v, dict) and k != "severity":
            out.update(_flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


@pytest.fixture(scope="module")
def contributed() -> dict:
    data = json.loads(PACKAGE.read_text(encoding="utf-8"))
    return data["contributes"]["configuration"]["properties"]


def test_every_config_key_is_a_setting_with_the_same_default(contributed):
    defaults = _flatten(Config().to_dict())
    for key, default in defaults.items():
        setting = f"sqlintent.{key}"
        assert setting in contributed, f"{setting} missing from package.json"
        assert contributed[setting]["default"] == default, setting


def test_no_setting_the_server_does_not_know(contributed):
    defaults = _flatten(Config().to_dict())
    server_settings = set(contributed) - CLIENT_ONLY - SERVER_ONLY
    assert server_settings == {f"sqlintent.{k}" for k in defaults}


def test_trusting_the_workspace_is_a_user_setting_only(contributed):
    """A repository's own .vscode/settings.json cannot turn trust on: the setting is application-scoped (VS
    Code reads it from the user's settings only) and restricted in untrusted workspaces."""


    pkg = json.loads(PACKAGE.read_text(encoding="utf-8"))
    assert contributed["sqlintent.trustWorkspace"]["scope"] == "application"
    assert contributed["sqlintent.trustWorkspace"]["default"] is False
    assert "sqlintent.trustWorkspace" in pkg["capabilities"]["untrustedWorkspaces"]["restrictedConfigurations"]


def test_dialect_choices_match_the_server(contributed):
    assert contributed["sqlintent.dialect"]["enum"] == list(DIALECTS)


def test_dotted_settings_reach_the_config():
    from sqlintent.server.configuration import Settings

    s = Settings()
    s.set_workspace({"sqlintent": {"probes.timeout_ms": 500, "intent": {"required": False},
                                   "interpreter": ["/usr/bin/python3"]}})
    config, problems = s.config_for(None, Path("/nonexistent-root"))
    assert problems == []
    assert config.probes.timeout_ms == 500 and config.intent.required is False
