"""Flags and editor settings are two kinds of override over the same config model: a bad value is reported
under the name the user gave it (``--dialect``, ``sqlintent.probes.timeout_ms``), by the config's own checks."""
from __future__ import annotations

from sqlintent.config import Config
from sqlintent.server.configuration import Settings
from sqlintent.workspace.overrides import EditorOverrides, FlagOverrides, apply


def test_a_bad_flag_value_names_the_flag(cli, tmp_path):
    (tmp_path / "q.sql").write_text("SELECT 1;\n")
    proc = cli("check", str(tmp_path / "q.sql"), "--dialect", "oracle", "--no-model", "--no-cache")
    assert "sqlintent: warning: config: invalid value for '--dialect': 'oracle' is not one of" in proc.stderr


def test_flag_overrides_name_their_flags_not_the_config_keys():
    config, problems = apply(Config(), FlagOverrides({"database": 5, "max_file_size": "huge",
                                                      "probes": {"enabled": "no"}}))
    assert problems == [
        "invalid value for '--db': expected a string, got 5; using the default",
        "invalid value for '--max-file-size': 'huge' is not a size like '2MB'; using the default",
        "invalid value for '--no-probes': expected true or false, got 'no'; using the default"]
    assert config.database is None and config.probes.enabled is True


def test_ignore_adds_to_each_configs_own_list():
    config, _ = Config().with_overrides({"ignore": ["SIP"]})
    config, problems = apply(config, FlagOverrides({}, ["SIR001"]))
    assert config.ignore == ["SIP", "SIR001"] and problems == []


def test_editor_settings_name_the_setting(tmp_path):
    s = Settings()
    s.set_workspace({"sqlintent": {"probes.timeout_ms": "slow", "dialekt": "duckdb"}})
    config, problems = s.config_for(tmp_path / "q.sql", tmp_path)
    assert "editor setting: invalid value for 'sqlintent.probes.timeout_ms': expected an integer, got 'slow'; " \
           "using the default" in problems
    assert "editor setting: unknown setting 'sqlintent.dialekt' (ignored)" in problems
    assert config.probes.timeout_ms == Config().probes.timeout_ms


def test_editor_paths_resolve_against_the_workspace_folder(tmp_path):
    config, problems = apply(Config(), EditorOverrides({"database": "db/shop.sqlite"}, tmp_path))
    assert config.database == str(tmp_path / "db" / "shop.sqlite") and problems == []
