"""Settings: initializationOptions, ``workspace/configuration`` and ``workspace/didChangeConfiguration``.

Precedence, lowest first: the built-in defaults, the project's config file (``sqlintent.toml`` or
``[tool.sqlintent]`` in pyproject.toml, found upward from the document), ``initializationOptions``, then
what ``workspace/configuration`` (section ``sqlintent``) or ``didChangeConfiguration`` returns. Settings
use the config file's keys (``database``, ``probes.timeout_ms``, ...); dotted keys such as
``"probes.enabled"`` are accepted too. Invalid settings are reported with ``window/showMessage`` and their
defaults used. Relative paths in editor settings resolve against the workspace folder.

Editor settings are trusted; the project's config file is a file of the checkout and is not, unless the
user sets ``sqlintent.trustWorkspace = true`` (docs/security.md): what only a trusted source may set is
refused, and the problem starts with :data:`REFUSED` (shown as an error).
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from lsprotocol import types

from sqlintent.config import Config
from sqlintent.config_files import discover_config

SECTION = "sqlintent"
# keys only the editor client reads (how to start the server, tracing): ignored by the server
EDITOR_ONLY_KEYS = frozenset({"interpreter", "trace", "path", "args", "enable"})
TRUST_KEY = "trustWorkspace"  # the server's own setting: the workspace's config files are trusted
REFUSED = "refused: "


def deep_merge(base: dict, extra: dict) -> dict:
    out = copy.deepcopy(base)
    for k, v in extra.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def normalise(settings: Any) -> dict:
    """Editor settings as the config file's nested table: unwrap a ``sqlintent`` section, expand dotted keys,
    drop editor-only keys and nulls that only restate "not set"."""
    if not isinstance(settings, dict):
        return {}
    if SECTION in settings:
        # Lua's empty table arrives as [] from some clients
        settings = settings[SECTION] if isinstance(settings[SECTION], dict) else {}
    out: dict = {}
    for key, value in settings.items():
        if key in EDITOR_ONLY_KEYS or value is None:  # null: "not set", never "no database"
            continue
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if v is not None}
        parts = str(key).split(".")
        target = out
        for p in parts[:-1]:
            target = target.setdefault(p, {})
            if not isinstance(target, dict):
                break
        else:
            if isinstance(value, dict) and isinstance(target.get(parts[-1]), dict):
                target[parts[-1]] = deep_merge(target[parts[-1]], value)
            else:
                target[parts[-1]] = value
    return out


class Settings:
    """The client's settings as the server last heard them."""

    def __init__(self) -> None:
        self.init_options: dict = {}
        self.workspace: dict = {}

    def set_init_options(self, options: Any) -> None:
        self.init_options = normalise(options)

    def set_workspace(self, settings: Any) -> None:
        self.workspace = normalise(settings)

    @property
    def merged(self) -> dict:
        merged = deep_merge(self.init_options, self.workspace)
        merged.pop(TRUST_KEY, None)
        return merged

    @property
    def trust_workspace(self) -> bool:
        """The user marked the workspace trusted (``sqlintent.trustWorkspace = true``; false by default)."""
        return deep_merge(self.init_options, self.workspace).get(TRUST_KEY) is True

    def config_for(self, path: Path | None, root: Path | None) -> tuple[Config, list[str]]:
        """The configuration that applies to a document at ``path`` (None: an unsaved document): the config
        file found upward with the editor's settings on top (:mod:`sqlintent.workspace.overrides`, as the
        command line's flags are)."""
        from sqlintent.settings.codes import config_code_problems
        from sqlintent.workspace.overrides import EditorOverrides, apply

        start = path.parent if path is not None else (root or Path.cwd())
        from sqlintent.trust import git_top

        # outside a git work tree, the workspace folder bounds the walk up (docs/security.md)
        stop = root.resolve() if root is not None and git_top(start.resolve()) is None else None
        config, problems = discover_config(start, stop, trusted=self.trust_workspace)
        if config.base_dir is None:
            config.base_dir = root or start
        config, setting_problems = apply(config, EditorOverrides(self.merged, root))
        where = f"{config.source}: " if config.source else ""
        return config, problems + [f"editor setting: {p}" for p in setting_problems] + \
            [where + p for p in config_code_problems(config)] + \
            [REFUSED + m for _, m in config.refused]


def wants_pull_configuration(caps: types.ClientCapabilities) -> bool:
    ws = caps.workspace
    return bool(ws and ws.configuration)


async def fetch_workspace_settings(server) -> dict | None:
    """Ask the client for the ``sqlintent`` section; None when it cannot answer."""
    if not wants_pull_configuration(server.client_capabilities):
        return None
    try:
        result = await server.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)]))
    except Exception as exc:  # the client refused: keep what we have
        server.log(f"workspace/configuration failed: {exc}", types.MessageType.Warning)
        return None
    if not result:
        return None
    return result[0] if isinstance(result[0], dict) else {}


def register(server) -> None:
    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls, params: types.DidChangeConfigurationParams):
        before = (ls.settings.merged, ls.settings.trust_workspace)
        if wants_pull_configuration(ls.client_capabilities):
            # pull even when the notification carries settings: clients such as vscode-languageclient
            # send the whole section with its defaults, which would hide the project's config file
            pulled = await fetch_workspace_settings(ls)
            if pulled is not None:
                ls.settings.set_workspace(pulled)
        else:  # Neovim 0.7 and other push-only clients: the settings table itself
            ls.settings.set_workspace(params.settings if isinstance(params.settings, dict) else {})
        if (ls.settings.merged, ls.settings.trust_workspace) == before:
            # the same settings again (Neovim's config pushes what initializationOptions already held)
            return
        ls.log(f"configuration changed: {ls.settings.merged}")
        ls.reconfigure()
