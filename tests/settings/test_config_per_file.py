"""Configuration per file, as ruff does it: the closest config applies, `extend`, `per-file-ignores`,
--stdin-filename discovery, --show-settings, and a run that has no database or schema says so."""
import json
import sqlite3
from pathlib import Path

import pytest

from sqlintent.config_files import config_chain, discover_config
from sqlintent.workspace import ConfigResolver

ROOT = Path(__file__).resolve().parents[2]


def _db(path: Path) -> Path:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (a INTEGER, b TEXT)")
    con.execute("INSERT INTO t VALUES (1, 'x')")
    con.commit()
    con.close()
    return path


@pytest.fixture
def project(tmp_path):
    """root/ (database a.sqlite) with sub/ extending it and per-file-ignores; other/ has no config."""
    _db(tmp_path / "a.sqlite")
    (tmp_path / "sqlintent.toml").write_text('database = "a.sqlite"\n[probes]\nenabled = false\n')
    sub = tmp_path / "sub"
    (sub / "legacy").mkdir(parents=True)
    (sub / "sqlintent.toml").write_text(
        'extend = "../sqlintent.toml"\nexclude = ["skipped/**"]\n'
        '[per-file-ignores]\n"legacy/*.sql" = ["SIS003"]\n')
    for d in (tmp_path, sub, sub / "legacy", sub / "skipped"):
        d.mkdir(exist_ok=True)
        (d / "q.sql").write_text("SELECT c FROM t;\n")
    return tmp_path


def _codes(cli, *args, cwd):
    proc = cli("check", "--format", "json", "--no-model", *args, cwd=cwd)
    data = json.loads(proc.stdout)
    return {Path(f["path"]).as_posix(): sorted(x["code"] for x in f["findings"]) for f in data["files"]}, proc


def test_the_closest_config_applies_to_each_file(cli, project):
    found, proc = _codes(cli, ".", cwd=project)
    assert found == {"q.sql": ["SIS003"], "sub/q.sql": ["SIS003"], "sub/legacy/q.sql": []}, proc.stderr
    # the database of the extended config is found relative to the file that names it
    assert "no database" not in proc.stderr


def test_checking_a_subfolder_gives_the_same_findings(cli, project):
    found, _ = _codes(cli, "sub", cwd=project)
    assert found == {"sub/q.sql": ["SIS003"], "sub/legacy/q.sql": []}


def test_explicit_config_replaces_discovery(cli, project):
    found, _ = _codes(cli, "--config", "sqlintent.toml", "sub", cwd=project)
    assert found["sub/legacy/q.sql"] == ["SIS003"] and "sub/skipped/q.sql" in found


def test_stdin_filename_discovers_the_config(cli, project):
    for name, expected in (("sub/legacy/new.sql", []), ("sub/new.sql", ["SIS003"])):
        proc = cli("check", "--format", "json", "--no-model", "-", "--stdin-filename", name,
                   input=b"SELECT c FROM t;\n", cwd=project)
        data = json.loads(proc.stdout)
        assert [x["code"] for x in data["files"][0]["findings"]] == expected, (name, proc.stderr)


def test_no_database_and_no_schema_is_said_once_with_the_skipped_rules(cli, tmp_path):
    for n in range(3):
        (tmp_path / f"q{n}.sql").write_text("SELECT c FROM t;\n")
    proc = cli("check", "--no-model", ".", cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stderr.count("no database and no schema") == 1
    assert "3 files" in proc.stderr and "SIS003" in proc.stderr and "no config file" in proc.stderr


def test_show_settings_names_the_files_and_redacts_passwords(cli, tmp_path):
    (tmp_path / "base.toml").write_text('database = "postgresql://alice:s3cret@db.example/shop"\n')
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[tool.sqlintent]\nextend = "base.toml"\ndialect = "postgres"\n')
    # a PostgreSQL URL is taken from a trusted config only (docs/security.md): named with --config
    proc = cli("check", "--show-settings", "--config", str(tmp_path / "pyproject.toml"), "q.sql", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "s3cret" not in out and "postgresql://alice:***@db.example/shop" in out
    assert str(tmp_path / "pyproject.toml") in out and f"extending {tmp_path / 'base.toml'}" in out
    assert 'dialect = "postgres"' in out


def test_extend_keeps_parent_paths_relative_to_the_parent(tmp_path):
    (tmp_path / "schema.sql").write_text("CREATE TABLE t (a INT);\n")
    (tmp_path / "sqlintent.toml").write_text('schema_files = ["schema.sql"]\ndatabase = "sqlite:x.db"\n')
    child = tmp_path / "deep" / "er"
    child.mkdir(parents=True)
    (child / "sqlintent.toml").write_text('extend = "../../sqlintent.toml"\n[probes]\ntimeout_ms = 5\n')
    # tmp_path is the repository (the folder given): 'extend' may not leave it (docs/security.md)
    config, problems = discover_config(child / "q.sql", tmp_path)
    assert problems == []
    assert config.resolve(config.schema_files[0]) == str(tmp_path / "schema.sql")
    assert config.database == f"sqlite://{tmp_path / 'x.db'}"
    assert config.probes.timeout_ms == 5
    assert config_chain(child / "q.sql", tmp_path) == [child / "sqlintent.toml", tmp_path / "sqlintent.toml"]


def test_extend_cycles_and_missing_parents_are_reported(tmp_path):
    (tmp_path / "a.toml").write_text('extend = "sqlintent.toml"\n')
    (tmp_path / "sqlintent.toml").write_text('extend = "a.toml"\ndialect = "duckdb"\n')
    config, problems = discover_config(tmp_path)
    assert config.dialect == "duckdb" and any("cycle" in p for p in problems)
    (tmp_path / "sqlintent.toml").write_text('extend = "nope.toml"\n')
    _, problems = discover_config(tmp_path)
    assert any("does not exist" in p for p in problems)


def test_one_engine_per_distinct_config(project):
    resolver = ConfigResolver()
    a = resolver.engine_for(project / "sub" / "q.sql")
    b = resolver.engine_for(project / "sub" / "legacy" / "q.sql")
    c = resolver.engine_for(project / "q.sql")
    assert a is b and a is not c and len(resolver.engines()) == 2


def test_check_dot_at_the_root_matches_check_examples(cli, example_workspace):
    def examples_findings(*paths):
        proc = cli("check", "--format", "json", "--no-model", *paths, cwd=ROOT)
        data = json.loads(proc.stdout)
        out = set()
        for f in data["files"]:
            p = Path(f["path"]).as_posix().removeprefix("./")
            if p.startswith("examples/"):
                out |= {(p, x["code"], x["span"]["start"], x["message"]) for x in f["findings"]}
        return out, {Path(f["path"]).as_posix().removeprefix("./") for f in data["files"]}

    whole, whole_files = examples_findings(".")
    sub, _ = examples_findings("examples/")
    assert whole == sub and len(sub) > 10
    assert "examples/database/shop.sql" not in whole_files  # examples/sqlintent.toml's exclude applies


def test_no_note_when_no_enabled_rule_needs_a_database(cli, tmp_path):
    (tmp_path / "q.sql").write_text("SELECT c FROM t;\n")
    proc = cli("check", "--no-model", "--select", "SIG001,SIS001", ".", cwd=tmp_path)
    assert proc.returncode == 0 and "no database" not in proc.stderr


def test_show_settings_exits_2_on_an_unknown_code(cli, tmp_path):
    (tmp_path / "sqlintent.toml").write_text('select = ["SIS0003"]\n')
    proc = cli("check", "--show-settings", "q.sql", cwd=tmp_path)
    assert proc.returncode == 2 and "did you mean SIS003" in proc.stderr
    assert 'select = ["SIS0003"]' in proc.stdout


def test_folders_with_a_config_each_share_one_detector(tmp_path, monkeypatch):
    """A run over folders that each name their own database (one config each) loads the model once, not
    once a folder, gives each folder the findings it gets alone, and leaves a later run's choice alone."""
    import io
    from contextlib import redirect_stdout

    from sqlintent.cli import main
    from sqlintent.detector import runtime

    for name in ("one", "two"):
        d = tmp_path / name
        d.mkdir()
        _db(d / "db.sqlite")
        (d / "sqlintent.toml").write_text('database = "db.sqlite"\n')
        (d / "q.sql").write_text("-- intent: how many rows have a above 0?\nSELECT count(*) FROM t WHERE a > 0;\n"
                                 "-- intent: the b of every row\nSELECT b FROM t;\n")
    loads = []
    real = runtime.detector_from_settings

    def counting(*a, **k):
        loads.append(1)
        return real(*a, **k)

    monkeypatch.setattr(runtime, "detector_from_settings", counting)
    monkeypatch.setenv("SQLINTENT_CACHE_DIR", str(tmp_path / "cache"))

    def run(*paths):
        out = io.StringIO()
        with redirect_stdout(out):
            main(["check", *map(str, paths), "--format", "json", "--no-cache"])
        return {Path(f["path"]).parent.name: [(x["code"], x["message"]) for x in f["findings"]]
                for f in json.loads(out.getvalue())["files"]}

    both = run(tmp_path / "one", tmp_path / "two")
    assert len(loads) == 1
    assert both == {**run(tmp_path / "one"), **run(tmp_path / "two")}
    assert len(loads) == 3  # outside a resident process nothing is kept after a run: each later run loads its own


def test_a_files_config_follows_symbolic_links_as_the_file_does(tmp_path, monkeypatch):
    """The config of a file is the one closest to where the file really is: through a linked folder
    (``link/../q.sql`` is ``real/q.sql`` when ``link`` points at ``real/sub``) and a linked file; asking
    again (three times a run) gives the same answer."""
    real = tmp_path / "real"
    (real / "sub").mkdir(parents=True)
    (real / "sqlintent.toml").write_text('dialect = "sqlite"\n')
    (real / "q.sql").write_text("SELECT 1;\n")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(real / "sub", target_is_directory=True)
    (tmp_path / "elsewhere" / "alias.sql").symlink_to(real / "q.sql")
    (tmp_path / "plain.sql").write_text("SELECT 1;\n")
    monkeypatch.chdir(tmp_path)
    resolver = ConfigResolver()
    want = str(real.resolve() / "sqlintent.toml")
    for _ in range(3):
        assert resolver.config_file("link/../q.sql") == want
        assert resolver.config_file("elsewhere/alias.sql") == want
        assert "real" not in str(resolver.config_file("plain.sql"))
        assert resolver.config_file("real") == want
