"""Config files: finding the nearest one (within the trust model's bounds), reading it with the files it
``extend``s, and the chain of files a folder's config depends on.

A config file found by walking up is a file of the checkout and is not trusted: ``load_config(path, root)``
refuses what only a trusted source may set (:mod:`sqlintent.trust`), and the walk stays inside the
repository and out of folders other users can write (docs/security.md). The settings model and its
validation are :mod:`sqlintent.config`.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from sqlintent.config import Config, _apply, _no_dot

def find_config_file(start: Path, stop: Path | None = None) -> Path | None:
    """The nearest sqlintent.toml, or pyproject.toml with a [tool.sqlintent] table, from ``start`` upward
    (within the bounds of :func:`sqlintent.trust.find_config`)."""
    from sqlintent.trust import find_config

    return find_config(start, stop)[0]


def load_config(path: Path | None, root: Path | None = None) -> tuple[Config, list[str]]:
    """Read a config file (or defaults when ``path`` is None), following ``extend``. Returns (config, problems).

    An extended file is read first; this file's settings then replace its keys. Relative paths of each
    file (database, schema files, model path, exclude and per-file-ignores patterns) resolve against the
    folder of the file that names them.

    ``root``: the file was found in the checkout of the repository at ``root`` and is not trusted: an
    ``extend`` out of ``root`` is not followed (an error), and what only a trusted source may set is reset
    to its default and listed in ``config.refused`` (:func:`sqlintent.trust.refusals`). Without ``root``
    the file is trusted (named with ``--config``).
    """
    if path is None:
        return Config(), []
    config, problems = _load(Path(path), [], root)
    from sqlintent.trust import apply_trust

    return config, problems + apply_trust(config, Path(path), root)


def _read_table(path: Path) -> tuple[dict | None, str | None]:
    """The file's settings table, or None and why the file cannot be read."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"{path}: cannot read config: {exc}"
    except tomllib.TOMLDecodeError as exc:
        return None, f"{path}: invalid TOML: {exc}"
    table: Any = data
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        if not isinstance(tool, dict):
            return None, f"{path}: invalid value for 'tool': expected a table, got {tool!r}"
        table = tool.get("sqlintent", {})
        if not isinstance(table, dict):
            return None, f"{path}: invalid value for 'tool.sqlintent': expected a table, got {table!r}"
    return table, None


def _load(path: Path, seen: list[Path], root: Path | None = None) -> tuple[Config, list[str]]:
    from sqlintent.files import resolved as resolve_path

    resolved = resolve_path(path)
    table, unreadable = _read_table(path)
    broken = None  # an 'extend' that cannot be followed
    config, problems = Config(), []
    table = dict(table) if table else table
    parent = table.pop("extend", None) if table else None  # a key of config files only, not a setting
    if parent is not None and not isinstance(parent, str):
        problems.append(f"{path}: invalid value for 'extend': expected a path to a config file; ignored")
    elif parent:
        target = Path(parent).expanduser()
        target = resolve_path(target if target.is_absolute() else resolved.parent / target)
        from sqlintent import trust

        if root is not None and not trust.inside(root, target):
            broken = (f"{path}: 'extend' names a file outside the repository ({root}), which a config file "
                      f"found in the checkout may not read; {trust.HOW_TO_TRUST}")
        elif target in seen or target == resolved:
            broken = f"{path}: 'extend' forms a cycle through {target}"
        elif not target.is_file():
            broken = f"{path}: 'extend' names {target}, which does not exist"
        else:
            config, problems = _load(target, [*seen, resolved], root)
            _absolutise(config)
    config.base_dir = resolved.parent
    config.chain = [str(path)] + config.chain
    config.source = str(path)
    # config.unreadable: the errors of `check`; problems: what the language server shows, then goes on with
    if unreadable:
        config.unreadable = config.unreadable + [unreadable]
        return config, problems + [f"{unreadable}; using defaults"]
    if broken:
        config.unreadable = config.unreadable + [broken]
        problems.append(f"{broken}; not followed")
    problems += [f"{path}: {p}" for p in _apply(config, table, "")]
    if isinstance(table, dict) and "database" in table and isinstance(config.database, str) \
            and not config.database.startswith("env:"):
        config.database_origin = "config"
    return config, problems


def _absolutise(config: Config) -> None:
    """Make an extended file's relative paths absolute, so they keep pointing where its author meant."""
    base = config.base_dir
    if base is None:
        return
    if config.database and not config.database.startswith("env:"):
        from sqlintent.location import classify

        try:
            kind, target = classify(config.database)
        except ValueError:
            kind, target = "postgres", ""
        if kind != "postgres" and not Path(target).expanduser().is_absolute():
            absolute = str(base / Path(target).expanduser())
            config.database = absolute if target == config.database else f"{kind}://{absolute}"
    config.schema_files = [config.resolve(s) or s for s in config.schema_files]
    if config.model.path:
        config.model.path = config.resolve(config.model.path)
    config.exclude = [p if p.startswith("/") else f"{base.as_posix()}/{_no_dot(p)}" for p in config.exclude]
    config.per_file_ignores = {(p if p.startswith("/") else f"{base.as_posix()}/{_no_dot(p)}"): c
                               for p, c in config.per_file_ignores.items()}


def config_chain(path: Path | None, stop: Path | None = None) -> list[Path]:
    """The config file for ``path`` (found upward) and the files it extends: what its settings depend on."""
    found = find_config_file(path, stop) if path is not None else None
    if found is None:
        return []
    from sqlintent.trust import repository_root

    return [Path(p) for p in load_config(found, repository_root(found.parent, stop))[0].chain]


def discover_config(start: Path, stop: Path | None = None, trusted: bool = False) -> tuple[Config, list[str]]:
    """The config found upward from ``start`` (not above ``stop``), untrusted unless ``trusted``; the problems
    include the files the walk did not read."""
    from sqlintent.trust import find_config, repository_root

    found, notes = find_config(start, stop)
    if found is None:
        return Config(), notes
    config, problems = load_config(found, None if trusted else repository_root(found.parent, stop))
    return config, notes + problems
