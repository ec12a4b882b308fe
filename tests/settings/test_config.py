"""Configuration discovery, validation messages, and command-line overrides."""
from sqlintent.config import Config
from sqlintent.config_files import discover_config


def test_sqlintent_toml_is_found_walking_up(tmp_path):
    (tmp_path / "sqlintent.toml").write_text('database = "db.sqlite"\n[probes]\ntimeout_ms = 500\n')
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    config, problems = discover_config(sub / "q.sql")
    assert problems == []
    assert config.probes.timeout_ms == 500
    assert config.resolve(config.database) == str(tmp_path / "db.sqlite")


def test_pyproject_tool_table_is_used(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname="x"\n[tool.sqlintent]\ndialect = "postgres"\n')
    config, problems = discover_config(tmp_path)
    assert (config.dialect, problems) == ("postgres", [])


def test_pyproject_without_the_table_is_skipped(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname="x"\n')
    config, problems = discover_config(tmp_path)
    assert config.source is None and problems == []


def test_invalid_settings_name_the_key_and_keep_defaults(tmp_path):
    (tmp_path / "sqlintent.toml").write_text(
        'dialect = "oracle"\ncolour = true\n[probes]\ntimeout_ms = "fast"\n[model]\nthreshold = 2.0\n'
        '[severity]\nSIS003 = "loud"\n')
    config, problems = discover_config(tmp_path)
    text = "\n".join(problems)
    for key in ("'dialect'", "'colour'", "'probes.timeout_ms'", "'model.threshold'", "'severity.SIS003'"):
        assert key in text
    assert (config.dialect, config.probes.timeout_ms, config.model.threshold) == ("sqlite", 2000, 0.5)


def test_broken_toml_gives_one_message_and_defaults(tmp_path):
    (tmp_path / "sqlintent.toml").write_text("database = \n")
    config, problems = discover_config(tmp_path)
    assert len(problems) == 1 and "invalid TOML" in problems[0]
    assert config.database is None


def test_overrides_apply_on_a_copy():
    base = Config()
    new, problems = base.with_overrides({"select": ["sis"], "probes": {"enabled": False}})
    assert problems == [] and new.select == ["sis"] and not new.probes.enabled
    assert base.probes.enabled


def test_exclude_patterns_are_relative_to_the_config(tmp_path):
    (tmp_path / "sqlintent.toml").write_text('exclude = ["database/**"]\n')
    config, _ = discover_config(tmp_path)
    assert config.is_excluded(tmp_path / "database" / "seed.sql")
    assert not config.is_excluded(tmp_path / "queries" / "a.sql")


def test_patterns_may_start_with_dot_slash(tmp_path):
    (tmp_path / "sqlintent.toml").write_text('exclude = ["./database/**"]\n[per-file-ignores]\n"./q.sql" = ["SIS003"]\n')
    config, _ = discover_config(tmp_path)
    assert config.is_excluded(tmp_path / "database" / "seed.sql")
    assert config.ignored_codes(tmp_path / "q.sql") == ["SIS003"]
    assert config.ignored_codes(tmp_path / "other.sql") == []
