"""Which rules a config enables, and the error detector it asks for."""
from __future__ import annotations

from sqlintent.analyzers import all_rules
from sqlintent.analyzers.base import Rule
from sqlintent.analyzers.selectors import any_matches, selectors
from sqlintent.config import Config


def enabled_rules(config: Config) -> list[Rule]:
    """The rules ``select`` (else the rules on by default) names, less those ``ignore`` names; a selector that
    does not parse selects nothing (the settings checks report it)."""
    select, ignore = selectors(config.select, "select"), selectors(config.ignore, "ignore")
    out = []
    for rule in all_rules().rules:
        on = any_matches(rule.code, select) if config.select else rule.default_enabled
        if on and any_matches(rule.code, ignore):
            on = False
        if on:
            out.append(rule)
    return out


def runs_on(rule: Rule, intent: str | None) -> bool:
    """Whether ``rule`` runs on a statement with this intent: a rule about the intent (``"intent"`` in its
    ``needs``: every SIL rule, SIA001, SIA002, SIM001) never runs on a statement without one, so it cannot
    fail CI on SQL that states no intent (a file of plain queries, a test suite)."""
    return "intent" not in rule.needs or bool(intent and intent.strip())


def wants_detector(config: Config) -> bool:
    """Whether ``config`` runs the error detector: the model is on and an enabled rule reads it."""
    return config.model.enabled and any("model" in r.needs for r in enabled_rules(config))


def load_detector(config: Config):
    """The detector ``config.model`` asks for, loaded afresh: (detector or None, why it is unavailable or None).

    None without a message when the model is off or no enabled rule reads it. An engine given no loader
    uses this; a door that builds several engines shares one detector per model setting through
    :class:`sqlintent.workspace.detectors.Detectors` instead.
    """
    if not wants_detector(config):
        return None, None
    return _load_detector(config)


def _load_detector(config: Config):
    try:
        from sqlintent.detector.runtime import detector_from_settings
    except Exception as exc:  # the runtime is not installed (onnxruntime, tokenizers)
        return None, f"the error detector is unavailable ({exc}); model checks are skipped"
    try:
        return detector_from_settings(config.model, config.base_dir), None
    except Exception as exc:  # DetectorUnavailable and friends: one clear message
        return None, f"the error detector is unavailable: {exc}; model checks are skipped"
