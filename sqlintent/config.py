"""Configuration: ``[tool.sqlintent]`` in pyproject.toml or a ``sqlintent.toml``, found by walking up from
the checked file; command-line flags and editor settings override it.

Finding and reading the files is :mod:`sqlintent.config_files` (``load_config``, ``discover_config``,
``config_chain``): a config file found by walking up is not trusted there (docs/security.md).

Invalid settings never stop a run: each one yields a message naming the key, and its default is used.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from sqlintent.findings import Severity

DIALECTS = ("sqlite", "duckdb", "postgres", "mysql", "bigquery", "snowflake", "tsql", "spark", "trino")


@dataclass
class IntentSettings:
    required: bool = True  # report statements without an intent (a hint; off in CI output by default)
    comment_block: bool = False  # use the comment block directly above a statement as its intent


@dataclass
class ProbeSettings:
    enabled: bool = True  # run read-only probe queries against the database
    timeout_ms: int = 2000
    file_timeout_ms: int = 30_000  # a file's probes together: a file of many slow statements cannot hold CI
    max_rows: int = 1000
    # with stored values hidden: findings that depend on one column's data, per run (docs/security.md)
    max_findings_per_column: int = 50
    allow_superuser: bool = False  # probe even as a PostgreSQL superuser (not recommended)


@dataclass
class ModelSettings:
    enabled: bool = True
    path: str | None = None  # a directory holding model.onnx (+ tokenizer); None: the bundled model
    threshold: float = 0.5  # report a query whose score is below this
    provider: str = "auto"  # auto, cpu, cuda


@dataclass
class VerdictSettings:
    path: str | None = None  # a verdict.json (see sqlintent/verdict/); None: the bundled one
    threshold: float = 0.5  # report SIV001 when the verdict's probability of being right is below this
    # below this SIV001 has its severity; between it and `threshold` it is a hint (JSON, hover). No threshold
    # reaches 60% precision on the real-world corpora yet (docs/verdict.md, issue 39): 0, never shown by default
    show_below: float = 0.0


@dataclass
class DbtSettings:
    """The ``dbt`` templater (dbt-core's compiler); paths relative to the config file's folder."""

    profiles_dir: str | None = None  # where profiles.yml is; None: the project folder, then ~/.dbt
    target: str | None = None  # the profile's target; None: its default


TEMPLATERS = ("", "none", "jinja", "dbt")


@dataclass
class Thresholds:
    max_subqueries: int = 3
    value_ambiguity_margin: float = 0.1


@dataclass
class Config:
    database: str | None = None
    schema_files: list[str] = field(default_factory=list)
    dialect: str = "sqlite"
    select: list[str] = field(default_factory=list)  # codes or prefixes; empty: rules enabled by default
    ignore: list[str] = field(default_factory=list)
    severity: dict[str, str] = field(default_factory=dict)  # code -> error|warning|info|hint
    intent: IntentSettings = field(default_factory=IntentSettings)
    probes: ProbeSettings = field(default_factory=ProbeSettings)
    model: ModelSettings = field(default_factory=ModelSettings)
    verdict: VerdictSettings = field(default_factory=VerdictSettings)
    # "jinja": the built-in sandboxed Jinja templater (dbt-style context); "dbt": dbt-core's compiler;
    # "none": plain SQL; "" (default): jinja for the models of a dbt project (dbt_project.yml above the file)
    templater: str = ""
    dbt: DbtSettings = field(default_factory=DbtSettings)
    thresholds: Thresholds = field(default_factory=Thresholds)
    max_file_size: int = 2 * 1024 * 1024  # bytes; larger files are skipped with a message
    allow_unchecked: bool = False  # what the run could not check (SIU001) is an info instead of a warning
    exclude: list[str] = field(default_factory=list)  # glob patterns (relative to the config's folder)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)  # glob -> codes not reported there
    base_dir: Path | None = None  # the folder relative paths in the config resolve against
    source: str | None = None  # the file the settings came from
    chain: list[str] = field(default_factory=list)  # that file, then the files it extends (nearest first)
    # a config file of the chain that could not be read (bad TOML, a broken 'extend'): `check` stops (exit 2)
    # instead of running with defaults that may let CI pass; the language server shows it and goes on
    unreadable: list[str] = field(default_factory=list)
    # whether a config file or an override set 'dialect'; if none did, the database's kind decides it
    dialect_set: bool = False
    # settings an untrusted (discovered) file may not set, as (key, message): reset to their defaults; `check`
    # stops (exit 2) unless a flag sets the same key, the language server shows them as errors
    refused: list[tuple[str, str]] = field(default_factory=list)
    # where `database` came from: "user" (flags, environment, editor, the API), "config" (written in a
    # trusted config file: restricted URL parameters), "untrusted" (no ambient credentials: sqlintent.db)
    database_origin: str = "user"

    def with_overrides(self, overrides: dict[str, Any], label=None) -> tuple["Config", list[str]]:
        """A copy with ``overrides`` (same shape as the TOML table) applied; returns (config, problems).
        ``label(key)``: how a problem names a dotted key (a flag, an editor setting; default: the key)."""
        new = copy.deepcopy(self)
        problems = _apply(new, overrides, "", label)
        if isinstance(overrides, dict) and "database" in overrides:
            new.database_origin = "user"
        new.refused = [(k, m) for k, m in new.refused if not _sets(overrides, k)]
        return new, problems

    def resolve(self, path: str | None) -> str | None:
        if path is None or "://" in path or self.base_dir is None:
            return path
        p = Path(path).expanduser()
        return str(p if p.is_absolute() else self.base_dir / p)

    def is_excluded(self, path: str | Path) -> bool:
        """True when ``path`` matches an ``exclude`` pattern (relative to the config's folder)."""
        return bool(self.exclude) and _matches_any(path, self.exclude, self.base_dir)

    def ignored_codes(self, path: str | Path | None) -> list[str]:
        """The rule selectors ``per-file-ignores`` names for ``path``, as written (the engine parses them)."""
        if not self.per_file_ignores or path is None:
            return []
        return [c for pat, codes in self.per_file_ignores.items()
                if _matches_any(path, [pat], self.base_dir) for c in codes]

    def to_dict(self) -> dict:
        def conv(obj):
            if hasattr(obj, "__dataclass_fields__"):
                return {f.name: conv(getattr(obj, f.name)) for f in fields(obj)
                        if f.name not in _INTERNAL}
            if isinstance(obj, list):
                return list(obj)
            if isinstance(obj, dict):
                return dict(obj)
            return obj
        return conv(self)


_INTERNAL = ("base_dir", "source", "chain", "unreadable", "dialect_set", "refused", "database_origin")


def _sets(table: Any, key: str) -> bool:
    """``table`` (a settings table) sets the dotted ``key``."""
    for part in key.split("."):
        if not isinstance(table, dict):
            return False
        table = next((v for k, v in table.items() if str(k).replace("-", "_") == part), _MISSING)
        if table is _MISSING:
            return False
    return True


_MISSING = object()


def _no_dot(pattern: str) -> str:
    """``./q.sql`` is ``q.sql``: a pattern relative to the config's folder."""
    while pattern.startswith("./"):
        pattern = pattern[2:]
    return pattern


def _matches_any(path: str | Path, patterns: list[str], base_dir: Path | None) -> bool:
    """Glob patterns relative to ``base_dir`` (or absolute, from an extended config) against ``path``."""
    import fnmatch

    from sqlintent.files import resolved

    p = resolved(path)
    rel = p.as_posix()
    if base_dir is not None:
        try:
            rel = p.relative_to(base_dir).as_posix()
        except ValueError:
            pass
    for pat in patterns:
        pat = _no_dot(pat)
        target = p.as_posix() if pat.startswith("/") else rel
        if fnmatch.fnmatch(target, pat) or fnmatch.fnmatch(p.name, pat) or \
                (pat.endswith("/**") and (target + "/").startswith(pat[:-2])):
            return True
    return False


def _type_ok(value: Any, default: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(default, list):
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if isinstance(default, dict):
        return isinstance(value, dict)
    return isinstance(value, str) or value is None


# numeric settings: (lowest, highest). Out of range is refused (the default is used), except that a count
# or size above its highest is clamped to it. README's configuration block documents the same ranges.
RANGES: dict[str, tuple[float, float]] = {
    "max_file_size": (1, 256 * 1024 * 1024),
    "timeout_ms": (1, 600_000),
    "file_timeout_ms": (1, 3_600_000),
    "max_rows": (1, 1_000_000),
    "max_findings_per_column": (1, 1_000_000),
    "threshold": (0.0, 1.0),
    "show_below": (0.0, 1.0),
    "max_subqueries": (1, 1000),
    "value_ambiguity_margin": (0.0, 1.0),
}


def _in_range(key: str, name: str, value: Any, problems: list[str]) -> Any:
    """``value`` within RANGES[key] (clamped above); None, with a message, when it must be refused."""
    lo, hi = RANGES[key]
    if value != value:  # NaN (TOML allows nan)
        problems.append(f"invalid value for '{name}': {value!r} is not a number; using the default")
        return None
    if value < lo:
        problems.append(f"invalid value for '{name}': {value!r} is below the minimum {lo}; using the default")
        return None
    if value > hi and isinstance(hi, float):  # a proportion: past its end it means nothing
        problems.append(f"invalid value for '{name}': {value!r} is above the maximum {hi}; using the default")
        return None
    if value > hi:  # a count or a size: the most there is
        problems.append(f"invalid value for '{name}': {value!r} is above the maximum {hi}; using {hi}")
        return hi
    return value


_TYPE_NAME = {bool: "true or false", int: "an integer", float: "a number", list: "a list of strings",
              dict: "a table", str: "a string"}


def _apply(target: Any, values: dict[str, Any], prefix: str, label=None) -> list[str]:
    problems = []
    label = label or (lambda key: key)
    if not isinstance(values, dict):
        where = label(prefix.rstrip(".")) if prefix else "settings"
        return [f"invalid value for '{where}': expected a table, got {values!r}; using the defaults"]
    known = {f.name: f for f in fields(target) if f.name not in _INTERNAL}
    for raw_key, value in values.items():
        key = raw_key.replace("-", "_")
        name = f"{prefix}{raw_key}"
        shown = label(name)  # what a problem calls it
        if key not in known:
            problems.append(f"unknown setting '{shown}' (ignored)")
            continue
        current = getattr(target, key)
        if hasattr(current, "__dataclass_fields__"):
            problems.extend(_apply(current, value, name + ".", label))
            continue
        default = current if current is not None else ""
        if key == "max_file_size" and isinstance(value, str):
            from sqlintent.files import parse_size

            try:
                value = parse_size(value)
            except ValueError:
                problems.append(f"invalid value for '{shown}': {value!r} is not a size like '2MB'; "
                                "using the default")
                continue
        if key == "schema_files" and isinstance(value, str):
            value = [value]
        if value is not None and not _type_ok(value, default):
            kind = next((v for t, v in _TYPE_NAME.items() if isinstance(default, t)), "a string")
            problems.append(f"invalid value for '{shown}': expected {kind}, got {value!r}; using the default")
            continue
        if key == "dialect" and value not in DIALECTS:
            problems.append(f"invalid value for '{shown}': {value!r} is not one of {', '.join(DIALECTS)}; "
                            "using the default")
            continue
        if key == "severity":
            bad = {k: v for k, v in value.items() if not _severity_ok(v)}
            for k, v in bad.items():
                problems.append(f"invalid value for '{shown}.{k}': {v!r} is not one of error, warning, info, "
                                "hint; ignored")
            # rule selectors stay as written (sqlintent.analyzers.selectors reads every form, any case)
            value = {k.strip(): str(v).lower() for k, v in value.items() if k not in bad}
        if key in ("select", "ignore"):
            value = [v.strip() for v in value]
        if key == "per_file_ignores":
            bad = [k for k, v in value.items() if isinstance(v, str) or not _type_ok(v, [])]
            for k in bad:
                problems.append(f"invalid value for '{shown}.{k}': expected a list of codes; ignored")
            value = {k: [c.strip() for c in v] for k, v in value.items() if k not in bad}
        if key in RANGES and value is not None:
            value = _in_range(key, shown, value, problems)
            if value is None:
                continue
        if key == "templater" and value not in TEMPLATERS:
            problems.append(f"invalid value for '{shown}': {value!r} is not one of jinja, dbt, none; "
                            "using the default")
            continue
        if key == "provider" and value not in ("auto", "cpu", "cuda"):
            problems.append(f"invalid value for '{shown}': {value!r} is not one of auto, cpu, cuda; "
                            "using the default")
            continue
        setattr(target, key, value)
        if key == "dialect":
            target.dialect_set = True
    if isinstance(target, Config) and not target.dialect_set:
        target.dialect = _dialect_of(target.database) or "sqlite"
    return problems


def _dialect_of(database: str | None) -> str | None:
    """The dialect a database implies when ``dialect`` is not set (a DuckDB file or URL, a PostgreSQL URL);
    None for SQLite, an ``env:`` name (read only when opened) or a location that is not understood."""
    if not database or database.startswith("env:"):
        return None
    from sqlintent.location import classify

    try:
        kind = classify(database)[0]
    except ValueError:
        return None
    return {"duckdb": "duckdb", "postgres": "postgres"}.get(kind)


def _severity_ok(v: Any) -> bool:
    try:
        Severity.parse(v)
        return True
    except ValueError:
        return False
