"""Templated SQL on a real dbt project: tests/fixtures/dbt_project built with dbt-core and dbt-duckdb
(`dbt seed`, `dbt run`), then checked by `sqlintent check` against the DuckDB database dbt built.

Every finding must land on the line of the template (the model file) where its cause is written, though
the rendered SQL has other lines (config() calls, loops and macros that expand to several lines). One test
per rule family that can fire on this project, for the built-in Jinja templater (found from
dbt_project.yml) and for dbt-core's compiler (``templater = "dbt"``).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import run_cli

pytest.importorskip("dbt.cli.main", reason="dbt-core is not installed (pip install -e '.[dbt]')")
pytest.importorskip("dbt.adapters.duckdb", reason="dbt-duckdb is not installed (pip install -e '.[dbt]')")

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "dbt_project"
DBT = "import sys; from dbt.cli.main import cli; sys.exit(cli())"


def dbt(project: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, DO_NOT_TRACK="1", DBT_SEND_ANONYMOUS_USAGE_STATS="False")
    proc = subprocess.run([sys.executable, "-c", DBT, *args, "--project-dir", str(project),
                           "--profiles-dir", str(project)], cwd=project, env=env, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    return proc


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The fixture project, seeded and run by dbt (the models tagged lint_examples are not built)."""
    root = tmp_path_factory.mktemp("dbt") / "jaffle"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns("jaffle.duckdb*", "target", "logs"))
    dbt(root, "seed")
    dbt(root, "run", "--exclude", "tag:lint_examples")
    return root


def check(project: Path, *args: str) -> dict[str, list[dict]]:
    # --show-values enum: the fixes carry stored values, which a run with CI=true leaves out by default
    proc = run_cli("check", "--format", "json", "--min-severity", "hint", "--show-values", "enum", *args, ".",
                   cwd=project, timeout=900)
    assert proc.returncode in (0, 1), proc.stderr
    out = json.loads(proc.stdout)
    assert out["run_findings"] == []  # the database opened
    files = {}
    for f in out["files"]:
        assert f["error"] is None, f
        files[Path(f["path"]).as_posix().removeprefix("./")] = f["findings"]
    return files


@pytest.fixture(scope="module", params=["jinja", "dbt"])
def checked(request, project):
    """(templater, {model path: findings}, project) for each templater."""
    args = ("--config", "sqlintent-dbt.toml") if request.param == "dbt" else ()
    return request.param, check(project, *args), project


def lines(findings, code: str) -> list[int]:
    return sorted(f["location"]["start"]["line"] for f in findings if f["code"] == code)


def line_of(project: Path, model: str, needle: str) -> int:
    """The 1-based line of the template holding ``needle``."""
    text = (project / model).read_text(encoding="utf-8").splitlines()
    return next(i for i, ln in enumerate(text, 1) if needle in ln)


def apply_fix(project: Path, model: str, finding: dict) -> str:
    text = (project / model).read_text(encoding="utf-8")
    for e in sorted(finding["fix"]["edits"], key=lambda e: -e["span"]["start"]):
        text = text[:e["span"]["start"]] + e["replacement"] + text[e["span"]["end"]:]
    return text


BROKEN = "models/marts/broken_totals.sql"
PARIS = "models/marts/paris_customers.sql"
STATUS = "models/marts/orders_by_status.sql"
TOTALS = "models/marts/customer_totals.sql"


def test_dbt_built_the_database(project):
    import duckdb

    con = duckdb.connect(str(project / "jaffle.duckdb"), read_only=True)
    try:
        names = {r[0] for r in con.execute("select table_name from information_schema.tables").fetchall()}
    finally:
        con.close()
    assert {"raw_orders", "stg_orders", "stg_customers", "paris_customers", "orders_by_status"} <= names
    assert "broken_totals" not in names  # its mistakes would stop `dbt run`: sqlintent reports them


def test_schema_findings_land_on_the_template_lines(checked):
    """SIS: an unknown column inside a macro call, an unknown table after a config() line."""
    templater, files, project = checked
    findings = files[BROKEN]
    assert lines(findings, "SIS003") == [line_of(project, BROKEN, "amount_centz")]
    assert lines(findings, "SIS002") == [line_of(project, BROKEN, "join raw_customer ")]
    # the fix for the misspelt table lies in literal template text: it applies to the model file
    sis002 = next(f for f in findings if f["code"] == "SIS002")
    assert "join raw_customers as c" in apply_fix(project, BROKEN, sis002)
    # ref() and source() render relations that exist in the database: no unknown table anywhere else
    assert [p for p, fs in files.items() if any(f["code"] == "SIS002" for f in fs)] == [BROKEN]


def test_data_findings_land_on_the_template_lines(checked):
    """SIP and SIR: a predicate that matches no row, after a loop that renders two lines per item."""
    templater, files, project = checked
    findings = files[PARIS]
    where = line_of(project, PARIS, "where c.city = 'paris'")
    assert lines(findings, "SIP001") == [where]
    assert lines(findings, "SIR001") == [where]
    fix = next(f for f in findings if f["code"] == "SIP001")
    assert "where c.city = 'Paris'" in apply_fix(project, PARIS, fix)


def test_query_shape_findings_land_on_the_template_lines(checked):
    """SIG: a GROUP BY below a macro that renders five lines from one."""
    templater, files, project = checked
    assert lines(files[STATUS], "SIG001") == [line_of(project, STATUS, "group by status")]


def test_intents_come_from_comments_or_schema_descriptions(checked):
    """SII: a model with neither a comment nor a description has no intent; the others have one."""
    templater, files, project = checked
    assert lines(files[TOTALS], "SII001") == [1]
    missing = sorted(p for p, fs in files.items() if any(f["code"] == "SII001" for f in fs))
    assert missing == [TOTALS]


def test_noqa_findings_land_on_the_template_lines(checked):
    """SIN: an unused noqa in a model, after a ref() tag on the same line."""
    templater, files, project = checked
    assert lines(files[TOTALS], "SIN001") == [line_of(project, TOTALS, "noqa: SIS004")]


def test_model_findings_start_at_the_models_select(checked):
    """SIM: the detector's finding lies in the model's SQL (on the clause it doubts most, or from the
    statement's start), never on a config() line above it."""
    templater, files, project = checked
    expected = {
        "models/staging/stg_customers.sql": "select",
        "models/staging/stg_orders.sql": "select",
        STATUS: "select status",
        PARIS: "select",
        BROKEN: "select",
    }
    for model, first in expected.items():
        (line,) = lines(files[model], "SIM001")
        total = len((project / model).read_text(encoding="utf-8").splitlines())
        assert line_of(project, model, first) <= line <= total, model


def test_macro_and_generated_files_are_not_checked(checked):
    templater, files, project = checked
    assert not any(files.get(p) for p in files if p.startswith(("macros/", "target/", "logs/")))
    assert all(p.startswith("models/") for p, fs in files.items() if fs)
