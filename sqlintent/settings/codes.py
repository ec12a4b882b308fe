"""Rule selectors (codes, prefixes, names, ``ALL``) in the settings, checked against the rules that exist.

An unknown code in ``--select``/``--ignore``, the config or a noqa comment is an error that names the
nearest known codes (``difflib``), as ruff does: a typo must not silently select or suppress nothing. The
parsing and matching are :mod:`sqlintent.analyzers.selectors`'.
"""
from __future__ import annotations

from sqlintent.analyzers.selectors import is_known, parse_many, suggest, unknown_message

__all__ = ["is_known", "suggest", "unknown_message", "selector_problems", "config_code_problems"]


def selector_problems(values, where: str) -> list[str]:
    return [str(e) for e in parse_many(values, where)[1]]


def config_code_problems(config) -> list[str]:
    """Unknown codes in a config's select, ignore, severity and per-file-ignores."""
    out = selector_problems(config.select, "select") + selector_problems(config.ignore, "ignore")
    out += selector_problems(config.severity, "severity")
    for pattern, codes in config.per_file_ignores.items():
        out += selector_problems(codes, f"per-file-ignores \"{pattern}\"")
    return out
