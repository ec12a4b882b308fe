"""Configuration per file, as ruff does it: each checked file gets the closest config file above it.

A run's flags (``--db``, ``--select``, ...) are applied on top of every config found, as a
:class:`~sqlintent.workspace.overrides.FlagOverrides` (a problem with a flag's value names the flag). One
Engine is built per distinct config and reused for every file under it, so a database opens once per config;
the engines share one detector per model setting (:mod:`sqlintent.workspace.detectors`).
``--config FILE`` replaces discovery: that file applies to every path.

A config file found by walking up is not trusted (docs/security.md): the walk stays in the repository (the
git work tree's top; outside git, the folder named on the command line), and what only a trusted source may
set is refused (an error: the run stops) unless ``trust_all`` (``--trust-config``) vouches for the checkout.
"""
from __future__ import annotations

import os
from pathlib import Path

from sqlintent.config import Config
from sqlintent.config_files import load_config
from sqlintent.files import resolved
from sqlintent.workspace.overrides import Overrides, apply


class ConfigResolver:
    def __init__(self, overrides: Overrides | None = None, explicit: Path | None = None,
                 roots: list[str] | None = None, trust_all: bool = False, detectors=None) -> None:
        """``overrides``: the flags' settings, put on each config file's values; ``roots``: the folders named
        on the command line (outside git, discovery stops at the outermost of them or the current folder
        holding a file); ``detectors``: the :class:`~sqlintent.workspace.detectors.Detectors` the engines
        load their detector from (a resident process's; else one for this resolver, so every config of
        the run with the same model setting shares one detector)."""
        self._overrides = overrides
        self._explicit = explicit
        self._roots = [resolved(r) for r in roots or () if os.path.isdir(r)]
        if roots is not None:  # the current folder is the operator's choice too (not / nor the home folder)
            here = resolved(os.getcwd())
            if here.parent != here and here != resolved(Path.home()):
                self._roots.append(here)
        self._trust_all = trust_all
        self._stops: dict[str, Path | None] = {}  # config file -> the root named on the command line above it
        self._by_file: dict[str | None, Config] = {}  # config file (None: none found) -> resolved config
        self._by_dir: dict[Path, str | None] = {}
        self._by_path: dict[str, str | None] = {}  # path as given -> its config file
        self._dirs: dict[str, Path] = {}  # a file's folder as written -> resolved
        self._engines = None  # one Engine per config file (engine_store.Engines), from the first check
        self._detectors = detectors  # the engines' detectors (workspace.detectors.Detectors)
        self.problems: list[str] = []  # each config's problems, once (defaults used)
        self.errors: list[str] = []  # unknown rule codes in a config: the run must not go on

    def config_file(self, path: str | Path) -> str | None:
        if self._explicit is not None:
            return str(self._explicit)
        key = str(path)
        if key not in self._by_path:  # a run asks for each file three times (excluded, config, engine)
            folder = self._folder(key)
            if folder not in self._by_dir:
                from sqlintent.trust import find_config

                stop = self._stop(folder)
                found, notes = find_config(folder, stop)
                self.problems.extend(n for n in notes if n not in self.problems)
                self._by_dir[folder] = str(found) if found is not None else None
                if found is not None:
                    self._stops.setdefault(str(found), stop)
            self._by_path[key] = self._by_dir[folder]
        return self._by_path[key]

    def _stop(self, folder: Path) -> Path | None:
        """Outside a git work tree, the outermost folder named on the command line that holds ``folder``."""
        from sqlintent.trust import git_top

        held = [r for r in self._roots if r == folder or r in folder.parents]
        if not held or git_top(folder) is not None:
            return None
        return min(held, key=lambda r: len(r.parts))

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
            root = None
            if key is not None and self._explicit is None and not self._trust_all:
                from sqlintent.trust import repository_root

                root = repository_root(resolved(Path(key).parent), self._stops.get(key))
            config, problems = load_config(Path(key) if key is not None else None, root)
            config, flag_problems = apply(config, self._overrides)
            problems = problems + flag_problems
            self._by_file[key] = config
            # a config file that cannot be read is an error (the run stops), not a warning with defaults
            self.errors.extend(u for u in config.unreadable if u not in self.errors)
            self.errors.extend(m for _, m in config.refused if m not in self.errors)
            self.problems.extend(p for p in problems if p not in self.problems
                                 and not any(p.startswith(u) for u in config.unreadable))
            from sqlintent.settings.codes import config_code_problems

            where = f"{key}: " if key is not None else ""
            self.errors.extend(e for e in (where + p for p in config_code_problems(config)) if e not in self.errors)
        return self._by_file[key]

    def engine_for(self, path: str | Path):
        """The Engine for a file's config: one per distinct config file, all sharing one detector per model
        setting."""
        from sqlintent.engine import Engine
        from sqlintent.workspace.detectors import Detectors
        from sqlintent.workspace.engine_store import Engines

        if self._engines is None:
            self._engines = Engines()
        if self._detectors is None:
            self._detectors = Detectors()
        loader = self._detectors.detector_for
        return self._engines.get(self.config_file(path),
                                 lambda: Engine(self.config_for(path), detector_loader=loader))

    def engines(self) -> list:
        return self._engines.engines() if self._engines is not None else []

    def excluded(self, path: str | Path) -> bool:
        return self.config_for(path).is_excluded(path)
