"""Which stored values a finding may show: the operator decides, and secrets never go out.

A checked file is hostile: ``WHERE token IN ('sk_live', 'ghp_')`` must not make a finding print the
API tokens a table holds into a public CI log. A message may name stored values only when

- the mode allows it (:func:`mode`): ``never`` (no stored value at all), ``enum`` (the default: values of
  columns that look like enumerations) or ``always`` (any column). It comes from trusted places only: the
  ``--show-values`` option of ``check``, or the environment variable ``SQLINTENT_SHOW_VALUES`` (which the
  CLI sets for its run; the language server inherits it from the editor). ``check --format github``/``sarif``
  and a run with ``CI=true`` default to ``never``;
- the column looks like an enumeration (:func:`enum_like`): every distinct value read, at most
  :data:`ENUM_MAX_DISTINCT` of them, none longer than :data:`ENUM_MAX_LEN` characters;
- the value does not look like a secret (:func:`looks_secret`): a key-like prefix (``sk_``, ``ghp_``,
  ``xoxb-``, ``AKIA``...), a long run of hex or base64, a JWT, or a string of high entropy.
"""
from __future__ import annotations

import math
import os
import re

MODES = ("never", "enum", "always")
ENV = "SQLINTENT_SHOW_VALUES"
ENUM_MAX_DISTINCT = 50
ENUM_MAX_LEN = 40

_KEY_PREFIX = re.compile(
    r"^(sk|pk|rk)_(live|test)|^(sk|pk|rk)[-_]|^gh[pousr]_|^github_pat_|^xox[abpresc]-|^(AKIA|ASIA|AGPA|AIDA)[A-Z0-9]{8}"
    r"|^AIza|^glpat-|^npm_|^pypi-|^shpat_|^SG\.|^eyJ[A-Za-z0-9_-]{8,}|-----BEGIN|^[a-z]+://[^/\s:@]+:[^/\s@]+@", re.I)
_HEX = re.compile(r"[0-9a-fA-F]{16,}")
_B64 = re.compile(r"[A-Za-z0-9+/_-]{20,}={0,2}")


def mode() -> str:
    value = os.environ.get(ENV, "").strip().lower()
    return value if value in MODES else "enum"


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def database_text_shown() -> bool:
    """Whether a database's own error message may be shown (through the secret filter): only with the mode
    ``always`` and outside CI (:mod:`sqlintent.db.errors`). Its message quotes the values it rejected."""
    return mode() == "always" and not in_ci()


def default_mode(fmt: str) -> str:
    """The mode of a ``check`` run without ``--show-values``: the environment's, else ``never`` for output
    that is published (GitHub annotations, SARIF) and in CI, else ``enum``."""
    value = os.environ.get(ENV, "").strip().lower()
    if value in MODES:
        return value
    if fmt in ("github", "sarif") or in_ci():
        return "never"
    return "enum"


def _entropy(text: str) -> float:
    counts: dict[str, int] = {}
    for ch in text:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(text)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def looks_secret(value: str) -> bool:
    v = value.strip()
    if _KEY_PREFIX.search(v) or _HEX.search(v):
        return True
    if _B64.search(v) and re.search(r"\d", v) and re.search(r"[A-Za-z]", v):
        return True
    compact = "".join(v.split())
    # a word of mixed letters and digits with many different characters: a key, a password, an id
    return len(compact) >= 12 and " " not in v and bool(re.search(r"\d", compact)) and _entropy(compact) > 3.3


_KEY_CHARS = re.compile(r"[A-Za-z0-9_+/=-]+")


def looks_like_key(value: str) -> bool:
    """Stricter than :func:`looks_secret`, for judging a whole column (sqlintent.engine.oracle): the value is a
    key, a token or a hash as a whole (a key-like prefix, or one word of key characters that
    :func:`looks_secret` flags), not text that holds one (an e-mail address, a sentence, a path)."""
    v = value.strip()
    if _KEY_PREFIX.search(v):
        return True
    return bool(_KEY_CHARS.fullmatch(v)) and looks_secret(v)


def enum_like(values: list[str], complete: bool) -> bool:
    return complete and len(values) <= ENUM_MAX_DISTINCT and all(len(v) <= ENUM_MAX_LEN for v in values)


def shown_values(values: list[str], complete: bool) -> list[str]:
    """The stored values of one column a message may name (all, some or none of ``values``)."""
    m = mode()
    if m == "never" or (m == "enum" and not enum_like(values, complete)):
        return []
    return [v for v in values if not looks_secret(v)]
