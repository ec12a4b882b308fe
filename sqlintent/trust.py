"""Trust: which configuration sqlintent takes from the checkout (docs/security.md, "Trust: who may say what").

Trusted are the operator's words: flags, the environment, a config file named with ``--config``, editor
settings. Config files found by walking up from a checked file are files of the checkout, as hostile as
its SQL: :func:`refusals` names what such a file may not set (settings that run code, choose where to
connect or what to read). :func:`walk_up` bounds that walk to the repository and to folders only the user
(or root) can write, as git's ``safe.directory`` does. :func:`url_problem` checks a PostgreSQL URL written
in a config file.

This module imports nothing of sqlintent's but :func:`sqlintent.files.resolved` (and psycopg's URL parser):
the configuration, the resolver, the language server and the PostgreSQL driver all use it.
"""
from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

import tomllib

HOW_TO_TRUST = ("to trust it, pass the file with --config (or every config file of the checkout with "
                "--trust-config; in the editor, set sqlintent.trustWorkspace = true in your user settings)")

# parameters a PostgreSQL URL written in a config file may carry; every other one (hostaddr, service,
# passfile, sslkey, sslcert, sslrootcert, options, ...) moves the connection or reads the operator's files
URL_PARAMETERS = frozenset({
    "host", "port", "dbname", "user", "password", "sslmode", "sslnegotiation", "require_auth",
    "channel_binding", "gssencmode", "connect_timeout", "application_name", "target_session_attrs",
    "client_encoding", "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
})


def _home() -> Path | None:
    try:
        return Path.home().resolve()
    except (RuntimeError, OSError, KeyError):
        return None


def unsafe(path: Path) -> str | None:
    """Why ``path`` (a folder, or a file; links followed) must not be read as configuration, or None: owned
    by another user than the current one or root, or writable by every user."""
    if not hasattr(os, "geteuid"):  # Windows: no owners to compare
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    if st.st_uid not in (os.geteuid(), 0):
        return f"owned by another user (uid {st.st_uid})"
    if st.st_mode & stat.S_IWOTH:
        return "writable by every user"
    return None


def walk_up(start: Path, stop: Path | None = None) -> Iterator[Path]:
    """``start`` (a resolved folder) and the folders above it where configuration may be looked for: up to
    the repository's top (a folder holding ``.git``) or ``stop``, never the home folder or above it (unless
    the walk starts there), and no further than a folder another user owns or every user may write to."""
    home = _home()
    for d in (start, *start.parents):
        if home is not None and d == home and d != start:
            return
        if unsafe(d):
            return
        yield d
        if d == stop or d == home or (d / ".git").exists():
            return


def unsafe_stop(start: Path, stop: Path | None = None) -> Path | None:
    """The folder at which :func:`walk_up` stopped because it is unsafe (not home, not the top), or None."""
    last = None
    for last in walk_up(start, stop):
        pass
    if last is None:
        return start if unsafe(start) else None
    if last == stop or last == _home() or (last / ".git").exists() or last.parent == last:
        return None
    return last.parent if unsafe(last.parent) else None


def git_top(start: Path) -> Path | None:
    """The top of the git work tree holding ``start`` (within :func:`walk_up`'s bounds), or None."""
    last = None
    for last in walk_up(start):
        pass
    return last if last is not None and (last / ".git").exists() else None


def _is_config(path: Path) -> bool:
    """``path`` is a sqlintent.toml, or a pyproject.toml with a [tool.sqlintent] table."""
    if path.name == "sqlintent.toml":
        return path.is_file()
    if not path.is_file():
        return False
    try:
        text = path.read_text(encoding="utf-8")
        tool = tomllib.loads(text).get("tool", {})
    except (OSError, UnicodeDecodeError):
        return False
    except tomllib.TOMLDecodeError:
        # broken: it is the config if it has a [tool.sqlintent] table (loading it reports the error)
        return bool(re.search(r"^\s*\[\s*tool\s*\.\s*sqlintent\s*[\].]", text, re.MULTILINE))
    return isinstance(tool, dict) and "sqlintent" in tool


def find_config(start: Path, stop: Path | None = None) -> tuple[Path | None, list[str]]:
    """(the nearest config file from ``start`` upward, or None; warnings about files not read).

    The walk (:func:`walk_up`) stops at the repository's top (a folder holding ``.git``) or ``stop``, below
    the home folder, and at a folder another user owns or every user may write to; a candidate file owned
    by another user, writable by every user or linking out of the repository is not even opened.
    """
    from sqlintent.files import resolved

    start = resolved(start)
    folder = start if start.is_dir() else start.parent
    notes: list[str] = []
    for d in walk_up(folder, stop):
        for name in ("sqlintent.toml", "pyproject.toml"):
            candidate = d / name
            if not candidate.is_file():
                continue
            why = unsafe(candidate)
            if why is None and candidate.is_symlink():
                top = git_top(folder) or stop or d
                if not inside(top, candidate):
                    why = f"a link to a file outside the repository ({top})"
            if why is not None:
                notes.append(f"{candidate}: not read: {why}; pass it with --config to use it")
            elif _is_config(candidate):
                return candidate, notes
    stopped = unsafe_stop(folder, stop)
    if stopped is not None:
        for name in ("sqlintent.toml", "pyproject.toml"):
            if (stopped / name).is_file():
                notes.append(f"{stopped / name}: not read: its folder is {unsafe(stopped)}; pass it "
                             "with --config to use it")
    return None, notes


def repository_root(folder: Path, given: Path | None = None) -> Path:
    """The repository a config file of ``folder`` belongs to: the git work tree's top, else ``given`` (the
    folder named on the command line, the editor's workspace), else ``folder`` itself."""
    return git_top(folder) or given or folder


def inside(root: Path, path: Path) -> bool:
    """``path`` (links resolved) is ``root`` or below it."""
    try:
        Path(path).resolve().relative_to(Path(root).resolve())
        return True
    except (ValueError, OSError, RuntimeError):
        return False


def url_problem(url: str) -> str | None:
    """Why a PostgreSQL URL written in a config file is refused (a parameter off :data:`URL_PARAMETERS`),
    or None. The message never holds the URL (it may hold a password)."""
    try:
        from psycopg.conninfo import conninfo_to_dict

        info = conninfo_to_dict(url)
    except ImportError:  # no driver: the database fails to open later, with its own message
        return None
    except Exception:  # noqa: BLE001 - a malformed URL: the driver says so when it opens
        return None
    bad = sorted(k for k in info if k not in URL_PARAMETERS)
    if not bad:
        return None
    names = ", ".join(f"'{k}'" for k in bad)
    return (f"the PostgreSQL URL in 'database' carries {names}, not accepted in a URL written in a config "
            "file (it moves the connection or reads the operator's files); put the URL in an environment "
            "variable and set database = \"env:NAME\", or pass --db")


def refusals(config, root: Path) -> tuple[list[str], list[str]]:
    """What an untrusted config (one found in the checkout) sets that only a trusted source may: returns
    (the keys refused, a message for each). ``root`` is the repository the config belongs to."""
    keys, messages = [], []

    def refuse(key: str, what: str, why: str) -> None:
        keys.append(key)
        messages.append(f"{what} is refused in a config file found in the checkout ({why}); {HOW_TO_TRUST}")

    if config.templater == "dbt":
        refuse("templater", "'templater = \"dbt\"'", "dbt-core would run the project's macros, packages "
               "and profile plugins")
    for key in ("profiles_dir", "target"):
        if getattr(config.dbt, key) is not None:
            refuse(f"dbt.{key}", f"'dbt.{key}'", "it chooses the dbt profile and credentials")
    db = config.database
    if db and not db.startswith("env:"):
        kind, target = _classify(db)
        if kind == "postgres":
            refuse("database", "'database' with a PostgreSQL URL", "it chooses a host to connect to and "
                   "send credentials to; use database = \"env:NAME\" or --db")
        elif kind == "bad":
            pass  # an unsupported URL: opening it fails with its own message
        elif target != ":memory:" and not inside(root, _under(config.base_dir, target)):
            refuse("database", f"'database' outside the repository ({root})", "it reads a file the "
                   "operator did not name")
    outside = [s for s in config.schema_files if not inside(root, _under(config.base_dir, s))]
    if outside:
        refuse("schema_files", f"'schema_files' outside the repository ({root})", "it reads a file the "
               "operator did not name")
    if config.model.path is not None:
        refuse("model.path", "'model.path'", "it loads model files")
    if config.verdict.path is not None:
        refuse("verdict.path", "'verdict.path'", "it loads a verdict file")
    if config.probes.allow_superuser:
        refuse("probes.allow_superuser", "'probes.allow_superuser = true'", "it lifts a safety limit")
    return keys, messages


# resource limits: a config file found in the checkout may lower them, never raise them above the
# operator's (the defaults: `--config` replaces discovery, and flags and editor settings apply after it)
# (probes.max_findings_per_column too: raising it lets findings spell out more of a column's values)
LIMITS = ("probes.timeout_ms", "probes.file_timeout_ms", "probes.max_rows", "max_file_size",
          "probes.max_findings_per_column")


def clamp_limits(config, path: Path) -> list[str]:
    """Put every :data:`LIMITS` setting above its default back to the default; a message for each."""
    defaults, messages = type(config)(), []
    for key in LIMITS:
        value, ceiling = _get(config, key), _get(defaults, key)
        if isinstance(value, (int, float)) and value > ceiling:
            _set(config, key, ceiling)
            messages.append(f"{path}: '{key} = {value}' is above the operator's limit ({ceiling}): a config file "
                            f"found in the checkout may lower a resource limit, not raise it; {ceiling} is used "
                            f"({HOW_TO_TRUST})")
    return messages


def apply_trust(config, path: Path, root: Path | None) -> list[str]:
    """After loading ``path``: with ``root`` (found in the checkout), reset what :func:`refusals` names and list
    it in ``config.refused``, and clamp the resource limits (:func:`clamp_limits`; its messages are returned);
    without (a trusted file), refuse a PostgreSQL URL :func:`url_problem` refuses."""
    if root is not None:
        keys, messages = refusals(config, root)
        for key in keys:
            _reset(config, key)
        config.refused = [(k, f"{path}: {m}") for k, m in zip(keys, messages)]
        if config.database and not config.database.startswith("env:"):
            config.database_origin = "untrusted"
        return clamp_limits(config, path)
    elif config.database_origin == "config" and config.database and _classify(config.database)[0] == "postgres":
        why = url_problem(config.database)
        if why:
            config.database = None
            config.refused = [("database", f"{path}: {why}")]
    return []


def _get(config, key: str):
    for part in key.split("."):
        config = getattr(config, part)
    return config


def _set(config, key: str, value) -> None:
    *parents, name = key.split(".")
    for p in parents:
        config = getattr(config, p)
    setattr(config, name, value)


def _reset(config, key: str) -> None:
    """Put the (dotted) setting ``key`` back to its default."""
    import copy

    *parents, name = key.split(".")
    target, default = config, type(config)()
    for p in parents:
        target, default = getattr(target, p), getattr(default, p)
    setattr(target, name, copy.deepcopy(getattr(default, name)))


def _classify(db: str) -> tuple[str, str]:
    """(kind, target) as :func:`sqlintent.db.url.classify` reads it (the one reading of a location, so the
    path judged here is the path opened); ("bad", db) for a location it refuses."""
    from sqlintent.location import classify

    try:
        kind, target = classify(db)
    except ValueError:
        return "bad", db
    return kind, target


def _under(base: Path | None, path: str) -> Path:
    p = Path(path).expanduser()
    return p if p.is_absolute() or base is None else base / p
