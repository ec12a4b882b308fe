"""``sqlintent check --show-settings PATH``: the settings that apply to a file and where they came from.

Secrets never reach the output: it passes through ``sqlintent.redact.redact``, as every message does (a
password in a URL or a connection string becomes ``***``). The file and folder names in its comments are
escaped (``sqlintent.escape``); the values are written as JSON strings, which escape control characters.
"""
from __future__ import annotations

import json
import sys


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value))


def _line(key: str, value) -> str:
    return f"# {key}: not set" if value is None else f"{key} = {_toml_value(value)}"


def render_settings(config) -> str:
    """The resolved settings as TOML (the config file's own shape), secrets redacted."""
    from sqlintent.redact import redact

    data = config.to_dict()
    top = [(k, v) for k, v in data.items() if not isinstance(v, dict)]
    tables = [(k, v) for k, v in data.items() if isinstance(v, dict)]
    lines = [_line(k, v) for k, v in top]
    for name, table in tables:
        lines.append("")
        lines.append(f"[{name.replace('_', '-') if name == 'per_file_ignores' else name}]")
        lines.extend(_line(k if k.replace("_", "").isalnum() else json.dumps(k), v) for k, v in table.items())
    return redact("\n".join(lines) + "\n")  # the database URL, and any other secret sqlintent knows


def show_settings(resolver, paths: list[str], stdin_name: str | None = None, out=None) -> int:
    from sqlintent.escape import json_inert, note, safe_text

    out = out or sys.stdout
    for i, path in enumerate(paths):
        target = (stdin_name or "-") if path == "-" else path
        config = resolver.config_for(target)
        if i:
            out.write("\n")
        out.write(f"# Settings for {safe_text(target)}\n")
        if config.chain:
            out.write(f"# from {safe_text(config.chain[0])}\n")
            for parent in config.chain[1:]:
                out.write(f"# extending {safe_text(parent)}\n")
        else:
            out.write("# from the built-in defaults (no sqlintent.toml or [tool.sqlintent] found)\n")
        if config.base_dir is not None:
            out.write(f"# relative paths resolve against {safe_text(config.base_dir)}\n")
        out.write(json_inert(render_settings(config)))  # values are JSON strings: "##[" as "##\u005b"
    for p in resolver.problems:
        note(f"sqlintent: warning: config: {p}")
    for p in resolver.errors:
        note(f"sqlintent: error: config: {p}")
    return 2 if resolver.errors else 0
