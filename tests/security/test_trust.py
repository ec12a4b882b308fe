"""A pull request's files must not run code, connect or read outside the checkout through sqlintent's
configuration (docs/security.md, "Trust"). Each case runs the real CLI on a git repository in a temporary
folder, as CI runs `sqlintent check .` on a pull request's checkout."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))
from conftest import run_cli  # noqa: E402  (after the sys.path set-up above)

HAS_DBT = subprocess.run([sys.executable, "-c", "import dbt.adapters.duckdb"], capture_output=True,
                         check=False).returncode == 0

DBT_PROJECT = "name: shop\nversion: \"1.0\"\nprofile: shop\n"
# dbt-duckdb imports the plugin module (found through module_paths) when the model's run_query connects
PROFILES = """shop:
  target: dev
  outputs:
    dev:
      type: duckdb
      path: ":memory:"
      module_paths: ["."]
      plugins:
        - module: evil_plugin
"""
PLUGIN = """import os, pathlib
pathlib.Path(os.environ["SQLINTENT_TEST_MARKER"]).write_text("the pull request's code ran")
from dbt.adapters.duckdb.plugins import BasePlugin
class Plugin(BasePlugin):
    pass
"""
MODEL = '{% do run_query("select 1") %}\n-- intent: one\nSELECT 1 AS a\n'
TYPO = "-- intent: names of all customers\nSELECT nam FROM customers;\n"
SCHEMA = "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT);\n"


def git_repo(path: Path) -> Path:
    path.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    return path


def dbt_pull_request(repo: Path) -> Path:
    """sub/: a dbt project whose profile imports a module of the checkout, and a config asking for dbt."""
    sub = repo / "sub"
    (sub / "models").mkdir(parents=True)
    (sub / "sqlintent.toml").write_text('templater = "dbt"\n')
    (sub / "dbt_project.yml").write_text(DBT_PROJECT)
    (sub / "profiles.yml").write_text(PROFILES)
    (sub / "evil_plugin.py").write_text(PLUGIN)
    (sub / "models" / "m.sql").write_text(MODEL)
    return sub


def check(repo: Path, *args: str, env: dict | None = None):
    return run_cli("check", "--no-model", "--no-cache", *args, cwd=repo, env=env, timeout=300)


def test_a_discovered_dbt_templater_is_refused_and_runs_nothing(tmp_path):
    repo = git_repo(tmp_path / "repo")
    dbt_pull_request(repo)
    marker = tmp_path / "marker"
    proc = check(repo, ".", env={"SQLINTENT_TEST_MARKER": str(marker)})
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "sub/sqlintent.toml: 'templater = \"dbt\"' is refused" in proc.stderr
    assert "--config" in proc.stderr  # how to trust it
    assert not marker.exists()


@pytest.mark.skipif(not HAS_DBT, reason="dbt-core and dbt-duckdb not installed (the 'dbt' extra)")
def test_the_same_config_named_with_config_is_trusted_and_dbt_runs(tmp_path):
    """The payload above is real: trusted (--config), dbt compiles the model and imports the plugin."""
    repo = git_repo(tmp_path / "repo")
    dbt_pull_request(repo)
    marker = tmp_path / "marker"
    proc = check(repo, ".", "--config", "sub/sqlintent.toml", env={"SQLINTENT_TEST_MARKER": str(marker)})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert marker.exists()


def _schema_repo(tmp_path: Path, config: str) -> Path:
    repo = git_repo(tmp_path / "repo")
    (repo / "schema.sql").write_text(SCHEMA)
    (repo / "q.sql").write_text(TYPO)
    (repo / "sqlintent.toml").write_text(config)
    return repo


def test_a_database_outside_the_repository_is_refused_unless_named_with_config(tmp_path, shop_db):
    repo = _schema_repo(tmp_path, f'database = "{shop_db}"\n')
    proc = check(repo, ".")
    assert proc.returncode == 2 and "'database' outside the repository" in proc.stderr, proc.stderr
    assert "SIS003" not in proc.stdout  # nothing was checked against it
    trusted = check(repo, ".", "--config", "sqlintent.toml")
    assert trusted.returncode == 1 and "SIS003" in trusted.stdout, trusted.stderr


def test_schema_files_outside_the_repository_are_refused(tmp_path):
    (tmp_path / "secret.sql").write_text(SCHEMA)
    repo = _schema_repo(tmp_path, 'schema_files = ["../secret.sql"]\n')
    proc = check(repo, ".")
    assert proc.returncode == 2 and "'schema_files' outside the repository" in proc.stderr
    # inside the repository it is kept
    (repo / "sqlintent.toml").write_text('schema_files = ["schema.sql"]\n')
    proc = check(repo, ".")
    assert proc.returncode == 1 and "SIS003" in proc.stdout, proc.stderr


def test_a_flag_that_sets_the_refused_key_replaces_it(tmp_path, shop_db):
    repo = _schema_repo(tmp_path, 'database = "postgresql://alice@db.invalid/shop"\n')
    proc = check(repo, ".", "--db", str(shop_db))
    assert proc.returncode == 1 and "SIS003" in proc.stdout, proc.stderr
    assert "refused" not in proc.stderr


@pytest.mark.parametrize("setting, name", [
    ('[model]\npath = "model"\n', "'model.path'"),
    ('[verdict]\npath = "verdict.json"\n', "'verdict.path'"),
    ('[probes]\nallow_superuser = true\n', "'probes.allow_superuser = true'"),
    ('[dbt]\nprofiles_dir = "."\n', "'dbt.profiles_dir'"),
])
def test_settings_that_load_code_or_lift_limits_are_refused(tmp_path, setting, name):
    repo = _schema_repo(tmp_path, 'schema_files = ["schema.sql"]\n' + setting)
    proc = check(repo, ".")
    assert proc.returncode == 2 and f"{name} is refused" in proc.stderr, proc.stderr
    assert check(repo, ".", "--trust-config").returncode == 1  # vouching for the checkout lifts it


def test_an_extend_outside_the_repository_is_not_read(tmp_path):
    (tmp_path / "outside.toml").write_text('ignore = ["SIS003"]\n')
    repo = _schema_repo(tmp_path, 'extend = "../outside.toml"\nschema_files = ["schema.sql"]\n')
    proc = check(repo, ".")
    assert proc.returncode == 2 and "'extend' names a file outside the repository" in proc.stderr, proc.stderr


def test_a_config_above_the_repository_is_not_used(tmp_path):
    """A config planted in a folder above the git work tree (such as a shared /tmp folder) does not apply."""
    (tmp_path / "sqlintent.toml").write_text('ignore = ["SIS003"]\n')
    repo = git_repo(tmp_path / "repo")
    (repo / "q.sql").write_text(TYPO)
    (repo / "schema.sql").write_text(SCHEMA)
    proc = check(repo, ".", "--schema", "schema.sql")
    assert proc.returncode == 1 and "SIS003" in proc.stdout, proc.stdout + proc.stderr
    shown = check(repo, "--show-settings", "q.sql")
    assert "built-in defaults" in shown.stdout and str(tmp_path / "sqlintent.toml") not in shown.stdout


def test_a_config_in_a_folder_others_can_write_is_not_read(tmp_path):
    shared = tmp_path / "shared"
    (shared / "work").mkdir(parents=True)
    (shared / "sqlintent.toml").write_text('ignore = ["SIS003"]\n')
    shared.chmod(0o777)
    try:
        (shared / "work" / "q.sql").write_text(TYPO)
        (shared / "work" / "schema.sql").write_text(SCHEMA)
        proc = check(tmp_path, "shared/work/q.sql", "--schema", "shared/work/schema.sql")
    finally:
        shared.chmod(0o755)
    assert proc.returncode == 1 and "SIS003" in proc.stdout, proc.stdout + proc.stderr
    assert f"{shared / 'sqlintent.toml'}: not read: its folder is writable by every user" in proc.stderr


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file away")
def test_a_config_owned_by_another_user_is_not_read(tmp_path):
    repo = _schema_repo(tmp_path, 'ignore = ["SIS003"]\nschema_files = ["schema.sql"]\n')
    os.chown(repo / "sqlintent.toml", 65534, 65534)
    proc = check(repo, ".", "--schema", "schema.sql")
    assert proc.returncode == 1 and "SIS003" in proc.stdout, proc.stdout + proc.stderr
    assert "not read: owned by another user (uid 65534)" in proc.stderr


def test_scan_refuses_the_same_settings(tmp_path):
    repo = git_repo(tmp_path / "repo")
    sub = dbt_pull_request(repo)
    (sub / "in.csv").write_text("id,sql\n1,SELECT 1\n")
    marker = tmp_path / "marker"
    proc = run_cli("scan", "sub/in.csv", "-o", str(tmp_path / "out.csv"), "--no-progress", "--no-model",
                   cwd=repo, env={"SQLINTENT_TEST_MARKER": str(marker)})
    assert proc.returncode == 2 and "'templater = \"dbt\"' is refused" in proc.stderr, proc.stderr
    assert not (tmp_path / "out.csv").exists() and not marker.exists()
