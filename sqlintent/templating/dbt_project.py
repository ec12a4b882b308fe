"""A dbt project as the built-in templater sees it: dbt_project.yml, the models' schema.yml files and the
macros folder, read (never executed) from the project folder, and the dbt-style Jinja context.

- ``ref('orders')`` (or ``ref('package', 'orders')``) renders the relation dbt builds for the model: its
  ``alias`` from schema.yml or the model's own ``{{ config(alias=...) }}``, else the model's name; with a
  ``schema`` configured, ``schema.name``. When the checked database is known and has no such relation but
  has the name without the schema, the bare name is used (dbt-duckdb's default ``main`` schema).
- ``source('raw', 'orders')`` renders ``schema.identifier`` from the source's entry in a schema.yml (the
  source's ``schema`` defaults to its name), or the bare identifier when the database has it unqualified.
- ``var('x', default)`` reads ``vars`` of dbt_project.yml, else the default; ``config(...)`` records the
  model's settings and renders nothing; ``is_incremental()`` is false (the full-refresh shape is checked);
  ``this`` is the model's own relation; ``target`` has ``name``/``schema``/``type``; ``env_var(name,
  default)`` renders the default only: the checker never reads its own environment into a template.
- Macros: every ``{% macro %}`` in the project's macro folders, callable by name as in dbt.

Intents: the comment above the model's final SELECT (``-- intent: ...``, kept by rendering), else the
model's ``description`` in schema.yml.
"""
from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROJECT_FILE = "dbt_project.yml"
MAX_YAML_BYTES = 1024 * 1024
MAX_MACRO_BYTES = 512 * 1024


#: how long an answer of :func:`find_project` for a folder is reused: a check asks once a file, thousands
#: of times a second for the same few folders; an editor sees a new dbt_project.yml after this long
FOUND_FOR_S = 2.0
_found: dict[tuple[str, str], tuple[float, Path | None]] = {}


def find_project(path: Path, stop: Path | None = None) -> Path | None:
    """The folder of the nearest dbt_project.yml at or above ``path``'s folder (the same answer for the
    files of one folder for :data:`FOUND_FOR_S`; a linked file is looked up where it points)."""
    if os.path.islink(path):
        return _find_project(path, stop)
    key = (os.path.join(os.getcwd(), os.path.dirname(str(path))), str(stop))
    now = time.monotonic()
    known = _found.get(key)
    if known is not None and now - known[0] < FOUND_FOR_S:
        return known[1]
    if len(_found) > 10_000:
        _found.clear()
    found = _found[key] = (now, _find_project(path, stop))
    return found[1]


def _find_project(path: Path, stop: Path | None) -> Path | None:
    """Within the repository, below the home folder, in folders only the user or root can write
    (:func:`sqlintent.trust.walk_up`, as config files are found)."""
    from sqlintent.trust import unsafe, walk_up

    for d in walk_up(path.resolve().parent, stop):
        if (d / PROJECT_FILE).is_file() and unsafe(d / PROJECT_FILE) is None:
            return d
    return None


def _yaml(path: Path) -> Any:
    import yaml

    try:
        if path.stat().st_size > MAX_YAML_BYTES:
            return None
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None


def _inside(root: Path, path: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except (ValueError, OSError):
        return False


@dataclass
class ModelInfo:
    name: str
    description: str | None = None
    alias: str | None = None
    schema: str | None = None


@dataclass
class DbtProject:
    root: Path
    name: str = "project"
    vars: dict = field(default_factory=dict)
    model_paths: list[str] = field(default_factory=lambda: ["models"])
    macro_paths: list[str] = field(default_factory=lambda: ["macros"])
    models: dict[str, ModelInfo] = field(default_factory=dict)
    sources: dict[tuple[str, str], str] = field(default_factory=dict)  # (source, table) -> relation
    loaded: bool = False  # read from its dbt_project.yml (not a bare folder for templater = "jinja")
    # tells the render process's copy of this project apart from an older one of the same folder
    serial: int = field(default_factory=itertools.count().__next__)

    @classmethod
    def load(cls, root: Path) -> "DbtProject":
        data = _yaml(root / PROJECT_FILE) or {}
        if not isinstance(data, dict):
            data = {}
        project = cls(root.resolve(), str(data.get("name") or "project"), loaded=True)
        if isinstance(data.get("vars"), dict):
            project.vars = {k: v for k, v in data["vars"].items() if not isinstance(v, dict)}
            project.vars.update(data["vars"].get(project.name) or {} if isinstance(
                data["vars"].get(project.name), dict) else {})
        for key, attr in (("model-paths", "model_paths"), ("macro-paths", "macro_paths")):
            value = data.get(key)
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                setattr(project, attr, value)
        for folder in project.folders(project.model_paths):
            for yml in sorted(folder.rglob("*.yml"))[:500]:
                if _inside(project.root, yml):
                    project._read_properties(_yaml(yml))
        return project

    def folders(self, names: list[str]) -> list[Path]:
        """The project's folders named in ``names`` that exist inside the project (no escaping links)."""
        out = []
        for name in names:
            p = self.root / name
            if p.is_dir() and _inside(self.root, p):
                out.append(p)
        return out

    def _read_properties(self, data: Any) -> None:
        if not isinstance(data, dict):
            return
        for m in data.get("models") or []:
            if not isinstance(m, dict) or not isinstance(m.get("name"), str):
                continue
            config = m.get("config") if isinstance(m.get("config"), dict) else {}
            self.models[m["name"]] = ModelInfo(
                m["name"], m.get("description") if isinstance(m.get("description"), str) else None,
                _str(config.get("alias") or m.get("alias")), _str(config.get("schema") or m.get("schema")))
        for s in data.get("sources") or []:
            if not isinstance(s, dict) or not isinstance(s.get("name"), str):
                continue
            schema = _str(s.get("schema")) or s["name"]
            for t in s.get("tables") or []:
                if isinstance(t, dict) and isinstance(t.get("name"), str):
                    ident = _str(t.get("identifier")) or t["name"]
                    self.sources[(s["name"], t["name"])] = f"{schema}.{ident}"

    def macro_files(self) -> list[Path]:
        out = []
        for folder in self.folders(self.macro_paths):
            for f in sorted(folder.rglob("*.sql"))[:1000]:
                try:
                    if _inside(self.root, f) and f.stat().st_size <= MAX_MACRO_BYTES:
                        out.append(f)
                except OSError:
                    continue
        return out


def _str(v: Any) -> str | None:
    return v if isinstance(v, str) and v else None


class _Target(dict):
    def __getattr__(self, name):
        return self.get(name)


def context(project: DbtProject, model: str,
            tables: set[str] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the Jinja context for a model, the config it records while rendering); ``tables``: the
    database's relation names (:func:`relation_names`), when known."""
    from sqlintent.templating.jinja import TemplateError

    recorded: dict[str, Any] = {}

    def relation(name: str, schema_name: str | None) -> str:
        qualified = f"{schema_name}.{name}" if schema_name else name
        if tables is not None and qualified.lower() not in tables and name.lower() in tables:
            return name
        return qualified

    def ref(*args, **kwargs):
        if not args or len(args) > 2 or not all(isinstance(a, str) for a in args):
            raise TemplateError("ref() takes a model name (and optionally a package first)")
        name = args[-1]
        info = project.models.get(name)
        if name == model and recorded.get("alias"):
            return relation(recorded["alias"], recorded.get("schema"))
        if info is None:
            return relation(name, None)
        return relation(info.alias or name, info.schema)

    def source(source_name, table_name):
        rel = project.sources.get((source_name, table_name))
        if rel is None:
            return relation(table_name, source_name)
        schema_name, _, ident = rel.partition(".")
        return relation(ident, schema_name)

    def var(name, default=None):
        if name in project.vars:
            return project.vars[name]
        if default is None:
            raise TemplateError(f"required var '{name}' not found in dbt_project.yml vars and no default")
        return default

    def config(*args, **kwargs):
        recorded.update({k: v for k, v in kwargs.items() if isinstance(v, (str, int, float, bool))})
        return ""

    def env_var(name, default=""):
        return default

    info = project.models.get(model)
    this_name = relation((info.alias if info and info.alias else model), info.schema if info else None)
    ctx = {
        "ref": ref, "source": source, "var": var, "config": config, "env_var": env_var,
        "is_incremental": lambda: False, "this": this_name,
        "target": _Target(name="dev", schema="main", type="duckdb", database="main"),
        "log": lambda *a, **k: "", "model": _Target(name=model),
    }
    return ctx, recorded


def relation_names(schema) -> set[str] | None:
    """The lower-cased names of the schema's relations, bare and qualified (None without a schema)."""
    if schema is None:
        return None
    try:
        names = set()
        for key, table in schema.tables.items():
            names.add(str(key).lower())
            names.add(str(getattr(table, "name", key)).lower())
        return names
    except Exception:  # noqa: BLE001
        return None


def macro_globals(project: DbtProject, env) -> dict[str, Any]:
    """The macros defined in the project's macro files (rendered in ``env``, the same sandbox)."""
    from jinja2.runtime import Macro

    out: dict[str, Any] = {}
    for f in project.macro_files():
        try:
            text = f.read_text(encoding="utf-8")
            module = env.from_string(text).make_module(dict(env.globals))
        except Exception:  # noqa: BLE001 - a broken macro file: its macros are missing, the render says so
            continue
        for name in dir(module):
            value = getattr(module, name, None)
            if isinstance(value, Macro):
                out[name] = value
    return out
