"""Configuration and model problems are one message each, never a traceback or a finding per statement.

Cases from issue 12: pyproject `tool = 5` raised; `probes.max_rows = 9223372036854775807` made every probe
fail; a corrupt model gave an internal error per statement; DuckDB TIMESTAMPTZ probes needed pytz.
"""
from __future__ import annotations

import math
import shutil
import sys
from pathlib import Path

import pytest

from sqlintent.config import RANGES, Config
from sqlintent.config_files import discover_config, load_config

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from signal_support import check, engine_for


@pytest.mark.parametrize("body,message", [
    ("tool = 5\n", "invalid value for 'tool': expected a table, got 5; using defaults"),
    ('tool = "sqlintent"\n', "invalid value for 'tool': expected a table, got 'sqlintent'; using defaults"),
    ('[tool]\nsqlintent = "x"\n', "invalid value for 'tool.sqlintent': expected a table, got 'x'; using defaults"),
])
def test_pyproject_whose_tool_is_not_a_table(tmp_path, body, message):
    py = tmp_path / "pyproject.toml"
    py.write_text(body)
    config, problems = load_config(py)
    assert problems == [f"{py}: {message}"]
    assert config.probes.max_rows == Config().probes.max_rows
    # found while walking up: skipped like a pyproject without the table, no traceback
    (tmp_path / "a.sql").write_text("SELECT 1\n")
    _, problems = discover_config(tmp_path / "a.sql")
    assert not any("Traceback" in p for p in problems)


def test_cli_stops_on_a_config_file_it_cannot_read(cli, tmp_path):
    """A config that cannot be read must not let CI pass with defaults: exit 2 and say why (as ruff does)."""
    (tmp_path / "pyproject.toml").write_text("tool = 5\n")
    (tmp_path / "a.sql").write_text("SELECT 1;\n")
    proc = cli("check", "a.sql", "--no-model", "--config", "pyproject.toml", cwd=tmp_path)
    assert "Traceback" not in proc.stderr and proc.returncode == 2
    assert "error: config: pyproject.toml: invalid value for 'tool': expected a table, got 5\n" in proc.stderr


@pytest.mark.parametrize("name,text,message", [
    # found by discovery: a pyproject.toml whose [tool.sqlintent] table is broken
    ("pyproject.toml", '[tool.sqlintent]\nignore = ["SIS003"\n', "pyproject.toml: invalid TOML: Unclosed array"),
    ("sqlintent.toml", 'database = "x.sqlite"\n[probes\n', "sqlintent.toml: invalid TOML: Expected ']'"),
    ("sqlintent.toml", 'extend = "base.toml"\n', "sqlintent.toml: 'extend' names "),
])
def test_a_broken_config_found_above_a_file_is_an_error(cli, tmp_path, name, text, message):
    (tmp_path / name).write_text(text)
    (tmp_path / "a.sql").write_text("-- intent: one\nSELECT 1;\n")
    proc = cli("check", "a.sql", "--no-model", cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert message in proc.stderr and "using defaults" not in proc.stderr


def test_a_broken_pyproject_without_a_sqlintent_table_is_not_the_config(cli, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x\n')  # someone else's broken file
    (tmp_path / "a.sql").write_text("-- intent: one\nSELECT 1;\n")
    proc = cli("check", "a.sql", "--no-model", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "pyproject.toml" not in proc.stderr


def test_the_language_server_reads_a_broken_config_as_a_problem_and_goes_on(tmp_path):
    from sqlintent.config_files import discover_config

    (tmp_path / "sqlintent.toml").write_text("[probes\n")
    config, problems = discover_config(tmp_path)
    assert any("invalid TOML" in p and p.endswith("using defaults") for p in problems)
    assert config.select == [] and config.unreadable


@pytest.mark.parametrize("table,message", [
    ({"probes": 5}, "invalid value for 'probes': expected a table, got 5; using the defaults"),
    ({"probes": {"max_rows": "many"}}, "invalid value for 'probes.max_rows': expected an integer, got 'many'; "
                                       "using the default"),
    ({"select": "SIS"}, "invalid value for 'select': expected a list of strings, got 'SIS'; using the default"),
    ({"exclude": [1]}, "invalid value for 'exclude': expected a list of strings, got [1]; using the default"),
    ({"database": 5}, "invalid value for 'database': expected a string, got 5; using the default"),
    ({"model": {"threshold": "high"}}, "invalid value for 'model.threshold': expected a number, got 'high'; "
                                       "using the default"),
    ({"intent": {"required": "yes"}}, "invalid value for 'intent.required': expected true or false, got 'yes'; "
                                      "using the default"),
])
def test_every_type_error_names_the_key_then_the_default(table, message):
    config, problems = Config().with_overrides(table)
    assert problems == [message]
    assert config.to_dict() == Config().to_dict()


def test_numeric_settings_above_their_range_are_clamped():
    config, problems = Config().with_overrides({"probes": {"max_rows": 9223372036854775807}})
    assert problems == ["invalid value for 'probes.max_rows': 9223372036854775807 is above the maximum "
                        f"{RANGES['max_rows'][1]}; using {RANGES['max_rows'][1]}"]
    assert config.probes.max_rows == RANGES["max_rows"][1]


@pytest.mark.parametrize("table,key", [
    ({"probes": {"timeout_ms": 0}}, "probes.timeout_ms"),
    ({"probes": {"max_rows": -1}}, "probes.max_rows"),
    ({"thresholds": {"max_subqueries": 0}}, "thresholds.max_subqueries"),
    ({"thresholds": {"value_ambiguity_margin": -0.5}}, "thresholds.value_ambiguity_margin"),
    ({"model": {"threshold": -1}}, "model.threshold"),
])
def test_numeric_settings_below_their_range_are_refused(table, key):
    config, problems = Config().with_overrides(table)
    assert len(problems) == 1 and problems[0].startswith(f"invalid value for '{key}'")
    assert problems[0].endswith("using the default")
    assert config.to_dict() == Config().to_dict()


def test_nan_and_infinity_from_toml(tmp_path):
    f = tmp_path / "sqlintent.toml"
    f.write_text("[model]\nthreshold = nan\n[thresholds]\nvalue_ambiguity_margin = inf\n")
    config, problems = load_config(f)
    assert f"{f}: invalid value for 'model.threshold': nan is not a number; using the default" in problems
    assert f"{f}: invalid value for 'thresholds.value_ambiguity_margin': inf is above the maximum 1.0; " \
           "using the default" in problems
    assert config.model.threshold == 0.5 and not math.isinf(config.thresholds.value_ambiguity_margin)


def test_the_configuration_reference_documents_the_ranges():
    """docs/configuration.md (generated from the settings model; README links to it) gives each range."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "configuration.md").read_text()
    for key, (lo, hi) in RANGES.items():
        row = next(line for line in page.splitlines() if line.startswith(f"| `{key}` |"))
        shown = f"{lo:g} to {hi:g}" if isinstance(lo, float) else f"{int(lo)} to {int(hi)}"
        assert shown in row, (key, row)
    assert "| `max_rows` | integer, 1 to 1000000 |" in page


def test_huge_max_rows_in_a_run_still_probes(shop_db):
    from signal_support import SIGNAL_CODES

    from sqlintent.engine import Engine

    config, problems = Config().with_overrides({"database": str(shop_db), "model": {"enabled": False},
                                                "select": list(SIGNAL_CODES) + ["SIX001"],
                                                "probes": {"max_rows": 9223372036854775807}})
    assert len(problems) == 1
    engine = Engine(config)
    for sql in ("SELECT name FROM customers WHERE city = 'boston'",
                "SELECT c.name FROM customers AS c JOIN orders AS o ON c.customer_id = o.order_id",
                "SELECT count(*) FROM orders WHERE discount > 0"):
        _, findings = check(engine, sql)
        assert [f.message for f in findings if f.code == "SIX001"] == [], sql
    _, findings = check(engine, "SELECT name FROM customers WHERE city = 'boston'")
    assert "SIP001" in [f.code for f in findings]  # the probes ran and judged


def test_a_corrupt_model_is_one_sim002_not_an_error_per_statement(cli, shop_db, tmp_path):
    from sqlintent.detector.runtime import default_model_dir

    model = tmp_path / "model"
    shutil.copytree(default_model_dir(), model)
    (model / "model.onnx").write_bytes((model / "model.onnx").read_bytes()[:10_000])
    (tmp_path / "sqlintent.toml").write_text(f'[model]\npath = "{model}"\n')
    q = tmp_path / "q.sql"
    q.write_text("-- intent: names\nSELECT name FROM customers;\n-- intent: ids\nSELECT customer_id FROM customers;\n"
                 "-- intent: cities\nSELECT city FROM customers;\n")
    # model.path is taken from a trusted config only (docs/security.md): the file is named with --config
    proc = cli("check", str(q), "--db", str(shop_db), "--format", "json", "--config",
               str(tmp_path / "sqlintent.toml"), cwd=tmp_path)
    assert "internal error" not in proc.stdout
    import json

    data = json.loads(proc.stdout)
    run = [f["code"] for f in data.get("run_findings", data.get("findings", []))]
    assert run.count("SIM002") == 1, proc.stdout[:2000]
    assert not [f for fr in data["files"] for f in fr["findings"] if f["code"] in ("SIM001", "SIM002")]


def test_duckdb_timestamptz_results_are_probed(tmp_path):
    duckdb = pytest.importorskip("duckdb")
    db = tmp_path / "events.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, happened TIMESTAMPTZ)")
    con.execute("INSERT INTO events VALUES (1, '2024-01-01 10:00:00+00'), (2, '2024-06-01 12:00:00+02')")
    con.close()
    engine = engine_for(db, ("SIR001", "SIP001", "SIX001"), {"dialect": "duckdb"})
    _, findings = check(engine, "SELECT happened FROM events WHERE happened > '2024-02-01'")
    assert [f.message for f in findings if f.code == "SIX001"] == []


@pytest.mark.parametrize("settings", [
    {"sqlintent": {"probes": 5, "select": 3, "model": {"threshold": "x"}, "maxFileSize": []}},
    {"sqlintent": 5}, [1, 2], "text", None, {"sqlintent": {"probes": {"max_rows": 10**30}}},
])
def test_editor_settings_of_any_shape_are_messages(tmp_path, settings):
    from sqlintent.server.configuration import Settings

    s = Settings()
    s.set_init_options(settings)
    s.set_workspace(settings)
    config, problems = s.config_for(tmp_path / "a.sql", tmp_path)
    assert config.probes.max_rows <= RANGES["max_rows"][1]
    assert all(p.removeprefix("editor setting: ").startswith(("invalid value for", "unknown setting"))
               for p in problems), problems
