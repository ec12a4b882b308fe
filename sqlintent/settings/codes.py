"""Rule selectors (codes, prefixes, names, ``ALL``) checked against the rules that exist.

An unknown code in ``--select``/``--ignore``, the config or a noqa comment is an error that names the
nearest known codes (``difflib``), as ruff does: a typo must not silently select or suppress nothing.
"""
from __future__ import annotations

import difflib

from sqlintent.analyzers import all_rules


def _vocabulary() -> tuple[list[str], list[str]]:
    rules = all_rules().rules
    codes = sorted({c for r in rules for c in (r.code, *r.aliases)})
    names = sorted(r.name for r in rules)
    return codes, names


def is_known(selector: str, *, exact: bool = False) -> bool:
    """A code, an alias, a rule name, ``ALL`` or (unless ``exact``) a prefix of a code."""
    s = selector.strip()
    codes, names = _vocabulary()
    if s.lower() in names or (not exact and s.upper() == "ALL"):
        return True
    up = s.upper()
    return up in codes if exact else bool(up) and any(c.startswith(up) for c in codes)


def suggest(selector: str, n: int = 3) -> list[str]:
    """The nearest known codes (or names, for something that looks like a name)."""
    codes, names = _vocabulary()
    s = selector.strip()
    if "-" in s or s.islower():
        return difflib.get_close_matches(s.lower(), names, n, 0.5) or difflib.get_close_matches(s.upper(), codes, n, 0.5)
    return difflib.get_close_matches(s.upper(), codes, n, 0.5)


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
