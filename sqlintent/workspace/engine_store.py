"""The store of engines every door keeps, one per resolved configuration, and the config key read from file
stamps.

:class:`Engines` holds the command line's engines (one per config file), a ``--jobs`` worker's and a ``scan``
worker's (one per database), and the language server's (:mod:`.engines`): built on first use, the least
recently used closed past a bound;
:func:`config_key` is what "the same resolved configuration" means. :class:`ConfigStamps` gives the language
server's registry (:mod:`.engines`) a key for a document's folder that changes when its config does, reading
the config files again only when a stamp moved.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable

from sqlintent.config import Config
from sqlintent.config_files import config_chain
from sqlintent.files import resolved

#: the files that make a folder's config (config_files.find_config_file looks for them, nearest first)
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

    def get(self, key, build: Callable[[], object]) -> object:
        with self._lock:
            engine = self._engines.get(key)
            if engine is not None:
                self._engines.move_to_end(key)
                return engine
        engine = build()
        with self._lock:
            engine = self._engines.setdefault(key, engine)
            self._trim()
        return engine

    def replace(self, key, build: Callable[[], object]) -> object:
        """A new engine for ``key`` in place of the one kept, which is not closed (a check may still hold it)."""
        engine = build()
        with self._lock:
            self._engines[key] = engine
            self._engines.move_to_end(key)
            self._trim()
        return engine

    def _trim(self) -> None:
        while self.limit is not None and len(self._engines) > self.limit:
            _close(self._engines.popitem(last=False)[1])

    def __contains__(self, key) -> bool:
        with self._lock:
            return key in self._engines

    def engines(self) -> list:
        with self._lock:
            return list(self._engines.values())

    def forget(self) -> None:
        """Forget every engine without closing it (checks still running hold theirs)."""
        with self._lock:
            self._engines = OrderedDict()

    def close(self) -> None:
        """Close every engine's database connection and forget them."""
        with self._lock:
            engines, self._engines = list(self._engines.values()), OrderedDict()
        for engine in engines:
            _close(engine)


class EnginesBySettings:
    """Engines for settings given as a table rather than found in a config file (a benchmark's or a training
    set's units, each with the settings of its folder): one engine per distinct settings, built over
    ``base()`` on first use, all sharing one detector registry. A setting with a problem raises ValueError
    naming it."""

    def __init__(self, base: Callable[[], Config] = Config, detectors=None) -> None:
        from sqlintent.workspace.detectors import Detectors

        self._base = base
        self._store = Engines()
        self.detectors = detectors if detectors is not None else Detectors()

    def engine_for(self, settings: dict):
        def build():
            from sqlintent.engine import Engine

            config, problems = self._base().with_overrides(settings)
            if problems:
                raise ValueError("; ".join(problems))
            return Engine(config, detector_loader=self.detectors.detector_for)

        return self._store.get(json.dumps(settings, sort_keys=True, default=str), build)

    def close(self) -> None:
        self._store.close()


def _close(engine) -> None:
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
