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
from sqlintent.engine import Engine, enabled_rules, load_detector
from sqlintent.engine.selection import detector_key
from sqlintent.workspace.engine_store import ConfigStamps


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


class EngineRegistry:
    """The language server's engines keyed by (its config file and their stamps, editor settings)."""

    def __init__(self, detector_factory=load_detector) -> None:
        self._engines: dict[tuple, _Entry] = {}
        self._lock = threading.Lock()
        self._stamps = ConfigStamps()
        self.generation = 0  # bumped whenever an engine is replaced: cached results are stale
        self._detector_factory = detector_factory
        self._detectors: dict[str, object] = {}  # loaded detectors by model settings, shared by engines
        self._problems: dict[str, str | None] = {}  # why the last load of each model setting failed

    def detector_for(self, config: Config):
        """(detector or None, problem): one loaded detector per model setting, kept across new engines (a
        settings change or a new config file must not load the model again; the server loads it in the
        background from ``initialize``)."""
        if self._detector_factory is None:
            return None, None
        if not config.model.enabled or not any("model" in r.needs for r in enabled_rules(config)):
            return None, None
        key = detector_key(config)
        with self._lock:
            detector = self._detectors.get(key)
        if detector is not None:
            return detector, None
        detector, problem = self._detector_factory(config)
        with self._lock:
            self._problems[key] = problem
            if detector is not None:  # failures are not kept: a model put in place later is picked up
                detector = self._detectors.setdefault(key, detector)
        return detector, problem

    def model_problem(self, config: Config) -> str | None:
        """Why the detector ``config`` asks for is not in use, once a load was tried (else None)."""
        if not config.model.enabled:
            return None
        key = detector_key(config)
        with self._lock:
            return self._problems.get(key)

    def clear(self) -> None:
        with self._lock:
            self._engines.clear()
            self.generation += 1

    def engine_for(self, path: Path | None, settings, root: Path | None) -> tuple[_Entry, bool]:
        """The engine for a document; returns (its entry, whether the database changed state)."""
        key = (self._stamps.key(path.parent) if path is not None else ("root", str(root)),
               json.dumps(settings.merged, sort_keys=True, default=str))
        with self._lock:
            entry = self._engines.get(key)
        changed = False
        if entry is not None and self._database_state_changed(entry):
            changed = True
            entry = None
        if entry is None:
            config, problems = settings.config_for(path, root)
            # the detector loads on first use (the model phase, or the background load from initialize), not
            # in the first check: importing its runtime alone takes about a second
            engine = Engine(config, detector_loader=self.detector_for)
            engine.open_sources()
            expected = _configured_file(config)
            entry = _Entry(engine, problems, expected.is_file() if expected is not None else None)
            with self._lock:
                self._engines[key] = entry
                if changed:
                    self.generation += 1
        return entry, changed

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
        with self._lock:
            return [e.engine for e in self._engines.values()]
