"""Settings given on top of the config files: the command line's flags, or the editor's settings.

Both are an :class:`Overrides`: a table of the config file's shape made for each config it lands on, and how
a problem names each key, so that a bad value is reported as the user wrote it (``--max-file-size``,
``sqlintent.probes.timeout_ms``) by the same validation that checks a config file (:mod:`sqlintent.config`).
:func:`apply` puts one on a config; :class:`sqlintent.workspace.resolver.ConfigResolver` (the command line)
and the language server's settings (:mod:`sqlintent.server.configuration`) both go through it.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlintent.config import Config


class Overrides:
    """No overrides: the config file alone."""

    kind = "config"

    def table(self, config: Config) -> tuple[dict[str, Any], list[str]]:
        """The settings to put on ``config`` and the problems found making them (already named)."""
        return {}, []

    def label(self, key: str) -> str:
        """How a problem names the dotted config key ``key``."""
        return key


def apply(config: Config, overrides: Overrides | None) -> tuple[Config, list[str]]:
    """``config`` with ``overrides`` on top, and the problems with their values (each naming the flag or the
    setting that holds the value; defaults used)."""
    if overrides is None:
        return config, []
    table, problems = overrides.table(config)
    if not table:
        return config, problems
    config, more = config.with_overrides(table, label=overrides.label)
    return config, problems + more


#: the flag that sets each config key (``check`` and ``scan``)
FLAGS = {"database": "--db", "schema_files": "--schema", "dialect": "--dialect", "select": "--select",
         "ignore": "--ignore", "probes.enabled": "--no-probes", "model.enabled": "--no-model",
         "max_file_size": "--max-file-size", "model.path": "--model", "model.provider": "--provider"}


class FlagOverrides(Overrides):
    """The command line's flags. ``base``: the settings the flags give; ``ignore``: codes ``--ignore`` adds
    to each config's own list."""

    kind = "flag"

    def __init__(self, base: dict[str, Any], ignore: list[str] | None = None):
        self.base = base
        self.ignore = list(ignore or [])

    def table(self, config: Config) -> tuple[dict[str, Any], list[str]]:
        table = dict(self.base)
        if self.ignore:
            table["ignore"] = list(config.ignore) + self.ignore
        return table, []

    def label(self, key: str) -> str:
        return FLAGS.get(key, "--" + key.replace("_", "-"))


class EditorOverrides(Overrides):
    """The editor's settings (``initializationOptions`` and ``workspace/configuration``, merged), keyed as the
    config file is; relative paths resolve against the workspace folder ``root``."""

    kind = "editor"

    def __init__(self, settings: dict[str, Any], root: Path | None):
        self.settings = settings
        self.root = root

    def table(self, config: Config) -> tuple[dict[str, Any], list[str]]:
        import copy

        table = copy.deepcopy(self.settings)
        if isinstance(table.get("database"), str):
            table["database"] = _absolute(table["database"], self.root)
        if isinstance(table.get("schema_files"), list):
            table["schema_files"] = [_absolute(s, self.root) if isinstance(s, str) else s
                                     for s in table["schema_files"]]
        return table, _drop_unknown_codes(table, self.label)

    def label(self, key: str) -> str:
        return f"sqlintent.{key}"


def _absolute(value: str, root: Path | None) -> str:
    if root is None or "://" in value or value.startswith(":memory:"):
        return value
    p = Path(value).expanduser()
    return str(p if p.is_absolute() else (root / p))


def _drop_unknown_codes(table: dict, label) -> list[str]:
    """Unknown rule codes in ``select``/``ignore``: left out (with a problem naming the setting), so that a
    typo neither turns every rule off nor is blamed on the config file."""
    from sqlintent.settings.codes import is_known, unknown_message

    problems = []
    for key in ("select", "ignore"):
        values = table.get(key)
        if not isinstance(values, list):
            continue
        bad = [v for v in values if isinstance(v, str) and not is_known(v)]
        if not bad:
            continue
        problems += [unknown_message(v, label(key)) + "; ignored" for v in bad]
        kept = [v for v in values if v not in bad]
        if kept:
            table[key] = kept
        else:  # nothing valid left: the config file's list applies
            del table[key]
    return problems
