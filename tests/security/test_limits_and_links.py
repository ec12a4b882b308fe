"""A pull request cannot make sqlintent read past the checkout through a symbolic link, nor raise the
operator's resource limits through a config file of the checkout (issue 37 item 4; docs/security.md)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.security.test_trust import check, git_repo

SECRET = "-- intent: the token\nSELECT leaked_token_zq9 FROM vault;\n"


def _linked_repo(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.sql").write_text(SECRET)
    repo = git_repo(tmp_path / "repo")
    (repo / "q").mkdir()
    (repo / "q" / "a.sql").write_text("-- intent: one\nSELECT 1;\n")
    (repo / "q" / "leak.sql").symlink_to(outside / "secret.sql")  # committed: git stores the link
    (repo / "q" / "same.sql").symlink_to("a.sql")  # a link inside the repository is checked
    (repo / "linked_dir").symlink_to(outside, target_is_directory=True)  # not followed by the walk
    return repo


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_committed_link_to_a_file_outside_the_repository_is_not_read(tmp_path, fmt):
    repo = _linked_repo(tmp_path)
    proc = check(repo, ".", "--format", fmt)
    assert "leaked_token_zq9" not in proc.stdout + proc.stderr and "vault" not in proc.stdout + proc.stderr
    assert "./q/leak.sql: a symbolic link to a file outside" in proc.stderr and "skipped" in proc.stderr
    if fmt == "json":
        checked = {f["path"] for f in json.loads(proc.stdout)["files"]}
        assert checked == {"./q/a.sql", "./q/same.sql"}, checked
    # from a subfolder the root is still the repository; named on the command line, the operator chose it
    sub = check(repo / "q", ".")
    assert "leaked_token_zq9" not in sub.stdout and "leak.sql: a symbolic link" in sub.stderr
    named = check(repo, "q/leak.sql", "--format", "json")
    assert [f["path"] for f in json.loads(named.stdout)["files"]] == ["q/leak.sql"]


def test_the_workspace_check_skips_the_link_too(tmp_path):
    from sqlintent.files import collect, resolved
    from sqlintent.trust import git_top

    repo = _linked_repo(tmp_path)
    found, _ = collect([str(repo)], root_of=lambda d: git_top(resolved(d)) or resolved(d))
    assert sorted(Path(f).name for f in found) == ["a.sql", "same.sql"]
    found, _ = collect([str(repo / "q")])  # by default the walked folder itself is the root
    assert sorted(Path(f).name for f in found) == ["a.sql", "same.sql"]


RAISING = ('max_file_size = "200MB"\n[probes]\ntimeout_ms = 600000\nfile_timeout_ms = 3600000\n'
           'max_rows = 1000000\n')


def _settings(proc) -> str:
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_discovered_config_cannot_raise_resource_limits(tmp_path):
    repo = git_repo(tmp_path / "repo")
    (repo / "sqlintent.toml").write_text(RAISING)
    (repo / "a.sql").write_text("SELECT 1;\n")
    proc = check(repo, "--show-settings", "a.sql")
    out = _settings(proc)
    for line in ("max_file_size = 2097152", "timeout_ms = 2000", "file_timeout_ms = 30000", "max_rows = 1000"):
        assert f"\n{line}\n" in out, out
    for key, value in (("max_file_size", 209715200), ("probes.timeout_ms", 600000),
                       ("probes.file_timeout_ms", 3600000), ("probes.max_rows", 1000000)):
        assert f"'{key} = {value}' is above the operator's limit" in proc.stderr, proc.stderr
    # a file over the default size is still skipped at the default limit
    (repo / "big.sql").write_text("SELECT 1;\n" + "-- padding\n" * 300_000)
    big = check(repo, "big.sql")
    assert "over the 2.0 MiB limit" in big.stdout + big.stderr
    # the operator may raise them: --trust-config, or the same file named with --config
    trusted = _settings(check(repo, "--show-settings", "--trust-config", "a.sql"))
    assert "\ntimeout_ms = 600000\n" in trusted and "\nmax_rows = 1000000\n" in trusted
    named = _settings(check(repo, "--show-settings", "--config", "sqlintent.toml", "a.sql"))
    assert "\nfile_timeout_ms = 3600000\n" in named


def test_a_discovered_config_may_lower_resource_limits(tmp_path):
    repo = git_repo(tmp_path / "repo")
    (repo / "sqlintent.toml").write_text('max_file_size = "1k"\n[probes]\ntimeout_ms = 300\nmax_rows = 10\n')
    (repo / "a.sql").write_text("SELECT 1;\n")
    proc = check(repo, "--show-settings", "a.sql")
    out = _settings(proc)
    assert "\nmax_file_size = 1024\n" in out and "\ntimeout_ms = 300\n" in out and "\nmax_rows = 10\n" in out
    assert "above the operator's limit" not in proc.stderr


def test_the_language_server_clamps_them_too_and_editor_settings_may_raise_them(tmp_path):
    from sqlintent.server.configuration import Settings

    repo = git_repo(tmp_path / "repo")
    (repo / "sqlintent.toml").write_text(RAISING)
    settings = Settings()
    config, problems = settings.config_for(repo / "a.sql", repo)
    assert (config.probes.timeout_ms, config.probes.max_rows, config.max_file_size) == (2000, 1000, 2097152)
    assert any("'probes.timeout_ms = 600000' is above the operator's limit" in p for p in problems)
    settings.set_init_options({"sqlintent": {"probes": {"timeout_ms": 9000}}})  # the user's own setting
    config, _ = settings.config_for(repo / "a.sql", repo)
    assert config.probes.timeout_ms == 9000
