"""Renderers of a run's results: text, json, sarif, github. Each is ``render(run: RunResult) -> str``."""
from __future__ import annotations

import importlib

FORMATS = ("text", "json", "sarif", "github")


def render(fmt: str, run) -> str:
    return importlib.import_module(f"sqlintent.output.{fmt}").render(run)
