"""docs/configuration.md, generated from the settings model (``sqlintent.config.Config``).

Regenerate with ``python -m sqlintent.settings.reference > docs/configuration.md``; a test keeps the page
equal to this output, and fails when a setting has no description here.
"""
from __future__ import annotations

import sys
from dataclasses import fields

from sqlintent.config import _INTERNAL, DIALECTS, RANGES, Config

DOCS: dict[str, str] = {
    "database": "The database the queries run against: a SQLite or DuckDB file (relative to the config file), "
                "a `sqlite://`, `duckdb://` URL (SQLAlchemy's convention: `sqlite:///relative.db`, "
                "`sqlite:////absolute/path.db`) or a `postgresql://` URL. Opened read-only; one that cannot be "
                "opened is an error (SID001, `check` exits 2). Passwords in URLs are "
                "never printed (`***`); `env:NAME` reads the URL from the environment variable NAME, which keeps a "
                "password out of the file. From a config found in the checkout only a file inside the repository or "
                "`env:NAME` is taken (docs/security.md); a URL written in any config file may carry only "
                "connection parameters that do not move the connection (no `hostaddr`, `service`, `passfile`, "
                "`sslkey`, `options`, ...).",
    "schema_files": "`CREATE TABLE` files (relative to the config file) used when there is no database; "
                    "inside the repository when the config was found in the checkout.",
    "dialect": "SQL dialect of the files: " + ", ".join(f"`{d}`" for d in DIALECTS) + ". When no config or "
               "flag sets it, it follows the database: `duckdb` for a DuckDB file or URL, `postgres` for a "
               "PostgreSQL URL, `sqlite` otherwise.",
    "select": "Rule codes, prefixes or names to enable (`ALL` for all); empty: the rules enabled by default. "
              "An unknown code is an error that names the nearest codes.",
    "ignore": "Rule codes, prefixes or names to disable.",
    "severity": "Severity per rule code, prefix, name or `ALL`: `error`, `warning`, `info` or `hint`, e.g. "
                "`{ SIS003 = \"warning\", syntax-error = \"info\" }`; the most specific selector wins.",
    "allow_unchecked": "Accept knowingly what a run could not check (no SQL file matched, probes that could "
                       "not run, a refusal sqlintent cannot classify): SIU001 is then an info instead of a "
                       "warning that fails CI. Same as `--allow-unchecked`.",
    "max_file_size": "Files larger than this are skipped with a message: bytes, or a size such as `\"2MB\"`.",
    "exclude": "Glob patterns, relative to the config file, of files that directory walks skip "
               "(files named on the command line are still checked).",
    "per_file_ignores": "Glob pattern (relative to the config file) -> rule codes, prefixes or names not "
                        "reported in matching files, e.g. `{ \"legacy/*.sql\" = [\"SIS003\"] }`.",
    "intent.required": "Report statements with no intent comment (SII001, a hint: hidden in `check` unless "
                       "selected).",
    "intent.comment_block": "Use the comment block directly above a statement as its intent, even without "
                            "`intent:`.",
    "probes.enabled": "Run read-only probe queries against the database (the data checks).",
    "probes.timeout_ms": "Time limit of a statement's probe queries together (each runs with what the ones before it left), in milliseconds.",
    "probes.file_timeout_ms": "Time limit of all the probes of one file (or one scanned row) together, in "
                              "milliseconds: past it the file's remaining statements are checked without probes "
                              "(one SIX001 each), so a file of many slow statements cannot hold a CI run.",
    "probes.max_rows": "Rows a probe reads at most.",
    "probes.max_findings_per_column": "With stored values hidden (`CI=true`, `--show-values never`, GitHub "
                                      "and SARIF output): findings of the data rules on statements that read "
                                      "one column, per run, after which no statement that reads it is probed "
                                      "(one SIX002 says so), so that findings cannot spell its values out "
                                      "(docs/security.md). A config found in the checkout may lower it only.",
    "probes.allow_superuser": "Probe even when connected as a PostgreSQL superuser; otherwise no probe "
                              "runs as a superuser and SID002 says so. Not recommended: use a read-only role. "
                              "Trusted configs only.",
    "model.enabled": "Run the neural error detector (SIM001).",
    "model.path": "A directory holding `model.onnx` and its tokenizer; not set: the bundled model. Trusted "
                  "configs only.",
    "model.threshold": "SIM001 reports a query whose score is below this (0 to 1).",
    "model.provider": "ONNX Runtime provider: `auto`, `cpu` or `cuda`.",
    "verdict.path": "A `verdict.json` (written by `sqlintent-lab verdict train`); not set: the bundled verdict "
                    "(docs/verdict.md). Trusted configs only.",
    "verdict.show_below": "SIV001 takes its severity only below this probability; between it and "
                          "`verdict.threshold` it is a hint (kept in JSON output and the hover). "
                          "Default 0: no threshold reaches 60% precision on the real-world corpora yet.",
    "verdict.threshold": "SIV001 reports a statement whose verdict (probability that the query does what its "
                         "intent says) is below this (0 to 1).",
    "templater": "Templated SQL (docs/templating.md): `jinja` (the built-in sandboxed Jinja templater with a "
                 "dbt-style context), `dbt` (dbt-core's compiler), `none` (plain SQL); empty: `jinja` for the "
                 "models of a dbt project (a `dbt_project.yml` above the file). `dbt` runs the project's code: trusted "
                 "configs only.",
    "dbt.profiles_dir": "`templater = \"dbt\"`: the folder holding profiles.yml (relative to the config file); "
                        "not set: the dbt project's folder, then dbt's default (`~/.dbt`). Trusted configs only.",
    "dbt.target": "`templater = \"dbt\"`: the profile's target; not set: the profile's default. Trusted "
                  "configs only.",
    "thresholds.max_subqueries": "SIQ002 reports a query with more subqueries than this.",
    "thresholds.value_ambiguity_margin": "SIA001's margin between the best and the second-best column for a "
                                         "value.",
}

EXTEND = ("Another config file (relative to this one) whose settings this one starts from; keys set here "
          "replace its keys. Its relative paths stay relative to it. Config files only (not an editor setting); "
          "from a config found in the checkout, inside the repository only.")

_TYPES = {"str | None": "string", "str": "string", "bool": "boolean", "int": "integer", "float": "number",
          "list[str]": "array of strings", "dict[str, str]": "table of strings",
          "dict[str, list[str]]": "table of arrays of strings"}

HEADER = """# Configuration

Generated by `python -m sqlintent.settings.reference > docs/configuration.md` from the settings model
(`sqlintent/config.py`); a test keeps this page equal to that output.

sqlintent reads `sqlintent.toml`, or the `[tool.sqlintent]` table of `pyproject.toml` (keys are the same;
`-` and `_` are interchangeable). As ruff does, each checked file gets the closest such file above it, so
`sqlintent check .` at a repository's root applies `examples/sqlintent.toml` to the files under
`examples/`. Relative paths resolve against the folder of the file that names them. `--config FILE` makes
one file apply to every path. Command-line flags (`--db`, `--schema`, `--dialect`, `--select`, `--ignore`,
`--no-probes`, `--no-model`, `--max-file-size`) override the file; input on stdin takes the config of its
`--stdin-filename`. In editors, settings use the same keys and override the file (see
[editors.md](editors.md)).

A config file found this way is a file of the checkout and is not trusted ([security.md](security.md#trust-who-may-say-what)):
the search stops at the top of the git work tree (outside git, at the folder given on the command line),
never looks in the home folder or above it, and skips folders and files owned by another user or writable
by every user. Settings marked "trusted configs only" below, a `database` that is a `postgresql://` URL or
a file outside the repository, and an `extend` out of it are refused from such a file: `check` exits 2 and
names the setting. A file named with `--config`, every file with `--trust-config`, and in the editor a
workspace with `sqlintent.trustWorkspace = true` are trusted.

`sqlintent check --show-settings FILE` prints the settings that apply to `FILE` and the file(s) they came
from. An invalid value is reported with its key and the default is used (a count or size above its range
is clamped to the highest value, with a message); an unknown rule code is an error, and so is a config
file that cannot be read (invalid TOML, a `[tool.sqlintent]` that is not a table, an `extend` naming a file
that does not exist or forming a cycle): `check` exits 2 rather than run with defaults. A `pyproject.toml`
that is not valid TOML is taken as the config only if it has a `[tool.sqlintent]` table; in editors, such a
file is shown as a problem and the defaults are used.
When a file is checked with neither `database` nor `schema_files`, `check` says so once and lists the rules
that were skipped.

Rule links (SARIF `helpUri`, editor diagnostics) point at the rule's heading in [rules.md](rules.md);
set the environment variable `SQLINTENT_DOCS_URL` to a template with `{code}`, `{name}` or `{anchor}` to
point them at a site of your own.
"""


def _toml(value) -> str:
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if value is None:
        return "not set"
    if isinstance(value, str):
        return f'`"{value}"`'
    if isinstance(value, list):
        return "`[]`" if not value else "`[" + ", ".join(f'"{v}"' for v in value) + "]`"
    if isinstance(value, dict):
        return "`{}`"
    return f"`{value}`"


def _rows(obj, prefix: str) -> tuple[list[str], list[tuple[str, object]]]:
    rows, tables = [], []
    for f in fields(obj):
        if f.name in _INTERNAL:
            continue
        value = getattr(obj, f.name)
        if hasattr(value, "__dataclass_fields__"):
            tables.append((f.name, value))
            continue
        key = prefix + f.name
        doc = DOCS.get(key)
        if doc is None:
            raise KeyError(f"setting '{key}' has no description in sqlintent/settings/reference.py")
        kind = _TYPES.get(str(f.type), str(f.type))
        if f.name in RANGES:
            lo, hi = RANGES[f.name]
            kind += f", {lo:g} to {hi:g}" if isinstance(value, float) else f", {int(lo)} to {int(hi)}"
        shown = f.name.replace("_", "-") if f.name == "per_file_ignores" else f.name
        rows.append(f"| `{shown}` | {kind} | {_toml(value)} | {doc} |")
    return rows, tables


EXAMPLE = """```toml
# examples/sqlintent.toml
database = "shop.sqlite"
dialect = "sqlite"
exclude = ["database/**"]

[probes]
timeout_ms = 2000

[per-file-ignores]
"legacy/*.sql" = ["SIS003"]
```

A sub-folder's config that starts from it:

```toml
# a sub-folder's sqlintent.toml, e.g. examples/reports/sqlintent.toml
extend = "../sqlintent.toml"
ignore = ["SIQ002"]
```
"""


def render() -> str:
    head = "| Key | Type | Default | Meaning |\n|---|---|---|---|"
    rows, tables = _rows(Config(), "")
    rows.append(f"| `extend` | string | not set | {EXTEND} |")
    parts = [HEADER, "## Top-level keys\n\n" + head + "\n" + "\n".join(rows)]
    for name, table in tables:
        sub, _ = _rows(table, name + ".")
        parts.append(f"## `[{name}]`\n\n" + head + "\n" + "\n".join(sub))
    parts.append("## Example\n\n" + EXAMPLE)
    return "\n\n".join(p.strip("\n") for p in parts) + "\n"


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(render())
