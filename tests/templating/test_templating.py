"""The built-in Jinja templater without dbt-core: the sandbox and its budgets (the template is hostile
input), error reports on the template's line, the ``templater`` setting, and the language server on a dbt
model (spans in the editor are the template's)."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from pytest_lsp import LanguageClient

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from conftest import run_cli
from lsp_support import (codes, diagnostics, initialize, make_workspace, open_document,
                                 server_config)


def check_json(folder: Path, *paths: str) -> list[dict]:
    proc = run_cli("check", "--format", "json", "--no-model", *paths, cwd=folder)
    assert proc.returncode in (0, 1), proc.stderr
    return [f for file in json.loads(proc.stdout)["files"] for f in file["findings"]]


def jinja_workspace(tmp_path: Path, sql: str, extra_config: str = "") -> Path:
    root = make_workspace(tmp_path / "ws", config=f'database = "shop.sqlite"\ntemplater = "jinja"\n{extra_config}')
    (root / "q.sql").write_text(sql, encoding="utf-8")
    return root


def only(findings, code):
    return [f for f in findings if f["code"] == code]


def test_templater_jinja_maps_findings_to_the_template(tmp_path):
    sql = "{% set t = 'orders' %}\n-- intent: every order's total\nselect id, {{ 'totl' }}\nfrom {{ t }};\n"
    found = check_json(jinja_workspace(tmp_path, sql), "q.sql")
    (sis003,) = only(found, "SIS003")
    assert sis003["location"]["start"] == {"line": 3, "column": 12}  # the {{ 'totl' }} tag
    assert sis003["fix"] is None  # the misspelling is produced by a tag: no edit can go into the template


@pytest.mark.parametrize("template, why", [
    ("select {{ ''.__class__.__mro__[1].__subclasses__() }} from orders", "sandbox"),
    ("select {{ cycler.__init__.__globals__ }} from orders", "sandbox"),
    ("{% include 'secret.sql' %}", "template error"),
    ("{% from 'secret.sql' import x %}select 1", "template error"),
    ("{% for i in range(10**7) %}x{% endfor %}", "budget"),
    ("{% for i in range(2000) %}{% for j in range(2000) %}{% endfor %}{% endfor %}", "iterations"),
    ("select '{{ 'x' * 100000000 }}'", "budget"),
    ("select {{ 2 ** 100000 }}", "exponent"),
])
def test_hostile_templates_are_refused_and_reported(tmp_path, template, why):
    root = jinja_workspace(tmp_path, template)
    (root / "secret.sql").write_text("select 'the secret' as s", encoding="utf-8")
    found = check_json(root, "q.sql")
    assert [f["code"] for f in found] == ["SIT001"]
    assert why in found[0]["message"] and "the file was not checked" in found[0]["message"]
    assert "the secret" not in json.dumps(found)


def test_env_var_renders_its_default_not_the_environment(tmp_path):
    from sqlintent.config import Config
    from sqlintent.templating import prepare

    os.environ["SQLINTENT_TEST_SECRET"] = "s3cret"
    try:
        done = prepare("select '{{ env_var('SQLINTENT_TEST_SECRET', 'dflt') }}'", str(tmp_path / "q.sql"),
                       Config(templater="jinja"))
    finally:
        del os.environ["SQLINTENT_TEST_SECRET"]
    assert done.rendered == "select 'dflt'"


def test_template_syntax_error_is_reported_on_its_line(tmp_path):
    found = check_json(jinja_workspace(tmp_path, "select id\nfrom orders\n{% if %}\n"), "q.sql")
    (sit,) = found
    assert sit["code"] == "SIT001" and sit["location"]["start"]["line"] == 3


def test_plain_sql_is_not_templated_without_a_setting_or_dbt_project(tmp_path):
    root = make_workspace(tmp_path / "ws", config='database = "shop.sqlite"\n')
    (root / "q.sql").write_text("select '{{ x }}' as braces from orders;\n", encoding="utf-8")
    assert check_json(root, "q.sql") == []  # the braces are a string, not a template


DBT_MODEL = """{{ config(materialized='table') }}

select
    id,
    totl
from {{ ref('orders') }}
"""


@pytest_lsp.fixture(config=server_config(), params=["vscode", "neovim"])
async def dbt_client(lsp_client: LanguageClient, request, tmp_path):
    root = make_workspace(tmp_path / "ws")
    (root / "dbt_project.yml").write_text("name: shop\nprofile: shop\n", encoding="utf-8")
    (root / "models").mkdir()
    (root / "models" / "schema.yml").write_text(
        "version: 2\nmodels:\n  - name: order_totals\n    description: the total of every order\n",
        encoding="utf-8")
    lsp_client.root = root
    await initialize(lsp_client, request.param, root)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_server_shows_findings_of_a_dbt_model_on_its_template_lines(dbt_client):
    client = dbt_client
    uri = open_document(client, client.root / "models" / "order_totals.sql", DBT_MODEL)
    diags = await diagnostics(client, uri, version=1)
    assert codes(diags) == [("SIS003", 4)]  # 'totl', on the template's line 5 (0-based 4)
    (d,) = diags
    assert (d.range.start.character, d.range.end.character) == (4, 8)


@pytest.mark.parametrize("template, why", [
    # loops over lists: no range() budget sees them
    ("{% set l = ('a' * 3000)|list %}{% for a in l %}{% for b in l %}{% for c in l %}{% endfor %}{% endfor %}"
     "{% endfor %}", "ran past its CPU time limit (1 s)"),
    # '~' concatenation grows a string the '*' and '+' budgets cannot see
    ("{% set ns = namespace(s='') %}{% for i in range(1000000) %}{% set ns.s = ns.s ~ ('x' * 4000000) %}"
     "{% endfor %}", "ran past its memory limit (64 MB)"),
])
def test_runaway_templates_are_stopped_by_the_render_process_limits(monkeypatch, tmp_path, template, why):
    from sqlintent.config import Config
    from sqlintent.templating import prepare, process

    process.shutdown()  # render processes started with the limits below
    monkeypatch.setattr(process, "CPU_LIMIT_S", 1)
    monkeypatch.setattr(process, "TIME_LIMIT_S", 120.0)
    monkeypatch.setattr(process, "MEMORY_LIMIT", 64 * 1024 * 1024)
    try:
        done = prepare(template, str(tmp_path / "q.sql"), Config(templater="jinja"))
        assert why in str(done.error)
        # the stopped process is replaced: the next file renders
        assert prepare("select {{ 1 + 1 }}", str(tmp_path / "q.sql"), Config(templater="jinja")).rendered == "select 2"
    finally:
        process.shutdown()


def test_templates_cannot_mutate_lists():
    from sqlintent.templating import jinja

    with pytest.raises(jinja.TemplateError, match="sandbox"):
        jinja.render("{% set l = [] %}{{ l.append(1) }}", {})
