"""The loaded error detectors a door shares between its engines: one per model setting.

Loading the detector (an ONNX Runtime session and its tokenizer) takes about a second and holds a few
hundred MB, so a door that builds several engines holds one :class:`Detectors` and hands its
:meth:`Detectors.detector_for` to each engine (``Engine(config, detector_loader=...)``); engines of
different configurations with the same model setting then share one detector:

* ``check``: one for the run (its :class:`~sqlintent.workspace.resolver.ConfigResolver`'s), so folders with
  a config each load the model once; a ``--jobs`` worker: one for the worker's life
  (:mod:`sqlintent.workspace.batch`);
* the daemon: one for the process's life, handed to each request's ``check``; its warm workers keep theirs
  between requests;
* the language server: its :class:`~sqlintent.workspace.engines.EngineRegistry`'s, kept across new engines
  (a settings change or a new config file does not load the model again), whose
  :meth:`Detectors.model_problem` the server shows;
* ``scan``: each :class:`~sqlintent.scan.checker.RowChecker`'s (one per worker process).

A kept detector whose ``model.onnx`` changed is loaded again. A failed load is not kept (a model put in
place later is picked up by the next engine that asks) but its problem is remembered for
:meth:`Detectors.model_problem`. A forked child starts with none: an ONNX Runtime session does not survive
a fork.
"""
from __future__ import annotations

import json
import os
import threading
import weakref
from dataclasses import asdict
from typing import Callable

from sqlintent.config import Config
from sqlintent.engine.selection import load_detector, wants_detector

#: every registry of this process, emptied in a forked child
_LIVE: weakref.WeakSet = weakref.WeakSet()


def detector_key(config: Config) -> str:
    """One key per model setting, with the model's directory as the detector resolves it (against the
    config's folder when relative): configs in different folders naming one model directory share it."""
    setting = asdict(config.model)
    path = config.model.path
    if path and config.base_dir is not None and not os.path.isabs(path):
        setting["path"] = os.path.join(config.base_dir, path)
    return json.dumps(setting, sort_keys=True, default=str)


def _model_stat(detector) -> tuple | None:
    """The stamp of the model file a detector was loaded from (None when it has none)."""
    try:
        st = os.stat(os.path.join(detector.directory, "model.onnx"))
    except (OSError, AttributeError, TypeError):
        return None
    return st.st_size, st.st_mtime_ns, st.st_ino


class Detectors:
    """Loaded detectors by :func:`detector_key`; thread-safe (one load at a time per model setting)."""

    def __init__(self, loader: Callable[[Config], tuple] = load_detector) -> None:
        """``loader(config)``: loads a detector afresh, ``(detector or None, problem or None)`` as
        :func:`sqlintent.engine.selection.load_detector` does."""
        self._loader = loader
        self._reset()
        _LIVE.add(self)

    def _reset(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[str, tuple[object, tuple | None]] = {}  # key -> (detector, its model file's stamp)
        self._problems: dict[str, str | None] = {}  # key -> why its last load failed (None: it did not)
        self._loading: dict[str, threading.Lock] = {}  # key -> held while that setting loads

    def detector_for(self, config: Config):
        """(detector or None, problem or None) for ``config``: the kept one while its model file is
        unchanged, else loaded (and kept when the load succeeds). None without a problem when the model is
        off or no enabled rule reads it."""
        if not wants_detector(config):
            return None, None
        key = detector_key(config)
        with self._lock:
            gate = self._loading.setdefault(key, threading.Lock())
        with gate:  # a second engine asking while the model loads waits for it instead of loading it again
            with self._lock:
                kept = self._kept.get(key)
            if kept is not None and _model_stat(kept[0]) == kept[1]:
                return kept[0], None
            detector, problem = self._loader(config)
            with self._lock:
                self._problems[key] = problem
                if detector is not None:
                    self._kept[key] = (detector, _model_stat(detector))
                else:  # not kept: the next engine that asks tries again
                    self._kept.pop(key, None)
        return detector, problem

    def model_problem(self, config: Config) -> str | None:
        """Why the detector ``config`` asks for is not in use, once a load was tried (else None)."""
        if not config.model.enabled:
            return None
        with self._lock:
            return self._problems.get(detector_key(config))


def _forget_after_fork() -> None:
    for registry in list(_LIVE):
        registry._reset()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)
