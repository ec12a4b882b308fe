"""CLI strictness: unknown rule codes are errors with the nearest codes suggested; a missing file named on
the command line is a usage error; a bad flag prints the subcommand's own usage."""
import pytest

from sqlintent.settings.codes import selector_problems, suggest


@pytest.mark.parametrize("flag", ["--select", "--ignore"])
def test_unknown_codes_on_the_command_line_exit_2_with_suggestions(cli, tmp_path, flag):
    (tmp_path / "q.sql").write_text("SELECT 1;\n")
    proc = cli("check", flag, "SIS003,SIS009", "q.sql", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "unknown rule code 'SIS009'" in proc.stderr and "did you mean" in proc.stderr
    assert "SIS003" not in proc.stderr.split("unknown rule code")[0]


def test_known_prefixes_names_and_all_are_accepted(cli, tmp_path):
    (tmp_path / "q.sql").write_text("SELECT 1;\n")
    for sel in ("SIS", "ALL", "unknown-column", "si"):
        proc = cli("check", "--no-model", "--select", sel, "q.sql", cwd=tmp_path)
        assert proc.returncode == 0, (sel, proc.stderr)


def test_unknown_codes_in_the_config_are_errors(cli, tmp_path):
    (tmp_path / "sqlintent.toml").write_text('ignore = ["SIQ0002"]\n[severity]\nSIX999 = "info"\n'
                                             '[per-file-ignores]\n"*.sql" = ["FOO1"]\n')
    (tmp_path / "q.sql").write_text("SELECT 1;\n")
    proc = cli("check", "--no-model", "q.sql", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    for bad in ("'SIQ0002'", "'SIX999'", "'FOO1'"):
        assert bad in proc.stderr
    assert "did you mean SIQ002" in proc.stderr and str(tmp_path / "sqlintent.toml") in proc.stderr


def test_unknown_codes_in_noqa_are_errors_with_a_suggestion(cli, tmp_path):
    (tmp_path / "q.sql").write_text("SELECT 1; -- noqa: SIS0003\n")
    proc = cli("check", "--no-model", "q.sql", cwd=tmp_path)
    assert proc.returncode == 1
    assert "SIN001 [error] unknown rule code in noqa: SIS0003 (did you mean SIS003?)" in proc.stdout


@pytest.mark.parametrize("args", [["--schema", "missing.sql"], ["--db", "missing.sqlite"],
                                  ["--config", "missing.toml"]])
def test_a_missing_file_named_on_the_command_line_is_a_usage_error(cli, tmp_path, args):
    (tmp_path / "q.sql").write_text("SELECT 1;\n")
    proc = cli("check", *args, "q.sql", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "usage: sqlintent check" in proc.stderr and args[1] in proc.stderr


def test_a_bad_flag_prints_checks_own_usage(cli):
    proc = cli("check", "--bogus", "x.sql")
    assert proc.returncode == 2
    assert "usage: sqlintent check" in proc.stderr and "unrecognized arguments: --bogus" in proc.stderr


def test_suggestions_are_the_nearest_codes():
    assert suggest("SIS0003")[0] == "SIS003"
    assert suggest("unknown-colum")[0] == "unknown-column"
    assert selector_problems(["SIS", "SIS003", "ALL"], "select") == []
