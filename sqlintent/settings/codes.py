"""Rule selectors (codes, prefixes, names, ``ALL``) checked against the rules that exist.

An unknown code in ``--select``/``--ignore``, the config or a noqa comment is an error that names the
nearest known codes (``difflib``), as ruff does: a typo must not silently select or suppress nothing.
"""
from __future__ import annotations

from sqlintent.analyzers.codes import is_known, suggest

__all__ = ["is_known", "suggest", "unknown_message", "selector_problems", "config_code_problems"]


def unknown_message(selector: str, where: str) -> str:
    near = suggest(selector)
    hint = f" (did you mean {', '.join(near)}?)" if near else " (see `sqlintent rule --all`)"
    return f"unknown rule code '{selector}' in {where}{hint}"


def selector_problems(values, where: str, *, exact: bool = False) -> list[str]:
    return [unknown_message(v, where) for v in values if not is_known(v, exact=exact)]


def config_code_problems(config) -> list[str]:
    """Unknown codes in a config's select, ignore, severity and per-file-ignores."""
    out = selector_problems(config.select, "select") + selector_problems(config.ignore, "ignore")
    out += selector_problems(config.severity, "severity", exact=True)
    for pattern, codes in config.per_file_ignores.items():
        out += selector_problems(codes, f"per-file-ignores \"{pattern}\"")
    return out
