"""The one rule selector: what ``--select``/``--ignore``, the config (``select``, ``ignore``, ``severity``,
``per-file-ignores``), the editor's settings and a ``-- noqa: ...`` comment name rules with.

A :class:`Selector` is parsed once from its text and its source and matched the same way everywhere. Its forms,
case-insensitive, as in ruff and sqlfluff:

======================  ====================================================
``SIS001``              a code (or a retired code kept as an alias): that rule
``SIS``, ``SIL01``      a prefix of codes: every rule whose code starts with it
``syntax-error``        a rule's kebab-case name: that rule
``ALL``                 every rule
======================  ====================================================

Anything else does not parse: :func:`parse` raises :class:`UnknownSelector`, whose message names the nearest
known codes (``difflib``). A selector that does not parse selects, ignores and suppresses nothing; where
several selectors name the same rule with different values (``severity``), the most specific wins (a code or
name, then the longest prefix, then ``ALL``).

>>> parse("syntax-error").codes
frozenset({'SIS001'})
>>> parse("sis").matches("SIS005")
True
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, TypeVar

V = TypeVar("V")

_EXACT = 1000  # the specificity of a code, an alias or a name (above any prefix's length)


class UnknownSelector(ValueError):
    """A selector that names no rule; ``str()`` is the user's message."""

    def __init__(self, text: str, source: str = ""):
        self.text = text
        self.source = source
        super().__init__(unknown_message(text, source or "a rule selector"))


@dataclass(frozen=True)
class Selector:
    text: str  # as written, stripped
    kind: str  # "all" | "code" | "alias" | "prefix" | "name"
    codes: frozenset[str]  # the rule codes it selects (every code for ``ALL``)
    source: str = ""  # where it was written: "--select", "select", "per-file-ignores", "noqa", an editor setting

    def matches(self, code: str) -> bool:
        """Whether a finding or rule with this code is selected."""
        return self.kind == "all" or code in self.codes

    @property
    def exact(self) -> bool:
        """One rule by code, alias or name (not a prefix, not ``ALL``)."""
        return self.kind in ("code", "alias", "name")

    @property
    def specificity(self) -> int:
        return _EXACT if self.exact else (len(self.text) if self.kind == "prefix" else 0)


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(code -> code, alias -> code, name -> code) of the registry's rules."""
    from sqlintent.analyzers import all_rules

    rules = all_rules().rules
    return ({r.code: r.code for r in rules}, {a: r.code for r in rules for a in r.aliases},
            {r.name: r.code for r in rules})


def parse(text: str, source: str = "") -> Selector:
    """The selector ``text`` names, or :class:`UnknownSelector`."""
    s = text.strip() if isinstance(text, str) else ""
    codes, aliases, names = _vocabulary()
    up = s.upper()
    if up == "ALL":
        return Selector(s, "all", frozenset(codes), source)
    if up in codes:
        return Selector(s, "code", frozenset((up,)), source)
    if up in aliases:
        return Selector(s, "alias", frozenset((aliases[up],)), source)
    if s.lower() in names:
        return Selector(s, "name", frozenset((names[s.lower()],)), source)
    if up and up.isalnum():
        hit = frozenset({c for c in codes if c.startswith(up)} | {c for a, c in aliases.items() if a.startswith(up)})
        if hit:
            return Selector(s, "prefix", hit, source)
    raise UnknownSelector(s if isinstance(text, str) else repr(text), source)


def parse_many(values: Iterable[str], source: str = "") -> tuple[list[Selector], list[UnknownSelector]]:
    """Every value parsed: (the selectors, the ones that did not parse)."""
    good, bad = [], []
    for v in values:
        try:
            good.append(parse(v, source))
        except UnknownSelector as exc:
            bad.append(exc)
    return good, bad


def selectors(values: Iterable[str], source: str = "") -> list[Selector]:
    """The values that parse (the others are the settings checks' to report)."""
    return parse_many(values, source)[0]


def any_matches(code: str, sels: Iterable[Selector]) -> bool:
    return any(s.matches(code) for s in sels)


def most_specific(code: str, table: Iterable[tuple[Selector, V]]) -> V | None:
    """The value of the most specific selector matching ``code`` (a code or name over a prefix, a longer prefix
    over a shorter one, any over ``ALL``; the first written among equals), or None."""
    best: tuple[int, V] | None = None
    for sel, value in table:
        if sel.matches(code) and (best is None or sel.specificity > best[0]):
            best = (sel.specificity, value)
    return None if best is None else best[1]


def is_known(text: str, *, exact: bool = False) -> bool:
    """Whether ``text`` parses (``exact``: as one rule's code, alias or name)."""
    try:
        sel = parse(text)
    except UnknownSelector:
        return False
    return sel.exact or not exact


def suggest(text: str, n: int = 3) -> list[str]:
    """The nearest known codes (or names, for something that looks like a name)."""
    codes, aliases, names = _vocabulary()
    code_list = sorted({*codes, *aliases})
    s = text.strip()
    if "-" in s or s.islower():
        return difflib.get_close_matches(s.lower(), sorted(names), n, 0.5) or \
            difflib.get_close_matches(s.upper(), code_list, n, 0.5)
    return difflib.get_close_matches(s.upper(), code_list, n, 0.5)


def unknown_message(text: str, where: str) -> str:
    near = suggest(text)
    hint = f" (did you mean {', '.join(near)}?)" if near else " (see `sqlintent rule --all`)"
    return f"unknown rule code '{text}' in {where}{hint}"
