"""Renderers of a run's results: text, json, sarif, github. Each is ``render(run: RunResult) -> str``.

What a renderer wrote is made inert for GitHub's runner here, once for every format
(:func:`sqlintent.escape.runner_inert`, :func:`sqlintent.escape.json_inert`): only ``--format github``'s own
annotations start a line with ``::``, and no line holds the legacy ``##[`` form."""
from __future__ import annotations

import importlib

from sqlintent.escape import json_inert, runner_inert

FORMATS = ("text", "json", "sarif", "github")


def render(fmt: str, run) -> str:
    text = importlib.import_module(f"sqlintent.output.{fmt}").render(run)
    if fmt in ("json", "sarif"):
        return json_inert(text)
    if fmt == "github":  # every line is an annotation sqlintent wrote; its data and properties are escaped
        return text.replace("##[", "##\\x5b")
    return runner_inert(text)
