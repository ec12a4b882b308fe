"""Configuration per file, as ruff does it: each checked file gets the closest config file above it.

A run's flags (``--db``, ``--select``, ...) are applied on top of every config found, as a
:class:`~sqlintent.workspace.overrides.FlagOverrides` (a problem with a flag's value names the flag). One
Engine is built per distinct config and reused for every file under it, so a database opens once per config.
``--config FILE`` replaces discovery: that file applies to every path.
"""
from __future__ import annotations

import os
from pathlib import Path

from sqlintent.config import Config, find_config_file, load_config
from sqlintent.files import resolved
from sqlintent.workspace.overrides import Overrides, apply


class ConfigResolver:
    def __init__(self, overrides: Overrides | None = None, explicit: Path | None = None) -> None:
        """``overrides``: the flags' settings, put on each config file's values."""
        self._overrides = overrides
        self._explicit = explicit
        self._by_file: dict[str | None, Config] = {}  # config file (None: none found) -> resolved config
        self._by_dir: dict[Path, str | None] = {}
        self._by_path: dict[str, str | None] = {}  # path as given -> its config file
        self._dirs: dict[str, Path] = {}  # a file's folder as written -> resolved
        self._engines = None  # one Engine per config file (engine_store.Engines), from the first check
        self.problems: list[str] = []  # each config's problems, once (defaults used)
        self.errors: list[str] = []  # unknown rule codes in a config: the run must not go on

    def config_file(self, path: str | Path) -> str | None:
        if self._explicit is not None:
            return str(self._explicit)
        key = str(path)
        if key not in self._by_path:  # a run asks for each file three times (excluded, config, engine)
            folder = self._folder(key)
            if folder not in self._by_dir:
                found = find_config_file(folder)
                self._by_dir[folder] = str(found) if found is not None else None
            self._by_path[key] = self._by_dir[folder]
        return self._by_path[key]

    def _folder(self, path: str) -> Path:
        """The folder whose config applies to ``path``: itself for a folder, else the folder of the file
        it names with symbolic links resolved (a file's folder is resolved once for all its files)."""
        if os.path.isdir(path):
            return resolved(path)
        if os.path.islink(path):
            return resolved(path).parent
        parent = os.path.join(os.getcwd(), os.path.dirname(path))  # not normalised: ".." after a link
        if parent not in self._dirs:
            self._dirs[parent] = resolved(parent)
        return self._dirs[parent]

    def config_for(self, path: str | Path) -> Config:
        """The settings for a file (which need not exist: a --stdin-filename)."""
        key = self.config_file(path)
        if key not in self._by_file:
            config, problems = load_config(Path(key) if key is not None else None)
            config, flag_problems = apply(config, self._overrides)
            problems = problems + flag_problems
            self._by_file[key] = config
            # a config file that cannot be read is an error (the run stops), not a warning with defaults
            self.errors.extend(u for u in config.unreadable if u not in self.errors)
            self.problems.extend(p for p in problems if p not in self.problems
                                 and not any(p.startswith(u) for u in config.unreadable))
            from sqlintent.settings.codes import config_code_problems

            where = f"{key}: " if key is not None else ""
            self.errors.extend(e for e in (where + p for p in config_code_problems(config)) if e not in self.errors)
        return self._by_file[key]

    def engine_for(self, path: str | Path):
        """The Engine for a file's config: one per distinct config file."""
        from sqlintent.engine import Engine
        from sqlintent.workspace.engine_store import Engines

        if self._engines is None:
            self._engines = Engines()
        return self._engines.get(self.config_file(path), lambda: Engine(self.config_for(path)))

    def engines(self) -> list:
        return self._engines.engines() if self._engines is not None else []

    def excluded(self, path: str | Path) -> bool:
        return self.config_for(path).is_excluded(path)
