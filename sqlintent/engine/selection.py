"""Which rules a config enables, and the error detector it asks for."""
from __future__ import annotations

import contextlib
import json
import os
import threading
from dataclasses import asdict
from typing import Iterable

from sqlintent.analyzers import all_rules
from sqlintent.analyzers.base import Rule
from sqlintent.config import Config


def rule_matches(rule: Rule, patterns: Iterable[str]) -> bool:
    for p in patterns:
        p = p.upper()
        if p == "ALL" or rule.code.startswith(p) or any(a.startswith(p) for a in rule.aliases) \
                or rule.name.upper() == p:
            return True
    return False


def enabled_rules(config: Config) -> list[Rule]:
    out = []
    for rule in all_rules().rules:
        if config.select:
            on = rule_matches(rule, config.select)
        else:
            on = rule.default_enabled
        if on and config.ignore and rule_matches(rule, config.ignore):
            on = False
        if on:
            out.append(rule)
    return out


def runs_on(rule: Rule, intent: str | None) -> bool:
    """Whether ``rule`` runs on a statement with this intent: a rule about the intent (``"intent"`` in its
    ``needs``: every SIL rule, SIA001, SIA002, SIM001) never runs on a statement without one, so it cannot
    fail CI on SQL that states no intent (a file of plain queries, a test suite)."""
    return "intent" not in rule.needs or bool(intent and intent.strip())


_KEPT: dict | None = None  # model settings -> (detector, its model file's stat), in a resident process
_KEPT_LOCK = threading.Lock()


def keep_detectors(on: bool = True) -> None:
    """In a resident process (the daemon and its workers): keep each loaded detector, one per model setting,
    for later engines; a detector whose model file changed is loaded again. A forked child starts with none
    (an ONNX Runtime session does not survive a fork)."""
    global _KEPT
    with _KEPT_LOCK:
        _KEPT = {} if on else None


@contextlib.contextmanager
def detectors_shared():
    """For one run of ``check``: engines of different configurations but the same model setting share one
    detector (a run over folders with a config each loaded the model once per folder). Left as it was
    after the run; a resident process that keeps its detectors keeps them."""
    global _KEPT
    with _KEPT_LOCK:
        was, _KEPT = _KEPT, ({} if _KEPT is None else _KEPT)
    try:
        yield
    finally:
        if was is None:
            with _KEPT_LOCK:
                _KEPT = None


def _forget_after_fork() -> None:
    global _KEPT, _KEPT_LOCK
    _KEPT_LOCK = threading.Lock()
    if _KEPT is not None:
        _KEPT = {}


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


def detector_key(config: Config) -> str:
    """One key per model setting (the model's directory resolves against the config's when relative): a
    resident process keeps one detector per key."""
    return json.dumps([asdict(config.model), str(config.base_dir) if config.model.path else None], default=str)


def _model_stat(detector) -> tuple | None:
    try:
        st = os.stat(os.path.join(detector.directory, "model.onnx"))
    except (OSError, AttributeError, TypeError):
        return None
    return st.st_size, st.st_mtime_ns, st.st_ino


def load_detector(config: Config):
    """The detector ``config.model`` asks for: (detector or None, why it is unavailable or None).

    None without a message when the model is off or no enabled rule reads it.
    """
    if not config.model.enabled or not any("model" in r.needs for r in enabled_rules(config)):
        return None, None
    if _KEPT is None:
        return _load_detector(config)
    key = detector_key(config)
    with _KEPT_LOCK:
        kept = _KEPT.get(key)
    if kept is not None and kept[1] is not None and _model_stat(kept[0]) == kept[1]:
        return kept[0], None
    detector, problem = _load_detector(config)
    if detector is not None:
        with _KEPT_LOCK:
            if _KEPT is not None:
                _KEPT[key] = (detector, _model_stat(detector))
    return detector, problem


def _load_detector(config: Config):
    try:
        from sqlintent.detector.runtime import detector_from_settings
    except Exception as exc:  # the runtime is not installed (onnxruntime, tokenizers)
        return None, f"the error detector is unavailable ({exc}); model checks are skipped"
    try:
        return detector_from_settings(config.model, config.base_dir), None
    except Exception as exc:  # DetectorUnavailable and friends: one clear message
        return None, f"the error detector is unavailable: {exc}; model checks are skipped"
