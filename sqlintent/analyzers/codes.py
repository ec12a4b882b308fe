"""The rule codes that exist, and the nearest ones to a code that does not (``difflib``, as ruff does).

Read by the engine (an unknown code in a noqa comment) and by the settings' selector checks
(:mod:`sqlintent.settings.codes`: ``--select``/``--ignore``, the config).
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
