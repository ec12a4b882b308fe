"""`sqlintent check` as a user runs it: output, formats, exit codes, selection, stdin."""
import json
import re

import pytest


def test_examples_show_findings_with_positions_and_exit_1(cli, example_workspace):
    proc = cli("check", "examples/")
    assert proc.returncode == 1, proc.stderr
    lines = proc.stdout.splitlines()
    assert any(re.match(r"examples/queries/typos\.sql:4:14: SIS003 \[error\] unknown column 'price_eur'", ln)
               for ln in lines), proc.stdout
    assert any("SIS002 [error] unknown table 'order_item'" in ln for ln in lines)
    assert any("SIS004 [error] column 'customer_id' is ambiguous" in ln for ln in lines)
    assert any(re.match(r"examples/queries/typos\.sql:16:\d+: SIS001", ln) for ln in lines)
    assert "database/shop.sql" not in proc.stdout  # excluded by examples/sqlintent.toml
    assert lines[-1].startswith("Found ")


def test_hints_are_hidden_by_default_and_shown_when_selected(cli, example_workspace):
    assert "SII001" not in cli("check", "examples/queries/typos.sql").stdout
    proc = cli("check", "examples/queries/typos.sql", "--select", "SII001")
    assert re.search(r"typos\.sql:18:1: SII001 \[hint\] query has no intent", proc.stdout), proc.stdout


def test_json_output_is_complete(cli, example_workspace):
    proc = cli("check", "examples/queries/typos.sql", "--format", "json", "--no-model")
    doc = json.loads(proc.stdout)
    (f,) = doc["files"]
    assert f["path"] == "examples/queries/typos.sql" and f["error"] is None and f["statements"] == 5
    codes = [x["code"] for x in f["findings"]]
    assert codes == ["SIS003", "SIS002", "SIS004", "SIS001"]
    first = f["findings"][0]
    assert first["location"] == {"start": {"line": 4, "column": 14}, "end": {"line": 4, "column": 23}}
    assert first["fix"]["edits"][0]["replacement"] == "price"
    text = (example_workspace / "queries" / "typos.sql").read_text()
    assert text[first["span"]["start"]:first["span"]["end"]] == "price_eur"
    assert doc["summary"]["findings"] == 4 and doc["summary"]["by_severity"]["error"] == 4


def test_sarif_output_lists_rules_with_explanations(cli, example_workspace):
    doc = json.loads(cli("check", "examples/queries/typos.sql", "--format", "sarif").stdout)
    assert doc["version"] == "2.1.0" and doc["$schema"].endswith("sarif-2.1.0.json")
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert {"SIS001", "SIS002", "SIS003", "SIS004"} <= set(ids)
    for r in rules:
        assert r["fullDescription"]["text"].startswith(r["id"])
        assert "What it does" in r["help"]["markdown"] and r["helpUri"].startswith("https://")
    for res in run["results"]:
        assert ids[res["ruleIndex"]] == res["ruleId"]
        region = res["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "examples/queries/typos.sql"
    assert run["invocations"][0]["executionSuccessful"] is True


def test_github_annotations(cli, example_workspace):
    out = cli("check", "examples/queries/typos.sql", "--format", "github").stdout
    assert "::error file=examples/queries/typos.sql,line=4,col=14,endLine=4,endColumn=23," \
           "title=SIS003 unknown-column::unknown column 'price_eur'" in out


def test_select_ignore_and_exit_zero(cli, example_workspace):
    proc = cli("check", "examples/queries/typos.sql", "--select", "SIS002")
    assert "SIS002" in proc.stdout and "SIS003" not in proc.stdout
    proc = cli("check", "examples/queries/typos.sql", "--ignore", "SIS,SIX", "--no-model")
    assert proc.returncode == 0 and "All checks passed" in proc.stdout
    proc = cli("check", "examples/queries/typos.sql", "--exit-zero")
    assert proc.returncode == 0 and "SIS003" in proc.stdout


def test_clean_file_exits_0(cli, example_workspace):
    proc = cli("check", "examples/queries/staff.sql", "--no-model")
    assert proc.returncode == 0, proc.stdout
    assert "All checks passed (1 file)." in proc.stdout


def test_unavailable_model_is_said_once_and_does_not_fail_the_run(cli, example_workspace, tmp_path):
    (tmp_path / "sqlintent.toml").write_text(
        f'database = "{example_workspace / "shop.sqlite"}"\n[model]\npath = "no_model_here"\n')
    for name in ("a.sql", "b.sql"):
        (tmp_path / name).write_text("-- intent: names of all customers\nSELECT name FROM customers;\n")
    # model.path and a database outside the folder are taken from a trusted config only: named with --config
    trusted = ("--config", str(tmp_path / "sqlintent.toml"))
    proc = cli("check", str(tmp_path), *trusted)
    assert proc.stdout.count("SIM002") == 1, proc.stdout
    assert "the error detector is unavailable" in proc.stdout and "no_model_here" in proc.stdout
    assert proc.returncode == 0  # informational: --fail-on defaults to warning
    assert cli("check", str(tmp_path), *trusted, "--fail-on", "info").returncode == 1


def test_stdin_with_a_name(cli, example_workspace):
    proc = cli("check", "-", "--stdin-filename", "q.sql", "--db", "examples/shop.sqlite",
               input=b"SELECT nme FROM customers")
    assert proc.returncode == 1
    assert "q.sql:1:8: SIS003 [error] unknown column 'nme'; did you mean 'name'?" in proc.stdout


def test_noqa_suppresses_and_unused_noqa_is_reported(cli, example_workspace, tmp_path):
    f = tmp_path / "q.sql"
    f.write_text("SELECT nme FROM customers; -- noqa: SIS003\nSELECT name FROM customers; -- noqa: SIS002\n")
    proc = cli("check", str(f), "--db", "examples/shop.sqlite")
    assert "SIS003" not in proc.stdout
    assert re.search(r"q\.sql:2:\d+: SIN001 \[info\] unused noqa: SIS002", proc.stdout), proc.stdout


def test_parallel_jobs_give_the_same_findings(cli, example_workspace):
    one = json.loads(cli("check", "examples/", "--format", "json").stdout)
    two = json.loads(cli("check", "examples/", "--format", "json", "--jobs", "2").stdout)

    def key(d):
        return sorted((f["path"], x["code"], x["span"]["start"]) for f in d["files"] for x in f["findings"])

    assert key(one) == key(two) and key(one)


def test_rule_command(cli):
    proc = cli("rule", "SIS003")
    assert proc.returncode == 0
    assert proc.stdout.startswith("SIS003 unknown-column") and "Why is this bad?" in proc.stdout
    assert cli("rule", "unknown-column").stdout == proc.stdout
    every = cli("rule", "--all").stdout
    assert "SIS001 syntax-error" in every and "SID001 database-unavailable" in every
    bad = cli("rule", "XYZ999")
    assert bad.returncode == 2 and "unknown rule" in bad.stderr


@pytest.mark.parametrize("args", [["check", "--format", "xml", "x.sql"], ["check", "--jobs", "0", "x.sql"],
                                  ["nonsense"]])
def test_usage_errors_exit_2(cli, args):
    assert cli(*args).returncode == 2


def test_check_runs_the_bundled_detector_without_torch(example_workspace, tmp_path):
    """The CLI's model check works with torch, transformers, torch-geometric and stanza unimportable."""
    import subprocess
    import sys

    from sqlintent.detector.runtime import default_model_dir

    if not (default_model_dir() / "model.onnx").is_file():
        pytest.skip("no bundled detector model in this checkout")
    f = tmp_path / "q.sql"
    f.write_text("-- intent: how many customers live in Paris?\nSELECT name FROM products ORDER BY price DESC;\n")
    code = ("import sys\n"
            "for m in ('torch', 'transformers', 'torch_geometric', 'stanza'): sys.modules[m] = None\n"
            "from sqlintent.cli import main\n"
            f"sys.exit(main(['check', {str(f)!r}, '--db', 'examples/shop.sqlite', '--format', 'json', "
            "'--select', 'SIM001']))\n")  # SIM001 alone: beside the verdict it is folded into SIV001
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          cwd=example_workspace.parent)
    assert "Traceback" not in proc.stderr, proc.stderr
    doc = json.loads(proc.stdout)
    assert not doc["run_findings"], doc["run_findings"]  # no SIM002: the model loaded
    (finding,) = [x for x in doc["files"][0]["findings"] if x["code"] == "SIM001"]
    assert 0.0 <= finding["data"]["score"] < 0.5
