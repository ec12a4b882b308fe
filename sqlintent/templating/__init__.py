"""Templated SQL: Jinja and dbt models rendered to SQL before checking, findings mapped back.

One entry point, :func:`prepare`, called by the engine where a file's text becomes a Document (so the
command line and the language server both template). It decides from the config and the file's place:

- ``templater = "none"``: plain SQL;
- ``templater = "jinja"``: every file through the built-in sandboxed Jinja templater (:mod:`.jinja`),
  with the dbt-style context (:mod:`.dbt_project`): the dbt project's when the file is in one, else one
  rooted at the config file's folder (``ref('x')`` renders ``x``, macros from its ``macros/``);
- ``templater = "dbt"``: dbt-core's compiler (:mod:`.dbt_core`) for models saved on disk; an unsaved
  editor buffer (text that differs from the file) is rendered by the built-in templater;
- not set: the built-in templater for the models of a dbt project (a ``dbt_project.yml`` at or above the
  file, the file under its ``model-paths``); files of its macro folders, ``target/`` and
  ``dbt_packages/`` are not queries and are skipped.

The result, :class:`Templated`, carries the rendered SQL, the source map back to the template and the
model's description from schema.yml (an intent for the model's final statement when no comment gives one).

A template is hostile input: one over ``MAX_TEMPLATE_CHARS`` characters is refused before it is read
further, and every render runs in a child process with CPU-time, memory and wall-clock limits
(:mod:`.process`); a render stopped there is the file's template error, like any other.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlintent.templating.jinja import TemplateError
from sqlintent.templating.process import stop_when
from sqlintent.templating.sourcemap import SourceMap

__all__ = ["MAX_TEMPLATE_CHARS", "Templated", "TemplateError", "prepare", "stop_when"]

SKIPPED_FOLDERS = ("target", "dbt_packages", "dbt_modules", "logs")
MAX_TEMPLATE_CHARS = 512 * 1024  # a larger templated file is refused unread (dbt models are a few KB)


@dataclass
class Templated:
    source: str
    rendered: str = ""
    source_map: SourceMap | None = None
    templater: str = "jinja"
    intent: str | None = None  # the model's description, for a final statement without an intent comment
    skip: str | None = None  # why the file is not checked at all (a macro file)
    error: TemplateError | None = None


def _project_for(path: Path | None, cache: dict):
    from sqlintent.templating.dbt_project import DbtProject, find_project

    if path is None:
        return None
    root = find_project(path)
    if root is None:
        return None
    key = ("dbt-project", str(root))
    project = cache.get(key)
    if project is None:
        project = cache[key] = DbtProject.load(root)
    return project


def _role(project, path: Path) -> str:
    """"model", "macro", "generated" or "other": what a file is in its dbt project."""
    p = path.resolve()
    for folder in project.folders(project.model_paths):
        if p.is_relative_to(folder.resolve()):
            return "model"
    for folder in project.folders(project.macro_paths):
        if p.is_relative_to(folder.resolve()):
            return "macro"
    rel = p.relative_to(project.root) if p.is_relative_to(project.root) else None
    if rel is not None and rel.parts and rel.parts[0] in SKIPPED_FOLDERS:
        return "generated"
    return "other"


def prepare(text: str, path: str | None, config, schema=None, cache: dict | None = None) -> Templated | None:
    """The file rendered for checking, or None when it is plain SQL. Never raises: a template that cannot
    be rendered comes back with ``error`` set."""
    choice = getattr(config, "templater", "") or ""
    if choice == "none":
        return None
    cache = cache if cache is not None else {}
    fs_path = Path(path) if path and "://" not in path else None
    if fs_path is not None and not fs_path.is_absolute():
        fs_path = fs_path.resolve()
    project = None
    try:
        project = _project_for(fs_path, cache) if fs_path is not None else None
    except Exception:  # noqa: BLE001 - an unreadable project is treated as none
        project = None
    role = _role(project, fs_path) if project is not None else "other"
    if not choice:
        if project is None or role == "other":
            return None
        if role != "model":
            return Templated(text, skip=f"not a query: a {role} file of the dbt project at {project.root}")
        choice = "jinja"
    elif project is not None and role in ("macro", "generated"):
        return Templated(text, skip=f"not a query: a {role} file of the dbt project at {project.root}")
    model = fs_path.stem if fs_path is not None else "model"
    out = Templated(text, templater=choice)
    if project is not None and model in project.models:
        out.intent = project.models[model].description
    if len(text) > MAX_TEMPLATE_CHARS:
        out.error = TemplateError(f"the template has {len(text)} characters, over the {MAX_TEMPLATE_CHARS} a "
                                  "templated file may have; not rendered")
        return out
    try:
        if choice == "dbt" and project is not None and fs_path is not None and _saved(fs_path, text):
            from sqlintent.templating import dbt_core, process

            profiles = config.resolve(config.dbt.profiles_dir) if config.dbt.profiles_dir else None
            out.rendered = dbt_core.compile_model(project.root, fs_path, profiles, config.dbt.target, cache)
            out.source_map = process.align(text, out.rendered, config.max_file_size)
            return out
        if choice == "dbt":  # an unsaved buffer, or a file outside a dbt project: the built-in templater
            out.templater = "jinja"
        if project is None:  # no dbt project: the same context, rooted at the config's (or the file's) folder
            from sqlintent.templating.dbt_project import DbtProject

            base = config.base_dir or (fs_path.parent if fs_path is not None else None)
            project = cache.setdefault(("jinja-project", str(base)), DbtProject(Path(base).resolve())) \
                if base is not None else None
        out.rendered, out.source_map = _render_jinja(text, project, model, schema, config.max_file_size)
    except TemplateError as exc:
        out.error = exc
        out.rendered, out.source_map = "", None
    return out


def _saved(path: Path, text: str) -> bool:
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def _render_jinja(text: str, project, model: str, schema, max_bytes: int | None):
    from sqlintent.templating import process
    from sqlintent.templating.dbt_project import relation_names

    return process.render_jinja(text, project, model, relation_names(schema) if project is not None else None,
                                max_bytes)
