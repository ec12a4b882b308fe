"""Engines, one per resolved configuration, for every door.

:class:`Engines` is the one keyed store of engines (the command line's per config file, a ``--jobs`` worker's,
a ``scan`` worker's per database): built on first use, the least recently used closed past a bound, and
:func:`config_key` is what "the same resolved configuration" means. :class:`EngineRegistry` is the language
server's, kept across edits so unchanged statements come from an engine's cache: an engine is recreated when
its configuration changes (editor settings, the config file or a file it extends, a config file appearing
nearer the document) or when its database changes state (a database file that disappears or reappears gets
a fresh engine, whose open failure becomes one ``database-unavailable`` message the server shows once). Its
engines share one loaded detector per model setting. Whether a config changed is read from file stamps
(:class:`ConfigStamps`); the config files are read again only when a stamp moved.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from sqlintent.config import Config, config_chain
from sqlintent.engine import Engine, enabled_rules, load_detector
from sqlintent.engine.selection import detector_key
from sqlintent.files import resolved

#: the files that make a folder's config (config.find_config_file looks for them, nearest first)
CONFIG_NAMES = ("sqlintent.toml", "pyproject.toml")


def config_key(config: Config) -> tuple:
    """What makes two resolved configurations the same for an engine: their file and their settings."""
    return config.source, json.dumps(config.to_dict(), sort_keys=True, default=str)


class Engines:
    """Engines by key, built by ``build()`` on first use; past ``limit`` the least recently used is closed."""

    def __init__(self, limit: int | None = None) -> None:
        self._engines: OrderedDict = OrderedDict()
        self._lock = threading.RLock()
        self.limit = limit

    def get(self, key, build: Callable[[], Engine]) -> Engine:
        with self._lock:
            engine = self._engines.get(key)
            if engine is not None:
                self._engines.move_to_end(key)
                return engine
        engine = build()
        with self._lock:
            engine = self._engines.setdefault(key, engine)
            while self.limit is not None and len(self._engines) > self.limit:
                _close(self._engines.popitem(last=False)[1])
        return engine

    def __contains__(self, key) -> bool:
        with self._lock:
            return key in self._engines

    def engines(self) -> list[Engine]:
        with self._lock:
            return list(self._engines.values())

    def close(self) -> None:
        """Close every engine's database connection and forget them."""
        with self._lock:
            engines, self._engines = list(self._engines.values()), OrderedDict()
        for engine in engines:
            _close(engine)


def _close(engine: Engine) -> None:
    try:
        engine.close()
    except Exception:  # noqa: BLE001 - closing is best effort
        pass


def _stat(path: Path) -> tuple | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


class ConfigStamps:
    """The config a document's folder depends on, as a key that changes when any of its files does.

    The config chain (the nearest config file and the files it extends) is read once per folder; after that
    a check only stats the chain's files and every place a nearer config could appear (``sqlintent.toml``
    and ``pyproject.toml`` in each folder from the document's up to the config's), and reads the chain
    again only when one of them changed."""

    def __init__(self) -> None:
        self._by_folder: dict[Path, tuple[list[Path], tuple, tuple]] = {}  # folder -> (watched, stats, key)
        self._lock = threading.Lock()

    def key(self, folder: Path) -> tuple:
        with self._lock:
            known = self._by_folder.get(folder)
        if known is not None:
            watched, stats, key = known
            if tuple(_stat(p) for p in watched) == stats:
                return key
        chain = config_chain(folder) if folder.exists() else []
        watched = list(chain) + _candidates(resolved(folder) if folder.exists() else folder,
                                            chain[0].parent if chain else None)
        stats = tuple(_stat(p) for p in watched)
        key = tuple((str(p), s) for p, s in zip(chain, stats)) or (None,)
        with self._lock:
            if len(self._by_folder) > 4096:  # bounded: a client may open documents anywhere
                self._by_folder.clear()
            self._by_folder[folder] = (watched, stats, key)
        return key


def _candidates(folder: Path, upto: Path | None) -> list[Path]:
    """Where a config nearer than ``upto`` (None: none found, up to the file system's root) could appear."""
    out = []
    for d in (folder, *folder.parents):
        if upto is not None and d == upto:
            break
        out.extend(d / name for name in CONFIG_NAMES)
    return out


def _database_path(engine: Engine) -> Path | None:
    """The file behind an opened file database (SQLite, DuckDB), if any."""
    schema = engine.schema
    db = getattr(schema, "database", None) if schema is not None else None
    path = getattr(db, "path", None)
    return Path(path) if path is not None else None


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
