"""The editor's settings on top of the config file: a null is "not set" (it never removes the project's
database), and an unknown rule code in the editor's select/ignore is left out and blamed on the editor,
instead of turning every rule off and being blamed on sqlintent.toml."""
from sqlintent.server.configuration import Settings, normalise


def _project(tmp_path):
    (tmp_path / "sqlintent.toml").write_text('database = "shop.sqlite"\nselect = ["SIP", "SIR"]\n')
    return tmp_path / "q.sql"


def test_nulls_in_the_editor_settings_leave_the_config_file_as_it_is(tmp_path):
    assert normalise({"sqlintent": {"database": None, "model": {"enabled": False, "path": None}}}) == \
        {"model": {"enabled": False}}
    s = Settings()
    s.set_workspace({"sqlintent": {"database": None, "schema_files": None}})
    config, problems = s.config_for(_project(tmp_path), tmp_path)
    assert config.database == "shop.sqlite" and problems == []  # relative to the file, as written


def test_an_unknown_code_in_the_editors_select_is_dropped_and_blamed_on_the_editor(tmp_path):
    s = Settings()
    s.set_workspace({"sqlintent": {"select": ["NOPE1"]}})
    config, problems = s.config_for(_project(tmp_path), tmp_path)
    assert config.select == ["SIP", "SIR"]  # the file's, not an empty selection
    assert problems == ["editor setting: unknown rule code 'NOPE1' in sqlintent.select "
                        "(see `sqlintent rule --all`); ignored"]
    s.set_workspace({"sqlintent": {"select": ["SIP001", "NOPE1"], "ignore": ["SIR01"]}})
    config, problems = s.config_for(_project(tmp_path), tmp_path)
    assert config.select == ["SIP001"]
    assert any("'SIR01' in sqlintent.ignore (did you mean SIR001" in p for p in problems)
    assert not any("sqlintent.toml" in p for p in problems)
