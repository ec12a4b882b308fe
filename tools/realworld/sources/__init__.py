"""The sources: one module each, defining ``SOURCE`` (a realworld.source.Source)."""
from __future__ import annotations

import importlib
import pkgutil


def all_sources() -> dict:
    out = {}
    for mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        if mod.startswith("_"):
            continue
        src = importlib.import_module(f"{__name__}.{mod}").SOURCE
        out[src.key] = src
    return out
