"""Which rules a config enables, and the error detector it asks for."""
from __future__ import annotations

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


def load_detector(config: Config):
    """The detector ``config.model`` asks for: (detector or None, why it is unavailable or None).

    None without a message when the model is off or no enabled rule reads it.
    """
    if not config.model.enabled or not any("model" in r.needs for r in enabled_rules(config)):
        return None, None
    try:
        from sqlintent.detector.runtime import detector_from_settings
    except Exception as exc:  # the runtime is not installed (onnxruntime, tokenizers)
        return None, f"the error detector is unavailable ({exc}); model checks are skipped"
    try:
        return detector_from_settings(config.model, config.base_dir), None
    except Exception as exc:  # DetectorUnavailable and friends: one clear message
        return None, f"the error detector is unavailable: {exc}; model checks are skipped"
