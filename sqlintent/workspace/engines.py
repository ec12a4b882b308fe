"""One Engine per configuration, kept across edits so unchanged statements come from its cache.

An engine is recreated when its configuration changes (editor settings, the config file's contents, a config
file appearing nearer the document: :class:`~sqlintent.workspace.engine_store.ConfigStamps`, which reads the
config files again only when one of their stamps moved) or when its database changes state: a database file
that disappears (or reappears) gets a fresh engine, whose open failure becomes one ``database-unavailable``
message the server shows once.
"""
from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path

from sqlintent.config import Config
from sqlintent.engine import Engine
from sqlintent.workspace.detectors import Detectors
from sqlintent.workspace.engine_store import ConfigStamps, Engines


def _database_path(engine: Engine) -> Path | None:
    """The file behind an opened file database (SQLite, DuckDB), if any."""
    schema = engine.schema
    db = schema.database if schema is not None else None
    return db.path if db is not None else None


def _configured_file(config: Config) -> Path | None:
    """The file a configured file database should be at (None for server URLs)."""
    if not config.database:
        return None
    from sqlintent.db.url import classify

    try:
        kind, target = classify(config.database)
    except ValueError:
        return None
    if kind == "postgres":
        return None
    p = Path(target).expanduser()
    if config.base_dir is not None and not p.is_absolute():
        p = config.base_dir / p
    return p


@dataclass
class _Entry:
    engine: Engine
    problems: list[str]  # invalid settings (defaults used)
    file_existed: bool | None  # did the configured database file exist when the engine opened it?

    def close(self) -> None:
        self.engine.close()


class EngineRegistry:
    """The language server's engines (an :class:`~sqlintent.workspace.engine_store.Engines` store) keyed by
    (its config file and their stamps, editor settings), sharing the detectors of one
    :class:`~sqlintent.workspace.detectors.Detectors`."""

    def __init__(self, detectors: Detectors | None = None) -> None:
        """``detectors``: the registry the engines load their detector from (a new one when None); the
        server loads it in the background from ``initialize``, and shows its ``model_problem``."""
        self._engines = Engines()
        self._lock = threading.Lock()  # the generation
        self._stamps = ConfigStamps()
        self.generation = 0  # bumped whenever an engine is replaced: cached results are stale
        self.detectors = detectors if detectors is not None else Detectors()

    def clear(self) -> None:
        with self._lock:
            self._engines.forget()
            self.generation += 1

    def engine_for(self, path: Path | None, settings, root: Path | None) -> tuple[_Entry, bool]:
        """The engine for a document; returns (its entry, whether the database changed state)."""
        key = (self._stamps.key(path.parent) if path is not None else ("root", str(root)),
               json.dumps(settings.merged, sort_keys=True, default=str))

        def build() -> _Entry:
            config, problems = settings.config_for(path, root)
            # the detector loads on first use (the model phase, or the background load from initialize), not
            # in the first check: importing its runtime alone takes about a second
            engine = Engine(config, detector_loader=self.detectors.detector_for)
            engine.open_sources()
            expected = _configured_file(config)
            return _Entry(engine, problems, expected.is_file() if expected is not None else None)

        entry = self._engines.get(key, build)
        if not self._database_state_changed(entry):
            return entry, False
        entry = self._engines.replace(key, build)  # built outside the lock: opening a database takes a while
        with self._lock:
            self.generation += 1
        return entry, True

    @staticmethod
    def _database_state_changed(entry: _Entry) -> bool:
        opened = _database_path(entry.engine)
        if opened is not None:
            return not opened.exists()  # the file went away under us
        expected = _configured_file(entry.engine.config)
        if expected is None or entry.file_existed is None:
            return False
        return expected.is_file() != entry.file_existed  # it was missing and is back (or the reverse)

    def engines(self) -> list[Engine]:
        return [e.engine for e in self._engines.engines()]
